// Scoring a detector's validation pass on the host: decode + per-class NMS + VOC mAP@0.5 and
// COCO mAP@[.5:.95] of VisDrone-val-sized input (548 records of a 7x7 head, 15-25 ground-truth
// boxes each, five of them predicted exactly, the other cells random). Prints the best of five
// passes and the median.
// Usage: detection_metrics [RECORDS] [GRID]   (defaults 548 and 7; see bench/README.md)

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "metrics/Detection.h"

using namespace hlotrain;
using namespace hlotrain::metrics;

namespace {

// Writes a truth box into its cell as FORMATS.md's target does, at confidence logit 4.
void plant(std::vector<float>& head, int64_t grid, const GroundTruth& t) {
  const int64_t cells = grid * grid;
  const float cx = (t.box.xmin + t.box.xmax) / 2, cy = (t.box.ymin + t.box.ymax) / 2;
  const auto i = static_cast<int64_t>(cy * static_cast<float>(grid));
  const auto j = static_cast<int64_t>(cx * static_cast<float>(grid));
  auto at = [&](int64_t channel) -> float& { return head[channel * cells + i * grid + j]; };
  at(yolo::kX) = cx * static_cast<float>(grid) - static_cast<float>(j);
  at(yolo::kY) = cy * static_cast<float>(grid) - static_cast<float>(i);
  at(yolo::kW) = t.box.xmax - t.box.xmin;
  at(yolo::kH) = t.box.ymax - t.box.ymin;
  at(yolo::kConfidence) = 4.0f;
  for (int64_t c = 0; c < yolo::kClassSlots; ++c)
    at(yolo::kFirstClass + c) = c == t.cls ? 1.0f : 0.0f;
}

} // namespace

int main(int argc, char** argv) {
  const int32_t records = argc > 1 ? std::atoi(argv[1]) : 548;
  const int64_t grid = argc > 2 ? std::atoi(argv[2]) : 7;
  if (records < 1 || grid < 1) {
    std::fprintf(stderr, "usage: detection_metrics [RECORDS >= 1] [GRID >= 1]\n");
    return 2;
  }
  const int64_t cells = grid * grid;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f), logit(-4.0f, 4.0f);
  std::uniform_int_distribution<int32_t> cls(0, 9), boxes(15, 25);
  std::vector<std::vector<float>> heads(static_cast<size_t>(records));
  std::vector<std::vector<GroundTruth>> truths(static_cast<size_t>(records));
  for (size_t r = 0; r < heads.size(); ++r) {
    heads[r].resize(static_cast<size_t>(yolo::kChannels * cells));
    for (size_t k = 0; k < heads[r].size(); ++k) {
      const int64_t channel = static_cast<int64_t>(k) / cells;
      heads[r][k] =
          channel < yolo::kConfidence ? unit(rng) * (channel < yolo::kW ? 1.0f : 0.3f) : logit(rng);
    }
    for (int32_t n = boxes(rng); n > 0; --n) {
      const float x = unit(rng) * 0.8f, y = unit(rng) * 0.8f;
      truths[r].push_back({cls(rng), {x, y, x + 0.2f * unit(rng), y + 0.2f * unit(rng)}});
    }
    for (size_t k = 0; k < 5; ++k) plant(heads[r], grid, truths[r][k]);
  }
  std::vector<double> ms;
  DetectionScores s;
  for (int pass = 0; pass < 5; ++pass) {
    const auto start = std::chrono::steady_clock::now();
    MeanAveragePrecision map(10);
    for (int32_t r = 0; r < records; ++r)
      map.add(r,
              nonMaxSuppression(
                  decodeYolo(heads[static_cast<size_t>(r)], {.grid = grid, .numClasses = 10})),
              truths[static_cast<size_t>(r)]);
    s = map.compute();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
  }
  std::sort(ms.begin(), ms.end());
  std::printf("decode + NMS + mAP@0.5 + mAP@[.5:.95] of %d records x %lld cells: best %.2f ms, "
              "median %.2f ms (%lld detections, %lld ground truths, mAP@0.5 %.4f, mAP %.4f)\n",
              records, static_cast<long long>(cells), ms.front(), ms[ms.size() / 2],
              static_cast<long long>(s.detections), static_cast<long long>(s.groundTruths), s.map50,
              s.map);
  return 0;
}

#pragma once
// YOLOv1 detection bins byte for byte in the FORMATS.md layout (a little-endian u32 count, then
// records of an RGB image of S x S uint8 planes and the label part of data/Yolo.h), the full
// ground-truth file, and a synthetic set a small detector learns: coloured shapes (a class each)
// at random positions and sizes on a noisy background, at most one object per cell, some of them
// at the image's borders so that a flip matters.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "data/Dataset.h"
#include "data/Yolo.h"
#include "support/Xorshift.h"

namespace hlotrain::data::testing {

struct DetectionRecord {
  std::vector<uint8_t> image; // 3 x side x side
  std::vector<LabelBox> boxes;
};

inline void appendU32To(std::vector<uint8_t>& bytes, uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

template <class T> void appendRaw(std::vector<uint8_t>& bytes, T v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  bytes.insert(bytes.end(), p, p + sizeof(T));
}

inline void appendRawBox(std::vector<uint8_t>& bytes, const LabelBox& b) {
  appendRaw(bytes, b.cls);
  for (float v : {b.xmin, b.ymin, b.xmax, b.ymax}) appendRaw(bytes, v);
}

// The label part of a record: the target and mask of every box, the first 56 boxes.
inline std::vector<uint8_t> yoloLabel(const std::vector<LabelBox>& boxes, int64_t side) {
  const int64_t grid = yolo::gridOf(side);
  std::vector<float> target(static_cast<size_t>(yolo::kChannels * grid * grid));
  std::vector<float> mask(static_cast<size_t>(grid * grid));
  encodeYoloTarget(boxes, grid, target, mask);
  std::vector<uint8_t> bytes;
  for (float v : target) appendRaw(bytes, v);
  for (float v : mask) appendRaw(bytes, v);
  const int32_t n = static_cast<int32_t>(std::min<size_t>(boxes.size(), kYoloMaxBoxes));
  appendRaw(bytes, n);
  for (int32_t b = 0; b < kYoloMaxBoxes; ++b)
    appendRawBox(bytes, b < n ? boxes[static_cast<size_t>(b)] : LabelBox{0, 0, 0, 0, 0});
  return bytes;
}

inline std::vector<uint8_t> yoloBin(const std::vector<DetectionRecord>& records, int64_t side) {
  std::vector<uint8_t> bytes;
  appendU32To(bytes, static_cast<uint32_t>(records.size()));
  for (const DetectionRecord& r : records) {
    bytes.insert(bytes.end(), r.image.begin(), r.image.end());
    std::vector<uint8_t> label = yoloLabel(r.boxes, side);
    bytes.insert(bytes.end(), label.begin(), label.end());
  }
  return bytes;
}

inline std::vector<uint8_t> fullGroundTruthBin(const std::vector<DetectionRecord>& records) {
  std::vector<uint8_t> bytes;
  appendU32To(bytes, static_cast<uint32_t>(records.size()));
  for (const DetectionRecord& r : records) {
    appendRaw(bytes, static_cast<int32_t>(r.boxes.size()));
    for (const LabelBox& b : r.boxes) appendRawBox(bytes, b);
  }
  return bytes;
}

// Shape and colour of class c: 0 a red square, 1 a green disc, 2 a blue ring.
inline bool insideShape(int32_t cls, double u, double v) { // u, v in [-1, 1] over the box
  const double r2 = u * u + v * v;
  if (cls == 0) return true;
  if (cls == 1) return r2 <= 1;
  return r2 <= 1 && r2 >= 0.35;
}

// `count` images of side x side with 1..3 objects in distinct cells of the grid, every third
// image with an object touching the left or right border.
inline std::vector<DetectionRecord> syntheticDetections(int64_t side, int64_t count,
                                                        uint64_t seed) {
  uint64_t s = seed * 0x9e3779b97f4a7c15ull + 7;
  auto next = [&] { return s = xorshift64(s); };
  auto uniform = [&](double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(next() % 1000000) / 1e6;
  };
  const int64_t grid = yolo::gridOf(side);
  const uint8_t colours[3][3] = {{220, 40, 40}, {40, 210, 60}, {50, 70, 230}};
  std::vector<DetectionRecord> records;
  for (int64_t n = 0; n < count; ++n) {
    DetectionRecord r;
    r.image.resize(static_cast<size_t>(3 * side * side));
    for (uint8_t& p : r.image) p = static_cast<uint8_t>(100 + next() % 56);
    std::vector<int64_t> cells(static_cast<size_t>(grid * grid));
    for (size_t i = 0; i < cells.size(); ++i) cells[i] = static_cast<int64_t>(i);
    const int64_t objects = 1 + static_cast<int64_t>(next() % 3);
    const bool border = n % 3 == 0; // the first object touches the left or right border
    for (int64_t o = 0; o < objects; ++o) {
      const size_t pick =
          border && o == 0
              ? static_cast<size_t>(static_cast<int64_t>(next() % grid) * grid +
                                    (n % 2 ? 0 : grid - 1))
              : static_cast<size_t>(o) + next() % (cells.size() - static_cast<size_t>(o));
      std::swap(cells[static_cast<size_t>(o)], cells[pick]);
      const int64_t cell = cells[static_cast<size_t>(o)];
      const double cellSide = 1.0 / static_cast<double>(grid);
      const double w = uniform(0.12, 0.22), h = uniform(0.12, 0.22);
      double cx = (static_cast<double>(cell % grid) + uniform(0.25, 0.75)) * cellSide;
      const double cy = (static_cast<double>(cell / grid) + uniform(0.25, 0.75)) * cellSide;
      if (border && o == 0) cx = n % 2 ? w / 2 : 1 - w / 2;
      const int32_t cls = static_cast<int32_t>(next() % 3);
      LabelBox box{cls, static_cast<float>(std::max(0.0, cx - w / 2)),
                   static_cast<float>(std::max(0.0, cy - h / 2)),
                   static_cast<float>(std::min(1.0, cx + w / 2)),
                   static_cast<float>(std::min(1.0, cy + h / 2))};
      r.boxes.push_back(box);
      for (int64_t y = 0; y < side; ++y)
        for (int64_t x = 0; x < side; ++x) {
          const double px = (x + 0.5) / side, py = (y + 0.5) / side;
          if (px < box.xmin || px > box.xmax || py < box.ymin || py > box.ymax) continue;
          const double u = 2 * (px - cx) / w, v = 2 * (py - cy) / h;
          if (!insideShape(cls, u, v)) continue;
          for (int64_t c = 0; c < 3; ++c)
            r.image[static_cast<size_t>((c * side + y) * side + x)] = colours[cls][c];
        }
    }
    records.push_back(std::move(r));
  }
  return records;
}

} // namespace hlotrain::data::testing

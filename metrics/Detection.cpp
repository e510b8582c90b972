#include "metrics/Detection.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "metrics/Classification.h"
#include "support/Error.h"

namespace hlotrain::metrics {

namespace {

constexpr double kVocIou = 0.5;
constexpr int kCocoThresholds = 10, kCocoRecallPoints = 101;

// 0.50, 0.55, ..., 0.95 as the correctly rounded quotients (50 + 5k)/100, so an IoU equal to a
// threshold as a rational compares equal (linspace's 0.6000000000000001 would not).
double cocoThreshold(int k) {
  return (50.0 + 5.0 * k) / 100.0;
}

bool finite(const Box& b) {
  return std::isfinite(b.xmin) && std::isfinite(b.ymin) && std::isfinite(b.xmax) &&
         std::isfinite(b.ymax);
}

// An inverted side counts as 0, so an inverted box has no area.
double side(float low, float high) {
  return std::max(0.0, double{high} - double{low});
}

double area(const Box& b) {
  return side(b.xmin, b.xmax) * side(b.ymin, b.ymax);
}

// Indices of the detections by confidence descending; std::stable_sort keeps input order among
// ties. A NaN would break the ordering's strict weak order, so it is refused.
std::vector<size_t> rankingOrder(std::span<const Detection> detections) {
  for (const Detection& d : detections)
    if (std::isnan(d.confidence)) throw RuntimeError("a detection's confidence is NaN");
  std::vector<size_t> order(detections.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return detections[a].confidence > detections[b].confidence;
  });
  return order;
}

// IoU of each detection of one class in one record (rows, in ranking order) with each of its
// ground truths (columns).
struct IouMatrix {
  size_t rows = 0, cols = 0;
  std::vector<double> values;
  double at(size_t d, size_t g) const { return values[d * cols + g]; }
};

// VOC: the best-IoU truth over all of the class's truths (first maximum wins); a TP only if
// that IoU is >= threshold and the truth is still unmatched, so a detection whose best truth is
// taken is an FP even when another truth would clear the threshold.
std::vector<bool> matchVoc(const IouMatrix& m, double threshold) {
  std::vector<bool> tp(m.rows, false), taken(m.cols, false);
  if (m.cols == 0) return tp;
  for (size_t d = 0; d < m.rows; ++d) {
    size_t best = 0;
    for (size_t g = 1; g < m.cols; ++g)
      if (m.at(d, g) > m.at(d, best)) best = g;
    if (m.at(d, best) >= threshold && !taken[best]) tp[d] = taken[best] = true;
  }
  return tp;
}

// COCO (pycocotools' evaluateImg): the best-IoU truth among the still unmatched ones with IoU
// >= threshold (first maximum wins; pycocotools keeps the last of equal IoUs).
std::vector<bool> matchCoco(const IouMatrix& m, double threshold) {
  std::vector<bool> tp(m.rows, false), taken(m.cols, false);
  for (size_t d = 0; d < m.rows; ++d) {
    size_t best = m.cols;
    for (size_t g = 0; g < m.cols; ++g)
      if (!taken[g] && m.at(d, g) >= threshold && (best == m.cols || m.at(d, g) > m.at(d, best)))
        best = g;
    if (best < m.cols) tp[d] = taken[best] = true;
  }
  return tp;
}

// Bit k of row d: detection d is a TP under the COCO rule at cocoThreshold(k).
std::vector<uint16_t> cocoMasks(const IouMatrix& m) {
  std::vector<uint16_t> masks(m.rows, 0);
  for (int k = 0; k < kCocoThresholds; ++k) {
    const std::vector<bool> tp = matchCoco(m, cocoThreshold(k));
    for (size_t d = 0; d < m.rows; ++d)
      if (tp[d]) masks[d] = static_cast<uint16_t>(masks[d] | (1u << k));
  }
  return masks;
}

// The precision/recall curve of TP flags in ranking order against `truths` > 0 ground truths,
// with the precision made monotone from the right: envelope[i] = max precision at rank >= i.
struct PrecisionRecall {
  std::vector<double> recall, envelope;
};

PrecisionRecall curve(const std::vector<bool>& tp, int64_t truths) {
  PrecisionRecall pr;
  pr.recall.resize(tp.size());
  pr.envelope.resize(tp.size());
  int64_t hits = 0;
  for (size_t i = 0; i < tp.size(); ++i) {
    hits += tp[i];
    pr.recall[i] = static_cast<double>(hits) / static_cast<double>(truths);
    pr.envelope[i] = static_cast<double>(hits) / static_cast<double>(i + 1);
  }
  for (size_t i = tp.size(); i-- > 1;)
    pr.envelope[i - 1] = std::max(pr.envelope[i - 1], pr.envelope[i]);
  return pr;
}

// VOC 2010+ all-point AP: Σ Δrecall · envelope; recall steps by 1/truths exactly at each TP.
double allPointAp(const std::vector<bool>& tp, int64_t truths) {
  const PrecisionRecall pr = curve(tp, truths);
  double sum = 0;
  for (size_t i = 0; i < tp.size(); ++i)
    if (tp[i]) sum += pr.envelope[i];
  return sum / static_cast<double>(truths);
}

// COCO's 101-point AP: at each recall point r = k/100 the envelope at the first rank whose
// recall is >= r, 0 where the curve never reaches r.
double cocoAp(const std::vector<bool>& tp, int64_t truths) {
  const PrecisionRecall pr = curve(tp, truths);
  double sum = 0;
  size_t i = 0;
  for (int k = 0; k < kCocoRecallPoints; ++k) {
    const double r = k / 100.0;
    while (i < tp.size() && pr.recall[i] < r) ++i;
    if (i == tp.size()) break;
    sum += pr.envelope[i];
  }
  return sum / kCocoRecallPoints;
}

double meanOrNan(const std::vector<double>& values) {
  if (values.empty()) return std::nan("");
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

} // namespace

double iou(const Box& a, const Box& b) {
  if (!finite(a) || !finite(b)) return 0.0;
  const double inter = side(std::max(a.xmin, b.xmin), std::min(a.xmax, b.xmax)) *
                       side(std::max(a.ymin, b.ymin), std::min(a.ymax, b.ymax));
  const double uni = area(a) + area(b) - inter;
  return uni > 0 ? inter / uni : 0.0;
}

float decodedConfidence(float p, const YoloDecoding& how) {
  return how.sigmoidConfidence ? 1.0f / (1.0f + std::exp(-p)) : p;
}

float decodedSize(float p, const YoloDecoding& how) {
  return how.sqrtSizes ? std::min(p * p, 1.0f) : std::max(p, 0.0f);
}

std::vector<Detection> decodeYolo(std::span<const float> head, const YoloDecoding& how) {
  const int64_t g = how.grid;
  if (g <= 0 || g > 4096 || how.numClasses < 1 || how.numClasses > yolo::kClassSlots ||
      static_cast<int64_t>(head.size()) != yolo::kChannels * g * g)
    throw RuntimeError("a YOLOv1 head of grid " + std::to_string(g) + " and " +
                       std::to_string(how.numClasses) + " classes (1 to 20) needs " +
                       std::to_string(yolo::kChannels * g * g) + " values, got " +
                       std::to_string(head.size()));
  const int64_t cells = g * g;
  const auto channel = [&](int64_t c, int64_t cell) { return head[c * cells + cell]; };
  const auto clip = [](float v) { return std::clamp(v, 0.0f, 1.0f); };
  const float grid = static_cast<float>(g);
  std::vector<Detection> out;
  for (int64_t i = 0; i < g; ++i)
    for (int64_t j = 0; j < g; ++j) {
      const int64_t cell = i * g + j;
      const float confidence = decodedConfidence(channel(yolo::kConfidence, cell), how);
      // Written as !(>=) so a NaN confidence, which cannot be ranked, is dropped too.
      if (!(confidence >= how.minConfidence)) continue;
      const auto cls = static_cast<int32_t>(
          argmax(head.data() + yolo::kFirstClass * cells + cell, how.numClasses, cells));
      const float cx = (static_cast<float>(j) + channel(0, cell)) / grid;
      const float cy = (static_cast<float>(i) + channel(1, cell)) / grid;
      const float halfW = decodedSize(channel(yolo::kW, cell), how) / 2;
      const float halfH = decodedSize(channel(yolo::kH, cell), how) / 2;
      out.push_back({cls,
                     confidence,
                     {clip(cx - halfW), clip(cy - halfH), clip(cx + halfW), clip(cy + halfH)}});
    }
  return out;
}

std::vector<Detection> nonMaxSuppression(std::span<const Detection> candidates,
                                         double iouThreshold) {
  std::vector<bool> kept(candidates.size(), false);
  std::vector<size_t> keptSoFar;
  for (size_t i : rankingOrder(candidates)) {
    const bool suppressed = std::any_of(keptSoFar.begin(), keptSoFar.end(), [&](size_t k) {
      return candidates[k].cls == candidates[i].cls &&
             iou(candidates[k].box, candidates[i].box) > iouThreshold; // at the threshold: kept
    });
    if (suppressed) continue;
    kept[i] = true;
    keptSoFar.push_back(i);
  }
  std::vector<Detection> out;
  for (size_t i = 0; i < candidates.size(); ++i)
    if (kept[i]) out.push_back(candidates[i]);
  return out;
}

MeanAveragePrecision::MeanAveragePrecision(int64_t numClasses) : numClasses_(numClasses) {
  if (numClasses <= 0 || numClasses > (int64_t{1} << 16))
    throw RuntimeError("mean average precision needs 1 to 65536 classes, got " +
                       std::to_string(numClasses));
  ranked_.resize(static_cast<size_t>(numClasses));
  truthCount_.assign(static_cast<size_t>(numClasses), 0);
}

void MeanAveragePrecision::add(int32_t record, std::span<const Detection> detections,
                               std::span<const GroundTruth> truth) {
  const auto checkClass = [&](int32_t cls, const char* what) {
    if (cls < 0 || cls >= numClasses_)
      throw RuntimeError(std::string(what) + " of record " + std::to_string(record) +
                         " has class " + std::to_string(cls) + ", not among the " +
                         std::to_string(numClasses_) + " classes");
  };
  for (const Detection& d : detections) checkClass(d.cls, "a detection");
  for (const GroundTruth& t : truth) checkClass(t.cls, "a ground-truth box");
  const std::vector<size_t> order = rankingOrder(detections);
  // Scoring a record twice (say a padded batch row) would count its truth twice.
  if (!records_.insert(record).second)
    throw RuntimeError("record " + std::to_string(record) + " was already scored");

  std::vector<std::vector<size_t>> detectionsOf(ranked_.size()), truthOf(ranked_.size());
  for (size_t i : order) detectionsOf[static_cast<size_t>(detections[i].cls)].push_back(i);
  for (size_t g = 0; g < truth.size(); ++g) truthOf[static_cast<size_t>(truth[g].cls)].push_back(g);
  for (size_t c = 0; c < ranked_.size(); ++c) {
    const std::vector<size_t>& dets = detectionsOf[c];
    const std::vector<size_t>& gts = truthOf[c];
    truthCount_[c] += static_cast<int64_t>(gts.size());
    if (dets.empty()) continue;
    IouMatrix m{dets.size(), gts.size(), {}};
    m.values.reserve(dets.size() * gts.size());
    for (size_t d : dets)
      for (size_t g : gts) m.values.push_back(iou(detections[d].box, truth[g].box));
    const std::vector<bool> voc = matchVoc(m, kVocIou);
    const std::vector<uint16_t> coco = cocoMasks(m);
    for (size_t d = 0; d < dets.size(); ++d)
      ranked_[c].push_back(
          {detections[dets[d]].confidence, record, static_cast<int32_t>(dets[d]), voc[d], coco[d]});
  }
  detections_ += static_cast<int64_t>(detections.size());
}

DetectionScores MeanAveragePrecision::compute() const {
  DetectionScores scores;
  scores.detections = detections_;
  std::vector<double> ap50, coco;
  for (size_t c = 0; c < ranked_.size(); ++c) {
    const int64_t truths = truthCount_[c];
    scores.groundTruths += truths;
    if (truths == 0) {
      scores.ap50.push_back(std::nan(""));
      continue;
    }
    std::vector<Ranked> ranked = ranked_[c];
    // (record, order) is unique, so this is a total order and std::sort is deterministic.
    std::sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
      if (a.confidence != b.confidence) return a.confidence > b.confidence;
      if (a.record != b.record) return a.record < b.record;
      return a.order < b.order;
    });
    std::vector<bool> tp(ranked.size());
    for (size_t i = 0; i < ranked.size(); ++i) tp[i] = ranked[i].voc50;
    ap50.push_back(allPointAp(tp, truths));
    scores.ap50.push_back(ap50.back());
    double overThresholds = 0;
    for (int k = 0; k < kCocoThresholds; ++k) {
      for (size_t i = 0; i < ranked.size(); ++i) tp[i] = (ranked[i].cocoMask >> k) & 1u;
      overThresholds += cocoAp(tp, truths);
    }
    coco.push_back(overThresholds / kCocoThresholds);
  }
  scores.map50 = meanOrNan(ap50);
  scores.map = meanOrNan(coco);
  return scores;
}

} // namespace hlotrain::metrics

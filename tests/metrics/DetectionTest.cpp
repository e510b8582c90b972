// YOLOv1 decoding, NMS and mean average precision against figures worked out by hand.

#include <gtest/gtest.h>

#include <cmath>

#include "metrics/Detection.h"
#include "support/Error.h"

using namespace hlotrain;
using namespace hlotrain::metrics;

namespace {

constexpr int64_t kGrid = 7, kCells = kGrid * kGrid;

float& at(std::vector<float>& head, int64_t channel, int64_t i, int64_t j) {
  return head[static_cast<size_t>((channel * kGrid + i) * kGrid + j)];
}

std::vector<float> emptyHead() {
  return std::vector<float>(yolo::kChannels * kCells, 0.0f);
}

// Writes a truth box into its cell as a net that predicts it exactly outputs it: the target's
// offsets, √w and √h (what the default decoding squares), at confidence logit 4.
void plant(std::vector<float>& head, const GroundTruth& t) {
  const float cx = (t.box.xmin + t.box.xmax) / 2, cy = (t.box.ymin + t.box.ymax) / 2;
  const auto i = static_cast<int64_t>(cy * kGrid), j = static_cast<int64_t>(cx * kGrid);
  at(head, 0, i, j) = cx * kGrid - static_cast<float>(j);
  at(head, 1, i, j) = cy * kGrid - static_cast<float>(i);
  at(head, 2, i, j) = std::sqrt(t.box.xmax - t.box.xmin); // the default reads √w and √h
  at(head, 3, i, j) = std::sqrt(t.box.ymax - t.box.ymin);
  at(head, 4, i, j) = 4.0f;
  for (int64_t c = 0; c < yolo::kClassSlots; ++c) at(head, 10 + c, i, j) = c == t.cls ? 1.0f : 0.0f;
}

// A record scored alone, so each test reads as detections against truth.
DetectionScores score(int64_t numClasses, const std::vector<Detection>& detections,
                      const std::vector<GroundTruth>& truth) {
  MeanAveragePrecision map(numClasses);
  map.add(0, detections, truth);
  return map.compute();
}

TEST(DetectionIou, EdgeCases) {
  const Box unit{0, 0, 1, 1};
  EXPECT_DOUBLE_EQ(iou(unit, unit), 1.0);
  EXPECT_DOUBLE_EQ(iou(unit, {0, 0, 0.5f, 1}), 0.5);
  EXPECT_DOUBLE_EQ(iou({0, 0, 0.5f, 0.5f}, {0.25f, 0.25f, 0.75f, 0.75f}), 1.0 / 7); // 1/16 of 7/16
  EXPECT_DOUBLE_EQ(iou({0, 0, 0.5f, 1}, {0.5f, 0, 1, 1}), 0.0);                     // touching
  EXPECT_DOUBLE_EQ(iou({0, 0, 0.25f, 0.25f}, {0.5f, 0.5f, 1, 1}), 0.0);             // apart
  EXPECT_DOUBLE_EQ(iou({0.5f, 0.5f, 0.5f, 0.5f}, {0.5f, 0.5f, 0.5f, 0.5f}), 0.0);   // union 0
  EXPECT_DOUBLE_EQ(iou(unit, {0.5f, 0.5f, 0.5f, 0.5f}), 0.0);                       // a point
  EXPECT_DOUBLE_EQ(iou({1, 1, 0, 0}, unit), 0.0); // inverted: no area
  EXPECT_DOUBLE_EQ(iou({0, 0, std::nanf(""), 1}, unit), 0.0);
  EXPECT_DOUBLE_EQ(iou(unit, {0, 0, INFINITY, 1}), 0.0);
}

TEST(DecodeYolo, OneCandidatePerCellInCellOrder) {
  std::vector<float> head = emptyHead();
  at(head, 0, 2, 3) = 0.5f;
  at(head, 1, 2, 3) = 0.25f;
  at(head, 2, 2, 3) = 0.2f;
  at(head, 3, 2, 3) = 0.4f;
  at(head, 4, 2, 3) = 2.0f;
  at(head, 10 + 4, 2, 3) = 1.0f;
  at(head, 10 + 15, 2, 3) = 9.0f; // past the 10 classes: ignored
  std::vector<Detection> out = decodeYolo(head, {.grid = 7, .numClasses = 10, .sqrtSizes = false});
  ASSERT_EQ(out.size(), 49u);
  const Detection& d = out[2 * 7 + 3];
  EXPECT_EQ(d.cls, 4);
  EXPECT_FLOAT_EQ(d.confidence, 1.0f / (1.0f + std::exp(-2.0f)));
  const float cx = (3 + 0.5f) / 7, cy = (2 + 0.25f) / 7;
  EXPECT_FLOAT_EQ(d.box.xmin, cx - 0.1f);
  EXPECT_FLOAT_EQ(d.box.xmax, cx + 0.1f);
  EXPECT_FLOAT_EQ(d.box.ymin, cy - 0.2f);
  EXPECT_FLOAT_EQ(d.box.ymax, cy + 0.2f);
  // The default reads the size channels as √w and √h: the box is 0.2² by 0.4² (YOLOv1's paper).
  const Detection squared = decodeYolo(head, {.grid = 7, .numClasses = 10})[2 * 7 + 3];
  EXPECT_FLOAT_EQ(squared.box.xmin, cx - 0.02f);
  EXPECT_FLOAT_EQ(squared.box.xmax, cx + 0.02f);
  EXPECT_FLOAT_EQ(squared.box.ymin, cy - 0.08f);
  EXPECT_FLOAT_EQ(squared.box.ymax, cy + 0.08f);
  // Every other cell: logit 0, all class slots tied (the first wins), an empty box at its corner.
  EXPECT_FLOAT_EQ(out[0].confidence, 0.5f);
  EXPECT_EQ(out[0].cls, 0);
  EXPECT_FLOAT_EQ(out[8].box.xmin, 1.0f / 7);
  EXPECT_FLOAT_EQ(out[8].box.ymax, 1.0f / 7);

  EXPECT_FLOAT_EQ(decodeYolo(head, {.numClasses = 10, .sigmoidConfidence = false})[17].confidence,
                  2.0f);
  EXPECT_EQ(decodeYolo(head, {.numClasses = 20})[17].cls, 15);
}

TEST(DecodeYolo, ClipsClampsSizesAndFiltersConfidence) {
  std::vector<float> head = emptyHead();
  for (int64_t i = 0; i < kGrid; ++i)
    for (int64_t j = 0; j < kGrid; ++j) at(head, 4, i, j) = -1.0f;
  at(head, 2, 0, 0) = 0.5f;  // centre (0, 0): half of it leaves the image
  at(head, 3, 0, 0) = -0.3f; // a negative height is 0
  at(head, 4, 0, 0) = 3.0f;
  at(head, 4, 6, 6) = std::nanf("");
  std::vector<Detection> raw = decodeYolo(head, {.sigmoidConfidence = false, .sqrtSizes = false});
  ASSERT_EQ(raw.size(), 48u); // the NaN cell cannot be ranked
  EXPECT_FLOAT_EQ(raw[0].box.xmin, 0.0f);
  EXPECT_FLOAT_EQ(raw[0].box.xmax, 0.25f);
  EXPECT_FLOAT_EQ(raw[0].box.ymin, 0.0f);
  EXPECT_FLOAT_EQ(raw[0].box.ymax, 0.0f);
  // √w, √h: -0.3 is a height of 0.09, and a square above 1 is the whole image.
  at(head, 2, 0, 0) = 1.5f;
  std::vector<Detection> squared = decodeYolo(head, {.sigmoidConfidence = false});
  EXPECT_FLOAT_EQ(squared[0].box.xmax, 0.5f);
  EXPECT_FLOAT_EQ(squared[0].box.ymax, 0.045f);
  EXPECT_FLOAT_EQ(decodedSize(-0.3f, {}), 0.09f);
  EXPECT_FLOAT_EQ(decodedSize(1.5f, {}), 1.0f);
  EXPECT_FLOAT_EQ(decodedSize(-0.3f, {.sqrtSizes = false}), 0.0f);
  at(head, 2, 0, 0) = 0.5f;
  EXPECT_FLOAT_EQ(raw[1].confidence, -1.0f); // the default threshold keeps negative raw logits
  EXPECT_EQ(decodeYolo(head, {.sigmoidConfidence = false, .minConfidence = 0}).size(), 1u);
  EXPECT_EQ(decodeYolo(head, {.minConfidence = 0.5f}).size(), 1u); // σ(-1) = 0.27 < 0.5

  EXPECT_THROW(decodeYolo(std::span(head).first(100), {}), RuntimeError);
  EXPECT_THROW(decodeYolo(head, {.grid = 14}), RuntimeError);
  EXPECT_THROW(decodeYolo(head, {.numClasses = 0}), RuntimeError);
  EXPECT_THROW(decodeYolo(head, {.numClasses = 21}), RuntimeError);
}

TEST(NonMaxSuppression, SuppressesAboveHalfWithinAClass) {
  const Box a{0, 0, 0.5f, 0.5f};
  const Box iou06{0, 0, 0.5f, 0.3f}, iou04{0, 0, 0.5f, 0.2f}, iou05{0, 0, 0.5f, 0.25f};
  ASSERT_NEAR(iou(a, iou06), 0.6, 1e-6);
  ASSERT_NEAR(iou(a, iou04), 0.4, 1e-6);
  ASSERT_EQ(iou(a, iou05), 0.5);

  // The weaker of two at IoU 0.6 goes, even listed first; the kept one keeps its input place.
  std::vector<Detection> kept =
      nonMaxSuppression(std::vector<Detection>{{0, 0.7f, iou06}, {0, 0.9f, a}});
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_FLOAT_EQ(kept[0].confidence, 0.9f);
  EXPECT_EQ(nonMaxSuppression(std::vector<Detection>{{0, 0.9f, a}, {0, 0.7f, iou04}}).size(), 2u);
  EXPECT_EQ(nonMaxSuppression(std::vector<Detection>{{0, 0.9f, a}, {0, 0.7f, iou05}}).size(), 2u);
  EXPECT_EQ(nonMaxSuppression(std::vector<Detection>{{0, 0.9f, a}, {1, 0.7f, a}}).size(), 2u);

  // Equal confidences: the earlier in input order survives.
  kept = nonMaxSuppression(std::vector<Detection>{{0, 0.5f, iou06}, {0, 0.5f, a}});
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_FLOAT_EQ(kept[0].box.ymax, 0.3f);

  // Greedy: a suppressed box suppresses nothing, so c (IoU 0.4 with a, 0.6 with b) stays.
  const Box b{0, 0, 0.5f, 0.3f}, c{0, 0, 0.5f, 0.18f};
  ASSERT_GT(iou(b, c), 0.5);
  ASSERT_LE(iou(a, c), 0.5);
  kept = nonMaxSuppression(std::vector<Detection>{{0, 0.9f, a}, {0, 0.8f, b}, {0, 0.7f, c}});
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_FLOAT_EQ(kept[1].confidence, 0.7f);

  EXPECT_THROW(nonMaxSuppression(std::vector<Detection>{{0, std::nanf(""), a}}), RuntimeError);
}

TEST(MeanAveragePrecision, PerfectPredictionScoresOne) {
  const Box a{0.1f, 0.1f, 0.3f, 0.4f}, b{0.5f, 0.5f, 0.9f, 0.8f};
  DetectionScores s = score(2, {{0, 0.9f, a}, {1, 0.8f, b}}, {{0, a}, {1, b}});
  EXPECT_DOUBLE_EQ(s.map50, 1.0);
  EXPECT_DOUBLE_EQ(s.map, 1.0);
  EXPECT_EQ(s.ap50, (std::vector<double>{1.0, 1.0}));
  EXPECT_EQ(s.detections, 2);
  EXPECT_EQ(s.groundTruths, 2);
}

// Confidence order TP, FP, TP against two truths: precision 1, 1/2, 2/3 at recall 1/2, 1/2, 1.
TEST(MeanAveragePrecision, TpFpTpAllPointAnd101Point) {
  const Box g1{0, 0, 0.25f, 0.25f}, g2{0.5f, 0.5f, 0.75f, 0.75f}, miss{0.3f, 0, 0.45f, 0.1f};
  DetectionScores s = score(1, {{0, 0.9f, g1}, {0, 0.8f, miss}, {0, 0.7f, g2}}, {{0, g1}, {0, g2}});
  // All-point: 1/2 · 1 + 1/2 · 2/3 (the envelope lifts the FP's 1/2 to 2/3).
  EXPECT_DOUBLE_EQ(s.ap50[0], 5.0 / 6);
  EXPECT_DOUBLE_EQ(s.map50, 5.0 / 6);
  // 101-point, the same at every threshold (IoU 1): recall 0..0.50 (51 points) at precision 1,
  // 0.51..1 (50 points) at 2/3.
  EXPECT_NEAR(s.map, (51 + 50 * (2.0 / 3)) / 101, 1e-12);
}

TEST(MeanAveragePrecision, OnlyClassesWithTruthAreAveraged) {
  const Box a{0, 0, 0.5f, 0.5f};
  // Class 0 perfect; class 1 has truth and no detection (0); class 2 has detections, no truth.
  DetectionScores s = score(3, {{0, 0.9f, a}, {2, 0.8f, a}}, {{0, a}, {1, a}});
  EXPECT_DOUBLE_EQ(s.ap50[0], 1.0);
  EXPECT_DOUBLE_EQ(s.ap50[1], 0.0);
  EXPECT_TRUE(std::isnan(s.ap50[2]));
  EXPECT_DOUBLE_EQ(s.map50, 0.5);
  EXPECT_DOUBLE_EQ(s.map, 0.5);
  EXPECT_TRUE(std::isnan(score(2, {{0, 0.9f, a}}, {}).map50));
}

TEST(MeanAveragePrecision, CocoCountsAMatchAtEachThresholdItClears) {
  // IoU 0.72 clears 0.50, 0.55, 0.60, 0.65, 0.70: 5 of the 10 thresholds at AP 1.
  DetectionScores s = score(1, {{0, 0.9f, {0, 0, 0.72f, 1}}}, {{0, {0, 0, 1, 1}}});
  EXPECT_DOUBLE_EQ(s.map50, 1.0);
  EXPECT_DOUBLE_EQ(s.map, 0.5);
  // IoU 0.5 exactly is a match (>=) at 0.5 and no other threshold.
  s = score(1, {{0, 0.9f, {0, 0, 0.5f, 1}}}, {{0, {0, 0, 1, 1}}});
  EXPECT_DOUBLE_EQ(s.map50, 1.0);
  EXPECT_DOUBLE_EQ(s.map, 0.1);
  s = score(1, {{0, 0.9f, {0, 0, 0.49f, 1}}}, {{0, {0, 0, 1, 1}}});
  EXPECT_DOUBLE_EQ(s.map50, 0.0);
  EXPECT_DOUBLE_EQ(s.map, 0.0);
}

// A second detection whose best truth is already taken: VOC calls it an FP, COCO matches it to
// the next unmatched truth it clears (here only at 0.5: its IoU with that truth is 0.538).
TEST(MeanAveragePrecision, VocAndCocoMatchingRulesDiffer) {
  const Box a{0, 0, 0.4f, 0.4f}, b{0.2f, 0, 0.6f, 0.4f}, second{0.08f, 0, 0.48f, 0.4f};
  ASSERT_GT(iou(second, a), iou(second, b));
  ASSERT_NEAR(iou(second, b), 0.112 / 0.208, 1e-5);
  DetectionScores s = score(1, {{0, 0.9f, a}, {0, 0.8f, second}}, {{0, a}, {0, b}});
  EXPECT_DOUBLE_EQ(s.map50, 0.5); // TP, FP: precision 1 up to recall 1/2
  // At 0.5 TP, TP (AP 1); above it TP, FP: recall 0..0.50 at precision 1, 51 of 101 points.
  EXPECT_NEAR(s.map, (1 + 9 * 51.0 / 101) / 10, 1e-12);
}

TEST(MeanAveragePrecision, DuplicateOfAMatchedTruthIsAFalsePositive) {
  const Box a{0, 0, 0.5f, 0.5f};
  DetectionScores s = score(1, {{0, 0.8f, a}, {0, 0.9f, a}}, {{0, a}});
  EXPECT_DOUBLE_EQ(s.map50, 1.0); // the TP ranks first: precision 1 at recall 1
  s = score(1, {{0, 0.9f, {0.6f, 0.6f, 1, 1}}, {0, 0.8f, a}}, {{0, a}});
  EXPECT_DOUBLE_EQ(s.map50, 0.5); // FP then TP: precision 1/2 at recall 1
}

// Equal confidences rank by record number (not by the order records were added), then by input
// order within a record.
TEST(MeanAveragePrecision, TiesRankByRecordThenInputOrder) {
  const Box a{0, 0, 0.5f, 0.5f}, elsewhere{0.6f, 0.6f, 1, 1};
  const std::vector<GroundTruth> truth = {{0, a}};
  MeanAveragePrecision map(1);
  map.add(5, std::vector<Detection>{{0, 0.5f, a}}, truth);         // TP
  map.add(3, std::vector<Detection>{{0, 0.5f, elsewhere}}, truth); // FP, ranks first
  EXPECT_DOUBLE_EQ(map.compute().ap50[0], 0.5 * 0.5);              // FP, TP at recall 1/2
  EXPECT_DOUBLE_EQ(score(1, {{0, 0.5f, elsewhere}, {0, 0.5f, a}}, truth).map50, 0.5);
  EXPECT_DOUBLE_EQ(score(1, {{0, 0.5f, a}, {0, 0.5f, elsewhere}}, truth).map50, 1.0);
}

TEST(MeanAveragePrecision, RefusesInconsistentInput) {
  EXPECT_THROW(MeanAveragePrecision(0), RuntimeError);
  MeanAveragePrecision map(2);
  const Box a{0, 0, 0.5f, 0.5f};
  EXPECT_THROW(map.add(0, std::vector<Detection>{{2, 0.9f, a}}, {}), RuntimeError);
  EXPECT_THROW(map.add(0, {}, std::vector<GroundTruth>{{-1, a}}), RuntimeError);
  EXPECT_THROW(map.add(0, std::vector<Detection>{{0, std::nanf(""), a}}, {}), RuntimeError);
  map.add(0, {}, std::vector<GroundTruth>{{0, a}}); // the refusals above left record 0 unscored
  EXPECT_THROW(map.add(0, {}, {}), RuntimeError);
  EXPECT_EQ(map.compute().groundTruths, 1);
}

// decode → NMS → AP of a head that restates its truth as FORMATS.md's target does, every other
// cell a low-confidence empty box: every truth is found at IoU ≈ 1, the rest rank below it.
TEST(MeanAveragePrecision, AHeadEqualToItsTargetScoresOne) {
  const std::vector<GroundTruth> truth = {
      {3, {0.05f, 0.1f, 0.35f, 0.3f}}, {0, {0.5f, 0.52f, 0.62f, 0.9f}}, {9, {0.7f, 0.0f, 1, 0.2f}}};
  std::vector<float> head = emptyHead();
  for (int64_t i = 0; i < kGrid; ++i)
    for (int64_t j = 0; j < kGrid; ++j) at(head, 4, i, j) = -4.0f;
  for (const GroundTruth& t : truth) plant(head, t);
  MeanAveragePrecision map(10);
  map.add(0, nonMaxSuppression(decodeYolo(head, {.numClasses = 10})), truth);
  DetectionScores s = map.compute();
  EXPECT_DOUBLE_EQ(s.map50, 1.0);
  EXPECT_DOUBLE_EQ(s.map, 1.0);
  EXPECT_EQ(s.groundTruths, 3);
  EXPECT_EQ(s.detections, 49); // the empty boxes overlap nothing, so NMS keeps them all
}

} // namespace

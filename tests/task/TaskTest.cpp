// The tasks: which dataset gets which, the losses each takes, its label tensors, and what an
// evaluation accumulates, logs and prints.

#include <gtest/gtest.h>

#include <cstring>

#include "data/Brats.h"
#include "data/Visdrone.h"
#include "support/Error.h"
#include "task/Task.h"
#include "tests/data/YoloFiles.h"
#include "tests/task/OneCar.h"

using namespace hlotrain;

namespace {

TEST(TaskTest, TheDatasetsLabelsChooseTheTask) {
  EXPECT_EQ(task::taskOf(data::datasetIO(data::DatasetKind::mnist)).name(), "classification");
  EXPECT_EQ(task::taskOf(data::datasetIO(data::DatasetKind::brats)).name(), "segmentation");
  const data::DatasetIO& brats = data::datasetIO(data::DatasetKind::brats224);
  EXPECT_EQ(task::taskOf(brats).labelTypes(brats, 3, {}),
            (std::vector<ir::TensorType>{{ir::ElementType::i32, {3, 224, 224}}}));
  const data::DatasetIO& mnist = data::datasetIO(data::DatasetKind::mnist);
  EXPECT_EQ(task::taskOf(mnist).labelTypes(mnist, 3, {}),
            (std::vector<ir::TensorType>{{ir::ElementType::i32, {3}}}));
  program::LossOptions mixing;
  mixing.cutmixAlpha = 1.0f; // classification then trains on soft targets
  EXPECT_EQ(task::taskOf(mnist).labelTypes(mnist, 3, mixing),
            (std::vector<ir::TensorType>{{ir::ElementType::f32, {3, 10}}}));
}

// Every loss against every task: per-pixel losses need masks, yolov1 needs boxes and a detection
// dataset takes nothing else; each refusal names the loss and the dataset.
TEST(TaskTest, EachTaskTakesOnlyTheLossesItsLabelsDefine) {
  const data::DatasetIO& mnist = data::datasetIO(data::DatasetKind::mnist);
  const data::DatasetIO& brats = data::datasetIO(data::DatasetKind::brats);
  const data::DatasetIO& visdrone = data::datasetIO(data::DatasetKind::visdrone);
  for (program::LossKind kind : program::allLossKinds()) {
    program::LossOptions o;
    o.kind = kind;
    const bool detection = program::isDetection(kind);
    for (const data::DatasetIO* io : {&mnist, &brats, &visdrone}) {
      const bool takes = io == &visdrone ? detection
                         : io == &brats  ? !detection
                                         : !detection && !program::isPerPixelOnly(kind);
      const std::string what = std::string(program::lossName(kind)) + " on " +
                               std::string(data::datasetKindName(io->kind()));
      try {
        task::taskOf(*io).checkLoss(o, *io);
        EXPECT_TRUE(takes) << what;
      } catch (const ConfigError& e) {
        EXPECT_FALSE(takes) << what;
        const std::string message = e.what();
        EXPECT_NE(message.find("--loss " + std::string(program::lossName(kind))), std::string::npos)
            << message;
        EXPECT_NE(message.find("dataset " + std::string(data::datasetKindName(io->kind()))),
                  std::string::npos)
            << message;
      }
    }
  }
}

// Logits [rows, 4, 1, 2] of two-pixel records: pooled counts, IoU, region Dice, and the per-case
// means when the dataset gives the records' cases.
TEST(TaskTest, SegmentationCountsEveryRealPixelPooledAndPerCase) {
  const data::DatasetIO& io = data::datasetIO({data::DatasetKind::brats, std::nullopt, 1});
  // A dataset of three records (only its groups matter here).
  data::Dataset set(data::Geometry{4, 1, 1, {1, 1}, 1, 4}, std::vector<uint8_t>(12),
                    std::vector<uint8_t>(3));
  set.setRecordGroups({7, 7, 2});
  std::unique_ptr<task::Evaluation> e = task::taskOf(io).evaluation(io, set, {});
  // One pixel per record: predictions 3, 1, 0 (argmax of the class scores), truths 3, 2, 0;
  // the padded fourth row must not count.
  const std::vector<float> logits = {0, 0, 0, 1, /**/ 0, 1, 0, 0, /**/ 1, 0, 0, 0, /**/ 0, 0, 9, 0};
  const std::vector<int32_t> labels = {3, 2, 0, 2};
  const int64_t records[] = {0, 1, 2};
  e->add(logits, labels, records);
  task::Scores scores = e->scores();
  const auto& s = std::get<task::SegmentationScores>(scores);
  EXPECT_EQ(s.confusion, (std::vector<int64_t>{1, 0, 0, 0, /**/ 0, 0, 0, 0, /**/ 0, 1, 0, 0,
                                               /**/ 0, 0, 0, 1}));
  ASSERT_EQ(s.regions.size(), 3u);
  EXPECT_DOUBLE_EQ(s.regions[0].dice, 1.0);     // WT: both tumour pixels predicted as tumour
  EXPECT_DOUBLE_EQ(s.regions[1].dice, 2.0 / 3); // TC: truth {3, 2}, predicted {3}
  EXPECT_DOUBLE_EQ(s.regions[2].dice, 1.0);     // ET
  EXPECT_EQ(s.cases, 2);
  // Case 7 holds records 0 and 1 (the tumour), case 2 record 2 (no tumour, none predicted: 1).
  EXPECT_DOUBLE_EQ(*s.regions[1].perCaseDice, (2.0 / 3 + 1.0) / 2);
  EXPECT_DOUBLE_EQ(s.meanRegionDice(), (1.0 + 2.0 / 3 + 1.0) / 3);
  EXPECT_DOUBLE_EQ(task::headline(scores), s.meanRegionDice());

  const std::string json = task::jsonFields(scores);
  EXPECT_EQ(json.rfind("\"dice\":{\"WT\":1,\"TC\":0.666666667,\"ET\":1},\"dice_mean\":", 0), 0u)
      << json;
  EXPECT_NE(json.find("\"dice_per_case\":{\"WT\":1,\"TC\":0.833333333,\"ET\":1},\"cases\":2"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"confusion\":[[1,0,0,0],[0,0,0,0],[0,1,0,0],[0,0,0,1]]"), std::string::npos)
      << json;
  EXPECT_NE(json.find("\"iou\":[1,0,0,1],\"miou\":0.5"), std::string::npos) << json;
  EXPECT_EQ(task::summaryLine(scores),
            "mean region Dice 0.8889 (WT 1.0000, TC 0.6667, ET 1.0000), mIoU 0.5000");
  EXPECT_NE(task::summaryTable(scores).find("per-case Dice (2 cases)"), std::string::npos);
}

TEST(TaskTest, WithoutCasesThePerCaseDiceIsNull) {
  const data::DatasetIO& io = data::datasetIO({data::DatasetKind::brats, std::nullopt, 1});
  data::Dataset set(data::Geometry{4, 1, 1, {1, 1}, 1, 4}, std::vector<uint8_t>(4),
                    std::vector<uint8_t>(1));
  std::unique_ptr<task::Evaluation> e = task::taskOf(io).evaluation(io, set, {});
  const int64_t records[] = {0};
  e->add(std::vector<float>{1, 0, 0, 0}, std::vector<int32_t>{0}, records);
  const std::string json = task::jsonFields(e->scores());
  EXPECT_NE(json.find("\"dice_per_case\":null,\"cases\":0"), std::string::npos) << json;
}

// Detection at 224 (a 7x7 grid): the label words of two records, their target and mask split
// into the train step's two tensors.
TEST(TaskTest, DetectionSplitsTheLabelRecordIntoTargetAndMask) {
  const data::DatasetIO& io = data::datasetIO(data::DatasetKind::visdrone);
  const task::Task& detection = task::taskOf(io);
  EXPECT_EQ(detection.name(), "detection");
  EXPECT_EQ(detection.labelTypes(io, 2, {}),
            (std::vector<ir::TensorType>{{ir::ElementType::f32, {2, 30, 7, 7}},
                                         {ir::ElementType::f32, {2, 7, 7}}}));
  const std::vector<data::LabelBox> boxes[2] = {{{3, 0.10f, 0.10f, 0.30f, 0.20f}},
                                                {{0, 0.5f, 0.5f, 0.9f, 0.7f}, {9, 0, 0, 1, 1}}};
  std::vector<int32_t> words;
  for (const auto& b : boxes) {
    const std::vector<uint8_t> label = data::testing::yoloLabel(b, 224);
    ASSERT_EQ(label.size(), 7200u);
    const size_t at = words.size();
    words.resize(at + label.size() / 4);
    std::memcpy(words.data() + at, label.data(), label.size());
  }
  std::vector<ir::Tensor> labels;
  for (const ir::TensorType& t : detection.labelTypes(io, 2, {})) labels.emplace_back(t);
  detection.fillLabels(words, labels);
  for (int64_t r = 0; r < 2; ++r) {
    const float* stored = reinterpret_cast<const float*>(words.data() + r * 1800);
    for (int64_t i = 0; i < 30 * 49; ++i)
      ASSERT_EQ(labels[0].get<float>(r * 30 * 49 + i), stored[i]) << r << " " << i;
    for (int64_t i = 0; i < 49; ++i)
      ASSERT_EQ(labels[1].get<float>(r * 49 + i), stored[30 * 49 + i]) << r << " " << i;
  }
  // Record 0's box: centre (0.2, 0.15), cell (1, 1); record 1's second box (centre (0.5, 0.5),
  // cell (3, 3)) is its class 9 in slot 19.
  EXPECT_EQ(labels[1].get<float>(1 * 7 + 1), 1.0f);
  EXPECT_FLOAT_EQ(labels[0].get<float>(0 * 49 + 1 * 7 + 1), 0.2f * 7 - 1);
  EXPECT_EQ(labels[0].get<float>(30 * 49 + 19 * 49 + 3 * 7 + 3), 1.0f);
  std::vector<ir::Tensor> wrong = {ir::Tensor({ir::ElementType::f32, {3, 30, 7, 7}}),
                                   ir::Tensor({ir::ElementType::f32, {3, 7, 7}})};
  EXPECT_THROW(detection.fillLabels(words, wrong), RuntimeError);
}

// One record with a car (class 3) the head finds exactly and confidently: against the record's
// own box AP@0.5 is 1 for the car and the other classes have no ground truth; against a full
// ground truth holding a second, missed car, the car's recall stops at 1/2 (AP 0.5).
TEST(TaskTest, DetectionScoresTheRecordsBoxesOrTheFullGroundTruth) {
  const data::DatasetIO& io = data::datasetIO(data::DatasetKind::visdrone);
  const data::LabelBox car{3, 0.10f, 0.10f, 0.30f, 0.20f};
  const task::testing::OneCar record = task::testing::oneCar(car);
  const int64_t records[] = {0};
  for (bool full : {false, true}) {
    data::Dataset set(data::Geometry{3, 1, 1, {1}, 4, 10}, std::vector<uint8_t>(3),
                      std::vector<uint8_t>(4));
    if (full) set.setRecordBoxes({{car, {3, 0.6f, 0.6f, 0.8f, 0.9f}}});
    std::unique_ptr<task::Evaluation> e = task::taskOf(io).evaluation(io, set, {});
    e->add(record.head, record.words, records);
    const task::Scores scores = e->scores();
    const auto& s = std::get<task::DetectionScores>(scores);
    EXPECT_DOUBLE_EQ(s.map50, full ? 0.5 : 1.0);
    EXPECT_DOUBLE_EQ(task::headline(scores), s.map50);
    EXPECT_EQ(s.groundTruths, full ? 2 : 1);
    // Every cell yields a car: the 48 empty ones are points (w = h = 0), which overlap nothing,
    // so NMS keeps them all, ranked below the real one.
    EXPECT_EQ(s.detections, 49);
    ASSERT_EQ(s.ap50.size(), 10u);
    const std::string json = task::jsonFields(scores);
    EXPECT_EQ(json.rfind(full ? "\"map50\":0.5,\"map\":" : "\"map50\":1,\"map\":", 0), 0u) << json;
    EXPECT_NE(json.find(std::string("\"ap50\":[null,null,null,") + (full ? "0.5" : "1") +
                        ",null,null,null,null,null,null]"),
              std::string::npos)
        << json;
    EXPECT_EQ(task::summaryLine(scores).rfind(full ? "mAP@0.5 0.5000" : "mAP@0.5 1.0000", 0), 0u);
  }
}

// A detector that learns nothing says so: every cell it is confident of predicting one width (the
// reference form's dead zone, max(w, 0) = 0), or no cell confident at all, which counts only when
// the evaluation before showed it too. A net that finds its one car shows neither.
TEST(TaskTest, DetectionNamesTheSymptomsOfARunThatLearnsNothing) {
  const data::DatasetIO& io = data::datasetIO(data::DatasetKind::visdrone);
  const task::testing::OneCar record = task::testing::oneCar({3, 0.10f, 0.10f, 0.30f, 0.20f});
  const int64_t records[] = {0};
  const data::Dataset set(data::Geometry{3, 1, 1, {1}, 4, 10}, std::vector<uint8_t>(3),
                          std::vector<uint8_t>(4));
  const auto symptomOf = [&](const std::vector<float>& head, const program::LossOptions& loss) {
    std::unique_ptr<task::Evaluation> e = task::taskOf(io).evaluation(io, set, loss);
    e->add(head, record.words, records);
    return e->symptom();
  };
  program::LossOptions yolo;
  yolo.kind = program::LossKind::yolov1;
  EXPECT_FALSE(symptomOf(record.head, yolo));

  program::LossOptions reference = yolo;
  reference.boxParam = program::BoxParam::sqrtOfPrediction;
  std::vector<float> dead = record.head;
  for (size_t cell = 0; cell < 49; ++cell) {
    dead[4 * 49 + cell] = 5.0f;                                     // every cell confident
    dead[2 * 49 + cell] = -0.1f * static_cast<float>(cell % 3);     // widths at or below 0
    dead[3 * 49 + cell] = 0.01f * static_cast<float>(1 + cell % 5); // heights that vary
  }
  std::optional<task::Symptom> s = symptomOf(dead, reference);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->id, "constant-size");
  EXPECT_FALSE(s->needsRepeat);
  EXPECT_NE(s->text.find("all 49 cells of the test set where the net sees an object (confidence "
                         ">= 0.25) predict the same box width, 0: its size channel has stopped "
                         "learning. Usual causes:"),
            std::string::npos)
      << s->text;
  EXPECT_NE(s->text.find("--box-param sqrt-of-prediction"), std::string::npos) << s->text;
  // Read as √w, the same channels are widths 0, 0.01 and 0.04: alive.
  EXPECT_FALSE(symptomOf(dead, yolo));

  std::vector<float> quiet = record.head;
  for (size_t cell = 0; cell < 49; ++cell) quiet[4 * 49 + cell] = -5.0f;
  s = symptomOf(quiet, yolo);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->id, "no-boxes");
  EXPECT_TRUE(s->needsRepeat);
  EXPECT_NE(s->text.find("no detection reached confidence 0.25 in two evaluations in a row"),
            std::string::npos)
      << s->text;
}

// Classification without a counted matrix logs the record it always had.
TEST(TaskTest, ClassificationLogsAccuracyCorrectAndTotal) {
  task::Scores s = task::ClassificationScores{3, 4, 0, {}}; // no matrix counted
  EXPECT_EQ(task::jsonFields(s), "\"accuracy\":0.75,\"correct\":3,\"total\":4");
  EXPECT_EQ(task::summaryLine(s), "accuracy 75.00% (3/4)");
  EXPECT_EQ(task::summaryTable(s), "");
  EXPECT_DOUBLE_EQ(task::headline(s), 0.75);
}

} // namespace

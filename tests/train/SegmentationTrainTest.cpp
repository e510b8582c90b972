// Segmentation through the real training path: a BraTS-like set written byte for byte in the
// FORMATS.md bin layout (tests/data/BratsFiles.h), loaded, batched, trained with a per-pixel loss
// by train::train on the cpu lowerer and scored by its region Dice. A UNet with the reference
// net's layers and a quarter of its channels learns it at 64x64; the same run with the masks
// shuffled between the training records does not.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <numeric>
#include <sstream>

#include "data/Brats.h"
#include "data/Random.h"
#include "ir/Npy.h"
#include "metrics/Segmentation.h"
#include "nn/UNet.h"
#include "support/RunFiles.h"
#include "tests/data/BratsFiles.h"
#include "tests/data/IdxFiles.h"
#include "train/Trainer.h"

using namespace hlotrain;

namespace {

constexpr int64_t kSide = 64;
constexpr int64_t kTrain = 96, kVal = 40, kCasesOfVal = 5;

// unet-brats with widths 8, 16, 32, 64 and a 128-channel bottleneck.
nn::NetSpec smallUnet() {
  nn::NetSpec spec{"UNet-small", {}, {4, kSide, kSide}, 4, ""};
  int64_t in = 4;
  for (int64_t width : {8, 16, 32, 64}) {
    spec.layers.push_back(nn::unetDown(in, width));
    in = width;
  }
  spec.layers.push_back(nn::convBn(128, 3));
  spec.layers.push_back(nn::convBn(128, 3));
  for (int64_t width : {64, 32, 16, 8}) spec.layers.push_back(nn::unetUp(2 * width, width));
  spec.layers.push_back(nn::conv2d(4, 1, 1, nn::Activation::identity));
  return spec;
}

class SegmentationTrainTest : public data::testing::ScratchDir {
protected:
  const data::DatasetSpec dataset{data::DatasetKind::brats, std::nullopt, kSide};

  // Writes the set; `shuffleTrainMasks` pairs every training image with another record's mask.
  void writeSet(bool shuffleTrainMasks) {
    std::vector<data::testing::SliceRecord> train =
        data::testing::syntheticSlices(kSide, kTrain, 1);
    if (shuffleTrainMasks) {
      std::vector<int64_t> order = data::shuffleOrder(kTrain, 77);
      std::vector<data::testing::SliceRecord> shuffled = train;
      for (int64_t i = 0; i < kTrain; ++i)
        shuffled[static_cast<size_t>(i)].mask = train[static_cast<size_t>(order[i])].mask;
      train = std::move(shuffled);
    }
    val_ = data::testing::syntheticSlices(kSide, kVal, 2);
    std::vector<int32_t> cases;
    for (int64_t i = 0; i < kVal; ++i)
      cases.push_back(static_cast<int32_t>(i * kCasesOfVal / kVal));
    data::testing::writeBytes(dir / "train.bin", data::testing::bratsBin(train), false);
    data::testing::writeBytes(dir / "val.bin", data::testing::bratsBin(val_), false);
    data::testing::writeBytes(dir / "val_cases.bin", data::testing::valCasesBin(cases), false);
  }

  train::TrainConfig config() const {
    train::TrainConfig c;
    c.batch = 8;
    c.epochs = 12;
    c.learningRate = 3e-3;
    c.logEvery = 0;
    c.evalEvery = 4;
    c.loss.kind = program::LossKind::diceCrossEntropy;
    c.artifactsDir = (dir / "artifacts").string();
    return c;
  }

  std::vector<data::testing::SliceRecord> val_;
  std::ostringstream log;
};

std::vector<std::string> lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST_F(SegmentationTrainTest, ASmallUnetLearnsTheNestedRegions) {
  writeSet(false);
  train::TrainResult r = train::train(smallUnet(), config(), dataset, dir.string(), log);
  const task::SegmentationScores& s = train::segmentationScores(r.evals.back());
  SCOPED_TRACE(log.str());
  std::cout << "learned: " << task::summaryLine(r.evals.back().scores) << "\n";
  ASSERT_EQ(s.regions.size(), 3u);
  EXPECT_GE(s.regions[0].dice, 0.85); // WT
  EXPECT_GE(s.regions[1].dice, 0.75); // TC
  EXPECT_GE(s.regions[2].dice, 0.70); // ET
  EXPECT_EQ(s.cases, kCasesOfVal);
  EXPECT_LT(r.epochLosses.back(), 0.5 * r.epochLosses.front());

  // Every evaluation's record carries the segmentation fields; the best one is kept.
  int evals = 0;
  for (const std::string& line : lines(r.prefix + "_metrics.jsonl")) {
    if (line.rfind("{\"type\":\"eval\"", 0) != 0) continue;
    ++evals;
    for (const char* field : {"\"dice\":{\"WT\":", "\"dice_per_case\":{\"WT\":", "\"iou\":[",
                              "\"miou\":", "\"confusion\":[[", "\"dice_mean\":"})
      EXPECT_NE(line.find(field), std::string::npos) << field << " in " << line;
  }
  EXPECT_EQ(evals, 3);
  EXPECT_TRUE(std::filesystem::exists(RunFiles{r.prefix}.bestCheckpoint()));
  EXPECT_NE(log.str().find("per-case Dice (5 cases)"), std::string::npos);

  // The predictions of `evaluate` give back exactly the reported confusion matrix.
  train::EvalOutputs outputs;
  outputs.predictionsPath = (dir / "predictions.npy").string();
  outputs.logitsPath = (dir / "logits.npy").string();
  train::EvalRecord e = train::evaluate(smallUnet(), config(), dataset, dir.string(), log, outputs);
  ir::Tensor predictions = ir::readNpy(outputs.predictionsPath);
  ASSERT_EQ(predictions.type(), (ir::TensorType{ir::ElementType::ui8, {kVal, kSide, kSide}}));
  EXPECT_EQ(ir::readNpy(outputs.logitsPath).shape(), (ir::Shape{kVal, 4, kSide, kSide}));
  metrics::ConfusionMatrix recomputed(4);
  for (int64_t i = 0; i < kVal; ++i)
    for (int64_t p = 0; p < kSide * kSide; ++p)
      recomputed.add(val_[static_cast<size_t>(i)].mask[static_cast<size_t>(p)],
                     predictions.get<uint8_t>(i * kSide * kSide + p));
  EXPECT_EQ(train::segmentationScores(e).confusion, recomputed.counts());
  EXPECT_EQ(train::segmentationScores(e).confusion, s.confusion);
}

TEST_F(SegmentationTrainTest, ShuffledMasksStayFarBelow) {
  writeSet(true);
  train::TrainResult r = train::train(smallUnet(), config(), dataset, dir.string(), log);
  const task::SegmentationScores& s = train::segmentationScores(r.evals.back());
  SCOPED_TRACE(log.str());
  std::cout << "shuffled masks: " << task::summaryLine(r.evals.back().scores) << "\n";
  EXPECT_LT(s.regions[0].dice, 0.6);
  EXPECT_LT(s.regions[1].dice, 0.45);
  EXPECT_LT(s.regions[2].dice, 0.35);
}

} // namespace

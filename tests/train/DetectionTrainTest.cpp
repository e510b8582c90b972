// Detection through the real training path, as a user runs it: r34-yolov1 at full ResNet-34 depth
// (built for 128x128 inputs, a 4x4 grid) with nothing but its own recipe (train::recipeConfig:
// Adam 7e-4, no weight decay, 3 warmup epochs, clipping at 4, focal objectness), on a YOLOv1 bin
// written byte for byte in the FORMATS.md layout (tests/data/YoloFiles.h), loaded, augmented
// (flips and scaled crops re-encode the targets), batched, trained by train::train on the cpu
// lowerer and scored by mAP against the full ground truth of held-out images. The same run with
// the targets shuffled between the training records does not learn, and with the reference
// system's box form (--box-param sqrt-of-prediction) it learns nothing either.

#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "data/Random.h"
#include "data/Visdrone.h"
#include "nn/Zoo.h"
#include "support/RunFiles.h"
#include "tests/data/IdxFiles.h"
#include "tests/data/YoloFiles.h"
#include "train/Settings.h"
#include "train/Trainer.h"

using namespace hlotrain;

namespace {

constexpr int64_t kSide = 128;
constexpr int64_t kTrain = 256, kVal = 64;

class DetectionTrainTest : public data::testing::ScratchDir {
protected:
  const nn::NetSpec net = nn::r34Yolov1(kSide);
  const data::DatasetSpec dataset{data::DatasetKind::visdrone, std::nullopt, kSide};

  // Writes the set; `shuffleTrainTargets` pairs every training image with another's boxes.
  void writeSet(bool shuffleTrainTargets) {
    std::vector<data::testing::DetectionRecord> train =
        data::testing::syntheticDetections(kSide, kTrain, 1);
    if (shuffleTrainTargets) {
      std::vector<int64_t> order = data::shuffleOrder(kTrain, 77);
      std::vector<data::testing::DetectionRecord> shuffled = train;
      for (int64_t i = 0; i < kTrain; ++i)
        shuffled[static_cast<size_t>(i)].boxes = train[static_cast<size_t>(order[i])].boxes;
      train = std::move(shuffled);
    }
    const std::vector<data::testing::DetectionRecord> val =
        data::testing::syntheticDetections(kSide, kVal, 2);
    data::testing::writeBytes(dir / "train.bin", data::testing::yoloBin(train, kSide), false);
    data::testing::writeBytes(dir / "val.bin", data::testing::yoloBin(val, kSide), false);
    data::testing::writeBytes(dir / "val.full_gt.bin", data::testing::fullGroundTruthBin(val),
                              false);
  }

  // The recipe as `hlotrain train --net r34-yolov1` starts from it; only the length of the run,
  // how often it evaluates and saves, and where its files go are the test's.
  train::TrainConfig config() const {
    train::TrainConfig c = train::recipeConfig(net);
    c.epochs = 20;
    c.logEvery = 0;
    c.evalEvery = 10;
    c.checkpointEvery = 0; // one checkpoint at the end: each is 270 MB of parameters and Adam state
    c.artifactsDir = (dir / "artifacts").string();
    return c;
  }

  double finalMap50(const train::TrainResult& r) const {
    return std::get<task::DetectionScores>(r.evals.back().scores).map50;
  }

  std::ostringstream log;
};

TEST_F(DetectionTrainTest, R34Yolov1LearnsColouredShapesWithItsRecipe) {
  writeSet(false);
  train::TrainResult r = train::train(net, config(), dataset, dir.string(), log);
  SCOPED_TRACE(log.str());
  std::cout << "learned: " << task::summaryLine(r.evals.back().scores) << "\n";
  EXPECT_GE(finalMap50(r), 0.5);
  EXPECT_LT(r.epochLosses.back(), 0.2 * r.epochLosses.front());
  EXPECT_EQ(log.str().find("warning:"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(RunFiles{r.prefix}.bestCheckpoint()));
  std::ifstream in(r.prefix + "_metrics.jsonl");
  int evals = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("{\"type\":\"eval\"", 0) != 0) continue;
    ++evals;
    for (const char* field : {"\"map50\":", "\"map\":", "\"ap50\":[", "\"detections\":"})
      EXPECT_NE(line.find(field), std::string::npos) << field << " in " << line;
  }
  EXPECT_EQ(evals, 2);
}

TEST_F(DetectionTrainTest, ShuffledTargetsStayNearZero) {
  writeSet(true);
  train::TrainResult r = train::train(net, config(), dataset, dir.string(), log);
  SCOPED_TRACE(log.str());
  std::cout << "shuffled targets: " << task::summaryLine(r.evals.back().scores) << "\n";
  EXPECT_LT(finalMap50(r), 0.1);
}

// The reference system's box form with the same recipe and run: measured, mAP@0.5 0.0000 after
// every one of the 20 epochs (its sizes are neither dead nor right; the learning run is at 0.78
// by epoch 13), so it stays below 0.05 here. The run stops after its first 10 epochs (the same
// schedule, cut by maxSteps): the other 10 measured 0 as well, and the 140 CPU-seconds they cost
// are CI's (issue 34). A change that lets it learn is a change to look at.
TEST_F(DetectionTrainTest, TheReferenceBoxFormLearnsNothingInTheSameRun) {
  writeSet(false);
  train::TrainConfig c = config();
  c.loss.boxParam = program::BoxParam::sqrtOfPrediction;
  c.maxSteps = 10 * (kTrain / c.batch);
  train::TrainResult r = train::train(net, c, dataset, dir.string(), log);
  SCOPED_TRACE(log.str());
  std::cout << "sqrt-of-prediction: " << task::summaryLine(r.evals.back().scores) << "\n";
  EXPECT_LT(finalMap50(r), 0.05);
}

} // namespace

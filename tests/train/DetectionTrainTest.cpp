// Detection through the real training path: a YOLOv1 bin written byte for byte in the FORMATS.md
// layout (tests/data/YoloFiles.h), loaded, augmented (flips and scaled crops re-encode the
// targets), batched, trained with the yolov1 loss by train::train on the cpu lowerer and scored
// by mAP against the full ground truth. A detector with r34-yolov1's head on a small trunk learns
// coloured shapes at 128x128 (a 4x4 grid); the same run with the targets shuffled between the
// training records does not.

#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "data/Random.h"
#include "data/Visdrone.h"
#include "tests/data/IdxFiles.h"
#include "tests/data/YoloFiles.h"
#include "train/Trainer.h"

using namespace hlotrain;

namespace {

constexpr int64_t kSide = 128;
constexpr int64_t kTrain = 640, kVal = 48;

// Strided convBn layers down to the 4x4 grid, then r34-yolov1's head.
nn::NetSpec smallDetector() {
  return {"Small-YOLOv1",
          {nn::convBn(16, 3, 2), nn::convBn(32, 3, 2), nn::convBn(32, 3, 2), nn::convBn(64, 3, 2),
           nn::convBn(64, 3, 2), nn::conv2d(256, 3, 1, nn::Activation::relu),
           nn::conv2d(30, 1, 1, nn::Activation::identity)},
          {3, kSide, kSide},
          data::kVisdroneClasses,
          ""};
}

class DetectionTrainTest : public data::testing::ScratchDir {
protected:
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

  // SGD, not Adam: the loss zeroes the sqrt-wh gradient where a predicted size is at most ε, so a
  // size channel whose every object cell is pushed below ε never recovers; Adam's sign-sized
  // first steps and momentum carry this small head's w or h channel there within an epoch
  // (mAP 0), while plain-gradient steps shrink as a prediction nears ε from above.
  train::TrainConfig config() const {
    train::TrainConfig c;
    c.batch = 16;
    c.epochs = 20;
    c.optimizer = program::Optimizer::sgd;
    c.learningRate = 1e-2;
    c.momentum = 0.5f;
    c.logEvery = 0;
    c.evalEvery = 10;
    c.loss.kind = program::LossKind::yolov1;
    c.artifactsDir = (dir / "artifacts").string();
    return c;
  }

  std::ostringstream log;
};

TEST_F(DetectionTrainTest, ASmallDetectorLearnsColouredShapes) {
  writeSet(false);
  train::TrainResult r = train::train(smallDetector(), config(), dataset, dir.string(), log);
  SCOPED_TRACE(log.str());
  const auto& s = std::get<task::DetectionScores>(r.evals.back().scores);
  std::cout << "learned: " << task::summaryLine(r.evals.back().scores) << "\n";
  EXPECT_GE(s.map50, 0.6);
  EXPECT_LT(r.epochLosses.back(), 0.5 * r.epochLosses.front());
  EXPECT_TRUE(std::filesystem::exists(train::bestCheckpointPath(r.prefix)));
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
  train::TrainResult r = train::train(smallDetector(), config(), dataset, dir.string(), log);
  SCOPED_TRACE(log.str());
  std::cout << "shuffled targets: " << task::summaryLine(r.evals.back().scores) << "\n";
  EXPECT_LT(std::get<task::DetectionScores>(r.evals.back().scores).map50, 0.15);
}

} // namespace

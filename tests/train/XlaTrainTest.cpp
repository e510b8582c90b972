// Training through the xla lowerer over our PJRT plugin: the parameters and optimizer state stay
// on the "device" between steps, so a step moves only the batch, the labels and the two scalars
// up and the loss and the BatchNorm batch statistics down; and the run ends where the cpu
// lowerer's does, bit for bit.

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <optional>

#include "TrainFixtures.h"
#include "lower/xla/XlaLowerer.h"
#include "nn/NetSpec.h"
#include "pjrt_plugin/Stats.h"
#include "tests/support/ScopedEnv.h"
#include "train/Trainer.h"

using namespace hlotrain;
using namespace hlotrain::train;

namespace {

class XlaTrainTest : public fixtures::TrainScratch {
protected:
  xla::XlaLowerer xla{HLOTRAIN_PJRT_PLUGIN};

  HlotrainPjrtStats stats() {
    void* plugin = dlopen(HLOTRAIN_PJRT_PLUGIN, RTLD_NOW | RTLD_NOLOAD);
    auto read = reinterpret_cast<HlotrainPjrt_StatsFn>(dlsym(plugin, "HlotrainPjrt_Stats"));
    HlotrainPjrtStats s{};
    read(&s);
    return s;
  }
  // The plugin's traffic over a fresh run of `steps` steps (one epoch, evaluated and saved once
  // at its end) on `devices` of `lowerer`'s.
  HlotrainPjrtStats trafficOf(int64_t steps, xla::XlaLowerer& lowerer, int64_t devices = 1) {
    TrainConfig c = smallConfig();
    c.epochs = 1;
    c.warmupEpochs = 0;
    c.cosine = false;
    c.maxSteps = steps;
    c.devices = devices;
    c.artifactsDir =
        (dir / ("steps" + std::to_string(steps) + "x" + std::to_string(devices))).string();
    RunMode mode;
    mode.lowerer = &lowerer;
    const HlotrainPjrtStats before = stats();
    train::train(fixtures::tinyBnNet(), c, data::DatasetKind::mnist, dir.string(), log, mode);
    HlotrainPjrtStats after = stats();
    after.uploads -= before.uploads;
    after.upload_bytes -= before.upload_bytes;
    after.downloads -= before.downloads;
    after.download_bytes -= before.download_bytes;
    after.executes -= before.executes;
    return after;
  }
};

TEST_F(XlaTrainTest, AStepMovesTheBatchUpAndTheLossAndStatisticsDown) {
  // Runs of 2 and 5 steps differ by 3 steps and nothing else: the same start, one evaluation of
  // the same test set, one checkpoint.
  const HlotrainPjrtStats two = trafficOf(2, xla), five = trafficOf(5, xla);
  const uint64_t batch = 16;
  const uint64_t up = batch * 28 * 28 * 4 + batch * 4 + 4 + 4; // x, y, lr, step
  const uint64_t bnChannels = 4 + 4;                           // two BatchNorm layers
  const uint64_t down = 4 + 2 * bnChannels * 4;                // loss, batch means and variances
  EXPECT_EQ(five.executes - two.executes, 3u);
  EXPECT_EQ(five.uploads - two.uploads, 3u * 4);
  EXPECT_EQ(five.upload_bytes - two.upload_bytes, 3 * up);
  EXPECT_EQ(five.downloads - two.downloads, 3u * (1 + 2 * 2));
  EXPECT_EQ(five.download_bytes - two.download_bytes, 3 * down);
  EXPECT_EQ(stats().buffers_alive, 0) << "every buffer handle was destroyed";
}

// On two devices (--devices 2), each step uploads each device's half of the batch and labels and
// both scalars to each, and downloads one replica's loss and statistics.
TEST_F(XlaTrainTest, ADataParallelStepMovesTheSharesUpAndOneReplicasResultsDown) {
  std::optional<xla::XlaLowerer> twoDevices;
  {
    hlotrain::testing::ScopedEnv count("HLOTRAIN_PJRT_DEVICES", "2");
    twoDevices.emplace(HLOTRAIN_PJRT_PLUGIN);
  }
  const HlotrainPjrtStats two = trafficOf(2, *twoDevices, 2), five = trafficOf(5, *twoDevices, 2);
  const uint64_t batch = 16;
  const uint64_t up = batch * 28 * 28 * 4 + batch * 4 + 2 * (4 + 4); // the shares; lr, step twice
  const uint64_t down = 4 + 2 * (4 + 4) * 4;
  EXPECT_EQ(five.executes - two.executes, 3u);
  EXPECT_EQ(five.uploads - two.uploads, 3u * 2 * 4);
  EXPECT_EQ(five.upload_bytes - two.upload_bytes, 3 * up);
  EXPECT_EQ(five.downloads - two.downloads, 3u * (1 + 2 * 2));
  EXPECT_EQ(five.download_bytes - two.download_bytes, 3 * down);
}

TEST_F(XlaTrainTest, EndsWhereTheCpuLowererEndsBitForBit) {
  TrainConfig c = smallConfig();
  c.checkpointEverySteps = 7;
  c.artifactsDir = (dir / "cpu").string();
  TrainResult onCpu =
      train::train(fixtures::tinyBnNet(), c, data::DatasetKind::mnist, dir.string(), log);
  c.artifactsDir = (dir / "xla").string();
  RunMode mode;
  mode.lowerer = &xla;
  TrainResult onXla =
      train::train(fixtures::tinyBnNet(), c, data::DatasetKind::mnist, dir.string(), log, mode);
  EXPECT_EQ(onXla.stepLosses, onCpu.stepLosses);
  EXPECT_EQ(onXla.state.params, onCpu.state.params);
  EXPECT_EQ(onXla.state.optState, onCpu.state.optState);
  EXPECT_EQ(onXla.state.bnMean, onCpu.state.bnMean);
  ASSERT_EQ(onXla.evals.size(), onCpu.evals.size());
  EXPECT_EQ(classificationScores(onXla.evals.back()).correct,
            classificationScores(onCpu.evals.back()).correct);
}

// A vision transformer with CutMix, mixup and stochastic depth: attention, layer norm, soft
// targets and the drop mask run on our plugin as on the cpu lowerer, bit for bit.
TEST_F(XlaTrainTest, AVitWithMixingAndDropPathEndsWhereTheCpuLowererEnds) {
  TrainConfig c = smallConfig();
  c.learningRate = 0.001;
  c.loss.cutmixAlpha = 1.0f;
  c.loss.mixupAlpha = 0.8f;
  c.dropPath = 0.2f;
  c.artifactsDir = (dir / "cpu").string();
  TrainResult onCpu =
      train::train(fixtures::tinyVit(), c, data::DatasetKind::mnist, dir.string(), log);
  c.artifactsDir = (dir / "xla").string();
  RunMode mode;
  mode.lowerer = &xla;
  TrainResult onXla =
      train::train(fixtures::tinyVit(), c, data::DatasetKind::mnist, dir.string(), log, mode);
  EXPECT_EQ(onXla.stepLosses, onCpu.stepLosses);
  EXPECT_EQ(onXla.state.params, onCpu.state.params);
  EXPECT_EQ(onXla.state.optState, onCpu.state.optState);
}

// A skipped step must leave the device-resident state as it was: nothing is donated while
// --skip-nonfinite may discard a step.
TEST_F(XlaTrainTest, SkipNonFiniteKeepsTheStateOnTheDevice) {
  TrainConfig c = smallConfig();
  c.skipNonFinite = true;
  c.artifactsDir = (dir / "skip").string();
  RunMode mode;
  mode.lowerer = &xla;
  TrainResult r =
      train::train(fixtures::tinyBnNet(), c, data::DatasetKind::mnist, dir.string(), log, mode);
  EXPECT_EQ(r.skippedSteps, 0);
  EXPECT_EQ(r.state.position.step, 20);
}

} // namespace

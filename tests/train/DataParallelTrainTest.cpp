// Data-parallel training (--devices N) over our PJRT plugin's devices: replicas of the train step
// on threads of the plugin, their gradients, loss and statistics averaged by the graph's
// all_reduce. Two devices at batch 128 train as one device at batch 128 does, up to the order of
// the sums; the run is the same bit for bit each time. (What a step moves: XlaTrainTest.)

#include <gtest/gtest.h>

#include <cmath>

#include "TrainFixtures.h"
#include "lower/xla/XlaLowerer.h"
#include "nn/Zoo.h"
#include "support/Error.h"
#include "tests/support/ScopedEnv.h"
#include "train/Trainer.h"

using namespace hlotrain;
using namespace hlotrain::train;

namespace {

// The plugin with `devices` devices (HLOTRAIN_PJRT_DEVICES is read when a client is created).
std::unique_ptr<xla::XlaLowerer> pluginWithDevices(int devices) {
  hlotrain::testing::ScopedEnv count("HLOTRAIN_PJRT_DEVICES", std::to_string(devices));
  return std::make_unique<xla::XlaLowerer>(HLOTRAIN_PJRT_PLUGIN);
}

class DataParallelTest : public data::testing::ScratchDir {
protected:
  void SetUp() override {
    ScratchDir::SetUp();
    // 10 steps an epoch at batch 128.
    fixtures::writeLearnableSplit(dir, "train", 1280, 1);
    fixtures::writeLearnableSplit(dir, "t10k", 50, 2);
  }

  // 30 SGD steps at batch 128 on `devices` of the plugin's two.
  TrainResult trainOn(const std::string& net, int64_t devices, bool syncBn, const std::string& tag,
                      double learningRate = 0.01) {
    TrainConfig c;
    c.batch = 128;
    c.epochs = 3;
    c.optimizer = program::Optimizer::sgd;
    c.learningRate = learningRate;
    c.cosine = false;
    c.warmupEpochs = 0;
    c.logEvery = 0;
    c.evalEvery = 0;
    c.devices = devices;
    c.syncBn = syncBn;
    c.artifactsDir = (dir / tag).string();
    RunMode mode;
    mode.lowerer = xla.get();
    return train::train(nn::netByName(net), c, data::DatasetKind::mnist, dir.string(), log, mode);
  }

  // The largest difference between two runs' parameters, over the largest parameter.
  static double relativeDistance(const TrainState& a, const TrainState& b) {
    double largest = 0, difference = 0;
    for (size_t i = 0; i < a.params.size(); ++i)
      for (int64_t k = 0; k < a.params[i].numElements(); ++k) {
        const double x = a.params[i].get<float>(k), y = b.params[i].get<float>(k);
        largest = std::max(largest, std::abs(x));
        difference = std::max(difference, std::abs(x - y));
      }
    return difference / largest;
  }

  std::unique_ptr<xla::XlaLowerer> xla = pluginWithDevices(2);
  std::ostringstream log;
};

TEST_F(DataParallelTest, TwoDevicesTrainAnMlpAsOneDeviceAtTheSameBatch) {
  const TrainResult one = trainOn("mnist-mlp", 1, false, "one");
  const TrainResult two = trainOn("mnist-mlp", 2, false, "two");
  ASSERT_EQ(two.state.position.step, 30);
  EXPECT_LT(relativeDistance(one.state, two.state), 1e-4);
  EXPECT_GT(relativeDistance(one.state, two.state), 0.0)
      << "the replicas' sums run in another order: equal bits would mean one device did it all";
  ASSERT_EQ(one.stepLosses.size(), two.stepLosses.size());
  for (size_t s = 0; s < one.stepLosses.size(); ++s)
    EXPECT_NEAR(two.stepLosses[s], one.stepLosses[s], 1e-4 * std::abs(one.stepLosses[s]));
  EXPECT_GT(*two.finalScore, 0.5) << "it learned (chance is 0.1)";
}

TEST_F(DataParallelTest, TwoDevicesAreTheSameBitForBitRunToRun) {
  const TrainResult first = trainOn("mnist-mlp", 2, false, "first");
  const TrainResult second = trainOn("mnist-mlp", 2, false, "second");
  EXPECT_EQ(first.stepLosses, second.stepLosses);
  EXPECT_EQ(first.state.params, second.state.params);
  EXPECT_EQ(first.state.optState, second.state.optState);
}

// Under sync BN every replica normalizes with the whole batch's statistics, so a BatchNorm net
// trains as on one device; without it each normalizes with its own half's. The rate is low
// because this net's training amplifies rounding at higher ones: at 0.01, 30 steps of one device
// on Fashion-MNIST end 1.3e-3 of the largest parameter away from the same run with its
// convolutions rounded otherwise (HLOTRAIN_BLOCKED_FORWARD=0; `hlotrain train --net mnist-cnn
// --optimizer sgd --lr 0.01 --warmup-epochs 0 --max-steps 30`), and two synced devices 3.4e-3.
TEST_F(DataParallelTest, SyncBnTrainsABatchNormCnnAsOneDevice) {
  const double rate = 5e-4;
  const TrainResult one = trainOn("mnist-cnn", 1, false, "one", rate);
  const TrainResult synced = trainOn("mnist-cnn", 2, true, "synced", rate);
  const double syncedDistance = relativeDistance(one.state, synced.state);
  EXPECT_LT(syncedDistance, 1e-4);
  for (size_t l = 0; l < one.state.bnMean.size(); ++l)
    for (int64_t c = 0; c < one.state.bnMean[l].numElements(); ++c)
      EXPECT_NEAR(synced.state.bnMean[l].get<float>(c), one.state.bnMean[l].get<float>(c), 1e-4)
          << "running mean of BatchNorm " << l << ", channel " << c;
  const TrainResult own = trainOn("mnist-cnn", 2, false, "own", rate);
  EXPECT_GT(relativeDistance(one.state, own.state), 10 * syncedDistance)
      << "per-replica statistics are another computation";
}

TEST_F(DataParallelTest, MoreDevicesThanTheLowererHasAreRefusedNamingTheFlag) {
  try {
    trainOn("mnist-mlp", 4, false, "four");
    FAIL() << "no error";
  } catch (const hlotrain::ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("--devices 4"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("has 2 devices"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "four")) << "refused before anything was written";
}

} // namespace

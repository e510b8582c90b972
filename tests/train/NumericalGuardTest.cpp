// A step with a non-finite loss or result either stops the run, naming where and the last good
// checkpoint and saving nothing from that state, or (skipNonFinite) is skipped and counted.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

#include "HookedLowerer.h"
#include "TrainFixtures.h"
#include "nn/Zoo.h"
#include "support/Error.h"
#include "support/RunFiles.h"
#include "train/Trainer.h"

using namespace hlotrain;
using namespace hlotrain::train;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

class NumericalGuardTest : public fixtures::TrainScratch {
protected:
  TrainResult run(const nn::NetSpec& spec, const TrainConfig& c, lower::Lowerer* lowerer,
                  bool resume = false) {
    RunMode mode;
    mode.lowerer = lowerer;
    mode.resume = resume;
    return train::train(spec, c, data::DatasetKind::mnist, dir.string(), log, mode);
  }
  // The RuntimeError message of a run that must fail.
  std::string failure(const nn::NetSpec& spec, const TrainConfig& c, lower::Lowerer& lowerer) {
    try {
      run(spec, c, &lowerer);
    } catch (const RuntimeError& e) {
      return e.what();
    }
    ADD_FAILURE() << "the run did not stop";
    return "";
  }
  std::vector<std::string> metricsLines(const std::string& prefix) {
    std::ifstream in(prefix + "_metrics.jsonl");
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  }
};

TEST_F(NumericalGuardTest, ANonFiniteLossStopsNamingTheStepEpochAndLastCheckpoint) {
  TrainConfig c = smallConfig(); // 10 steps per epoch, 2 epochs
  c.checkpointEverySteps = 5;
  fixtures::HookedLowerer lowerer([](std::string_view graph, int64_t call,
                                     std::span<const ir::Tensor> inputs,
                                     std::vector<ir::Tensor>& results) {
    if (graph != graphName(Graph::trainStep)) return;
    if (call == 17) results[fixtures::HookedLowerer::lossIndex(inputs)].set<float>(0, kNaN);
  });
  std::string m = failure(nn::mnistLinear(), c, lowerer);
  std::string prefix = (dir / "artifacts" / "mnist_linear").string();
  EXPECT_NE(m.find("step 17 (epoch 2/2, batch 7/10): the loss is NaN"), std::string::npos) << m;
  EXPECT_NE(m.find("The last good checkpoint is " + prefix + "_checkpoint.bin (step 15)"),
            std::string::npos)
      << m;
  EXPECT_EQ(m.find('\n'), std::string::npos) << m;

  // Nothing of the bad state reached the disk: the checkpoint and the exports are step 15's.
  TrainState saved = loadCheckpoint(prefix + "_checkpoint.bin", nn::mnistLinear());
  EXPECT_EQ(saved.position.step, 15);
  std::ifstream params(prefix + "_params.bin", std::ios::binary);
  for (const ir::Tensor& t : saved.params) {
    std::vector<float> exported(static_cast<size_t>(t.numElements()));
    params.read(reinterpret_cast<char*>(exported.data()),
                static_cast<std::streamsize>(exported.size() * 4));
    EXPECT_EQ(0, std::memcmp(exported.data(), t.data<float>(), exported.size() * 4));
  }
}

TEST_F(NumericalGuardTest, ANonFiniteParameterBeforeAnyCheckpointStops) {
  TrainConfig c = smallConfig();
  fixtures::HookedLowerer lowerer([](std::string_view graph, int64_t call,
                                     std::span<const ir::Tensor>,
                                     std::vector<ir::Tensor>& results) {
    if (graph != graphName(Graph::trainStep)) return;
    if (call == 3) results[0].set<float>(5, std::numeric_limits<float>::infinity());
  });
  std::string m = failure(nn::mnistLinear(), c, lowerer);
  std::string weight = nn::parameters(nn::mnistLinear())[0].name;
  EXPECT_NE(
      m.find("step 3 (epoch 1/2, batch 3/10): the updated parameter " + weight + " is not finite"),
      std::string::npos)
      << m;
  EXPECT_NE(m.find("No checkpoint was written yet"), std::string::npos) << m;
  EXPECT_FALSE(std::filesystem::exists(dir / "artifacts" / "mnist_linear_checkpoint.bin"));
}

// A skipped step leaves the parameters and the optimizer state as they were: the next step gets
// the very tensors the skipped one got. The run goes on to its end and counts what it skipped.
TEST_F(NumericalGuardTest, SkipNonFiniteDiscardsTheStepAndCountsIt) {
  TrainConfig c = smallConfig();
  c.skipNonFinite = true;
  std::vector<std::vector<ir::Tensor>> carried; // each call's params and optimizer state
  fixtures::HookedLowerer lowerer([&](std::string_view graph, int64_t call,
                                      std::span<const ir::Tensor> inputs,
                                      std::vector<ir::Tensor>& results) {
    if (graph != graphName(Graph::trainStep)) return;
    carried.emplace_back(inputs.begin(), inputs.end() - 4);
    if (call == 4) results[fixtures::HookedLowerer::lossIndex(inputs)].set<float>(0, kNaN);
    if (call == 12) results[inputs.size() - 5].set<float>(0, -kNaN); // the last optimizer state
  });
  TrainResult r = run(nn::mnistLinear(), c, &lowerer);
  ASSERT_EQ(carried.size(), 20u);
  EXPECT_EQ(carried[4], carried[3]);   // call 5 sees what call 4 saw
  EXPECT_NE(carried[3], carried[2]);   // (an applied step does change them)
  EXPECT_EQ(carried[12], carried[11]); // call 13 sees what call 12 saw
  EXPECT_EQ(r.skippedSteps, 2);
  EXPECT_EQ(r.state.position.step, 20);
  ASSERT_EQ(r.stepLosses.size(), 20u);
  EXPECT_TRUE(std::isnan(r.stepLosses[3]));
  EXPECT_TRUE(std::isfinite(r.epochLosses[0])) << "the mean is over the applied steps";
  EXPECT_NE(log.str().find("step 4 (epoch 1/2, batch 4/10): the loss is NaN; step skipped"),
            std::string::npos)
      << log.str();
  EXPECT_NE(log.str().find("step 12 (epoch 2/2, batch 2/10): the optimizer state of "),
            std::string::npos)
      << log.str();
  std::vector<std::string> metrics = metricsLines(r.prefix);
  ASSERT_EQ(metrics.size(), 5u); // the run record, then epoch, eval, epoch, eval
  EXPECT_NE(metrics[1].find("\"steps\":10,\"skipped\":1,"), std::string::npos) << metrics[1];
  EXPECT_NE(metrics[3].find("\"steps\":10,\"skipped\":1,"), std::string::npos) << metrics[3];
}

// No hook: a learning rate that makes SGD overflow within a few steps trips the same guard.
TEST_F(NumericalGuardTest, ARealDivergenceStops) {
  TrainConfig c = smallConfig();
  c.optimizer = program::Optimizer::sgd;
  c.momentum = 0;
  c.cosine = false;
  c.learningRate = 1e30;
  try {
    run(nn::mnistLinear(), c, nullptr);
    ADD_FAILURE() << "trained on with lr 1e30";
  } catch (const RuntimeError& e) {
    std::string m = e.what();
    EXPECT_EQ(m.rfind("step ", 0), 0u) << m;
    EXPECT_NE(m.find("(epoch 1/2, batch "), std::string::npos) << m;
    EXPECT_NE(m.find("No checkpoint was written yet"), std::string::npos) << m;
  }
}

} // namespace

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "TrainFixtures.h"
#include "nn/Init.h"
#include "nn/Zoo.h"
#include "support/Error.h"
#include "train/Trainer.h"

using namespace hlotrain;
using namespace hlotrain::train;

namespace {

class TrainerTest : public fixtures::TrainScratch {
protected:
  TrainResult run(const nn::NetSpec& spec, const TrainConfig& c, const RunMode& mode = {}) {
    return train::train(spec, c, data::DatasetKind::mnist, dir.string(), log, mode);
  }
  std::vector<std::string> lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  }
  std::vector<char> bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
};

void expectSameState(const TrainState& a, const TrainState& b) {
  EXPECT_EQ(a.params, b.params);
  EXPECT_EQ(a.bnMean, b.bnMean);
  EXPECT_EQ(a.bnVar, b.bnVar);
  EXPECT_EQ(a.optState, b.optState);
  EXPECT_EQ(a.position.step, b.position.step);
  EXPECT_EQ(a.position.epoch, b.position.epoch);
}

TEST_F(TrainerTest, LearnsASyntheticDatasetAndWritesEveryArtifact) {
  TrainConfig c = smallConfig();
  TrainResult r = run(fixtures::tinyBnNet(), c);
  ASSERT_EQ(r.stepLosses.size(), 20u); // 160 records / batch 16, two epochs
  ASSERT_EQ(r.epochLosses.size(), 2u);
  EXPECT_LT(r.epochLosses[1], r.epochLosses[0]);
  EXPECT_LT(r.stepLosses.back(), 0.5f * r.stepLosses.front());
  ASSERT_TRUE(r.finalAccuracy);
  EXPECT_GT(*r.finalAccuracy, 0.8) << log.str(); // chance is 0.1
  ASSERT_EQ(r.evals.size(), 2u);
  EXPECT_EQ(r.evals.back().total, 50); // every test record, the padded tail included once
  EXPECT_EQ(r.state.position.step, 20);

  for (const char* suffix : {"_fwd.mlir", "_fwd_eval.mlir", "_train_step.mlir", "_params.bin",
                             "_bn_stats.bin", "_checkpoint.bin", "_metrics.jsonl"})
    EXPECT_TRUE(std::filesystem::exists(r.prefix + suffix)) << suffix;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "artifacts"))
    EXPECT_EQ(entry.path().string().find(".tmp"), std::string::npos) << entry.path();
  EXPECT_EQ(r.prefix, (dir / "artifacts" / "tiny_bn").string());
  EXPECT_EQ(std::filesystem::file_size(r.prefix + "_params.bin"),
            static_cast<uintmax_t>(nn::parameterCount(fixtures::tinyBnNet())) * 4);

  std::vector<std::string> metrics = lines(r.prefix + "_metrics.jsonl");
  ASSERT_EQ(metrics.size(), 4u);
  EXPECT_EQ(metrics[0].rfind("{\"type\":\"epoch\",\"epoch\":1,\"step\":10,", 0), 0u) << metrics[0];
  EXPECT_EQ(metrics[1].rfind("{\"type\":\"eval\",\"epoch\":1,\"step\":10,", 0), 0u) << metrics[1];
  EXPECT_NE(log.str().find("accuracy"), std::string::npos);
}

// A run stopped after one epoch and resumed for the second ends bit for bit where an
// uninterrupted run does, BatchNorm running statistics and Adam moments included.
TEST_F(TrainerTest, ResumeContinuesExactlyAtAnEpochBoundary) {
  TrainConfig straight = smallConfig();
  straight.artifactsDir = (dir / "straight").string();
  TrainResult a = run(fixtures::tinyBnNet(), straight);

  TrainConfig split = smallConfig();
  split.maxSteps = 10;
  TrainResult first = run(fixtures::tinyBnNet(), split);
  EXPECT_EQ(first.state.position.step, 10);
  split.maxSteps = 0;
  RunMode resume;
  resume.resume = true;
  TrainResult second = run(fixtures::tinyBnNet(), split, resume);
  EXPECT_EQ(second.stepLosses.size(), 10u);
  expectSameState(second.state, a.state);
  EXPECT_EQ(bytes(second.prefix + "_params.bin"), bytes(a.prefix + "_params.bin"));
  EXPECT_EQ(bytes(second.prefix + "_bn_stats.bin"), bytes(a.prefix + "_bn_stats.bin"));
  EXPECT_EQ(*second.finalAccuracy, *a.finalAccuracy);
  EXPECT_EQ(lines(second.prefix + "_metrics.jsonl").size(), 4u); // resumed runs append
}

TEST_F(TrainerTest, ResumeContinuesExactlyInsideAnEpoch) {
  TrainConfig c = smallConfig();
  c.optimizer = program::Optimizer::sgd;
  c.momentum = 0.5f;
  c.seed = 5;
  c.artifactsDir = (dir / "straight").string();
  TrainResult a = run(nn::mnistLinear(), c);
  c.artifactsDir = (dir / "split").string();
  c.maxSteps = 13;
  run(nn::mnistLinear(), c);
  c.maxSteps = 0;
  RunMode resume;
  resume.resume = true;
  TrainResult b = run(nn::mnistLinear(), c, resume);
  EXPECT_EQ(b.stepLosses.size(), 7u);
  expectSameState(b.state, a.state);

  c.batch = 8; // another data order cannot continue this run
  try {
    run(nn::mnistLinear(), c, resume);
    ADD_FAILURE() << "resumed with another batch";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("batch is 8 but ", 0), 0u) << e.what();
  }
}

TEST_F(TrainerTest, EvalOnlyScoresTheCheckpoint) {
  TrainConfig c = smallConfig();
  c.epochs = 1;
  c.warmupEpochs = 0;
  TrainResult trained = run(fixtures::tinyBnNet(), c);
  EvalRecord e = evaluate(fixtures::tinyBnNet(), c, data::DatasetKind::mnist, dir.string(), log);
  EXPECT_EQ(e.correct, trained.evals.back().correct);
  EXPECT_EQ(e.total, 50);
  c.batch = 7; // the eval batch is free: 50 = 7 * 7 + 1, six padded rows
  RunMode evalOnly;
  evalOnly.evalOnly = true;
  TrainResult r = run(fixtures::tinyBnNet(), c, evalOnly);
  EXPECT_TRUE(r.stepLosses.empty());
  EXPECT_EQ(r.evals.at(0).correct, trained.evals.back().correct);
  EXPECT_EQ(r.evals.at(0).total, 50);

  EXPECT_THROW(evaluate(nn::mnistLinear(), c, data::DatasetKind::mnist, dir.string(), log,
                        trained.prefix + "_checkpoint.bin"),
               ParseError);
}

TEST_F(TrainerTest, InitDumpWritesTheHeParameters) {
  TrainConfig c = smallConfig();
  c.maxSteps = 1;
  RunMode mode;
  mode.initDump = (dir / "init.bin").string();
  run(nn::mnistLinear(), c, mode);
  std::vector<char> dumped = bytes(mode.initDump);
  std::vector<char> expected;
  for (const ir::Tensor& t : nn::heInit(nn::mnistLinear()))
    expected.insert(expected.end(), reinterpret_cast<const char*>(t.bytes()),
                    reinterpret_cast<const char*>(t.bytes()) + t.byteSize());
  EXPECT_EQ(dumped, expected);
}

TEST_F(TrainerTest, BadInputsFailBeforeTraining) {
  TrainConfig c = smallConfig();
  EXPECT_THROW(
      train::train(nn::mnistLinear(), c, data::DatasetKind::mnist, (dir / "nothing").string(), log),
      ParseError);
  c.batch = 1000; // more than the 160 training records
  EXPECT_THROW(run(nn::mnistLinear(), c), ConfigError);
  c = smallConfig();
  RunMode resume;
  resume.resume = true; // no checkpoint yet
  EXPECT_THROW(run(nn::mnistLinear(), c, resume), RuntimeError);
  EXPECT_FALSE(std::filesystem::exists(dir / "artifacts"));
}

} // namespace

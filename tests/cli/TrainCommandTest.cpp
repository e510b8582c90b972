// The training subcommands through the real dispatcher: flags, exit codes, one-line errors.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "Harness.h"
#include "tests/train/TrainFixtures.h"

using namespace hlotrain;
using hlotrain::testing::CliResult;
using hlotrain::testing::runInProcess;

namespace {

class TrainCommandTest : public train::fixtures::TrainScratch {
protected:
  std::vector<std::string> trainArgs(std::vector<std::string> extra) {
    std::vector<std::string> args = {"train",
                                     "--net",
                                     "mnist-linear",
                                     "--data",
                                     dir.string(),
                                     "--batch",
                                     "16",
                                     "--epochs",
                                     "2",
                                     "--artifacts",
                                     (dir / "a").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  }
  // A failing command: exit 2 and one line on stderr that contains `needle`.
  void expectUsageError(const std::vector<std::string>& args, const std::string& needle) {
    CliResult r = runInProcess(args);
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
};

TEST_F(TrainCommandTest, ListShowsEveryNet) {
  CliResult r = runInProcess({"list"});
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_NE(r.out.find("mnist-cnn           1676458  1x28x28    10"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("mnist-linear"), std::string::npos);
  EXPECT_NE(r.out.find("669706"), std::string::npos);
}

TEST_F(TrainCommandTest, EveryCommandHasHelp) {
  for (const char* command : {"train", "eval", "emit", "list"}) {
    CliResult r = runInProcess({command, "--help"});
    EXPECT_EQ(r.exitCode, 0) << command;
    EXPECT_EQ(r.out.rfind(std::string("usage: hlotrain ") + command, 0), 0u) << r.out;
  }
}

TEST_F(TrainCommandTest, BadFlagsAndValuesNameTheFlag) {
  expectUsageError(trainArgs({"--learning-rate", "1"}), "'--learning-rate'");
  expectUsageError(trainArgs({"--lr", "fast"}), "--lr: expected a number, got 'fast'");
  expectUsageError(trainArgs({"--warmup-epochs", "2.5"}), "--warmup-epochs: expected an integer");
  expectUsageError(trainArgs({"--lr", "-1"}), "lr must be a finite value > 0");
  expectUsageError(trainArgs({"--momentum", "0.5"}), "momentum must be left at 0.9");
  expectUsageError(trainArgs({"--optimizer", "lion"}), "--optimizer: expected adam or sgd");
  expectUsageError(trainArgs({"--cosine", "--no-cosine"}), "contradict");
  expectUsageError({"train", "--net", "mnist-cnn"}, "--data is required");
  expectUsageError({"train", "--net", "resnet", "--data", "x"}, "--net: unknown net 'resnet'");
  expectUsageError({"train", "--net", "mnist-cnn", "--data", "x", "--dataset", "cifar"},
                   "--dataset: unknown dataset 'cifar'");
  expectUsageError({"eval", "--net", "mnist-cnn", "--data", "x", "--epochs", "3"}, "'--epochs'");
  expectUsageError({"list", "extra"}, "unexpected argument 'extra'");
}

TEST_F(TrainCommandTest, MissingDataAndBadCheckpointsAreOneLineErrors) {
  expectUsageError({"train", "--net", "mnist-linear", "--data", (dir / "none").string()},
                   (dir / "none").string());
  std::string bogus = (dir / "bogus.bin").string();
  std::ofstream(bogus) << "not a checkpoint at all";
  expectUsageError({"eval", "--net", "mnist-linear", "--data", dir.string(), "--checkpoint", bogus},
                   bogus + ": not an hlotrain checkpoint");
}

TEST_F(TrainCommandTest, EmitWritesTheThreeGraphs) {
  std::string out = (dir / "emitted").string();
  CliResult r = runInProcess({"emit", "--net", "mnist-mlp", "--batch", "4", "--optimizer", "sgd",
                              "--tag", "Try 1", "--out", out});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  for (const char* suffix : {"_fwd.mlir", "_fwd_eval.mlir", "_train_step.mlir"}) {
    std::ifstream in(out + "/mnist_mlp_try_1" + suffix);
    std::string first;
    std::getline(in, first);
    EXPECT_EQ(first.rfind("module @jit_mnist_mlp_", 0), 0u) << suffix << ": " << first;
  }
}

TEST_F(TrainCommandTest, TrainsEvaluatesAndResumes) {
  CliResult r = runInProcess(trainArgs({"--max-steps", "10", "--lr", "0.01"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("final test accuracy"), std::string::npos) << r.out;
  r = runInProcess(trainArgs({"--lr", "0.01", "--resume"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("resuming from"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("epoch 2/2 done"), std::string::npos) << r.out;

  r = runInProcess({"eval", "--net", "mnist-linear", "--data", dir.string(), "--artifacts",
                    (dir / "a").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("on 50 test records: accuracy"), std::string::npos) << r.out;

  ::setenv("HLOTRAIN_EVAL_ONLY", "1", 1);
  r = runInProcess(trainArgs({}));
  ::unsetenv("HLOTRAIN_EVAL_ONLY");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("evaluated "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("epoch 1/2"), std::string::npos) << r.out;
}

} // namespace

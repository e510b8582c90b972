// The training subcommands through the real dispatcher: flags, exit codes, one-line errors.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "Harness.h"
#include "ir/Npy.h"
#include "tests/train/TrainFixtures.h"

using namespace hlotrain;
using hlotrain::testing::CliResult;
using hlotrain::testing::expectUsageError;
using hlotrain::testing::runInProcess;

namespace {

class TrainCommandTest : public train::fixtures::TrainScratch {
protected:
  // A small train command; `extra` adds flags, and replaces the value of a flag it repeats.
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
    return hlotrain::testing::withFlags(std::move(args), extra);
  }
};

TEST_F(TrainCommandTest, ListShowsEveryNet) {
  CliResult r = runInProcess({"list"});
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_NE(r.out.find("mnist-cnn               1676458  1x28x28    10"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("mnist-linear"), std::string::npos);
  EXPECT_NE(r.out.find("669706"), std::string::npos);
  // The longest name keeps its column.
  EXPECT_NE(r.out.find("mobilenetv4-conv-s      4124426  3x224x224  10"), std::string::npos);
  // A language model reads a context of token ids; its classes are the vocabulary.
  EXPECT_NE(r.out.find("gpt-nano                 212545  64 tokens  65\n"), std::string::npos);
}

TEST_F(TrainCommandTest, ListParamsShowsANetsTensorsInOrder) {
  CliResult r = runInProcess({"list", "--params", "efficientnet-b0"});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(
      r.out.rfind("efficientnet-b0: 4020358 parameters in 213 tensors, 49 BatchNorm layers\n", 0),
      0u)
      << r.out;
  EXPECT_NE(
      r.out.find("    0  conv0.w                          32x3x3x3                864  weight\n"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("mb1.0.se.reduce.b"), std::string::npos) << r.out;
  EXPECT_NE(
      r.out.find("  212  dense11.b                        10                       10  bias\n"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("batchnorm 48: bn8, 1280 channels\n"), std::string::npos) << r.out;
  expectUsageError({"list", "--params"}, "flag '--params' needs a value");
  CliResult unknown = runInProcess({"list", "--params", "resnet"});
  EXPECT_NE(unknown.exitCode, 0);
  EXPECT_NE(unknown.err.find("unknown net 'resnet'"), std::string::npos) << unknown.err;
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

// Every numeric flag of train and eval: its range, overflow, trailing characters, non-finite
// numbers; each refused before anything is built, naming the flag.
TEST_F(TrainCommandTest, EveryFlagIsRangeChecked) {
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"--batch", "0"}, "--batch must be at least 1, got 0"},
      {{"--batch", "-4"}, "--batch must be at least 1, got -4"},
      {{"--batch", ""}, "--batch: expected an integer, got ''"},
      {{"--batch", "16x"}, "--batch: expected an integer, got '16x'"},
      {{"--batch", " 16"}, "--batch: expected an integer, got ' 16'"},
      {{"--epochs", "0"}, "--epochs must be at least 1, got 0"},
      {{"--epochs", "99999999999999999999"}, "--epochs: '99999999999999999999' is out of range"},
      {{"--epochs", "1e3"}, "--epochs: expected an integer, got '1e3'"},
      {{"--lr", "0"}, "--lr must be a finite value > 0, got 0"},
      {{"--lr", "nan"}, "--lr: expected a finite number, got 'nan'"},
      {{"--lr", "inf"}, "--lr: expected a finite number, got 'inf'"},
      {{"--lr", "1e999"}, "--lr: '1e999' is out of range"},
      {{"--lr", "0.1.2"}, "--lr: expected a number, got '0.1.2'"},
      {{"--optimizer", "sgd", "--momentum", "1"}, "--momentum must be in [0, 1), got 1"},
      {{"--optimizer", "sgd", "--momentum", "-0.5"}, "--momentum must be in [0, 1)"},
      {{"--optimizer", "sgd", "--momentum", "1e39"}, "--momentum: '1e39' is out of range"},
      {{"--weight-decay", "-1"}, "--weight-decay must be a finite value >= 0"},
      {{"--label-smoothing", "1"}, "--label-smoothing must be in [0, 1), got 1"},
      {{"--label-smoothing", "-0.1"}, "--label-smoothing must be in [0, 1)"},
      {{"--warmup-epochs", "-1"}, "--warmup-epochs must be in [0, epochs] = [0, 2], got -1"},
      {{"--warmup-epochs", "3", "--no-cosine"}, "--warmup-epochs must be in [0, epochs]"},
      {{"--warmup-epochs", "2"}, "--warmup-epochs must be less than epochs (2)"},
      {{"--eval-every", "-1"}, "--eval-every must be at least 0"},
      {{"--checkpoint-every", "-1"}, "--checkpoint-every must be at least 0"},
      {{"--checkpoint-every-steps", "-3"}, "--checkpoint-every-steps must be at least 0, got -3"},
      {{"--checkpoint-every-steps", "2.5"}, "--checkpoint-every-steps: expected an integer"},
      {{"--log-every", "-1"}, "--log-every must be at least 0"},
      {{"--max-steps", "-1"}, "--max-steps must be at least 0"},
      {{"--seed", "-1"}, "--seed: expected a value >= 0, got -1"},
      {{"--seed", "18446744073709551616"}, "--seed: '18446744073709551616' is out of range"},
      {{"--artifacts", ""}, "--artifacts must be a directory"},
      {{"--skip-nonfinite=yes"}, "flag '--skip-nonfinite' takes no value"},
      {{"--batch", "100000"}, "--batch must be at most the 160 training records"},
  };
  for (const auto& [extra, message] : cases) expectUsageError(trainArgs(extra), message);
  for (const auto& [extra, message] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--batch", "0"}, "--batch must be at least 1, got 0"},
           {{"--batch", "9223372036854775808"}, "--batch: '9223372036854775808' is out of range"},
           {{"--artifacts", ""}, "--artifacts must be a directory"}}) {
    std::vector<std::string> args = {"eval", "--net", "mnist-linear", "--data", dir.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    expectUsageError(args, message);
  }
}

// A checkpoint is checked against the net it is loaded for, and a resumed run against the data
// order it was cut with; the first mismatch is named, and nothing runs.
TEST_F(TrainCommandTest, MismatchedCheckpointsAreRefusedNamingTheFirstMismatch) {
  CliResult r = runInProcess(trainArgs({"--max-steps", "1"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::string linear = (dir / "a" / "mnist_linear_checkpoint.bin").string();
  expectUsageError({"eval", "--net", "mnist-mlp", "--data", dir.string(), "--checkpoint", linear},
                   linear + ": parameter tensor count: expected 6 for MNIST-MLP, found 2");
  expectUsageError(trainArgs({"--resume", "--batch", "8"}),
                   "--batch is 8 but " + linear + " was written with 16");
  expectUsageError(trainArgs({"--resume", "--seed", "4"}), "--seed is 4 but ");
  expectUsageError(trainArgs({"--resume", "--optimizer", "sgd"}), "--optimizer is sgd but ");
}

// A learning rate that makes SGD overflow stops the run with exit 1 and one line naming the step,
// the epoch and the checkpoint situation; --skip-nonfinite runs to the end and counts the skips.
TEST_F(TrainCommandTest, ANonFiniteStepStopsTheRunOrIsSkipped) {
  std::vector<std::string> diverging = {"--optimizer", "sgd",  "--momentum", "0",
                                        "--no-cosine", "--lr", "1e30"};
  CliResult r = runInProcess(trainArgs(diverging));
  EXPECT_EQ(r.exitCode, 1) << r.out;
  EXPECT_EQ(r.err.rfind("error: step ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("(epoch 1/2, batch "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("No checkpoint was written yet"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "a" / "mnist_linear_checkpoint.bin"));

  diverging.push_back("--skip-nonfinite");
  r = runInProcess(trainArgs(diverging));
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("; step skipped (--skip-nonfinite)"), std::string::npos) << r.out;
  std::ifstream metrics(dir / "a" / "mnist_linear_metrics.jsonl");
  std::string first;
  while (std::getline(metrics, first) && !first.starts_with("{\"type\":\"epoch\"")) {
  }
  EXPECT_NE(first.find("\"skipped\":"), std::string::npos) << first;
  EXPECT_EQ(first.find("\"skipped\":0,"), std::string::npos) << first;
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

  std::string logits = (dir / "logits.npy").string();
  r = runInProcess({"eval", "--net", "mnist-linear", "--data", dir.string(), "--artifacts",
                    (dir / "a").string(), "--logits", logits});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(ir::readNpy(logits).shape(), (ir::Shape{50, 10}));
  r = runInProcess({"eval", "--net", "mnist-linear", "--data", dir.string(), "--artifacts",
                    (dir / "a").string(), "--logits", (dir / "no-such-dir" / "l.npy").string()});
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("no-such-dir"), std::string::npos) << r.err;

  ::setenv("HLOTRAIN_EVAL_ONLY", "1", 1);
  r = runInProcess(trainArgs({}));
  ::unsetenv("HLOTRAIN_EVAL_ONLY");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("evaluated "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("epoch 1/2"), std::string::npos) << r.out;
}

} // namespace

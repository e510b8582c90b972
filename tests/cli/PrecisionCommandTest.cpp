// --precision through the real dispatcher: a bf16 run learns, its graphs multiply in bf16, its
// checkpoint resumes in bf16 (and refuses f32) and evaluates in f32; bad values are refused.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "Harness.h"
#include "lower/cpu/Measure.h"
#include "tests/train/TrainFixtures.h"

using namespace hlotrain;
using hlotrain::testing::CliResult;
using hlotrain::testing::expectUsageError;
using hlotrain::testing::runInProcess;

namespace {

namespace fs = std::filesystem;

class PrecisionCommandTest : public train::fixtures::TrainScratch {
protected:
  std::vector<std::string> trainArgs(std::vector<std::string> extra) const {
    std::vector<std::string> args = {"train",  "--net",       "mnist-linear",
                                     "--data", dir.string(),  "--batch",
                                     "16",     "--epochs",    "2",
                                     "--lr",   "0.02",        "--log-every",
                                     "0",      "--artifacts", (dir / "a").string()};
    return hlotrain::testing::withFlags(std::move(args), extra);
  }
  static std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
};

TEST_F(PrecisionCommandTest, ABf16RunLearnsResumesInBf16AndEvaluatesInF32) {
  // The cpu fast path refuses bf16 products where oneDNN has no bf16 instructions
  // (tests/lower/cpu/FastBf16Test.cpp pins that refusal).
  if (!cpu::hasBf16MatrixUnits())
    GTEST_SKIP() << "no bf16 matrix instructions (oneDNN ISA " << cpu::effectiveIsaName() << ")";
  CliResult r = runInProcess(trainArgs({"--precision", "bf16", "--max-steps", "10"}));
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  const std::string step = slurp(dir / "a" / "mnist_linear_train_step.mlir");
  EXPECT_NE(step.find("(tensor<16x784xbf16>, tensor<784x10xbf16>) -> tensor<16x10xf32>"),
            std::string::npos);
  EXPECT_NE(slurp(dir / "a" / "mnist_linear_fwd_eval.mlir").find("xbf16>"), std::string::npos);

  // The checkpoint stores the precision: a resume with no flag continues in bf16, f32 is refused.
  expectUsageError(trainArgs({"--resume", "--precision", "f32"}), "--precision");
  r = runInProcess(
      {"train", "--resume", "--net", "mnist-linear", "--artifacts", (dir / "a").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("final test accuracy"), std::string::npos) << r.out;
  const size_t at = r.out.find("final test accuracy ");
  const double accuracy = std::stod(r.out.substr(at + 20));
  EXPECT_GT(accuracy, 60.0) << r.out; // chance is 10%

  // Its checkpoint is f32 like any other: the f32 eval forward scores it.
  r = runInProcess({"eval", "--net", "mnist-linear", "--data", dir.string(), "--artifacts",
                    (dir / "a").string(), "--precision", "f32"});
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("on 50 test records: accuracy"), std::string::npos) << r.out;
  EXPECT_EQ(slurp(dir / "a" / "mnist_linear_fwd_eval.mlir").find("bf16"), std::string::npos);
}

TEST_F(PrecisionCommandTest, AnotherPrecisionIsRefusedNamingTheFlag) {
  expectUsageError(trainArgs({"--precision", "fp16"}),
                   "--precision: expected f32 or bf16, got 'fp16'");
  for (const char* command : {"bench", "emit", "diff"}) {
    std::vector<std::string> args = {command, "--net", "mnist-linear", "--precision", "f16"};
    if (std::string(command) == "diff") args.insert(args.end(), {"--lowerers", "cpu,cpu"});
    expectUsageError(args, "--precision: expected f32 or bf16, got 'f16'");
  }
}

TEST_F(PrecisionCommandTest, EmitWritesTheGraphsOfThePrecisionAsked) {
  for (const char* precision : {"f32", "bf16"}) {
    SCOPED_TRACE(precision);
    const fs::path out = dir / precision;
    CliResult r = runInProcess({"emit", "--net", "mnist-cnn", "--batch", "4", "--precision",
                                precision, "--out", out.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const bool bf16 = std::string(precision) == "bf16";
    // The image is converted to bf16 for the first convolution in every graph, or nowhere.
    for (const char* graph : {"fwd", "fwd_eval", "train_step"}) {
      const std::string text = slurp(out / ("mnist_cnn_" + std::string(graph) + ".mlir"));
      EXPECT_EQ(text.find("tensor<4x1x28x28xbf16>") != std::string::npos, bf16) << graph;
    }
  }
}

} // namespace

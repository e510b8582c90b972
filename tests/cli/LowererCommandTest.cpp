// Every command on every lowerer, as users run them: the real binary with HLOTRAIN_LOWERER and
// PJRT_PLUGIN (or the flags). Training through the xla client over our PJRT plugin ends
// bit-identical to the cpu lowerer; iree compiles each graph once (a stand-in iree-compile) and
// then says it has no runtime; a bad plugin, a failing compile and a failing execute each stop
// with one line and write no checkpoint.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "Harness.h"
#include "tests/support/ScopedEnv.h"
#include "tests/train/TrainFixtures.h"

using namespace hlotrain;
using hlotrain::testing::CliResult;
using hlotrain::testing::runBinary;
using hlotrain::testing::runInProcess;

namespace {

namespace fs = std::filesystem;

using hlotrain::testing::ScopedEnv;

std::string bytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

size_t lineCount(const fs::path& file) {
  std::ifstream in(file);
  size_t n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

// The line of `text` holding `needle`, for messages.
std::string lineWith(const std::string& text, const std::string& needle) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.find(needle) != std::string::npos) return line;
  return "";
}

class LowererCommandTest : public train::fixtures::TrainScratch {
protected:
  std::vector<std::string> trainArgs(const std::string& net, const std::string& artifacts,
                                     std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {
        "train",   "--net",       net,        "--data",      dir.string(),
        "--batch", "16",          "--epochs", "3",           "--lr",
        "0.01",    "--log-every", "0",        "--artifacts", (dir / artifacts).string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  }
  fs::path artifact(const std::string& artifacts, const std::string& net, const char* suffix) {
    return dir / artifacts / (net + suffix);
  }
};

// The acceptance run: MNIST-CNN, 3 epochs of 10 steps, through HLOTRAIN_LOWERER=xla with our
// plugin, against the cpu lowerer.
TEST_F(LowererCommandTest, XlaTrainingOverOurPluginIsBitIdenticalToCpu) {
  CliResult cpu = runBinary(trainArgs("mnist-cnn", "cpu"));
  ASSERT_EQ(cpu.exitCode, 0) << cpu.err;
  CliResult xla;
  {
    ScopedEnv lowerer("HLOTRAIN_LOWERER", "xla");
    ScopedEnv plugin("PJRT_PLUGIN", HLOTRAIN_PJRT_PLUGIN);
    xla = runBinary(trainArgs("mnist-cnn", "xla"));
  }
  ASSERT_EQ(xla.exitCode, 0) << xla.err;
  EXPECT_NE(xla.out.find("lowerer xla (cpu, PJRT 0.113 plugin "), std::string::npos) << xla.out;
  for (const char* suffix : {"_checkpoint.bin", "_params.bin", "_bn_stats.bin"})
    EXPECT_EQ(bytes(artifact("xla", "mnist_cnn", suffix)),
              bytes(artifact("cpu", "mnist_cnn", suffix)))
        << suffix;
  EXPECT_EQ(lineWith(xla.out, "final test"), lineWith(cpu.out, "final test"));
  EXPECT_FALSE(lineWith(cpu.out, "final test").empty()) << cpu.out;
}

TEST_F(LowererCommandTest, EvaluationRunsOnEveryLowerer) {
  ASSERT_EQ(runInProcess(trainArgs("mnist-linear", "a")).exitCode, 0);
  const std::vector<std::string> eval = {"eval",   "--net",       "mnist-linear",
                                         "--data", dir.string(),  "--batch",
                                         "16",     "--artifacts", (dir / "a").string()};
  CliResult cpu = runInProcess(eval);
  ASSERT_EQ(cpu.exitCode, 0) << cpu.err;
  std::vector<std::string> onXla = eval;
  onXla.insert(onXla.end(), {"--lowerer", "xla", "--pjrt-plugin", HLOTRAIN_PJRT_PLUGIN});
  CliResult xla = runInProcess(onXla);
  ASSERT_EQ(xla.exitCode, 0) << xla.err;
  EXPECT_EQ(lineWith(xla.out, "evaluated"), lineWith(cpu.out, "evaluated"));
  EXPECT_NE(lineWith(cpu.out, "evaluated").find("accuracy"), std::string::npos) << cpu.out;

  // iree evaluates its own artifact, the .vmfb, which is compiled for the purpose; this build has
  // no IREE runtime, and says so rather than evaluating nothing.
  ScopedEnv compiler("IREE_COMPILE",
                     hlotrain::testing::sourcePath("tests/lower/iree/fake-iree-compile").string());
  ScopedEnv log("FAKE_IREE_LOG", (dir / "iree.log").string());
  std::vector<std::string> onIree = eval;
  onIree.insert(onIree.end(), {"--lowerer", "iree"});
  CliResult iree = runInProcess(onIree);
  EXPECT_EQ(iree.exitCode, 3) << iree.out << iree.err;
  EXPECT_NE(
      iree.err.find("mnist_linear_fwd_eval.vmfb is ready, but this build has no IREE runtime"),
      std::string::npos)
      << iree.err;
  EXPECT_TRUE(fs::exists(artifact("a", "mnist_linear", "_fwd_eval.vmfb")));
  EXPECT_EQ(lineCount(dir / "iree.log"), 1u);
}

TEST_F(LowererCommandTest, IreeCompilesOnceAndRecompilesExactlyWhatChanged) {
  ScopedEnv compiler("IREE_COMPILE",
                     hlotrain::testing::sourcePath("tests/lower/iree/fake-iree-compile").string());
  ScopedEnv log("FAKE_IREE_LOG", (dir / "iree.log").string());
  const std::vector<std::string> args = trainArgs("mnist-linear", "i", {"--lowerer", "iree"});
  auto train = [&](std::vector<std::string> extra = {}) {
    std::vector<std::string> a = args;
    a.insert(a.end(), extra.begin(), extra.end());
    CliResult r = runInProcess(a);
    EXPECT_EQ(r.exitCode, 3) << "no IREE runtime here: " << r.out << r.err;
    EXPECT_NE(r.err.find("this build has no IREE runtime"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(artifact("i", "mnist_linear", "_checkpoint.bin")));
    return r;
  };
  train();
  EXPECT_EQ(lineCount(dir / "iree.log"), 2u) << "the train step and the eval forward";
  for (const char* graph : {"_train_step.vmfb", "_fwd_eval.vmfb"}) {
    EXPECT_TRUE(fs::exists(artifact("i", "mnist_linear", graph))) << graph;
    EXPECT_TRUE(fs::exists(artifact("i", "mnist_linear", (std::string(graph) + ".hash").c_str())));
  }
  train();
  EXPECT_EQ(lineCount(dir / "iree.log"), 2u) << "an identical run compiles nothing";
  {
    ScopedEnv chip("IREE_CHIP", "znver5");
    train();
    EXPECT_EQ(lineCount(dir / "iree.log"), 4u);
  }
  {
    ScopedEnv flags("IREE_EXTRA_FLAGS", "--iree-opt-level=O3");
    train();
    EXPECT_EQ(lineCount(dir / "iree.log"), 6u);
  }
  {
    ScopedEnv backend("IREE_BACKEND", "vulkan");
    train();
    EXPECT_EQ(lineCount(dir / "iree.log"), 8u);
  }
  train();
  EXPECT_EQ(lineCount(dir / "iree.log"), 10u) << "back to the first settings: both again";
  // Another weight decay changes the train step's MLIR only.
  train({"--weight-decay", "0"});
  EXPECT_EQ(lineCount(dir / "iree.log"), 11u);
  std::ifstream in(dir / "iree.log");
  std::string last;
  for (std::string line; std::getline(in, line);) last = line;
  EXPECT_NE(last.find("mnist_linear_train_step.mlir"), std::string::npos) << last;
}

TEST_F(LowererCommandTest, AFailedIreeCompileStopsTheRunNamingTheGraph) {
  const std::string failing = (dir / "failing-iree-compile").string();
  {
    std::ofstream script(failing);
    script << "#!/bin/sh\nfor i in $(seq 1 25); do echo \"error $i: no such target\" >&2; done\n"
              "exit 1\n";
  }
  fs::permissions(failing, fs::perms::owner_all);
  ScopedEnv compiler("IREE_COMPILE", failing);
  CliResult r = runInProcess(trainArgs("mnist-linear", "f", {"--lowerer", "iree"}));
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("train_step"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("error 1: no such target"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("error 21: no such target"), std::string::npos) << "20 lines at most";
  EXPECT_FALSE(fs::exists(artifact("f", "mnist_linear", "_train_step.vmfb")));
  EXPECT_FALSE(fs::exists(artifact("f", "mnist_linear", "_checkpoint.bin")));
}

TEST_F(LowererCommandTest, BadPluginsFailingCompilesAndExecutesAreOneLine) {
  struct Case {
    std::vector<std::string> flags;
    const char* mode;
    int exit;
    std::string needle;
  };
  const Case cases[] = {
      {{"--pjrt-plugin", "/nonexistent/libpjrt.so"},
       "",
       3,
       "cannot load the PJRT plugin /nonexistent/libpjrt.so: "},
      {{"--pjrt-plugin", HLOTRAIN_NOT_A_PLUGIN},
       "",
       3,
       "is not a PJRT plugin: it has no GetPjrtApi"},
      {{"--pjrt-plugin", HLOTRAIN_FAKE_PJRT_PLUGIN}, "major", 3, "implements PJRT C API 1.0;"},
      {{"--pjrt-plugin", HLOTRAIN_FAKE_PJRT_PLUGIN},
       "compile",
       1,
       "mnist_linear_train_step.mlir: <program>:3:5: error: 'stablehlo.frobnicate'"},
      {{"--pjrt-plugin", HLOTRAIN_FAKE_PJRT_PLUGIN},
       "execute",
       1,
       "running " + (dir / "x" / "mnist_linear_train_step.mlir").string() + ": fake:"},
      {{}, "", 3, "set PJRT_PLUGIN or --pjrt-plugin"},
  };
  ScopedEnv noPlugin("PJRT_PLUGIN", "");
  for (const Case& c : cases) {
    SCOPED_TRACE(c.needle);
    ScopedEnv mode("HLOTRAIN_FAKE_PJRT", c.mode);
    std::vector<std::string> flags = {"--lowerer", "xla"};
    flags.insert(flags.end(), c.flags.begin(), c.flags.end());
    CliResult r = runBinary(trainArgs("mnist-linear", "x", flags));
    EXPECT_FALSE(r.signaled);
    EXPECT_EQ(r.exitCode, c.exit) << r.err;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
    EXPECT_FALSE(fs::exists(artifact("x", "mnist_linear", "_checkpoint.bin")));
    EXPECT_FALSE(fs::exists(artifact("x", "mnist_linear", "_params.bin")));
  }
}

TEST_F(LowererCommandTest, DiffComparesTwoLowerersPerOutput) {
  CliResult r = runInProcess({"diff", "--lowerers", "cpu,xla", "--net", "mnist-cnn",
                              "--pjrt-plugin", HLOTRAIN_PJRT_PLUGIN});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("every output within the tolerance"), std::string::npos) << r.out;
  EXPECT_NE(lineWith(r.out, "train_step loss").find("max_abs 0.000e+00"), std::string::npos)
      << r.out;
  EXPECT_NE(lineWith(r.out, "fwd_eval   logits").find("max_rel 0.000e+00"), std::string::npos)
      << r.out;
  EXPECT_FALSE(lineWith(r.out, "param' ").empty());
  EXPECT_EQ(runInProcess({"diff", "--lowerers", "cpu", "--net", "mnist-cnn"}).exitCode, 2);
  EXPECT_EQ(runInProcess({"diff", "--lowerers", "cpu,tpu", "--net", "mnist-cnn"}).exitCode, 2);
  EXPECT_EQ(
      runInProcess({"diff", "--lowerers", "cpu,cpu", "--net", "mnist-cnn", "--tolerance", "-1"})
          .exitCode,
      2);
}

TEST_F(LowererCommandTest, DiffComparesTheBf16GraphsWhenAsked) {
  CliResult r = runInProcess({"diff", "--lowerers", "cpu,xla", "--net", "mnist-cnn", "--precision",
                              "bf16", "--pjrt-plugin", HLOTRAIN_PJRT_PLUGIN});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_EQ(r.out.rfind("diff mnist-cnn batch 2 bf16: cpu", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("every output within the tolerance"), std::string::npos) << r.out;
  EXPECT_EQ(runInProcess({"diff", "--lowerers", "cpu,cpu", "--net", "mnist-cnn"})
                .out.rfind("diff mnist-cnn batch 2 f32: cpu", 0),
            0u);
}

TEST_F(LowererCommandTest, RunPassesAConformanceFileThroughTheBinaryOnXla) {
  CliResult r =
      runBinary({"run", hlotrain::testing::sourcePath("tests/conformance/reduce.mlir").string(),
                 "--lowerer", "xla", "--pjrt-plugin", HLOTRAIN_PJRT_PLUGIN});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find(" checks passed"), std::string::npos) << r.out;
}

} // namespace

// The `hlotrain` command line: dispatch, flags, exit codes, inputs and outputs of `run`.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "Harness.h"
#include "cli/Args.h"
#include "cli/Run.h"
#include "ir/Npy.h"
#include "support/Version.h"

namespace hlotrain::testing {
namespace {

namespace fs = std::filesystem;

const char* const kAddModule =
    R"(func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %b : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
)";

const char* const kTwoResults = R"(func.func @pair() -> (tensor<i32>, tensor<2xi64>) {
  %0 = stablehlo.constant dense<7> : tensor<i32>
  %1 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  check.expect_eq_const %0, dense<7> : tensor<i32>
  func.return %0, %1 : tensor<i32>, tensor<2xi64>
}
)";

TEST(Args, FlagsAndPositionals) {
  const cli::FlagSpec specs[] = {{"--name"}, {"--many", true, true}, {"--switch", false}};
  std::vector<std::string> args = {"a",      "--name", "x",  "--many=1", "--switch",
                                   "--many", "2",      "--", "--b"};
  cli::ParsedArgs parsed = cli::parseArgs(args, specs);
  EXPECT_EQ(parsed.positional, (std::vector<std::string>{"a", "--b"}));
  EXPECT_EQ(parsed.value("--name"), "x");
  EXPECT_EQ(parsed.values("--many"), (std::vector<std::string>{"1", "2"}));
  EXPECT_TRUE(parsed.has("--switch"));
  EXPECT_FALSE(parsed.has("--other"));
}

TEST(Args, Errors) {
  const cli::FlagSpec specs[] = {{"--name"}, {"--switch", false}};
  auto parse = [&](std::vector<std::string> args) { return cli::parseArgs(args, specs); };
  EXPECT_THROW(parse({"--bogus"}), cli::UsageError);
  EXPECT_THROW(parse({"--name"}), cli::UsageError);
  EXPECT_THROW(parse({"--name", "a", "--name", "b"}), cli::UsageError);
  EXPECT_THROW(parse({"--switch=1"}), cli::UsageError);
}

TEST(Cli, Help) {
  CliResult top = runInProcess({"--help"});
  EXPECT_EQ(top.exitCode, 0);
  EXPECT_NE(top.out.find("run"), std::string::npos);
  CliResult run = runInProcess({"run", "--help"});
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_NE(run.out.find("--input"), std::string::npos);
  EXPECT_NE(run.out.find("Exit codes"), std::string::npos);
}

// The version is the project's and the commit the checkout's HEAD when it was configured (a
// fresh clone's, in CI): "hlotrain X.Y.Z (git <12 hex digits>)", or "(git unknown)" without git.
TEST(Cli, VersionNamesTheProjectVersionAndTheCommitBuilt) {
  CliResult r = runInProcess({"--version"});
  EXPECT_EQ(r.exitCode, 0);
  unsigned major = 0, minor = 0, patch = 0;
  char commit[16] = {};
  int consumed = 0;
  ASSERT_EQ(std::sscanf(r.out.c_str(), "hlotrain %u.%u.%u (git %15[0-9a-z])\n%n", &major, &minor,
                        &patch, commit, &consumed),
            4)
      << r.out;
  EXPECT_EQ(static_cast<size_t>(consumed), r.out.size()) << r.out;
  const std::string built = commit;
  EXPECT_TRUE(
      built == "unknown" ||
      (built.size() == 12 && built.find_first_not_of("0123456789abcdef") == std::string::npos))
      << r.out;
  EXPECT_EQ(r.out, std::string(versionLine()) + "\n");
  EXPECT_NE(runInProcess({"--help"}).out.find("`hlotrain --version`"), std::string::npos);
  CliResult extra = runInProcess({"--version", "--x"});
  EXPECT_EQ(extra.exitCode, 2);
  EXPECT_EQ(extra.err, "error: --version takes no argument\n");
}

TEST(Cli, UsageErrorsExit2AndNameTheCulprit) {
  CliResult none = runInProcess({});
  EXPECT_EQ(none.exitCode, 2);
  CliResult command = runInProcess({"frobnicate"});
  EXPECT_EQ(command.exitCode, 2);
  EXPECT_NE(command.err.find("frobnicate"), std::string::npos);
  CliResult flag = runInProcess({"run", "x.mlir", "--fast"});
  EXPECT_EQ(flag.exitCode, 2);
  EXPECT_NE(flag.err.find("--fast"), std::string::npos);
  CliResult missing = runInProcess({"run"});
  EXPECT_EQ(missing.exitCode, 2);
  CliResult extra = runInProcess({"run", "a.mlir", "b.mlir"});
  EXPECT_EQ(extra.exitCode, 2);
  EXPECT_NE(extra.err.find("b.mlir"), std::string::npos);
}

TEST(Cli, MissingFileIsOneLineNamingThePath) {
  CliResult r = runInProcess({"run", "/nonexistent/dir/file.mlir"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("/nonexistent/dir/file.mlir"), std::string::npos);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
  TempDir dir;
  EXPECT_EQ(runInProcess({"run", dir.path().string()}).exitCode, 2);
}

TEST(Run, InputsAndOutputs) {
  TempDir dir;
  std::string file = dir.write("add.mlir", kAddModule);
  ir::writeNpy(dir.file("a.npy"), ir::Tensor::fromVector<float>({2}, {1.5f, -2.0f}));
  ir::writeNpy(dir.file("b.npy"), ir::Tensor::fromVector<float>({2}, {0.5f, 4.0f}));
  for (bool reference : {false, true}) {
    std::string out = dir.file(reference ? "ref" : "fast");
    std::vector<std::string> args = {
        "run", file, "--input", dir.file("a.npy"), "--input=" + dir.file("b.npy"), "--output", out};
    if (reference) args.push_back("--reference");
    CliResult r = runInProcess(args);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "0 checks passed\n");
    EXPECT_EQ(ir::readNpy(out + "/out0.npy"), ir::Tensor::fromVector<float>({2}, {2.0f, 2.0f}));
  }
}

TEST(Run, MismatchedInputsNameTheArgument) {
  TempDir dir;
  std::string file = dir.write("add.mlir", kAddModule);
  ir::writeNpy(dir.file("a.npy"), ir::Tensor::fromVector<float>({2}, {1, 2}));
  ir::writeNpy(dir.file("shape.npy"), ir::Tensor::fromVector<float>({3}, {1, 2, 3}));
  ir::writeNpy(dir.file("type.npy"), ir::Tensor::fromVector<int32_t>({2}, {1, 2}));
  CliResult count = runInProcess({"run", file, "--input", dir.file("a.npy")});
  EXPECT_EQ(count.exitCode, 1);
  EXPECT_NE(count.err.find("2 arguments"), std::string::npos) << count.err;
  for (const char* bad : {"shape.npy", "type.npy"}) {
    CliResult r =
        runInProcess({"run", file, "--input", dir.file("a.npy"), "--input", dir.file(bad)});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("%arg1"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(bad), std::string::npos) << r.err;
  }
  dir.write("garbage.npy", "not an npy file");
  CliResult garbage =
      runInProcess({"run", file, "--input", dir.file("a.npy"), "--input", dir.file("garbage.npy")});
  EXPECT_EQ(garbage.exitCode, 2);
  EXPECT_NE(garbage.err.find("garbage.npy"), std::string::npos) << garbage.err;
}

TEST(Run, EntrySelectionAndMultiResultOutputs) {
  TempDir dir;
  std::string file = dir.write("pair.mlir", kTwoResults);
  CliResult r = runInProcess({"run", file, "--output", dir.file("out")});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "1 checks passed\n");
  EXPECT_EQ(ir::readNpy(dir.file("out/out0.npy")), ir::Tensor::scalar<int32_t>(7));
  EXPECT_EQ(ir::readNpy(dir.file("out/out1.npy")), ir::Tensor::fromVector<int64_t>({2}, {1, 2}));
  EXPECT_EQ(runInProcess({"run", file, "--entry", "pair"}).exitCode, 0);
  CliResult wrong = runInProcess({"run", file, "--entry", "nothere"});
  EXPECT_EQ(wrong.exitCode, 2);
  EXPECT_NE(wrong.err.find("nothere"), std::string::npos);
}

TEST(Run, SeveralModulesRunEachAndNumberOutputs) {
  TempDir dir;
  std::string file =
      dir.write("two.mlir", std::string(kTwoResults) + "\n// -----\n\n" + kTwoResults);
  CliResult r = runInProcess({"run", file, "--output", dir.file("out")});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "2 checks passed\n");
  EXPECT_TRUE(fs::exists(cli::outputPath(dir.file("out"), 2, 1, 1)));
  EXPECT_EQ(cli::outputPath("d", 2, 1, 0), (fs::path("d") / "out1_0.npy").string());
  EXPECT_EQ(cli::outputPath("d", 1, 0, 3), (fs::path("d") / "out3.npy").string());
}

TEST(Run, FailedCheckWritesNothing) {
  TempDir dir;
  std::string file = dir.write("fail.mlir", R"(func.func @main() -> tensor<2xi32> {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %0, dense<[1, 3]> : tensor<2xi32>
  func.return %0 : tensor<2xi32>
}
)");
  for (bool reference : {false, true}) {
    std::vector<std::string> args = {"run", file, "--output", dir.file("out")};
    if (reference) args.push_back("--reference");
    CliResult r = runInProcess(args);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.out.rfind("FAIL: check.expect_eq_const at element 1: actual 2, expected 3", 0), 0u)
        << r.out;
    EXPECT_FALSE(fs::exists(dir.file("out/out0.npy")));
  }
}

} // namespace
} // namespace hlotrain::testing

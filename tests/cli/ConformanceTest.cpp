// Runs the conformance files through `hlotrain run`: every tests/conformance/*.mlir and
// tests/conformance/stablehlo/*.mlir must pass on the fast path, on the reference interpreter
// and through the xla lowerer over our PJRT plugin; every tests/conformance/errors/*.mlir must
// exit with the code its first line announces (`// EXIT: N`), with a message and never a signal.

#include <gtest/gtest.h>

#include <fstream>

#include "Harness.h"

namespace hlotrain::testing {
namespace {

namespace fs = std::filesystem;

// Ours, then the official StableHLO testdata of our subset (tests/conformance/stablehlo/).
std::vector<fs::path> conformanceFiles() {
  std::vector<fs::path> files = filesIn(sourcePath("tests/conformance"), ".mlir");
  for (fs::path& f : filesIn(sourcePath("tests/conformance/stablehlo"), ".mlir"))
    files.push_back(std::move(f));
  return files;
}
std::vector<fs::path> errorFiles() {
  return filesIn(sourcePath("tests/conformance/errors"), ".mlir");
}

std::string paramName(const ::testing::TestParamInfo<fs::path>& info) {
  return testName(info.param.stem().string());
}

int expectedExit(const fs::path& file) {
  std::ifstream in(file);
  std::string first;
  std::getline(in, first);
  const std::string marker = "// EXIT: ";
  if (!first.starts_with(marker)) return -1;
  return std::stoi(first.substr(marker.size()));
}

// The flags of each way a file is run.
const std::vector<std::vector<std::string>> kLowerers = {
    {}, {"--reference"}, {"--lowerer", "xla", "--pjrt-plugin", HLOTRAIN_PJRT_PLUGIN}};

class Conformance : public ::testing::TestWithParam<fs::path> {};

TEST_P(Conformance, PassesOnEveryLowerer) {
  for (const std::vector<std::string>& flags : kLowerers) {
    std::vector<std::string> args = {"run", GetParam().string()};
    args.insert(args.end(), flags.begin(), flags.end());
    CliResult r = runInProcess(args);
    EXPECT_EQ(r.exitCode, 0) << (flags.empty() ? "fast path" : flags[0]) << ": " << r.out << r.err;
    EXPECT_NE(r.out.find(" checks passed"), std::string::npos);
  }
}

INSTANTIATE_TEST_SUITE_P(Files, Conformance, ::testing::ValuesIn(conformanceFiles()), paramName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Conformance);

class ConformanceErrors : public ::testing::TestWithParam<fs::path> {};

TEST_P(ConformanceErrors, ExitCodeAndMessage) {
  int expected = expectedExit(GetParam());
  ASSERT_GE(expected, 1) << GetParam() << " lacks a first line `// EXIT: N`";
  for (const std::vector<std::string>& flags : kLowerers) {
    std::vector<std::string> args = {"run", GetParam().string()};
    args.insert(args.end(), flags.begin(), flags.end());
    CliResult r = runInProcess(args);
    EXPECT_EQ(r.exitCode, expected)
        << (flags.empty() ? "fast path" : flags[0]) << ": " << r.out << r.err;
    if (expected == 1 && r.err.empty()) {
      EXPECT_EQ(r.out.rfind("FAIL: ", 0), 0u) << r.out;
    } else {
      EXPECT_FALSE(r.err.empty());
      EXPECT_EQ(r.out.find("checks passed"), std::string::npos) << r.out;
    }
    if (expected == 3) {
      EXPECT_EQ(r.err.rfind("unsupported: ", 0), 0u) << r.err;
    }
  }
}

// The real binary, as users run it: the same exit codes, and never a signal.
TEST_P(ConformanceErrors, BinaryExitsCleanly) {
  int expected = expectedExit(GetParam());
  CliResult r = runBinary({"run", GetParam().string()});
  EXPECT_FALSE(r.signaled) << r.err;
  EXPECT_EQ(r.exitCode, expected) << r.out << r.err;
  EXPECT_FALSE(r.out.empty() && r.err.empty());
}

INSTANTIATE_TEST_SUITE_P(Files, ConformanceErrors, ::testing::ValuesIn(errorFiles()), paramName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ConformanceErrors);

TEST(ConformanceBinary, PassingFileAndHelp) {
  CliResult r = runBinary({"run", sourcePath("tests/conformance/binary.mlir").string()});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find(" checks passed"), std::string::npos);
  EXPECT_EQ(runBinary({"--help"}).exitCode, 0);
  EXPECT_EQ(runBinary({"run", "--help"}).exitCode, 0);
}

} // namespace
} // namespace hlotrain::testing

// `hlotrain bench`: one JSON line with the throughput, memory and startup figures, and the plan
// dump.

#include <gtest/gtest.h>

#include <cmath>

#include "Harness.h"
#include "Json.h"
#include "tests/support/ScopedEnv.h"

namespace hlotrain::testing {
namespace {

TEST(BenchCommand, PrintsOneJsonLineAndThePlan) {
  CliResult r = runBinary({"bench", "--net", "mnist-cnn", "--batch", "2", "--steps", "2",
                           "--warmup", "1", "--eval", "--dump-plan"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Json line = parseJson(r.out);
  for (const char* field : {"images_per_s", "ms_per_step", "peak_rss_mb", "compile_s",
                            "first_step_s", "eval_compile_s", "eval_first_step_s"}) {
    ASSERT_EQ(line[field].kind, Json::Kind::number) << field << " in " << r.out;
    EXPECT_GT(line[field].number, 0) << field;
  }
  EXPECT_TRUE(std::isfinite(line["first_loss"].number));
  // The eval forward's plan, then the train step's, each with its memory summary, go to stderr.
  auto count = [&](const std::string& text) {
    size_t n = 0;
    for (size_t at = r.err.find(text); at != std::string::npos; at = r.err.find(text, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("plan for @main"), 2u) << r.err;
  EXPECT_EQ(count("arena: "), 2u) << r.err;
}

TEST(BenchCommand, PairedPeakAddsTheFractionAgainstTheSamplesBesideEachStep) {
  CliResult plain = runBinary({"bench", "--net", "mnist-linear", "--batch", "2", "--steps", "1"});
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  EXPECT_EQ(plain.out.find("paired_peak_fraction"), std::string::npos) << plain.out;
  CliResult r = runBinary({"bench", "--net", "mnist-linear", "--batch", "2", "--steps", "3",
                           "--eval", "--paired-peak"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Json line = parseJson(r.out);
  for (const char* prefix : {"", "eval_"}) {
    const std::string paired = std::string(prefix) + "paired_peak_fraction";
    ASSERT_EQ(line[paired].kind, Json::Kind::number) << paired << " in " << r.out;
    EXPECT_GT(line[paired].number, 0) << paired;
    // A sample beside a step is at most the run's best one, against which peak_fraction is
    // taken, so with an odd step count the median paired fraction is at least peak_fraction;
    // both are printed to 4 significant digits (a tiny net under the sanitizers reaches 1e-5).
    const double fraction = line[std::string(prefix) + "peak_fraction"].number;
    EXPECT_GE(line[paired].number * (1 + 1e-3), fraction) << r.out;
  }
}

// --devices 2 over our plugin's two devices: the data-parallel step of the whole batch, whose
// products are both replicas' (0.026 GFLOP either way, where half would print 0.013).
TEST(BenchCommand, MeasuresTheDataParallelStepOnSeveralDevices) {
  const std::vector<std::string> xla = {"--lowerer", "xla", "--pjrt-plugin", HLOTRAIN_PJRT_PLUGIN};
  std::vector<std::string> one = {"bench", "--net", "mnist-mlp", "--batch", "8", "--steps", "2"};
  one.insert(one.end(), xla.begin(), xla.end());
  std::vector<std::string> two = one;
  two.insert(two.end(), {"--devices", "2"});
  ScopedEnv devices("HLOTRAIN_PJRT_DEVICES", "2");
  const CliResult a = runBinary(one), b = runBinary(two);
  ASSERT_EQ(a.exitCode, 0) << a.err;
  ASSERT_EQ(b.exitCode, 0) << b.err;
  const Json single = parseJson(a.out), parallel = parseJson(b.out);
  EXPECT_EQ(parallel["devices"].number, 2);
  EXPECT_EQ(parallel["batch"].number, 8);
  EXPECT_GT(single["gflop_per_step"].number, 0.02);
  EXPECT_EQ(parallel["gflop_per_step"].number, single["gflop_per_step"].number)
      << "two replicas of half the batch multiply as much as one of all of it";
  EXPECT_TRUE(std::isfinite(parallel["first_loss"].number));
  const CliResult refused = runBinary({"bench", "--net", "mnist-linear", "--devices", "2"});
  EXPECT_EQ(refused.exitCode, 2);
  EXPECT_NE(refused.err.find("--devices 2: the lowerer cpu has 1 device"), std::string::npos)
      << refused.err;
}

TEST(BenchCommand, RejectsBadFlags) {
  EXPECT_EQ(runInProcess({"bench"}).exitCode, 2);
  EXPECT_EQ(runInProcess({"bench", "--net", "mnist-cnn", "--steps", "0"}).exitCode, 2);
  EXPECT_EQ(runInProcess({"bench", "--net", "no-such-net"}).exitCode, 2);
}

} // namespace
} // namespace hlotrain::testing

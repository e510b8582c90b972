// `hlotrain bench`: one JSON line with the throughput, memory and startup figures, and the plan
// dump.

#include <gtest/gtest.h>

#include <cmath>

#include "Harness.h"
#include "Json.h"

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
  // The train step's plan, with its memory summary, goes to stderr.
  EXPECT_NE(r.err.find("plan for @main"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("arena: "), std::string::npos) << r.err;
}

TEST(BenchCommand, RejectsBadFlags) {
  EXPECT_EQ(runInProcess({"bench"}).exitCode, 2);
  EXPECT_EQ(runInProcess({"bench", "--net", "mnist-cnn", "--steps", "0"}).exitCode, 2);
  EXPECT_EQ(runInProcess({"bench", "--net", "no-such-net"}).exitCode, 2);
}

} // namespace
} // namespace hlotrain::testing

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "support/Error.h"
#include "train/Schedule.h"
#include "train/TrainConfig.h"

using namespace hlotrain;
using namespace hlotrain::train;

namespace {

TEST(ScheduleTest, WarmupIsLinearThenCosineFallsToZero) {
  LrSchedule s{1e-3, true, 1, 15, 468};
  const int64_t ws = 468, total = 15 * 468;
  EXPECT_FLOAT_EQ(s.at(1), static_cast<float>(1e-3 / ws));
  EXPECT_FLOAT_EQ(s.at(ws / 2), static_cast<float>(1e-3 * (ws / 2) / ws));
  EXPECT_FLOAT_EQ(s.at(ws), 1e-3f); // the peak: end of warmup
  EXPECT_FLOAT_EQ(s.at(ws + 1),
                  static_cast<float>(1e-3 * 0.5 * (1 + std::cos(std::numbers::pi / (total - ws)))));
  EXPECT_FLOAT_EQ(s.at((ws + total) / 2), 0.5e-3f); // halfway through the cosine
  EXPECT_NEAR(s.at(total), 0.0f, 1e-12f);           // ends at 0
  for (int64_t t = ws + 1; t < total; ++t) ASSERT_LT(s.at(t + 1), s.at(t)) << t;
}

TEST(ScheduleTest, CosineWithoutWarmupStartsAtBase) {
  LrSchedule s{0.1, true, 0, 2, 10};
  EXPECT_FLOAT_EQ(s.at(1), static_cast<float>(0.1 * 0.5 * (1 + std::cos(std::numbers::pi / 20))));
  EXPECT_FLOAT_EQ(s.at(10), 0.05f);
  EXPECT_NEAR(s.at(20), 0.0f, 1e-9f);
}

TEST(ScheduleTest, ConstantWhenCosineIsOff) {
  LrSchedule s{0.05, false, 1, 3, 7};
  for (int64_t t : {1, 7, 8, 21}) EXPECT_EQ(s.at(t), 0.05f);
}

TEST(ScheduleTest, RunningStatsTakeTheFirstBatchThenMoveByATenth) {
  EXPECT_EQ(bnMomentum(1), 1.0f);
  EXPECT_EQ(bnMomentum(2), 0.1f);
  EXPECT_EQ(bnMomentum(1000), 0.1f);
  std::vector<float> running = {0.0f, 1.0f};
  emaUpdate(running, std::vector<float>{3.0f, 5.0f}, bnMomentum(1));
  EXPECT_EQ(running, (std::vector<float>{3.0f, 5.0f}));
  emaUpdate(running, std::vector<float>{13.0f, -5.0f}, bnMomentum(2));
  EXPECT_FLOAT_EQ(running[0], 0.9f * 3.0f + 0.1f * 13.0f);
  EXPECT_FLOAT_EQ(running[1], 0.9f * 5.0f + 0.1f * -5.0f);
  EXPECT_THROW(emaUpdate(running, std::vector<float>{1.0f}, 0.1f), RuntimeError);
}

// Each invalid field is named in the message.
TEST(ScheduleTest, ConfigValidationNamesTheField) {
  auto message = [](auto change) {
    TrainConfig c;
    change(c);
    try {
      validate(c);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("valid");
  };
  EXPECT_EQ(message([](TrainConfig&) {}), "valid");
  EXPECT_EQ(message([](TrainConfig& c) { c.learningRate = -1; }).rfind("lr ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) { c.batch = 0; }).rfind("batch ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) { c.epochs = 0; }).rfind("epochs ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) { c.momentum = 0.5f; }).rfind("momentum ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) {
              c.optimizer = program::Optimizer::sgd;
              c.momentum = 0.5f;
            }),
            "valid");
  EXPECT_EQ(message([](TrainConfig& c) { c.weightDecay = -1; }).rfind("weight-decay ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) { c.warmupEpochs = 15; }).rfind("warmup-epochs ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) { c.labelSmoothing = 1; }).rfind("label-smoothing ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) { c.evalEvery = -1; }).rfind("eval-every ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) { c.maxSteps = -1; }).rfind("max-steps ", 0), 0u);
}

} // namespace

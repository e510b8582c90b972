#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <string>
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

// The LM recipe's (FAMILIES.md 3): 100 warmup steps whatever the epochs' length, then the cosine
// from the peak down to a tenth of it.
TEST(ScheduleTest, WarmupInStepsAndACosineFloor) {
  LrSchedule s{3e-3, true, 1, 20, 490, 100, 0.1};
  const int64_t total = 20 * 490;
  EXPECT_FLOAT_EQ(s.at(1), 3e-5f);
  EXPECT_FLOAT_EQ(s.at(100), 3e-3f);
  EXPECT_FLOAT_EQ(s.at((100 + total) / 2), static_cast<float>(0.3e-3 + 0.5 * 2.7e-3));
  EXPECT_FLOAT_EQ(s.at(total), 3e-4f);
  EXPECT_FLOAT_EQ(s.at(total + 5), 3e-4f); // past the end it stays at the floor
  // A run shorter than its warmup still reaches its peak, on its last step but one.
  LrSchedule shortRun{3e-3, true, 0, 1, 30, 100, 0.1};
  EXPECT_FLOAT_EQ(shortRun.at(29), 3e-3f);
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
  EXPECT_EQ(message([](TrainConfig& c) { c.learningRate = -1; }).rfind("--lr ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) { c.batch = 0; }).rfind("--batch ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) { c.epochs = 0; }).rfind("--epochs ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) { c.momentum = 0.5f; }).rfind("--momentum ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) {
              c.optimizer = program::Optimizer::sgd;
              c.momentum = 0.5f;
            }),
            "valid");
  EXPECT_EQ(message([](TrainConfig& c) { c.weightDecay = -1; }).rfind("--weight-decay ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) { c.warmupEpochs = 15; }).rfind("--warmup-epochs ", 0), 0u);
  EXPECT_EQ(
      message([](TrainConfig& c) { c.loss.labelSmoothing = 1; }).rfind("--label-smoothing ", 0),
      0u);
  EXPECT_EQ(message([](TrainConfig& c) { c.evalEvery = -1; }).rfind("--eval-every ", 0), 0u);
  EXPECT_EQ(message([](TrainConfig& c) { c.maxSteps = -1; }).rfind("--max-steps ", 0), 0u);
}

// Every field's range, both ends, with the values a parser can still produce (NaN, infinities).
TEST(ScheduleTest, EveryFieldIsRangeChecked) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  struct Case {
    std::function<void(TrainConfig&)> change;
    std::string message; // "" for a valid config
  };
  const Case cases[] = {
      {[&](TrainConfig& c) { c.learningRate = nan; }, "--lr must be a finite value > 0, got nan"},
      {[&](TrainConfig& c) { c.learningRate = inf; }, "--lr must be a finite value > 0, got inf"},
      {[](TrainConfig& c) { c.learningRate = 0; }, "--lr must be a finite value > 0, got 0"},
      {[](TrainConfig& c) { c.batch = -3; }, "--batch must be at least 1, got -3"},
      {[](TrainConfig& c) { c.epochs = -1; }, "--epochs must be at least 1, got -1"},
      {[](TrainConfig& c) {
         c.optimizer = program::Optimizer::sgd;
         c.momentum = 1;
       },
       "--momentum must be in [0, 1), got 1"},
      {[](TrainConfig& c) {
         c.optimizer = program::Optimizer::sgd;
         c.momentum = -0.1f;
       },
       "--momentum must be in [0, 1), got -0.1"},
      {[&](TrainConfig& c) {
         c.optimizer = program::Optimizer::sgd;
         c.momentum = nan;
       },
       "--momentum must be in [0, 1), got nan"},
      {[](TrainConfig& c) {
         c.optimizer = program::Optimizer::sgd;
         c.momentum = 0;
       },
       ""},
      {[&](TrainConfig& c) { c.weightDecay = inf; }, "--weight-decay must be a finite value >= 0"},
      {[](TrainConfig& c) { c.warmupEpochs = -1; }, "--warmup-epochs must be in [0, epochs]"},
      {[](TrainConfig& c) {
         c.cosine = false;
         c.warmupEpochs = 16;
       },
       "--warmup-epochs must be in [0, epochs] = [0, 15], got 16"},
      {[](TrainConfig& c) {
         c.cosine = false;
         c.warmupEpochs = 15;
       },
       ""},
      {[](TrainConfig& c) { c.warmupEpochs = 15; }, "--warmup-epochs must be less than epochs"},
      {[](TrainConfig& c) { c.loss.labelSmoothing = -0.1f; },
       "--label-smoothing must be in [0, 1)"},
      {[&](TrainConfig& c) { c.loss.labelSmoothing = nan; }, "--label-smoothing must be in [0, 1)"},
      {[](TrainConfig& c) { c.loss.labelSmoothing = 0.999f; }, ""},
      {[](TrainConfig& c) { c.checkpointEvery = -1; }, "--checkpoint-every must be at least 0"},
      {[](TrainConfig& c) { c.checkpointEverySteps = -2; },
       "--checkpoint-every-steps must be at least 0, got -2"},
      {[](TrainConfig& c) { c.checkpointEverySteps = 1; }, ""},
      {[](TrainConfig& c) { c.logEvery = -1; }, "--log-every must be at least 0"},
      {[](TrainConfig& c) { c.artifactsDir.clear(); }, "--artifacts must be a directory"},
  };
  for (const Case& k : cases) {
    TrainConfig c;
    k.change(c);
    try {
      validate(c);
      EXPECT_EQ(k.message, "") << "accepted";
    } catch (const ConfigError& e) {
      EXPECT_NE(k.message, "") << e.what();
      EXPECT_EQ(std::string(e.what()).rfind(k.message, 0), 0u) << e.what();
    }
  }
}

} // namespace

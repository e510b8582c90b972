#include "train/Schedule.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "support/Error.h"

namespace hlotrain::train {

float LrSchedule::at(int64_t t) const {
  if (!cosine) return static_cast<float>(base);
  const int64_t total = epochs * stepsPerEpoch;
  const int64_t ws =
      warmupSteps > 0 ? std::min(warmupSteps, total - 1) : warmupEpochs * stepsPerEpoch;
  if (ws > 0 && t <= ws)
    return static_cast<float>(base * static_cast<double>(t) / static_cast<double>(ws));
  // Past the end (only reachable by a caller overshooting the schedule) the rate stays at the
  // floor.
  double progress = std::min(1.0, static_cast<double>(t - ws) / static_cast<double>(total - ws));
  const double low = floor * base;
  return static_cast<float>(low +
                            (base - low) * 0.5 * (1.0 + std::cos(std::numbers::pi * progress)));
}

float bnMomentum(int64_t t) {
  return t <= 1 ? 1.0f : 0.1f;
}

void emaUpdate(std::span<float> running, std::span<const float> batch, float m) {
  if (running.size() != batch.size())
    throw RuntimeError("BatchNorm statistics of " + std::to_string(batch.size()) +
                       " channels cannot update running statistics of " +
                       std::to_string(running.size()));
  for (size_t i = 0; i < running.size(); ++i) running[i] = (1.0f - m) * running[i] + m * batch[i];
}

} // namespace hlotrain::train

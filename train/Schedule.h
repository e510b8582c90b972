#pragma once
// The per-step numerics the host owns (FORMATS.md "Training numerics"): the learning-rate
// schedule and the BatchNorm running-statistic EMA.

#include <cstdint>
#include <span>

namespace hlotrain::train {

// Made whole by its user: the values are a run's config (TrainConfig holds the defaults).
struct LrSchedule {
  double base;
  bool cosine;
  int64_t warmupEpochs;
  int64_t epochs;
  int64_t stepsPerEpoch;
  int64_t warmupSteps = 0; // > 0: ws itself, instead of warmupEpochs · stepsPerEpoch
  double floor = 0;        // the fraction of base the cosine ends at

  // The rate of 1-based global step t: linear warmup base·t/ws over ws = warmupEpochs ·
  // stepsPerEpoch steps (or warmupSteps), then a half cosine from base down to floor·base at
  // epochs · stepsPerEpoch (FAMILIES.md 3's LM recipe: f + ½(1 + cos πp)(base − f)). Constant
  // `base` with cosine off.
  float at(int64_t t) const;
};

// The momentum of the running-statistic update at 1-based global step t: 1 on the first step
// (the running stats become the first batch's), 0.1 after.
float bnMomentum(int64_t t);
// running = (1 − m)·running + m·batch, element by element.
void emaUpdate(std::span<float> running, std::span<const float> batch, float m);

} // namespace hlotrain::train

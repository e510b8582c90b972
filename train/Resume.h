#pragma once
// Where a training run starts: the state of its own last checkpoint when it resumes, checked to
// cut the data exactly as the run that wrote it did; else a fresh state (He init, or the leading
// parameters of another net's checkpoint).

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "train/Checkpoint.h"
#include "train/RunPlan.h"

namespace hlotrain::train {

struct Start {
  TrainState state;
  std::optional<int64_t> resumedStep; // the step of the checkpoint resumed from, if any
};

// `resume`: continue from the plan's checkpoint, or start fresh while there is none yet (so the
// same call restarts a run killed at any moment). `initFrom` (a fresh run only): a checkpoint of
// another net whose leading parameters and BatchNorm statistics match (initFromCheckpoint); the
// rest keep He init. What it did is said on `chatter`. Throws ConfigError when the checkpoint was
// written with another optimizer, batch, seed or shuffle, or for data with fewer batches per
// epoch, and when no parameter of `initFrom` matches.
Start startOrResume(const RunPlan& plan, bool resume, const std::string& initFrom,
                    int64_t stepsPerEpoch, std::ostream& chatter);

} // namespace hlotrain::train

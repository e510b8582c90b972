#pragma once
// Everything a training run is configured by. Each field is a setting of train/Settings.h: its
// flag, config-file key, stored key, help and resume rule. The graphs' settings are the
// program::ProgramOptions a TrainConfig is; the run's own are the members below. Their
// initialisers are the defaults (the reference config) that --help and --save-config show.

#include <cstdint>
#include <optional>
#include <string>

#include "nn/Init.h"
#include "nn/NetSpec.h"
#include "program/Program.h"

namespace hlotrain::train {

struct TrainConfig : program::ProgramOptions {
  double learningRate = 1e-3;
  int64_t epochs = 15;
  bool cosine = true;
  int64_t warmupEpochs = 1;
  int64_t warmupSteps = 0; // > 0: the warmup in steps instead of warmupEpochs (a language model's)
  double lrFloor = 0;      // where the cosine ends, as a fraction of the peak learningRate
  bool augment = true;     // the dataset's own train-time augmentations (none for MNIST)
  int64_t evalEvery = 1;   // epochs between evaluations; 0: only after the last epoch
  int64_t checkpointEvery = 1;      // epochs between checkpoints; 0: only after the last epoch
  int64_t checkpointEverySteps = 0; // global steps between checkpoints besides the epochs'; 0: none
  int64_t logEvery = 50;            // steps between step-loss lines; 0: none
  uint64_t seed = 0;                // data order (per-epoch shuffle seed is seed + epoch)
  nn::InitScheme init = nn::InitScheme::he; // a fresh run's parameters
  int64_t maxSteps = 0; // stop after this global step (0: no limit); the schedule still
                        // spans `epochs`, so a short debug run sees the real LR curve
  bool shuffle = true;
  // A step whose loss or results are not finite is skipped (its batch is consumed, its results
  // are discarded) instead of stopping the run.
  bool skipNonFinite = false;
  std::string artifactsDir = ".hlotrain";
  std::string buildTag; // appended to the spec's own tag for separate artifacts
};

// Throws ConfigError naming the first invalid field by its CLI flag ("--lr must be ..."): the
// run's own fields here, the graph's through program::validateOptions, their one home (the class
// count is checked once the net is known).
void validate(const TrainConfig& config);
// The same for a run of `spec`: first whether the loss can read the net's output
// (program::validateHead), which makes the loss's own options moot when it cannot.
void validate(const TrainConfig& config, const nn::NetSpec& spec);

// The spec with the config's build tag applied (the artifacts prefix follows from it).
nn::NetSpec taggedSpec(const nn::NetSpec& spec, const TrainConfig& config);
// `<artifacts>/<sanitized>[_<tag>]`.
std::string artifactPrefix(const nn::NetSpec& spec, const TrainConfig& config);

std::string optimizerName(program::Optimizer optimizer);

} // namespace hlotrain::train

#pragma once
// The training driver: one call turns a spec, a config and a dataset into a trained model, its
// metrics and every artifact under the prefix (DESIGN.md "Artifacts and names"):
//   train(nn::mnistCnn(), TrainConfig{}, data::DatasetKind::mnist,
//   "/usr/share/datasets/fashion-mnist");
// The graphs are emitted as StableHLO text and run through the Lowerer HLOTRAIN_LOWERER selects;
// the host owns the schedule, the BatchNorm running statistics, evaluation and checkpoints.

#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "data/Dataset.h"
#include "nn/NetSpec.h"
#include "train/Checkpoint.h"
#include "train/MetricsLog.h"
#include "train/TrainConfig.h"

namespace hlotrain::train {

// What a CLI run adds to the C++ API: resuming, eval-only, the initial-parameter dump.
struct RunMode {
  bool resume = false;    // continue from <prefix>_checkpoint.bin with the same schedule
  bool evalOnly = false;  // evaluate <prefix>_checkpoint.bin (or `checkpoint`) and stop
  std::string checkpoint; // eval-only: a checkpoint other than the prefix's own
  std::string initDump;   // write the initial parameters here (raw layout) before training
};

// The run mode with HLOTRAIN_EVAL_ONLY=1 and HLOTRAIN_INIT_DUMP=path applied.
RunMode runModeFromEnvironment(RunMode mode = {});

struct TrainResult {
  std::string prefix;
  std::vector<float> stepLosses;   // every step this call ran, in order
  std::vector<double> epochLosses; // mean step loss of each epoch this call ran (or finished)
  std::vector<EvalRecord> evals;
  std::optional<double> finalAccuracy; // of the last evaluation
  TrainState state;                    // where the run ended
};

// Writes `<prefix>_fwd.mlir`, `_fwd_eval.mlir` and `_train_step.mlir` (atomically) for the
// options' batch; rejects invalid options with ConfigError before building anything.
void emitGraphs(const nn::NetSpec& spec, const program::ProgramOptions& options,
                const std::string& prefix);

TrainResult train(const nn::NetSpec& spec, const TrainConfig& config, data::DatasetKind dataset,
                  const std::string& dataDir, std::ostream& log = std::cout,
                  const RunMode& mode = {});

// Accuracy of a checkpoint (default `<prefix>_checkpoint.bin`) on every test record, with the
// eval-forward graph and the checkpoint's running statistics.
EvalRecord evaluate(const nn::NetSpec& spec, const TrainConfig& config, data::DatasetKind dataset,
                    const std::string& dataDir, std::ostream& log = std::cout,
                    const std::string& checkpoint = {});

} // namespace hlotrain::train

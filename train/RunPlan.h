#pragma once
// What a run is, derived once from its net, its effective config and (to train or evaluate) its
// dataset: the tagged spec, the config (the graphs' options among it), the run's files, the task
// and the three graphs' signatures. Every check that can refuse a run by its settings alone runs
// while the plan is made, so no graph is written for a run that cannot go ahead (DESIGN.md
// "Errors"). `hlotrain train|eval|emit|bench|diff` each make one plan; the trainer, the evaluator,
// the checkpoints and the commands read it and derive none of it again.

#include <optional>
#include <string>

#include "data/Dataset.h"
#include "nn/NetSpec.h"
#include "program/Program.h"
#include "program/Signature.h"
#include "support/RunFiles.h"
#include "task/Task.h"
#include "train/TrainConfig.h"

namespace hlotrain::train {

struct RunPlan {
  nn::NetSpec spec;   // the net with the config's build tag (taggedSpec)
  TrainConfig config; // validated for the net; a program::ProgramOptions, the graphs' options
  RunFiles files;     // under `<artifacts>/<sanitized>[_<tag>]`
  program::TrainStepSignature step; // the train step at config.batch
  program::EvalSignature eval;      // the eval forward at evalBatch
  int64_t evalBatch = 0;            // config.batch, or less for a smaller test set (withEvalBatch)
  // To train or evaluate: the dataset, whose records the net takes, and its task; null for a plan
  // of the graphs alone.
  const data::DatasetIO* io = nullptr;
  const task::Task* task = nullptr;

  // The dataset and task; a logic_error for a plan of the graphs alone.
  const data::DatasetIO& dataset() const;
  const task::Task& datasetTask() const;
  // The same run evaluating `batch` records at a time: an evaluation of a test set smaller than
  // the batch, whose padding rows would be all the rest.
  RunPlan withEvalBatch(int64_t batch) const;
};

// emit, bench, diff: the graphs of `net` under `config` (validated for the net).
RunPlan planGraphs(const nn::NetSpec& net, const TrainConfig& config);
// eval: also a dataset whose records the net takes (input geometry, classes).
RunPlan planEvaluation(const nn::NetSpec& net, const TrainConfig& config,
                       const data::DatasetSpec& dataset);
// train: also a loss the dataset's task takes, and the labels its train step reads.
RunPlan planTraining(const nn::NetSpec& net, const TrainConfig& config,
                     const data::DatasetSpec& dataset);

// Creates the directory of the run's files.
void createRunDirectory(const RunFiles& files);
// Writes the plan's three graphs (`<prefix>_fwd.mlir`, `_fwd_eval.mlir` at the eval batch,
// `_train_step.mlir`), each atomically.
void writeGraphs(const RunPlan& plan);
// The eval forward alone, all an evaluation of a checkpoint runs.
void writeEvalGraph(const RunPlan& plan);

// A split of the plan's dataset, refused (ConfigError) when it has no records: every split a run
// cuts batches from needs some.
data::Dataset loadSplit(const RunPlan& plan, const std::string& dataDir, data::Split split);

} // namespace hlotrain::train

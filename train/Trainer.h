#pragma once
// The training driver: one call turns a spec, a config and a dataset into a trained model, its
// metrics and every artifact under the prefix (DESIGN.md "Artifacts and names"):
//   train(nn::mnistCnn(), TrainConfig{}, data::DatasetKind::mnist,
//   "/usr/share/datasets/fashion-mnist");
// The graphs are emitted as StableHLO text and run through the Lowerer HLOTRAIN_LOWERER selects;
// the host owns the schedule, the BatchNorm running statistics, evaluation and checkpoints.

#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "data/Dataset.h"
#include "ir/Tensor.h"
#include "lower/Lowerer.h"
#include "nn/NetSpec.h"
#include "support/Progress.h"
#include "train/Checkpoint.h"
#include "train/Evaluator.h"
#include "train/Generate.h"
#include "train/MetricsLog.h"
#include "train/RunPlan.h"
#include "train/TrainConfig.h"

namespace hlotrain::train {

// What a CLI run adds to the C++ API: resuming, eval-only, the initial-parameter dump, and the
// lowerer to run on.
struct RunMode {
  // Continue from <prefix>_checkpoint.bin (the run's last checkpoint) with the same schedule;
  // with no checkpoint there yet, start a fresh run, so the same call restarts a run killed at
  // any moment.
  bool resume = false;
  bool evalOnly = false;  // evaluate <prefix>_checkpoint.bin (or `checkpoint`) and stop
  std::string checkpoint; // eval-only: a checkpoint other than the prefix's own
  std::string initDump;   // write the initial parameters here (raw layout) before training
  // A fresh run starts from the leading parameters (and BatchNorm statistics) of this
  // checkpoint of another net whose shapes match (initFromCheckpoint); the rest keep He init.
  std::string initFrom;
  // Runs the training graphs; null: the lowerer HLOTRAIN_LOWERER selects.
  lower::Lowerer* lowerer = nullptr;
  // The run's effective config, a JSON object (as `hlotrain train` writes it), stored in every
  // checkpoint the run writes (TrainState::config); empty: none.
  std::string config;
  // plain: lines every logEvery steps; terminal: a progress line redrawn in place (steps, smoothed
  // loss, images/s, elapsed and ETA for the epoch and the run; evaluation too) between the
  // summaries; quiet: only the epoch and evaluation summaries (and errors, and skipped steps).
  Display display = Display::plain;
  // Called with the run's prefix after each evaluation is logged (and the step's checkpoint
  // written): `hlotrain train --report` rewrites the run's report there. Null: nothing.
  std::function<void(const std::string& prefix)> afterEvaluation;
  // How a token dataset's ids read as text, from the tokenizer model it carries (the cli's
  // SentencePiece pieces, a library this layer does not link): the evaluation samples of a
  // language model trained on token files. Null: such a run records none (a text's characters
  // need nothing).
  std::function<std::unique_ptr<RunText>(const std::string& tokenizerModel)> subwordText;
};

// The run mode with HLOTRAIN_EVAL_ONLY=1 and HLOTRAIN_INIT_DUMP=path applied.
RunMode runModeFromEnvironment(RunMode mode = {});

struct TrainResult {
  std::string prefix;
  std::vector<float> stepLosses;   // every step this call ran, in order (skipped ones included)
  std::vector<double> epochLosses; // mean loss of the steps each epoch applied (or finished)
  int64_t skippedSteps = 0;        // steps skipped for a non-finite result (skipNonFinite)
  std::vector<EvalRecord> evals;
  // The last evaluation's headline (task::headline: accuracy, or the mean region Dice).
  std::optional<double> finalScore;
  TrainState state; // where the run ended
};

// The scores of a classification evaluation; throws RuntimeError for another task's.
const task::ClassificationScores& classificationScores(const EvalRecord& record);
const task::SegmentationScores& segmentationScores(const EvalRecord& record);

// Trains and evaluates on every test record after the configured epochs, scoring with the
// dataset's task (task::taskOf): accuracy, or the segmentation figures. The checkpoint whose
// evaluation scored the best headline so far is kept as `<prefix>_best_checkpoint.bin` beside the
// last one. A step whose loss or results are not finite stops the run with a RuntimeError naming
// the step, the epoch and the last good checkpoint, writing nothing from that state; with
// config.skipNonFinite the step is skipped instead: its batch and its place in the schedule are
// used up, its results are discarded, and the epoch's metrics record counts it.
TrainResult train(const RunPlan& plan, const std::string& dataDir, std::ostream& log = std::cout,
                  const RunMode& mode = {});
// The same for the plan of `spec` under `config` on `dataset` (planTraining; planEvaluation for
// an eval-only mode).
TrainResult train(const nn::NetSpec& spec, const TrainConfig& config,
                  const data::DatasetSpec& dataset, const std::string& dataDir,
                  std::ostream& log = std::cout, const RunMode& mode = {});

} // namespace hlotrain::train

#pragma once
// Evaluation: the eval forward over every test record, scored by the dataset's task. The trainer
// evaluates its parameters where the lowerer keeps them; `hlotrain eval` and the C++ API evaluate
// a checkpoint, writing the per-record outputs the task defines (task::RecordOutput) besides.

#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "data/Dataset.h"
#include "data/Prefetch.h"
#include "ir/Tensor.h"
#include "lower/Lowerer.h"
#include "support/Progress.h"
#include "train/Checkpoint.h"
#include "train/MetricsLog.h"
#include "train/RunPlan.h"

namespace hlotrain::train {

// Runs a plan's eval-forward graph over every record of a split: the tail batch is padded with
// its last record and the padded rows are dropped before anyone sees them. Batch k+1 is assembled
// while k runs.
class Evaluator {
public:
  // Loads the plan's fwd_eval graph, already written, on `lowerer`.
  Evaluator(const RunPlan& plan, lower::Lowerer& lowerer, const data::Dataset& dataset);

  double compileSeconds() const { return session_->compileSeconds(); }
  // Each batch redraws `line` (records done, throughput, time left); it is cleared at the end.
  void showProgressOn(ProgressLine& line) { progress_ = &line; }

  // The eval forward's output rows of one record ([classes] or [classes, H, W]).
  ir::Shape rowShape() const;

  // `visit(rows, realRows)` sees every batch's real logits rows in record order. The parameters
  // are buffers of the lowerer (a training run's own, on the device); the BatchNorm running
  // statistics are the host's.
  using RowsVisitor = std::function<void(std::span<const float> rows, int64_t realRows)>;
  EvalRecord run(const TrainState& state, std::span<lower::Buffer* const> params,
                 const RowsVisitor& visit = {});

  // What the last run() showed of a run that learns nothing (task::Evaluation::symptom).
  const std::optional<task::Symptom>& symptom() const { return symptom_; }

  // `<prefix>_samples.json` of the last run(), as of `record` (its epoch as the log has it).
  void writeSamples(const EvalRecord& record) const;

private:
  using BatchVisitor =
      std::function<void(std::span<const float> inputs, std::span<const float> logits,
                         std::span<const int32_t> labels, std::span<const int64_t> records)>;
  void forEachBatch(const TrainState& state, std::span<lower::Buffer* const> params,
                    const BatchVisitor& visit);

  const RunPlan& plan_;
  lower::Lowerer& lowerer_;
  std::unique_ptr<lower::Session> session_;
  std::string samples_; // the last run's gallery (task::Gallery::jsonFields)
  std::optional<task::Symptom> symptom_;
  const data::Dataset& dataset_;
  data::BatchPrefetcher batches_;
  ProgressLine* progress_ = nullptr;
};

// What an evaluation of a checkpoint writes besides its scores, each atomically.
struct EvalOutputs {
  std::string checkpoint; // default `<prefix>_checkpoint.bin`
  std::string logitsPath; // .npy float32 [records, ...] (the eval forward's rows)
  // The task's per-record outputs (task::RecordOutput): .npy uint8 [records, ...], the class
  // argmax of every row/pixel (classification, segmentation); and a detector's CSV of every
  // detection after NMS, `record,class,confidence,xmin,ymin,xmax,ymax` (normalised corners)
  // after a header line.
  std::string predictionsPath;
  std::string detectionsPath;
  // Runs the eval forward; null: the lowerer HLOTRAIN_LOWERER selects.
  lower::Lowerer* lowerer = nullptr;
};

// The scores of a checkpoint on every test record, with the eval-forward graph and the
// checkpoint's running statistics. Outputs are in record order, the tail batch's padding
// dropped; an output the task cannot write is refused before any graph is. A batch larger than
// the test set is cut to it: the rest would be padding rows.
EvalRecord evaluate(const RunPlan& plan, const std::string& dataDir, std::ostream& log = std::cout,
                    const EvalOutputs& outputs = {});
EvalRecord evaluate(const nn::NetSpec& spec, const TrainConfig& config,
                    const data::DatasetSpec& dataset, const std::string& dataDir,
                    std::ostream& log = std::cout, const EvalOutputs& outputs = {});

// The eval-forward logits of a checkpoint for every test record, in record order
// ([records, numClasses, ...], the tail batch's padding dropped), with the scores they give: what
// outside tools and metrics consume in C++.
struct EvalLogits {
  EvalRecord record;
  ir::Tensor logits;
};
EvalLogits evalLogits(const nn::NetSpec& spec, const TrainConfig& config,
                      const data::DatasetSpec& dataset, const std::string& dataDir,
                      std::ostream& log = std::cout, const std::string& checkpoint = {});

} // namespace hlotrain::train

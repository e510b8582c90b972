#pragma once
// The train step's arguments and results, addressed through its signature
// (program::TrainStepSignature): what the loop binds to the graph each step, and the little it
// reads back.

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "data/Prefetch.h"
#include "ir/Tensor.h"
#include "lower/Lowerer.h"
#include "program/Signature.h"
#include "train/Checkpoint.h"

namespace hlotrain::train {

// Copies a batch's input rows into `x`, a graph's input tensor of their size: f32 images, or
// i32 token ids.
void copyBatchInput(const data::BatchPrefetcher::Batch& batch, ir::Tensor& x);

// The parameters and optimizer state live in the lowerer across steps: uploaded once, each
// step's results are the next step's arguments (donated to it: held once, updated in their own
// storage, unless a skipped step must keep them). The batch, labels and the two scalars are host
// tensors, uploaded per step.
//
// A data-parallel step (--devices N) runs N replicas of the graph, replica r on the lowerer's
// device r: each device holds its own copy of the parameters and optimizer state (the replicas
// keep them equal), and the host tensors hold the whole batch, whose records are split among the
// replicas in order as they are uploaded (the drop mask [branches, B] along its second dim); the
// scalars go to every replica.
class StepInputs {
public:
  // Takes the parameters and optimizer state out of `state` (exportTo() puts them back).
  // `signature` is one replica's. This process runs `replicas` of the step's `totalReplicas`,
  // from `firstReplica` on (a multi-process run: lower::Lowerer::processId), and uploads only
  // their shares of the batch.
  StepInputs(TrainState& state, const program::TrainStepSignature& signature,
             lower::Lowerer& lowerer, bool donate, int64_t replicas = 1, int64_t firstReplica = 0,
             int64_t totalReplicas = 1);
  ir::Tensor& x() { return fed_[sig_.input.begin]; }
  std::span<ir::Tensor> labels() {
    return std::span(fed_).subspan(sig_.labels.begin, sig_.labels.count);
  }
  ir::Tensor& lr() { return fed_[sig_.lr.begin]; }
  ir::Tensor& step() { return fed_[sig_.step.begin]; }
  // The drop mask of stochastic depth; nullptr without --drop-path.
  ir::Tensor* dropMask() { return sig_.dropMask.count ? &fed_[sig_.dropMask.begin] : nullptr; }
  // One mask per dropout layer of the net (nn::dropoutSites), in spec order.
  std::span<ir::Tensor> dropoutMasks() {
    return std::span(fed_).subspan(sig_.dropout.begin, sig_.dropout.count);
  }

  // Each replica's results.
  using Results = std::vector<std::vector<std::unique_ptr<lower::Buffer>>>;
  Results run(lower::Session& session);
  // A step's results become the next step's parameters and optimizer state.
  void keep(Results& results);
  // The parameters where the lowerer keeps them (replica 0's), for an evaluation that runs there
  // too.
  std::vector<lower::Buffer*> params() const;
  // Copies the parameters and optimizer state to the host (for checkpoints and the result):
  // replica 0's, which every replica's equal.
  void exportTo(TrainState& state) const;

private:
  // The dim of argument `position` that counts records, or nullopt for one every replica gets.
  std::optional<size_t> recordDim(size_t position) const;

  const program::TrainStepSignature& sig_;
  lower::Lowerer& lowerer_;
  const int64_t replicas_, firstReplica_, totalReplicas_;
  // Per replica, in sig_.carried() order.
  std::vector<std::vector<std::unique_ptr<lower::Buffer>>> carried_;
  std::vector<ir::Tensor> fed_; // by argument position, the whole batch; the rest empty
  // By argument position, where several replicas split a fed tensor: the buffer one replica's
  // share is copied into before its upload; the rest empty.
  std::vector<ir::Tensor> shares_;
  bool donate_;
};

// A step's results as the host reads them: the loss and the batch statistics on the host (read in
// place, or downloaded), the parameters and optimizer state only where the host has them already.
class StepResults {
public:
  StepResults(lower::Lowerer& lowerer, const program::TrainStepSignature& sig,
              const std::vector<std::unique_ptr<lower::Buffer>>& out);
  float loss() const { return tensor(sig_.loss.begin)->get<float>(0); }
  const ir::Tensor& bnMean(size_t layer) const { return *tensor(sig_.bnBatchMean[layer]); }
  const ir::Tensor& bnVar(size_t layer) const { return *tensor(sig_.bnBatchVar[layer]); }
  // Result i on the host, or null where it stays in the lowerer.
  const ir::Tensor* tensor(size_t i) const;

private:
  const program::TrainStepSignature& sig_;
  const std::vector<std::unique_ptr<lower::Buffer>>& out_;
  std::vector<ir::Tensor> downloaded_;
};

} // namespace hlotrain::train

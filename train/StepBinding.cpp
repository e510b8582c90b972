#include "train/StepBinding.h"

#include <algorithm>
#include <cstring>

#include "support/Error.h"

namespace hlotrain::train {

void copyBatchInput(const data::BatchPrefetcher::Batch& batch, ir::Tensor& x) {
  const bool tokens = !batch.ids.empty();
  const size_t bytes = tokens ? batch.ids.size_bytes() : batch.x.size_bytes();
  if (x.byteSize() != bytes ||
      x.elementType() != (tokens ? ir::ElementType::i32 : ir::ElementType::f32))
    throw RuntimeError("a batch of " + std::to_string(bytes) + " input bytes does not fill " +
                       ir::toString(x.type()));
  std::memcpy(x.bytes(), tokens ? static_cast<const void*>(batch.ids.data()) : batch.x.data(),
              bytes);
}

namespace {

// Copies share `part` of `parts` of `whole` along `dim` into `share`, a tensor of its shape: the
// records [part·n/parts, (part+1)·n/parts).
void copyShare(const ir::Tensor& whole, size_t dim, int64_t part, int64_t parts,
               ir::Tensor& share) {
  const ir::TensorType& type = share.type();
  const int64_t records = type.shape[dim];
  int64_t outer = 1, inner = static_cast<int64_t>(ir::byteWidth(type.elementType));
  for (size_t d = 0; d < dim; ++d) outer *= type.shape[d];
  for (size_t d = dim + 1; d < type.shape.size(); ++d) inner *= type.shape[d];
  const int64_t run = records * inner, stride = run * parts;
  for (int64_t o = 0; o < outer; ++o)
    std::memcpy(share.bytes() + o * run, whole.bytes() + o * stride + part * run,
                static_cast<size_t>(run));
}

} // namespace

StepInputs::StepInputs(TrainState& state, const program::TrainStepSignature& signature,
                       lower::Lowerer& lowerer, bool donate, int64_t replicas, int64_t firstReplica,
                       int64_t totalReplicas)
    : sig_(signature), lowerer_(lowerer), replicas_(replicas), firstReplica_(firstReplica),
      totalReplicas_(std::max(totalReplicas, replicas)), carried_(static_cast<size_t>(replicas)),
      fed_(signature.arguments.size()), shares_(signature.arguments.size()), donate_(donate) {
  for (int64_t r = 0; r < replicas_; ++r)
    for (std::vector<ir::Tensor>* tensors : {&state.params, &state.optState})
      for (ir::Tensor& t : *tensors)
        carried_[static_cast<size_t>(r)].push_back(replicas_ == 1 ? lowerer.upload(std::move(t))
                                                                  : lowerer.uploadTo(t, r));
  if (replicas_ > 1) {
    state.params.clear();
    state.optState.clear();
  }
  for (program::Range fed :
       {sig_.input, sig_.labels, sig_.lr, sig_.step, sig_.dropMask, sig_.dropout})
    for (size_t i = 0; i < fed.count; ++i) {
      ir::TensorType whole = sig_.arguments[fed[i]];
      if (std::optional<size_t> dim = recordDim(fed[i]); dim && totalReplicas_ > 1) {
        whole.shape[*dim] *= totalReplicas_;
        shares_[fed[i]] = ir::Tensor(sig_.arguments[fed[i]]);
      }
      fed_[fed[i]] = ir::Tensor(whole);
    }
}

std::optional<size_t> StepInputs::recordDim(size_t position) const {
  if (sig_.lr.contains(position) || sig_.step.contains(position)) return std::nullopt;
  return sig_.dropMask.contains(position) ? 1 : 0;
}

StepInputs::Results StepInputs::run(lower::Session& session) {
  std::vector<std::vector<lower::Buffer*>> arguments(static_cast<size_t>(replicas_));
  std::vector<std::unique_ptr<lower::Buffer>> uploaded;
  for (int64_t r = 0; r < replicas_; ++r) {
    std::vector<lower::Buffer*>& list = arguments[static_cast<size_t>(r)];
    list.assign(sig_.arguments.size(), nullptr);
    const auto& carried = carried_[static_cast<size_t>(r)];
    for (size_t i = 0; i < carried.size(); ++i) list[sig_.carried()[i]] = carried[i].get();
    for (size_t i = 0; i < fed_.size(); ++i) {
      if (list[i]) continue;
      ir::Tensor& share = shares_[i];
      if (share.byteSize()) // a whole-batch tensor: this replica's records of it
        copyShare(fed_[i], *recordDim(i), firstReplica_ + r, totalReplicas_, share);
      uploaded.push_back(lowerer_.uploadTo(share.byteSize() ? share : fed_[i], r));
      list[i] = uploaded.back().get();
    }
  }
  if (replicas_ == 1) {
    Results results;
    results.push_back(session.execute(arguments[0], donate_));
    return results;
  }
  return session.executeReplicas(arguments, donate_);
}

void StepInputs::keep(Results& results) {
  for (size_t r = 0; r < carried_.size(); ++r) {
    for (size_t i = 0; i < sig_.params.count; ++i)
      carried_[r][i] = std::move(results[r][sig_.newParams[i]]);
    for (size_t i = 0; i < sig_.optState.count; ++i)
      carried_[r][sig_.params.count + i] = std::move(results[r][sig_.newOptState[i]]);
  }
}

std::vector<lower::Buffer*> StepInputs::params() const {
  std::vector<lower::Buffer*> p;
  for (size_t i = 0; i < sig_.params.count; ++i) p.push_back(carried_[0][i].get());
  return p;
}

void StepInputs::exportTo(TrainState& state) const {
  state.params.clear();
  state.optState.clear();
  for (size_t i = 0; i < carried_[0].size(); ++i)
    (i < sig_.params.count ? state.params : state.optState)
        .push_back(lowerer_.download(*carried_[0][i]));
}

StepResults::StepResults(lower::Lowerer& lowerer, const program::TrainStepSignature& sig,
                         const std::vector<std::unique_ptr<lower::Buffer>>& out)
    : sig_(sig), out_(out), downloaded_(out.size()) {
  for (program::Range r : {sig.loss, sig.bnBatchMean, sig.bnBatchVar})
    for (size_t i = 0; i < r.count; ++i)
      if (!out[r[i]]->hostTensor()) downloaded_[r[i]] = lowerer.download(*out[r[i]]);
}

const ir::Tensor* StepResults::tensor(size_t i) const {
  if (const ir::Tensor* t = out_[i]->hostTensor()) return t;
  return downloaded_[i].type() == out_[i]->type() ? &downloaded_[i] : nullptr;
}

} // namespace hlotrain::train

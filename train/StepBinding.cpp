#include "train/StepBinding.h"

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

StepInputs::StepInputs(TrainState& state, const program::TrainStepSignature& signature,
                       lower::Lowerer& lowerer, bool donate)
    : sig_(signature), lowerer_(lowerer), fed_(signature.arguments.size()), donate_(donate) {
  for (ir::Tensor& t : state.params) carried_.push_back(lowerer.upload(std::move(t)));
  for (ir::Tensor& t : state.optState) carried_.push_back(lowerer.upload(std::move(t)));
  for (program::Range fed :
       {sig_.input, sig_.labels, sig_.lr, sig_.step, sig_.dropMask, sig_.dropout})
    for (size_t i = 0; i < fed.count; ++i) fed_[fed[i]] = ir::Tensor(sig_.arguments[fed[i]]);
}

std::vector<std::unique_ptr<lower::Buffer>> StepInputs::run(lower::Session& session) {
  std::vector<lower::Buffer*> arguments(sig_.arguments.size());
  for (size_t i = 0; i < carried_.size(); ++i) arguments[sig_.carried()[i]] = carried_[i].get();
  std::vector<std::unique_ptr<lower::Buffer>> uploaded;
  for (size_t i = 0; i < fed_.size(); ++i) {
    if (arguments[i]) continue;
    uploaded.push_back(lowerer_.upload(fed_[i]));
    arguments[i] = uploaded.back().get();
  }
  return session.execute(arguments, donate_);
}

void StepInputs::keep(std::vector<std::unique_ptr<lower::Buffer>>& results) {
  for (size_t i = 0; i < sig_.params.count; ++i)
    carried_[i] = std::move(results[sig_.newParams[i]]);
  for (size_t i = 0; i < sig_.optState.count; ++i)
    carried_[sig_.params.count + i] = std::move(results[sig_.newOptState[i]]);
}

std::vector<lower::Buffer*> StepInputs::params() const {
  std::vector<lower::Buffer*> p;
  for (size_t i = 0; i < sig_.params.count; ++i) p.push_back(carried_[i].get());
  return p;
}

void StepInputs::exportTo(TrainState& state) const {
  state.params.clear();
  state.optState.clear();
  for (size_t i = 0; i < carried_.size(); ++i)
    (i < sig_.params.count ? state.params : state.optState)
        .push_back(lowerer_.download(*carried_[i]));
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

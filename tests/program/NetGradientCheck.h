#pragma once
// Every parameter's and the input's gradient of a small net, batch-statistics BatchNorm, against
// central differences in f64, through the train step's declared backwards (program::customVjps:
// BatchNorm, layer norm, softmax, the exact GELU) and the derived ones of everything else.

#include "grad/Vjp.h"
#include "nn/Emit.h"
#include "program/Program.h"
#include "tests/grad/GradientCheck.h"

namespace hlotrain::program::testing {

// Token ids for a token net's input: every id of the vocabulary in turn, so ids repeat within a
// batch once it holds more than the vocabulary (their rows' gradients then sum).
inline ir::Tensor tokenIds(const nn::NetSpec& spec, int64_t batch) {
  ir::Tensor ids(nn::inputType(spec, batch));
  for (int64_t i = 0; i < ids.numElements(); ++i)
    ids.set<int32_t>(i, static_cast<int32_t>((7 * i + 3) % spec.input.vocabulary));
  return ids;
}

// A token net's ids are constants of the check (integers have no gradient); an image net's input
// is checked as the parameters are.
inline void expectNetGradientsMatchFiniteDifferences(const nn::NetSpec& spec, int64_t batch = 2) {
  SCOPED_TRACE(spec.name);
  const bool tokens = spec.input.tokens();
  std::vector<gradcheck::Input> inputs;
  for (const nn::ParamInfo& p : nn::parameters(spec)) inputs.push_back({p.shape});
  if (!tokens) inputs.push_back({nn::inputType(spec, batch).shape});
  nn::ForwardValues fwd;
  gradcheck::checkGradients(
      inputs,
      [&](ir::Builder& b, std::span<ir::Value* const> a) {
        ir::Value* x = tokens ? b.constant(tokenIds(spec, batch)) : a.back();
        fwd = nn::emitForward(b, spec, tokens ? a : a.first(a.size() - 1), x, nn::BnMode::batch);
        return fwd.logits;
      },
      [&](ir::Builder& b, std::span<ir::Value* const> a, ir::Value* loss, ir::Value*) {
        ir::Value* seed = b.scalar<double>(1.0);
        return grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), a, {}, customVjps(fwd));
      },
      1e-5);
}

} // namespace hlotrain::program::testing

#pragma once
// Every parameter's and the input's gradient of a small net, batch-statistics BatchNorm, against
// central differences in f64, through the train step's declared backwards (program::customVjps:
// BatchNorm, layer norm, softmax, the exact GELU) and the derived ones of everything else.

#include "grad/Vjp.h"
#include "nn/Emit.h"
#include "program/Program.h"
#include "tests/grad/GradientCheck.h"

namespace hlotrain::program::testing {

inline void expectNetGradientsMatchFiniteDifferences(const nn::NetSpec& spec, int64_t batch = 2) {
  SCOPED_TRACE(spec.name);
  std::vector<gradcheck::Input> inputs;
  for (const nn::ParamInfo& p : nn::parameters(spec)) inputs.push_back({p.shape});
  inputs.push_back({{batch, spec.input.channels, spec.input.height, spec.input.width}});
  nn::ForwardValues fwd;
  gradcheck::checkGradients(
      inputs,
      [&](ir::Builder& b, std::span<ir::Value* const> a) {
        fwd = nn::emitForward(b, spec, a.first(a.size() - 1), a.back(), nn::BnMode::batch);
        return fwd.logits;
      },
      [&](ir::Builder& b, std::span<ir::Value* const> a, ir::Value* loss, ir::Value*) {
        ir::Value* seed = b.scalar<double>(1.0);
        return grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), a, {}, customVjps(fwd));
      },
      1e-5);
}

} // namespace hlotrain::program::testing

#pragma once
// A net's input gradient, with batch-statistics BatchNorm, against central differences in f64:
// the loss sum(forward(x) * r) for a fixed r, differentiated by grad::vjp (with the train step's
// custom VJPs, or through the forward ops alone), at every `stride`-th input element.

#include <gtest/gtest.h>

#include <cmath>

#include "grad/Vjp.h"
#include "ir/Verifier.h"
#include "lower/cpu/Interpreter.h"
#include "nn/Emit.h"
#include "nn/Init.h"
#include "program/Program.h"
#include "support/Xorshift.h"

namespace hlotrain::program::testing {

inline ir::Tensor toF64(const ir::Tensor& t) {
  ir::Tensor out({ir::ElementType::f64, t.type().shape});
  for (int64_t i = 0; i < t.numElements(); ++i) out.set<double>(i, t.get<float>(i));
  return out;
}

// Values in [-1, 1) from an xorshift stream.
inline ir::Tensor filledF64(const ir::Shape& shape, uint64_t s) {
  ir::Tensor t({ir::ElementType::f64, shape});
  for (int64_t i = 0; i < t.numElements(); ++i) {
    s = xorshift64(s);
    t.set<double>(i, double(s % 100000) / 50000.0 - 1.0);
  }
  return t;
}

inline void expectInputGradientMatchesFiniteDifferences(const nn::NetSpec& spec, int64_t batch,
                                                        bool customVjps, int64_t stride) {
  const ir::Shape xShape = {batch, spec.input.channels, spec.input.height, spec.input.width};
  const ir::Shape yShape = nn::outputShape(spec, batch);
  ir::Module m;
  ir::Function& f = m.addFunction("main");
  ir::Builder b(f.body, &m);
  std::vector<ir::Value*> params;
  for (const nn::ParamInfo& info : nn::parameters(spec))
    params.push_back(f.body.addArgument({ir::ElementType::f64, info.shape}));
  ir::Value* x = f.body.addArgument({ir::ElementType::f64, xShape});
  ir::Value* r = f.body.addArgument({ir::ElementType::f64, yShape});
  nn::ForwardValues fwd = nn::emitForward(b, spec, params, x, nn::BnMode::batch);
  std::vector<int64_t> all(yShape.size());
  for (size_t d = 0; d < all.size(); ++d) all[d] = static_cast<int64_t>(d);
  ir::Value* loss =
      b.reduce(b.multiply(fwd.logits, r), b.scalar<double>(0.0), all, ir::OpKind::add);
  ir::Value* seed = b.scalar<double>(1.0);
  std::vector<ir::Value*> wrt = {x};
  ir::Value* dx = grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), wrt, {},
                            customVjps ? program::customVjps(fwd) : grad::CustomVjps{})[0];
  f.setResults({loss, dx});
  ir::verify(m);

  std::vector<ir::Tensor> in;
  for (const ir::Tensor& t : nn::initialParameters(spec)) in.push_back(toF64(t));
  // Non-trivial BN affine parameters, so gamma and beta are exercised too.
  for (ir::Tensor& t : in)
    if (t.type().shape.size() == 1)
      for (int64_t c = 0; c < t.numElements(); ++c)
        t.set<double>(c, t.get<double>(c) + 0.1 * double(c % 3) + 0.05);
  in.push_back(filledF64(xShape, 7));
  in.push_back(filledF64(yShape, 99));
  const size_t xi = in.size() - 2;
  ir::Tensor grad = cpu::interpret(m, f, in)[1];
  auto lossAt = [&](int64_t i, double delta) {
    std::vector<ir::Tensor> moved = in;
    moved[xi].set<double>(i, moved[xi].get<double>(i) + delta);
    return cpu::interpret(m, f, moved)[0].get<double>(0);
  };
  const double h = 1e-6;
  for (int64_t i = 0; i < grad.numElements(); i += stride) {
    double numeric = (lossAt(i, h) - lossAt(i, -h)) / (2 * h);
    EXPECT_NEAR(grad.get<double>(i), numeric, 1e-6 * std::max(1.0, std::abs(numeric)))
        << "element " << i;
  }
}

} // namespace hlotrain::program::testing

#pragma once
// Analytic gradients against central finite differences in f64, evaluated by the reference
// interpreter. Each case builds y = forward(inputs) and the scalar loss sum(y * w) for a fixed
// random w, so every cotangent entry is exercised with a distinct weight; `gradients` appends the
// ops that compute the loss's gradient for every input (grad::vjp, or a hand-written backward).

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <numeric>
#include <random>
#include <span>
#include <vector>

#include "ir/Builder.h"
#include "lower/cpu/Interpreter.h"

namespace hlotrain::gradcheck {

struct Input {
  ir::Shape shape;
  double lo = -1.0, hi = 1.0; // sampling range (keeps log/sqrt/divide away from poles)
};

using ForwardFn = std::function<ir::Value*(ir::Builder&, std::span<ir::Value* const>)>;
// (builder, inputs, loss, w) -> the loss's gradient for each input.
using GradientFn = std::function<std::vector<ir::Value*>(ir::Builder&, std::span<ir::Value* const>,
                                                         ir::Value*, ir::Value*)>;

inline ir::Tensor randomTensor(const ir::TensorType& type, double lo, double hi,
                               std::mt19937& rng) {
  std::uniform_real_distribution<double> dist(lo, hi);
  ir::Tensor t(type);
  for (int64_t i = 0; i < t.numElements(); ++i) t.set<double>(i, dist(rng));
  return t;
}

// Builds main(inputs...) -> (loss, dloss/dinput...).
inline std::unique_ptr<ir::Module> buildGradientModule(const std::vector<Input>& inputs,
                                                       const ForwardFn& forward,
                                                       const GradientFn& gradients,
                                                       std::mt19937& rng) {
  auto module = std::make_unique<ir::Module>();
  ir::Function& f = module->addFunction("main");
  ir::Builder b(f.body, module.get());
  std::vector<ir::Value*> args;
  for (const Input& in : inputs)
    args.push_back(f.body.addArgument({ir::ElementType::f64, in.shape}));
  ir::Value* y = forward(b, args);
  ir::Value* w = b.constant(randomTensor(y->type, -1.0, 1.0, rng));
  std::vector<int64_t> all(static_cast<size_t>(y->type.rank()));
  std::iota(all.begin(), all.end(), 0);
  ir::Value* loss = b.reduce(b.multiply(y, w), b.scalar<double>(0.0), all, ir::OpKind::add);
  std::vector<ir::Value*> outs = {loss};
  for (ir::Value* g : gradients(b, args, loss, w)) outs.push_back(g);
  f.setResults(outs);
  return module;
}

inline void checkGradients(const std::vector<Input>& inputs, const ForwardFn& forward,
                           const GradientFn& gradients, double tol = 1e-6) {
  std::mt19937 rng(7);
  auto module = buildGradientModule(inputs, forward, gradients, rng);
  const ir::Function& f = *module->functions[0];
  std::vector<ir::Tensor> values;
  for (size_t i = 0; i < inputs.size(); ++i)
    values.push_back(randomTensor(f.body.args[i]->type, inputs[i].lo, inputs[i].hi, rng));
  std::vector<ir::Tensor> out = cpu::interpret(*module, f, values);
  const double h = 1e-6;
  for (size_t i = 0; i < inputs.size(); ++i) {
    for (int64_t e = 0; e < values[i].numElements(); ++e) {
      double x = values[i].get<double>(e);
      values[i].set<double>(e, x + h);
      double plus = cpu::interpret(*module, f, values)[0].get<double>(0);
      values[i].set<double>(e, x - h);
      double minus = cpu::interpret(*module, f, values)[0].get<double>(0);
      values[i].set<double>(e, x);
      double numeric = (plus - minus) / (2 * h);
      double analytic = out[1 + i].get<double>(e);
      EXPECT_NEAR(analytic, numeric, tol * std::max(1.0, std::abs(numeric)))
          << "input " << i << " element " << e;
    }
  }
}

} // namespace hlotrain::gradcheck

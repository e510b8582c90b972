// The activations of the transformer and modern conv families (FAMILIES.md 2.2) against their
// definitions computed in double: erf in plain ops against std::erf over the whole f32 range,
// both GELU forms, SiLU, sigmoid, hard-sigmoid and hard-swish against their formulas, on the
// reference interpreter and the fast path alike; the exact GELU's declared backward against its
// derivative and against finite differences, the others' derived ones against finite differences
// and, for the hard forms, PyTorch's slopes at and around their edges.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>

#include "grad/Vjp.h"
#include "lower/cpu/Executable.h"
#include "lower/cpu/Interpreter.h"
#include "nn/Emit.h"
#include "tests/grad/GradientCheck.h"

using namespace hlotrain;
using namespace hlotrain::ir;

namespace {

// main(x) -> f(x) over `values`, in f32, run on the interpreter and on the fast path.
std::vector<std::vector<float>> runBoth(const std::vector<float>& values,
                                        const std::function<Value*(Builder&, Value*)>& f) {
  Module module;
  Function& main = module.addFunction("main");
  Builder b(main.body, &module);
  const int64_t n = static_cast<int64_t>(values.size());
  Value* x = main.body.addArgument({ElementType::f32, {n}});
  main.setResults({f(b, x)});
  const std::vector<Tensor> in = {Tensor::fromVector<float>({n}, values)};
  std::vector<std::vector<float>> out;
  for (const Tensor& y : {cpu::interpret(module, main, in)[0],
                          cpu::Executable::compile(module, "main")->run(in)[0]}) {
    out.emplace_back(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) out.back()[static_cast<size_t>(i)] = y.get<float>(i);
  }
  return out;
}

// Every 2^-10 over [-8, 8], then values far out and at f32's edges.
std::vector<float> samples() {
  std::vector<float> v;
  for (int i = -8 * 1024; i <= 8 * 1024; ++i) v.push_back(std::ldexp(float(i), -10));
  const float lim = std::numeric_limits<float>::max();
  for (float x :
       {1e-30f, std::numeric_limits<float>::min(), std::numeric_limits<float>::denorm_min(), 9.0f,
        40.0f, 1e10f, lim, std::numeric_limits<float>::infinity()})
    for (float s : {1.0f, -1.0f}) v.push_back(s * x);
  return v;
}

double gelu(double x) {
  return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
}
double geluTanh(double x) {
  return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
}

TEST(ActivationTest, ErfIsWithinHalfAMillionthOfStdErfOverAllOfF32) {
  const std::vector<float> x = samples();
  const char* const runner[] = {"interpreter", "fastPath"};
  const std::vector<std::vector<float>> results = runBoth(x, nn::emitErf);
  for (size_t r = 0; r < results.size(); ++r) {
    const std::vector<float>& y = results[r];
    double worst = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      const double error = std::abs(y[i] - std::erf(double(x[i])));
      EXPECT_LE(error, 5e-7) << "erf(" << x[i] << ") = " << y[i];
      worst = std::max(worst, error);
    }
    EXPECT_GT(worst, 0.0); // an f32 polynomial, not a lookup of std::erf
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", worst);
    ::testing::Test::RecordProperty(std::string("worstError.") + runner[r], text);
  }
}

TEST(ActivationTest, BothGeluFormsMatchTheirDefinitions) {
  std::vector<float> x;
  for (int i = -8 * 1024; i <= 8 * 1024; ++i) x.push_back(std::ldexp(float(i), -10));
  const auto exact = runBoth(
      x, [](Builder& b, Value* v) { return nn::emitActivation(b, v, nn::Activation::gelu); });
  const auto tanhForm = runBoth(
      x, [](Builder& b, Value* v) { return nn::emitActivation(b, v, nn::Activation::geluTanh); });
  double farthest = 0; // between the two forms
  for (size_t r = 0; r < 2; ++r)
    for (size_t i = 0; i < x.size(); ++i) {
      EXPECT_NEAR(exact[r][i], gelu(x[i]), 2e-6) << "gelu(" << x[i] << ")";
      EXPECT_NEAR(tanhForm[r][i], geluTanh(x[i]), 2e-6 * std::max(1.0f, std::abs(x[i])))
          << "geluTanh(" << x[i] << ")";
      farthest = std::max(farthest, std::abs(double(exact[r][i]) - tanhForm[r][i]));
    }
  EXPECT_NEAR(farthest, 4.7e-4, 0.2e-4); // FAMILIES.md: the forms differ by up to about 4.7e-4
  ::testing::Test::RecordProperty("farthest", std::to_string(farthest));
}

TEST(ActivationTest, TheExactGelusBackwardIsItsDerivative) {
  // Against Φ(x) + x·φ(x) in double, far past the clamp of erf's argument (|x| > 4√2).
  Module module;
  Function& main = module.addFunction("main");
  Builder b(main.body, &module);
  std::vector<double> x;
  for (int i = -12 * 64; i <= 12 * 64; ++i) x.push_back(i / 64.0);
  const int64_t n = static_cast<int64_t>(x.size());
  Value* in = main.body.addArgument({ElementType::f64, {n}});
  Value* ones = b.broadcastInDim(b.scalar<double>(1.0), {n}, {});
  nn::Gelu g{in, nn::emitActivation(b, in, nn::Activation::gelu)};
  main.setResults({nn::geluBackward(b, g, ones)});
  const std::vector<Tensor> inputs = {Tensor::fromVector<double>({n}, x)};
  const Tensor dx = cpu::interpret(module, main, inputs)[0];
  for (int64_t i = 0; i < n; ++i) {
    const double v = x[static_cast<size_t>(i)];
    const double exact =
        0.5 * (1 + std::erf(v / std::sqrt(2.0))) + v * std::exp(-0.5 * v * v) / std::sqrt(2 * M_PI);
    EXPECT_NEAR(dx.get<double>(i), exact, 5e-7) << "x " << v;
  }
}

TEST(ActivationTest, GelusGradientsMatchFiniteDifferences) {
  // The declared backward against the forward's own slope (the rational erf's, within its
  // error), and the tanh form's derived one exactly.
  nn::Gelu g{};
  gradcheck::checkGradients(
      {{{3, 5}, -6.0, 6.0}},
      [&](Builder& b, std::span<Value* const> a) {
        g = {a[0], nn::emitActivation(b, a[0], nn::Activation::gelu)};
        return g.y;
      },
      [&](Builder& b, std::span<Value* const>, Value*, Value* w) {
        return std::vector<Value*>{nn::geluBackward(b, g, w)};
      },
      1e-5);
  gradcheck::checkGradients(
      {{{3, 5}, -6.0, 6.0}},
      [](Builder& b, std::span<Value* const> a) {
        return nn::emitActivation(b, a[0], nn::Activation::geluTanh);
      },
      [](Builder& b, std::span<Value* const> a, Value* loss, Value*) {
        Value* seed = b.scalar<double>(1.0);
        return grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), a);
      });
}

double sigmoid(double x) {
  return 1 / (1 + std::exp(-x));
}
double relu6(double x) {
  return std::min(std::max(x, 0.0), 6.0);
}

TEST(ActivationTest, SiluSigmoidAndTheHardFormsMatchTheirDefinitions) {
  std::vector<float> x;
  for (int i = -12 * 256; i <= 12 * 256; ++i) x.push_back(std::ldexp(float(i), -8));
  struct Case {
    nn::Activation activation;
    double (*exact)(double);
  };
  const Case cases[] = {{nn::Activation::silu, [](double v) { return v * sigmoid(v); }},
                        {nn::Activation::sigmoid, sigmoid},
                        {nn::Activation::hardSigmoid, [](double v) { return relu6(v + 3) / 6; }},
                        {nn::Activation::hardSwish, [](double v) { return v * relu6(v + 3) / 6; }}};
  for (const Case& c : cases) {
    const auto results =
        runBoth(x, [&](Builder& b, Value* v) { return nn::emitActivation(b, v, c.activation); });
    for (const auto& y : results)
      for (size_t i = 0; i < x.size(); ++i)
        EXPECT_NEAR(y[i], c.exact(x[i]), 4e-7 * std::max(1.0f, std::abs(x[i])))
            << "activation " << static_cast<int>(c.activation) << " at " << x[i];
  }
}

TEST(ActivationTest, SiluSigmoidAndTheHardFormsGradientsMatchFiniteDifferences) {
  for (nn::Activation a : {nn::Activation::silu, nn::Activation::sigmoid,
                           nn::Activation::hardSigmoid, nn::Activation::hardSwish})
    gradcheck::checkGradients(
        {{{3, 5}, -6.0, 6.0}},
        [&](Builder& b, std::span<Value* const> in) { return nn::emitActivation(b, in[0], a); },
        [](Builder& b, std::span<Value* const> in, Value* loss, Value*) {
          Value* seed = b.scalar<double>(1.0);
          return grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), in);
        });
}

// The derivative of `a` at each of `x`, through grad::vjp of the emitted forward, in f32.
std::vector<float> slopes(nn::Activation a, const std::vector<float>& x) {
  Module module;
  Function& main = module.addFunction("main");
  Builder b(main.body, &module);
  const int64_t n = static_cast<int64_t>(x.size());
  Value* in = main.body.addArgument({ElementType::f32, {n}});
  Value* y = nn::emitActivation(b, in, a);
  Value* loss = b.reduce(y, b.scalar<float>(0.0f), {0}, OpKind::add);
  Value* seed = b.scalar<float>(1.0f);
  main.setResults(grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), std::span(&in, 1)));
  const std::vector<Tensor> inputs = {Tensor::fromVector<float>({n}, x)};
  const Tensor dx = cpu::interpret(module, main, inputs)[0];
  std::vector<float> out;
  for (int64_t i = 0; i < n; ++i) out.push_back(dx.get<float>(i));
  return out;
}

TEST(ActivationTest, TheHardFormsHavePyTorchsSlopesAtTheirEdges) {
  // hardsigmoid_backward: 1/6 on the open (−3, 3); hardswish_backward: 0 below −3, x/3 + 0.5 on
  // the closed [−3, 3], 1 above.
  const float below = std::nextafter(-3.0f, -4.0f), above = std::nextafter(3.0f, 4.0f);
  const std::vector<float> x = {-4.0f, below, -3.0f, 0.0f, 3.0f, above, 4.0f};
  const std::vector<float> hardSigmoid = slopes(nn::Activation::hardSigmoid, x);
  const std::vector<float> expectedSigmoid = {0, 0, 0, 1.0f / 6, 0, 0, 0};
  const std::vector<float> hardSwish = slopes(nn::Activation::hardSwish, x);
  const std::vector<float> expectedSwish = {0, 0, -0.5f, 0.5f, 1.5f, 1, 1};
  for (size_t i = 0; i < x.size(); ++i) {
    EXPECT_FLOAT_EQ(hardSigmoid[i], expectedSigmoid[i]) << "hardSigmoid' at " << x[i];
    EXPECT_FLOAT_EQ(hardSwish[i], expectedSwish[i]) << "hardSwish' at " << x[i];
  }
}

} // namespace

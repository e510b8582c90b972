// Every VJP rule against central finite differences (tests/grad/GradientCheck.h).

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <numeric>
#include <random>

#include "GradientCheck.h"
#include "grad/Vjp.h"
#include "lower/cpu/Interpreter.h"
#include "support/Error.h"

using namespace hlotrain;
using namespace hlotrain::ir;

namespace {

using gradcheck::Input;

// The gradients by grad::vjp.
std::vector<Value*> vjpOfLoss(Builder& b, std::span<Value* const> args, Value* loss, Value*) {
  Value* seed = b.scalar<double>(1.0);
  return grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), args);
}

void checkGradients(const std::vector<Input>& inputs, const gradcheck::ForwardFn& build,
                    double tol = 1e-6) {
  gradcheck::checkGradients(inputs, build, vjpOfLoss, tol);
}

Value* unaryOf(Builder& b, OpKind k, Value* x) {
  return b.unary(k, x);
}

TEST(VjpTest, ElementwiseBinary) {
  for (OpKind k :
       {OpKind::add, OpKind::subtract, OpKind::multiply, OpKind::maximum, OpKind::minimum}) {
    SCOPED_TRACE(std::string(opName(k)));
    checkGradients({{{2, 3}}, {{2, 3}}},
                   [k](Builder& b, std::span<Value* const> a) { return b.binary(k, a[0], a[1]); });
  }
  checkGradients({{{2, 3}}, {{2, 3}, 0.5, 2.0}},
                 [](Builder& b, std::span<Value* const> a) { return b.divide(a[0], a[1]); });
  checkGradients({{{2, 3}, 0.5, 2.0}, {{2, 3}}}, [](Builder& b, std::span<Value* const> a) {
    return b.binary(OpKind::power, a[0], a[1]);
  });
}

TEST(VjpTest, ElementwiseUnary) {
  for (OpKind k : {OpKind::negate, OpKind::exponential, OpKind::tanh, OpKind::logistic}) {
    SCOPED_TRACE(std::string(opName(k)));
    checkGradients({{{3, 2}}},
                   [k](Builder& b, std::span<Value* const> a) { return unaryOf(b, k, a[0]); });
  }
  for (OpKind k : {OpKind::log, OpKind::log_plus_one, OpKind::sqrt, OpKind::rsqrt, OpKind::abs}) {
    SCOPED_TRACE(std::string(opName(k)));
    checkGradients({{{3, 2}, 0.5, 2.0}},
                   [k](Builder& b, std::span<Value* const> a) { return unaryOf(b, k, a[0]); });
  }
}

TEST(VjpTest, SelectClampConvert) {
  checkGradients({{{4}}, {{4}}}, [](Builder& b, std::span<Value* const> a) {
    Value* pred = b.compare(a[0], a[1], ComparisonDirection::GT);
    return b.select(pred, b.multiply(a[0], a[0]), a[1]);
  });
  checkGradients({{{6}, -2.0, 2.0}}, [](Builder& b, std::span<Value* const> a) {
    return b.clamp(b.scalar<double>(-1.0), a[0], b.scalar<double>(1.0));
  });
  checkGradients({{{3}}}, [](Builder& b, std::span<Value* const> a) {
    return b.convert(a[0], ElementType::f64);
  });
}

TEST(VjpTest, ShapeOps) {
  checkGradients({{{3, 1}}}, [](Builder& b, std::span<Value* const> a) {
    return b.broadcastInDim(a[0], {2, 3, 4}, {1, 2});
  });
  checkGradients({{{2, 6}}}, [](Builder& b, std::span<Value* const> a) {
    return b.reshape(a[0], {3, 4});
  });
  checkGradients({{{2, 3, 4}}}, [](Builder& b, std::span<Value* const> a) {
    return b.transpose(a[0], {2, 0, 1});
  });
  checkGradients({{{5, 7}}}, [](Builder& b, std::span<Value* const> a) {
    return b.slice(a[0], {1, 0}, {5, 7}, {2, 3});
  });
  checkGradients({{{3, 4}}, {{}}}, [](Builder& b, std::span<Value* const> a) {
    return b.pad(a[0], a[1], {1, -1}, {-1, 2}, {1, 2});
  });
  checkGradients({{{2, 3}}, {{2, 1}}, {{2, 2}}}, [](Builder& b, std::span<Value* const> a) {
    return b.concatenate({a[0], a[1], a[2]}, 1);
  });
  checkGradients({{{3, 4}}}, [](Builder& b, std::span<Value* const> a) {
    return b.reverse(a[0], {0, 1});
  });
}

Value* indices(Builder& b, Shape shape, std::vector<int32_t> values) {
  Tensor t(TensorType{ElementType::i32, std::move(shape)});
  for (size_t i = 0; i < values.size(); ++i) t.set<int32_t>(static_cast<int64_t>(i), values[i]);
  return b.constant(t);
}

// The scatter-add back: rows read twice get both cotangents, rows never read get zeros.
TEST(VjpTest, GatherOfRowsWithRepeatedIds) {
  checkGradients({{{5, 3}}}, [](Builder& b, std::span<Value* const> a) {
    return b.gather(a[0], indices(b, {2, 3}, {4, 1, 4, 0, 1, 4}), {{2}, {0}, {0}, 2}, {1, 3});
  });
}

// The spec example's form: two-component index vectors on dims 1 and 0, windows of 2x2.
TEST(VjpTest, GatherOfWindowsWithIndexVectors) {
  checkGradients({{{3, 4, 2}}}, [](Builder& b, std::span<Value* const> a) {
    return b.gather(a[0], indices(b, {2, 3, 2}, {0, 0, 1, 0, 2, 1, 0, 1, 1, 1, 2, 2}),
                    {{2, 3}, {0}, {1, 0}, 2}, {1, 2, 2});
  });
}

TEST(VjpTest, DotGeneral) {
  checkGradients({{{3, 4}}, {{4, 5}}}, [](Builder& b, std::span<Value* const> a) {
    return b.dotGeneral(a[0], a[1], {{}, {}, {1}, {0}});
  });
  // Batch dims not leading, two contracting dims in mixed order.
  checkGradients({{{3, 2, 4, 5}}, {{5, 2, 6, 4}}}, [](Builder& b, std::span<Value* const> a) {
    return b.dotGeneral(a[0], a[1], {{1}, {1}, {3, 2}, {0, 3}});
  });
  // Attention's P·V: batch dims leading, the rhs contracted on its rows.
  checkGradients({{{2, 3, 4, 5}}, {{2, 3, 5, 6}}}, [](Builder& b, std::span<Value* const> a) {
    return b.dotGeneral(a[0], a[1], {{0, 1}, {0, 1}, {3}, {2}});
  });
}

// Each operand's cotangent is the product that lays it out as the operand is, with no transpose
// after it: a dense layer's dW = xᵀ·g (x first), attention's dV = Pᵀ·dO; dx = g·Wᵀ (g first).
TEST(VjpTest, ProductCotangentsNeedNoTranspose) {
  auto transposesInBackward = [](Shape lhs, Shape rhs, DotDimensionNumbers dims) {
    Module m;
    Function& f = m.addFunction("main");
    Builder b(f.body, &m);
    Value* x = f.body.addArgument({ElementType::f64, lhs});
    Value* w = f.body.addArgument({ElementType::f64, rhs});
    Value* y = b.dotGeneral(x, w, dims);
    std::vector<int64_t> all(static_cast<size_t>(y->type.rank()));
    std::iota(all.begin(), all.end(), 0);
    Value* loss = b.reduce(y, b.scalar<double>(0.0), all, OpKind::add);
    Value* seed = b.scalar<double>(1.0);
    const size_t forwardOps = f.body.ops.size();
    Value* wrt[] = {x, w};
    f.setResults(grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), wrt));
    int transposes = 0;
    for (size_t i = forwardOps; i < f.body.ops.size(); ++i)
      transposes += f.body.ops[i]->kind == OpKind::transpose;
    return transposes;
  };
  EXPECT_EQ(transposesInBackward({6, 3}, {3, 4}, {{}, {}, {1}, {0}}), 0);
  EXPECT_EQ(transposesInBackward({2, 3, 7, 5}, {2, 3, 5, 4}, {{0, 1}, {0, 1}, {3}, {2}}), 0);
  // Q·Kᵀ: both operands contracted on their last dim; each cotangent is still a plain product.
  EXPECT_EQ(transposesInBackward({2, 3, 7, 4}, {2, 3, 5, 4}, {{0, 1}, {0, 1}, {3}, {3}}), 0);
}

Attributes convAttrs(std::vector<int64_t> lhs, std::vector<int64_t> rhs, std::vector<int64_t> out) {
  Attributes a;
  a.conv = ir::convDimensionNumbers(lhs, rhs, out);
  return a;
}

TEST(VjpTest, ConvolutionNchwStridedAsymmetricPadding) {
  checkGradients({{{2, 3, 7, 6}}, {{4, 3, 3, 3}}}, [](Builder& b, std::span<Value* const> a) {
    Attributes c = convAttrs({0, 1, 2, 3}, {0, 1, 2, 3}, {0, 1, 2, 3});
    c.windowStrides = {2, 2};
    c.padding = {{0, 1}, {1, 1}};
    return b.convolution(a[0], a[1], c);
  });
}

TEST(VjpTest, ConvolutionNhwcDilatedAndGrouped) {
  checkGradients({{{1, 6, 6, 4}}, {{3, 3, 2, 6}}}, [](Builder& b, std::span<Value* const> a) {
    Attributes c = convAttrs({0, 3, 1, 2}, {3, 2, 0, 1}, {0, 3, 1, 2});
    c.rhsDilation = {2, 1};
    c.padding = {{1, 1}, {1, 0}};
    c.featureGroupCount = 2;
    return b.convolution(a[0], a[1], c);
  });
  // Depthwise with stride.
  checkGradients({{{2, 3, 5, 5}}, {{3, 1, 3, 3}}}, [](Builder& b, std::span<Value* const> a) {
    Attributes c = convAttrs({0, 1, 2, 3}, {0, 1, 2, 3}, {0, 1, 2, 3});
    c.windowStrides = {2, 2};
    c.padding = {{1, 1}, {1, 1}};
    c.featureGroupCount = 3;
    return b.convolution(a[0], a[1], c);
  });
}

TEST(VjpTest, Reductions) {
  checkGradients({{{3, 4}}}, [](Builder& b, std::span<Value* const> a) {
    return b.reduce(a[0], b.scalar<double>(0.0), {1}, OpKind::add);
  });
  checkGradients({{{3, 4}}}, [](Builder& b, std::span<Value* const> a) {
    return b.reduce(a[0], b.scalar<double>(-1e300), {0}, OpKind::maximum);
  });
  checkGradients({{{1, 2, 5, 5}}}, [](Builder& b, std::span<Value* const> a) {
    Attributes w;
    w.windowDimensions = {1, 1, 3, 3};
    w.windowStrides = {1, 1, 2, 2};
    w.padding = {{0, 0}, {0, 0}, {1, 1}, {1, 1}};
    return b.reduceWindow(a[0], b.scalar<double>(-1e300), w, OpKind::maximum);
  });
}

TEST(VjpTest, SoftmaxCrossEntropyComposite) {
  checkGradients({{{4, 5}}}, [](Builder& b, std::span<Value* const> a) {
    Value* x = a[0];
    Value* max = b.reduce(x, b.scalar<double>(-1e300), {1}, OpKind::maximum);
    Value* shifted = b.subtract(x, b.broadcastInDim(max, {4, 5}, {0}));
    Value* sum =
        b.reduce(b.unary(OpKind::exponential, shifted), b.scalar<double>(0.0), {1}, OpKind::add);
    return b.subtract(shifted, b.broadcastInDim(b.unary(OpKind::log, sum), {4, 5}, {0}));
  });
}

TEST(VjpTest, CustomVjpReplacesTheOpsOfAValue) {
  Module m;
  Function& f = m.addFunction("main");
  Builder b(f.body, &m);
  Value* x = f.body.addArgument({ElementType::f64, {3}});
  Value* y = b.multiply(x, x);
  Value* loss = b.reduce(b.add(y, x), b.scalar<double>(0.0), {0}, OpKind::add);
  Value* seed = b.scalar<double>(1.0);
  auto three = [](Builder& builder, Value* ct) {
    return std::vector<Value*>{
        builder.multiply(ct, builder.broadcastInDim(builder.scalar<double>(3.0), {3}, {}))};
  };
  grad::CustomVjps customs{{y, {{x}, three}}};
  // The rule's 3 replaces y's 2x; the path around y still adds its 1.
  f.setResults(
      grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), std::span(&x, 1), {}, customs));
  std::vector<Tensor> in = {Tensor::fromVector<double>({3}, {1, 2, 3})};
  Tensor dx = cpu::interpret(m, f, in)[0];
  for (int64_t i = 0; i < 3; ++i) EXPECT_EQ(dx.get<double>(i), 4.0);

  customs[y].inputs = {x, x};
  EXPECT_THROW(
      grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), std::span(&x, 1), {}, customs),
      VerifyError);
}

// A product's rule builds both transposes; the one for an operand that needs no gradient (the
// data) is removed with everything only it used, so the backward holds dW = xᵀ·g alone.
TEST(VjpTest, OpsThatComputeOnlyUnneededCotangentsAreRemoved) {
  Module m;
  Function& f = m.addFunction("main");
  Builder b(f.body, &m);
  Value* x = f.body.addArgument({ElementType::f64, {2, 3}});
  Value* w = f.body.addArgument({ElementType::f64, {3, 4}});
  Value* y = b.dotGeneral(b.unary(OpKind::tanh, x), w, {{}, {}, {1}, {0}});
  Value* loss = b.reduce(y, b.scalar<double>(0.0), {0, 1}, OpKind::add);
  Value* seed = b.scalar<double>(1.0);
  const size_t forwardOps = f.body.ops.size();
  f.setResults(grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), std::span(&w, 1)));
  size_t products = 0;
  for (size_t i = forwardOps; i < f.body.ops.size(); ++i)
    products += f.body.ops[i]->kind == OpKind::dot_general;
  EXPECT_EQ(products, 1u);
  std::vector<Tensor> in = {Tensor::fromVector<double>({2, 3}, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6}),
                            Tensor::fromVector<double>({3, 4}, std::vector<double>(12, 1.0))};
  // dW[k][j] = Σ_i tanh(x[i][k]).
  Tensor dw = cpu::interpret(m, f, in)[0];
  EXPECT_NEAR(dw.get<double>(0), std::tanh(0.1) + std::tanh(0.4), 1e-15);
}

TEST(VjpTest, UnreachableWrtGetsZerosAndMissingRuleIsUnsupported) {
  std::mt19937 rng(1);
  auto module = gradcheck::buildGradientModule(
      {{{3}}, {{3}}}, [](Builder& b, std::span<Value* const> a) { return b.multiply(a[0], a[0]); },
      vjpOfLoss, rng);
  const Function& f = *module->functions[0];
  std::vector<Tensor> in = {Tensor::fromVector<double>({3}, {1, 2, 3}),
                            Tensor::fromVector<double>({3}, {4, 5, 6})};
  std::vector<Tensor> out = cpu::interpret(*module, f, in);
  for (int64_t i = 0; i < 3; ++i) EXPECT_EQ(out[2].get<double>(i), 0.0);

  Module m;
  Function& g = m.addFunction("main");
  Builder b(g.body, &m);
  Value* x = g.body.addArgument({ElementType::f64, {4}});
  Value* i = b.scalar<int32_t>(1);
  Value* y = b.dynamicSlice(x, {i}, {2});
  Value* seed = b.splat(y->type, 1.0);
  EXPECT_THROW(grad::vjp(b, std::span(&y, 1), std::span(&seed, 1), std::span(&x, 1)),
               UnsupportedError);
}

} // namespace

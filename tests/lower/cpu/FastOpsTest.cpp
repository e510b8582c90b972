// The fast path op by op against the reference interpreter: matmuls of every dimension-number
// shape, fused elementwise chains with views, reductions, windows, and the generic fallback.

#include "FastTestUtil.h"

namespace hlotrain::cpu::fasttest {
namespace {

using FastOps = FastFixture;

DotDimensionNumbers dot(std::vector<int64_t> lb, std::vector<int64_t> rb, std::vector<int64_t> lc,
                        std::vector<int64_t> rc) {
  return {std::move(lb), std::move(rb), std::move(lc), std::move(rc)};
}

TEST_F(FastOps, MatmulPlain) {
  Value* x = arg(f32({5, 7}));
  Value* w = arg(f32({7, 3}));
  check({b.dotGeneral(x, w, dot({}, {}, {1}, {0}))});
  EXPECT_TRUE(planHas("onednn matmul")) << plan;
  EXPECT_FALSE(planHas("densecopy")) << plan;
}

TEST_F(FastOps, MatmulTransposedOperandsUseStrides) {
  Value* g = arg(f32({6, 4}));
  Value* w = arg(f32({5, 4}));
  Value* x = arg(f32({6, 5}));
  Value* dx = b.dotGeneral(g, w, dot({}, {}, {1}, {1}));
  Value* dw = b.dotGeneral(x, g, dot({}, {}, {0}, {0}));
  check({dx, dw});
  EXPECT_FALSE(planHas("densecopy")) << plan;
}

TEST_F(FastOps, MatmulBatchedAndMultiContracting) {
  Value* a = arg(f32({3, 4, 2, 5}));
  Value* c = arg(f32({3, 2, 5, 6}));
  Value* batched = b.dotGeneral(a, c, dot({0}, {0}, {2, 3}, {1, 2}));
  Value* p = arg(f32({4, 3, 5}));
  Value* q = arg(f32({5, 4, 2}));
  // Batch dims not leading in either operand: copied densely before the matmul.
  Value* inner = b.dotGeneral(p, q, dot({0}, {1}, {2}, {0}));
  Value* v = arg(f32({7}));
  Value* u = arg(f32({7}));
  Value* scalar = b.dotGeneral(v, u, dot({}, {}, {0}, {0}));
  check({batched, inner, scalar}, 1e-5);
  EXPECT_FALSE(planHas("generic stablehlo.dot_general")) << plan;
}

TEST_F(FastOps, IntegerMatmulRunsGeneric) {
  Value* x = arg({ElementType::i32, {3, 4}});
  Value* y = arg({ElementType::i32, {4, 2}});
  check({b.dotGeneral(x, y, dot({}, {}, {1}, {0}))});
  EXPECT_TRUE(planHas("generic stablehlo.dot_general")) << plan;
}

// bf16 and f16 have no fast kernels yet: each op of such a graph runs as the reference does
// (its evaluateOp, "generic" in the plan), with the reference's results bit for bit.
TEST_F(FastOps, HalfFloatGraphsRunGeneric) {
  std::vector<Value*> results;
  for (ElementType type : {ElementType::bf16, ElementType::f16}) {
    Value* x = arg({type, {3, 4}});
    Value* y = arg({type, {4, 2}});
    Value* product = b.dotGeneral(x, y, dot({}, {}, {1}, {0}));
    Value* twice = b.add(product, product);
    results.push_back(twice);
    results.push_back(b.convert(twice, ElementType::f32));
    results.push_back(b.unary(OpKind::exponential, b.transpose(twice, {1, 0})));
  }
  check(results, 0);
  EXPECT_TRUE(planHas("generic stablehlo.dot_general")) << plan;
  EXPECT_TRUE(planHas("generic stablehlo.add")) << plan;
  EXPECT_TRUE(planHas("generic stablehlo.exponential")) << plan;
}

TEST_F(FastOps, ElementwiseChainWithBroadcastsFusesIntoOneLoop) {
  Value* x = arg(f32({4, 6, 5}));
  Value* bias = arg(f32({6}));
  Value* scale = arg(f32({}));
  Value* bb = b.broadcastInDim(bias, {4, 6, 5}, {1});
  Value* sb = b.broadcastInDim(scale, {4, 6, 5}, {});
  Value* y = b.multiply(b.add(x, bb), sb);
  Value* z = b.maximum(y, b.splat(f32({4, 6, 5}), 0.0));
  Value* t = b.unary(OpKind::tanh, b.subtract(z, b.unary(OpKind::logistic, x)));
  check({t});
  EXPECT_TRUE(planHas("fused loop [4x6x5]")) << plan;
  EXPECT_EQ(plan.find("fused loop", plan.find("fused loop") + 1), std::string::npos) << plan;
}

TEST_F(FastOps, ViewsFuseAsIndexMaps) {
  Value* x = arg(f32({3, 4, 5}));
  Value* y = arg(f32({5, 3, 4}));
  Value* xt = b.transpose(x, {2, 0, 1});
  Value* ys = b.reverse(y, {0, 2});
  Value* sum = b.add(xt, ys);
  Value* sl = b.slice(sum, {1, 0, 1}, {5, 3, 4}, {2, 1, 2});
  Value* r = b.reshape(x, {12, 5});
  Value* rt = b.transpose(r, {1, 0});
  check({sl, rt, b.unary(OpKind::negate, ys)});
  EXPECT_FALSE(planHas("generic")) << plan;
}

TEST_F(FastOps, CompareSelectClampConvertOnBooleans) {
  Value* x = arg(f32({8, 9}));
  Value* y = arg(f32({8, 9}));
  Value* lt = b.compare(x, y, ComparisonDirection::LT);
  Value* ge = b.compare(x, b.splat(f32({8, 9}), 0.25), ComparisonDirection::GE);
  Value* both = b.binary(OpKind::and_, lt, b.unary(OpKind::not_, ge));
  Value* either = b.binary(OpKind::xor_, lt, ge);
  Value* sel = b.select(both, x, y);
  Value* lo = b.scalar(-0.5f);
  Value* hi = b.scalar(0.5f);
  Value* cl = b.clamp(lo, sel, hi);
  Value* asFloat = b.convert(either, ElementType::f32);
  Value* backToBool = b.convert(b.add(asFloat, x), ElementType::i1);
  check({cl, either, backToBool});
  EXPECT_FALSE(planHas("generic")) << plan;
}

TEST_F(FastOps, AllFloatUnaryAndBinaryOps) {
  Value* x = arg(f32({33}));
  Value* y = arg(f32({33}));
  std::vector<Value*> results;
  for (OpKind k :
       {OpKind::negate, OpKind::abs, OpKind::sign, OpKind::exponential, OpKind::log,
        OpKind::log_plus_one, OpKind::sqrt, OpKind::rsqrt, OpKind::tanh, OpKind::logistic})
    results.push_back(b.unary(k, x));
  for (OpKind k : {OpKind::add, OpKind::subtract, OpKind::multiply, OpKind::divide,
                   OpKind::remainder, OpKind::maximum, OpKind::minimum, OpKind::power})
    results.push_back(b.binary(k, x, y));
  check(results, 1e-6);
}

TEST_F(FastOps, IntegerElementwiseRunsGenericButViewsCopy) {
  Value* x = arg({ElementType::i32, {4, 5}});
  Value* y = arg({ElementType::i32, {4, 5}});
  Value* sum = b.add(x, y);
  Value* t = b.transpose(x, {1, 0});
  Value* bc = b.broadcastInDim(b.slice(y, {0, 0}, {1, 5}), {3, 4, 5}, {1, 2});
  check({sum, t, bc});
  EXPECT_TRUE(planHas("strided copy")) << plan;
}

TEST_F(FastOps, ReduceOverEveryDimensionSet) {
  Value* x = arg(f32({4, 5, 6}));
  Value* zero = b.scalar(0.0f);
  Value* ninf = b.scalar(-INFINITY);
  std::vector<Value*> results;
  for (std::vector<int64_t> dims :
       std::vector<std::vector<int64_t>>{{0}, {1}, {2}, {0, 1}, {0, 2}, {1, 2}, {0, 1, 2}, {}}) {
    results.push_back(b.reduce(x, zero, dims, OpKind::add));
    results.push_back(b.reduce(x, ninf, dims, OpKind::maximum));
  }
  Value* big = arg(f32({3, 1000}));
  results.push_back(b.reduce(big, zero, {1}, OpKind::add));
  results.push_back(b.reduce(big, b.scalar(1.0f), {0}, OpKind::multiply));
  results.push_back(b.reduce(big, b.scalar(INFINITY), {1}, OpKind::minimum));
  check(results, 1e-5);
  EXPECT_FALSE(planHas("generic stablehlo.reduce")) << plan;
}

TEST_F(FastOps, VariadicAndComplexReducesRunGeneric) {
  Value* x = arg(f32({4, 6}));
  Value* y = arg(f32({4, 6}));
  auto outs = b.reduce({x, y}, {b.scalar(0.0f), b.scalar(0.0f)}, {1},
                       [](Builder& rb, std::span<Value* const> a) {
                         return std::vector<Value*>{rb.add(a[0], a[2]), rb.maximum(a[1], a[3])};
                       });
  Value* sq = b.reduce({x}, {b.scalar(0.0f)}, {0}, [](Builder& rb, std::span<Value* const> a) {
    return std::vector<Value*>{rb.add(a[0], rb.multiply(a[1], a[1]))};
  })[0];
  check({outs[0], outs[1], sq});
  EXPECT_TRUE(planHas("generic stablehlo.reduce")) << plan;
}

TEST_F(FastOps, ReduceWindowAndSelectAndScatter) {
  Value* x = arg(f32({2, 3, 8, 8}));
  Attributes pool;
  pool.windowDimensions = {1, 1, 3, 3};
  pool.windowStrides = {1, 1, 2, 2};
  pool.padding = {{0, 0}, {0, 0}, {1, 1}, {1, 1}};
  Value* mp = b.reduceWindow(x, b.scalar(-INFINITY), pool, OpKind::maximum);
  Value* ap = b.reduceWindow(x, b.scalar(0.0f), pool, OpKind::add);
  Value* source = arg(f32({2, 3, 4, 4}));
  Value* grad =
      b.selectAndScatter(x, source, b.scalar(0.0f), pool, ComparisonDirection::GE, OpKind::add);
  check({mp, ap, grad});
  EXPECT_TRUE(planHas("reduce_window maximum")) << plan;
  EXPECT_TRUE(planHas("select_and_scatter GE")) << plan;
  EXPECT_FALSE(planHas("generic")) << plan;
}

TEST(FastWindows, RandomWindowsDilationsAndPaddings) {
  for (unsigned seed = 0; seed < 30; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    FastCase t(seed);
    auto pick = [&](int lo, int hi) {
      return std::uniform_int_distribution<int64_t>(lo, hi)(t.rng);
    };
    Shape shape{pick(1, 2), pick(3, 7), pick(3, 7)};
    Value* x = t.arg(f32(shape));
    Attributes a, s;
    for (size_t d = 0; d < 3; ++d) {
      a.windowDimensions.push_back(pick(1, 3));
      a.windowStrides.push_back(pick(1, 2));
      a.lhsDilation.push_back(pick(1, 2));
      a.rhsDilation.push_back(pick(1, 2));
      a.padding.push_back({pick(-1, 2), pick(0, 2)});
      s.windowDimensions.push_back(pick(1, 3));
      s.windowStrides.push_back(pick(1, 3));
      s.padding.push_back({pick(0, 1), pick(0, 1)});
    }
    // A non-identity init shows that padding and holes read as init_value.
    Value* sum = t.b.reduceWindow(x, t.b.scalar(0.5f), a, OpKind::add);
    Value* mx = t.b.reduceWindow(x, t.b.scalar(-INFINITY), a, OpKind::maximum);
    Value* probe = t.b.reduceWindow(x, t.b.scalar(0.0f), s, OpKind::maximum);
    Value* source = t.arg(probe->type);
    Value* ge =
        t.b.selectAndScatter(x, source, t.b.scalar(0.0f), s, ComparisonDirection::GE, OpKind::add);
    Value* gt =
        t.b.selectAndScatter(x, source, t.b.scalar(1.0f), s, ComparisonDirection::GT, OpKind::add);
    t.check({sum, mx, ge, gt}, 1e-6);
    EXPECT_FALSE(t.planHas("generic")) << t.plan;
  }
}

TEST_F(FastOps, OtherOpsRunGeneric) {
  Value* x = arg(f32({3, 4}));
  Value* i = arg({ElementType::i32, {}});
  Value* p = b.pad(x, b.scalar(0.5f), {1, -1}, {0, 2}, {1, 0});
  Value* c = b.concatenate({x, x}, 0);
  Value* d = b.dynamicSlice(x, {i, i}, {2, 2});
  Value* io = b.iota(f32({3, 4}), 1);
  check({p, c, d, b.add(io, x)});
}

TEST_F(FastOps, EmptyTensors) {
  Value* x = arg(f32({0, 4}));
  Value* y = arg(f32({3, 4}));
  Value* sum = b.reduce(x, b.scalar(1.5f), {0}, OpKind::add);
  Value* t = b.transpose(b.unary(OpKind::exponential, x), {1, 0});
  Value* m = b.dotGeneral(y, b.transpose(x, {1, 0}), {{}, {}, {1}, {0}});
  check({sum, t, m});
}

TEST_F(FastOps, CallsAreInlined) {
  Function& callee = module.addFunction("square", false);
  Value* a = callee.body.addArgument(f32({5}));
  Builder cb(callee.body, &module);
  callee.setResults({cb.multiply(a, a)});
  Value* x = arg(f32({5}));
  Value* once = b.call(callee, {x})[0];
  Value* twice = b.call(callee, {once})[0];
  check({twice, x, x});
  EXPECT_FALSE(planHas("func.call")) << plan;
}

TEST_F(FastOps, ChecksAreEvaluated) {
  Value* x = arg(f32({3}));
  b.check(OpKind::check_expect_almost_eq, {x, x});
  fn.setResults({});
  verify(module);
  auto exe = Executable::compile(module, "main");
  CheckLog log;
  exe->run(inputs, &log);
  EXPECT_EQ(log.passed, 1);
  EXPECT_FALSE(log.firstFailure);
}

TEST_F(FastOps, RejectsMismatchedInputs) {
  Value* x = arg(f32({3}));
  fn.setResults({b.add(x, x)});
  auto exe = Executable::compile(module, "main");
  std::vector<Tensor> wrong{Tensor(f32({4}))};
  EXPECT_THROW(exe->run(wrong), hlotrain::RuntimeError);
  EXPECT_THROW(exe->run({}), hlotrain::RuntimeError);
  EXPECT_THROW(Executable::compile(module, "nope"), hlotrain::RuntimeError);
}

} // namespace
} // namespace hlotrain::cpu::fasttest

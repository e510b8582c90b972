// Compiled loop bodies (lower/cpu/VectorLoop.h) against the interpreted passes they replace:
// bit for bit, on the values where float ops differ (signed zeros, NaN, infinities, subnormals),
// with a partial last vector and several chunks per loop.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <sys/mman.h>
#include <unistd.h>

#include "FastTestUtil.h"
#include "lower/cpu/Exponential.h"
#include "lower/cpu/VectorLoop.h"

namespace hlotrain::cpu::fasttest {
namespace {

using plan::VectorLoop;
using plan::VectorNode;
using Role = VectorNode::Role;

bool compiles() {
  std::vector<VectorNode> body(2);
  body[0].role = Role::Input;
  body[1] = {Role::Compute, OpKind::negate, ElementType::f32, ComparisonDirection::EQ, {0}, true};
  return VectorLoop::compile(body) != nullptr;
}

// 37 columns: every row ends in a partial vector; 3 x 1400 rows: several chunks per thread.
const Shape kSmall = {4, 37};
const Shape kLarge = {3 * 1400, 37};

// Every other element one of the values ops disagree on, each input `salt` stepping through
// them at its own pace so that inputs meet every pair (ties and +0 against -0 included); the
// others random.
void fillSpecial(Tensor& t, int64_t salt) {
  const float inf = std::numeric_limits<float>::infinity();
  const float special[] = {
      0.0f,     -0.0f,       1.0f,
      -1.0f,    inf,         -inf,
      NAN,      -NAN,        1e-40f,
      -1e-40f,  3.4e38f,     2.0f,
      0.5f,     -2.5f,       1.0039f,
      65504.0f, 1.0f / 3.0f, std::bit_cast<float>(0x7f800001u)}; // signaling, low payload
  const int64_t count = sizeof(special) / sizeof(special[0]);
  for (int64_t i = 0; i < t.numElements(); i += 2) {
    const int64_t j = i / 2 % count, round = i / 2 / count;
    t.set<float>(i, special[(j + salt * round) % count]);
  }
}

// Identical floats, bit for bit (signed zeros told apart), NaN matching any NaN: which NaN an
// op of two NaNs returns depends on the operand order the compiler chose for the interpreter's
// pass, and StableHLO leaves NaN payloads unspecified.
::testing::AssertionResult sameBits(const Tensor& a, const Tensor& b) {
  if (a.type() != b.type()) return ::testing::AssertionFailure() << "types differ";
  const size_t width = byteWidth(a.elementType());
  for (int64_t i = 0; i < a.numElements(); ++i) {
    const bool nans =
        isFloat(a.elementType()) && std::isnan(a.getAsDouble(i)) && std::isnan(b.getAsDouble(i));
    if (!nans && std::memcmp(a.bytes() + i * width, b.bytes() + i * width, width) != 0)
      return ::testing::AssertionFailure()
             << "element " << i << ": " << a.getAsDouble(i) << " vs " << b.getAsDouble(i);
  }
  return ::testing::AssertionSuccess();
}

// Runs the module compiled with and without vector loops: the same values, and the first plan
// compiles its loops.
void expectSameBits(FastCase& t, std::vector<Value*> results) {
  for (size_t i = 0; i < t.inputs.size(); ++i)
    if (t.inputs[i].elementType() == ElementType::f32)
      fillSpecial(t.inputs[i], static_cast<int64_t>(i));
  t.options.vectorLoops = false;
  t.check(results);
  const std::string interpretedPlan = t.plan;
  auto interpreted = Executable::compile(t.module, "main", t.options)->run(t.inputs);
  t.options.vectorLoops = true;
  auto exe = Executable::compile(t.module, "main", t.options);
  const std::string plan = exe->dumpPlan();
  EXPECT_EQ(interpretedPlan.find(" compiled"), std::string::npos) << interpretedPlan;
  if (compiles()) {
    EXPECT_NE(plan.find(" compiled"), std::string::npos) << plan;
  }
  auto compiled = exe->run(t.inputs);
  ASSERT_EQ(compiled.size(), interpreted.size());
  for (size_t i = 0; i < compiled.size(); ++i)
    EXPECT_TRUE(sameBits(compiled[i], interpreted[i])) << "result #" << i << "\n" << plan;
}

class FastVectorLoop : public ::testing::TestWithParam<Shape> {};

TEST_P(FastVectorLoop, FloatOpsMatchTheInterpreterBitForBit) {
  for (OpKind kind :
       {OpKind::negate, OpKind::abs, OpKind::sqrt, OpKind::rsqrt, OpKind::exponential}) {
    FastCase t;
    Value* x = t.arg(f32(GetParam()));
    expectSameBits(t, {t.b.unary(kind, x)});
  }
  for (OpKind kind : {OpKind::add, OpKind::subtract, OpKind::multiply, OpKind::divide,
                      OpKind::maximum, OpKind::minimum}) {
    FastCase t;
    Value* x = t.arg(f32(GetParam()));
    Value* y = t.arg(f32(GetParam()));
    expectSameBits(t, {t.b.binary(kind, x, y)});
  }
}

TEST_P(FastVectorLoop, ComparesSelectsClampsAndConvertsMatchBitForBit) {
  FastCase t;
  Value* x = t.arg(f32(GetParam()));
  Value* y = t.arg(f32(GetParam()));
  Value* z = t.arg(f32(GetParam()));
  std::vector<Value*> results;
  for (ComparisonDirection d :
       {ComparisonDirection::EQ, ComparisonDirection::NE, ComparisonDirection::GE,
        ComparisonDirection::GT, ComparisonDirection::LE, ComparisonDirection::LT})
    results.push_back(t.b.select(t.b.compare(x, y, d), x, z));
  results.push_back(t.b.clamp(y, x, z));
  // Constant bounds: nonzero ones (the erf's) take vmaxps and vminps as they are; a zero or NaN
  // bound keeps the fix-ups for signed zeros and NaN.
  auto bound = [&](float value) { return t.b.splat(x->type, value); };
  const float nan = std::numeric_limits<float>::quiet_NaN();
  results.push_back(t.b.clamp(bound(-4.0f), x, bound(4.0f)));
  results.push_back(t.b.clamp(bound(0.0f), x, bound(6.0f)));
  results.push_back(t.b.clamp(bound(-2.5f), x, bound(-0.0f)));
  results.push_back(t.b.clamp(bound(nan), x, bound(1.0f)));
  results.push_back(t.b.convert(t.b.multiply(x, y), ElementType::bf16));
  results.push_back(t.b.convert(x, ElementType::bf16));
  Value* nonzero = t.b.convert(x, ElementType::i1);
  Value* less = t.b.compare(y, z, ComparisonDirection::LT);
  results.push_back(t.b.convert(t.b.binary(OpKind::and_, nonzero, less), ElementType::f32));
  results.push_back(t.b.binary(OpKind::or_, nonzero, less));
  results.push_back(t.b.binary(OpKind::xor_, nonzero, less));
  results.push_back(t.b.unary(OpKind::not_, less));
  expectSameBits(t, results);
}

TEST_P(FastVectorLoop, StoresInPlaceWhileReadingItsInputs) {
  // An Adam-like update: three results of one loop (co-outputs), two of them written over the
  // donated arguments they replace, where later nodes of the same vector still read them.
  FastCase t;
  Value* w = t.arg(f32(GetParam()));
  Value* g = t.arg(f32(GetParam()));
  Value* m = t.arg(f32(GetParam()));
  Value* m2 = t.b.add(m, g);
  Value* step = t.b.divide(m2, t.b.add(t.b.unary(OpKind::sqrt, t.b.multiply(g, g)), w));
  Value* w2 = t.b.subtract(w, step);
  expectSameBits(t, {w2, m2, t.b.multiply(w2, g)});
  auto interpreted = Executable::compile(t.module, "main", {.vectorLoops = false})->run(t.inputs);
  std::vector<Tensor> in = t.inputs;
  auto donated = Executable::compile(t.module, "main")->runDonating(in, {true, false, true});
  for (size_t i = 0; i < donated.size(); ++i)
    EXPECT_TRUE(sameBits(donated[i], interpreted[i])) << "result #" << i;
}

TEST_P(FastVectorLoop, ConstantsAndBroadcastScalarsMatchBitForBit) {
  // Element 3 of a vector broadcast everywhere (read from its offset), constants, and a product
  // of the two computed once per run (its operands kept as whole chunks for the interpreted op).
  FastCase t;
  Value* x = t.arg(f32(GetParam()));
  Value* rates = t.arg(f32({8}));
  auto everywhere = [&](Value* scalar) { return t.b.broadcastInDim(scalar, GetParam(), {}); };
  Value* rate = everywhere(t.b.reshape(t.b.slice(rates, {3}, {4}, {1}), {}));
  Value* scaled = t.b.multiply(x, t.b.multiply(rate, everywhere(t.b.scalar(2.0f))));
  Value* shifted = t.b.subtract(t.b.add(scaled, rate), everywhere(t.b.scalar(3.0f)));
  expectSameBits(t, {t.b.maximum(shifted, everywhere(t.b.scalar(-1.5f)))});
}

TEST_P(FastVectorLoop, Bf16OperandsAreWidenedAsLoaded) {
  // One bf16 operand read in place, one transposed (gathered into the chunk first).
  FastCase t;
  const Shape shape = GetParam();
  Value* x = t.arg(f32(shape));
  Value* direct = t.arg(TensorType{ElementType::bf16, shape});
  Value* transposed = t.arg(TensorType{ElementType::bf16, {shape[1], shape[0]}});
  auto wide = [&](Value* v) { return t.b.convert(v, ElementType::f32); };
  Value* sum = t.b.add(t.b.multiply(x, wide(direct)), wide(t.b.transpose(transposed, {1, 0})));
  expectSameBits(t, {sum});
}

INSTANTIATE_TEST_SUITE_P(Shapes, FastVectorLoop, ::testing::Values(kSmall, kLarge));

TEST(FastVectorLoopAroundCaches, LargeResultsMatchBitForBit) {
  // A value of 17 MB (past the size stored with non-temporal stores), the last vector partial:
  // y = x * g + m, of three sources so stored, not recomputed, in the planned arena (64-byte
  // aligned, unlike the function's results), and read by two loops.
  FastCase t;
  const Shape shape{4'300'007};
  Value* x = t.arg(f32(shape));
  Value* g = t.arg(f32(shape));
  Value* m = t.arg(f32(shape));
  Value* y = t.b.add(t.b.multiply(x, g), m);
  expectSameBits(t, {t.b.add(y, x), t.b.multiply(y, g)});
  if (compiles()) {
    auto exe = Executable::compile(t.module, "main");
    EXPECT_NE(exe->dumpPlan().find("stores around the caches"), std::string::npos)
        << exe->dumpPlan();
  }
}

// The compiled loop of the one unary `op` gives `scalar`'s bits on every one of `x` (NaN for NaN).
void expectCompiledAsScalar(OpKind op, float (*scalar)(float), const std::vector<float>& x) {
  if (!compiles()) GTEST_SKIP() << "no compiled loops on this CPU";
  std::vector<VectorNode> body(2);
  body[0].role = Role::Input;
  body[1] = {Role::Compute, op, ElementType::f32, ComparisonDirection::EQ, {0}, true};
  const auto loop = VectorLoop::compile(body);
  ASSERT_NE(loop, nullptr);
  std::vector<float> y(x.size());
  const float* v[] = {x.data(), y.data()};
  loop->run(v, static_cast<int64_t>(x.size()));
  for (size_t i = 0; i < x.size(); ++i) {
    const float expected = scalar(x[i]);
    if (std::isnan(expected)) {
      EXPECT_TRUE(std::isnan(y[i]));
      continue;
    }
    ASSERT_EQ(std::bit_cast<uint32_t>(y[i]), std::bit_cast<uint32_t>(expected))
        << ir::opName(op) << "(" << x[i] << ")";
  }
}

// The fast path's exp (lower/cpu/Exponential.h) within 2 ulp of exp in double wherever the result
// is a normal float, exact at the edges (0 below, infinity above, NaN kept), and its compiled
// form the same bits over the whole f32 line (every 2^-10 over [-110, 95] and beyond).
TEST(FastExponential, IsWithinTwoUlpAndCompiledTheSame) {
  std::vector<float> x;
  for (int i = -110 * 1024; i <= 95 * 1024; ++i) x.push_back(std::ldexp(float(i), -10));
  const float inf = std::numeric_limits<float>::infinity();
  for (float v :
       {inf, -inf, NAN, 1e-40f, -1e-40f, 3e38f, -3e38f, 88.72f, 88.73f, -87.34f, -103.97f, -104.5f})
    x.push_back(v);
  int worst = 0;
  for (float v : x) {
    const float y = fastExponential(v);
    const double exact = std::exp(double(v));
    if (std::isnan(v)) {
      EXPECT_TRUE(std::isnan(y));
      continue;
    }
    if (exact > std::numeric_limits<float>::max()) {
      EXPECT_EQ(y, inf) << v;
      continue;
    }
    if (exact < std::numeric_limits<float>::min()) { // subnormal results: within one subnormal
      EXPECT_NEAR(y, exact, 2 * std::numeric_limits<float>::denorm_min()) << v;
      continue;
    }
    const float rounded = static_cast<float>(exact);
    const int ulps = std::abs(std::bit_cast<int32_t>(y) - std::bit_cast<int32_t>(rounded));
    EXPECT_LE(ulps, 2) << "exp(" << v << ") = " << y << ", exactly " << exact;
    worst = std::max(worst, ulps);
  }
  ::testing::Test::RecordProperty("worstUlps", worst);
  expectCompiledAsScalar(OpKind::exponential, fastExponential, x);
}

// The fast path's logistic, 1/(1 + fastExponential(−x)) (SiLU's and the sigmoid gates'), within
// 3 ulp of the logistic in double where that is a normal float (below, 0 or a subnormal: exp(−x)
// overflows f32 there, as in 1/(1 + expf(−x))), and compiled the same bits.
TEST(FastLogistic, IsWithinThreeUlpAndCompiledTheSame) {
  std::vector<float> x;
  for (int i = -110 * 256; i <= 110 * 256; ++i) x.push_back(std::ldexp(float(i), -8));
  const float inf = std::numeric_limits<float>::infinity();
  for (float v : {inf, -inf, NAN, 1e-40f, -1e-40f, 3e38f, -3e38f}) x.push_back(v);
  int worst = 0;
  for (float v : x) {
    const float y = fastLogistic(v);
    if (std::isnan(v)) {
      EXPECT_TRUE(std::isnan(y));
      continue;
    }
    const double exact = 1.0 / (1.0 + std::exp(-double(v)));
    if (exact < std::numeric_limits<float>::min()) { // exp(−x) overflows f32, as libm's expf does
      EXPECT_GE(y, 0.0f) << v;
      EXPECT_LT(y, std::numeric_limits<float>::min()) << v;
      continue;
    }
    const int ulps =
        std::abs(std::bit_cast<int32_t>(y) - std::bit_cast<int32_t>(static_cast<float>(exact)));
    EXPECT_LE(ulps, 3) << "logistic(" << v << ") = " << y << ", exactly " << exact;
    worst = std::max(worst, ulps);
  }
  ::testing::Test::RecordProperty("worstUlps", worst);
  expectCompiledAsScalar(OpKind::logistic, fastLogistic, x);
}

// The fast path's tanh (GPT's GELU), Eigen's rational form, within 8 ulp of tanh in double over
// [−32, 32] in steps of 2^−10, beyond its clamp, below its tiny threshold (where it is x) and at
// the special values, and compiled the same bits.
TEST(FastTanh, IsWithinEightUlpAndCompiledTheSame) {
  std::vector<float> x;
  for (int i = -32 * 1024; i <= 32 * 1024; ++i) x.push_back(std::ldexp(float(i), -10));
  const float inf = std::numeric_limits<float>::infinity();
  for (float v : {inf, -inf, NAN, 1e-40f, -1e-40f, 3e-4f, 5e-4f, -4e-4f, 3e38f, -3e38f})
    x.push_back(v);
  int worst = 0;
  for (float v : x) {
    const float y = fastTanh(v);
    if (std::isnan(v)) {
      EXPECT_TRUE(std::isnan(y));
      continue;
    }
    const float exact = static_cast<float>(std::tanh(double(v)));
    const int ulps = std::abs(std::bit_cast<int32_t>(y) - std::bit_cast<int32_t>(exact));
    EXPECT_LE(ulps, 8) << "tanh(" << v << ") = " << y << ", exactly " << exact;
    worst = std::max(worst, ulps);
  }
  ::testing::Test::RecordProperty("worstUlps", worst);
  expectCompiledAsScalar(OpKind::tanh, fastTanh, x);
}

// Batch norm's sums over the rows of a channels-last [rows, width] (the per-channel sum, and the
// two gradient sums of one pass), compiled and interpreted: the same doubles summed in the same
// order, so the same floats. Widths: a row of 1, 2, 3 and 4 vectors summed in registers at once;
// 9 vectors, more than the registers hold for three sums (three columns at a time); rows longer
// than a chunk (one row per chunk, its last chunk one vector); 40, not whole vectors, left to the
// interpreted fold.
TEST(FastVectorLoopSums, ColumnSumsMatchTheInterpretedFoldBitForBit) {
  for (int64_t width : {16, 32, 40, 48, 64, 144, 2064}) {
    SCOPED_TRACE("width " + std::to_string(width));
    FastCase t;
    const Shape shape = {(int64_t(1) << 18) / width + 37, width};
    Value* x = t.arg(f32(shape));
    Value* dy = t.arg(f32(shape));
    Value* mean = t.b.broadcastInDim(t.arg(f32({width})), shape, {1});
    Value* zero = t.b.broadcastInDim(t.b.scalar(0.0f), shape, {});
    Value* centred = t.b.subtract(x, mean);
    Value* masked = t.b.select(t.b.compare(centred, zero, ComparisonDirection::GT), dy, zero);
    auto sum = [&](Value* v) { return t.b.reduce(v, t.b.scalar(0.0f), {0}, OpKind::add); };
    t.fn.setResults({sum(x), sum(masked), sum(t.b.multiply(masked, centred))});
    verify(t.module);
    auto interpreted = Executable::compile(t.module, "main", {.vectorLoops = false})->run(t.inputs);
    auto exe = Executable::compile(t.module, "main");
    const std::string plan = exe->dumpPlan();
    const std::string loop =
        "fused reduce add x3 [" + std::to_string(shape[0]) + "x" + std::to_string(width) + "]";
    EXPECT_NE(plan.find(loop), std::string::npos) << plan;
    // A row of whole vectors is summed in registers; 40 columns are folded from memory.
    if (compiles()) {
      EXPECT_EQ(plan.find("compiled with sums") != std::string::npos, width % 16 == 0) << plan;
    }
    auto compiled = exe->run(t.inputs);
    ASSERT_EQ(compiled.size(), interpreted.size());
    for (size_t i = 0; i < compiled.size(); ++i)
      EXPECT_TRUE(sameBits(compiled[i], interpreted[i])) << "result #" << i << "\n" << plan;
  }
}

TEST(VectorLoopCompile, LastPartialVectorStaysInsideItsBuffers) {
  if (!compiles()) GTEST_SKIP() << "no AVX-512 here: every loop is interpreted";
  // Input and result each end where an inaccessible page begins: a whole-vector access in the
  // last, partial vector would fault.
  const auto page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  auto guarded = [&] {
    void* p = mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    EXPECT_NE(p, MAP_FAILED);
    EXPECT_EQ(mprotect(static_cast<uint8_t*>(p) + page, page, PROT_NONE), 0);
    return static_cast<uint8_t*>(p);
  };
  uint8_t* in = guarded();
  uint8_t* out = guarded();
  std::vector<VectorNode> body(2);
  body[0].role = Role::Input;
  body[1] = {Role::Compute, OpKind::negate, ElementType::f32, ComparisonDirection::EQ, {0}, true};
  auto loop = VectorLoop::compile(body);
  for (int64_t n : {1, 5, 16, 21}) {
    auto* x = reinterpret_cast<float*>(in + page) - n;
    auto* y = reinterpret_cast<float*>(out + page) - n;
    y[-1] = 7.0f;
    for (int64_t i = 0; i < n; ++i) x[i] = float(i) + 0.5f;
    const float* v[2] = {x, y};
    loop->run(v, n);
    for (int64_t i = 0; i < n; ++i) EXPECT_EQ(y[i], -(float(i) + 0.5f)) << "n " << n;
    EXPECT_EQ(y[-1], 7.0f) << "n " << n;
  }
  // The same with bf16 input: its last partial vector is 2 bytes a lane.
  body[0].bf16 = true;
  auto widening = VectorLoop::compile(body);
  for (int64_t n : {1, 5, 16, 21}) {
    auto* x = reinterpret_cast<uint16_t*>(in + page) - n;
    auto* y = reinterpret_cast<float*>(out + page) - n;
    for (int64_t i = 0; i < n; ++i) x[i] = ir::BFloat16(double(i) + 0.5).bits;
    const float* v[2] = {reinterpret_cast<const float*>(x), y};
    widening->run(v, n);
    for (int64_t i = 0; i < n; ++i) EXPECT_EQ(y[i], -(float(i) + 0.5f)) << "bf16, n " << n;
  }
  munmap(in, 2 * page);
  munmap(out, 2 * page);
}

// x + s0 + s1 + ... of `splats` values each the same everywhere: a few are held in registers
// for the whole run, more than the registers hold are broadcast from memory as each is added.
TEST(VectorLoopCompile, SplatInputsAreBroadcastWithOrWithoutRegistersOfTheirOwn) {
  if (!compiles()) GTEST_SKIP() << "no AVX-512 here: every loop is interpreted";
  for (int splats : {3, 40}) {
    SCOPED_TRACE(std::to_string(splats) + " splats");
    std::vector<VectorNode> body(1);
    body[0].role = Role::Input;
    std::vector<float> values;
    for (int k = 0; k < splats; ++k) {
      VectorNode splat;
      splat.role = Role::Input;
      splat.splat = true;
      body.push_back(splat);
      const int sum = k == 0 ? 0 : static_cast<int>(body.size() - 2);
      body.push_back({Role::Compute,
                      OpKind::add,
                      ElementType::f32,
                      ComparisonDirection::EQ,
                      {sum, static_cast<int>(body.size() - 1)},
                      k == splats - 1});
      values.push_back(0.25f * static_cast<float>(k + 1) + 1e-3f);
    }
    auto loop = VectorLoop::compile(body);
    ASSERT_NE(loop, nullptr);
    constexpr int64_t n = 37;
    std::vector<float> x(n), y(n, 0.0f);
    for (int64_t i = 0; i < n; ++i) x[i] = 1.0f / static_cast<float>(i + 1);
    std::vector<const float*> v(body.size(), nullptr);
    v[0] = x.data();
    for (int k = 0; k < splats; ++k) v[static_cast<size_t>(1 + 2 * k)] = &values[size_t(k)];
    v.back() = y.data();
    loop->run(v.data(), n);
    for (int64_t i = 0; i < n; ++i) {
      float expected = x[size_t(i)];
      for (float s : values) expected += s;
      EXPECT_EQ(y[size_t(i)], expected) << "element " << i;
    }
  }
}

TEST(VectorLoopCompile, RefusesWhatItDoesNotCompile) {
  if (!compiles()) GTEST_SKIP() << "no AVX-512 here: every loop is interpreted";
  std::vector<VectorNode> log(2); // libm's, in the interpreted passes
  log[0].role = Role::Input;
  log[1] = {Role::Compute, OpKind::log, ElementType::f32, ComparisonDirection::EQ, {0}, true};
  EXPECT_EQ(VectorLoop::compile(log), nullptr);

  // `inputs` values loaded before any is read, then summed: one register per input and one
  // for the first sum.
  auto wide = [](int inputs) {
    std::vector<VectorNode> body(static_cast<size_t>(inputs));
    for (VectorNode& input : body) input.role = Role::Input;
    int sum = inputs - 1;
    for (int i = inputs - 2; i >= 0; --i) {
      body.push_back({Role::Compute,
                      OpKind::add,
                      ElementType::f32,
                      ComparisonDirection::EQ,
                      {sum, i},
                      i == 0});
      sum = static_cast<int>(body.size() - 1);
    }
    return body;
  };
  EXPECT_NE(VectorLoop::compile(wide(27)), nullptr);
  EXPECT_EQ(VectorLoop::compile(wide(28)), nullptr);
}

} // namespace
} // namespace hlotrain::cpu::fasttest

// Whole random graphs of elementwise, broadcast, transpose, reduce and dot ops through the fast
// path against the reference interpreter, and properties of the plan itself (buffer reuse).

#include "FastTestUtil.h"

#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::fasttest {
namespace {

// Values of four shapes: A = [6, 8], B = [8], C = [6, 6], D = [8, 6]; each random op consumes
// existing values and adds one. tanh and logistic keep magnitudes bounded through dots.
class RandomGraph {
public:
  RandomGraph(FastCase& t, unsigned seed) : t_(t), rng_(seed) {}

  std::vector<Value*> build(int numOps) {
    for (Shape s : {Shape{6, 8}, Shape{8}, Shape{6, 6}, Shape{8, 6}}) add(t_.arg(f32(s)));
    for (int i = 0; i < numOps; ++i) step();
    // Return the last values plus a few earlier ones, so some values have several readers.
    std::vector<Value*> results;
    for (size_t i = 0; i < 3 && i < all_.size(); ++i) results.push_back(all_[all_.size() - 1 - i]);
    results.push_back(all_[pick(0, static_cast<int>(all_.size()) - 1)]);
    return results;
  }

private:
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

  Value* any(const Shape& s) {
    auto& pool = byShape_[s];
    return pool[static_cast<size_t>(pick(0, static_cast<int>(pool.size()) - 1))];
  }

  void add(Value* v) {
    byShape_[v->type.shape].push_back(v);
    all_.push_back(v);
  }

  void step() {
    Builder& b = t_.b;
    const Shape A{6, 8}, B{8}, C{6, 6}, D{8, 6};
    const Shape shapes[] = {A, B, C, D};
    Shape s = shapes[pick(0, 3)];
    switch (pick(0, 9)) {
    case 0: {
      OpKind k = std::array{OpKind::tanh, OpKind::negate, OpKind::abs,
                            OpKind::logistic}[size_t(pick(0, 3))];
      return add(b.unary(k, any(s)));
    }
    case 1:
    case 2: {
      OpKind k = std::array{OpKind::add, OpKind::subtract, OpKind::multiply, OpKind::maximum,
                            OpKind::minimum}[size_t(pick(0, 4))];
      return add(b.binary(k, any(s), any(s)));
    }
    case 3:
      return add(b.broadcastInDim(any(B), A, {1}));
    case 4:
      return add(b.transpose(any(A), {1, 0}));
    case 5:
      return add(b.reduce(any(A), b.scalar(0.0f), {0}, OpKind::add));
    case 6:
      return add(b.unary(OpKind::tanh, b.dotGeneral(any(A), any(D), {{}, {}, {1}, {0}})));
    case 7:
      return add(b.unary(OpKind::tanh, b.dotGeneral(any(C), any(A), {{}, {}, {1}, {0}})));
    case 8: {
      Value *x = any(s), *y = any(s);
      return add(b.select(b.compare(x, y, ComparisonDirection::LT), x, y));
    }
    default:
      return add(b.multiply(any(s), b.splat(f32(s), 0.5)));
    }
  }

  FastCase& t_;
  std::mt19937 rng_;
  std::map<Shape, std::vector<Value*>> byShape_;
  std::vector<Value*> all_;
};

TEST(FastGraph, RandomGraphsMatchTheReference) {
  for (unsigned seed = 0; seed < 60; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    FastCase t(seed);
    RandomGraph g(t, seed);
    t.check(g.build(25), 1e-5);
  }
}

TEST(FastGraph, BuffersAreReusedAlongAChain) {
  FastCase t;
  Value* x = t.arg(f32({64, 64}));
  Value* w = t.arg(f32({64, 64}));
  // W in [-1/8, 1/8] contracts: at gain > 1 the matmul's ~1e-7 rounding grows chaotically to 4e-4.
  for (float& e : std::span(t.inputs.back().data<float>(), 64 * 64)) e *= 0.125f;
  Value* v = x;
  // Matmuls break fusion, so each layer materializes; liveness lets two places in the arena
  // serve them all.
  for (int i = 0; i < 10; ++i)
    v = t.b.unary(OpKind::tanh, t.b.dotGeneral(v, w, {{}, {}, {1}, {0}}));
  t.check({v}, 1e-5);
  EXPECT_EQ(arenaOffsets(t.plan).size(), 2u) << t.plan;
}

TEST(FastGraph, AssignBuffersNeverSharesALiveValue) {
  FastCase t;
  Value* x = t.arg(f32({16}));
  Value* a = t.b.unary(OpKind::exponential, x);
  Value* r = t.b.reduce(a, t.b.scalar(0.0f), {0}, OpKind::add); // a stays live past r
  Value* c = t.b.multiply(a, t.b.broadcastInDim(r, {16}, {}));
  t.check({c, a});
}

} // namespace
} // namespace hlotrain::cpu::fasttest

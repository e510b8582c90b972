// The VJP table: one rule per differentiable op, each a few lines, in the manner of tinygrad's
// gradient.py. Composite layers (softmax cross-entropy, pooling) have no rules of their own: their
// gradients follow from these. Where a composite needs a better backward than its ops' (BatchNorm's
// two-pass backward, the upsample's), its emitter declares it once as a custom VJP of its output
// value (grad::CustomVjp; program::customVjps collects them), which the walk in Vjp.cpp takes
// instead of these rules.

#include <algorithm>
#include <numeric>

#include "grad/Vjp.h"
#include "support/Error.h"

namespace hlotrain::grad {

using namespace ir;

namespace {

using Cts = std::vector<Value*>;

Value* scalarLike(Builder& b, const Value* v, double x) {
  return b.broadcastInDim(b.splat(TensorType{v->type.elementType, {}}, x), v->type.shape, {});
}

// Sums `g` over `dims` and reshapes to `shape` (the inverse of a broadcast).
Value* sumTo(Builder& b, Value* g, std::vector<int64_t> dims, const Shape& shape) {
  if (!dims.empty()) g = b.reduce(g, b.splat({g->type.elementType, {}}, 0.0), dims, OpKind::add);
  return g->type.shape == shape ? g : b.reshape(g, shape);
}

std::vector<int64_t> inversePermutation(const std::vector<int64_t>& perm) {
  std::vector<int64_t> inv(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) inv[perm[i]] = static_cast<int64_t>(i);
  return inv;
}

bool contains(const std::vector<int64_t>& v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

Cts broadcastRule(Builder& b, const Op& op, Value* g) {
  const auto& dims = op.attrs.dimensions;
  const Shape& in = op.operands[0]->type.shape;
  std::vector<int64_t> summed;
  for (int64_t d = 0; d < g->type.rank(); ++d) {
    auto pos = std::find(dims.begin(), dims.end(), d);
    if (pos == dims.end() || (in[pos - dims.begin()] == 1 && g->type.shape[d] != 1))
      summed.push_back(d);
  }
  return {sumTo(b, g, summed, in)};
}

Cts sliceRule(Builder& b, const Op& op, Value* g) {
  const Attributes& a = op.attrs;
  const Shape& in = op.operands[0]->type.shape;
  std::vector<int64_t> low, high, interior;
  for (size_t d = 0; d < in.size(); ++d) {
    int64_t n = g->type.shape[d];
    low.push_back(a.startIndices[d]);
    interior.push_back(a.strides[d] - 1);
    int64_t covered = n == 0 ? 0 : (n - 1) * a.strides[d] + 1;
    high.push_back(in[d] - a.startIndices[d] - covered);
  }
  return {b.pad(g, b.splat({g->type.elementType, {}}, 0.0), low, high, interior)};
}

Cts padRule(Builder& b, const Op& op, Value* g) {
  const Attributes& a = op.attrs;
  std::vector<int64_t> low, high, zeros(a.interiorPadding.size(), 0), strides;
  for (size_t d = 0; d < a.interiorPadding.size(); ++d) {
    low.push_back(-a.edgePaddingLow[d]);
    high.push_back(-a.edgePaddingHigh[d]);
    strides.push_back(a.interiorPadding[d] + 1);
  }
  Value* zero = b.splat({g->type.elementType, {}}, 0.0);
  Value* unpadded = b.pad(g, zero, low, high, zeros);
  Value* operandCt = b.slice(unpadded, zeros, unpadded->type.shape, strides);
  std::vector<int64_t> all(static_cast<size_t>(g->type.rank()));
  std::iota(all.begin(), all.end(), 0);
  Value* total = b.reduce(g, zero, all, OpKind::add);
  Value* inner = b.reduce(operandCt, zero, all, OpKind::add);
  return {operandCt, b.subtract(total, inner)};
}

Cts concatenateRule(Builder& b, const Op& op, Value* g) {
  Cts cts;
  int64_t offset = 0, dim = op.attrs.dimension;
  for (const Value* v : op.operands) {
    std::vector<int64_t> start(v->type.shape.size(), 0), limit = g->type.shape;
    start[dim] = offset;
    limit[dim] = offset + v->type.shape[dim];
    offset = limit[dim];
    cts.push_back(b.slice(g, start, limit));
  }
  return cts;
}

// The cotangent of a product's result in its operands' element type: a product that multiplies
// bf16 into an f32 result (nn::Precision::bf16) multiplies its transposes in bf16 too, each
// giving its operand's cotangent in the operand's type (the convert that made the operand turns
// it back into f32).
Value* inOperandType(Builder& b, const Op& op, Value* g) {
  const ElementType operands = op.operands[0]->type.elementType;
  return g->type.elementType == operands ? g : b.convert(g, operands);
}

// The cotangent of each operand of a dot_general is a dot_general of the result's cotangent g
// with the other operand, in whichever order lays it out as the operand already is (a dense
// layer's weight gradient x^T g, attention's dV = P^T dO), else g first and transposed: a product
// written in its operand's layout saves a transposing pass over it (the fast path's matmul reads
// its transposed operands through strides).
Cts dotGeneralRule(Builder& b, const Op& op, Value* g) {
  g = inOperandType(b, op, g);
  const DotDimensionNumbers& d = op.attrs.dot;
  Value* lhs = op.operands[0];
  Value* rhs = op.operands[1];
  auto freeDims = [](const Value* v, const std::vector<int64_t>& batch,
                     const std::vector<int64_t>& contracting) {
    std::vector<int64_t> free;
    for (int64_t i = 0; i < v->type.rank(); ++i)
      if (!contains(batch, i) && !contains(contracting, i)) free.push_back(i);
    return free;
  };
  std::vector<int64_t> lhsFree = freeDims(lhs, d.lhsBatchingDimensions, d.lhsContractingDimensions);
  std::vector<int64_t> rhsFree = freeDims(rhs, d.rhsBatchingDimensions, d.rhsContractingDimensions);
  int64_t nb = static_cast<int64_t>(d.lhsBatchingDimensions.size());
  std::vector<int64_t> gBatch(static_cast<size_t>(nb));
  std::iota(gBatch.begin(), gBatch.end(), 0);

  // Cotangent of `self`: g's `other`-free dims (from gOtherFreeStart) contracted with other's
  // free dims. g first gives [batch, self-free, other-contracting (ascending)], other first
  // [batch, other-contracting (ascending), self-free].
  auto side = [&](Value* self, Value* other, const std::vector<int64_t>& selfBatch,
                  const std::vector<int64_t>& selfContracting, const std::vector<int64_t>& selfFree,
                  const std::vector<int64_t>& otherBatch,
                  const std::vector<int64_t>& otherContracting,
                  const std::vector<int64_t>& otherFree, int64_t gOtherFreeStart) {
    std::vector<int64_t> sortedOther = otherContracting;
    std::sort(sortedOther.begin(), sortedOther.end());
    const auto nc = static_cast<int64_t>(selfContracting.size());
    const auto nf = static_cast<int64_t>(selfFree.size());
    // position[d]: where self's dimension d sits in the product of that order.
    auto positions = [&](bool gFirst) {
      std::vector<int64_t> position(static_cast<size_t>(self->type.rank()));
      for (size_t i = 0; i < selfBatch.size(); ++i)
        position[static_cast<size_t>(selfBatch[i])] = static_cast<int64_t>(i);
      for (size_t i = 0; i < selfFree.size(); ++i)
        position[static_cast<size_t>(selfFree[i])] =
            nb + (gFirst ? 0 : nc) + static_cast<int64_t>(i);
      for (size_t k = 0; k < selfContracting.size(); ++k) {
        int64_t rank = std::find(sortedOther.begin(), sortedOther.end(), otherContracting[k]) -
                       sortedOther.begin();
        position[static_cast<size_t>(selfContracting[k])] = nb + (gFirst ? nf : 0) + rank;
      }
      return position;
    };
    auto isIdentity = [](const std::vector<int64_t>& position) {
      for (size_t i = 0; i < position.size(); ++i)
        if (position[i] != static_cast<int64_t>(i)) return false;
      return true;
    };
    std::vector<int64_t> gFreeDims;
    for (size_t i = 0; i < otherFree.size(); ++i)
      gFreeDims.push_back(gOtherFreeStart + static_cast<int64_t>(i));
    const std::vector<int64_t> gFirst = positions(true);
    if (!isIdentity(gFirst) && isIdentity(positions(false))) {
      DotDimensionNumbers t{otherBatch, gBatch, otherFree, gFreeDims};
      return b.dotGeneral(other, g, t, self->type.elementType);
    }
    DotDimensionNumbers t{gBatch, otherBatch, gFreeDims, otherFree};
    Value* r = b.dotGeneral(g, other, t, self->type.elementType);
    return isIdentity(gFirst) ? r : b.transpose(r, gFirst);
  };
  int64_t nlf = static_cast<int64_t>(lhsFree.size());
  Value* lhsCt = side(lhs, rhs, d.lhsBatchingDimensions, d.lhsContractingDimensions, lhsFree,
                      d.rhsBatchingDimensions, d.rhsContractingDimensions, rhsFree, nb + nlf);
  Value* rhsCt = side(rhs, lhs, d.rhsBatchingDimensions, d.rhsContractingDimensions, rhsFree,
                      d.lhsBatchingDimensions, d.lhsContractingDimensions, lhsFree, nb);
  return {lhsCt, rhsCt};
}

// --- convolution: the transposes JAX uses, so the fast path sees the forms it recognises. ---

struct ConvSpec { // (batch|out-feature, feature|in-feature, spatial...) positions
  std::vector<int64_t> lhs, rhs, out;
};

ConvSpec specOf(const ConvDimensionNumbers& dn) {
  auto cat = [](int64_t a, int64_t b, const std::vector<int64_t>& s) {
    std::vector<int64_t> v = {a, b};
    v.insert(v.end(), s.begin(), s.end());
    return v;
  };
  return {cat(dn.inputBatchDimension, dn.inputFeatureDimension, dn.inputSpatialDimensions),
          cat(dn.kernelOutputFeatureDimension, dn.kernelInputFeatureDimension,
              dn.kernelSpatialDimensions),
          cat(dn.outputBatchDimension, dn.outputFeatureDimension, dn.outputSpatialDimensions)};
}

std::vector<int64_t> swapFirstTwo(std::vector<int64_t> spec) {
  std::swap(spec[0], spec[1]);
  return spec;
}

int64_t dilateExtent(int64_t n, int64_t d) {
  return n == 0 ? 0 : 1 + d * (n - 1);
}

// Splits dimension `src` into (size1, rest).
Value* reshapeAxisOutOf(Builder& b, int64_t src, int64_t size1, Value* x) {
  Shape s = x->type.shape;
  int64_t size2 = s[src] / size1;
  s[src] = size2;
  s.insert(s.begin() + src, size1);
  return b.reshape(x, s);
}

// Moves dimension `src` next to (before) `dst` (an index once src is removed) and merges them.
Value* reshapeAxisInto(Builder& b, int64_t src, int64_t dst, Value* x) {
  std::vector<int64_t> perm;
  for (int64_t i = 0; i < x->type.rank(); ++i)
    if (i != src) perm.push_back(i);
  perm.insert(perm.begin() + dst, src);
  Value* t = b.transpose(x, perm);
  Shape s = x->type.shape;
  int64_t moved = s[src];
  s.erase(s.begin() + src);
  s[dst] *= moved;
  return b.reshape(t, s);
}

Value* convTransposeLhs(Builder& b, const Op& op, Value* g) {
  const Attributes& a = op.attrs;
  Value* rhs = op.operands[1];
  ConvSpec spec = specOf(a.conv);
  int64_t spatial = static_cast<int64_t>(a.windowStrides.size());
  int64_t groups = a.featureGroupCount;
  if (a.batchGroupCount > 1)
    throw UnsupportedError("vjp: convolution with batch_group_count > 1 wrt its input");
  if (groups > 1) {
    rhs = reshapeAxisOutOf(b, spec.rhs[0], groups, rhs);
    rhs = reshapeAxisInto(b, spec.rhs[0], spec.rhs[1], rhs);
  }
  Attributes t;
  t.conv = convDimensionNumbers(spec.out, swapFirstTwo(spec.rhs), spec.lhs);
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t in = op.operands[0]->type.shape[spec.lhs[2 + i]];
    int64_t k = rhs->type.shape[spec.rhs[2 + i]];
    int64_t out = g->type.shape[spec.out[2 + i]];
    int64_t lhsDilated = dilateExtent(in, a.lhsDilation[i]);
    int64_t rhsDilated = dilateExtent(k, a.rhsDilation[i]);
    int64_t outDilated = dilateExtent(out, a.windowStrides[i]);
    int64_t before = rhsDilated - a.padding[i].first - 1;
    int64_t after = lhsDilated + rhsDilated - 1 - outDilated - before;
    t.padding.push_back({before, after});
  }
  t.windowStrides = a.lhsDilation;
  t.lhsDilation = a.windowStrides;
  t.rhsDilation = a.rhsDilation;
  t.featureGroupCount = groups;
  std::vector<int64_t> spatialDims(spec.rhs.begin() + 2, spec.rhs.end());
  Value* reversed = b.reverse(rhs, spatialDims);
  return b.convolution(g, reversed, t, op.operands[0]->type.elementType);
}

Value* convTransposeRhs(Builder& b, const Op& op, Value* g) {
  const Attributes& a = op.attrs;
  Value* lhs = op.operands[0];
  ConvSpec spec = specOf(a.conv);
  int64_t spatial = static_cast<int64_t>(a.windowStrides.size());
  Attributes t;
  t.conv =
      convDimensionNumbers(swapFirstTwo(spec.lhs), swapFirstTwo(spec.out), swapFirstTwo(spec.rhs));
  t.featureGroupCount = a.batchGroupCount;
  t.batchGroupCount = a.featureGroupCount;
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t in = lhs->type.shape[spec.lhs[2 + i]];
    int64_t k = op.operands[1]->type.shape[spec.rhs[2 + i]];
    int64_t out = g->type.shape[spec.out[2 + i]];
    int64_t lhsDilated = dilateExtent(in, a.lhsDilation[i]);
    int64_t rhsDilated = dilateExtent(k, a.rhsDilation[i]);
    int64_t outDilated = dilateExtent(out, a.windowStrides[i]);
    int64_t lo = a.padding[i].first;
    int64_t hi = (outDilated - lhsDilated) + (rhsDilated - lo - 1);
    t.padding.push_back({lo, hi});
  }
  t.windowStrides = a.rhsDilation;
  t.lhsDilation = a.lhsDilation;
  t.rhsDilation = a.windowStrides;
  return b.convolution(lhs, g, t, op.operands[1]->type.elementType);
}

Cts convolutionRule(Builder& b, const Op& op, Value* g) {
  for (bool reversed : op.attrs.windowReversal)
    if (reversed) throw UnsupportedError("vjp: convolution with window_reversal");
  g = inOperandType(b, op, g);
  return {convTransposeLhs(b, op, g), convTransposeRhs(b, op, g)};
}

Cts reduceRule(Builder& b, const Op& op, Value* g) {
  if (op.results.size() != 1) throw UnsupportedError("vjp: variadic stablehlo.reduce");
  const Region& body = *op.regions[0];
  const Op* combiner = body.ops.size() == 1 ? body.ops[0].get() : nullptr;
  Value* x = op.operands[0];
  std::vector<int64_t> kept;
  for (int64_t d = 0; d < x->type.rank(); ++d)
    if (!contains(op.attrs.dimensions, d)) kept.push_back(d);
  Value* gb = b.broadcastInDim(g, x->type.shape, kept);
  if (combiner && combiner->kind == OpKind::add) return {gb, nullptr};
  if (combiner && (combiner->kind == OpKind::maximum || combiner->kind == OpKind::minimum)) {
    // Ties share the cotangent equally, as in JAX.
    Value* hit =
        b.compare(x, b.broadcastInDim(op.result(), x->type.shape, kept), ComparisonDirection::EQ);
    Value* one = b.convert(hit, x->type.elementType);
    Value* count =
        b.reduce(one, b.splat({x->type.elementType, {}}, 0.0), op.attrs.dimensions, OpKind::add);
    return {b.divide(b.multiply(one, gb), b.broadcastInDim(count, x->type.shape, kept)), nullptr};
  }
  throw UnsupportedError("vjp: stablehlo.reduce whose body is not add, maximum or minimum");
}

Cts reduceWindowRule(Builder& b, const Op& op, Value* g) {
  const Region& body = *op.regions[0];
  bool isMax =
      op.results.size() == 1 && body.ops.size() == 1 && body.ops[0]->kind == OpKind::maximum;
  bool unitDilations = std::all_of(op.attrs.lhsDilation.begin(), op.attrs.lhsDilation.end(),
                                   [](int64_t d) { return d == 1; }) &&
                       std::all_of(op.attrs.rhsDilation.begin(), op.attrs.rhsDilation.end(),
                                   [](int64_t d) { return d == 1; });
  if (!isMax || !unitDilations)
    throw UnsupportedError("vjp: stablehlo.reduce_window other than an undilated max");
  Attributes w;
  w.windowDimensions = op.attrs.windowDimensions;
  w.windowStrides = op.attrs.windowStrides;
  w.padding = op.attrs.padding;
  Value* x = op.operands[0];
  Value* zero = b.splat({x->type.elementType, {}}, 0.0);
  return {b.selectAndScatter(x, g, zero, w, ComparisonDirection::GE, OpKind::add), nullptr};
}

// The slices' cotangents added back where they came from: a scatter-add into zeros, with the
// gather's dimension numbers seen from the updates. Repeated indices (a token seen twice) sum in
// the scatter's fixed order. Gather clamps a start index that runs past the operand and scatter
// skips it, so the two agree on in-range indices, the only ones a token embedding reads (the
// loader refuses ids beyond the vocabulary).
Cts gatherRule(Builder& b, const Op& op, Value* g) {
  const GatherDimensionNumbers& d = op.attrs.gather;
  Value* zeros = scalarLike(b, op.operands[0], 0.0);
  ScatterDimensionNumbers dims{d.offsetDims, d.collapsedSliceDims, d.startIndexMap,
                               d.indexVectorDim};
  return {b.scatter(zeros, op.operands[1], g, std::move(dims), OpKind::add), nullptr};
}

Cts elementwiseRule(Builder& b, const Op& op, Value* g) {
  Value* x = op.operands.empty() ? nullptr : op.operands[0];
  Value* y = op.result();
  auto mul = [&](Value* p, Value* q) { return b.multiply(p, q); };
  switch (op.kind) {
  case OpKind::add:
    return {g, g};
  case OpKind::subtract:
    return {g, b.unary(OpKind::negate, g)};
  case OpKind::multiply:
    return {mul(g, op.operands[1]), mul(g, x)};
  case OpKind::divide: {
    Value* gOverB = b.divide(g, op.operands[1]);
    return {gOverB, b.unary(OpKind::negate, mul(gOverB, y))};
  }
  case OpKind::maximum:
  case OpKind::minimum: {
    // The lhs wins strict comparisons only, so relu = max(x, 0) has zero slope at 0.
    auto dir = op.kind == OpKind::maximum ? ComparisonDirection::GT : ComparisonDirection::LT;
    Value* lhsWins = b.compare(x, op.operands[1], dir);
    Value* zero = scalarLike(b, g, 0.0);
    return {b.select(lhsWins, g, zero), b.select(lhsWins, zero, g)};
  }
  case OpKind::power: {
    Value* p = op.operands[1];
    Value* dx = mul(g, mul(p, b.binary(OpKind::power, x, b.subtract(p, scalarLike(b, p, 1.0)))));
    return {dx, mul(g, mul(y, b.unary(OpKind::log, x)))};
  }
  case OpKind::negate:
    return {b.unary(OpKind::negate, g)};
  case OpKind::abs:
    return {mul(g, b.unary(OpKind::sign, x))};
  case OpKind::exponential:
    return {mul(g, y)};
  case OpKind::log:
    return {b.divide(g, x)};
  case OpKind::log_plus_one:
    return {b.divide(g, b.add(x, scalarLike(b, x, 1.0)))};
  case OpKind::sqrt:
    return {b.divide(mul(g, scalarLike(b, y, 0.5)), y)};
  case OpKind::rsqrt:
    return {mul(g, b.divide(mul(y, scalarLike(b, y, -0.5)), x))};
  case OpKind::tanh:
    return {mul(g, b.subtract(scalarLike(b, y, 1.0), mul(y, y)))};
  case OpKind::logistic:
    return {mul(g, mul(y, b.subtract(scalarLike(b, y, 1.0), y)))};
  case OpKind::convert:
    if (!isFloat(x->type.elementType)) return {nullptr};
    return {b.convert(g, x->type.elementType)};
  case OpKind::select: {
    Value* zero = scalarLike(b, g, 0.0);
    return {nullptr, b.select(x, g, zero), b.select(x, zero, g)};
  }
  case OpKind::clamp: {
    Value* lo = op.operands[0];
    Value* operand = op.operands[1];
    Value* hi = op.operands[2];
    auto full = [&](Value* bound) {
      return bound->type.rank() == 0 ? b.broadcastInDim(bound, y->type.shape, {}) : bound;
    };
    Value* inside = b.binary(OpKind::and_, b.compare(operand, full(lo), ComparisonDirection::GE),
                             b.compare(operand, full(hi), ComparisonDirection::LE));
    return {nullptr, b.select(inside, g, scalarLike(b, g, 0.0)), nullptr};
  }
  default:
    break;
  }
  throw UnsupportedError("vjp: no rule for " + std::string(opName(op.kind)));
}

} // namespace

std::vector<Value*> applyRule(Builder& b, const Op& op, std::span<Value* const> resultCts) {
  Value* g = resultCts.empty() ? nullptr : resultCts[0];
  switch (op.kind) {
  case OpKind::constant:
  case OpKind::iota:
  case OpKind::compare:
  case OpKind::sign:
  case OpKind::and_:
  case OpKind::or_:
  case OpKind::xor_:
  case OpKind::not_:
  case OpKind::remainder: // piecewise; no network here differentiates through it
    return std::vector<Value*>(op.operands.size(), nullptr);
  case OpKind::broadcast_in_dim:
    return broadcastRule(b, op, g);
  case OpKind::reshape:
    return {b.reshape(g, op.operands[0]->type.shape)};
  case OpKind::transpose:
    return {b.transpose(g, inversePermutation(op.attrs.dimensions))};
  case OpKind::reverse:
    return {b.reverse(g, op.attrs.dimensions)};
  case OpKind::slice:
    return sliceRule(b, op, g);
  case OpKind::pad:
    return padRule(b, op, g);
  case OpKind::concatenate:
    return concatenateRule(b, op, g);
  case OpKind::dot_general:
    return dotGeneralRule(b, op, g);
  case OpKind::convolution:
    return convolutionRule(b, op, g);
  case OpKind::reduce:
    return reduceRule(b, op, g);
  case OpKind::reduce_window:
    return reduceWindowRule(b, op, g);
  case OpKind::gather:
    return gatherRule(b, op, g);
  default:
    return elementwiseRule(b, op, g);
  }
}

} // namespace hlotrain::grad

#include "ir/ShapeInference.h"

#include <algorithm>
#include <set>

#include "support/Error.h"

namespace hlotrain::ir {

namespace {

[[noreturn]] void fail(OpKind kind, const std::string& message) {
  throw VerifyError(std::string(opName(kind)) + ": " + message);
}

void require(bool condition, OpKind kind, const std::string& message) {
  if (!condition) fail(kind, message);
}

std::string str(const std::vector<int64_t>& v) {
  return toString(Shape(v));
}

const TensorType& operandType(const Op& op, size_t i) {
  return op.operands[i]->type;
}

void requireOperandCount(const Op& op, size_t n) {
  require(op.operands.size() == n, op.kind,
          "expects " + std::to_string(n) + " operands, got " + std::to_string(op.operands.size()));
}

const TensorType& declaredOne(const Op& op, const std::vector<TensorType>& declared) {
  require(declared.size() == 1, op.kind, "needs its result type stated");
  return declared[0];
}

// Every entry of `dims` in [0, rank) and no entry twice.
void requireDimensions(OpKind kind, const std::vector<int64_t>& dims, int64_t rank,
                       const std::string& what) {
  std::set<int64_t> seen;
  for (int64_t d : dims) {
    require(d >= 0 && d < rank, kind,
            what + " " + str(dims) + " out of range for rank " + std::to_string(rank));
    require(seen.insert(d).second, kind,
            what + " " + str(dims) + " repeats dimension " + std::to_string(d));
  }
}

void requireSize(OpKind kind, size_t size, int64_t rank, const std::string& what) {
  require(static_cast<int64_t>(size) == rank, kind,
          what + " has " + std::to_string(size) + " entries, expected " + std::to_string(rank));
}

// Output extent of a windowed dimension (convolution, reduce_window, select_and_scatter).
int64_t windowedExtent(int64_t input, int64_t baseDilation, int64_t padLow, int64_t padHigh,
                       int64_t window, int64_t windowDilation, int64_t stride) {
  int64_t dilatedInput = input == 0 ? 0 : (input - 1) * baseDilation + 1;
  int64_t padded = dilatedInput + padLow + padHigh;
  int64_t dilatedWindow = (window - 1) * windowDilation + 1;
  if (padded < dilatedWindow) return 0;
  return (padded - dilatedWindow) / stride + 1;
}

void requirePositive(OpKind kind, const std::vector<int64_t>& v, const std::string& what) {
  for (int64_t x : v) require(x > 0, kind, what + " " + str(v) + " must be positive");
}

// A reduction-style body: 2N scalar arguments (accumulators, then elements) returning N scalars.
std::vector<ElementType> checkReductionBody(const Op& op, const Region& body, size_t n) {
  require(body.args.size() == 2 * n, op.kind,
          "body takes " + std::to_string(body.args.size()) + " arguments, expected " +
              std::to_string(2 * n));
  require(body.results.size() == n, op.kind,
          "body returns " + std::to_string(body.results.size()) + " values, expected " +
              std::to_string(n));
  std::vector<ElementType> types;
  for (size_t i = 0; i < n; ++i) {
    const TensorType& acc = body.args[i]->type;
    require(acc.rank() == 0 && body.args[n + i]->type == acc, op.kind,
            "body arguments " + std::to_string(i) + " and " + std::to_string(n + i) +
                " must be the same rank-0 type");
    require(body.results[i]->type == acc, op.kind,
            "body result " + std::to_string(i) + " is " + toString(body.results[i]->type) +
                ", expected " + toString(acc));
    types.push_back(acc.elementType);
  }
  return types;
}

void requireFloat(const Op& op, const TensorType& t) {
  require(isFloat(t.elementType), op.kind, "needs a float tensor, got " + toString(t));
}

std::vector<TensorType> inferUnary(const Op& op) {
  requireOperandCount(op, 1);
  const TensorType& t = operandType(op, 0);
  switch (op.kind) {
  case OpKind::exponential:
  case OpKind::log:
  case OpKind::log_plus_one:
  case OpKind::sqrt:
  case OpKind::rsqrt:
  case OpKind::tanh:
  case OpKind::logistic:
    requireFloat(op, t);
    break;
  case OpKind::not_:
    require(!isFloat(t.elementType), op.kind, "needs an integer or i1 tensor, got " + toString(t));
    break;
  default:
    require(!isBool(t.elementType), op.kind, "needs a numeric tensor, got " + toString(t));
    break;
  }
  return {t};
}

std::vector<TensorType> inferBinary(const Op& op) {
  requireOperandCount(op, 2);
  const TensorType& a = operandType(op, 0);
  const TensorType& b = operandType(op, 1);
  require(a == b, op.kind, "operand types differ: " + toString(a) + " vs " + toString(b));
  switch (op.kind) {
  case OpKind::and_:
  case OpKind::or_:
  case OpKind::xor_:
    require(!isFloat(a.elementType), op.kind, "needs integer or i1 tensors, got " + toString(a));
    break;
  case OpKind::subtract:
  case OpKind::divide:
  case OpKind::remainder:
  case OpKind::power:
    require(!isBool(a.elementType), op.kind, "needs numeric tensors, got " + toString(a));
    break;
  default:
    break;
  }
  return {a};
}

std::vector<TensorType> inferCompare(const Op& op) {
  requireOperandCount(op, 2);
  const TensorType& a = operandType(op, 0);
  require(a == operandType(op, 1), op.kind,
          "operand types differ: " + toString(a) + " vs " + toString(operandType(op, 1)));
  ComparisonType ct = op.attrs.compareType;
  ElementType e = a.elementType;
  bool ok = ct == ComparisonType::NOTYPE ||
            ((ct == ComparisonType::FLOAT || ct == ComparisonType::TOTALORDER) && isFloat(e)) ||
            (ct == ComparisonType::SIGNED && isSignedInt(e)) ||
            (ct == ComparisonType::UNSIGNED && (isUnsigned(e) || isBool(e)));
  require(ok, op.kind, "comparison type " + std::string(name(ct)) + " does not fit " + toString(a));
  return {TensorType{ElementType::i1, a.shape}};
}

std::vector<TensorType> inferClamp(const Op& op) {
  requireOperandCount(op, 3);
  const TensorType& x = operandType(op, 1);
  for (size_t i : {0u, 2u}) {
    const TensorType& bound = operandType(op, i);
    require(bound.elementType == x.elementType && (bound.rank() == 0 || bound.shape == x.shape),
            op.kind, "bound " + toString(bound) + " must be a scalar or match " + toString(x));
  }
  return {x};
}

std::vector<TensorType> inferSelect(const Op& op) {
  requireOperandCount(op, 3);
  const TensorType& pred = operandType(op, 0);
  const TensorType& a = operandType(op, 1);
  require(a == operandType(op, 2), op.kind,
          "branch types differ: " + toString(a) + " vs " + toString(operandType(op, 2)));
  require(pred.elementType == ElementType::i1 && (pred.rank() == 0 || pred.shape == a.shape),
          op.kind,
          "predicate " + toString(pred) + " must be i1, scalar or shaped like " + toString(a));
  return {a};
}

std::vector<TensorType> inferBroadcastInDim(const Op& op, const std::vector<TensorType>& decl) {
  requireOperandCount(op, 1);
  const TensorType& x = operandType(op, 0);
  const TensorType& r = declaredOne(op, decl);
  const auto& dims = op.attrs.dimensions;
  require(r.elementType == x.elementType, op.kind, "result element type differs from operand");
  requireSize(op.kind, dims.size(), x.rank(), "broadcast_dimensions");
  requireDimensions(op.kind, dims, r.rank(), "broadcast_dimensions");
  for (size_t i = 0; i < dims.size(); ++i) {
    int64_t od = x.shape[i], rd = r.shape[dims[i]];
    require(od == 1 || od == rd, op.kind,
            "operand dimension " + std::to_string(i) + " (" + std::to_string(od) +
                ") cannot broadcast to result dimension " + std::to_string(dims[i]) + " (" +
                std::to_string(rd) + ")");
  }
  return {r};
}

std::vector<TensorType> inferTranspose(const Op& op) {
  requireOperandCount(op, 1);
  const TensorType& x = operandType(op, 0);
  const auto& perm = op.attrs.dimensions;
  requireSize(op.kind, perm.size(), x.rank(), "permutation");
  requireDimensions(op.kind, perm, x.rank(), "permutation");
  TensorType r{x.elementType, {}};
  for (int64_t p : perm) r.shape.push_back(x.shape[p]);
  return {r};
}

std::vector<TensorType> inferSlice(const Op& op) {
  requireOperandCount(op, 1);
  const TensorType& x = operandType(op, 0);
  const Attributes& a = op.attrs;
  requireSize(op.kind, a.startIndices.size(), x.rank(), "start_indices");
  requireSize(op.kind, a.limitIndices.size(), x.rank(), "limit_indices");
  requireSize(op.kind, a.strides.size(), x.rank(), "strides");
  requirePositive(op.kind, a.strides, "strides");
  TensorType r{x.elementType, {}};
  for (int64_t d = 0; d < x.rank(); ++d) {
    int64_t s = a.startIndices[d], l = a.limitIndices[d];
    require(s >= 0 && s <= l && l <= x.shape[d], op.kind,
            "slice [" + std::to_string(s) + ", " + std::to_string(l) + ") of dimension " +
                std::to_string(d) + " (size " + std::to_string(x.shape[d]) + ") is out of range");
    r.shape.push_back((l - s + a.strides[d] - 1) / a.strides[d]);
  }
  return {r};
}

std::vector<TensorType> inferDynamicSlice(const Op& op) {
  require(!op.operands.empty(), op.kind, "needs an operand");
  const TensorType& x = operandType(op, 0);
  require(static_cast<int64_t>(op.operands.size()) == 1 + x.rank(), op.kind,
          "needs one start index per dimension (" + std::to_string(x.rank()) + "), got " +
              std::to_string(op.operands.size() - 1));
  for (size_t i = 1; i < op.operands.size(); ++i) {
    const TensorType& idx = operandType(op, i);
    require(idx.rank() == 0 && isInteger(idx.elementType) && idx == operandType(op, 1), op.kind,
            "start indices must be rank-0 integers of one type, got " + toString(idx));
  }
  const auto& sizes = op.attrs.sliceSizes;
  requireSize(op.kind, sizes.size(), x.rank(), "slice_sizes");
  for (int64_t d = 0; d < x.rank(); ++d)
    require(sizes[d] >= 0 && sizes[d] <= x.shape[d], op.kind,
            "slice size " + std::to_string(sizes[d]) + " exceeds dimension " + std::to_string(d));
  return {TensorType{x.elementType, sizes}};
}

std::vector<TensorType> inferConcatenate(const Op& op) {
  require(!op.operands.empty(), op.kind, "needs at least one operand");
  const TensorType& first = operandType(op, 0);
  int64_t dim = op.attrs.dimension;
  require(dim >= 0 && dim < first.rank(), op.kind,
          "dimension " + std::to_string(dim) + " out of range for " + toString(first));
  TensorType r = first;
  r.shape[dim] = 0;
  for (size_t i = 0; i < op.operands.size(); ++i) {
    const TensorType& t = operandType(op, i);
    bool fits = t.elementType == first.elementType && t.rank() == first.rank();
    for (int64_t d = 0; fits && d < t.rank(); ++d) fits = d == dim || t.shape[d] == first.shape[d];
    require(fits, op.kind,
            "operand " + std::to_string(i) + " " + toString(t) + " does not concatenate with " +
                toString(first));
    r.shape[dim] += t.shape[dim];
  }
  return {r};
}

std::vector<TensorType> inferPad(const Op& op) {
  requireOperandCount(op, 2);
  const TensorType& x = operandType(op, 0);
  const TensorType& v = operandType(op, 1);
  require(v.rank() == 0 && v.elementType == x.elementType, op.kind,
          "padding value must be a scalar of the operand's element type, got " + toString(v));
  const Attributes& a = op.attrs;
  requireSize(op.kind, a.edgePaddingLow.size(), x.rank(), "edge_padding_low");
  requireSize(op.kind, a.edgePaddingHigh.size(), x.rank(), "edge_padding_high");
  requireSize(op.kind, a.interiorPadding.size(), x.rank(), "interior_padding");
  TensorType r{x.elementType, {}};
  for (int64_t d = 0; d < x.rank(); ++d) {
    require(a.interiorPadding[d] >= 0, op.kind, "interior_padding must be non-negative");
    int64_t n = x.shape[d];
    int64_t size = a.edgePaddingLow[d] + a.edgePaddingHigh[d] + n +
                   std::max<int64_t>(n - 1, 0) * a.interiorPadding[d];
    require(size >= 0, op.kind, "padding makes dimension " + std::to_string(d) + " negative");
    r.shape.push_back(size);
  }
  return {r};
}

std::vector<TensorType> inferDotGeneral(const Op& op, const std::vector<TensorType>& decl) {
  requireOperandCount(op, 2);
  const TensorType& l = operandType(op, 0);
  const TensorType& r = operandType(op, 1);
  const DotDimensionNumbers& d = op.attrs.dot;
  require(l.elementType == r.elementType, op.kind,
          "operand element types differ: " + toString(l) + " vs " + toString(r));
  require(d.lhsBatchingDimensions.size() == d.rhsBatchingDimensions.size() &&
              d.lhsContractingDimensions.size() == d.rhsContractingDimensions.size(),
          op.kind, "lhs and rhs dimension lists differ in length");
  std::vector<int64_t> lhsUsed = d.lhsBatchingDimensions, rhsUsed = d.rhsBatchingDimensions;
  lhsUsed.insert(lhsUsed.end(), d.lhsContractingDimensions.begin(),
                 d.lhsContractingDimensions.end());
  rhsUsed.insert(rhsUsed.end(), d.rhsContractingDimensions.begin(),
                 d.rhsContractingDimensions.end());
  requireDimensions(op.kind, lhsUsed, l.rank(), "lhs batching+contracting dimensions");
  requireDimensions(op.kind, rhsUsed, r.rank(), "rhs batching+contracting dimensions");
  TensorType result{decl.empty() ? l.elementType : decl[0].elementType, {}};
  for (size_t i = 0; i < d.lhsBatchingDimensions.size(); ++i) {
    int64_t a = l.shape[d.lhsBatchingDimensions[i]], b = r.shape[d.rhsBatchingDimensions[i]];
    require(a == b, op.kind,
            "batching dimension sizes differ: " + std::to_string(a) + " vs " + std::to_string(b));
    result.shape.push_back(a);
  }
  for (size_t i = 0; i < d.lhsContractingDimensions.size(); ++i) {
    int64_t a = l.shape[d.lhsContractingDimensions[i]], b = r.shape[d.rhsContractingDimensions[i]];
    require(a == b, op.kind,
            "contracting dimension sizes differ: " + std::to_string(a) + " vs " +
                std::to_string(b));
  }
  auto appendFree = [&](const TensorType& t, const std::vector<int64_t>& used) {
    for (int64_t i = 0; i < t.rank(); ++i)
      if (std::find(used.begin(), used.end(), i) == used.end()) result.shape.push_back(t.shape[i]);
  };
  appendFree(l, lhsUsed);
  appendFree(r, rhsUsed);
  return {result};
}

std::vector<int64_t> layoutDims(int64_t batch, int64_t feature, const std::vector<int64_t>& sp) {
  std::vector<int64_t> all = {batch, feature};
  all.insert(all.end(), sp.begin(), sp.end());
  return all;
}

std::vector<TensorType> inferConvolution(const Op& op, const std::vector<TensorType>& decl) {
  requireOperandCount(op, 2);
  const TensorType& lhs = operandType(op, 0);
  const TensorType& rhs = operandType(op, 1);
  const Attributes& a = op.attrs;
  const ConvDimensionNumbers& dn = a.conv;
  int64_t rank = lhs.rank();
  int64_t spatial = rank - 2;
  require(rank >= 2 && rhs.rank() == rank, op.kind,
          "lhs " + toString(lhs) + " and rhs " + toString(rhs) + " need the same rank >= 2");
  require(lhs.elementType == rhs.elementType, op.kind, "operand element types differ");
  requireSize(op.kind, dn.inputSpatialDimensions.size(), spatial, "input spatial dimensions");
  requireSize(op.kind, dn.kernelSpatialDimensions.size(), spatial, "kernel spatial dimensions");
  requireSize(op.kind, dn.outputSpatialDimensions.size(), spatial, "output spatial dimensions");
  requireDimensions(
      op.kind,
      layoutDims(dn.inputBatchDimension, dn.inputFeatureDimension, dn.inputSpatialDimensions), rank,
      "input dimension numbers");
  requireDimensions(op.kind,
                    layoutDims(dn.kernelInputFeatureDimension, dn.kernelOutputFeatureDimension,
                               dn.kernelSpatialDimensions),
                    rank, "kernel dimension numbers");
  requireDimensions(
      op.kind,
      layoutDims(dn.outputBatchDimension, dn.outputFeatureDimension, dn.outputSpatialDimensions),
      rank, "output dimension numbers");
  requireSize(op.kind, a.windowStrides.size(), spatial, "window_strides");
  requireSize(op.kind, a.padding.size(), spatial, "padding");
  requireSize(op.kind, a.lhsDilation.size(), spatial, "lhs_dilation");
  requireSize(op.kind, a.rhsDilation.size(), spatial, "rhs_dilation");
  requireSize(op.kind, a.windowReversal.size(), spatial, "window_reversal");
  requirePositive(op.kind, a.windowStrides, "window_strides");
  requirePositive(op.kind, a.lhsDilation, "lhs_dilation");
  requirePositive(op.kind, a.rhsDilation, "rhs_dilation");
  int64_t fgc = a.featureGroupCount, bgc = a.batchGroupCount;
  require(fgc > 0 && bgc > 0 && (fgc == 1 || bgc == 1), op.kind,
          "feature_group_count and batch_group_count must be positive and not both > 1");
  int64_t inBatch = lhs.shape[dn.inputBatchDimension];
  int64_t inFeature = lhs.shape[dn.inputFeatureDimension];
  int64_t kIn = rhs.shape[dn.kernelInputFeatureDimension];
  int64_t kOut = rhs.shape[dn.kernelOutputFeatureDimension];
  require(inFeature % fgc == 0 && inFeature / fgc == kIn, op.kind,
          "input features " + std::to_string(inFeature) + " / feature_group_count " +
              std::to_string(fgc) + " must equal kernel input features " + std::to_string(kIn));
  require(kOut % fgc == 0 && kOut % bgc == 0, op.kind,
          "kernel output features " + std::to_string(kOut) + " must divide by the group counts");
  require(inBatch % bgc == 0, op.kind, "input batch must divide by batch_group_count");
  TensorType result{decl.empty() ? lhs.elementType : decl[0].elementType, Shape(rank)};
  result.shape[dn.outputBatchDimension] = inBatch / bgc;
  result.shape[dn.outputFeatureDimension] = kOut;
  for (int64_t i = 0; i < spatial; ++i) {
    result.shape[dn.outputSpatialDimensions[i]] = windowedExtent(
        lhs.shape[dn.inputSpatialDimensions[i]], a.lhsDilation[i], a.padding[i].first,
        a.padding[i].second, rhs.shape[dn.kernelSpatialDimensions[i]], a.rhsDilation[i],
        a.windowStrides[i]);
  }
  return {result};
}

// Shared by reduce and reduce_window: N inputs of one shape, N rank-0 inits, one body.
size_t checkVariadicInputs(const Op& op) {
  require(op.operands.size() >= 2 && op.operands.size() % 2 == 0, op.kind,
          "needs inputs followed by as many init values");
  require(op.regions.size() == 1, op.kind, "needs one body region");
  size_t n = op.operands.size() / 2;
  for (size_t i = 0; i < n; ++i) {
    const TensorType& in = operandType(op, i);
    const TensorType& init = operandType(op, n + i);
    require(in.shape == operandType(op, 0).shape, op.kind, "inputs differ in shape");
    require(init.rank() == 0 && init.elementType == in.elementType, op.kind,
            "init value " + std::to_string(i) + " must be a rank-0 " +
                std::string(name(in.elementType)));
  }
  return n;
}

std::vector<TensorType> inferReduce(const Op& op) {
  size_t n = checkVariadicInputs(op);
  const TensorType& in = operandType(op, 0);
  requireDimensions(op.kind, op.attrs.dimensions, in.rank(), "dimensions");
  std::vector<ElementType> types = checkReductionBody(op, *op.regions[0], n);
  Shape shape;
  for (int64_t d = 0; d < in.rank(); ++d)
    if (std::find(op.attrs.dimensions.begin(), op.attrs.dimensions.end(), d) ==
        op.attrs.dimensions.end())
      shape.push_back(in.shape[d]);
  std::vector<TensorType> results;
  for (ElementType t : types) results.push_back({t, shape});
  return results;
}

// The spec's constraints on replica_groups (C1-C3 of all_reduce): ids are >= 0, each appears
// once, all groups have one size. That the groups cover [0, replicas) is checked where the replica
// count is known, when the program runs.
void checkReplicaGroups(const Op& op) {
  const auto& groups = op.attrs.replicaGroups;
  require(!groups.empty() && !groups[0].empty(), op.kind, "needs non-empty replica_groups");
  std::set<int64_t> seen;
  for (const std::vector<int64_t>& group : groups) {
    require(group.size() == groups[0].size(), op.kind, "replica groups differ in size");
    for (int64_t id : group) {
      require(id >= 0, op.kind, "replica id " + std::to_string(id) + " is negative");
      require(seen.insert(id).second, op.kind,
              "replica id " + std::to_string(id) + " is in more than one group");
    }
  }
}

// all_reduce: one result per operand, of its type; the computation combines two rank-0 values of
// every operand's element type.
std::vector<TensorType> inferAllReduce(const Op& op) {
  require(!op.operands.empty(), op.kind, "needs at least one operand");
  require(op.regions.size() == 1, op.kind, "needs one computation region");
  checkReplicaGroups(op);
  const ElementType type = checkReductionBody(op, *op.regions[0], 1)[0];
  std::vector<TensorType> results;
  for (size_t i = 0; i < op.operands.size(); ++i) {
    require(operandType(op, i).elementType == type, op.kind,
            "operand " + std::to_string(i) + " is " + toString(operandType(op, i)) +
                ", the computation combines " + std::string(name(type)));
    results.push_back(operandType(op, i));
  }
  return results;
}

Shape windowedShape(const Op& op, const Shape& input) {
  const Attributes& a = op.attrs;
  int64_t rank = static_cast<int64_t>(input.size());
  requireSize(op.kind, a.windowDimensions.size(), rank, "window_dimensions");
  requireSize(op.kind, a.windowStrides.size(), rank, "window_strides");
  requireSize(op.kind, a.lhsDilation.size(), rank, "base_dilations");
  requireSize(op.kind, a.rhsDilation.size(), rank, "window_dilations");
  requireSize(op.kind, a.padding.size(), rank, "padding");
  requirePositive(op.kind, a.windowDimensions, "window_dimensions");
  requirePositive(op.kind, a.windowStrides, "window_strides");
  requirePositive(op.kind, a.lhsDilation, "base_dilations");
  requirePositive(op.kind, a.rhsDilation, "window_dilations");
  Shape shape;
  for (int64_t d = 0; d < rank; ++d)
    shape.push_back(windowedExtent(input[d], a.lhsDilation[d], a.padding[d].first,
                                   a.padding[d].second, a.windowDimensions[d], a.rhsDilation[d],
                                   a.windowStrides[d]));
  return shape;
}

std::vector<TensorType> inferReduceWindow(const Op& op) {
  size_t n = checkVariadicInputs(op);
  std::vector<ElementType> types = checkReductionBody(op, *op.regions[0], n);
  Shape shape = windowedShape(op, operandType(op, 0).shape);
  std::vector<TensorType> results;
  for (ElementType t : types) results.push_back({t, shape});
  return results;
}

std::vector<TensorType> inferSelectAndScatter(const Op& op) {
  requireOperandCount(op, 3);
  require(op.regions.size() == 2, op.kind, "needs select and scatter regions");
  const TensorType& operand = operandType(op, 0);
  const TensorType& source = operandType(op, 1);
  const TensorType& init = operandType(op, 2);
  require(init.rank() == 0 && init.elementType == operand.elementType &&
              source.elementType == operand.elementType,
          op.kind, "source and init value must have the operand's element type");
  Shape expected = windowedShape(op, operand.shape);
  require(source.shape == expected, op.kind,
          "source shape " + toString(source.shape) + " differs from the window output shape " +
              toString(expected));
  const Region& select = *op.regions[0];
  TensorType scalar{operand.elementType, {}};
  require(select.args.size() == 2 && select.args[0]->type == scalar &&
              select.args[1]->type == scalar && select.results.size() == 1 &&
              select.results[0]->type == TensorType{ElementType::i1, {}},
          op.kind, "select region must map two " + toString(scalar) + " to tensor<i1>");
  checkReductionBody(op, *op.regions[1], 1);
  return {operand};
}

// The batch dims of gather's and scatter's indices: their shape without index_vector_dim, and the
// length of an index vector (1 when index_vector_dim is the rank: implicit vectors).
struct IndexVectors {
  Shape batch;
  int64_t length = 1;
};

IndexVectors indexVectors(const Op& op, const TensorType& indices, int64_t indexVectorDim) {
  require(isInteger(indices.elementType), op.kind,
          "indices must be integers, got " + toString(indices));
  require(indexVectorDim >= 0 && indexVectorDim <= indices.rank(), op.kind,
          "index_vector_dim " + std::to_string(indexVectorDim) + " out of range for " +
              toString(indices));
  IndexVectors v;
  for (int64_t d = 0; d < indices.rank(); ++d)
    if (d == indexVectorDim)
      v.length = indices.shape[d];
    else
      v.batch.push_back(indices.shape[d]);
  return v;
}

void requireSorted(OpKind kind, const std::vector<int64_t>& dims, const std::string& what) {
  require(std::is_sorted(dims.begin(), dims.end()), kind, what + " " + str(dims) + " not sorted");
}

// `map` (start_index_map, scatter_dims_to_operand_dims): one operand dim per index component.
void requireIndexMap(const Op& op, const std::vector<int64_t>& map, int64_t length, int64_t rank,
                     const std::string& what) {
  requireSize(op.kind, map.size(), length, what);
  requireDimensions(op.kind, map, rank, what);
}

// Batching dims (operand_batching_dims, ...) are not in this subset: the parser refuses them.
std::vector<TensorType> inferGather(const Op& op) {
  requireOperandCount(op, 2);
  const TensorType& operand = operandType(op, 0);
  const GatherDimensionNumbers& g = op.attrs.gather;
  const auto& sizes = op.attrs.sliceSizes;
  IndexVectors v = indexVectors(op, operandType(op, 1), g.indexVectorDim);
  requireIndexMap(op, g.startIndexMap, v.length, operand.rank(), "start_index_map");
  requireSize(op.kind, sizes.size(), operand.rank(), "slice_sizes");
  requireDimensions(op.kind, g.collapsedSliceDims, operand.rank(), "collapsed_slice_dims");
  requireSorted(op.kind, g.collapsedSliceDims, "collapsed_slice_dims");
  Shape offsets;
  for (int64_t d = 0; d < operand.rank(); ++d) {
    require(sizes[d] >= 0 && sizes[d] <= operand.shape[d], op.kind,
            "slice size " + std::to_string(sizes[d]) + " exceeds dimension " + std::to_string(d));
    bool collapsed = std::find(g.collapsedSliceDims.begin(), g.collapsedSliceDims.end(), d) !=
                     g.collapsedSliceDims.end();
    require(!collapsed || sizes[d] <= 1, op.kind,
            "collapsed dimension " + std::to_string(d) + " has slice size " +
                std::to_string(sizes[d]));
    if (!collapsed) offsets.push_back(sizes[d]);
  }
  requireSize(op.kind, g.offsetDims.size(), static_cast<int64_t>(offsets.size()), "offset_dims");
  const int64_t rank = static_cast<int64_t>(v.batch.size() + offsets.size());
  requireDimensions(op.kind, g.offsetDims, rank, "offset_dims");
  requireSorted(op.kind, g.offsetDims, "offset_dims");
  Shape shape;
  size_t nextOffset = 0, nextBatch = 0;
  for (int64_t d = 0; d < rank; ++d)
    if (nextOffset < g.offsetDims.size() && g.offsetDims[nextOffset] == d)
      shape.push_back(offsets[nextOffset++]);
    else
      shape.push_back(v.batch[nextBatch++]);
  return {TensorType{operand.elementType, shape}};
}

std::vector<TensorType> inferScatter(const Op& op) {
  requireOperandCount(op, 3);
  require(op.regions.size() == 1, op.kind, "needs one update_computation region");
  const TensorType& input = operandType(op, 0);
  const TensorType& updates = operandType(op, 2);
  const ScatterDimensionNumbers& s = op.attrs.scatter;
  require(updates.elementType == input.elementType, op.kind,
          "updates " + toString(updates) + " differ in element type from the input " +
              toString(input));
  IndexVectors v = indexVectors(op, operandType(op, 1), s.indexVectorDim);
  requireIndexMap(op, s.scatterDimsToOperandDims, v.length, input.rank(),
                  "scatter_dims_to_operand_dims");
  requireDimensions(op.kind, s.insertedWindowDims, input.rank(), "inserted_window_dims");
  requireSorted(op.kind, s.insertedWindowDims, "inserted_window_dims");
  requireDimensions(op.kind, s.updateWindowDims, updates.rank(), "update_window_dims");
  requireSorted(op.kind, s.updateWindowDims, "update_window_dims");
  requireSize(op.kind, s.updateWindowDims.size() + s.insertedWindowDims.size(), input.rank(),
              "update_window_dims and inserted_window_dims together");
  requireSize(op.kind, s.updateWindowDims.size() + v.batch.size(), updates.rank(),
              "the updates' dims");
  size_t nextWindow = 0, nextBatch = 0;
  int64_t inputDim = 0;
  for (int64_t d = 0; d < updates.rank(); ++d) {
    if (nextWindow < s.updateWindowDims.size() && s.updateWindowDims[nextWindow] == d) {
      while (std::find(s.insertedWindowDims.begin(), s.insertedWindowDims.end(), inputDim) !=
             s.insertedWindowDims.end())
        ++inputDim;
      require(updates.shape[d] <= input.shape[inputDim], op.kind,
              "update window dim " + std::to_string(d) + " of " + toString(updates) +
                  " exceeds the input's dim " + std::to_string(inputDim));
      ++nextWindow;
      ++inputDim;
    } else {
      require(updates.shape[d] == v.batch[nextBatch++], op.kind,
              "updates " + toString(updates) + " do not match the indices' batch dims " +
                  toString(v.batch));
    }
  }
  checkReductionBody(op, *op.regions[0], 1);
  require(op.regions[0]->args[0]->type.elementType == input.elementType, op.kind,
          "update_computation works on " + toString(op.regions[0]->args[0]->type) + ", not " +
              std::string(name(input.elementType)));
  return {input};
}

std::vector<TensorType> inferCall(const Op& op, const Module* module) {
  require(module != nullptr, op.kind, "calls need a module to resolve @" + op.attrs.callee);
  const Function* callee = module->lookup(op.attrs.callee);
  require(callee != nullptr, op.kind, "no function @" + op.attrs.callee);
  std::vector<TensorType> params = callee->argumentTypes();
  require(params.size() == op.operands.size(), op.kind,
          "@" + op.attrs.callee + " takes " + std::to_string(params.size()) + " arguments, got " +
              std::to_string(op.operands.size()));
  for (size_t i = 0; i < params.size(); ++i)
    require(params[i] == operandType(op, i), op.kind,
            "argument " + std::to_string(i) + " of @" + op.attrs.callee + " is " +
                toString(operandType(op, i)) + ", expected " + toString(params[i]));
  return callee->resultTypes;
}

std::vector<TensorType> inferCheck(const Op& op) {
  bool constForm =
      op.kind == OpKind::check_expect_eq_const || op.kind == OpKind::check_expect_almost_eq_const;
  requireOperandCount(op, constForm ? 1 : 2);
  const TensorType& actual = operandType(op, 0);
  const TensorType& expected = constForm ? op.attrs.value.type() : operandType(op, 1);
  require(actual == expected, op.kind,
          "compares " + toString(actual) + " with " + toString(expected));
  if (op.kind != OpKind::check_expect_eq && op.kind != OpKind::check_expect_eq_const)
    requireFloat(op, actual);
  return {};
}

} // namespace

std::vector<TensorType> inferResultTypes(const Op& op, const std::vector<TensorType>& declared,
                                         const Module* module) {
  for (const Value* v : op.operands) require(v != nullptr, op.kind, "has a null operand");
  if (isElementwiseBinary(op.kind)) return inferBinary(op);
  if (isElementwiseUnary(op.kind) && op.kind != OpKind::convert) return inferUnary(op);
  if (isCheck(op.kind)) return inferCheck(op);
  switch (op.kind) {
  case OpKind::constant:
    requireOperandCount(op, 0);
    return {op.attrs.value.type()};
  case OpKind::iota: {
    requireOperandCount(op, 0);
    const TensorType& r = declaredOne(op, declared);
    require(op.attrs.dimension >= 0 && op.attrs.dimension < r.rank(), op.kind,
            "iota_dimension " + std::to_string(op.attrs.dimension) + " out of range for " +
                toString(r));
    return {r};
  }
  case OpKind::convert: {
    requireOperandCount(op, 1);
    const TensorType& r = declaredOne(op, declared);
    require(r.shape == operandType(op, 0).shape, op.kind,
            "changes the shape: " + toString(operandType(op, 0)) + " -> " + toString(r));
    return {r};
  }
  case OpKind::reshape: {
    requireOperandCount(op, 1);
    const TensorType& r = declaredOne(op, declared);
    const TensorType& x = operandType(op, 0);
    require(r.elementType == x.elementType && r.numElements() == x.numElements(), op.kind,
            "cannot reshape " + toString(x) + " to " + toString(r));
    return {r};
  }
  case OpKind::clamp:
    return inferClamp(op);
  case OpKind::select:
    return inferSelect(op);
  case OpKind::compare:
    return inferCompare(op);
  case OpKind::broadcast_in_dim:
    return inferBroadcastInDim(op, declared);
  case OpKind::transpose:
    return inferTranspose(op);
  case OpKind::slice:
    return inferSlice(op);
  case OpKind::dynamic_slice:
    return inferDynamicSlice(op);
  case OpKind::concatenate:
    return inferConcatenate(op);
  case OpKind::pad:
    return inferPad(op);
  case OpKind::reverse:
    requireOperandCount(op, 1);
    requireDimensions(op.kind, op.attrs.dimensions, operandType(op, 0).rank(), "dimensions");
    return {operandType(op, 0)};
  case OpKind::dot_general:
    return inferDotGeneral(op, declared);
  case OpKind::convolution:
    return inferConvolution(op, declared);
  case OpKind::reduce:
    return inferReduce(op);
  case OpKind::reduce_window:
    return inferReduceWindow(op);
  case OpKind::select_and_scatter:
    return inferSelectAndScatter(op);
  case OpKind::gather:
    return inferGather(op);
  case OpKind::scatter:
    return inferScatter(op);
  case OpKind::call:
    return inferCall(op, module);
  case OpKind::all_reduce:
    return inferAllReduce(op);
  case OpKind::replica_id:
    requireOperandCount(op, 0);
    return {{ElementType::ui32, {}}};
  default:
    break;
  }
  fail(op.kind, "has no shape rule");
}

void normalizeAttributes(OpKind kind, Attributes& attrs, const std::vector<Value*>& operands) {
  if (operands.empty() || operands[0] == nullptr) return;
  int64_t rank = operands[0]->type.rank();
  auto fill = [](std::vector<int64_t>& v, int64_t n, int64_t value) {
    if (v.empty()) v.assign(static_cast<size_t>(std::max<int64_t>(n, 0)), value);
  };
  auto fillPadding = [&](int64_t n) {
    if (attrs.padding.empty())
      attrs.padding.assign(static_cast<size_t>(std::max<int64_t>(n, 0)), {0, 0});
  };
  switch (kind) {
  case OpKind::slice:
    fill(attrs.strides, rank, 1);
    break;
  case OpKind::pad:
    fill(attrs.interiorPadding, rank, 0);
    break;
  case OpKind::convolution: {
    int64_t spatial = rank - 2;
    fill(attrs.windowStrides, spatial, 1);
    fill(attrs.lhsDilation, spatial, 1);
    fill(attrs.rhsDilation, spatial, 1);
    fillPadding(spatial);
    if (attrs.windowReversal.empty())
      attrs.windowReversal.assign(static_cast<size_t>(std::max<int64_t>(spatial, 0)), false);
    break;
  }
  case OpKind::reduce_window:
  case OpKind::select_and_scatter:
    fill(attrs.windowStrides, rank, 1);
    fillPadding(rank);
    // select_and_scatter has no dilations; unit ones let it share reduce_window's shape rule.
    fill(attrs.lhsDilation, rank, 1);
    fill(attrs.rhsDilation, rank, 1);
    break;
  default:
    break;
  }
}

} // namespace hlotrain::ir

#pragma once
// Builds ops into a region. Every method infers the result type through ir/ShapeInference (the
// one place shape rules live, shared with the parser and the verifier) and throws VerifyError,
// naming the op and the offending operand or attribute, when the operands are ill-typed.

#include <functional>
#include <optional>
#include <span>

#include "ir/Op.h"

namespace hlotrain::ir {

class Builder {
public:
  // `module` resolves func.call callees; it may be null when no calls are built.
  explicit Builder(Region& region, const Module* module = nullptr)
      : region_(&region), module_(module) {}

  Region& region() const { return *region_; }
  const Module* module() const { return module_; }

  // The general entry: appends an op and infers its results. `declared` gives the result types of
  // ops whose operands do not determine them (iota, reshape, broadcast_in_dim, convert,
  // dot_general, convolution element type, call); when given for any op it must match inference.
  Op& create(OpKind kind, std::vector<Value*> operands, Attributes attrs = {},
             std::vector<TensorType> declared = {},
             std::vector<std::unique_ptr<Region>> regions = {});

  Value* constant(Tensor value);
  template <class T> Value* scalar(T value) { return constant(Tensor::scalar<T>(value)); }
  // A constant of `type` with every element equal to `value` (converted to the element type).
  Value* splat(TensorType type, double value);
  Value* iota(TensorType type, int64_t dimension);

  Value* unary(OpKind kind, Value* x);
  Value* binary(OpKind kind, Value* lhs, Value* rhs);
  Value* add(Value* a, Value* b) { return binary(OpKind::add, a, b); }
  Value* subtract(Value* a, Value* b) { return binary(OpKind::subtract, a, b); }
  Value* multiply(Value* a, Value* b) { return binary(OpKind::multiply, a, b); }
  Value* divide(Value* a, Value* b) { return binary(OpKind::divide, a, b); }
  Value* maximum(Value* a, Value* b) { return binary(OpKind::maximum, a, b); }
  Value* minimum(Value* a, Value* b) { return binary(OpKind::minimum, a, b); }
  // The comparison type defaults to what StableHLO producers use: FLOAT for floats, SIGNED or
  // UNSIGNED for integers, UNSIGNED for i1.
  Value* compare(Value* lhs, Value* rhs, ComparisonDirection direction,
                 std::optional<ComparisonType> type = std::nullopt);
  Value* select(Value* pred, Value* onTrue, Value* onFalse);
  Value* clamp(Value* min, Value* x, Value* max);
  Value* convert(Value* x, ElementType to);
  Value* broadcastInDim(Value* x, Shape shape, std::vector<int64_t> broadcastDimensions);
  Value* reshape(Value* x, Shape shape);
  Value* transpose(Value* x, std::vector<int64_t> permutation);
  Value* slice(Value* x, std::vector<int64_t> start, std::vector<int64_t> limit,
               std::vector<int64_t> strides = {});
  Value* dynamicSlice(Value* x, std::vector<Value*> startIndices, std::vector<int64_t> sizes);
  Value* concatenate(std::vector<Value*> inputs, int64_t dimension);
  Value* pad(Value* x, Value* padValue, std::vector<int64_t> low, std::vector<int64_t> high,
             std::vector<int64_t> interior = {});
  Value* reverse(Value* x, std::vector<int64_t> dimensions);
  Value* dotGeneral(Value* lhs, Value* rhs, DotDimensionNumbers dims,
                    std::optional<ElementType> resultElementType = std::nullopt);
  // attrs: conv, windowStrides, padding, lhsDilation, rhsDilation, windowReversal,
  // featureGroupCount, batchGroupCount (empty vectors mean the defaults).
  Value* convolution(Value* lhs, Value* rhs, Attributes attrs,
                     std::optional<ElementType> resultElementType = std::nullopt);

  // A region body receives the region's arguments and returns its results.
  using BodyFn = std::function<std::vector<Value*>(Builder&, std::span<Value* const>)>;
  // The body's arguments are rank-0 tensors: accumulators first, then inputs (StableHLO order).
  std::vector<Value*> reduce(std::vector<Value*> inputs, std::vector<Value*> inits,
                             std::vector<int64_t> dimensions, const BodyFn& body);
  // Shorthand for a body that is one binary op (add, maximum, ...).
  Value* reduce(Value* input, Value* init, std::vector<int64_t> dimensions, OpKind combiner);
  // Combines each operand over the replicas of every group with a one-op body (add for a sum),
  // one all_reduce for all of them; every operand has one element type.
  std::vector<Value*> allReduce(std::vector<Value*> operands, OpKind combiner,
                                std::vector<std::vector<int64_t>> replicaGroups);
  // This replica's id, a ui32 scalar.
  Value* replicaId();
  // attrs: windowDimensions, windowStrides, lhsDilation (base), rhsDilation (window), padding.
  std::vector<Value*> reduceWindow(std::vector<Value*> inputs, std::vector<Value*> inits,
                                   Attributes attrs, const BodyFn& body);
  Value* reduceWindow(Value* input, Value* init, Attributes attrs, OpKind combiner);
  // attrs: windowDimensions, windowStrides, padding.
  Value* selectAndScatter(Value* operand, Value* source, Value* init, Attributes attrs,
                          ComparisonDirection select, OpKind scatter);
  // Slices of `operand` of `sliceSizes` starting where `indices` say (stablehlo.gather).
  Value* gather(Value* operand, Value* indices, GatherDimensionNumbers dims,
                std::vector<int64_t> sliceSizes);
  // `input` with every window of `updates` combined into it where `indices` say
  // (stablehlo.scatter), the update_computation one binary op (add: a scatter-add).
  Value* scatter(Value* input, Value* indices, Value* updates, ScatterDimensionNumbers dims,
                 OpKind combiner);
  std::vector<Value*> call(const Function& callee, std::vector<Value*> args);
  // Check ops (the StableHLO test suites' `check` dialect); they have no results.
  void check(OpKind kind, std::vector<Value*> operands, Attributes attrs = {});

  // Sets the region's terminator operands.
  void ret(std::vector<Value*> values);

  // A region whose arguments have `argTypes`, filled by `body` (module is inherited).
  std::unique_ptr<Region> makeRegion(const std::vector<TensorType>& argTypes, const BodyFn& body);

private:
  Region* region_;
  const Module* module_;
};

// A scalar body that applies one binary op: (a, b) -> op(a, b).
Builder::BodyFn binaryBody(OpKind combiner);

} // namespace hlotrain::ir

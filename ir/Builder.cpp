#include "ir/Builder.h"

#include "ir/ShapeInference.h"
#include "support/Error.h"

namespace hlotrain::ir {

namespace {

TensorType scalarOf(ElementType t) {
  return TensorType{t, {}};
}

} // namespace

Op& Builder::create(OpKind kind, std::vector<Value*> operands, Attributes attrs,
                    std::vector<TensorType> declared,
                    std::vector<std::unique_ptr<Region>> regions) {
  auto op = std::make_unique<Op>();
  op->kind = kind;
  op->operands = std::move(operands);
  normalizeAttributes(kind, attrs, op->operands);
  op->attrs = std::move(attrs);
  op->regions = std::move(regions);
  std::vector<TensorType> types = inferResultTypes(*op, declared, module_);
  if (!declared.empty() && declared != types) {
    std::string got, want;
    for (const auto& t : declared) got += (got.empty() ? "" : ", ") + toString(t);
    for (const auto& t : types) want += (want.empty() ? "" : ", ") + toString(t);
    throw VerifyError(std::string(opName(kind)) + ": result type (" + got +
                      ") differs from the inferred (" + want + ")");
  }
  for (size_t i = 0; i < types.size(); ++i) {
    auto v = std::make_unique<Value>();
    v->type = types[i];
    v->producer = op.get();
    v->index = static_cast<int>(i);
    op->results.push_back(std::move(v));
  }
  region_->ops.push_back(std::move(op));
  return *region_->ops.back();
}

Value* Builder::constant(Tensor value) {
  Attributes a;
  a.value = std::move(value);
  return create(OpKind::constant, {}, std::move(a)).result();
}

Value* Builder::splat(TensorType type, double value) {
  Tensor t(type);
  dispatch(type.elementType, [&](auto tag) {
    using T = decltype(tag);
    for (int64_t i = 0; i < t.numElements(); ++i) t.set<T>(i, static_cast<T>(value));
  });
  return constant(std::move(t));
}

Value* Builder::iota(TensorType type, int64_t dimension) {
  Attributes a;
  a.dimension = dimension;
  return create(OpKind::iota, {}, std::move(a), {std::move(type)}).result();
}

Value* Builder::unary(OpKind kind, Value* x) {
  if (!isElementwiseUnary(kind) || kind == OpKind::convert)
    throw VerifyError(std::string(opName(kind)) + " is not an elementwise unary op");
  return create(kind, {x}).result();
}

Value* Builder::binary(OpKind kind, Value* lhs, Value* rhs) {
  if (!isElementwiseBinary(kind))
    throw VerifyError(std::string(opName(kind)) + " is not an elementwise binary op");
  return create(kind, {lhs, rhs}).result();
}

Value* Builder::compare(Value* lhs, Value* rhs, ComparisonDirection direction,
                        std::optional<ComparisonType> type) {
  Attributes a;
  a.comparisonDirection = direction;
  if (type) {
    a.compareType = *type;
  } else if (lhs != nullptr) {
    ElementType e = lhs->type.elementType;
    a.compareType = isFloat(e)       ? ComparisonType::FLOAT
                    : isSignedInt(e) ? ComparisonType::SIGNED
                                     : ComparisonType::UNSIGNED;
  }
  return create(OpKind::compare, {lhs, rhs}, std::move(a)).result();
}

Value* Builder::select(Value* pred, Value* onTrue, Value* onFalse) {
  return create(OpKind::select, {pred, onTrue, onFalse}).result();
}

Value* Builder::clamp(Value* min, Value* x, Value* max) {
  return create(OpKind::clamp, {min, x, max}).result();
}

Value* Builder::convert(Value* x, ElementType to) {
  if (x == nullptr) throw VerifyError("stablehlo.convert: null operand");
  return create(OpKind::convert, {x}, {}, {TensorType{to, x->type.shape}}).result();
}

Value* Builder::broadcastInDim(Value* x, Shape shape, std::vector<int64_t> broadcastDimensions) {
  if (x == nullptr) throw VerifyError("stablehlo.broadcast_in_dim: null operand");
  Attributes a;
  a.dimensions = std::move(broadcastDimensions);
  return create(OpKind::broadcast_in_dim, {x}, std::move(a),
                {TensorType{x->type.elementType, std::move(shape)}})
      .result();
}

Value* Builder::reshape(Value* x, Shape shape) {
  if (x == nullptr) throw VerifyError("stablehlo.reshape: null operand");
  return create(OpKind::reshape, {x}, {}, {TensorType{x->type.elementType, std::move(shape)}})
      .result();
}

Value* Builder::transpose(Value* x, std::vector<int64_t> permutation) {
  Attributes a;
  a.dimensions = std::move(permutation);
  return create(OpKind::transpose, {x}, std::move(a)).result();
}

Value* Builder::slice(Value* x, std::vector<int64_t> start, std::vector<int64_t> limit,
                      std::vector<int64_t> strides) {
  Attributes a;
  a.startIndices = std::move(start);
  a.limitIndices = std::move(limit);
  a.strides = std::move(strides);
  return create(OpKind::slice, {x}, std::move(a)).result();
}

Value* Builder::dynamicSlice(Value* x, std::vector<Value*> startIndices,
                             std::vector<int64_t> sizes) {
  Attributes a;
  a.sliceSizes = std::move(sizes);
  std::vector<Value*> operands = {x};
  operands.insert(operands.end(), startIndices.begin(), startIndices.end());
  return create(OpKind::dynamic_slice, std::move(operands), std::move(a)).result();
}

Value* Builder::concatenate(std::vector<Value*> inputs, int64_t dimension) {
  Attributes a;
  a.dimension = dimension;
  return create(OpKind::concatenate, std::move(inputs), std::move(a)).result();
}

Value* Builder::pad(Value* x, Value* padValue, std::vector<int64_t> low, std::vector<int64_t> high,
                    std::vector<int64_t> interior) {
  Attributes a;
  a.edgePaddingLow = std::move(low);
  a.edgePaddingHigh = std::move(high);
  a.interiorPadding = std::move(interior);
  return create(OpKind::pad, {x, padValue}, std::move(a)).result();
}

Value* Builder::reverse(Value* x, std::vector<int64_t> dimensions) {
  Attributes a;
  a.dimensions = std::move(dimensions);
  return create(OpKind::reverse, {x}, std::move(a)).result();
}

Value* Builder::dotGeneral(Value* lhs, Value* rhs, DotDimensionNumbers dims,
                           std::optional<ElementType> resultElementType) {
  Attributes a;
  a.dot = std::move(dims);
  std::vector<TensorType> declared;
  if (resultElementType) declared.push_back({*resultElementType, {}});
  Op probe;
  probe.kind = OpKind::dot_general;
  probe.operands = {lhs, rhs};
  probe.attrs = a;
  TensorType t = inferResultTypes(probe, declared, module_)[0];
  return create(OpKind::dot_general, {lhs, rhs}, std::move(a), {t}).result();
}

Value* Builder::convolution(Value* lhs, Value* rhs, Attributes attrs,
                            std::optional<ElementType> resultElementType) {
  Op probe;
  probe.kind = OpKind::convolution;
  probe.operands = {lhs, rhs};
  normalizeAttributes(OpKind::convolution, attrs, probe.operands);
  probe.attrs = attrs;
  std::vector<TensorType> declared;
  if (resultElementType) declared.push_back({*resultElementType, {}});
  TensorType t = inferResultTypes(probe, declared, module_)[0];
  return create(OpKind::convolution, {lhs, rhs}, std::move(attrs), {t}).result();
}

std::unique_ptr<Region> Builder::makeRegion(const std::vector<TensorType>& argTypes,
                                            const BodyFn& body) {
  auto region = std::make_unique<Region>();
  std::vector<Value*> args;
  for (const TensorType& t : argTypes) args.push_back(region->addArgument(t));
  Builder inner(*region, module_);
  region->results = body(inner, args);
  return region;
}

namespace {
std::vector<TensorType> reductionBodyTypes(const std::vector<Value*>& inits) {
  std::vector<TensorType> types;
  for (int pass = 0; pass < 2; ++pass)
    for (const Value* v : inits) {
      if (v == nullptr) throw VerifyError("reduction: null init value");
      types.push_back(scalarOf(v->type.elementType));
    }
  return types;
}
} // namespace

std::vector<Value*> Builder::reduce(std::vector<Value*> inputs, std::vector<Value*> inits,
                                    std::vector<int64_t> dimensions, const BodyFn& body) {
  std::vector<std::unique_ptr<Region>> regions;
  regions.push_back(makeRegion(reductionBodyTypes(inits), body));
  Attributes a;
  a.dimensions = std::move(dimensions);
  inputs.insert(inputs.end(), inits.begin(), inits.end());
  Op& op = create(OpKind::reduce, std::move(inputs), std::move(a), {}, std::move(regions));
  std::vector<Value*> results;
  for (auto& r : op.results) results.push_back(r.get());
  return results;
}

std::vector<Value*> Builder::allReduce(std::vector<Value*> operands, OpKind combiner,
                                       std::vector<std::vector<int64_t>> replicaGroups) {
  if (operands.empty() || !operands[0]) throw VerifyError("all_reduce: no operands");
  const TensorType scalar = scalarOf(operands[0]->type.elementType);
  std::vector<std::unique_ptr<Region>> regions;
  regions.push_back(makeRegion({scalar, scalar}, binaryBody(combiner)));
  Attributes a;
  a.replicaGroups = std::move(replicaGroups);
  Op& op = create(OpKind::all_reduce, std::move(operands), std::move(a), {}, std::move(regions));
  std::vector<Value*> results;
  for (auto& r : op.results) results.push_back(r.get());
  return results;
}

Value* Builder::replicaId() {
  return create(OpKind::replica_id, {}).result();
}

Value* Builder::reduce(Value* input, Value* init, std::vector<int64_t> dimensions,
                       OpKind combiner) {
  return reduce({input}, {init}, std::move(dimensions), binaryBody(combiner))[0];
}

std::vector<Value*> Builder::reduceWindow(std::vector<Value*> inputs, std::vector<Value*> inits,
                                          Attributes attrs, const BodyFn& body) {
  std::vector<std::unique_ptr<Region>> regions;
  regions.push_back(makeRegion(reductionBodyTypes(inits), body));
  inputs.insert(inputs.end(), inits.begin(), inits.end());
  Op& op =
      create(OpKind::reduce_window, std::move(inputs), std::move(attrs), {}, std::move(regions));
  std::vector<Value*> results;
  for (auto& r : op.results) results.push_back(r.get());
  return results;
}

Value* Builder::reduceWindow(Value* input, Value* init, Attributes attrs, OpKind combiner) {
  return reduceWindow({input}, {init}, std::move(attrs), binaryBody(combiner))[0];
}

Value* Builder::selectAndScatter(Value* operand, Value* source, Value* init, Attributes attrs,
                                 ComparisonDirection select, OpKind scatter) {
  if (operand == nullptr) throw VerifyError("stablehlo.select_and_scatter: null operand");
  TensorType scalar = scalarOf(operand->type.elementType);
  std::vector<std::unique_ptr<Region>> regions;
  regions.push_back(makeRegion({scalar, scalar}, [&](Builder& b, std::span<Value* const> args) {
    return std::vector<Value*>{b.compare(args[0], args[1], select)};
  }));
  regions.push_back(makeRegion({scalar, scalar}, binaryBody(scatter)));
  return create(OpKind::select_and_scatter, {operand, source, init}, std::move(attrs), {},
                std::move(regions))
      .result();
}

Value* Builder::gather(Value* operand, Value* indices, GatherDimensionNumbers dims,
                       std::vector<int64_t> sliceSizes) {
  Attributes a;
  a.gather = std::move(dims);
  a.sliceSizes = std::move(sliceSizes);
  return create(OpKind::gather, {operand, indices}, std::move(a)).result();
}

Value* Builder::scatter(Value* input, Value* indices, Value* updates, ScatterDimensionNumbers dims,
                        OpKind combiner) {
  if (input == nullptr) throw VerifyError("stablehlo.scatter: null operand");
  TensorType scalar = scalarOf(input->type.elementType);
  std::vector<std::unique_ptr<Region>> regions;
  regions.push_back(makeRegion({scalar, scalar}, binaryBody(combiner)));
  Attributes a;
  a.scatter = std::move(dims);
  return create(OpKind::scatter, {input, indices, updates}, std::move(a), {}, std::move(regions))
      .result();
}

std::vector<Value*> Builder::call(const Function& callee, std::vector<Value*> args) {
  Attributes a;
  a.callee = callee.name;
  Op& op = create(OpKind::call, std::move(args), std::move(a));
  std::vector<Value*> results;
  for (auto& r : op.results) results.push_back(r.get());
  return results;
}

void Builder::check(OpKind kind, std::vector<Value*> operands, Attributes attrs) {
  if (!isCheck(kind)) throw VerifyError(std::string(opName(kind)) + " is not a check op");
  create(kind, std::move(operands), std::move(attrs));
}

void Builder::ret(std::vector<Value*> values) {
  region_->results = std::move(values);
}

Builder::BodyFn binaryBody(OpKind combiner) {
  return [combiner](Builder& b, std::span<Value* const> args) {
    return std::vector<Value*>{b.binary(combiner, args[0], args[1])};
  };
}

} // namespace hlotrain::ir

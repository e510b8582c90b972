// Elementwise and data-movement ops of the reference interpreter.

#include <algorithm>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "lower/cpu/ReferenceIndex.h"
#include "lower/cpu/ReferenceOps.h"
#include "lower/cpu/ReferenceScalar.h"
#include "support/Error.h"

namespace hlotrain::cpu::ref {

namespace {

[[noreturn]] void unsupportedType(ir::OpKind kind, ir::ElementType type) {
  throw UnsupportedError("unsupported: " + std::string(ir::opName(kind)) + " on element type " +
                         std::string(ir::name(type)));
}

// result[i] = f(operand[i]) for element types in the class `Allowed`.
template <unsigned Allowed, class F> Tensor mapUnary(ir::OpKind kind, const Tensor& x, F f) {
  Tensor result(x.type());
  ir::dispatch(x.elementType(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr ((typeClassOf<T>() & Allowed) != 0) {
      for (int64_t i = 0; i < x.numElements(); ++i) result.set<T>(i, f(x.get<T>(i)));
    } else {
      unsupportedType(kind, x.elementType());
    }
  });
  return result;
}

// result[i] = f(lhs[i], rhs[i]) for element types in the class `Allowed`.
template <unsigned Allowed, class F>
Tensor mapBinary(ir::OpKind kind, const Tensor& lhs, const Tensor& rhs, F f) {
  Tensor result(lhs.type());
  ir::dispatch(lhs.elementType(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr ((typeClassOf<T>() & Allowed) != 0) {
      for (int64_t i = 0; i < lhs.numElements(); ++i)
        result.set<T>(i, f(lhs.get<T>(i), rhs.get<T>(i)));
    } else {
      unsupportedType(kind, lhs.elementType());
    }
  });
  return result;
}

} // namespace

Tensor iotaOp(const TensorType& resultType, int64_t iotaDimension) {
  Tensor result(resultType);
  ir::dispatch(resultType.elementType, [&](auto tag) {
    using T = decltype(tag);
    forEachIndex(resultType.shape, [&](const Index& i, int64_t flat) {
      result.set<T>(flat, convert<T>(i[static_cast<size_t>(iotaDimension)]));
    });
  });
  return result;
}

Tensor unaryOp(ir::OpKind kind, const Tensor& x) {
  using K = ir::OpKind;
  switch (kind) {
  case K::negate:
    return mapUnary<kNumeric>(kind, x, [](auto a) { return negate(a); });
  case K::abs:
    return mapUnary<kSignedOrFloat>(kind, x, [](auto a) { return abs(a); });
  case K::sign:
    return mapUnary<kSignedOrFloat>(kind, x, [](auto a) { return sign(a); });
  case K::not_:
    return mapUnary<kBoolOrInt>(kind, x, [](auto a) { return bitNot(a); });
  case K::exponential:
    return mapUnary<kFloat>(kind, x, [](auto a) { return exponential(a); });
  case K::log:
    return mapUnary<kFloat>(kind, x, [](auto a) { return log(a); });
  case K::log_plus_one:
    return mapUnary<kFloat>(kind, x, [](auto a) { return logPlusOne(a); });
  case K::sqrt:
    return mapUnary<kFloat>(kind, x, [](auto a) { return sqrt(a); });
  case K::rsqrt:
    return mapUnary<kFloat>(kind, x, [](auto a) { return rsqrt(a); });
  case K::tanh:
    return mapUnary<kFloat>(kind, x, [](auto a) { return tanh(a); });
  case K::logistic:
    return mapUnary<kFloat>(kind, x, [](auto a) { return logistic(a); });
  default:
    break;
  }
  throw RuntimeError("internal: " + std::string(ir::opName(kind)) + " is not a unary op");
}

Tensor binaryOp(ir::OpKind kind, const Tensor& l, const Tensor& r) {
  using K = ir::OpKind;
  switch (kind) {
  case K::add:
    return mapBinary<kAny>(kind, l, r, [](auto a, auto b) { return add(a, b); });
  case K::subtract:
    return mapBinary<kNumeric>(kind, l, r, [](auto a, auto b) { return subtract(a, b); });
  case K::multiply:
    return mapBinary<kAny>(kind, l, r, [](auto a, auto b) { return multiply(a, b); });
  case K::divide:
    return mapBinary<kNumeric>(kind, l, r, [](auto a, auto b) { return divide(a, b); });
  case K::remainder:
    return mapBinary<kNumeric>(kind, l, r, [](auto a, auto b) { return remainder(a, b); });
  case K::maximum:
    return mapBinary<kAny>(kind, l, r, [](auto a, auto b) { return maximum(a, b); });
  case K::minimum:
    return mapBinary<kAny>(kind, l, r, [](auto a, auto b) { return minimum(a, b); });
  case K::power:
    return mapBinary<kNumeric>(kind, l, r, [](auto a, auto b) { return power(a, b); });
  case K::and_:
    return mapBinary<kBoolOrInt>(kind, l, r, [](auto a, auto b) { return bitAnd(a, b); });
  case K::or_:
    return mapBinary<kBoolOrInt>(kind, l, r, [](auto a, auto b) { return bitOr(a, b); });
  case K::xor_:
    return mapBinary<kBoolOrInt>(kind, l, r, [](auto a, auto b) { return bitXor(a, b); });
  default:
    break;
  }
  throw RuntimeError("internal: " + std::string(ir::opName(kind)) + " is not a binary op");
}

Tensor convertOp(const Tensor& operand, ir::ElementType resultElementType) {
  Tensor result(TensorType{resultElementType, operand.shape()});
  ir::dispatch(operand.elementType(), [&](auto fromTag) {
    ir::dispatch(resultElementType, [&](auto toTag) {
      using From = decltype(fromTag);
      using To = decltype(toTag);
      for (int64_t i = 0; i < operand.numElements(); ++i)
        result.set<To>(i, convert<To>(operand.get<From>(i)));
    });
  });
  return result;
}

Tensor compareOp(const Tensor& lhs, const Tensor& rhs, ir::ComparisonDirection direction,
                 ir::ComparisonType type) {
  Tensor result(TensorType{ir::ElementType::i1, lhs.shape()});
  ir::dispatch(lhs.elementType(), [&](auto tag) {
    using T = decltype(tag);
    for (int64_t i = 0; i < lhs.numElements(); ++i)
      result.set<bool>(i, compare(lhs.get<T>(i), rhs.get<T>(i), direction, type));
  });
  return result;
}

// min and max are either rank-0 or shaped like the operand.
Tensor clampOp(const Tensor& min, const Tensor& operand, const Tensor& max) {
  Tensor result(operand.type());
  ir::dispatch(operand.elementType(), [&](auto tag) {
    using T = decltype(tag);
    for (int64_t i = 0; i < operand.numElements(); ++i) {
      T lo = min.get<T>(min.shape().empty() ? 0 : i);
      T hi = max.get<T>(max.shape().empty() ? 0 : i);
      result.set<T>(i, minimum(maximum(operand.get<T>(i), lo), hi));
    }
  });
  return result;
}

// pred is either rank-0 or shaped like the branches.
Tensor selectOp(const Tensor& pred, const Tensor& onTrue, const Tensor& onFalse) {
  Tensor result(onTrue.type());
  for (int64_t i = 0; i < result.numElements(); ++i) {
    bool p = pred.get<bool>(pred.shape().empty() ? 0 : i);
    copyElement(result, i, p ? onTrue : onFalse, i);
  }
  return result;
}

// operand_index[d] = dim(operand, d) == 1 ? 0 : result_index[broadcast_dimensions[d]].
Tensor broadcastInDimOp(const Tensor& operand, const TensorType& resultType,
                        const std::vector<int64_t>& broadcastDimensions) {
  Tensor result(resultType);
  Index operandIndex(operand.shape().size());
  forEachIndex(resultType.shape, [&](const Index& i, int64_t flat) {
    for (size_t d = 0; d < operandIndex.size(); ++d)
      operandIndex[d] =
          operand.shape()[d] == 1 ? 0 : i[static_cast<size_t>(broadcastDimensions[d])];
    copyElement(result, flat, operand, flatten(operand.shape(), operandIndex));
  });
  return result;
}

// Row-major order is unchanged; only the type is.
Tensor reshapeOp(const Tensor& operand, const TensorType& resultType) {
  Tensor result(resultType);
  if (result.byteSize() != operand.byteSize())
    throw RuntimeError("stablehlo.reshape: " + ir::toString(operand.type()) + " to " +
                       ir::toString(resultType) + " changes the element count");
  std::memcpy(result.bytes(), operand.bytes(), operand.byteSize());
  return result;
}

// result_index[d] = operand_index[permutation[d]].
Tensor transposeOp(const Tensor& operand, const std::vector<int64_t>& permutation) {
  ir::Shape shape;
  for (int64_t p : permutation) shape.push_back(operand.shape()[static_cast<size_t>(p)]);
  Tensor result(TensorType{operand.elementType(), shape});
  Index operandIndex(shape.size());
  forEachIndex(shape, [&](const Index& i, int64_t flat) {
    for (size_t d = 0; d < shape.size(); ++d)
      operandIndex[static_cast<size_t>(permutation[d])] = i[d];
    copyElement(result, flat, operand, flatten(operand.shape(), operandIndex));
  });
  return result;
}

// result[i] = operand[start_indices + i * strides].
Tensor sliceOp(const Tensor& operand, const std::vector<int64_t>& startIndices,
               const std::vector<int64_t>& limitIndices, const std::vector<int64_t>& strides) {
  ir::Shape shape;
  for (size_t d = 0; d < startIndices.size(); ++d) {
    int64_t extent = limitIndices[d] - startIndices[d];
    shape.push_back(extent <= 0 ? 0 : (extent + strides[d] - 1) / strides[d]);
  }
  Tensor result(TensorType{operand.elementType(), shape});
  Index operandIndex(shape.size());
  forEachIndex(shape, [&](const Index& i, int64_t flat) {
    for (size_t d = 0; d < shape.size(); ++d) operandIndex[d] = startIndices[d] + i[d] * strides[d];
    copyElement(result, flat, operand, flatten(operand.shape(), operandIndex));
  });
  return result;
}

// Start indices are clamped to [0, dim(operand, d) - slice_sizes[d]], then it is a slice.
Tensor dynamicSliceOp(const Tensor& operand, std::span<const Tensor> startIndices,
                      const std::vector<int64_t>& sliceSizes) {
  std::vector<int64_t> start, limit, strides(sliceSizes.size(), 1);
  for (size_t d = 0; d < sliceSizes.size(); ++d) {
    const int64_t s = std::max<int64_t>(
        0, std::min(integerAt(startIndices[d], 0), operand.shape()[d] - sliceSizes[d]));
    start.push_back(s);
    limit.push_back(s + sliceSizes[d]);
  }
  return sliceOp(operand, start, limit, strides);
}

// The inputs laid end to end along `dimension`.
Tensor concatenateOp(std::span<const Tensor> inputs, int64_t dimension) {
  const auto dim = static_cast<size_t>(dimension);
  ir::Shape shape = inputs[0].shape();
  shape[dim] = 0;
  for (const Tensor& input : inputs) shape[dim] += input.shape()[dim];
  Tensor result(TensorType{inputs[0].elementType(), shape});
  int64_t offset = 0;
  for (const Tensor& input : inputs) {
    forEachIndex(input.shape(), [&](const Index& i, int64_t flat) {
      Index resultIndex = i;
      resultIndex[dim] += offset;
      copyElement(result, flatten(shape, resultIndex), input, flat);
    });
    offset += input.shape()[dim];
  }
  return result;
}

// result[edge_padding_low + operand_index * (interior_padding + 1)] = operand[operand_index]
// where that lands inside the result (negative edge padding drops elements); padding_value
// elsewhere.
Tensor padOp(const Tensor& operand, const Tensor& paddingValue,
             const std::vector<int64_t>& edgePaddingLow,
             const std::vector<int64_t>& edgePaddingHigh,
             const std::vector<int64_t>& interiorPadding) {
  ir::Shape shape = operand.shape();
  for (size_t d = 0; d < shape.size(); ++d)
    shape[d] += edgePaddingLow[d] + std::max<int64_t>(shape[d] - 1, 0) * interiorPadding[d] +
                edgePaddingHigh[d];
  Tensor result = splat(TensorType{operand.elementType(), shape}, paddingValue);
  Index resultIndex(shape.size());
  forEachIndex(operand.shape(), [&](const Index& i, int64_t flat) {
    for (size_t d = 0; d < shape.size(); ++d)
      resultIndex[d] = edgePaddingLow[d] + i[d] * (interiorPadding[d] + 1);
    if (inBounds(shape, resultIndex))
      copyElement(result, flatten(shape, resultIndex), operand, flat);
  });
  return result;
}

// result[i] = operand[i with i[d] -> dim(d) - 1 - i[d] for d in dimensions].
Tensor reverseOp(const Tensor& operand, const std::vector<int64_t>& dimensions) {
  Tensor result(operand.type());
  const ir::Shape& shape = operand.shape();
  forEachIndex(shape, [&](const Index& i, int64_t flat) {
    Index operandIndex = i;
    for (int64_t d : dimensions)
      operandIndex[static_cast<size_t>(d)] =
          shape[static_cast<size_t>(d)] - 1 - i[static_cast<size_t>(d)];
    copyElement(result, flat, operand, flatten(shape, operandIndex));
  });
  return result;
}

} // namespace hlotrain::cpu::ref

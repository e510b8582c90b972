// Contractions and reductions of the reference interpreter: dot_general, convolution, reduce,
// reduce_window, select_and_scatter. Each follows the spec's formulation (pad, slice windows,
// contract or reduce them) rather than an efficient one.

#include <algorithm>
#include <string>

#include "lower/cpu/ReferenceIndex.h"
#include "lower/cpu/ReferenceOps.h"
#include "lower/cpu/ReferenceScalar.h"
#include "support/Error.h"

namespace hlotrain::cpu::ref {

namespace {

size_t at(int64_t i) {
  return static_cast<size_t>(i);
}

// The dimensions of a rank-`rank` operand that are neither batching nor contracting, ascending.
std::vector<int64_t> freeDimensions(int64_t rank, const std::vector<int64_t>& batching,
                                    const std::vector<int64_t>& contracting) {
  std::vector<int64_t> free;
  for (int64_t d = 0; d < rank; ++d)
    if (std::count(batching.begin(), batching.end(), d) == 0 &&
        std::count(contracting.begin(), contracting.end(), d) == 0)
      free.push_back(d);
  return free;
}

Tensor withElementType(const Tensor& t, ir::ElementType type) {
  return t.elementType() == type ? t : convertOp(t, type);
}

// Part `index` of `parts` equal parts of `x` along `dimension` (the spec's `split`).
Tensor splitPart(const Tensor& x, int64_t dimension, int64_t parts, int64_t index) {
  std::vector<int64_t> start(x.shape().size(), 0), limit = x.shape(), strides(start.size(), 1);
  const int64_t size = x.shape()[at(dimension)] / parts;
  start[at(dimension)] = index * size;
  limit[at(dimension)] = (index + 1) * size;
  return sliceOp(x, start, limit, strides);
}

void requireInBounds(const ir::Shape& shape, const Index& index, const char* what) {
  if (!inBounds(shape, index))
    throw RuntimeError(std::string("internal: ") + what + " index outside its operand");
}

// Runs a region on scalar accumulators followed by scalar inputs; returns the new accumulators.
std::vector<Tensor> applyBody(const RegionFn& body, const std::vector<Tensor>& accumulators,
                              const std::vector<Tensor>& elements) {
  std::vector<Tensor> args = accumulators;
  args.insert(args.end(), elements.begin(), elements.end());
  std::vector<Tensor> results = body(args);
  if (results.size() != accumulators.size())
    throw RuntimeError("reduction body returned " + std::to_string(results.size()) +
                       " values, expected " + std::to_string(accumulators.size()));
  return results;
}

std::vector<Tensor> initialAccumulators(std::span<const Tensor> initValues,
                                        const std::vector<TensorType>& resultTypes) {
  std::vector<Tensor> acc;
  for (size_t k = 0; k < initValues.size(); ++k)
    acc.push_back(withElementType(initValues[k], resultTypes[k].elementType));
  return acc;
}

} // namespace

// result[batch..., lhs_free..., rhs_free...] = sum over the contracting index space of
// lhs[...] * rhs[...]. Operands are converted to the result element type first, and products and
// sums are taken in its Accumulator type (booleans: AND and OR), in ascending contracting-index
// order.
Tensor dotGeneralOp(const Tensor& lhsIn, const Tensor& rhsIn, const ir::DotDimensionNumbers& dims,
                    ir::ElementType resultElementType) {
  const Tensor lhs = withElementType(lhsIn, resultElementType);
  const Tensor rhs = withElementType(rhsIn, resultElementType);
  const auto lhsFree = freeDimensions(static_cast<int64_t>(lhs.shape().size()),
                                      dims.lhsBatchingDimensions, dims.lhsContractingDimensions);
  const auto rhsFree = freeDimensions(static_cast<int64_t>(rhs.shape().size()),
                                      dims.rhsBatchingDimensions, dims.rhsContractingDimensions);
  ir::Shape shape, contractingShape;
  for (int64_t d : dims.lhsBatchingDimensions) shape.push_back(lhs.shape()[at(d)]);
  for (int64_t d : lhsFree) shape.push_back(lhs.shape()[at(d)]);
  for (int64_t d : rhsFree) shape.push_back(rhs.shape()[at(d)]);
  for (int64_t d : dims.lhsContractingDimensions) contractingShape.push_back(lhs.shape()[at(d)]);

  Tensor result(TensorType{resultElementType, shape});
  ir::dispatch(resultElementType, [&](auto tag) {
    using T = decltype(tag);
    Index li(lhs.shape().size()), ri(rhs.shape().size());
    forEachIndex(shape, [&](const Index& i, int64_t flat) {
      size_t k = 0;
      for (size_t b = 0; b < dims.lhsBatchingDimensions.size(); ++b, ++k) {
        li[at(dims.lhsBatchingDimensions[b])] = i[k];
        ri[at(dims.rhsBatchingDimensions[b])] = i[k];
      }
      for (int64_t d : lhsFree) li[at(d)] = i[k++];
      for (int64_t d : rhsFree) ri[at(d)] = i[k++];
      using A = Accumulator<T>;
      A sum = A(0);
      forEachIndex(contractingShape, [&](const Index& c, int64_t) {
        for (size_t j = 0; j < c.size(); ++j) {
          li[at(dims.lhsContractingDimensions[j])] = c[j];
          ri[at(dims.rhsContractingDimensions[j])] = c[j];
        }
        A product = multiply(A(lhs.get<T>(flatten(lhs.shape(), li))),
                             A(rhs.get<T>(flatten(rhs.shape(), ri))));
        sum = add(sum, product);
      });
      result.set<T>(flat, T(sum));
    });
  });
  return result;
}

namespace {

// The spec's grouped forms: split lhs along `lhsDimension` and rhs along its output feature
// dimension into `groups` parts, convolve part by part with both group counts 1, and concatenate
// the results along the output feature dimension.
Tensor groupedConvolution(const Tensor& lhs, const Tensor& rhs, const ir::Attributes& attrs,
                          const TensorType& resultType, int64_t lhsDimension, int64_t groups) {
  ir::Attributes single = attrs;
  single.featureGroupCount = 1;
  single.batchGroupCount = 1;
  TensorType partType = resultType;
  partType.shape[at(attrs.conv.outputFeatureDimension)] /= groups;
  std::vector<Tensor> parts;
  for (int64_t g = 0; g < groups; ++g)
    parts.push_back(convolutionOp(
        splitPart(lhs, lhsDimension, groups, g),
        splitPart(rhs, attrs.conv.kernelOutputFeatureDimension, groups, g), single, partType));
  return concatenateOp(parts, attrs.conv.outputFeatureDimension);
}

} // namespace

// For each output index (batch n, feature o, spatial y):
//   padded_lhs = pad(lhs, 0, padding, lhs_dilation - 1) on the spatial dimensions;
//   window position of kernel offset k: y * window_strides + k' * rhs_dilation, where k' is k or,
//   under window_reversal, (kernel size - 1 - k);
//   result = sum over k and input feature c of padded_lhs[n, c, position] * rhs[o, c, k], taken
//   in the result type's Accumulator type.
Tensor convolutionOp(const Tensor& lhs, const Tensor& rhs, const ir::Attributes& attrs,
                     const TensorType& resultType) {
  const ir::ConvDimensionNumbers& dn = attrs.conv;
  if (attrs.featureGroupCount > 1)
    return groupedConvolution(lhs, rhs, attrs, resultType, dn.inputFeatureDimension,
                              attrs.featureGroupCount);
  if (attrs.batchGroupCount > 1)
    return groupedConvolution(lhs, rhs, attrs, resultType, dn.inputBatchDimension,
                              attrs.batchGroupCount);

  const size_t rank = lhs.shape().size(), spatial = dn.inputSpatialDimensions.size();
  std::vector<int64_t> low(rank, 0), high(rank, 0), interior(rank, 0);
  for (size_t s = 0; s < spatial; ++s) {
    const size_t d = at(dn.inputSpatialDimensions[s]);
    low[d] = attrs.padding[s].first;
    high[d] = attrs.padding[s].second;
    interior[d] = attrs.lhsDilation[s] - 1;
  }
  const Tensor zero(TensorType{lhs.elementType(), {}});
  const Tensor paddedLhs =
      withElementType(padOp(lhs, zero, low, high, interior), resultType.elementType);
  const Tensor kernel = withElementType(rhs, resultType.elementType);

  // The contracted window: kernel spatial offsets, then the input feature.
  ir::Shape window;
  for (int64_t d : dn.kernelSpatialDimensions) window.push_back(rhs.shape()[at(d)]);
  window.push_back(rhs.shape()[at(dn.kernelInputFeatureDimension)]);

  Tensor result(resultType);
  ir::dispatch(resultType.elementType, [&](auto tag) {
    using T = decltype(tag);
    Index li(rank), ri(rank);
    forEachIndex(resultType.shape, [&](const Index& i, int64_t flat) {
      li[at(dn.inputBatchDimension)] = i[at(dn.outputBatchDimension)];
      ri[at(dn.kernelOutputFeatureDimension)] = i[at(dn.outputFeatureDimension)];
      using A = Accumulator<T>;
      A sum = A(0);
      forEachIndex(window, [&](const Index& w, int64_t) {
        li[at(dn.inputFeatureDimension)] = w[spatial];
        ri[at(dn.kernelInputFeatureDimension)] = w[spatial];
        for (size_t s = 0; s < spatial; ++s) {
          const int64_t k = attrs.windowReversal[s] ? window[s] - 1 - w[s] : w[s];
          li[at(dn.inputSpatialDimensions[s])] =
              i[at(dn.outputSpatialDimensions[s])] * attrs.windowStrides[s] +
              k * attrs.rhsDilation[s];
          ri[at(dn.kernelSpatialDimensions[s])] = w[s];
        }
        requireInBounds(paddedLhs.shape(), li, "convolution window");
        A product = multiply(A(paddedLhs.get<T>(flatten(paddedLhs.shape(), li))),
                             A(kernel.get<T>(flatten(kernel.shape(), ri))));
        sum = add(sum, product);
      });
      result.set<T>(flat, T(sum));
    });
  });
  return result;
}

// results...[j] = body folded over inputs...[j with `dimensions` ranging], starting from
// init_values, in ascending index order (one of the schedules the spec allows: the init value
// once, as the leftmost leaf).
std::vector<Tensor> reduceOp(std::span<const Tensor> inputs, std::span<const Tensor> initValues,
                             const std::vector<int64_t>& dimensions, const RegionFn& body,
                             const std::vector<TensorType>& resultTypes) {
  const ir::Shape& inputShape = inputs[0].shape();
  std::vector<int64_t> reduced = dimensions;
  std::sort(reduced.begin(), reduced.end());
  std::vector<int64_t> kept;
  ir::Shape reducedShape;
  for (int64_t d = 0; d < static_cast<int64_t>(inputShape.size()); ++d) {
    if (std::binary_search(reduced.begin(), reduced.end(), d))
      reducedShape.push_back(inputShape[at(d)]);
    else
      kept.push_back(d);
  }

  std::vector<Tensor> results;
  for (const TensorType& type : resultTypes) results.emplace_back(type);
  Index inputIndex(inputShape.size());
  forEachIndex(resultTypes[0].shape, [&](const Index& j, int64_t flat) {
    for (size_t k = 0; k < kept.size(); ++k) inputIndex[at(kept[k])] = j[k];
    std::vector<Tensor> acc = initialAccumulators(initValues, resultTypes);
    forEachIndex(reducedShape, [&](const Index& r, int64_t) {
      for (size_t k = 0; k < reduced.size(); ++k) inputIndex[at(reduced[k])] = r[k];
      const int64_t flatInput = flatten(inputShape, inputIndex);
      std::vector<Tensor> elements;
      for (size_t k = 0; k < inputs.size(); ++k)
        elements.push_back(
            withElementType(elementAt(inputs[k], flatInput), resultTypes[k].elementType));
      acc = applyBody(body, acc, elements);
    });
    for (size_t k = 0; k < results.size(); ++k) copyElement(results[k], flat, acc[k], 0);
  });
  return results;
}

// results...[j] = reduce(window at j) where
//   padded_inputs = pad(inputs, init_values, padding, base_dilations - 1),
//   window element w = padded_inputs[j * window_strides + w * window_dilations].
std::vector<Tensor> reduceWindowOp(std::span<const Tensor> inputs,
                                   std::span<const Tensor> initValues, const ir::Attributes& attrs,
                                   const RegionFn& body,
                                   const std::vector<TensorType>& resultTypes) {
  const size_t rank = inputs[0].shape().size();
  std::vector<int64_t> low, high, interior;
  for (size_t d = 0; d < rank; ++d) {
    low.push_back(attrs.padding[d].first);
    high.push_back(attrs.padding[d].second);
    interior.push_back(attrs.lhsDilation[d] - 1);
  }
  std::vector<Tensor> padded;
  for (size_t k = 0; k < inputs.size(); ++k)
    padded.push_back(padOp(inputs[k], initValues[k], low, high, interior));
  const ir::Shape& paddedShape = padded[0].shape();

  std::vector<Tensor> results;
  for (const TensorType& type : resultTypes) results.emplace_back(type);
  Index position(rank);
  forEachIndex(resultTypes[0].shape, [&](const Index& j, int64_t flat) {
    std::vector<Tensor> acc = initialAccumulators(initValues, resultTypes);
    forEachIndex(attrs.windowDimensions, [&](const Index& w, int64_t) {
      for (size_t d = 0; d < rank; ++d)
        position[d] = j[d] * attrs.windowStrides[d] + w[d] * attrs.rhsDilation[d];
      requireInBounds(paddedShape, position, "reduce_window");
      const int64_t flatInput = flatten(paddedShape, position);
      std::vector<Tensor> elements;
      for (size_t k = 0; k < padded.size(); ++k)
        elements.push_back(
            withElementType(elementAt(padded[k], flatInput), resultTypes[k].elementType));
      acc = applyBody(body, acc, elements);
    });
    for (size_t k = 0; k < results.size(); ++k) copyElement(results[k], flat, acc[k], 0);
  });
  return results;
}

// For each source index s, in ascending order: among the operand elements of the window at
// s * window_strides - padding_low (padding positions never compete), keep the running choice
// `current` unless select(current, candidate) is false; then result[chosen] =
// scatter(result[chosen], source[s]). The result starts as init_value everywhere. A window with
// no operand element (all padding; the spec leaves it open) scatters nothing.
Tensor selectAndScatterOp(const Tensor& operand, const Tensor& source, const Tensor& initValue,
                          const ir::Attributes& attrs, const RegionFn& select,
                          const RegionFn& scatter) {
  const ir::Shape& shape = operand.shape();
  Tensor result = splat(operand.type(), initValue);
  Index position(shape.size());
  forEachIndex(source.shape(), [&](const Index& s, int64_t sourceFlat) {
    int64_t chosen = -1;
    forEachIndex(attrs.windowDimensions, [&](const Index& w, int64_t) {
      for (size_t d = 0; d < shape.size(); ++d)
        position[d] = s[d] * attrs.windowStrides[d] - attrs.padding[d].first + w[d];
      if (!inBounds(shape, position)) return;
      const int64_t candidate = flatten(shape, position);
      if (chosen < 0) {
        chosen = candidate;
        return;
      }
      const std::vector<Tensor> pair = {elementAt(operand, chosen), elementAt(operand, candidate)};
      std::vector<Tensor> keep = select(pair);
      if (keep.size() != 1 || keep[0].elementType() != ir::ElementType::i1)
        throw RuntimeError("select_and_scatter: select must return one i1 value");
      if (!keep[0].get<bool>(0)) chosen = candidate;
    });
    if (chosen < 0) return;
    std::vector<Tensor> updated =
        applyBody(scatter, {elementAt(result, chosen)}, {elementAt(source, sourceFlat)});
    copyElement(result, chosen, updated[0], 0);
  });
  return result;
}

} // namespace hlotrain::cpu::ref

#pragma once
// The reference interpreter's ops: one plain function per StableHLO op, named after it, written
// from the spec's semantics paragraph. Operands are assumed to be well-typed (the verifier ran);
// an element type the spec does not allow for an op throws UnsupportedError. Result types that the
// operands do not determine are passed in, as the IR declares them.

#include <functional>
#include <span>
#include <vector>

#include "ir/Op.h"

namespace hlotrain::cpu::ref {

using ir::Tensor;
using ir::TensorType;

// A region (reduce body, select, scatter) as a function of its argument values.
using RegionFn = std::function<std::vector<Tensor>(std::span<const Tensor>)>;

Tensor iotaOp(const TensorType& resultType, int64_t iotaDimension);

// Elementwise ops. `kind` must satisfy ir::isElementwiseUnary / isElementwiseBinary (convert has
// its own function).
Tensor unaryOp(ir::OpKind kind, const Tensor& operand);
Tensor binaryOp(ir::OpKind kind, const Tensor& lhs, const Tensor& rhs);
Tensor convertOp(const Tensor& operand, ir::ElementType resultElementType);
Tensor compareOp(const Tensor& lhs, const Tensor& rhs, ir::ComparisonDirection direction,
                 ir::ComparisonType type);
Tensor clampOp(const Tensor& min, const Tensor& operand, const Tensor& max);
Tensor selectOp(const Tensor& pred, const Tensor& onTrue, const Tensor& onFalse);

// Data movement.
Tensor broadcastInDimOp(const Tensor& operand, const TensorType& resultType,
                        const std::vector<int64_t>& broadcastDimensions);
Tensor reshapeOp(const Tensor& operand, const TensorType& resultType);
Tensor transposeOp(const Tensor& operand, const std::vector<int64_t>& permutation);
Tensor sliceOp(const Tensor& operand, const std::vector<int64_t>& startIndices,
               const std::vector<int64_t>& limitIndices, const std::vector<int64_t>& strides);
Tensor dynamicSliceOp(const Tensor& operand, std::span<const Tensor> startIndices,
                      const std::vector<int64_t>& sliceSizes);
Tensor concatenateOp(std::span<const Tensor> inputs, int64_t dimension);
Tensor padOp(const Tensor& operand, const Tensor& paddingValue,
             const std::vector<int64_t>& edgePaddingLow,
             const std::vector<int64_t>& edgePaddingHigh,
             const std::vector<int64_t>& interiorPadding);
Tensor reverseOp(const Tensor& operand, const std::vector<int64_t>& dimensions);
// attrs: gather, sliceSizes.
Tensor gatherOp(const Tensor& operand, const Tensor& startIndices, const ir::Attributes& attrs,
                const TensorType& resultType);
// attrs: scatter; `update` is the update_computation.
Tensor scatterOp(const Tensor& input, const Tensor& indices, const Tensor& updates,
                 const ir::Attributes& attrs, const RegionFn& update);

// Contractions and reductions.
Tensor dotGeneralOp(const Tensor& lhs, const Tensor& rhs, const ir::DotDimensionNumbers& dims,
                    ir::ElementType resultElementType);
// attrs: conv, windowStrides, padding, lhsDilation, rhsDilation, windowReversal,
// featureGroupCount, batchGroupCount.
Tensor convolutionOp(const Tensor& lhs, const Tensor& rhs, const ir::Attributes& attrs,
                     const TensorType& resultType);
std::vector<Tensor> reduceOp(std::span<const Tensor> inputs, std::span<const Tensor> initValues,
                             const std::vector<int64_t>& dimensions, const RegionFn& body,
                             const std::vector<TensorType>& resultTypes);
// attrs: windowDimensions, windowStrides, lhsDilation (base), rhsDilation (window), padding.
std::vector<Tensor> reduceWindowOp(std::span<const Tensor> inputs,
                                   std::span<const Tensor> initValues, const ir::Attributes& attrs,
                                   const RegionFn& body,
                                   const std::vector<TensorType>& resultTypes);
// attrs: windowDimensions, windowStrides, padding.
Tensor selectAndScatterOp(const Tensor& operand, const Tensor& source, const Tensor& initValue,
                          const ir::Attributes& attrs, const RegionFn& select,
                          const RegionFn& scatter);

} // namespace hlotrain::cpu::ref

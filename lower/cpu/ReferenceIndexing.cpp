// gather and scatter of the reference interpreter, as the spec's semantics paragraphs state them:
// every result (gather) or update (scatter) index in row-major order, the index vector read from
// the indices at its batch position, then the operand position it names.

#include <algorithm>

#include "lower/cpu/ReferenceIndex.h"
#include "lower/cpu/ReferenceOps.h"
#include "support/Error.h"

namespace hlotrain::cpu::ref {

namespace {

bool contains(const std::vector<int64_t>& dims, int64_t d) {
  return std::find(dims.begin(), dims.end(), d) != dims.end();
}

// The index vector at `batch` (the indices' position without index_vector_dim): component k is
// indices[batch with k inserted at index_vector_dim], or the one element when the vectors are
// implicit (index_vector_dim = rank).
std::vector<int64_t> indexVector(const Tensor& indices, int64_t indexVectorDim,
                                 const Index& batch) {
  const ir::Shape& shape = indices.shape();
  const auto rank = static_cast<int64_t>(shape.size());
  const int64_t length = indexVectorDim < rank ? shape[static_cast<size_t>(indexVectorDim)] : 1;
  Index position(shape.size());
  std::vector<int64_t> vector;
  for (int64_t k = 0; k < length; ++k) {
    size_t next = 0;
    for (int64_t d = 0; d < rank; ++d)
      position[static_cast<size_t>(d)] = d == indexVectorDim ? k : batch[next++];
    vector.push_back(integerAt(indices, flatten(shape, position)));
  }
  return vector;
}

// The values of `index` at `dims`, and at the other dims, in ascending order.
void split(const Index& index, const std::vector<int64_t>& dims, Index& at, Index& rest) {
  at.clear();
  rest.clear();
  for (size_t d = 0; d < index.size(); ++d)
    (contains(dims, static_cast<int64_t>(d)) ? at : rest).push_back(index[d]);
}

// `offsets` spread over a rank-`rank` index with zeros at `inserted`.
Index withZerosAt(const Index& offsets, const std::vector<int64_t>& inserted, size_t rank) {
  Index full(rank, 0);
  size_t next = 0;
  for (size_t d = 0; d < rank; ++d)
    if (!contains(inserted, static_cast<int64_t>(d))) full[d] = offsets[next++];
  return full;
}

} // namespace

// result[i] = operand[full_start_index + full_offset_index]: the start from the index vector of
// i's batch dims, each component clamped to [0, dim(operand, d) − slice_sizes[d]] for the operand
// dim d = start_index_map[k], and i's offset dims with zeros at collapsed_slice_dims.
Tensor gatherOp(const Tensor& operand, const Tensor& startIndices, const ir::Attributes& attrs,
                const TensorType& resultType) {
  const ir::GatherDimensionNumbers& g = attrs.gather;
  const ir::Shape& shape = operand.shape();
  Tensor result(resultType);
  Index offsets, batch;
  forEachIndex(resultType.shape, [&](const Index& i, int64_t flat) {
    split(i, g.offsetDims, offsets, batch);
    std::vector<int64_t> start = indexVector(startIndices, g.indexVectorDim, batch);
    Index position = withZerosAt(offsets, g.collapsedSliceDims, shape.size());
    for (size_t k = 0; k < start.size(); ++k) {
      const auto d = static_cast<size_t>(g.startIndexMap[k]);
      position[d] += std::clamp<int64_t>(start[k], 0, shape[d] - attrs.sliceSizes[d]);
    }
    copyElement(result, flat, operand, ref::flatten(shape, position));
  });
  return result;
}

// For every update index u in row-major order: the input position is the index vector of u's
// scatter dims (unclamped, on the dims scatter_dims_to_operand_dims names) plus u's window dims
// with zeros at inserted_window_dims; result[position] = update_computation(result[position],
// updates[u]). A position outside the input is skipped (the spec leaves it to the
// implementation; XLA skips too). The fixed order makes repeated positions sum the same way in
// every run.
Tensor scatterOp(const Tensor& input, const Tensor& indices, const Tensor& updates,
                 const ir::Attributes& attrs, const RegionFn& update) {
  const ir::ScatterDimensionNumbers& s = attrs.scatter;
  const ir::Shape& shape = input.shape();
  Tensor result = input;
  Index window, batch;
  forEachIndex(updates.shape(), [&](const Index& u, int64_t flat) {
    split(u, s.updateWindowDims, window, batch);
    std::vector<int64_t> start = indexVector(indices, s.indexVectorDim, batch);
    Index position = withZerosAt(window, s.insertedWindowDims, shape.size());
    for (size_t k = 0; k < start.size(); ++k)
      position[static_cast<size_t>(s.scatterDimsToOperandDims[k])] += start[k];
    if (!inBounds(shape, position)) return;
    const int64_t at = ref::flatten(shape, position);
    std::vector<Tensor> combined =
        update(std::vector<Tensor>{elementAt(result, at), elementAt(updates, flat)});
    if (combined.size() != 1)
      throw RuntimeError("scatter: update_computation must return one value");
    copyElement(result, at, combined[0], 0);
  });
  return result;
}

} // namespace hlotrain::cpu::ref

#pragma once
// The fusion pass: chains of elementwise ops (f32 and i1 values), splat constants and views
// (broadcast_in_dim, transpose, slice, reverse, reshape of a materialized value) become one loop
// over the chain's result. Views are index maps on the loop's leaves, so a broadcast or transpose
// never materializes; a value read by more than one op, or returned, is materialized. A view chain
// of any other element type becomes a strided copy.

#include <memory>
#include <vector>

#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::plan {

struct FusedGroup {
  int rootStep;                   // where the loop runs in the schedule
  std::vector<int> absorbedSteps; // steps whose values live only inside the loop
  std::unique_ptr<Kernel> kernel;
};

// Forms fused loops over every live step not yet `claimed`, marking the steps it takes.
std::vector<FusedGroup> fuseElementwise(const Graph& graph, std::vector<bool>& claimed,
                                        int threads);

// Copies a strided view of `src` into the dense row-major `dst` (elements of `elementBytes`).
// `strides` may be negative; `offset` is where the view's first element lies.
void stridedCopy(uint8_t* dst, const uint8_t* src, size_t elementBytes, int64_t offset,
                 const std::vector<int64_t>& shape, const std::vector<int64_t>& strides,
                 int threads);

} // namespace hlotrain::cpu::plan

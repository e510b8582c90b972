#pragma once
// The fusion pass: chains of elementwise ops (f32 and i1 values; bf16 values only through
// converts and views, so a bf16 leaf widens as it loads and a bf16 result is rounded in registers
// and narrowed as it stores), splat constants and views
// (broadcast_in_dim, transpose, slice, reverse, reshape of a materialized value) become one loop
// over the chain's result. Views are index maps on the loop's leaves, so a broadcast or transpose
// never materializes. A value read by more than one op, or returned, is materialized, unless
// every reader is itself a loop, reduce or piece (below) and recomputing it costs no more memory
// traffic than storing it (batch norm's centered input, its pre-activation and the ReLU gradient
// are recomputed from the convolution output wherever they are read). Reduces fold their operand's
// loop, and reduces over the same elements share one pass; an operand that only the reduce and its
// narrowing to bf16 read (a gradient summed for its bias and narrowed for its convolutions) is
// computed by the reduce's pass, which stores the bf16 copy, and never stored in f32. A view
// chain of any other element type becomes a strided copy. A concatenate or pad becomes one kernel
// of pieces: each operand's loop (absorbing what a loop would) stores straight into its block of
// the result, in the result's planned layout, and a pad's padding value fills the blocks no
// operand element lands on; single-use concatenates among the operands, and reshapes of them that
// only merge dims (the bilinear upsample's interleave), flatten into the same kernel. Of other
// element types the pieces are strided copies.

#include <cstdint>
#include <memory>
#include <vector>

#include "lower/cpu/Kernels.h"
#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::plan {

struct FusedGroup {
  int rootStep;                   // where the loop runs in the schedule
  std::vector<int> absorbedSteps; // steps whose values live only inside the loop
  std::unique_ptr<Kernel> kernel;
};

// Whether `step` becomes (or is absorbed into) a fused loop or fused reduce, which reads its
// operands through their strides and writes its result in any planned layout. Reshape is not:
// it reinterprets its operand's row-major bytes.
bool fusesWithStrides(const Graph& graph, const Step& step);

// Whether `step` is a concatenate or pad, planned as one kernel of pieces that reads its operands
// through their strides and writes its result in any planned layout.
bool fusesAsPieces(const Step& step);

struct LoopOptions {
  int threads = 1;
  bool vectorLoops = true; // compile loop bodies where VectorLoop can (else interpret them)
};

// Forms fused loops over every live step not yet `claimed`, marking the steps it takes.
std::vector<FusedGroup> fuseElementwise(const Graph& graph, std::vector<bool>& claimed,
                                        const LoopOptions& options);

// Copies a strided view of `src` into the dense row-major `dst` (elements of `elementBytes`).
// `strides` may be negative; `offset` is where the view's first element lies.
void stridedCopy(uint8_t* dst, const uint8_t* src, size_t elementBytes, int64_t offset,
                 const std::vector<int64_t>& shape, const std::vector<int64_t>& strides,
                 int threads);

} // namespace hlotrain::cpu::plan

#pragma once
// Contractions on oneDNN: dot_general as a (batched) matmul and 2-D convolutions as oneDNN's
// forward, backward-data or backward-weights primitive, recognised from the StableHLO attributes.
// Recognition is a pure function of the graph (recognizeConvolution) so it can be tested and
// dumped on its own; kernels create every primitive and reorder at compile time.
//
// Products take f32 operands and result, or bf16 operands and an f32 or bf16 result (mixed
// precision): oneDNN multiplies bf16 on the CPU's bf16 instructions and accumulates in f32,
// rounding once to a bf16 result. An operand that is convert(f32 -> bf16) of an f32 value, read by
// no other product, is read through the convert: the primitive's input reorder converts while it
// changes the layout (one read by two products is converted once, by a loop). A bf16
// result whose only reader is convert(bf16 -> f32) can be written straight into the convert's
// result (a DnnlView whose slotType is f32): the primitive still rounds to bf16, its output
// reorder widens.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <oneapi/dnnl/dnnl.hpp>

#include "lower/cpu/ConvEpilogue.h"
#include "lower/cpu/DnnlProblem.h"
#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::plan {

// Whether a convolution or dot_general step has element types oneDNN runs: f32 x f32 -> f32, or
// bf16 x bf16 -> f32 or bf16; and no empty operand or result.
bool productTypesSupported(const Graph& graph, const Step& step);

// Whether a step is a product oneDNN may run: a convolution or a dot_general.
bool isProduct(const Step& step);

// The f32 slot that `slot` is convert(f32 -> bf16) of, for a product to read through the convert
// (its input reorder converts): where a live convert step's result no other product reads, and its
// f32 source is not computed elementwise for the convert alone (that loop stores the bf16 value).
// Else `slot`.
int throughConvert(const Graph& graph, int slot);

// Maps a stablehlo.convolution step to a oneDNN problem, or nullopt when it has no such form.
// The exact attribute patterns are documented at the definition and in bench/README.md.
std::optional<ConvProblem> recognizeConvolution(const Graph& graph, const Step& step);

// Plans channels-last layouts (Slot::layout) for the 4-D activations and activation gradients
// (f32 or bf16) of recognised convolutions whose producer and readers all address memory through
// strides (convolutions, fused loops, reduces, concatenates and pads), so oneDNN's direct
// channels-last kernels read and write them in place instead of reordering NCHW to its blocked
// layout at every op. Runs before any kernel is made.
void assignLayouts(Graph& graph);

struct ConvOptions {
  int threads = 2;
  // Winograd F(4x4, 3x3) for 3x3 stride-1 convolutions where oneDNN has it, and the blocked
  // layout for other f32 forward ones (see CompileOptions).
  bool winograd = true, blockedForward = true;
};

// The convolution kernel for `problem`: oneDNN's primitive, or im2col + matmul where that pays
// (Im2colWeights.h).
std::unique_ptr<Kernel> makeConvKernel(const ConvProblem& problem, DnnlContext& context,
                                       const ConvOptions& options);

// `plain` (makeConvKernel's kernel for the forward `problem`) applying `epilogue` as its
// primitive's post-ops and writing epilogue.result; nullptr where oneDNN has no jit kernel that
// takes them.
std::unique_ptr<Kernel> withEpilogue(const Kernel& plain, const ConvProblem& problem,
                                     DnnlContext& context, const ConvOptions& options,
                                     const ConvEpilogue& epilogue);

// The add of a vector along a product's last dim, read through a broadcast, that oneDNN's matmul
// takes as its bias: the kernel writes `sum` (the add's result, f32 and laid out as the product)
// and reads `vector` (f32 [n]). oneDNN adds the bias to each finished f32 result, which rounds as
// the add of the stored product does.
struct MatmulBias {
  int vector = -1, sum = -1;
};

// A dot_general as one (batched) oneDNN matmul, plus `bias` where given; nullptr when its types
// are not supported.
std::unique_ptr<Kernel> makeMatmulKernel(const Graph& graph, const Step& step, DnnlContext& context,
                                         int threads, std::optional<MatmulBias> bias = {});

} // namespace hlotrain::cpu::plan

#pragma once
// Contractions on oneDNN: dot_general as a (batched) matmul and 2-D convolutions as oneDNN's
// forward, backward-data or backward-weights primitive, recognised from the StableHLO attributes.
// Recognition is a pure function of the graph (recognizeConvolution) so it can be tested and
// dumped on its own; kernels create every primitive and reorder at compile time.
//
// Products take f32 operands and result, or bf16 operands and an f32 or bf16 result (mixed
// precision): oneDNN multiplies bf16 on the CPU's bf16 instructions and accumulates in f32,
// rounding once to a bf16 result. An operand that is convert(f32 -> bf16) of an f32 value is read
// through the convert: the primitive's input reorder converts while it changes the layout. A bf16
// result whose only reader is convert(bf16 -> f32) can be written straight into the convert's
// result (a DnnlView whose slotType is f32): the primitive still rounds to bf16, its output
// reorder widens.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <oneapi/dnnl/dnnl.hpp>

#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::plan {

struct DnnlContext {
  dnnl::engine engine{dnnl::engine::kind::cpu, 0};
  dnnl::stream stream{engine};
};

// A tensor slot seen through oneDNN's logical dimensions: element (i0, i1, ...) lies at
// offset + sum(ik * strides[k]). Negative strides (reversed kernels) are copied densely first.
struct DnnlView {
  int slot = -1;
  int64_t offset = 0;
  std::vector<int64_t> dims, strides;
  std::vector<int64_t> tensorDims; // the tensor dim behind each logical dim (before group splits)
  // What the primitive computes in, and what `slot` holds (they differ where a convert is fused).
  ir::ElementType type = ir::ElementType::f32, slotType = ir::ElementType::f32;
};

// Whether a convolution or dot_general step has element types oneDNN runs: f32 x f32 -> f32, or
// bf16 x bf16 -> f32 or bf16; and no empty operand or result.
bool productTypesSupported(const Graph& graph, const Step& step);

// The f32 slot that `slot` is convert(f32 -> bf16) of (a live convert step), else `slot`.
int throughConvert(const Graph& graph, int slot);

// Whether oneDNN runs bf16 products on matrix instructions here (avx512_core_bf16 or AMX; the
// effective ISA honours ONEDNN_MAX_CPU_ISA), and that ISA's name ("avx512_core_bf16").
bool hasBf16MatrixUnits();
std::string effectiveIsaName();
// Whether those instructions are AMX tiles (oneDNN ISA avx512_core_amx).
bool hasAmx();

enum class ConvForm { Forward, BackwardData, BackwardWeights };
std::string_view name(ConvForm form);

// One oneDNN convolution problem, in oneDNN's forward names: for BackwardData `src` is the op's
// result (diff_src) and `dst` its lhs (diff_dst); for BackwardWeights `weights` is the op's result
// (diff_weights) and `dst` its rhs (diff_dst).
struct ConvProblem {
  ConvForm form = ConvForm::Forward;
  DnnlView src, weights, dst;
  int64_t groups = 1; // weights dims are {G, O/G, I/G, KH, KW} when groups > 1
  std::vector<int64_t> strides, dilates, padL, padR; // oneDNN conventions (dilation 0 = dense)
};

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

// "onednn conv backward-weights src 32x64x56x56 weights ... pad 1x1/1x1 bf16 x bf16 -> bf16": the
// plan dump's words for a convolution kernel, before the implementation it runs on.
std::string describeProblem(const ConvProblem& problem);

// The view a convolution problem writes (the op's result): dst, src or weights by form.
const DnnlView& resultView(const ConvProblem& problem);
DnnlView& resultView(ConvProblem& problem);

// Primitive attributes with a user-managed scratchpad: every oneDNN kernel takes its scratchpad
// from the kernel's scratch memory in the arena.
dnnl::primitive_attr userScratchpad();

// The stride of a group of tensor dims walked as one merged dimension, or nullopt when they are
// not laid out contiguously in that order. Unit dims are skipped; an all-unit group has size 1
// (and stride 0).
std::optional<int64_t> mergedStride(const ir::Shape& shape, const std::vector<int64_t>& strides,
                                    const std::vector<int64_t>& dims, int64_t& size);

// A dot_general as one (batched) oneDNN matmul; nullptr when its types are not supported.
std::unique_ptr<Kernel> makeMatmulKernel(const Graph& graph, const Step& step, DnnlContext& context,
                                         int threads);

} // namespace hlotrain::cpu::plan

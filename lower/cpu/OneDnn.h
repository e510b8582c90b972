#pragma once
// Contractions on oneDNN: dot_general as a (batched) matmul and 2-D convolutions as oneDNN's
// forward, backward-data or backward-weights primitive, recognised from the StableHLO attributes.
// Recognition is a pure function of the graph (recognizeConvolution) so it can be tested and
// dumped on its own; kernels create every primitive and reorder at compile time.

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
};

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
// of recognised convolutions whose producer and readers all address memory through strides
// (convolutions, fused loops, reduces, concatenates and pads), so oneDNN's direct channels-last
// kernels read and write them in place instead of reordering NCHW to its blocked layout at every
// op. Runs before any kernel is made.
void assignLayouts(Graph& graph);

struct ConvOptions {
  int threads = 2;
  // Winograd F(4x4, 3x3) for 3x3 stride-1 convolutions where oneDNN has it (see CompileOptions).
  bool winograd = true;
};

std::unique_ptr<Kernel> makeConvKernel(const ConvProblem& problem, DnnlContext& context,
                                       const ConvOptions& options);

// A dot_general on f32 as one (batched) oneDNN matmul; nullptr when the op is not f32.
std::unique_ptr<Kernel> makeMatmulKernel(const Graph& graph, const Step& step, DnnlContext& context,
                                         int threads);

} // namespace hlotrain::cpu::plan

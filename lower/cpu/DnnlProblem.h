#pragma once
// What oneDNN's kernels of the fast path share, and all that the im2col kernels need of them: the
// engine and stream, a slot seen through oneDNN's logical dimensions, a convolution problem in
// oneDNN's names, the ISA oneDNN runs at, and the attributes every primitive is made with.
// OneDnn.h recognises problems and makes oneDNN's kernels; Im2colWeights.h makes the others.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <oneapi/dnnl/dnnl.hpp>

#include "ir/Type.h"

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

// "onednn conv backward-weights src 32x64x56x56 weights ... pad 1x1/1x1 bf16 x bf16 -> bf16": the
// plan dump's words for a convolution kernel, before the implementation it runs on.
std::string describeProblem(const ConvProblem& problem);
// The plan dump's words: dims "32x64x3x3", and element types " bf16 x bf16 -> f32" (nothing for
// all f32).
std::string dimsText(const std::vector<int64_t>& dims);
std::string typesText(ir::ElementType a, ir::ElementType b, ir::ElementType result);

} // namespace hlotrain::cpu::plan

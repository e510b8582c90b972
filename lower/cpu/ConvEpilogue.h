#pragma once
// A forward convolution's epilogue: the chain of elementwise ops its f32 result passes through
// before anything else reads it, ending in the convert to bf16 for the next product, which
// oneDNN applies as post-ops to each finished f32 result in registers (OneDnn.h): the convolution
// writes the bf16 value, and neither its f32 result nor the chain's intermediates are ever
// stored. The bf16 eval forward of a batch-normed net is made of them: (conv − mean)·scale +
// shift with running statistics, a residual added, a ReLU or ReLU6, the convert, where the fusion
// pass would store the f32 result and read it back in a loop of its own. (In a train step the
// batch statistics read the result too, so it has none.) A chain ending in f32 is left to that
// loop: there the post-ops' per-channel operands cost the convolution about what the loop
// saved, and more where the value then is read by a loop anyway (MobileNetV2's f32 eval forward
// 221 -> 303 ms with them, bench/README.md "Stop 58").
//
// Each stage rounds as the graph's op does: oneDNN's binary post-ops are one f32 subtract,
// multiply or add each, in the graph's order, its clip is max then min, and the destination's
// bf16 rounds to nearest even as the convert does. The one departure is a NaN through the ReLU or
// ReLU6: oneDNN's are vmaxps(x, 0) first, which gives 0 for a NaN x where StableHLO's maximum and
// clamp propagate it. A NaN reaches an eval's activations only from NaN inputs or parameters (the
// trainer stops on a non-finite parameter or statistic before it saves one);
// CompileOptions::convEpilogues = false keeps the graph's ops.

#include <optional>
#include <vector>

#include "lower/cpu/DnnlProblem.h"
#include "lower/cpu/GraphMatcher.h"

namespace hlotrain::cpu::plan {

struct ConvEpilogue {
  enum class Op { subtractChannels, multiplyChannels, addChannels, addTensor, relu, clamp };
  struct Stage {
    Op op;
    int slot = -1;           // the f32 [C] vector, or the f32 tensor added (a residual)
    float low = 0, high = 0; // clamp: its bounds
    // addTensor: the tensor's element strides along the convolution's logical dims (N, C, H, W),
    // which are the result's: oneDNN reads it as laid out like the destination.
    std::vector<int64_t> strides = {};
  };
  std::vector<Stage> stages;
  int result = -1;        // the slot the convolution writes: the convert's bf16 result
  std::vector<int> steps; // the chain's steps in order; the kernel runs where the convert ran
};

// The epilogue of the convolution step `convStep`, whose problem is `problem`: the chain from its
// f32 result where each value is read by one step only and returned by none, of subtract(x,
// per-channel vector), multiply and add by one (either order), add of an f32 tensor of the
// result's shape and strides, maximum with a +0 splat (either order) and clamp between splats
// (the lower +0 or not zero, the upper not zero), ending in the convert to bf16, whose result is
// laid out as the convolution's.
// No step of the chain may be `taken` (by a kernel already). nullopt where the chain is empty or
// the problem is not a forward one with an f32 result.
std::optional<ConvEpilogue> recognizeEpilogue(const GraphMatcher& g, int convStep,
                                              const ConvProblem& problem,
                                              const std::vector<bool>& taken);

// " then sub,mul,add,relu,bf16" for the plan dump.
std::string describeEpilogue(const ConvEpilogue& epilogue);

} // namespace hlotrain::cpu::plan

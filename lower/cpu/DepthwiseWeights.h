#pragma once
// Backward-weights of depthwise convolutions on channels-last activations, any kernel size and
// stride, f32 or bf16 (bf16 operands, f32 sums, the result rounded once to bf16 or left f32):
// oneDNN 2.6 has a fast kernel for 3x3 windows only (jit_dw) and runs the 5x5 and 7x7 ones of
// EfficientNet, MobileNetV3 and ConvNeXt on its generic grouped kernels, at about 20 GFLOP/s in
// f32 and slower still in bf16.

#include <memory>

#include "lower/cpu/DnnlProblem.h"
#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::plan {

// The kernel for `problem`, or nullptr where it does not apply: not a backward-weights problem
// (f32, or bf16 with its operands held as bf16 or read through their converts from f32) of a
// depthwise convolution (one input and one output channel per group) with dense
// windows, activations and their gradient not channels-last (channel stride 1), a window of at
// most 3 columns (oneDNN's jit_dw, about twice as fast as this kernel there) or of more than 7, or
// a build without AVX-512 (F, BW and VL).
std::unique_ptr<Kernel> makeDepthwiseWeightsKernel(const ConvProblem& problem, int threads);

} // namespace hlotrain::cpu::plan

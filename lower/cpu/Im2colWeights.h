#pragma once
// bf16 backward-weights convolutions on AMX as an im2col copy and one brgemm matmul, where
// oneDNN 2.6's own backward-weights kernels are slowest.

#include <memory>

#include "lower/cpu/DnnlProblem.h"
#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::plan {

// The kernel for `problem`, or nullptr where these do not pay (see the definition) or do not
// apply: not a bf16 backward-weights problem on AMX, grouped, dilated.
std::unique_ptr<Kernel> makeIm2colWeightsKernel(const ConvProblem& problem, DnnlContext& context,
                                                int threads);

} // namespace hlotrain::cpu::plan

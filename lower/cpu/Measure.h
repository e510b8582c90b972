#pragma once
// Yardsticks for benchmarks of the fast path: this machine's fp32 matmul peak, measured in the
// calling process, and the contraction FLOPs of a graph, so achieved GFLOP/s can be put against
// the peak.

#include <cstdint>
#include <string_view>

#include "ir/Op.h"

namespace hlotrain::cpu {

// oneDNN sgemm on n x n x n (after one warm-up run), best of `repeats` runs, in GFLOP/s. On a
// shared machine sample it more than once and keep the best: a busy moment only lowers it.
double matmulPeakGflops(int64_t n, int repeats);

// Floating-point operations (2 per multiply-add) of every convolution and dot_general reachable
// from `entry` (calls counted once per call site). A convolution counts only products of a real
// input element (not padding, not a dilation hole) with a kernel element, so its forward,
// backward-data and backward-weights forms count the same. Throws like plan::flatten.
double contractionFlops(const ir::Module& module, std::string_view entry);

} // namespace hlotrain::cpu

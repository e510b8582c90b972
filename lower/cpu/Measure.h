#pragma once
// The cpu lowerer's public face for benchmarks and profiles (`hlotrain bench`, bench/): this
// machine's fp32 (and bf16) matmul peak, measured in the calling process, the contraction FLOPs
// of a graph, so achieved GFLOP/s can be put against the peak, the plan the fast path makes of a
// graph and the ISA oneDNN runs at. Nothing outside lower/ includes the planner's own headers.

#include <cstdint>
#include <string>
#include <string_view>

#include "ir/Op.h"

namespace hlotrain::cpu {

// oneDNN sgemm on n x n x n (after one warm-up run), best of `repeats` runs, in GFLOP/s. On a
// shared machine sample it more than once and keep the best: a busy moment only lowers it.
double matmulPeakGflops(int64_t n, int repeats);

// The same for bf16 x bf16 -> f32 (f32 accumulation) as one oneDNN matmul primitive, with the
// implementation oneDNN chose ("brg:avx512_core_bf16"): the yardstick of mixed-precision graphs.
struct MatmulPeak {
  double gflops = 0;
  std::string impl;
};
MatmulPeak matmulPeakBf16Gflops(int64_t n, int repeats);

// Floating-point operations (2 per multiply-add) of every convolution and dot_general reachable
// from `entry` (calls counted once per call site). A convolution counts only products of a real
// input element (not padding, not a dilation hole) with a kernel element, so its forward,
// backward-data and backward-weights forms count the same. Throws like plan::flatten.
double contractionFlops(const ir::Module& module, std::string_view entry);

// The fast path's plan of `entry` as text: steps, fusions, primitives and buffers (--dump-plan).
std::string dumpPlan(const ir::Module& module, std::string_view entry);

// Whether oneDNN runs bf16 products on matrix instructions here (avx512_core_bf16 or AMX; the
// effective ISA honours ONEDNN_MAX_CPU_ISA), and that ISA's name ("avx512_core_bf16").
bool hasBf16MatrixUnits();
std::string effectiveIsaName();

} // namespace hlotrain::cpu

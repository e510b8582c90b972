#pragma once
// Row kernels: a softmax over the last dim of f32 rows, its gradient, and a layer norm and its
// input gradient over the dim its activations hold innermost (a token layer norm's last dim; a
// channel layer norm's channels where convolutions lay the activations out channels-last,
// ConvNeXt's), as one kernel each that finishes a row in cache before the next (PyTorch's and XLA's
// form), where the fusion pass would run three passes over the whole tensor for a softmax (the row
// maxima, the sums of exponentials, the quotients), two for its gradient (the sums of y·dy, the
// result) and four for a layer norm (the sums, the sums of squared deviations, the normalized
// values, the output), each rereading it from memory: at a context of 256 a transformer's [B, H, T,
// T] scores are 16 MB per block.
//
// The forms matched are nn::emitSoftmax's, nn::softmaxBackward's, nn::emitLayerNorm's and
// nn::layerNormBackward's dx, in StableHLO ops (g = dy·bcast(γ) in the last):
//   y  = e / bcast(reduce_add(e)),  e = exp(x − bcast(reduce_max(x, −inf)))
//   dx = y·dy − y · bcast(reduce_add(y·dy))
//   y  = n·bcast(γ) + bcast(β),  n = c·bcast(rsqrt(reduce_add(c·c) / count + ε)),
//        c = x − bcast(reduce_add(x) / count)
//   dx = (g − (bcast(reduce_add(g)) + n·bcast(reduce_add(g·n))) / count)·bcast(1/σ)
// with, absorbed where they are the only reader, a chain of a splat scale (multiply by a splat)
// and a mask (select(pred, v, splat)) before the softmax (attention's 1/√dh and causal mask) and
// after the gradient (their VJPs); a layer norm also writes n and 1/σ where the backward reads
// them. In bf16 graphs the kernels take in the converts around them, rounding as those converts
// do: a layer norm's y and a softmax gradient's dx stored in bf16 where a convert to bf16 is
// their only reader, a softmax's y also copied to bf16 for its products, and a softmax gradient's
// dy read in bf16 where it was widened from bf16 for the kernel alone. Each op rounds as the
// graph's op does: the exponential is the fast path's (Exponential.h), the sums are in double,
// rounded to f32 once as a reduce's result, the quotients are divisions and 1/σ is a division by a
// square root, as the fused loops compute it.

#include <memory>
#include <vector>

#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::plan {

// Plans every row softmax, softmax gradient, layer norm and layer norm input gradient of `graph`
// not yet in `kernelAt` (f32 of at least one element whose rows are contiguous: row-major, or
// channels-last for a channel layer norm; masks whose rows are contiguous) as one kernel at the
// step computing its result: the step's operands become the slots the kernel reads, its results
// those it writes, and the steps the kernel computes in registers are no longer live, nor
// anything only they read. Only where this build has AVX-512 (F, BW and VL); elsewhere the fusion
// pass plans them (as it does where CompileOptions::rowKernels is off).
void planRowKernels(Graph& graph, std::vector<std::unique_ptr<Kernel>>& kernelAt, int threads);

// Whether this build plans them at all (AVX-512 F, BW and VL).
bool plansRowKernels();

} // namespace hlotrain::cpu::plan

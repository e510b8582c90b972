#pragma once
// A softmax over the last dim of f32 rows, and its gradient, as one kernel each that finishes a
// row in cache before the next (PyTorch's and XLA's form), where the fusion pass would run three
// passes over the whole tensor (the row maxima, the sums of exponentials, the quotients) and two
// for the gradient (the sums of y·dy, the result), each rereading it from memory: at a context of
// 256 a transformer's [B, H, T, T] scores are 16 MB per block.
//
// The forms matched are nn::emitSoftmax's and nn::softmaxBackward's, in StableHLO ops:
//   y  = e / bcast(reduce_add(e)),  e = exp(x − bcast(reduce_max(x, −inf)))
//   dx = y·dy − y · bcast(reduce_add(y·dy))
// with, absorbed where they are the only reader, a chain of a splat scale (multiply by a splat)
// and a mask (select(pred, v, splat)) before the softmax (attention's 1/√dh and causal mask) and
// after the gradient (their VJPs). Each op rounds as the graph's op does: the exponential is the
// fast path's (Exponential.h), the sums are in double, rounded to f32 once as a reduce's result,
// and the quotient is a division.

#include <memory>
#include <vector>

#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::plan {

// Plans every row softmax and softmax gradient of `graph` not yet in `kernelAt` (row-major f32
// of at least one element, masks whose rows are contiguous) as one kernel at the step computing
// its result: the step's operands become the slots the kernel reads, and the steps the kernel
// computes in registers are no longer live, nor anything only they read. Only where this build
// has AVX-512 (F, BW and VL); elsewhere the fusion pass plans them (as it does where
// CompileOptions::rowSoftmax is off).
void planRowSoftmaxes(Graph& graph, std::vector<std::unique_ptr<Kernel>>& kernelAt, int threads);

// Whether this build plans them at all (AVX-512 F, BW and VL).
bool plansRowSoftmaxes();

} // namespace hlotrain::cpu::plan

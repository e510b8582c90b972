#pragma once
// The fast path of the cpu lowerer. compile() plans once: topological schedule, one arena for
// every intermediate value and kernel scratch (placed by liveness), elementwise/broadcast chains
// fused into single loops, convolution and dot_general bound to oneDNN primitives when they have
// a supported form; run() only executes the plan.

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ir/Op.h"
#include "lower/cpu/Checks.h"
#include "lower/cpu/Replicas.h"

namespace hlotrain::cpu {

struct CompileOptions {
  int threads = 2;
  // 3x3 stride-1 convolutions (undilated, ungrouped, channel counts a multiple of 16: 128 or
  // more, 64 or more on feature maps of 28x28 and up, 32 or more on 64x64 and up) run oneDNN's
  // Winograd F(4x4, 3x3) kernels: about twice as fast as its direct ones on this CPU, with
  // rounding errors of the same order, ~1e-6 of the largest output
  // (FastConv.WinogradRunsThreeByThreeStrideOneFormsWithinItsRounding). The environment
  // variable HLOTRAIN_WINOGRAD=0 turns it off for every executable of a process.
  bool winograd = true;
  // Other f32 forward convolutions of kernels larger than 1x1 (ungrouped) run oneDNN's blocked-
  // layout direct kernel, their channels-last activations reordered in and out: its rounding does
  // not grow with the channel count as the channels-last kernels' does (PyTorch's accuracy; see
  // roundsBetterBlocked in OneDnn.cpp), at 3-4% of a small net's step. false, or the environment
  // variable HLOTRAIN_BLOCKED_FORWARD=0, keeps them channels-last.
  bool blockedForward = true;
  // Fused elementwise loops and the loops feeding fused reduces run their bodies as compiled
  // AVX-512 code, every value of a vector in registers (VectorLoop.h), bit-identical to the
  // interpreted passes they replace. false, or the environment variable HLOTRAIN_VECTOR_LOOPS=0,
  // interprets them one node at a time.
  bool vectorLoops = true;
  // Softmaxes over a row, their gradients and layer norms run as one kernel each that finishes a
  // row in cache (RowKernels.h) where the fusion pass would make three, two and four passes over
  // the whole tensor; only with vectorLoops. false, or the environment variable
  // HLOTRAIN_ROW_KERNELS=0, leaves them to the fusion pass.
  bool rowKernels = true;
  // A forward convolution's f32 result passed through per-channel subtracts, multiplies and adds
  // (an eval's batch norm), a residual add, a ReLU and a convert to bf16, each its only reader,
  // is computed by oneDNN's post-ops on the convolution's results in registers (ConvEpilogue.h:
  // the same rounding, except that the ReLU maps NaN to 0). false, or the environment variable
  // HLOTRAIN_CONV_EPILOGUES=0, leaves the chain to the fusion pass.
  bool convEpilogues = true;
  // The replica this executable runs as, and where its collectives meet the other replicas
  // (our PJRT plugin's devices); by default the one replica of its program.
  Replica replica = {};
};

class Executable {
public:
  // Plans `entry` of `module` (the module must outlive the Executable). Throws UnsupportedError
  // for ops, types or attributes the lowerer cannot execute, before anything runs, and for a
  // convolution or dot_general of bf16 operands on a CPU without bf16 matrix instructions
  // (mixed precision runs on them, accumulating in f32, or not at all: see OneDnn.h).
  static std::unique_ptr<Executable> compile(const ir::Module& module, std::string_view entry,
                                             CompileOptions options = {});
  virtual ~Executable() = default;

  // Throws RuntimeError when the inputs do not match the entry's argument types.
  virtual std::vector<ir::Tensor> run(std::span<const ir::Tensor> inputs,
                                      CheckLog* checks = nullptr) = 0;
  // Like run(), but the inputs flagged in `donated` (one flag per input) are consumed: a result
  // may be returned in a donated input's storage, written in place (a train step's parameters
  // and optimizer state), and every donated input is left empty. A caller that feeds those
  // results back as the next donated inputs allocates nothing large per run.
  virtual std::vector<ir::Tensor> runDonating(std::span<ir::Tensor> inputs,
                                              const std::vector<bool>& donated,
                                              CheckLog* checks = nullptr) = 0;
  // A readable dump of the plan (steps, fused groups, kernels chosen, buffer assignment).
  virtual std::string dumpPlan() const = 0;
};

} // namespace hlotrain::cpu

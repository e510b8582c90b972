#pragma once
// The fusion pass's two halves meet here. FusionPlan.cpp decides which ops fuse and builds each
// loop's program (the nodes it computes, the leaves it loads, where it stores); FusionKernels.cpp
// holds the kernels that run those programs. They are separate files because each half is large
// and changes for its own reasons (what fuses, how a loop runs fast), and so that each compiles
// on its own. The planning half sees the kernels only through the programs and make* functions
// declared here; the kernels half knows nothing of planning. Only those two files include this.

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ir/Op.h"
#include "lower/cpu/Fusion.h"
#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::plan {

// A value read from memory: linear element index = offset + sum(rootIndex[d] * strides[d]).
struct Leaf {
  int slot;
  ir::ElementType type;
  int64_t offset = 0;
  std::vector<int64_t> strides;
};

// One value of a loop's body: a leaf loaded, an immediate (a splat constant), or an op of
// earlier nodes.
struct Node {
  enum class Kind { Load, Imm, Op } kind;
  const ir::Op* op = nullptr;
  std::vector<int> args;
  int leaf = -1;
  float imm = 0;
};

// Drops unit dimensions and merges neighbours that every leaf walks contiguously, so the inner
// loop runs as long as possible.
void collapseDims(std::vector<int64_t>& dims, std::vector<Leaf>& leaves);

// A loop's program: `nodes` compute the root (the last node) from `leaves` over the loop's
// `dims` (collapsed, `numElements` in all), and the root's values are stored at `out` (a leaf
// over the same dims): the dense result, or one block of it (a piece of a concatenate or pad).
struct LoopProgram {
  std::vector<Node> nodes;
  std::vector<Leaf> leaves;
  std::vector<int64_t> dims;
  Leaf out;
  int64_t numElements;
};

// A loop that feeds reduces instead of storing: node `node` folds into `outSlot`, where
// `outStrides` (per collapsed dim) say where each element goes, 0 along reduced dims. Several
// reduces over the same elements (batch norm's gradient sums) share one pass over their inputs.
struct LoopReduction {
  int node;
  int outSlot;
  int initSlot;
  std::vector<int64_t> outStrides;
  int64_t outElements;
  bool columnSums = false; // every outer dim is reduced (set by the loop)
};

// One block of a concatenate or pad of a type not computed in registers: a strided copy.
struct CopyPiece {
  Leaf from, to;
  std::vector<int64_t> dims; // collapsed
};

// A fused loop storing its root, and besides it `coOutputs` ((node, slot)).
std::unique_ptr<Kernel> makeFusedLoop(LoopProgram program, const LoopOptions& options,
                                      std::vector<std::pair<int, int>> coOutputs = {});

// A fused reduce: the loop feeds `reductions`, all combined by `combiner`, and stores only
// `stored` ((node, slot), at the program's `out`; none: `out` is unstored).
std::unique_ptr<Kernel> makeFusedReduce(LoopProgram program, const LoopOptions& options,
                                        ir::OpKind combiner, std::vector<LoopReduction> reductions,
                                        std::vector<std::pair<int, int>> stored = {});

// A view chain of a type not computed in registers: `leaf` copied into the dense `outSlot`.
std::unique_ptr<Kernel> makeCopyKernel(Leaf leaf, ir::TensorType type, int outSlot, int threads);

// A concatenate or pad of f32 (`kind` names it in the plan dump): one loop per block of the
// result, all run as one parallel loop.
std::unique_ptr<Kernel> makePiecesKernel(std::string kind, ir::TensorType type, int outSlot,
                                         std::vector<LoopProgram> pieces,
                                         const LoopOptions& options);

// A concatenate or pad of another element type: one strided copy per block of the result.
std::unique_ptr<Kernel> makeCopyPiecesKernel(std::string kind, ir::TensorType type, int outSlot,
                                             std::vector<CopyPiece> pieces, int threads);

} // namespace hlotrain::cpu::plan

#pragma once
// The fast path's plan: the entry function flattened into a list of steps over numbered value
// slots, and the kernels that execute it. Planning is a sequence of small passes over this graph
// (flatten, mergeDuplicateConverts, eliminateDeadSteps, contraction selection, row kernels,
// convolution epilogues, fusion, buffer assignment), each usable and testable on its own;
// Executable.cpp composes them.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/Op.h"
#include "lower/cpu/Checks.h"

namespace hlotrain::cpu::plan {

// One SSA value of the flattened program.
struct Slot {
  enum class Kind { Input, Constant, Computed };
  ir::TensorType type;
  Kind kind = Kind::Computed;
  int input = -1;                       // Input: argument index
  const ir::Tensor* constant = nullptr; // Constant: the value (owned by the module)
  int producer = -1;                    // Computed: step index
  // The order of the tensor's dims in memory, outermost first (e.g. {0, 2, 3, 1}: an NCHW
  // tensor stored channels-last); empty: row-major. Only planned for values whose producer and
  // readers all address memory through strides (see assignLayouts).
  std::vector<int64_t> layout;
};

// Element strides of `slot` per tensor dim, following its layout.
std::vector<int64_t> slotStrides(const Slot& slot);

// One op of the flattened program; calls are inlined, so no step is a func.call.
struct Step {
  const ir::Op* op = nullptr;
  std::vector<int> operands, results;
  bool live = true;
};

struct Graph {
  std::vector<Slot> slots;
  std::vector<Step> steps; // in a valid execution order
  std::vector<int> inputs, outputs;

  // How many step operands and function outputs read each slot (live steps only).
  std::vector<int> useCounts() const;
};

// Flattens `function` of `module`: every func.call is inlined, constants become constant slots.
// Throws UnsupportedError for recursion or calls to missing functions.
Graph flatten(const ir::Module& module, const ir::Function& function);

// Marks steps whose results nobody reads as dead (check ops always stay live).
void eliminateDeadSteps(Graph& graph);

// A value converted to one element type by several steps is converted once: the later converts
// die and their readers read the first one's result. A bf16 graph converts an operand once per
// product (a layer norm's output once for each of Q, K and V); converting is exact and
// deterministic, so the readers see the same values. A convert whose result is a function
// output keeps its own step.
void mergeDuplicateConverts(Graph& graph);

// What a kernel sees while running: the address of every slot, and of its scratch memory.
struct RunState {
  std::vector<uint8_t*> slotData;
  uint8_t* scratch = nullptr; // Kernel::scratchBytes bytes, 64-byte aligned, only during run()
  CheckLog* checks = nullptr;
};

class Kernel {
public:
  virtual ~Kernel() = default;
  virtual void run(RunState& state) = 0;
  // One line for the plan dump, e.g. "onednn conv fwd 32x64x56x56 ...".
  virtual std::string describe() const = 0;

  // Whether run() may write its results over `slot`'s memory: it reads each element of `slot`
  // only while computing the results at that same position, before storing them there. Lets a
  // function output take a donated input's buffer when this kernel is that input's last reader
  // (an optimizer's update loop writing p' over p).
  virtual bool readsInPlace(int slot) const {
    (void)slot;
    return false;
  }

  std::vector<int> reads, writes; // slots; the buffer pass keeps reads alive until this kernel
  // Transient memory the kernel needs while it runs (reorder and copy buffers, oneDNN
  // scratchpads), handed to it as RunState::scratch; the buffer pass overlaps it with values
  // that are not live at that moment, so kernels do not each hold their own.
  size_t scratchBytes = 0;
};

// Buffer assignment: every computed slot and every kernel's scratch memory gets a byte range
// of one arena, live from its writer (or its kernel) to its last reader; ranges whose lifetimes
// overlap never overlap in memory. A kernel's writes never share memory with its reads. Placed
// greedily by size, largest first, each at the best-fitting gap beside the ranges already placed
// that are live at the same time. Function outputs get none: the executable binds them to the
// tensors it returns.
struct BufferPlan {
  static constexpr size_t kAlign = 64;
  // `bytes` rounded up to kAlign: ranges and each kernel's scratch buffers start aligned.
  static constexpr size_t aligned(size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }
  std::vector<int64_t> slotOffset;    // per slot; -1 for inputs, constants, outputs, unwritten
  std::vector<int64_t> scratchOffset; // per kernel; -1 when it needs no scratch
  size_t arenaBytes = 0;
  size_t peakLiveBytes = 0; // the most bytes live at once: no placement needs less arena
  size_t largestScratchBytes = 0;
};
BufferPlan assignBuffers(const Graph& graph, const std::vector<std::unique_ptr<Kernel>>& kernels);

// "tensor<2x3xf32>" style short description of a slot for dumps.
std::string describeSlot(const Graph& graph, int slot);

} // namespace hlotrain::cpu::plan

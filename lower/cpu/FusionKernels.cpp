// The fusion pass's kernels: the fused loops, fused reduces, strided copies and concatenate or
// pad pieces that run the programs FusionPlan.cpp builds, and the chunking, copying and
// per-op evaluation they share. Apart from the planning (see FusionKernels.h) so that making a
// loop run fast and deciding what fuses can each be read, changed and compiled on its own.

#include "lower/cpu/FusionKernels.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <omp.h>
#include <type_traits>
#include <vector>

#include "lower/cpu/Bf16Rounding.h"
#include "lower/cpu/Exponential.h"
#include "lower/cpu/Fusion.h"
#include "lower/cpu/Kernels.h"
#include "lower/cpu/ReferenceScalar.h"
#include "lower/cpu/VectorLoop.h"

namespace hlotrain::cpu::plan {

namespace {

using ir::ElementType;
using ir::OpKind;

// Elements per chunk of a fused loop. The work per chunk (a pass over the nodes, a task handed
// out) is paid once per 2048 elements, not per row of a channels-last tensor; the nodes' chunks of
// values stay in L2. 256 (all in L1) measured 20% slower on ResNet-34's batch-norm loops.
constexpr int kChunk = 2048;
// A loop's results at least this large are written with non-temporal stores, in chunks whose
// results are 64-byte aligned: a cached store reads each line before writing it, and a result
// this large is mostly evicted from the L3 (32 MB on the AMD EPYC Zen 5 measured) by the time its
// reader comes. MobileNetV2's loops took 298 -> 248 ms per f32 step; against 16 MB, 4 MB took
// ResNet-50's from 327 to 286-303 ms (batch 16) and left ConvNeXt-T's and MNIST-CNN's level
// (bench/alternate.py --profile, bench/README.md, "Stop 53").
constexpr int64_t kBytesStoredAroundCaches = int64_t(4) << 20;
// Partial results of a parallel fused reduce (more than threads: a descheduled thread's share
// is picked up by the other).
constexpr int64_t kReduceBlocks = 8;

// Chunks never alias (each node has its own register); `omp simd` vectorizes at -O2 too. `f` is
// a lambda, never a function pointer: one instantiation shared by several functions calls
// through the pointer, so the loop neither inlines nor vectorizes (a ReLU's maxSelect was).
template <class F> void map1(float* __restrict d, const float* __restrict a, int n, F f) {
#pragma omp simd
  for (int i = 0; i < n; ++i) d[i] = f(a[i]);
}
template <class F>
void map2(float* __restrict d, const float* __restrict a, const float* __restrict b, int n, F f) {
#pragma omp simd
  for (int i = 0; i < n; ++i) d[i] = f(a[i], b[i]);
}

void evalOp(const Node& node, float* d, const float* const* v, int n) {
  const ir::Op& op = *node.op;
  const float* a = v[node.args[0]];
  const float* b = node.args.size() > 1 ? v[node.args[1]] : nullptr;
  bool isBool = op.result()->type.elementType == ElementType::i1;
  switch (op.kind) {
  case OpKind::negate:
    return map1(d, a, n, [](float x) { return -x; });
  case OpKind::abs:
    return map1(d, a, n, [](float x) { return std::fabs(x); });
  case OpKind::sign:
    return map1(d, a, n, [](float x) { return ref::sign<float>(x); });
  case OpKind::exponential:
    return map1(d, a, n, [](float x) { return fastExponential(x); });
  case OpKind::log:
    return map1(d, a, n, [](float x) { return ref::log<float>(x); });
  case OpKind::log_plus_one:
    return map1(d, a, n, [](float x) { return ref::logPlusOne<float>(x); });
  case OpKind::sqrt:
    return map1(d, a, n, [](float x) { return ref::sqrt<float>(x); });
  case OpKind::rsqrt:
    return map1(d, a, n, [](float x) { return ref::rsqrt<float>(x); });
  case OpKind::tanh:
    return map1(d, a, n, [](float x) { return fastTanh(x); });
  case OpKind::logistic:
    return map1(d, a, n, [](float x) { return fastLogistic(x); });
  case OpKind::not_:
    return map1(d, a, n, [](float x) { return 1.0f - x; });
  case OpKind::convert:
    if (isBool) return map1(d, a, n, [](float x) { return x != 0.0f ? 1.0f : 0.0f; });
    if (op.result()->type.elementType == ElementType::bf16)
      return map1(d, a, n, [](float x) { return roundToBf16(x); });
    return map1(d, a, n, [](float x) { return x; });
  case OpKind::add:
    if (isBool) return map2(d, a, b, n, [](float x, float y) { return std::max(x, y); });
    return map2(d, a, b, n, [](float x, float y) { return x + y; });
  case OpKind::subtract:
    return map2(d, a, b, n, [](float x, float y) { return x - y; });
  case OpKind::multiply:
    return map2(d, a, b, n, [](float x, float y) { return x * y; });
  case OpKind::divide:
    return map2(d, a, b, n, [](float x, float y) { return x / y; });
  case OpKind::remainder:
    return map2(d, a, b, n, [](float x, float y) { return ref::remainder<float>(x, y); });
  case OpKind::power:
    return map2(d, a, b, n, [](float x, float y) { return ref::power<float>(x, y); });
  case OpKind::maximum:
    if (isBool) return map2(d, a, b, n, [](float x, float y) { return std::max(x, y); });
    return map2(d, a, b, n, [](float x, float y) { return maxSelect(x, y); });
  case OpKind::minimum:
    if (isBool) return map2(d, a, b, n, [](float x, float y) { return std::min(x, y); });
    return map2(d, a, b, n, [](float x, float y) { return minSelect(x, y); });
  case OpKind::and_:
    return map2(d, a, b, n, [](float x, float y) { return x * y; });
  case OpKind::or_:
    return map2(d, a, b, n, [](float x, float y) { return std::max(x, y); });
  case OpKind::xor_:
    return map2(d, a, b, n, [](float x, float y) { return x != y ? 1.0f : 0.0f; });
  case OpKind::compare:
    // One loop per direction, so each vectorizes.
    switch (op.attrs.comparisonDirection) {
    case ir::ComparisonDirection::EQ:
      return map2(d, a, b, n, [](float x, float y) { return x == y ? 1.0f : 0.0f; });
    case ir::ComparisonDirection::NE:
      return map2(d, a, b, n, [](float x, float y) { return x != y ? 1.0f : 0.0f; });
    case ir::ComparisonDirection::GE:
      return map2(d, a, b, n, [](float x, float y) { return x >= y ? 1.0f : 0.0f; });
    case ir::ComparisonDirection::GT:
      return map2(d, a, b, n, [](float x, float y) { return x > y ? 1.0f : 0.0f; });
    case ir::ComparisonDirection::LE:
      return map2(d, a, b, n, [](float x, float y) { return x <= y ? 1.0f : 0.0f; });
    case ir::ComparisonDirection::LT:
      return map2(d, a, b, n, [](float x, float y) { return x < y ? 1.0f : 0.0f; });
    }
    return;
  case OpKind::select: {
    const float* c = v[node.args[2]];
#pragma omp simd
    for (int i = 0; i < n; ++i) d[i] = a[i] != 0.0f ? b[i] : c[i];
    return;
  }
  case OpKind::clamp: {
    const float* c = v[node.args[2]];
#pragma omp simd
    for (int i = 0; i < n; ++i) d[i] = minSelect(maxSelect(b[i], a[i]), c[i]);
    return;
  }
  default:
    return;
  }
}

std::string joinDims(const std::vector<int64_t>& dims) {
  std::string s;
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? "x" : "") + std::to_string(dims[i]);
  return s.empty() ? "scalar" : s;
}

// How a loop over `dims` is cut into chunks of at most kChunk elements: a long row into several
// chunks, short rows several to a chunk (a channels-last loop whose inner dim is a few dozen
// channels would otherwise pay the per-chunk work for every pixel).
struct ChunkGrid {
  struct Chunk {
    int64_t outer, start; // the first row and the offset in it
    int n, rows;          // elements in all; rows > 1 only when each is whole
  };

  ChunkGrid(const std::vector<int64_t>& dims, int64_t numElements) {
    if (numElements == 0) return;
    inner = dims.empty() ? 1 : dims.back();
    rows = numElements / inner;
    rowsPerChunk = inner >= kChunk ? 1 : kChunk / inner;
    chunksPerRow = (inner + kChunk - 1) / kChunk;
    tasks = rowsPerChunk == 1 ? rows * chunksPerRow : (rows + rowsPerChunk - 1) / rowsPerChunk;
  }

  int64_t largestChunk() const {
    return rowsPerChunk == 1 ? std::min<int64_t>(kChunk, inner) : rowsPerChunk * inner;
  }

  Chunk at(int64_t t) const {
    if (rowsPerChunk == 1) {
      int64_t start = (t % chunksPerRow) * kChunk;
      return {t / chunksPerRow, start, static_cast<int>(std::min<int64_t>(kChunk, inner - start)),
              1};
    }
    int64_t outer = t * rowsPerChunk;
    auto r = static_cast<int>(std::min(rowsPerChunk, rows - outer));
    return {outer, 0, static_cast<int>(r * inner), r};
  }

  int64_t inner = 1, rows = 0, rowsPerChunk = 1, chunksPerRow = 1, tasks = 0;
};

// Runs `body(task, thread)` for every task in [0, tasks).
template <class F> void forEachTask(int64_t tasks, int64_t numElements, int threads, F body) {
  int nt = numElements >= kParallelElements ? threads : 1;
  // Dynamic: a thread the OS descheduled does not hold up the whole loop on a shared machine.
#pragma omp parallel for num_threads(nt) schedule(dynamic, 4) if (nt > 1)
  for (int64_t t = 0; t < tasks; ++t) body(t, omp_get_thread_num());
}

// The base offset of a leaf for the row `outer` of the collapsed loop.
int64_t rowOffset(const std::vector<int64_t>& dims, const Leaf& leaf, int64_t outer) {
  int64_t offset = leaf.offset;
  if (dims.empty()) return offset;
  for (size_t d = dims.size() - 1; d-- > 0;) {
    offset += (outer % dims[d]) * leaf.strides[d];
    outer /= dims[d];
  }
  return offset;
}

// A leaf's offsets at consecutive rows of a collapsed loop over `dims`, from row `row` on,
// stepped without rowOffset's divisions except where the next-to-inner dim wraps around (a
// channels-last loop has rows of a few dozen channels, and a division per row and leaf costs as
// much as copying the row).
class RowOffsets {
public:
  RowOffsets(const std::vector<int64_t>& dims, const Leaf& leaf, int64_t row)
      : dims_(dims), leaf_(leaf), row_(row), offset_(rowOffset(dims, leaf, row)) {
    if (dims.size() < 2) return;
    run_ = dims[dims.size() - 2];
    index_ = row % run_;
    stride_ = leaf.strides[dims.size() - 2];
  }

  int64_t operator*() const { return offset_; }

  void next() {
    ++row_;
    if (++index_ < run_) {
      offset_ += stride_;
      return;
    }
    index_ = 0;
    offset_ = rowOffset(dims_, leaf_, row_);
  }

private:
  const std::vector<int64_t>& dims_;
  const Leaf& leaf_;
  int64_t row_, offset_, run_ = 1, index_ = 0, stride_ = 0;
};

// Rows of a few dozen channels are copied inline: a call to memcpy per row costs more than the
// copy itself.
inline void copyBytes(uint8_t* __restrict dst, const uint8_t* __restrict src, int64_t bytes) {
  if (bytes >= 4096) {
    std::memcpy(dst, src, static_cast<size_t>(bytes));
    return;
  }
  int64_t i = 0;
  for (; i + 64 <= bytes; i += 64) std::memcpy(dst + i, src + i, 64);
  for (; i < bytes; ++i) dst[i] = src[i];
}

template <class T>
void copyRow(uint8_t* dst, int64_t to, int64_t toStride, const uint8_t* src, int64_t from,
             int64_t fromStride, int64_t n) {
  constexpr auto w = static_cast<int64_t>(sizeof(T));
  for (int64_t j = 0; j < n; ++j)
    std::memcpy(dst + (to + j * toStride) * w, src + (from + j * fromStride) * w, sizeof(T));
}

// Copies `width` elements (of `elementBytes`) from each of `rows` rows of a collapsed loop over
// `dims`, from row `row` and inner index `start` on, from the leaf `from` of `src` to the leaf
// `to` of `dst`.
void copyRows(uint8_t* dst, const Leaf& to, const uint8_t* src, const Leaf& from,
              const std::vector<int64_t>& dims, size_t elementBytes, int64_t row, int64_t rows,
              int64_t start, int64_t width) {
  const int64_t fromStep = dims.empty() ? 1 : from.strides.back();
  const int64_t toStep = dims.empty() ? 1 : to.strides.back();
  const auto w = static_cast<int64_t>(elementBytes);
  RowOffsets f(dims, from, row), t(dims, to, row);
  for (int64_t r = 0; r < rows; ++r, f.next(), t.next()) {
    const int64_t a = *f + start * fromStep, b = *t + start * toStep;
    if (fromStep == 1 && toStep == 1) {
      copyBytes(dst + b * w, src + a * w, width * w);
      continue;
    }
    switch (elementBytes) {
    case 1:
      copyRow<uint8_t>(dst, b, toStep, src, a, fromStep, width);
      break;
    case 2:
      copyRow<uint16_t>(dst, b, toStep, src, a, fromStep, width);
      break;
    case 4:
      copyRow<uint32_t>(dst, b, toStep, src, a, fromStep, width);
      break;
    default:
      copyRow<uint64_t>(dst, b, toStep, src, a, fromStep, width);
      break;
    }
  }
}

// Copies a collapsed loop over `dims` from the leaf `from` of `src` to the leaf `to` of `dst`,
// each thread a contiguous range of rows.
void copyLeaf(uint8_t* dst, const Leaf& to, const uint8_t* src, const Leaf& from,
              const std::vector<int64_t>& dims, size_t elementBytes, int threads) {
  int64_t numElements = 1;
  for (int64_t d : dims) numElements *= d;
  if (numElements == 0) return;
  const int64_t inner = dims.empty() ? 1 : dims.back(), rows = numElements / inner;
  const int nt = numElements >= kParallelElements ? threads : 1;
#pragma omp parallel num_threads(nt) if (nt > 1)
  {
    const int64_t part = omp_get_thread_num(), parts = omp_get_num_threads();
    const int64_t first = rows * part / parts, last = rows * (part + 1) / parts;
    copyRows(dst, to, src, from, dims, elementBytes, first, last - first, 0, inner);
  }
}

// How far apart per-thread (or per-block) slices of n elements of at most 8 bytes lie in one
// array so that no two share a cache line: a thread writing its slice every chunk would otherwise
// take the line from the other thread each time (the loops' value pointers: MNIST-CNN's batch
// norm forward loop 0.64 -> 0.38 ms, bench/fused_loops).
constexpr size_t unsharedStride(size_t n) {
  return (n + 15) / 16 * 16 + 16;
}

// Contiguous bf16 values widened to float (exactly: the 16 bits become the high half).
void widenBf16(const uint16_t* __restrict from, float* __restrict to, int n) {
#pragma omp simd
  for (int j = 0; j < n; ++j) to[j] = std::bit_cast<float>(uint32_t(from[j]) << 16);
}

// Floats already rounded to bf16 (their low 16 bits zero) stored as bf16.
void narrowBf16(const float* __restrict from, uint16_t* __restrict to, int n) {
#pragma omp simd
  for (int j = 0; j < n; ++j) to[j] = static_cast<uint16_t>(std::bit_cast<uint32_t>(from[j]) >> 16);
}

// The root's values are stored at `out` (a leaf over the same dims): the dense result, or one
// block of it (a piece of a concatenate or pad).
class FusedLoop : public Kernel {
public:
  // Besides the root, the loop stores `coOutputs` ((node, slot)); or it feeds `reductions`
  // instead of storing its root, storing only the co-outputs (at `out`'s places).
  FusedLoop(std::vector<Node> nodes, std::vector<Leaf> leaves, std::vector<int64_t> dims, Leaf out,
            int64_t numElements, const LoopOptions& options,
            std::vector<std::pair<int, int>> coOutputs = {}, OpKind combiner = OpKind::add,
            std::vector<LoopReduction> reductions = {})
      : nodes_(std::move(nodes)), leaves_(std::move(leaves)), dims_(std::move(dims)),
        out_(std::move(out)), numElements_(numElements), threads_(options.threads),
        vectorLoops_(options.vectorLoops),
        values_(static_cast<size_t>(threads_) * unsharedStride(nodes_.size())),
        grid_(dims_, numElements_), invariant_(nodes_.size(), false), splat_(nodes_.size(), false),
        bf16Read_(nodes_.size(), false), ready_(static_cast<size_t>(threads_), 0),
        denseOut_(out_.offset == 0 && out_.strides == ir::stridesOf(dims_)),
        copies_(nodes_.size() == 1 && nodes_[0].kind == Node::Kind::Load &&
                leaves_[0].type == ElementType::f32 && out_.type == ElementType::f32) {
    for (const Leaf& l : leaves_) reads.push_back(l.slot);
    writes.push_back(out_.slot);
    findInvariants();
    // Whole cache lines per thread, so threads never write to the same line.
    regsPerNode_ = (grid_.largestChunk() + 15) / 16 * 16;
    if (!copies_) scratchBytes = registerBytes();
    coOutputs_ = std::move(coOutputs);
    for (auto [node, slot] : coOutputs_) writes.push_back(slot);
    if (!reductions.empty()) feedReduces(combiner, std::move(reductions));
    compileBody();
  }

  void run(RunState& state) override {
    beginRun();
    if (!reductions_.empty()) return runReduction(state);
    forEachTask(tasks(), numElements_, threads_,
                [&](int64_t task, int thread) { runTask(state, task, thread); });
  }

  // The loop as independent tasks (chunks), for a kernel that runs several loops as one:
  // beginRun() once, then runTask(t) for every t in [0, tasks()) on any threads.
  int64_t tasks() const { return grid_.tasks; }
  void beginRun() { std::fill(ready_.begin(), ready_.end(), 0); }
  void runTask(RunState& state, int64_t task, int thread) {
    const ChunkGrid::Chunk chunk = grid_.at(task);
    if (copies_) {
      const Leaf& from = leaves_[0];
      const int width = chunk.n / chunk.rows;
      return copyRows(state.slotData[static_cast<size_t>(out_.slot)], out_,
                      state.slotData[static_cast<size_t>(from.slot)], from, dims_, sizeof(float),
                      chunk.outer, chunk.rows, chunk.start, width);
    }
    const float** v = valuesOf(thread);
    // The compiled body writes the stored values where they go: no pass through registers.
    if (storesInPlace(chunk)) return static_cast<void>(evaluate(state, chunk, thread, true));
    store(state, out_.slot, chunk, evaluate(state, chunk, thread));
    for (auto [node, slot] : coOutputs_) store(state, slot, chunk, v[node]);
  }
  int64_t numElements() const { return numElements_; }
  // Where this loop's part of its kernel's scratch memory starts.
  void placeScratch(size_t offset) { scratchOffset_ = offset; }

  // Each chunk evaluates every node before storing, and the stores (root and co-outputs) go to
  // the loop's own positions: a leaf read at exactly those positions, per chunk, is read in place.
  bool readsInPlace(int slot) const override {
    if (!reductions_.empty() || out_.type != ElementType::f32 ||
        nodes_.back().kind != Node::Kind::Op)
      return false;
    for (size_t i = 0; i < nodes_.size(); ++i) {
      if (nodes_[i].kind != Node::Kind::Load) continue;
      const Leaf& leaf = leaves_[static_cast<size_t>(nodes_[i].leaf)];
      if (leaf.slot == slot && (invariant_[i] || leaf.type != ElementType::f32 ||
                                leaf.offset != out_.offset || leaf.strides != out_.strides))
        return false;
    }
    return true;
  }

  std::string describe() const override {
    std::string kind = "fused loop";
    if (!reductions_.empty()) {
      kind = "fused reduce " + std::string(ir::opName(combiner_).substr(10));
      if (reductions_.size() > 1) kind += " x" + std::to_string(reductions_.size());
      for (auto [node, slot] : coOutputs_) kind += " storing %" + std::to_string(slot);
    }
    return kind + " " + body() +
           (foldsCompiled_  ? " compiled with sums"
            : aroundCaches_ ? " compiled, stores around the caches"
            : vector_       ? " compiled"
                            : "");
  }

  // "[dims] (ops)": the collapsed loop and its nodes in order.
  std::string body() const {
    std::string ops;
    for (const Node& node : nodes_) {
      if (!ops.empty()) ops += ",";
      if (node.kind == Node::Kind::Load)
        ops += "load";
      else if (node.kind == Node::Kind::Imm)
        ops += "imm";
      else
        ops += std::string(ir::opName(node.op->kind).substr(10));
    }
    return "[" + joinDims(dims_) + "] (" + ops + ")";
  }

private:
  void feedReduces(OpKind combiner, std::vector<LoopReduction> reductions) {
    copies_ = false;
    scratchBytes = registerBytes();
    combiner_ = combiner;
    reductions_ = std::move(reductions);
    writes.clear();
    for (auto [node, slot] : coOutputs_) writes.push_back(slot);
    int64_t total = 0;
    for (LoopReduction& r : reductions_) {
      r.columnSums =
          std::all_of(r.outStrides.begin(), r.outStrides.end() - (r.outStrides.empty() ? 0 : 1),
                      [](int64_t stride) { return stride == 0; });
      reads.push_back(r.initSlot);
      writes.push_back(r.outSlot);
      total += r.outElements;
    }
    sumsAt_.resize(static_cast<size_t>(threads_) * unsharedStride(reductions_.size()));
    if (combiner == OpKind::add)
      sumPartials_.assign(
          static_cast<size_t>(kReduceBlocks) * unsharedStride(static_cast<size_t>(total)), 0.0);
    else
      partials_.assign(
          static_cast<size_t>(kReduceBlocks) * unsharedStride(static_cast<size_t>(total)), 0.0f);
  }

  // The ops evaluated per chunk (not the invariant ones) as one compiled pass, where they can be.
  // The values it stores (the root, co-outputs, the values reduces fold) land in their registers,
  // or straight in the result where storesInPlace.
  void compileBody() {
    if (!vectorLoops_ || copies_) return;
    std::vector<VectorNode> body(nodes_.size());
    const std::vector<bool> onlyBody = onlyTheBodyReads();
    for (size_t i = 0; i < nodes_.size(); ++i) {
      const Node& node = nodes_[i];
      VectorNode& v = body[i];
      if (node.kind != Node::Kind::Op || invariant_[i]) {
        v.role = VectorNode::Role::Input;
        v.streamed = node.kind == Node::Kind::Load && !invariant_[i];
        v.splat = onlyBody[i] && splats(i);
        v.bf16 = onlyBody[i] && loadsBf16(i);
        if (node.kind == Node::Kind::Imm) v.constant = node.imm;
        continue;
      }
      v.role = VectorNode::Role::Compute;
      v.kind = node.op->kind;
      v.result = node.op->result()->type.elementType;
      v.direction = node.op->attrs.comparisonDirection;
      v.args = node.args;
    }
    // Values computed once per run, or loaded, already lie where the stores read them.
    auto stored = [&](int node) {
      VectorNode& v = body[static_cast<size_t>(node)];
      v.store = v.role == VectorNode::Role::Compute;
    };
    auto computed = [&](int node) {
      return body[static_cast<size_t>(node)].role == VectorNode::Role::Compute;
    };
    const bool rootAndCoOutputsComputed =
        computed(static_cast<int>(nodes_.size() - 1)) &&
        std::all_of(coOutputs_.begin(), coOutputs_.end(),
                    [&](const auto& co) { return computed(co.first); });
    if (reductions_.empty()) {
      // A computed bf16 root (a convert, the only loop op with a bf16 result) and its co-outputs
      // are rounded in registers: the body stores their bf16 halves, not floats for store() to
      // narrow.
      const bool narrows = out_.type == ElementType::bf16 && rootAndCoOutputsComputed;
      body.back().narrow = narrows;
      for (auto [node, slot] : coOutputs_) body[static_cast<size_t>(node)].narrow = narrows;
      stored(static_cast<int>(nodes_.size() - 1));
      for (auto [node, slot] : coOutputs_) stored(node);
    } else if (sumsColumns()) {
      // A bf16 co-output (a narrowed gradient) is rounded in registers and stored as its bf16
      // halves, as a loop's result is.
      const bool narrows = out_.type == ElementType::bf16 &&
                           std::all_of(coOutputs_.begin(), coOutputs_.end(),
                                       [&](const auto& co) { return computed(co.first); });
      for (auto [node, slot] : coOutputs_) {
        stored(node);
        body[static_cast<size_t>(node)].narrow = narrows;
      }
      // Summed in registers, as the interpreted fold sums them (in double, row by row).
      std::vector<int> summed;
      for (const LoopReduction& r : reductions_) summed.push_back(r.node);
      // As many columns at a time as the registers hold (the whole row reads memory in order),
      // where every chunk is rows of the same width.
      const int64_t rowVectors = grid_.rowsPerChunk > 1 ? grid_.inner / 16 : 1;
      for (int64_t columns = rowVectors; columns >= 1 && !vector_; --columns)
        if (rowVectors % columns == 0)
          vector_ = VectorLoop::compile(body, summed, static_cast<int>(columns));
      foldsCompiled_ = vector_ != nullptr;
    }
    if (!foldsCompiled_) {
      for (const LoopReduction& r : reductions_) stored(r.node);
      for (auto [node, slot] : coOutputs_) stored(node);
      vector_ = VectorLoop::compile(body);
    }
    if (vector_)
      for (size_t i = 0; i < nodes_.size(); ++i) {
        splat_[i] = body[i].splat;
        bf16Read_[i] = body[i].bf16;
      }
    narrowsInBody_ =
        vector_ &&
        (reductions_.empty() ? body.back().narrow
                             : !coOutputs_.empty() && body[size_t(coOutputs_[0].first)].narrow);
    storesComputed_ = vector_ &&
                      (out_.type == ElementType::f32 || out_.type == ElementType::bf16) &&
                      reductions_.empty() && rootAndCoOutputsComputed;
    if (storesComputed_ && out_.type == ElementType::f32 &&
        numElements_ * int64_t(sizeof(float)) >= kBytesStoredAroundCaches) {
      for (VectorNode& v : body) v.aroundCaches = v.store;
      aroundCaches_ = VectorLoop::compile(body);
    }
  }

  // The nodes whose values only the compiled body reads, which it may therefore read in their
  // own form: the interpreted ops (of the values computed once per run), the folds and the
  // stores need each node's chunk of floats.
  std::vector<bool> onlyTheBodyReads() const {
    std::vector<bool> only(nodes_.size(), true);
    for (size_t i = 0; i < nodes_.size(); ++i)
      if (nodes_[i].kind == Node::Kind::Op && invariant_[i])
        for (int a : nodes_[i].args) only[static_cast<size_t>(a)] = false;
    only.back() = false;
    for (auto [node, slot] : coOutputs_) only[static_cast<size_t>(node)] = false;
    for (const LoopReduction& r : reductions_) only[static_cast<size_t>(r.node)] = false;
    return only;
  }

  // One value everywhere (a constant, a scalar broadcast): broadcast from the one float, where a
  // chunk of copies would be reread from memory every vector.
  bool splats(size_t i) const {
    const Node& node = nodes_[i];
    if (node.kind == Node::Kind::Imm) return true;
    if (node.kind != Node::Kind::Load) return false;
    const Leaf& leaf = leaves_[static_cast<size_t>(node.leaf)];
    return leaf.type == ElementType::f32 && std::all_of(leaf.strides.begin(), leaf.strides.end(),
                                                        [](int64_t stride) { return stride == 0; });
  }

  // A bf16 operand read per chunk: widened as the body loads it, where a widening pass would
  // write and reread a chunk of floats.
  bool loadsBf16(size_t i) const {
    const Node& node = nodes_[i];
    return node.kind == Node::Kind::Load && !invariant_[i] &&
           leaves_[static_cast<size_t>(node.leaf)].type == ElementType::bf16;
  }

  // Sums into every column of channels-last rows of whole vectors (batch norm's statistics and
  // gradient sums): what VectorLoop's column sums do.
  bool sumsColumns() const {
    return combiner_ == OpKind::add && grid_.inner % 16 == 0 &&
           std::all_of(reductions_.begin(), reductions_.end(), [](const LoopReduction& r) {
             return r.columnSums && !r.outStrides.empty() && r.outStrides.back() == 1;
           });
  }

  size_t registerBytes() const {
    return static_cast<size_t>(threads_) * nodes_.size() * static_cast<size_t>(regsPerNode_) *
           sizeof(float);
  }

  // Acc is what partial results accumulate in: double for sums (their rounding error stays near
  // one float rounding however many terms there are: batch norm's sums over N·H·W and the bias
  // gradients are 10^4..10^6 terms), float for products, maxima and minima (exact or rounded once
  // per combine whatever the order).
  template <class Acc, class F> void reduce(RunState& state, F f, Acc identity) {
    const int64_t tasks = grid_.tasks;
    const int nt = numElements_ >= kParallelElements ? threads_ : 1;
    int64_t total = 0;
    for (const LoopReduction& r : reductions_) total += r.outElements;
    const auto stride = static_cast<int64_t>(unsharedStride(static_cast<size_t>(total)));
    auto initOf = [&](const LoopReduction& r) {
      return *reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(r.initSlot)]);
    };
    std::vector<Acc>& partialsOf = partials<Acc>();
    // The chunks are split into a fixed number of blocks, each folding into its own partial
    // results (the first from init, the others from the combiner's identity), handed out to
    // threads dynamically; partials are combined in block order, so runs are repeatable.
    const int64_t blocks = nt > 1 ? std::min<int64_t>(tasks, kReduceBlocks) : 1;
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1) if (nt > 1)
    for (int64_t block = 0; block < blocks; ++block) {
      const int thread = omp_get_thread_num();
      Acc* partials = partialsOf.data() + block * stride;
      for (const LoopReduction& r : reductions_) {
        std::fill(partials, partials + r.outElements, block == 0 ? Acc(initOf(r)) : identity);
        partials += r.outElements;
      }
      for (int64_t t = tasks * block / blocks; t < tasks * (block + 1) / blocks; ++t) {
        const ChunkGrid::Chunk chunk = grid_.at(t);
        if constexpr (std::is_same_v<Acc, double>)
          if (foldsCompiled_) {
            double** sums =
                sumsAt_.data() + static_cast<size_t>(thread) * unsharedStride(reductions_.size());
            Acc* partial = partialsOf.data() + block * stride;
            for (size_t k = 0; k < reductions_.size(); ++k) {
              sums[k] = partial + chunk.start;
              partial += reductions_[k].outElements;
            }
            // Narrowed co-outputs go straight where they are stored when the chunk lies whole.
            const bool inPlace = narrowsInBody_ && storedWhole(chunk);
            evaluate(state, chunk, thread, inPlace, sums);
            if (!inPlace)
              for (auto [node, slot] : coOutputs_)
                store(state, slot, chunk, valuesOf(thread)[node]);
            continue;
          }
        evaluate(state, chunk, thread);
        const float** values = valuesOf(thread);
        for (auto [node, slot] : coOutputs_) store(state, slot, chunk, values[node]);
        Acc* partial = partialsOf.data() + block * stride;
        for (const LoopReduction& r : reductions_) {
          fold(r, chunk, values[r.node], partial, f);
          partial += r.outElements;
        }
      }
    }
    Acc* partials = partialsOf.data();
    for (const LoopReduction& r : reductions_) {
      float* out = reinterpret_cast<float*>(state.slotData[static_cast<size_t>(r.outSlot)]);
      if (tasks == 0) std::fill(partials, partials + r.outElements, Acc(initOf(r)));
      for (int64_t i = 0; i < r.outElements; ++i) {
        Acc v = partials[i];
        for (int64_t b = 1; b < blocks; ++b) v = f(v, partials[b * stride + i]);
        out[i] = static_cast<float>(v);
      }
      partials += r.outElements;
    }
  }

  template <class Acc> std::vector<Acc>& partials() {
    if constexpr (std::is_same_v<Acc, double>)
      return sumPartials_;
    else
      return partials_;
  }

  // Folds a chunk's values of one reduction into its partial result.
  template <class Acc, class F>
  void fold(const LoopReduction& r, const ChunkGrid::Chunk& chunk, const float* v, Acc* partial,
            F f) const {
    const int64_t innerStride = r.outStrides.empty() ? 0 : r.outStrides.back();
    const int width = chunk.n / chunk.rows;
    if (innerStride == 1 && r.columnSums) {
      // Every row folds into the same elements (batch norm's per-channel sums of a channels-last
      // tensor): the rows are folded in registers, in the same order, and stored once.
      Acc* dst = partial + chunk.start;
      int j = 0;
      for (; j + 16 <= width; j += 16) {
        Acc acc[16];
        for (int k = 0; k < 16; ++k) acc[k] = dst[j + k];
        for (int row = 0; row < chunk.rows; ++row)
          for (int k = 0; k < 16; ++k) acc[k] = f(acc[k], v[row * width + j + k]);
        for (int k = 0; k < 16; ++k) dst[j + k] = acc[k];
      }
      for (; j < width; ++j)
        for (int row = 0; row < chunk.rows; ++row) dst[j] = f(dst[j], v[row * width + j]);
      return;
    }
    for (int row = 0; row < chunk.rows; ++row, v += width) {
      int64_t o = chunk.start * innerStride;
      for (size_t d = dims_.empty() ? 0 : dims_.size() - 1,
                  rest = static_cast<size_t>(chunk.outer + row);
           d-- > 0;) {
        o += static_cast<int64_t>(rest % static_cast<size_t>(dims_[d])) * r.outStrides[d];
        rest /= static_cast<size_t>(dims_[d]);
      }
      Acc* dst = partial + o;
      if (innerStride == 0) {
        *dst = f(*dst, foldChunk<Acc>(v, width, f));
      } else if (innerStride == 1) {
#pragma omp simd
        for (int j = 0; j < width; ++j) dst[j] = f(dst[j], v[j]);
      } else {
        for (int j = 0; j < width; ++j) dst[j * innerStride] = f(dst[j * innerStride], v[j]);
      }
    }
  }

  void runReduction(RunState& state) {
    switch (combiner_) {
    case OpKind::add:
      return reduce(
          state, [](double a, double b) { return a + b; }, 0.0);
    case OpKind::multiply:
      return reduce(
          state, [](float a, float b) { return a * b; }, 1.0f);
    case OpKind::maximum:
      return reduce(
          state, [](float a, float b) { return maxSelect(a, b); },
          -std::numeric_limits<float>::infinity());
    default:
      return reduce(
          state, [](float a, float b) { return minSelect(a, b); },
          std::numeric_limits<float>::infinity());
    }
  }

  // Eight partial accumulators let the compiler vectorize the fold.
  template <class Acc, class F> static Acc foldChunk(const float* v, int n, F f) {
    if (n < 16) {
      Acc acc = v[0];
      for (int j = 1; j < n; ++j) acc = f(acc, v[j]);
      return acc;
    }
    Acc acc[8];
    for (int k = 0; k < 8; ++k) acc[k] = v[k];
    int j = 8;
    for (; j + 8 <= n; j += 8)
      for (int k = 0; k < 8; ++k) acc[k] = f(acc[k], v[j + k]);
    for (; j < n; ++j) acc[0] = f(acc[0], v[j]);
    for (int k = 1; k < 8; ++k) acc[0] = f(acc[0], acc[k]);
    return acc[0];
  }

  // Nodes whose chunk of values is the same in every chunk: splats, leaves that vary only along
  // the inner dim when every chunk starts a row (batch norm's per-channel mean, scale and shift
  // in a channels-last loop), and ops of those. Each thread computes them once per run.
  void findInvariants() {
    if (grid_.tasks <= 1) return;
    const bool rowsStartChunks = grid_.chunksPerRow == 1;
    for (size_t i = 0; i < nodes_.size(); ++i) {
      const Node& node = nodes_[i];
      if (node.kind == Node::Kind::Imm) {
        invariant_[i] = true;
      } else if (node.kind == Node::Kind::Load) {
        const auto& strides = leaves_[static_cast<size_t>(node.leaf)].strides;
        bool outerZero = std::all_of(strides.begin(), strides.end() - 1,
                                     [](int64_t stride) { return stride == 0; });
        invariant_[i] = outerZero && (rowsStartChunks || strides.back() == 0);
      } else {
        invariant_[i] = std::all_of(node.args.begin(), node.args.end(),
                                    [&](int a) { return invariant_[static_cast<size_t>(a)]; });
      }
    }
  }

  // A leaf whose consecutive rows are consecutive in memory: a chunk of whole rows is read (or
  // stored) in place.
  bool rowsInPlace(const Leaf& leaf, const ChunkGrid::Chunk& chunk) const {
    const size_t n = dims_.size();
    if (n < 2 || leaf.strides[n - 1] != 1 || leaf.strides[n - 2] != grid_.inner) return false;
    return n == 2 || chunk.outer % dims_[n - 2] + chunk.rows <= dims_[n - 2];
  }

  // Whether the chunk's results (root and co-outputs) lie contiguously in memory.
  bool storedWhole(const ChunkGrid::Chunk& chunk) const {
    const int64_t step = dims_.empty() ? 1 : out_.strides.back();
    return step == 1 && (chunk.rows == 1 || denseOut_ || rowsInPlace(out_, chunk));
  }

  // Whether the compiled body stores this chunk's values itself. Its stores follow the vector's
  // last load, so a leaf read in place (readsInPlace) is read before it is overwritten.
  bool storesInPlace(const ChunkGrid::Chunk& chunk) const {
    return storesComputed_ && storedWhole(chunk);
  }

  // Where a chunk's stored values go, as the body addresses them (bf16 halves at half the f32
  // offsets).
  float* storedAt(RunState& state, int slot, const ChunkGrid::Chunk& chunk) const {
    const int64_t at = rowOffset(dims_, out_, chunk.outer) + chunk.start;
    uint8_t* data = state.slotData[static_cast<size_t>(slot)];
    return reinterpret_cast<float*>(data + at * ir::byteWidth(out_.type));
  }

  const float** valuesOf(int thread) {
    return values_.data() + static_cast<size_t>(thread) * unsharedStride(nodes_.size());
  }

  // The root's values for one chunk (every node's values are in values_ afterwards; `inPlace`:
  // the root's and co-outputs' are in their results instead, see storesInPlace; a reduce's
  // co-outputs only).
  // `sums`: where the compiled column sums of this chunk go (foldsCompiled_).
  const float* evaluate(RunState& state, const ChunkGrid::Chunk& chunk, int thread,
                        bool inPlace = false, double* const* sums = nullptr) {
    float* regs = reinterpret_cast<float*>(state.scratch + scratchOffset_) +
                  static_cast<size_t>(thread) * nodes_.size() * regsPerNode_;
    const float** v = valuesOf(thread);
    if (!ready_[static_cast<size_t>(thread)]) {
      // A whole chunk's worth (every later chunk is this one or a prefix of it).
      const auto rows = static_cast<int>(grid_.rowsPerChunk);
      evaluateNodes(state, {0, 0, static_cast<int>(grid_.largestChunk()), rows}, regs, v, true);
      ready_[static_cast<size_t>(thread)] = 1;
    }
    evaluateNodes(state, chunk, regs, v, false, inPlace, sums);
    return v[nodes_.size() - 1];
  }

  // A chunk of a bf16 leaf as contiguous bf16 values: in place where they lie so, else copied
  // into `scratch`.
  const uint16_t* bf16Rows(const Leaf& leaf, const uint8_t* data, const ChunkGrid::Chunk& chunk,
                           float* scratch) const {
    const auto* values = reinterpret_cast<const uint16_t*>(data);
    const int64_t step = dims_.empty() ? 0 : leaf.strides.back();
    if (step == 1 && (chunk.rows == 1 || rowsInPlace(leaf, chunk)))
      return values + rowOffset(dims_, leaf, chunk.outer) + chunk.start;
    auto* copy = reinterpret_cast<uint16_t*>(scratch);
    const int width = chunk.n / chunk.rows;
    RowOffsets row(dims_, leaf, chunk.outer);
    for (int r = 0; r < chunk.rows; ++r, row.next()) {
      const uint16_t* p = values + *row + chunk.start * step;
      for (int j = 0; j < width; ++j) copy[r * width + j] = p[j * step];
    }
    return copy;
  }

  // Evaluates the invariant nodes or the others.
  void evaluateNodes(RunState& state, const ChunkGrid::Chunk& chunk, float* regs, const float** v,
                     bool invariant, bool inPlace = false, double* const* sums = nullptr) {
    const int n = chunk.n;
    for (size_t i = 0; i < nodes_.size(); ++i) {
      if (invariant_[i] != invariant) continue;
      const Node& node = nodes_[i];
      float* reg = regs + i * static_cast<size_t>(regsPerNode_);
      v[i] = reg;
      if (splat_[i]) {
        v[i] = node.kind == Node::Kind::Imm
                   ? &node.imm
                   : reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(
                         leaves_[static_cast<size_t>(node.leaf)].slot)]) +
                         leaves_[static_cast<size_t>(node.leaf)].offset;
      } else if (node.kind == Node::Kind::Imm) {
        std::fill(reg, reg + n, node.imm);
      } else if (node.kind == Node::Kind::Load) {
        const Leaf& leaf = leaves_[static_cast<size_t>(node.leaf)];
        const int64_t step = dims_.empty() ? 0 : leaf.strides.back();
        const uint8_t* data = state.slotData[static_cast<size_t>(leaf.slot)];
        const int width = n / chunk.rows;
        if (bf16Read_[i]) {
          v[i] = reinterpret_cast<const float*>(bf16Rows(leaf, data, chunk, reg));
          continue;
        }
        if (leaf.type == ElementType::f32 && chunk.rows > 1 && rowsInPlace(leaf, chunk)) {
          v[i] = reinterpret_cast<const float*>(data) + rowOffset(dims_, leaf, chunk.outer);
          continue;
        }
        RowOffsets row(dims_, leaf, chunk.outer);
        for (int r = 0; r < chunk.rows; ++r, row.next()) {
          int64_t base = *row + chunk.start * step;
          float* dst = reg + r * width;
          if (leaf.type == ElementType::f32) {
            const float* p = reinterpret_cast<const float*>(data) + base;
            if (step == 1 && chunk.rows == 1)
              v[i] = p;
            else if (step == 1)
              copyBytes(reinterpret_cast<uint8_t*>(dst), reinterpret_cast<const uint8_t*>(p),
                        width * int64_t(sizeof(float)));
            else if (step == 0)
              std::fill(dst, dst + width, *p);
            else
              for (int j = 0; j < width; ++j) dst[j] = p[j * step];
          } else if (leaf.type == ElementType::bf16) {
            const auto* p = reinterpret_cast<const uint16_t*>(data) + base;
            if (step == 1)
              widenBf16(p, dst, width);
            else
              for (int j = 0; j < width; ++j)
                dst[j] = std::bit_cast<float>(uint32_t(p[j * step]) << 16);
          } else {
            for (int j = 0; j < width; ++j) dst[j] = data[base + j * step] ? 1.0f : 0.0f;
          }
        }
      } else if (!vector_ || invariant) {
        evalOp(node, reg, v, n);
      }
    }
    if (vector_ && !invariant) {
      const VectorLoop* body = vector_.get();
      if (inPlace) {
        if (reductions_.empty()) v[nodes_.size() - 1] = storedAt(state, out_.slot, chunk);
        for (auto [node, slot] : coOutputs_) v[node] = storedAt(state, slot, chunk);
        auto aligned = [&](int node) { return reinterpret_cast<uintptr_t>(v[node]) % 64 == 0; };
        if (aroundCaches_ && aligned(static_cast<int>(nodes_.size() - 1)) &&
            std::all_of(coOutputs_.begin(), coOutputs_.end(),
                        [&](const auto& co) { return aligned(co.first); }))
          body = aroundCaches_.get();
      }
      body->run(v, n, sums, n / chunk.rows);
    }
  }

  // Co-outputs have the root's type, shape and layout, so the root's leaf places them all.
  void store(RunState& state, int slot, const ChunkGrid::Chunk& chunk, const float* result) {
    uint8_t* out = state.slotData[static_cast<size_t>(slot)];
    const int64_t step = dims_.empty() ? 1 : out_.strides.back();
    const bool whole = storedWhole(chunk);
    const int rows = whole ? 1 : chunk.rows, width = chunk.n / rows;
    RowOffsets row(dims_, out_, chunk.outer);
    const auto* halves = reinterpret_cast<const uint16_t*>(result); // where narrowsInBody_
    for (int r = 0; r < rows; ++r, result += width, halves += width, row.next()) {
      const int64_t base = *row + chunk.start * step;
      if (narrowsInBody_) {
        auto* o = reinterpret_cast<uint16_t*>(out) + base;
        for (int j = 0; j < width; ++j) o[j * step] = halves[j];
      } else if (out_.type == ElementType::bf16) {
        auto* o = reinterpret_cast<uint16_t*>(out) + base;
        if (step == 1)
          narrowBf16(result, o, width);
        else
          for (int j = 0; j < width; ++j)
            o[j * step] = static_cast<uint16_t>(std::bit_cast<uint32_t>(result[j]) >> 16);
      } else if (out_.type != ElementType::f32) {
        for (int j = 0; j < width; ++j) out[base + j * step] = result[j] != 0.0f;
      } else if (step == 1) {
        copyBytes(out + base * 4, reinterpret_cast<const uint8_t*>(result), width * 4);
      } else {
        float* o = reinterpret_cast<float*>(out) + base;
        for (int j = 0; j < width; ++j) o[j * step] = result[j];
      }
    }
  }

  std::vector<Node> nodes_;
  std::vector<Leaf> leaves_;
  std::vector<int64_t> dims_;
  Leaf out_;
  int64_t numElements_;
  int threads_;
  bool vectorLoops_;
  std::unique_ptr<VectorLoop> vector_; // the per-chunk ops compiled (see compileBody)
  // The same storing its results around the caches, for chunks whose results are 64-byte aligned.
  std::unique_ptr<VectorLoop> aroundCaches_;
  bool storesComputed_ = false; // vector_ computes every stored value (storesInPlace)
  bool narrowsInBody_ = false;  // vector_ stores bf16 results as bf16 (see compileBody)
  bool foldsCompiled_ = false;  // vector_ sums the reductions (sumsColumns)
  std::vector<double*> sumsAt_; // per thread: where each reduction's chunk sums go
  size_t scratchOffset_ = 0;
  int64_t regsPerNode_ = 0;          // floats of scratch per node and thread: a chunk's values
  std::vector<const float*> values_; // per thread: where each node's chunk lies
  ChunkGrid grid_;
  std::vector<bool> invariant_; // per node (see findInvariants)
  std::vector<bool> splat_;     // per node: its v[] points at its one value (splats)
  std::vector<bool> bf16Read_;  // per node: its v[] holds its bf16 values (loadsBf16)
  std::vector<char> ready_;     // per thread: the invariant nodes are computed for this run
  bool denseOut_; // the result itself, row-major in the loop's order: every chunk is contiguous
  bool copies_;   // one f32 leaf and nothing computed: rows are copied without registers
  std::vector<std::pair<int, int>> coOutputs_; // (node, slot) stored besides the root
  OpKind combiner_ = OpKind::add;
  std::vector<LoopReduction> reductions_;
  std::vector<float> partials_;     // per block: a partial result of every reduction
  std::vector<double> sumPartials_; // the same, of sums
};

class CopyKernel : public Kernel {
public:
  CopyKernel(Leaf leaf, ir::TensorType type, int outSlot, int threads)
      : leaf_(std::move(leaf)), type_(std::move(type)), outSlot_(outSlot), threads_(threads) {
    reads.push_back(leaf_.slot);
    writes.push_back(outSlot);
  }
  void run(RunState& state) override {
    stridedCopy(state.slotData[static_cast<size_t>(outSlot_)],
                state.slotData[static_cast<size_t>(leaf_.slot)], ir::byteWidth(type_.elementType),
                leaf_.offset, type_.shape, leaf_.strides, threads_);
  }
  std::string describe() const override { return "strided copy [" + joinDims(type_.shape) + "]"; }

private:
  Leaf leaf_;
  ir::TensorType type_;
  int outSlot_;
  int threads_;
};

// A concatenate or pad of f32 as loops ("pieces") that each store one block of the result; the
// blocks cover it exactly once, so all the pieces' chunks run as one parallel loop (a small
// piece costs no fork of its own, and threads never wait between pieces).
class PiecesKernel : public Kernel {
public:
  PiecesKernel(std::string kind, ir::TensorType type, int outSlot,
               std::vector<std::unique_ptr<FusedLoop>> pieces, int threads)
      : kind_(std::move(kind)), type_(std::move(type)), pieces_(std::move(pieces)),
        threads_(threads) {
    writes.push_back(outSlot);
    int64_t tasks = 0;
    for (auto& piece : pieces_) {
      for (int slot : piece->reads)
        if (std::find(reads.begin(), reads.end(), slot) == reads.end()) reads.push_back(slot);
      piece->placeScratch(scratchBytes);
      scratchBytes += piece->scratchBytes;
      tasks += piece->tasks();
      taskEnd_.push_back(tasks);
      elements_ += piece->numElements();
    }
  }

  void run(RunState& state) override {
    for (auto& piece : pieces_) piece->beginRun();
    forEachTask(taskEnd_.empty() ? 0 : taskEnd_.back(), elements_, threads_,
                [&](int64_t task, int thread) {
                  auto p = static_cast<size_t>(
                      std::upper_bound(taskEnd_.begin(), taskEnd_.end(), task) - taskEnd_.begin());
                  pieces_[p]->runTask(state, task - (p == 0 ? 0 : taskEnd_[p - 1]), thread);
                });
  }

  std::string describe() const override {
    std::string text = "fused " + kind_ + " [" + joinDims(type_.shape) + "] " +
                       std::to_string(pieces_.size()) +
                       (pieces_.size() == 1 ? " piece:" : " pieces:");
    for (size_t p = 0; p < pieces_.size(); ++p) text += (p ? "; " : " ") + pieces_[p]->body();
    return text;
  }

private:
  std::string kind_;
  ir::TensorType type_;
  std::vector<std::unique_ptr<FusedLoop>> pieces_;
  int threads_;
  std::vector<int64_t> taskEnd_; // per piece: the end of its tasks in the combined loop
  int64_t elements_ = 0;
};

// A concatenate or pad of another element type: one strided copy per block of the result.
class CopyPiecesKernel : public Kernel {
public:
  CopyPiecesKernel(std::string kind, ir::TensorType type, int outSlot,
                   std::vector<CopyPiece> pieces, int threads)
      : kind_(std::move(kind)), type_(std::move(type)), pieces_(std::move(pieces)),
        threads_(threads) {
    writes.push_back(outSlot);
    for (const CopyPiece& piece : pieces_)
      if (std::find(reads.begin(), reads.end(), piece.from.slot) == reads.end())
        reads.push_back(piece.from.slot);
  }

  void run(RunState& state) override {
    const size_t width = ir::byteWidth(type_.elementType);
    for (const CopyPiece& p : pieces_)
      copyLeaf(state.slotData[static_cast<size_t>(p.to.slot)], p.to,
               state.slotData[static_cast<size_t>(p.from.slot)], p.from, p.dims, width, threads_);
  }

  std::string describe() const override {
    return "strided " + kind_ + " [" + joinDims(type_.shape) + "] " +
           std::to_string(pieces_.size()) + " copies";
  }

private:
  std::string kind_;
  ir::TensorType type_;
  std::vector<CopyPiece> pieces_;
  int threads_;
};

} // namespace

void collapseDims(std::vector<int64_t>& dims, std::vector<Leaf>& leaves) {
  std::vector<int64_t> outDims;
  std::vector<std::vector<int64_t>> outStrides(leaves.size());
  for (size_t d = 0; d < dims.size(); ++d) {
    if (dims[d] == 1) continue;
    bool merge = !outDims.empty();
    for (size_t l = 0; merge && l < leaves.size(); ++l)
      merge = outStrides[l].back() == leaves[l].strides[d] * dims[d];
    if (merge) {
      outDims.back() *= dims[d];
      for (size_t l = 0; l < leaves.size(); ++l) outStrides[l].back() = leaves[l].strides[d];
      continue;
    }
    outDims.push_back(dims[d]);
    for (size_t l = 0; l < leaves.size(); ++l) outStrides[l].push_back(leaves[l].strides[d]);
  }
  dims = std::move(outDims);
  for (size_t l = 0; l < leaves.size(); ++l) leaves[l].strides = std::move(outStrides[l]);
}

void stridedCopy(uint8_t* dst, const uint8_t* src, size_t elementBytes, int64_t offset,
                 const std::vector<int64_t>& shape, const std::vector<int64_t>& strides,
                 int threads) {
  std::vector<int64_t> dims = shape;
  std::vector<Leaf> leaves{Leaf{0, ElementType::f32, offset, strides},
                           Leaf{0, ElementType::f32, 0, ir::stridesOf(shape)}};
  collapseDims(dims, leaves);
  copyLeaf(dst, leaves[1], src, leaves[0], dims, elementBytes, threads);
}

std::unique_ptr<Kernel> makeFusedLoop(LoopProgram program, const LoopOptions& options,
                                      std::vector<std::pair<int, int>> coOutputs) {
  return std::make_unique<FusedLoop>(std::move(program.nodes), std::move(program.leaves),
                                     std::move(program.dims), std::move(program.out),
                                     program.numElements, options, std::move(coOutputs));
}

std::unique_ptr<Kernel> makeFusedReduce(LoopProgram program, const LoopOptions& options,
                                        OpKind combiner, std::vector<LoopReduction> reductions,
                                        std::vector<std::pair<int, int>> stored) {
  return std::make_unique<FusedLoop>(std::move(program.nodes), std::move(program.leaves),
                                     std::move(program.dims), std::move(program.out),
                                     program.numElements, options, std::move(stored), combiner,
                                     std::move(reductions));
}

std::unique_ptr<Kernel> makeCopyKernel(Leaf leaf, ir::TensorType type, int outSlot, int threads) {
  return std::make_unique<CopyKernel>(std::move(leaf), std::move(type), outSlot, threads);
}

std::unique_ptr<Kernel> makePiecesKernel(std::string kind, ir::TensorType type, int outSlot,
                                         std::vector<LoopProgram> pieces,
                                         const LoopOptions& options) {
  std::vector<std::unique_ptr<FusedLoop>> loops;
  for (LoopProgram& piece : pieces)
    loops.push_back(std::make_unique<FusedLoop>(std::move(piece.nodes), std::move(piece.leaves),
                                                std::move(piece.dims), std::move(piece.out),
                                                piece.numElements, options));
  return std::make_unique<PiecesKernel>(std::move(kind), std::move(type), outSlot, std::move(loops),
                                        options.threads);
}

std::unique_ptr<Kernel> makeCopyPiecesKernel(std::string kind, ir::TensorType type, int outSlot,
                                             std::vector<CopyPiece> pieces, int threads) {
  return std::make_unique<CopyPiecesKernel>(std::move(kind), std::move(type), outSlot,
                                            std::move(pieces), threads);
}

} // namespace hlotrain::cpu::plan

#include "lower/cpu/Fusion.h"

#include <algorithm>
#include <cstring>
#include <omp.h>
#include <optional>

#include "lower/cpu/ReferenceScalar.h"

namespace hlotrain::cpu::plan {

namespace {

using ir::ElementType;
using ir::OpKind;

// Elements per chunk of a fused loop: every node's chunk of values stays in L1.
constexpr int kChunk = 256;
// Below this many elements a loop runs on one thread (fork/join costs more than it saves).
constexpr int64_t kParallelThreshold = int64_t(1) << 15;

bool isView(OpKind k) {
  return k == OpKind::broadcast_in_dim || k == OpKind::transpose || k == OpKind::slice ||
         k == OpKind::reverse || k == OpKind::reshape;
}

bool inRegisters(ElementType t) {
  return t == ElementType::f32 || t == ElementType::i1;
}

// Whether the loop's float registers (i1 as 0/1) compute this elementwise op exactly like the
// reference on f32 and i1.
bool fusibleElementwise(const ir::Op& op) {
  if (op.results.size() != 1) return false;
  ElementType result = op.result()->type.elementType;
  if (!inRegisters(result)) return false;
  for (const ir::Value* v : op.operands)
    if (!inRegisters(v->type.elementType)) return false;
  bool isBool = result == ElementType::i1;
  switch (op.kind) {
  case OpKind::convert:
    return true;
  case OpKind::select:
    return true;
  case OpKind::clamp:
    return !isBool;
  case OpKind::compare:
    return !(op.operands[0]->type.elementType == ElementType::f32 &&
             op.attrs.compareType == ir::ComparisonType::TOTALORDER);
  case OpKind::not_:
    return isBool;
  case OpKind::and_:
  case OpKind::or_:
  case OpKind::xor_:
    return isBool;
  case OpKind::add:
  case OpKind::multiply:
  case OpKind::maximum:
  case OpKind::minimum:
    return true;
  default:
    return !isBool && (ir::isElementwiseUnary(op.kind) || ir::isElementwiseBinary(op.kind));
  }
}

// Maps the loop's (root) index to one dimension of a value: rootDim * scale + offset, or the
// constant `offset` when rootDim < 0.
struct DimMap {
  int rootDim = -1;
  int64_t scale = 0, offset = 0;
};
using IndexMap = std::vector<DimMap>;

// A value read from memory: linear element index = offset + sum(rootIndex[d] * strides[d]).
struct Leaf {
  int slot;
  ElementType type;
  int64_t offset = 0;
  std::vector<int64_t> strides;
};

struct Node {
  enum class Kind { Load, Imm, Op } kind;
  const ir::Op* op = nullptr;
  std::vector<int> args;
  int leaf = -1;
  float imm = 0;
};

std::optional<float> splatValue(const ir::Tensor& t) {
  if (!inRegisters(t.elementType()) || t.numElements() == 0) return std::nullopt;
  if (t.byteSize() > 0) {
    size_t w = ir::byteWidth(t.elementType());
    for (size_t i = w; i < t.byteSize(); i += w)
      if (std::memcmp(t.bytes(), t.bytes() + i, w) != 0) return std::nullopt;
  }
  return static_cast<float>(t.getAsDouble(0));
}

class GroupBuilder {
public:
  GroupBuilder(const Graph& graph, std::vector<bool>& claimed, const std::vector<int>& uses,
               const std::vector<bool>& isOutput, bool registers, int rootRank)
      : graph_(graph), claimed_(claimed), uses_(uses), isOutput_(isOutput), registers_(registers),
        rootRank_(rootRank) {}

  // Returns the node computing `slot` at the root index mapped by `map`.
  int build(int slot, const IndexMap& map, bool underBroadcast, bool isRoot) {
    const Slot& s = graph_.slots[static_cast<size_t>(slot)];
    if (registers_ && s.kind == Slot::Kind::Constant)
      if (auto v = splatValue(*s.constant)) return addNode({Node::Kind::Imm, nullptr, {}, -1, *v});
    if (!isRoot && !absorbable(slot)) return leafNode(slot, map, s.type.shape);
    const Step& step = graph_.steps[static_cast<size_t>(s.producer)];
    const ir::Op& op = *step.op;
    if (op.kind == OpKind::reshape) {
      take(s.producer);
      // The operand is materialized (reshape never absorbs its producer): same bytes, new shape.
      return leafNode(step.operands[0], map, s.type.shape);
    }
    if (isView(op.kind)) {
      take(s.producer);
      const auto& shape = graph_.slots[static_cast<size_t>(step.operands[0])].type.shape;
      return build(step.operands[0], viewOperandMap(op, shape, map),
                   underBroadcast || op.kind == OpKind::broadcast_in_dim, false);
    }
    if (!registers_ || underBroadcast || !fusibleElementwise(op))
      return leafNode(slot, map, s.type.shape);
    take(s.producer);
    Node node{Node::Kind::Op, &op, {}, -1, 0};
    for (int operand : step.operands) {
      bool scalar = graph_.slots[static_cast<size_t>(operand)].type.rank() == 0;
      node.args.push_back(build(operand, scalar ? IndexMap{} : map, false, false));
    }
    return addNode(std::move(node));
  }

  std::vector<Node> nodes;
  std::vector<Leaf> leaves;
  std::vector<int> absorbed;

private:
  bool absorbable(int slot) const {
    const Slot& s = graph_.slots[static_cast<size_t>(slot)];
    if (s.kind != Slot::Kind::Computed) return false;
    const Step& step = graph_.steps[static_cast<size_t>(s.producer)];
    if (!step.live || claimed_[static_cast<size_t>(s.producer)] || step.results.size() != 1)
      return false;
    if (uses_[static_cast<size_t>(slot)] != 1 || isOutput_[static_cast<size_t>(slot)]) return false;
    return isView(step.op->kind) || (registers_ && fusibleElementwise(*step.op));
  }

  void take(int step) {
    claimed_[static_cast<size_t>(step)] = true;
    absorbed.push_back(step);
  }

  int addNode(Node node) {
    nodes.push_back(std::move(node));
    return static_cast<int>(nodes.size()) - 1;
  }

  int leafNode(int slot, const IndexMap& map, const ir::Shape& shape) {
    Leaf leaf{slot, graph_.slots[static_cast<size_t>(slot)].type.elementType, 0,
              std::vector<int64_t>(static_cast<size_t>(rootRank_), 0)};
    std::vector<int64_t> strides = ir::stridesOf(shape);
    for (size_t j = 0; j < map.size(); ++j) {
      leaf.offset += strides[j] * map[j].offset;
      if (map[j].rootDim >= 0)
        leaf.strides[static_cast<size_t>(map[j].rootDim)] += strides[j] * map[j].scale;
    }
    leaves.push_back(std::move(leaf));
    return addNode({Node::Kind::Load, nullptr, {}, static_cast<int>(leaves.size()) - 1, 0});
  }

  // The index map of a view's operand, given the map of its result.
  static IndexMap viewOperandMap(const ir::Op& op, const ir::Shape& operandShape,
                                 const IndexMap& resultMap) {
    IndexMap m(operandShape.size());
    const auto& a = op.attrs;
    switch (op.kind) {
    case OpKind::broadcast_in_dim:
      for (size_t k = 0; k < m.size(); ++k)
        if (operandShape[k] != 1) m[k] = resultMap[static_cast<size_t>(a.dimensions[k])];
      break;
    case OpKind::transpose:
      for (size_t i = 0; i < m.size(); ++i) m[static_cast<size_t>(a.dimensions[i])] = resultMap[i];
      break;
    case OpKind::slice:
      for (size_t d = 0; d < m.size(); ++d)
        m[d] = {resultMap[d].rootDim, resultMap[d].scale * a.strides[d],
                resultMap[d].offset * a.strides[d] + a.startIndices[d]};
      break;
    case OpKind::reverse:
      m = resultMap;
      for (int64_t d : a.dimensions) {
        auto& dm = m[static_cast<size_t>(d)];
        dm = {dm.rootDim, -dm.scale, operandShape[static_cast<size_t>(d)] - 1 - dm.offset};
      }
      break;
    default:
      break;
    }
    return m;
  }

  const Graph& graph_;
  std::vector<bool>& claimed_;
  const std::vector<int>& uses_;
  const std::vector<bool>& isOutput_;
  bool registers_;
  int rootRank_;
};

// Drops unit dimensions and merges neighbours that every leaf walks contiguously, so the inner
// loop runs as long as possible.
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

// Chunks never alias (each node has its own register); `omp simd` vectorizes at -O2 too.
template <class F> void map1(float* __restrict d, const float* __restrict a, int n, F f) {
#pragma omp simd
  for (int i = 0; i < n; ++i) d[i] = f(a[i]);
}
template <class F>
void map2(float* __restrict d, const float* __restrict a, const float* __restrict b, int n, F f) {
#pragma omp simd
  for (int i = 0; i < n; ++i) d[i] = f(a[i], b[i]);
}

// ref::maximum / ref::minimum (NaN propagates, -0 < +0) written as selects, so they vectorize.
inline float maxSelect(float a, float b) {
  float m = a > b ? a : b;
  m = a == b ? (std::signbit(a) ? b : a) : m;
  m = b != b ? b : m;
  return a != a ? a : m;
}
inline float minSelect(float a, float b) {
  float m = a < b ? a : b;
  m = a == b ? (std::signbit(a) ? a : b) : m;
  m = b != b ? b : m;
  return a != a ? a : m;
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
    return map1(d, a, n, ref::sign<float>);
  case OpKind::exponential:
    return map1(d, a, n, ref::exponential<float>);
  case OpKind::log:
    return map1(d, a, n, ref::log<float>);
  case OpKind::log_plus_one:
    return map1(d, a, n, ref::logPlusOne<float>);
  case OpKind::sqrt:
    return map1(d, a, n, ref::sqrt<float>);
  case OpKind::rsqrt:
    return map1(d, a, n, ref::rsqrt<float>);
  case OpKind::tanh:
    return map1(d, a, n, ref::tanh<float>);
  case OpKind::logistic:
    return map1(d, a, n, ref::logistic<float>);
  case OpKind::not_:
    return map1(d, a, n, [](float x) { return 1.0f - x; });
  case OpKind::convert:
    if (isBool) return map1(d, a, n, [](float x) { return x != 0.0f ? 1.0f : 0.0f; });
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
    return map2(d, a, b, n, ref::remainder<float>);
  case OpKind::power:
    return map2(d, a, b, n, ref::power<float>);
  case OpKind::maximum:
    if (isBool) return map2(d, a, b, n, [](float x, float y) { return std::max(x, y); });
    return map2(d, a, b, n, maxSelect);
  case OpKind::minimum:
    if (isBool) return map2(d, a, b, n, [](float x, float y) { return std::min(x, y); });
    return map2(d, a, b, n, minSelect);
  case OpKind::and_:
    return map2(d, a, b, n, [](float x, float y) { return x * y; });
  case OpKind::or_:
    return map2(d, a, b, n, [](float x, float y) { return std::max(x, y); });
  case OpKind::xor_:
    return map2(d, a, b, n, [](float x, float y) { return x != y ? 1.0f : 0.0f; });
  case OpKind::compare: {
    auto dir = op.attrs.comparisonDirection;
    return map2(d, a, b, n,
                [dir](float x, float y) { return ref::compareValues(x, y, dir) ? 1.0f : 0.0f; });
  }
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

// Runs `body(outerIndex, innerStart, count, thread)` over rows of `dims` split in chunks.
template <class F>
void forEachChunk(const std::vector<int64_t>& dims, int64_t numElements, int threads, F body) {
  if (numElements == 0) return;
  int64_t inner = dims.empty() ? 1 : dims.back();
  int64_t chunksPerRow = (inner + kChunk - 1) / kChunk;
  int64_t tasks = (numElements / inner) * chunksPerRow;
  int nt = numElements >= kParallelThreshold ? threads : 1;
  // Dynamic: a thread the OS descheduled does not hold up the whole loop on a shared machine.
#pragma omp parallel for num_threads(nt) schedule(dynamic, 16) if (nt > 1)
  for (int64_t t = 0; t < tasks; ++t) {
    int64_t start = (t % chunksPerRow) * kChunk;
    body(t / chunksPerRow, start, static_cast<int>(std::min<int64_t>(kChunk, inner - start)),
         omp_get_thread_num());
  }
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

class FusedLoop : public Kernel {
public:
  FusedLoop(std::vector<Node> nodes, std::vector<Leaf> leaves, std::vector<int64_t> dims,
            int outSlot, ElementType outType, int64_t numElements, int threads)
      : nodes_(std::move(nodes)), leaves_(std::move(leaves)), dims_(std::move(dims)),
        outSlot_(outSlot), outType_(outType), numElements_(numElements), threads_(threads),
        scratch_(static_cast<size_t>(threads) * nodes_.size() * kChunk),
        values_(static_cast<size_t>(threads) * nodes_.size()) {
    for (const Leaf& l : leaves_) reads.push_back(l.slot);
    writes.push_back(outSlot);
  }

  void run(RunState& state) override {
    forEachChunk(dims_, numElements_, threads_,
                 [&](int64_t outer, int64_t start, int n, int thread) {
                   runChunk(state, outer, start, n, thread);
                 });
  }

  std::string describe() const override {
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
    return "fused loop [" + joinDims(dims_) + "] (" + ops + ")";
  }

private:
  void runChunk(RunState& state, int64_t outer, int64_t start, int n, int thread) {
    float* regs = scratch_.data() + static_cast<size_t>(thread) * nodes_.size() * kChunk;
    const float** v = values_.data() + static_cast<size_t>(thread) * nodes_.size();
    for (size_t i = 0; i < nodes_.size(); ++i) {
      const Node& node = nodes_[i];
      float* reg = regs + i * kChunk;
      v[i] = reg;
      if (node.kind == Node::Kind::Imm) {
        std::fill(reg, reg + n, node.imm);
      } else if (node.kind == Node::Kind::Load) {
        const Leaf& leaf = leaves_[static_cast<size_t>(node.leaf)];
        int64_t step = dims_.empty() ? 0 : leaf.strides.back();
        int64_t base = rowOffset(dims_, leaf, outer) + start * step;
        const uint8_t* data = state.slotData[static_cast<size_t>(leaf.slot)];
        if (leaf.type == ElementType::f32) {
          const float* p = reinterpret_cast<const float*>(data) + base;
          if (step == 1)
            v[i] = p;
          else if (step == 0)
            std::fill(reg, reg + n, *p);
          else
            for (int j = 0; j < n; ++j) reg[j] = p[j * step];
        } else {
          for (int j = 0; j < n; ++j) reg[j] = data[base + j * step] ? 1.0f : 0.0f;
        }
      } else {
        evalOp(node, reg, v, n);
      }
    }
    const float* result = v[nodes_.size() - 1];
    uint8_t* out = state.slotData[static_cast<size_t>(outSlot_)];
    int64_t outBase = outer * (dims_.empty() ? 1 : dims_.back()) + start;
    if (outType_ == ElementType::f32) {
      std::memcpy(reinterpret_cast<float*>(out) + outBase, result, static_cast<size_t>(n) * 4);
    } else {
      for (int j = 0; j < n; ++j) out[outBase + j] = result[j] != 0.0f;
    }
  }

  std::vector<Node> nodes_;
  std::vector<Leaf> leaves_;
  std::vector<int64_t> dims_;
  int outSlot_;
  ElementType outType_;
  int64_t numElements_;
  int threads_;
  std::vector<float> scratch_;       // per thread: one chunk per node
  std::vector<const float*> values_; // per thread: where each node's chunk lies
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

template <class T>
void copyRow(uint8_t* dst, const uint8_t* src, int64_t base, int64_t stride, int64_t n) {
  T* d = reinterpret_cast<T*>(dst);
  for (int64_t j = 0; j < n; ++j)
    std::memcpy(d + j, src + (base + j * stride) * int64_t(sizeof(T)), sizeof(T));
}

} // namespace

void stridedCopy(uint8_t* dst, const uint8_t* src, size_t elementBytes, int64_t offset,
                 const std::vector<int64_t>& shape, const std::vector<int64_t>& strides,
                 int threads) {
  std::vector<int64_t> dims = shape;
  std::vector<Leaf> leaves{Leaf{0, ElementType::f32, offset, strides}};
  collapseDims(dims, leaves);
  const Leaf& leaf = leaves[0];
  int64_t numElements = 1;
  for (int64_t d : dims) numElements *= d;
  if (numElements == 0) return;
  int64_t inner = dims.empty() ? 1 : dims.back();
  int64_t step = dims.empty() ? 0 : leaf.strides.back();
  int64_t rows = numElements / inner;
  auto w = static_cast<int64_t>(elementBytes);
  int nt = numElements >= kParallelThreshold ? threads : 1;
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
  for (int64_t r = 0; r < rows; ++r) {
    int64_t base = rowOffset(dims, leaf, r);
    uint8_t* d = dst + r * inner * w;
    if (step == 1) {
      std::memcpy(d, src + base * w, static_cast<size_t>(inner * w));
      continue;
    }
    switch (elementBytes) {
    case 1:
      copyRow<uint8_t>(d, src, base, step, inner);
      break;
    case 2:
      copyRow<uint16_t>(d, src, base, step, inner);
      break;
    case 4:
      copyRow<uint32_t>(d, src, base, step, inner);
      break;
    default:
      copyRow<uint64_t>(d, src, base, step, inner);
      break;
    }
  }
}

std::vector<FusedGroup> fuseElementwise(const Graph& graph, std::vector<bool>& claimed,
                                        int threads) {
  std::vector<int> uses = graph.useCounts();
  std::vector<bool> isOutput(graph.slots.size(), false);
  for (int s : graph.outputs) isOutput[static_cast<size_t>(s)] = true;
  std::vector<FusedGroup> groups;
  for (size_t i = graph.steps.size(); i-- > 0;) {
    const Step& step = graph.steps[i];
    if (!step.live || claimed[i] || step.results.size() != 1) continue;
    const ir::Op& op = *step.op;
    const ir::TensorType& type = graph.slots[static_cast<size_t>(step.results[0])].type;
    bool registers = inRegisters(type.elementType) && (isView(op.kind) || fusibleElementwise(op));
    if (!registers && !isView(op.kind)) continue;
    int rank = static_cast<int>(type.rank());
    GroupBuilder builder(graph, claimed, uses, isOutput, registers, rank);
    IndexMap identity(static_cast<size_t>(rank));
    for (int d = 0; d < rank; ++d) identity[static_cast<size_t>(d)] = {d, 1, 0};
    builder.build(step.results[0], identity, false, true);
    std::vector<int64_t> dims = type.shape;
    std::unique_ptr<Kernel> kernel;
    if (registers) {
      collapseDims(dims, builder.leaves);
      kernel = std::make_unique<FusedLoop>(std::move(builder.nodes), std::move(builder.leaves),
                                           std::move(dims), step.results[0], type.elementType,
                                           type.numElements(), threads);
    } else {
      kernel = std::make_unique<CopyKernel>(builder.leaves.at(0), type, step.results[0], threads);
    }
    groups.push_back({static_cast<int>(i), std::move(builder.absorbed), std::move(kernel)});
  }
  return groups;
}

} // namespace hlotrain::cpu::plan

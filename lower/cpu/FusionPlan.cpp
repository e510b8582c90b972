// The fusion pass's planning: which ops fuse into a loop, a reduce or a concatenate's or pad's
// pieces, which values are recomputed instead of stored, and each loop's program (its nodes, its
// leaves' index maps, its dims in store order), handed to the kernels of FusionKernels.h. Apart
// from the kernels so that deciding what fuses and making a loop run fast can each be read,
// changed and compiled on its own.

#include "lower/cpu/Fusion.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <vector>

#include "lower/cpu/FusionKernels.h"
#include "lower/cpu/Kernels.h"

namespace hlotrain::cpu::plan {

namespace {

using ir::ElementType;
using ir::OpKind;

bool isView(OpKind k) {
  return k == OpKind::broadcast_in_dim || k == OpKind::transpose || k == OpKind::slice ||
         k == OpKind::reverse || k == OpKind::reshape;
}

// A loop's registers are f32: i1 as 0/1, bf16 as the f32 of the same value. Only views and
// converts touch bf16 values (see fusibleElementwise): a leaf widens as it loads, a convert to
// bf16 rounds in registers, a bf16 result narrows exactly as it stores.
bool inRegisters(ElementType t) {
  return t == ElementType::f32 || t == ElementType::i1 || t == ElementType::bf16;
}

// A concatenate or pad whose pieces compute their operands in registers (f32; other types are
// copied).
bool piecesInRegisters(const Graph& graph, const Step& step) {
  return fusesAsPieces(step) &&
         graph.slots[static_cast<size_t>(step.results[0])].type.elementType == ElementType::f32;
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
  // Arithmetic on bf16 rounds after every op; of bf16 values the loop only converts.
  bool half = result == ElementType::bf16;
  for (const ir::Value* v : op.operands) half = half || v->type.elementType == ElementType::bf16;
  if (half) return op.kind == OpKind::convert;
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

class GroupBuilder {
public:
  GroupBuilder(const Graph& graph, std::vector<bool>& claimed, const std::vector<int>& uses,
               const std::vector<bool>& isOutput, const std::vector<bool>& recomputedSlots,
               bool registers, int rootRank)
      : graph_(graph), claimed_(claimed), uses_(uses), isOutput_(isOutput),
        recomputedSlots_(recomputedSlots), registers_(registers), rootRank_(rootRank) {}

  // Returns the node computing `slot` at the root index mapped by `map`. A value read twice at
  // the same index (x - mean squared, a recomputed value read by several ops) is one node.
  // `shared`: `slot` is read by a value that other loops recompute too.
  int build(int slot, const IndexMap& map, bool underBroadcast, bool isRoot, bool shared = false) {
    // A value that loops recompute is absorbed, its operands built as shared, whether or not it
    // sits inside another shared value: one node for both paths (the exact GELU's x + bias and
    // its erf's clamp, each read twice, were computed twice per vector).
    if (!isRoot && recomputed(slot) && absorbable(slot, false)) shared = true;
    std::vector<int64_t> key{slot, underBroadcast, isRoot, shared};
    for (const DimMap& d : map) key.insert(key.end(), {d.rootDim, d.scale, d.offset});
    auto [it, inserted] = built_.try_emplace(std::move(key), -1);
    if (inserted) it->second = buildNode(slot, map, underBroadcast, isRoot, shared);
    return it->second;
  }

  // Lets the loop also compute and store values like the root (see coOutput).
  void storeAlongside(int rootSlot) { rootSlot_ = rootSlot; }
  // Counts `step` as part of the loop without building a node for it.
  void takeStep(int step) { take(step); }
  // A node of `step`'s op over the nodes `args`, the step taken into the loop.
  int apply(int step, std::vector<int> args) {
    take(step);
    return addNode(
        {Node::Kind::Op, graph_.steps[static_cast<size_t>(step)].op, std::move(args), -1, 0});
  }

  std::vector<Node> nodes;
  std::vector<Leaf> leaves;
  std::vector<int> absorbed;
  std::vector<std::pair<int, int>> coOutputs; // (node, slot) stored besides the root

private:
  int buildNode(int slot, const IndexMap& map, bool underBroadcast, bool isRoot, bool shared) {
    const Slot& s = graph_.slots[static_cast<size_t>(slot)];
    if (registers_ && s.kind == Slot::Kind::Constant)
      if (auto v = splatValue(*s.constant)) return addNode({Node::Kind::Imm, nullptr, {}, -1, *v});
    const bool absorbed = absorbable(slot, shared);
    const bool alsoStored = !isRoot && !shared && !absorbed && coOutput(slot, map, underBroadcast);
    if (!isRoot && !absorbed && !alsoStored) return leafNode(slot, map, s.type.shape);
    const Step& step = graph_.steps[static_cast<size_t>(s.producer)];
    const ir::Op& op = *step.op;
    if (op.kind == OpKind::reshape) {
      take(s.producer);
      // The operand is materialized (reshape never absorbs its producer): same bytes, new shape.
      return leafNode(step.operands[0], map, s.type.shape);
    }
    if (isView(op.kind)) {
      take(s.producer);
      const ir::TensorType& operand = graph_.slots[static_cast<size_t>(step.operands[0])].type;
      // A broadcast that only inserts unit dims repeats nothing: its operand may still be
      // computed in registers.
      const bool repeats =
          op.kind == OpKind::broadcast_in_dim && operand.numElements() < s.type.numElements();
      return build(step.operands[0], viewOperandMap(op, operand.shape, map),
                   underBroadcast || repeats, false, shared || recomputed(slot));
    }
    if (!registers_ || underBroadcast || !fusibleElementwise(op))
      return leafNode(slot, map, s.type.shape);
    take(s.producer);
    Node node{Node::Kind::Op, &op, {}, -1, 0};
    for (int operand : step.operands) {
      bool scalar = graph_.slots[static_cast<size_t>(operand)].type.rank() == 0;
      node.args.push_back(
          build(operand, scalar ? IndexMap{} : map, false, false, shared || recomputed(slot)));
    }
    int index = addNode(std::move(node));
    if (alsoStored) coOutputs.push_back({index, slot});
    return index;
  }

  bool recomputed(int slot) const {
    return registers_ && recomputedSlots_[static_cast<size_t>(slot)];
  }

  // Inside a value other loops recompute too (`shared`), only values that are recomputed
  // everywhere are absorbed: a single-use value taken by the first loop would be missing in the
  // others.
  bool absorbable(int slot, bool shared) const {
    const Slot& s = graph_.slots[static_cast<size_t>(slot)];
    if (s.kind != Slot::Kind::Computed) return false;
    const Step& step = graph_.steps[static_cast<size_t>(s.producer)];
    if (!step.live) return false;
    if (recomputed(slot)) return true;
    if (shared || claimed_[static_cast<size_t>(s.producer)] || step.results.size() != 1)
      return false;
    if (uses_[static_cast<size_t>(slot)] != 1 || isOutput_[static_cast<size_t>(slot)]) return false;
    return isView(step.op->kind) || (registers_ && fusibleElementwise(*step.op));
  }

  // A function output read only by this loop, computed elementwise at the root's own index
  // with the root's type and layout (Adam's m' and v', read by the parameter update): the loop
  // computes it in registers and stores it too, instead of a loop of its own that this one
  // reads back.
  bool coOutput(int slot, const IndexMap& map, bool underBroadcast) const {
    if (rootSlot_ < 0 || !registers_ || underBroadcast) return false;
    const Slot& s = graph_.slots[static_cast<size_t>(slot)];
    const Slot& root = graph_.slots[static_cast<size_t>(rootSlot_)];
    if (s.kind != Slot::Kind::Computed || s.type != root.type || s.layout != root.layout ||
        s.type.elementType != ElementType::f32 || !isOutput_[static_cast<size_t>(slot)] ||
        uses_[static_cast<size_t>(slot)] != 2) // returned once, read once (here)
      return false;
    const Step& step = graph_.steps[static_cast<size_t>(s.producer)];
    if (!step.live || claimed_[static_cast<size_t>(s.producer)] || step.results.size() != 1 ||
        !fusibleElementwise(*step.op))
      return false;
    for (size_t j = 0; j < map.size(); ++j)
      if (map[j].rootDim != static_cast<int>(j) || map[j].scale != 1 || map[j].offset != 0)
        return false;
    return map.size() == s.type.shape.size();
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
    const Slot& s = graph_.slots[static_cast<size_t>(slot)];
    std::vector<int64_t> strides = shape == s.type.shape ? slotStrides(s) : ir::stridesOf(shape);
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
  const std::vector<bool>& recomputedSlots_;
  bool registers_;
  int rootRank_;
  int rootSlot_ = -1;
  std::map<std::vector<int64_t>, int> built_; // (slot, flags, index map) -> node
};

// Reorders the loop's dims (and every leaf's strides) to `order`, outermost first.
void permuteDims(std::vector<int64_t>& dims, std::vector<Leaf>& leaves,
                 const std::vector<int64_t>& order) {
  if (order.empty()) return;
  auto permute = [&](std::vector<int64_t>& v) {
    std::vector<int64_t> out;
    for (int64_t d : order) out.push_back(v[static_cast<size_t>(d)]);
    v = std::move(out);
  };
  permute(dims);
  for (Leaf& leaf : leaves) permute(leaf.strides);
}

// Orders a loop's dims as its stored leaf `out` lies in memory, outermost first, so it is written
// contiguously (a result in its planned layout, a block of a concatenate's result), then collapses
// them with `out` counted among the leaves.
void inStoreOrder(std::vector<int64_t>& dims, std::vector<Leaf>& leaves, Leaf& out) {
  std::vector<int64_t> order(dims.size());
  for (size_t d = 0; d < order.size(); ++d) order[d] = static_cast<int64_t>(d);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
    return std::abs(out.strides[static_cast<size_t>(a)]) >
           std::abs(out.strides[static_cast<size_t>(b)]);
  });
  leaves.push_back(std::move(out));
  permuteDims(dims, leaves, order);
  collapseDims(dims, leaves);
  out = std::move(leaves.back());
  leaves.pop_back();
}

// The longest chain of elementwise ops per element that a value read twice or more is recomputed
// through (see recomputedValues). Longer than batch norm's and the activations' chains: at 32 the
// exact GELU's gradient is stored and, of the f32 zoo's plans, only UNet-BraTS's changed (its
// longest batch norm gradient chains; 882 -> 866 ms per step at batch 4, alternated); at 16
// EfficientNet's and MobileNetV3's changed too.
constexpr int kMostRecomputedOps = 32;

} // namespace

// Values that no loop stores: every reader is itself fused into a loop or reduce in registers,
// which recomputes the value from its operands instead of reading a materialized copy.
// - Views other than reshape (index arithmetic only): a broadcast read by several ops is never
//   written out.
// - Elementwise values read by elementwise ops and reduces only (a view would read the value
//   as a leaf), when recomputing reads no more than materializing would. A value's "sources"
//   are the large materialized tensors its recomputation reads (broadcasts of small tensors and
//   splats are free). Materializing costs reading the k sources, one write and one read per
//   reader (r); recomputing, k reads per reader: one source always qualifies (batch norm's
//   x - mean and (x - mean) * s + b, the ReLU input its gradient compares again), two when
//   r <= 3 (the ReLU gradient of x and the incoming gradient, read by batch norm's gradient
//   sums and its input gradient). The value's own loop and buffer disappear. Unless the chain
//   is longer than kMostRecomputedOps: then a second reader recomputing it is bound by the
//   arithmetic, not by memory. The exact GELU's gradient (its erf polynomials) is 35 ops: read
//   by its bf16 narrowing and its bias gradient's sums in ConvNeXt-T's bf16 step, the reduce took
//   26 ms to recompute it at 32x384x56x56, 7.5 ms to read it back.
std::vector<bool> recomputedValues(const Graph& graph, const std::vector<bool>& claimed,
                                   const std::vector<bool>& isOutput) {
  const size_t numSlots = graph.slots.size();
  auto fusedInRegisters = [&](size_t i) {
    const Step& step = graph.steps[i];
    if (!step.live || claimed[i] || step.results.size() != 1) return false;
    const ir::Op& op = *step.op;
    if (op.kind == OpKind::reduce) return fusesWithStrides(graph, step);
    if (!inRegisters(graph.slots[static_cast<size_t>(step.results[0])].type.elementType))
      return false;
    return (isView(op.kind) && op.kind != OpKind::reshape) || fusibleElementwise(op);
  };
  std::vector<bool> readersFused(numSlots, true), readersElementwise(numSlots, true);
  std::vector<int> readers(numSlots, 0);
  std::vector<size_t> reader(numSlots, 0); // the last one
  for (size_t i = 0; i < graph.steps.size(); ++i) {
    const Step& step = graph.steps[i];
    if (!step.live) continue;
    bool fused = fusedInRegisters(i) || piecesInRegisters(graph, step);
    for (int operand : step.operands) {
      ++readers[static_cast<size_t>(operand)];
      reader[static_cast<size_t>(operand)] = i;
      if (!fused) readersFused[static_cast<size_t>(operand)] = false;
      if (isView(step.op->kind)) readersElementwise[static_cast<size_t>(operand)] = false;
    }
  }
  for (size_t s = 0; s < numSlots; ++s)
    if (isOutput[s]) readersFused[s] = false;
  std::vector<bool> recomputed(numSlots, false);
  std::vector<std::vector<int>> sources(numSlots);
  std::vector<int> ops(numSlots, 0); // elementwise ops per element of a recomputed value's chain
  for (size_t i = 0; i < graph.steps.size(); ++i) {
    const Step& step = graph.steps[i];
    if (!fusedInRegisters(i) || step.op->kind == OpKind::reduce) continue;
    const auto result = static_cast<size_t>(step.results[0]);
    if (!readersFused[result]) continue;
    const ir::TensorType& type = graph.slots[result].type;
    std::vector<int>& mine = sources[result];
    for (int operand : step.operands) {
      const Slot& s = graph.slots[static_cast<size_t>(operand)];
      if (recomputed[static_cast<size_t>(operand)]) {
        const auto& theirs = sources[static_cast<size_t>(operand)];
        mine.insert(mine.end(), theirs.begin(), theirs.end());
        ops[result] += ops[static_cast<size_t>(operand)];
      } else if (!(s.kind == Slot::Kind::Constant && splatValue(*s.constant)) &&
                 s.type.numElements() * 16 > type.numElements()) {
        mine.push_back(operand);
      }
    }
    std::sort(mine.begin(), mine.end());
    mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
    if (isView(step.op->kind)) {
      recomputed[result] = true;
    } else {
      ops[result] += 1;
      recomputed[result] = readersElementwise[result] &&
                           (mine.size() <= 1 || (mine.size() == 2 && readers[result] <= 3)) &&
                           (readers[result] == 1 || ops[result] <= kMostRecomputedOps);
    }
  }
  // A value with one reader (a view too) is absorbed into that reader's loop anyway; it needs
  // recomputing only inside a reader that is itself recomputed (else it may still be stored
  // alongside a loop's root, see coOutput, and its own single-use operands are absorbed too).
  for (size_t i = graph.steps.size(); i-- > 0;) {
    const Step& step = graph.steps[i];
    if (!step.live || step.results.size() != 1) continue;
    const auto result = static_cast<size_t>(step.results[0]);
    if (!recomputed[result] || readers[result] != 1) continue;
    const Step& only = graph.steps[reader[result]];
    recomputed[result] =
        only.results.size() == 1 && recomputed[static_cast<size_t>(only.results[0])];
  }
  return recomputed;
}

bool fusesAsPieces(const Step& step) {
  return step.live && step.results.size() == 1 &&
         (step.op->kind == OpKind::concatenate || step.op->kind == OpKind::pad);
}

bool fusesWithStrides(const Graph& graph, const Step& step) {
  if (!step.live || step.results.size() != 1) return false;
  const ir::Op& op = *step.op;
  auto type = [&](int slot) { return graph.slots[static_cast<size_t>(slot)].type.elementType; };
  if (op.kind == OpKind::reduce)
    return step.operands.size() == 2 && op.regions.size() == 1 && op.regions[0] &&
           binaryBodyKind(*op.regions[0]) && type(step.operands[0]) == ElementType::f32 &&
           type(step.operands[1]) == ElementType::f32 && type(step.results[0]) == ElementType::f32;
  if (!inRegisters(type(step.results[0]))) return false;
  return (isView(op.kind) && op.kind != OpKind::reshape) || fusibleElementwise(op);
}

// What the fusion pass knows of the whole graph.
struct FusionContext {
  const Graph& graph;
  std::vector<bool>& claimed;
  std::vector<int> uses;
  std::vector<bool> isOutput;
  std::vector<bool> recomputed;
  std::vector<size_t> firstReader; // per slot: the first live step reading it
  LoopOptions loops;

  GroupBuilder builder(std::vector<bool>& claimedSteps, bool registers, int rank) const {
    return GroupBuilder(graph, claimedSteps, uses, isOutput, recomputed, registers, rank);
  }
};

// How far back a fused reduce looks for siblings to compute in the same pass.
constexpr size_t kSiblingWindow = 64;

bool fusibleReduce(const FusionContext& c, size_t i) {
  const Step& step = c.graph.steps[i];
  return !c.claimed[i] && step.op->kind == OpKind::reduce && fusesWithStrides(c.graph, step);
}

std::vector<int64_t> sortedDims(const ir::Op& op) {
  std::vector<int64_t> dims = op.attrs.dimensions;
  std::sort(dims.begin(), dims.end());
  return dims;
}

// A fusible reduce before `root` (where reduce `reduce` runs) over the same elements with the
// same combiner, whose result nobody reads before `root` runs, and whose operand reads a large
// tensor that the reduce's reads too (`rootLeaves`): computing it in that pass saves a pass over
// that tensor.
bool isSibling(const FusionContext& c, size_t j, size_t reduce, size_t root,
               const std::vector<Leaf>& rootLeaves) {
  const Step& step = c.graph.steps[j];
  const Step& rootStep = c.graph.steps[reduce];
  if (!fusibleReduce(c, j) || c.firstReader[static_cast<size_t>(step.results[0])] <= root ||
      binaryBodyKind(*step.op->regions[0]) != binaryBodyKind(*rootStep.op->regions[0]) ||
      sortedDims(*step.op) != sortedDims(*rootStep.op))
    return false;
  const ir::TensorType& in = c.graph.slots[static_cast<size_t>(step.operands[0])].type;
  if (in.shape != c.graph.slots[static_cast<size_t>(rootStep.operands[0])].type.shape) return false;
  std::vector<bool> trial = c.claimed;
  trial[j] = true;
  GroupBuilder builder = c.builder(trial, true, static_cast<int>(in.rank()));
  IndexMap identity(in.shape.size());
  for (size_t d = 0; d < in.shape.size(); ++d) identity[d] = {static_cast<int>(d), 1, 0};
  builder.build(step.operands[0], identity, false, false);
  for (const Leaf& leaf : builder.leaves)
    for (const Leaf& other : rootLeaves)
      if (leaf.slot == other.slot &&
          c.graph.slots[static_cast<size_t>(leaf.slot)].type.numElements() == in.numElements())
        return true;
  return false;
}

// The convert to bf16 that, besides reduce `i`, alone reads the reduce's f32 operand, computed
// elementwise (stored, or recomputed by both); or -1. A gradient narrowed for the convolutions
// that read it, whose f32 values its bias gradient sums (ConvNeXt-T's exact-GELU gradients in
// its bf16 step): one pass computes it, stores the bf16 copy and sums it, where storing the f32
// value cost a pass to narrow it and another to sum it.
// The live step other than `i` reading `slot`, which two steps read; steps.size() if none.
size_t otherReader(const FusionContext& c, int slot, size_t i) {
  size_t j = c.firstReader[static_cast<size_t>(slot)];
  if (j != i) return j;
  for (j = i + 1; j < c.graph.steps.size(); ++j) {
    const Step& reader = c.graph.steps[j];
    if (reader.live &&
        std::find(reader.operands.begin(), reader.operands.end(), slot) != reader.operands.end())
      break;
  }
  return j;
}

int narrowedBesideReduce(const FusionContext& c, size_t i) {
  const int operand = c.graph.steps[i].operands[0];
  const auto x = static_cast<size_t>(operand);
  const Slot& value = c.graph.slots[x];
  if (value.kind != Slot::Kind::Computed || value.type.elementType != ElementType::f32 ||
      c.uses[x] != 2 || c.isOutput[x])
    return -1;
  const Step& producer = c.graph.steps[static_cast<size_t>(value.producer)];
  if (!producer.live || c.claimed[static_cast<size_t>(value.producer)] ||
      producer.results.size() != 1 || !fusibleElementwise(*producer.op))
    return -1;
  const size_t j = otherReader(c, operand, i);
  if (j >= c.graph.steps.size()) return -1;
  const Step& reader = c.graph.steps[j];
  const bool converts =
      !c.claimed[j] && reader.op->kind == OpKind::convert &&
      c.graph.slots[static_cast<size_t>(reader.results[0])].type.elementType == ElementType::bf16;
  return converts ? static_cast<int>(j) : -1;
}

// The reduce whose operand convert `i` narrows, where narrowedBesideReduce pairs the two.
std::optional<size_t> reduceBesideNarrowed(const FusionContext& c, size_t i) {
  const Step& step = c.graph.steps[i];
  if (step.op->kind != OpKind::convert || c.uses[static_cast<size_t>(step.operands[0])] != 2)
    return std::nullopt;
  const size_t j = otherReader(c, step.operands[0], i);
  if (j >= c.graph.steps.size() || c.graph.steps[j].op->kind != OpKind::reduce ||
      !fusibleReduce(c, j) || narrowedBesideReduce(c, j) != static_cast<int>(i))
    return std::nullopt;
  return j;
}

// A reduce of one f32 operand with a one-op body: the loop computing its operand (absorbing
// single-use elementwise producers, as a fused loop would) folds into the result directly, and
// sibling reduces over the same elements fold in the same pass. An operand also narrowed to bf16
// (narrowedBesideReduce) is computed by this loop, which stores the bf16 copy; the loop then runs
// where the first of the reduce and the convert did.
std::optional<FusedGroup> fuseReduce(FusionContext& c, size_t i) {
  const Step& step = c.graph.steps[i];
  if (!fusibleReduce(c, i)) return std::nullopt;
  const OpKind combiner = *binaryBodyKind(*step.op->regions[0]);
  const ir::TensorType& in = c.graph.slots[static_cast<size_t>(step.operands[0])].type;
  const int rank = static_cast<int>(in.rank());
  IndexMap identity(static_cast<size_t>(rank));
  for (int d = 0; d < rank; ++d) identity[static_cast<size_t>(d)] = {d, 1, 0};
  const int narrowed = narrowedBesideReduce(c, i);
  const size_t root = narrowed >= 0 ? std::min(i, static_cast<size_t>(narrowed)) : i;
  c.claimed[i] = true;
  GroupBuilder builder = c.builder(c.claimed, true, rank);
  std::vector<size_t> members{i};
  // An operand also narrowed has two readers: built as the loop's own value (as a root is), so
  // that its producers are absorbed rather than read back.
  std::vector<LoopReduction> reductions{
      {builder.build(step.operands[0], identity, false, narrowed >= 0),
       step.results[0],
       step.operands[1],
       {},
       0}};
  std::vector<std::pair<int, int>> stored;
  if (narrowed >= 0) {
    const int bf16Copy = c.graph.steps[static_cast<size_t>(narrowed)].results[0];
    stored.push_back({builder.apply(narrowed, {reductions[0].node}), bf16Copy});
  }
  for (size_t j = root; j-- > 0 && j + kSiblingWindow > root;) {
    if (!isSibling(c, j, i, root, builder.leaves)) continue;
    const Step& sibling = c.graph.steps[j];
    c.claimed[j] = true;
    members.push_back(j);
    reductions.push_back({builder.build(sibling.operands[0], identity, false, false),
                          sibling.results[0],
                          sibling.operands[1],
                          {},
                          0});
  }
  // Walk the input in the memory order of the bf16 copy, or else of the first leaf stored in a
  // planned layout.
  std::vector<int64_t> order;
  Leaf loopOut{step.results[0], ElementType::f32, 0, {}}; // unstored
  if (!stored.empty()) {
    const Slot& copy = c.graph.slots[static_cast<size_t>(stored[0].second)];
    order = copy.layout;
    loopOut = Leaf{stored[0].second, ElementType::bf16, 0, slotStrides(copy)};
  }
  for (const Leaf& leaf : builder.leaves) {
    const auto& layout = c.graph.slots[static_cast<size_t>(leaf.slot)].layout;
    if (order.empty() && static_cast<int>(layout.size()) == rank) order = layout;
  }
  const size_t numLeaves = builder.leaves.size();
  for (size_t m = 0; m < members.size(); ++m) {
    const auto& reduced = c.graph.steps[members[m]].op->attrs.dimensions;
    Leaf out{-1, ElementType::f32, 0, std::vector<int64_t>(static_cast<size_t>(rank), 0)};
    int64_t outElements = 1;
    for (int d = rank; d-- > 0;) {
      if (std::find(reduced.begin(), reduced.end(), d) != reduced.end()) continue;
      out.strides[static_cast<size_t>(d)] = outElements;
      outElements *= in.shape[static_cast<size_t>(d)];
    }
    reductions[m].outElements = outElements;
    builder.leaves.push_back(std::move(out));
  }
  if (!stored.empty()) builder.leaves.push_back(loopOut);
  std::vector<int64_t> dims = in.shape;
  permuteDims(dims, builder.leaves, order);
  collapseDims(dims, builder.leaves);
  for (size_t m = 0; m < members.size(); ++m)
    reductions[m].outStrides = std::move(builder.leaves[numLeaves + m].strides);
  if (stored.empty())
    loopOut.strides = ir::stridesOf(dims);
  else
    loopOut = builder.leaves.back();
  builder.leaves.resize(numLeaves);
  auto loop = makeFusedReduce({std::move(builder.nodes), std::move(builder.leaves), std::move(dims),
                               std::move(loopOut), in.numElements()},
                              c.loops, combiner, std::move(reductions), std::move(stored));
  return FusedGroup{static_cast<int>(root), std::move(builder.absorbed), std::move(loop)};
}

namespace {

// Where a piece of a concatenate or pad stores: its loop index i (over `dims`) lands at element
// offset + sum(i[d] * strides[d]) of the result's memory.
struct Block {
  std::vector<int64_t> dims;
  int64_t offset = 0;
  std::vector<int64_t> strides;
};

// One piece: the value `slot`, read at `map` of the piece's index, stored at `block`.
struct PieceSpec {
  int slot;
  IndexMap map;
  Block block;
  bool shared = false; // other pieces read `slot` too (a pad's padding value)
};

IndexMap identityMap(size_t rank) {
  IndexMap map(rank);
  for (size_t d = 0; d < rank; ++d) map[d] = {static_cast<int>(d), 1, 0};
  return map;
}

// The strides of a reshape's operand dims in the block its result is stored at, when the reshape
// only merges runs of adjacent dims or inserts or removes unit dims ([N,C,H,2,W,2] ->
// [N,C,2H,2W]): then every operand index lands at one affine position. nullopt otherwise.
std::optional<std::vector<int64_t>> mergedStrides(const ir::Shape& from, const ir::Shape& to,
                                                  const std::vector<int64_t>& toStrides) {
  std::vector<int64_t> strides(from.size(), 0);
  size_t a = from.size();
  auto nextOuter = [&] {
    while (a > 0 && from[a - 1] == 1) --a;
    return a > 0;
  };
  for (size_t b = to.size(); b-- > 0;) {
    if (to[b] == 1) continue;
    int64_t merged = 1;
    while (merged < to[b]) {
      if (!nextOuter()) return std::nullopt;
      --a;
      strides[a] = toStrides[b] * merged;
      merged *= from[a];
    }
    if (merged != to[b]) return std::nullopt;
  }
  if (nextOuter()) return std::nullopt;
  return strides;
}

// Turns a concatenate into pieces, one per operand, each stored where it lands in the result.
// An operand that only this concatenate reads and that is itself a concatenate, or a merging
// reshape of one, is not materialized: its operands become pieces of this one.
class ConcatPlacer {
public:
  ConcatPlacer(FusionContext& c, std::vector<int>& absorbed) : c_(c), absorbed_(absorbed) {}

  void placeOperands(const Step& concat, const Block& block) {
    const auto dim = static_cast<size_t>(concat.op->attrs.dimension);
    int64_t start = 0;
    for (int operand : concat.operands) {
      const ir::Shape& shape = c_.graph.slots[static_cast<size_t>(operand)].type.shape;
      place(operand, {shape, block.offset + start * block.strides[dim], block.strides});
      start += shape[dim];
    }
  }

  // Places the operands of the concatenate under `reshape`, whose result is stored at `block`,
  // when only the reshape reads it and the reshape merges dims; false otherwise.
  bool placeMerged(const Step& reshape, const Block& block) {
    const int operand = reshape.operands[0];
    const Step* inner = readOnlyHere(operand, OpKind::concatenate);
    const ir::Shape& shape = c_.graph.slots[static_cast<size_t>(operand)].type.shape;
    const ir::Shape& merged = c_.graph.slots[static_cast<size_t>(reshape.results[0])].type.shape;
    auto strides = inner ? mergedStrides(shape, merged, block.strides) : std::nullopt;
    if (!strides) return false;
    take(operand);
    placeOperands(*inner, {shape, block.offset, std::move(*strides)});
    return true;
  }

  std::vector<PieceSpec> pieces;

private:
  void place(int slot, Block block) {
    const ir::TensorType& type = c_.graph.slots[static_cast<size_t>(slot)].type;
    if (type.numElements() == 0) return;
    if (const Step* inner = readOnlyHere(slot, OpKind::concatenate)) {
      take(slot);
      return placeOperands(*inner, block);
    }
    if (const Step* reshape = readOnlyHere(slot, OpKind::reshape);
        reshape && placeMerged(*reshape, block))
      return take(slot);
    pieces.push_back({slot, identityMap(type.shape.size()), std::move(block)});
  }

  // The producer of `slot` when it is a `kind` op whose result only the concatenate being placed
  // reads.
  const Step* readOnlyHere(int slot, OpKind kind) const {
    const Slot& s = c_.graph.slots[static_cast<size_t>(slot)];
    if (s.kind != Slot::Kind::Computed || c_.uses[static_cast<size_t>(slot)] != 1 ||
        c_.isOutput[static_cast<size_t>(slot)])
      return nullptr;
    const Step& step = c_.graph.steps[static_cast<size_t>(s.producer)];
    if (!step.live || c_.claimed[static_cast<size_t>(s.producer)] || step.op->kind != kind)
      return nullptr;
    return &step;
  }

  void take(int slot) {
    const int step = c_.graph.slots[static_cast<size_t>(slot)].producer;
    c_.claimed[static_cast<size_t>(step)] = true;
    absorbed_.push_back(step);
  }

  FusionContext& c_;
  std::vector<int>& absorbed_;
};

// Positions along one dim: start + k * stride for k in [0, count).
struct Range {
  int64_t start, stride, count;
};

// Where the operand of a pad lands along one dim of the result (of `size`): its elements
// [first, first + at.count) at the positions `at`; negative padding crops the operand.
struct Landing {
  int64_t first;
  Range at;
};

Landing landing(int64_t n, int64_t low, int64_t interior, int64_t size) {
  const int64_t stride = interior + 1;
  const int64_t first = low >= 0 ? 0 : (-low + stride - 1) / stride;
  const int64_t reach = size - low; // operand index k lands inside when k * stride < reach
  const int64_t end = reach <= 0 ? 0 : std::min(n, (reach + stride - 1) / stride);
  const int64_t count = std::max<int64_t>(end - first, 0);
  return {first, {low + first * stride, stride, count}};
}

// The positions along one dim of `size` that `at` leaves out: the edges and the interior rows.
std::vector<Range> gaps(const Range& at, int64_t size) {
  if (at.count == 0) return {{0, 1, size}};
  std::vector<Range> out;
  if (at.start > 0) out.push_back({0, 1, at.start});
  for (int64_t k = 1; k < at.stride && at.count > 1; ++k)
    out.push_back({at.start + k, at.stride, at.count - 1});
  const int64_t end = at.start + (at.count - 1) * at.stride + 1;
  if (end < size) out.push_back({end, 1, size - end});
  return out;
}

Block blockOf(const std::vector<Range>& ranges, const std::vector<int64_t>& strides) {
  Block block;
  for (size_t d = 0; d < ranges.size(); ++d) {
    block.dims.push_back(ranges[d].count);
    block.offset += ranges[d].start * strides[d];
    block.strides.push_back(ranges[d].stride * strides[d]);
  }
  return block;
}

// A pad as pieces: the operand at the positions it lands on, and the padding value over the
// blocks it leaves out, which partition the rest of the result: for each dim d, d's gaps along
// d, the operand's positions along the dims before d, and everything along the dims after it.
std::vector<PieceSpec> padPieces(const Graph& graph, const Step& step) {
  const ir::Attributes& a = step.op->attrs;
  const Slot& result = graph.slots[static_cast<size_t>(step.results[0])];
  const ir::Shape& shape = graph.slots[static_cast<size_t>(step.operands[0])].type.shape;
  const std::vector<int64_t> strides = slotStrides(result);
  std::vector<Range> landed, whole;
  IndexMap map;
  for (size_t d = 0; d < shape.size(); ++d) {
    const int64_t size = result.type.shape[d];
    Landing l = landing(shape[d], a.edgePaddingLow[d], a.interiorPadding[d], size);
    landed.push_back(l.at);
    whole.push_back({0, 1, size});
    map.push_back({static_cast<int>(d), 1, l.first});
  }
  std::vector<PieceSpec> pieces{{step.operands[0], map, blockOf(landed, strides)}};
  for (size_t d = 0; d < shape.size(); ++d) {
    for (const Range& gap : gaps(landed[d], result.type.shape[d])) {
      std::vector<Range> ranges(landed.begin(), landed.begin() + static_cast<ptrdiff_t>(d));
      ranges.push_back(gap);
      ranges.insert(ranges.end(), whole.begin() + static_cast<ptrdiff_t>(d) + 1, whole.end());
      pieces.push_back({step.operands[1], {}, blockOf(ranges, strides), true});
    }
    if (landed[d].count == 0) break; // the later dims' gaps lie inside this one
  }
  return pieces;
}

int64_t elementsOf(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

// The loop computing one piece's value, absorbing what a fused loop would, and storing it in
// its block of `out`.
LoopProgram pieceLoop(FusionContext& c, PieceSpec& spec, int out, std::vector<int>& absorbed) {
  GroupBuilder builder = c.builder(c.claimed, true, static_cast<int>(spec.block.dims.size()));
  builder.build(spec.slot, spec.map, false, false, spec.shared);
  absorbed.insert(absorbed.end(), builder.absorbed.begin(), builder.absorbed.end());
  Leaf to{out, ElementType::f32, spec.block.offset, std::move(spec.block.strides)};
  const int64_t elements = elementsOf(spec.block.dims);
  inStoreOrder(spec.block.dims, builder.leaves, to);
  return {std::move(builder.nodes), std::move(builder.leaves), std::move(spec.block.dims),
          std::move(to), elements};
}

// One piece of another element type: its views absorbed, the rest read as a strided leaf.
CopyPiece pieceCopy(FusionContext& c, PieceSpec& spec, int out, std::vector<int>& absorbed) {
  GroupBuilder builder = c.builder(c.claimed, false, static_cast<int>(spec.block.dims.size()));
  builder.build(spec.slot, spec.map, false, false, spec.shared);
  absorbed.insert(absorbed.end(), builder.absorbed.begin(), builder.absorbed.end());
  const ElementType type = c.graph.slots[static_cast<size_t>(out)].type.elementType;
  Leaf to{out, type, spec.block.offset, std::move(spec.block.strides)};
  inStoreOrder(spec.block.dims, builder.leaves, to);
  return {std::move(builder.leaves.at(0)), std::move(to), std::move(spec.block.dims)};
}

// The pieces of a concatenate, a pad, or a merging reshape of a concatenate (an upsample
// returned as it is), stored at their blocks of the step's result; nullopt for other steps.
std::optional<std::vector<PieceSpec>> piecesOf(FusionContext& c, const Step& step,
                                               std::vector<int>& absorbed) {
  const Slot& result = c.graph.slots[static_cast<size_t>(step.results[0])];
  const Block whole{result.type.shape, 0, slotStrides(result)};
  ConcatPlacer placer(c, absorbed);
  switch (step.op->kind) {
  case OpKind::pad:
    return padPieces(c.graph, step);
  case OpKind::concatenate:
    placer.placeOperands(step, whole);
    return std::move(placer.pieces);
  case OpKind::reshape:
    if (!placer.placeMerged(step, whole)) return std::nullopt;
    return std::move(placer.pieces);
  default:
    return std::nullopt;
  }
}

} // namespace

// A concatenate or pad as one kernel of pieces, each stored straight into its block of the
// result in the result's planned layout.
std::optional<FusedGroup> fusePieces(FusionContext& c, size_t i) {
  const Step& step = c.graph.steps[i];
  if (c.claimed[i] || !step.live || step.results.size() != 1) return std::nullopt;
  std::vector<int> absorbed;
  std::optional<std::vector<PieceSpec>> specs = piecesOf(c, step, absorbed);
  if (!specs) return std::nullopt;
  c.claimed[i] = true;
  std::erase_if(*specs, [](const PieceSpec& spec) { return elementsOf(spec.block.dims) == 0; });
  const int out = step.results[0];
  const ir::TensorType& type = c.graph.slots[static_cast<size_t>(out)].type;
  const std::string kind = step.op->kind == OpKind::pad ? "pad" : "concat";
  std::unique_ptr<Kernel> kernel;
  if (type.elementType == ElementType::f32) {
    std::vector<LoopProgram> loops;
    for (PieceSpec& spec : *specs) loops.push_back(pieceLoop(c, spec, out, absorbed));
    kernel = makePiecesKernel(kind, type, out, std::move(loops), c.loops);
  } else {
    std::vector<CopyPiece> copies;
    for (PieceSpec& spec : *specs) copies.push_back(pieceCopy(c, spec, out, absorbed));
    kernel = makeCopyPiecesKernel(kind, type, out, std::move(copies), c.loops.threads);
  }
  return FusedGroup{static_cast<int>(i), std::move(absorbed), std::move(kernel)};
}

// A reshape keeps its elements' row-major order, so a row-major reshape of a value computed only
// for it (a head transpose merged back into [B, T, D]) is that value's loop over its own dims,
// stored at the reshape's slot: one pass instead of storing the value and copying it.
bool reshapedInPlace(const FusionContext& c, const Step& step) {
  if (step.op->kind != OpKind::reshape) return false;
  const Slot& result = c.graph.slots[static_cast<size_t>(step.results[0])];
  if (slotStrides(result) != ir::stridesOf(result.type.shape)) return false;
  const int operand = step.operands[0];
  const Slot& value = c.graph.slots[static_cast<size_t>(operand)];
  if (value.kind != Slot::Kind::Computed || value.type.elementType != result.type.elementType ||
      c.uses[static_cast<size_t>(operand)] != 1 || c.isOutput[static_cast<size_t>(operand)])
    return false;
  const Step& producer = c.graph.steps[static_cast<size_t>(value.producer)];
  return producer.live && !c.claimed[static_cast<size_t>(value.producer)] &&
         producer.results.size() == 1 && producer.op->kind != OpKind::reshape &&
         (isView(producer.op->kind) || fusibleElementwise(*producer.op));
}

std::vector<FusedGroup> fuseElementwise(const Graph& graph, std::vector<bool>& claimed,
                                        const LoopOptions& options) {
  FusionContext c{graph,
                  claimed,
                  graph.useCounts(),
                  std::vector<bool>(graph.slots.size(), false),
                  {},
                  std::vector<size_t>(graph.slots.size(), graph.steps.size()),
                  options};
  for (int s : graph.outputs) c.isOutput[static_cast<size_t>(s)] = true;
  c.recomputed = recomputedValues(graph, claimed, c.isOutput);
  for (size_t i = graph.steps.size(); i-- > 0;)
    if (graph.steps[i].live)
      for (int s : graph.steps[i].operands) c.firstReader[static_cast<size_t>(s)] = i;
  std::vector<FusedGroup> groups;
  for (size_t i = graph.steps.size(); i-- > 0;) {
    const Step& step = graph.steps[i];
    if (!step.live || claimed[i] || step.results.size() != 1) continue;
    const ir::Op& op = *step.op;
    if (auto reduce = reduceBesideNarrowed(c, i)) {
      groups.push_back(std::move(*fuseReduce(c, *reduce)));
      continue;
    }
    if (auto group = fuseReduce(c, i)) {
      groups.push_back(std::move(*group));
      continue;
    }
    if (auto group = fusePieces(c, i)) {
      groups.push_back(std::move(*group));
      continue;
    }
    const ir::TensorType& type = graph.slots[static_cast<size_t>(step.results[0])].type;
    bool registers = inRegisters(type.elementType) && (isView(op.kind) || fusibleElementwise(op));
    if (!registers && !isView(op.kind)) continue;
    // What the loop computes over its own dims: the result, or a reshape's operand (see
    // reshapedInPlace), stored in the reshape's slot.
    const int computed = registers && reshapedInPlace(c, step) ? step.operands[0] : step.results[0];
    const ir::TensorType& computedType = graph.slots[static_cast<size_t>(computed)].type;
    int rank = static_cast<int>(computedType.rank());
    GroupBuilder builder = c.builder(claimed, registers, rank);
    if (computed == step.results[0])
      builder.storeAlongside(step.results[0]);
    else
      builder.takeStep(static_cast<int>(i));
    IndexMap identity(static_cast<size_t>(rank));
    for (int d = 0; d < rank; ++d) identity[static_cast<size_t>(d)] = {d, 1, 0};
    builder.build(computed, identity, false, true);
    std::vector<int64_t> dims = computedType.shape;
    std::unique_ptr<Kernel> kernel;
    if (registers) {
      const Slot& result = graph.slots[static_cast<size_t>(step.results[0])];
      Leaf out{step.results[0], type.elementType, 0,
               computed == step.results[0] ? slotStrides(result) : ir::stridesOf(dims)};
      inStoreOrder(dims, builder.leaves, out);
      kernel = makeFusedLoop({std::move(builder.nodes), std::move(builder.leaves), std::move(dims),
                              std::move(out), type.numElements()},
                             options, std::move(builder.coOutputs));
    } else {
      kernel = makeCopyKernel(builder.leaves.at(0), type, step.results[0], options.threads);
    }
    groups.push_back({static_cast<int>(i), std::move(builder.absorbed), std::move(kernel)});
  }
  return groups;
}

} // namespace hlotrain::cpu::plan

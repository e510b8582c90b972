#include "lower/cpu/Plan.h"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>

#include "support/Error.h"

namespace hlotrain::cpu::plan {

namespace {

constexpr int kMaxCallDepth = 64;

class Flattener {
public:
  explicit Flattener(const ir::Module& module) : module_(module) {}

  Graph run(const ir::Function& function) {
    std::vector<int> args;
    for (const auto& arg : function.body.args) {
      Slot slot;
      slot.type = arg->type;
      slot.kind = Slot::Kind::Input;
      slot.input = static_cast<int>(graph_.inputs.size());
      graph_.inputs.push_back(addSlot(std::move(slot)));
      args.push_back(graph_.inputs.back());
    }
    graph_.outputs = inlineBody(function, args, 0);
    return std::move(graph_);
  }

private:
  int addSlot(Slot slot) {
    graph_.slots.push_back(std::move(slot));
    return static_cast<int>(graph_.slots.size()) - 1;
  }

  // Appends the steps of `function` with its arguments bound to `args`; returns its results.
  std::vector<int> inlineBody(const ir::Function& function, const std::vector<int>& args,
                              int depth) {
    if (depth > kMaxCallDepth)
      throw UnsupportedError("cpu: call depth exceeds " + std::to_string(kMaxCallDepth) + " at @" +
                             function.name + " (recursive calls are not supported)");
    std::unordered_map<const ir::Value*, int> slotOf;
    for (size_t i = 0; i < function.body.args.size(); ++i)
      slotOf[function.body.args[i].get()] = args.at(i);
    auto lookup = [&](const ir::Value* v) {
      auto it = slotOf.find(v);
      if (it == slotOf.end())
        throw UnsupportedError("cpu: @" + function.name + " uses a value defined outside it");
      return it->second;
    };
    for (const auto& opPtr : function.body.ops) {
      const ir::Op& op = *opPtr;
      std::vector<int> operands;
      for (const ir::Value* v : op.operands) operands.push_back(lookup(v));
      if (op.kind == ir::OpKind::constant) {
        Slot slot;
        slot.type = op.result()->type;
        slot.kind = Slot::Kind::Constant;
        slot.constant = &op.attrs.value;
        slotOf[op.result()] = addSlot(std::move(slot));
        continue;
      }
      if (op.kind == ir::OpKind::call) {
        const ir::Function* callee = module_.lookup(op.attrs.callee);
        if (!callee) throw UnsupportedError("cpu: call to unknown function @" + op.attrs.callee);
        std::vector<int> results = inlineBody(*callee, operands, depth + 1);
        for (size_t i = 0; i < op.results.size() && i < results.size(); ++i)
          slotOf[op.results[i].get()] = results[i];
        continue;
      }
      Step step;
      step.op = &op;
      step.operands = std::move(operands);
      int stepIndex = static_cast<int>(graph_.steps.size());
      for (const auto& result : op.results) {
        Slot slot;
        slot.type = result->type;
        slot.producer = stepIndex;
        int id = addSlot(std::move(slot));
        step.results.push_back(id);
        slotOf[result.get()] = id;
      }
      graph_.steps.push_back(std::move(step));
    }
    std::vector<int> results;
    for (const ir::Value* v : function.body.results) results.push_back(lookup(v));
    return results;
  }

  const ir::Module& module_;
  Graph graph_;
};

} // namespace

std::vector<int> Graph::useCounts() const {
  std::vector<int> counts(slots.size(), 0);
  for (const Step& step : steps)
    if (step.live)
      for (int s : step.operands) ++counts[static_cast<size_t>(s)];
  for (int s : outputs) ++counts[static_cast<size_t>(s)];
  return counts;
}

Graph flatten(const ir::Module& module, const ir::Function& function) {
  return Flattener(module).run(function);
}

void eliminateDeadSteps(Graph& graph) {
  std::vector<int> uses = graph.useCounts();
  for (size_t i = graph.steps.size(); i-- > 0;) {
    Step& step = graph.steps[i];
    if (!step.live || ir::isCheck(step.op->kind)) continue;
    bool used = std::any_of(step.results.begin(), step.results.end(),
                            [&](int s) { return uses[static_cast<size_t>(s)] > 0; });
    if (used) continue;
    step.live = false;
    for (int s : step.operands) --uses[static_cast<size_t>(s)];
  }
}

void mergeDuplicateConverts(Graph& graph) {
  std::vector<bool> isOutput(graph.slots.size(), false);
  for (int s : graph.outputs) isOutput[static_cast<size_t>(s)] = true;
  std::vector<int> replacement(graph.slots.size(), -1);
  std::map<std::pair<int, ir::ElementType>, int> firstConvert; // (operand, to) -> result
  for (Step& step : graph.steps) {
    if (!step.live) continue;
    for (int& s : step.operands)
      if (replacement[static_cast<size_t>(s)] >= 0) s = replacement[static_cast<size_t>(s)];
    if (step.op->kind != ir::OpKind::convert) continue;
    const int result = step.results[0];
    const auto key =
        std::pair{step.operands[0], graph.slots[static_cast<size_t>(result)].type.elementType};
    auto [first, inserted] = firstConvert.try_emplace(key, result);
    if (inserted || isOutput[static_cast<size_t>(result)]) continue;
    replacement[static_cast<size_t>(result)] = first->second;
    step.live = false;
  }
}

namespace {

// One byte range to place: live over kernels [first, last], `bytes` long; `slot` or `kernel`.
struct Range {
  size_t first, last, bytes;
  int slot = -1, kernel = -1;
  size_t offset = 0;
};

// Places `ranges` (sorted largest first): each goes into the smallest gap between the ranges
// already placed that are live at the same time, or above them all. Returns the arena size.
size_t placeRanges(std::vector<Range>& ranges) {
  size_t arena = 0;
  std::vector<const Range*> placed, overlapping;
  for (Range& r : ranges) {
    overlapping.clear();
    for (const Range* p : placed)
      if (p->first <= r.last && r.first <= p->last) overlapping.push_back(p);
    std::sort(overlapping.begin(), overlapping.end(),
              [](const Range* a, const Range* b) { return a->offset < b->offset; });
    size_t bestGap = ~size_t(0), end = 0;
    std::optional<size_t> at;
    for (const Range* p : overlapping) {
      if (p->offset > end) {
        size_t gap = p->offset - end;
        if (gap >= r.bytes && gap < bestGap) {
          bestGap = gap;
          at = end;
        }
      }
      end = std::max(end, p->offset + p->bytes);
    }
    r.offset = at.value_or(end);
    arena = std::max(arena, r.offset + r.bytes);
    placed.push_back(&r);
  }
  return arena;
}

} // namespace

BufferPlan assignBuffers(const Graph& graph, const std::vector<std::unique_ptr<Kernel>>& kernels) {
  const size_t numSlots = graph.slots.size();
  constexpr size_t kForever = ~size_t(0);
  std::vector<size_t> lastRead(numSlots, 0);
  for (size_t k = 0; k < kernels.size(); ++k)
    for (int s : kernels[k]->reads) lastRead[static_cast<size_t>(s)] = k;
  for (int s : graph.outputs) lastRead[static_cast<size_t>(s)] = kForever;

  BufferPlan plan;
  plan.slotOffset.assign(numSlots, -1);
  plan.scratchOffset.assign(kernels.size(), -1);
  std::vector<Range> ranges;
  std::vector<bool> placed(numSlots, false);
  for (size_t k = 0; k < kernels.size(); ++k) {
    for (int s : kernels[k]->writes) {
      auto slot = static_cast<size_t>(s);
      // Function outputs are written straight into the result tensors run() returns.
      if (placed[slot] || lastRead[slot] == kForever) continue;
      placed[slot] = true;
      ranges.push_back({k, std::max(lastRead[slot], k),
                        BufferPlan::aligned(graph.slots[slot].type.byteSize()), s, -1, 0});
    }
    if (kernels[k]->scratchBytes > 0) {
      ranges.push_back(
          {k, k, BufferPlan::aligned(kernels[k]->scratchBytes), -1, static_cast<int>(k), 0});
      plan.largestScratchBytes = std::max(plan.largestScratchBytes, ranges.back().bytes);
    }
  }
  std::vector<int64_t> liveDelta(kernels.size() + 1, 0);
  for (const Range& r : ranges) {
    liveDelta[r.first] += static_cast<int64_t>(r.bytes);
    liveDelta[r.last + 1] -= static_cast<int64_t>(r.bytes);
  }
  int64_t live = 0;
  for (int64_t delta : liveDelta)
    plan.peakLiveBytes = std::max(plan.peakLiveBytes, static_cast<size_t>(live += delta));
  std::stable_sort(ranges.begin(), ranges.end(),
                   [](const Range& a, const Range& b) { return a.bytes > b.bytes; });
  plan.arenaBytes = placeRanges(ranges);
  for (const Range& r : ranges) {
    if (r.slot >= 0) plan.slotOffset[static_cast<size_t>(r.slot)] = static_cast<int64_t>(r.offset);
    if (r.kernel >= 0)
      plan.scratchOffset[static_cast<size_t>(r.kernel)] = static_cast<int64_t>(r.offset);
  }
  return plan;
}

std::vector<int64_t> slotStrides(const Slot& slot) {
  if (slot.layout.empty()) return ir::stridesOf(slot.type.shape);
  std::vector<int64_t> strides(slot.type.shape.size());
  int64_t stride = 1;
  for (size_t k = slot.layout.size(); k-- > 0;) {
    auto d = static_cast<size_t>(slot.layout[k]);
    strides[d] = stride;
    stride *= slot.type.shape[d];
  }
  return strides;
}

std::string describeSlot(const Graph& graph, int slot) {
  const Slot& s = graph.slots.at(static_cast<size_t>(slot));
  std::string text = "%" + std::to_string(slot) + ":" + ir::toString(s.type);
  if (!s.layout.empty()) {
    text += "{";
    for (size_t k = 0; k < s.layout.size(); ++k)
      text += (k ? "," : "") + std::to_string(s.layout[k]);
    text += "}";
  }
  if (s.kind == Slot::Kind::Input) text += "(arg" + std::to_string(s.input) + ")";
  if (s.kind == Slot::Kind::Constant) text += "(const)";
  return text;
}

} // namespace hlotrain::cpu::plan

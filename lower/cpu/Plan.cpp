#include "lower/cpu/Plan.h"

#include <algorithm>
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

BufferPlan assignBuffers(const Graph& graph, const std::vector<std::unique_ptr<Kernel>>& kernels) {
  const size_t numSlots = graph.slots.size();
  constexpr size_t kForever = ~size_t(0);
  std::vector<size_t> lastRead(numSlots, 0);
  for (size_t k = 0; k < kernels.size(); ++k)
    for (int s : kernels[k]->reads) lastRead[static_cast<size_t>(s)] = k;
  for (int s : graph.outputs) lastRead[static_cast<size_t>(s)] = kForever;

  BufferPlan plan;
  plan.slotBuffer.assign(numSlots, -1);
  std::vector<int> freeBuffers;
  std::vector<std::vector<int>> releaseAfter(kernels.size());
  for (size_t k = 0; k < kernels.size(); ++k) {
    for (int s : kernels[k]->writes) {
      auto slot = static_cast<size_t>(s);
      // Function outputs are written straight into the result tensors run() returns.
      if (plan.slotBuffer[slot] >= 0 || lastRead[slot] == kForever) continue;
      size_t bytes = graph.slots[slot].type.byteSize();
      // Best fit among the free buffers; grow the smallest one when none is large enough.
      auto best = freeBuffers.end();
      for (auto it = freeBuffers.begin(); it != freeBuffers.end(); ++it) {
        size_t have = plan.bufferBytes[static_cast<size_t>(*it)];
        if (have >= bytes &&
            (best == freeBuffers.end() || have < plan.bufferBytes[static_cast<size_t>(*best)]))
          best = it;
      }
      int buffer;
      if (best != freeBuffers.end()) {
        buffer = *best;
        freeBuffers.erase(best);
      } else {
        buffer = static_cast<int>(plan.bufferBytes.size());
        plan.bufferBytes.push_back(bytes);
      }
      plan.slotBuffer[slot] = buffer;
      releaseAfter[std::max(lastRead[slot], k)].push_back(buffer);
    }
    // Released after this kernel's writes were placed: a kernel never reads and writes one buffer.
    for (int b : releaseAfter[k]) freeBuffers.push_back(b);
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

#include "lower/cpu/GraphMatcher.h"

#include <algorithm>

#include "lower/cpu/Kernels.h"

namespace hlotrain::cpu::plan {

using ir::ElementType;
using ir::OpKind;

GraphMatcher::GraphMatcher(const Graph& graph)
    : graph_(graph), uses_(graph.useCounts()), isOutput_(graph.slots.size(), false),
      reader_(graph.slots.size(), -1) {
  for (int s : graph.outputs) isOutput_[static_cast<size_t>(s)] = true;
  for (size_t i = 0; i < graph.steps.size(); ++i)
    if (graph.steps[i].live)
      for (int s : graph.steps[i].operands) reader_[static_cast<size_t>(s)] = static_cast<int>(i);
}

const Step* GraphMatcher::producer(int slot, OpKind kind) const {
  const Slot& s = graph_.slots[static_cast<size_t>(slot)];
  if (s.kind != Slot::Kind::Computed) return nullptr;
  const Step& step = graph_.steps[static_cast<size_t>(s.producer)];
  return step.live && step.op->kind == kind && step.results.size() == 1 ? &step : nullptr;
}

const Step* GraphMatcher::soleProducer(int slot, OpKind kind) const {
  return readOnlyBy(slot, 1) ? producer(slot, kind) : nullptr;
}

bool GraphMatcher::readOnlyBy(int slot, int count) const {
  return uses_[static_cast<size_t>(slot)] == count && !isOutput_[static_cast<size_t>(slot)];
}

int GraphMatcher::soleReader(int slot) const {
  return readOnlyBy(slot, 1) ? reader_[static_cast<size_t>(slot)] : -1;
}

bool GraphMatcher::readBefore(int before, const std::vector<int>& slots,
                              const std::vector<int>& excluded) const {
  for (int i = 0; i < before; ++i) {
    const Step& s = graph_.steps[static_cast<size_t>(i)];
    if (!s.live || std::find(excluded.begin(), excluded.end(), i) != excluded.end()) continue;
    for (int operand : s.operands)
      if (std::find(slots.begin(), slots.end(), operand) != slots.end()) return true;
  }
  return false;
}

std::optional<float> GraphMatcher::splat(int slot) const {
  if (type(slot).elementType != ElementType::f32) return std::nullopt;
  if (const Step* b = producer(slot, OpKind::broadcast_in_dim)) slot = b->operands[0];
  const Slot& s = graph_.slots[static_cast<size_t>(slot)];
  if (s.kind != Slot::Kind::Constant) return std::nullopt;
  return splatValue(*s.constant);
}

int GraphMatcher::columnVector(int wide, int64_t axis) const {
  const Step* broadcast = producer(wide, OpKind::broadcast_in_dim);
  if (!broadcast) return -1;
  const int vector = broadcast->operands[0];
  if (broadcast->op->attrs.dimensions != std::vector<int64_t>{axis} || !rowMajorF32(vector) ||
      type(vector).shape != ir::Shape{type(wide).shape[static_cast<size_t>(axis)]})
    return -1;
  return vector;
}

bool GraphMatcher::rowsAlong(int slot, int64_t axis, ElementType elementType) const {
  const Slot& s = graph_.slots[static_cast<size_t>(slot)];
  if (s.type.elementType != elementType || s.type.numElements() == 0) return false;
  std::vector<int64_t> rows;
  for (int64_t d = 0; d < s.type.rank(); ++d)
    if (d != axis) rows.push_back(d);
  if (s.type.rank() > 0) rows.push_back(axis);
  std::vector<int64_t> order = s.layout;
  if (order.empty())
    for (int64_t d = 0; d < s.type.rank(); ++d) order.push_back(d);
  return order == rows;
}

int64_t GraphMatcher::innermostDim(int slot) const {
  const Slot& s = graph_.slots[static_cast<size_t>(slot)];
  return s.layout.empty() ? s.type.rank() - 1 : s.layout.back();
}

} // namespace hlotrain::cpu::plan

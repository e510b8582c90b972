#include "grad/Vjp.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "support/Error.h"

namespace hlotrain::grad {

using namespace ir;

Value* zerosLike(Builder& b, const TensorType& type) {
  Value* zero = b.splat(TensorType{type.elementType, {}}, 0.0);
  return type.rank() == 0 ? zero : b.broadcastInDim(zero, type.shape, {});
}

namespace {

// A rule builds the cotangents of all its operands; those of operands that depend on nothing in
// `wrt` (a net's input, say: the first convolution's backward-data) are dropped, so the ops that
// computed only them are removed from the backward part, ops [firstBackward, end), before the
// graph is printed: no artifact carries an unused convolution.
void removeDeadBackwardOps(Region& region, size_t firstBackward, std::span<Value* const> grads) {
  std::unordered_set<const Value*> live(grads.begin(), grads.end());
  std::vector<bool> keep(region.ops.size(), true);
  for (size_t i = region.ops.size(); i-- > firstBackward;) {
    const Op& op = *region.ops[i];
    keep[i] = std::any_of(op.results.begin(), op.results.end(),
                          [&](const auto& r) { return live.count(r.get()) > 0; });
    if (keep[i]) live.insert(op.operands.begin(), op.operands.end());
  }
  size_t kept = firstBackward;
  for (size_t i = firstBackward; i < region.ops.size(); ++i)
    if (keep[i]) region.ops[kept++] = std::move(region.ops[i]);
  region.ops.resize(kept);
}

} // namespace

std::vector<Value*> vjp(Builder& b, std::span<Value* const> outputs, std::span<Value* const> seeds,
                        std::span<Value* const> wrt,
                        const std::unordered_set<const Value*>& constants,
                        const CustomVjps& customs) {
  if (outputs.size() != seeds.size())
    throw VerifyError("vjp: " + std::to_string(outputs.size()) + " outputs but " +
                      std::to_string(seeds.size()) + " seeds");
  // Snapshot: the rules append ops to the same region while we walk it.
  std::vector<Op*> forward;
  for (auto& op : b.region().ops) forward.push_back(op.get());

  std::unordered_set<const Value*> dependsOnWrt(wrt.begin(), wrt.end());
  for (Op* op : forward) {
    bool depends = false;
    for (const Value* v : op->operands)
      if (dependsOnWrt.count(v) && !constants.count(v)) depends = true;
    if (depends)
      for (auto& r : op->results) dependsOnWrt.insert(r.get());
  }

  std::unordered_map<const Value*, Value*> cotangent;
  auto accumulate = [&](const Value* v, Value* ct) {
    auto [it, inserted] = cotangent.emplace(v, ct);
    if (!inserted) it->second = b.add(it->second, ct);
  };
  auto propagate = [&](std::span<Value* const> inputs, const std::vector<Value*>& cts) {
    for (size_t k = 0; k < inputs.size(); ++k) {
      const Value* input = inputs[k];
      if (cts[k] != nullptr && dependsOnWrt.count(input) && !constants.count(input))
        accumulate(input, cts[k]);
    }
  };
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (seeds[i]->type != outputs[i]->type)
      throw VerifyError("vjp: seed " + toString(seeds[i]->type) + " for output " +
                        toString(outputs[i]->type));
    accumulate(outputs[i], seeds[i]);
  }

  for (auto it = forward.rbegin(); it != forward.rend(); ++it) {
    const Op& op = **it;
    std::vector<Value*> resultCts;
    bool any = false;
    for (auto& r : op.results) {
      auto found = cotangent.find(r.get());
      Value* ct =
          found == cotangent.end() || !dependsOnWrt.count(r.get()) ? nullptr : found->second;
      if (auto custom = customs.find(r.get()); ct != nullptr && custom != customs.end()) {
        const CustomVjp& c = custom->second;
        std::vector<Value*> inputCts = c.rule(b, ct);
        if (inputCts.size() != c.inputs.size())
          throw VerifyError("vjp: custom rule gives " + std::to_string(inputCts.size()) +
                            " cotangents for " + std::to_string(c.inputs.size()) + " inputs");
        for (size_t k = 0; k < inputCts.size(); ++k)
          if (inputCts[k] != nullptr && inputCts[k]->type != c.inputs[k]->type)
            throw VerifyError("vjp: custom rule gives " + toString(inputCts[k]->type) +
                              " for an input of type " + toString(c.inputs[k]->type));
        propagate(c.inputs, inputCts);
        ct = nullptr;
      }
      any = any || ct != nullptr;
      resultCts.push_back(ct);
    }
    if (!any) continue;
    propagate(op.operands, applyRule(b, op, resultCts));
  }

  std::vector<Value*> grads;
  for (Value* w : wrt) {
    auto found = cotangent.find(w);
    grads.push_back(found != cotangent.end() ? found->second : zerosLike(b, w->type));
  }
  removeDeadBackwardOps(b.region(), forward.size(), grads);
  return grads;
}

} // namespace hlotrain::grad

#pragma once
// Reverse-mode autodiff over the IR: one VJP rule per differentiable op (grad/Rules.cpp) and a
// small driver that walks the region backwards and accumulates cotangents.

#include <functional>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/Builder.h"

namespace hlotrain::grad {

// A value whose VJP is given whole instead of derived from the ops that compute it (as JAX's
// custom_vjp): `rule` maps the value's cotangent to the cotangents of `inputs` (nullptr where an
// input gets none). No cotangent flows from the value into the ops that compute it, so the rule
// must account for every path from the inputs to the value.
struct CustomVjp {
  std::vector<ir::Value*> inputs;
  std::function<std::vector<ir::Value*>(ir::Builder&, ir::Value*)> rule;
};
using CustomVjps = std::unordered_map<const ir::Value*, CustomVjp>;

// Appends to the builder's region the ops that compute, for each value in `wrt`, the vector-
// Jacobian product of `outputs` with the cotangents `seeds` (one per output, same type). Values in
// `constants` are treated as constants (stop-gradient). A wrt value the outputs do not depend on
// gets a zero cotangent. Values in `customs` take their rule's VJP. Throws UnsupportedError when a
// needed op has no VJP rule.
std::vector<ir::Value*> vjp(ir::Builder& b, std::span<ir::Value* const> outputs,
                            std::span<ir::Value* const> seeds, std::span<ir::Value* const> wrt,
                            const std::unordered_set<const ir::Value*>& constants = {},
                            const CustomVjps& customs = {});

// The VJP rule of one op: the cotangents of its operands (nullptr where an operand gets none)
// given the cotangents of its results (nullptr for results that received none).
std::vector<ir::Value*> applyRule(ir::Builder& b, const ir::Op& op,
                                  std::span<ir::Value* const> resultCotangents);

// Zeros of a type, as a broadcast scalar (a splat constant of the full size would bloat the text).
ir::Value* zerosLike(ir::Builder& b, const ir::TensorType& type);

} // namespace hlotrain::grad

#pragma once
// Reverse-mode autodiff over the IR: one VJP rule per differentiable op (grad/Rules.cpp) and a
// small driver that walks the region backwards and accumulates cotangents.

#include <span>
#include <unordered_set>
#include <vector>

#include "ir/Builder.h"

namespace hlotrain::grad {

// Appends to the builder's region the ops that compute, for each value in `wrt`, the vector-
// Jacobian product of `outputs` with the cotangents `seeds` (one per output, same type). Values in
// `constants` are treated as constants (stop-gradient). A wrt value the outputs do not depend on
// gets a zero cotangent. Throws UnsupportedError when a needed op has no VJP rule.
std::vector<ir::Value*> vjp(ir::Builder& b, std::span<ir::Value* const> outputs,
                            std::span<ir::Value* const> seeds, std::span<ir::Value* const> wrt,
                            const std::unordered_set<const ir::Value*>& constants = {});

// The VJP rule of one op: the cotangents of its operands (nullptr where an operand gets none)
// given the cotangents of its results (nullptr for results that received none).
std::vector<ir::Value*> applyRule(ir::Builder& b, const ir::Op& op,
                                  std::span<ir::Value* const> resultCotangents);

// Zeros of a type, as a broadcast scalar (a splat constant of the full size would bloat the text).
ir::Value* zerosLike(ir::Builder& b, const ir::TensorType& type);

} // namespace hlotrain::grad

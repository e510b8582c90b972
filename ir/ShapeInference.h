#pragma once
// Result types of every op, in one place: used by the Builder when ops are made, by the parser to
// check the types written in the text, and by the verifier.

#include <vector>

#include "ir/Op.h"

namespace hlotrain::ir {

// Infers `op`'s result types from its operands, attributes and regions, and checks every
// constraint of the StableHLO spec for the op (ranks, dimension ranges, element types). For ops
// whose operands do not determine the result (iota, reshape, broadcast_in_dim, convert,
// dot_general/convolution element type, call) the types in `declared` are checked and used.
// `module` resolves call callees. Throws VerifyError naming the op and the problem.
std::vector<TensorType> inferResultTypes(const Op& op, const std::vector<TensorType>& declared,
                                         const Module* module);

// Fills defaults into window-like attribute vectors (strides 1, padding 0, dilations 1, ...) for
// the op's rank, so every consumer sees full-length vectors.
void normalizeAttributes(OpKind kind, Attributes& attrs, const std::vector<Value*>& operands);

} // namespace hlotrain::ir

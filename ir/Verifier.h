#pragma once

#include "ir/Op.h"

namespace hlotrain::ir {

// Checks a whole module: every op's types re-inferred and equal to its results, operands defined
// before use in the same region (or as region arguments), regions' result types, callees present
// with matching signatures, a unique function per name. Throws VerifyError naming the function,
// the op's position and the problem.
void verify(const Module& module);

} // namespace hlotrain::ir

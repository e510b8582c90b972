#pragma once
// The reference interpreter: each op written plainly from the StableHLO spec, on every element
// type of the subset. It is the oracle the fast path is tested against; it favours being
// obviously right over speed.

#include <span>
#include <vector>

#include "ir/Op.h"
#include "lower/cpu/Checks.h"
#include "lower/cpu/Replicas.h"

namespace hlotrain::cpu {

// Evaluates one op on operand values (regions and callees are evaluated recursively). The
// collectives (all_reduce) and replica_id run as `replica` among its replicas.
std::vector<ir::Tensor> evaluateOp(const ir::Op& op, std::span<const ir::Tensor> operands,
                                   const ir::Module* module, CheckLog* checks = nullptr,
                                   const Replica& replica = {});

// Runs `function` on `inputs`; check ops are evaluated into `checks` when given.
// Throws RuntimeError when the inputs do not match the function's argument types.
std::vector<ir::Tensor> interpret(const ir::Module& module, const ir::Function& function,
                                  std::span<const ir::Tensor> inputs, CheckLog* checks = nullptr,
                                  const Replica& replica = {});

} // namespace hlotrain::cpu

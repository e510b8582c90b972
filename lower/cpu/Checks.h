#pragma once
// The `check` conventions of the StableHLO test suites, shared by the reference interpreter and
// the fast path so both judge results the same way.

#include <optional>
#include <span>
#include <string>

#include "ir/Op.h"

namespace hlotrain::cpu {

struct CheckFailure {
  std::string op;       // e.g. "check.expect_close"
  int64_t elementIndex; // flat row-major index of the first mismatching element (-1: type/shape)
  std::string actual, expected;
  std::string detail; // tolerance or ULP distance that was exceeded
};

struct CheckLog {
  int passed = 0;
  std::optional<CheckFailure> firstFailure;
};

// Evaluates a check op (ir::isCheck(op.kind)) on its operand values; records the outcome.
// Also handles `stablehlo.custom_call @check.*`, which the parser maps to the same op kinds.
void evaluateCheck(const ir::Op& op, std::span<const ir::Tensor> operands, CheckLog& log);

} // namespace hlotrain::cpu

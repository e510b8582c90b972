#pragma once
// What the fast path's kernels share beyond the plan itself (Plan.h): when a loop is worth a
// second thread, max and min with the reference interpreter's semantics as selects, and which op a
// two-argument reduction body applies. Fusion, window and oneDNN kernels include this, not each
// other.

#include <cmath>
#include <cstdint>
#include <optional>

#include "ir/Op.h"
#include "ir/Tensor.h"

namespace hlotrain::cpu::plan {

// Below this many elements a memory-bound loop runs on one thread: a fork/join costs more than a
// second thread saves, and on a busy machine it can wait a whole scheduler slice for that thread.
constexpr int64_t kParallelElements = int64_t(1) << 18;

// ref::maximum / ref::minimum (NaN propagates, -0 < +0) written as selects, so they vectorize.
inline float maxSelect(float a, float b) {
  float m = a > b ? a : b;
  m = a == b ? (std::signbit(a) ? b : a) : m;
  m = b != b ? b : m;
  return a != a ? a : m;
}
inline float minSelect(float a, float b) {
  float m = a < b ? a : b;
  m = a == b ? (std::signbit(a) ? a : b) : m;
  m = b != b ? b : m;
  return a != a ? a : m;
}

// The op of a body `(a, b) -> op(a, b)` (either argument order) for add, multiply, maximum or
// minimum; nullopt for any other body.
std::optional<ir::OpKind> binaryBodyKind(const ir::Region& body);

// The value of every element of a constant of f32, bf16 or i1 (0 or 1) whose elements are all
// equal (a splat); nullopt for any other constant.
std::optional<float> splatValue(const ir::Tensor& t);

} // namespace hlotrain::cpu::plan

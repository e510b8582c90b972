#pragma once
// Window ops on f32 (pooling and its gradient): reduce_window with a one-op body, and
// select_and_scatter with a GE/GT select and an add scatter. Both visit windows in the same order
// as the reference interpreter, so results agree bit for bit.

#include <memory>
#include <optional>

#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::plan {

// The op of a body `(a, b) -> op(a, b)` (either argument order) for add, multiply, maximum or
// minimum; nullopt for any other body.
std::optional<ir::OpKind> binaryBodyKind(const ir::Region& body);

// nullptr when the op is not in the fast forms above.
std::unique_ptr<Kernel> makeReduceWindowKernel(const Graph& graph, const Step& step, int threads);
std::unique_ptr<Kernel> makeSelectAndScatterKernel(const Graph& graph, const Step& step);

} // namespace hlotrain::cpu::plan

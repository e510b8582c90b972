#pragma once
// Window ops on f32 (pooling and its gradient): reduce_window with a one-op body, and
// select_and_scatter with a GE/GT select and an add scatter. Both visit windows in the same order
// as the reference interpreter, so results agree bit for bit.

#include <memory>
#include <optional>

#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::plan {

// A rank-4 reduce_window or select_and_scatter in the fast forms whose window covers only the two
// innermost dims: it reads and writes its tensors through their strides, in any planned layout.
bool isPlanarPooling(const Graph& graph, const Step& step);

// nullptr when the op is not in the fast forms above.
std::unique_ptr<Kernel> makeReduceWindowKernel(const Graph& graph, const Step& step, int threads);
std::unique_ptr<Kernel> makeSelectAndScatterKernel(const Graph& graph, const Step& step,
                                                   int threads);

} // namespace hlotrain::cpu::plan

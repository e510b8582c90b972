#pragma once
// gather and scatter in the form a token embedding emits them: whole rows of an f32 table
// [V, D] picked by integer ids of any shape (implicit index vectors), and the rows of an update
// added back by id (its gradient). Both follow the reference interpreter's order (ids in row-major
// order), so results agree with it bit for bit; repeated ids sum in that fixed order.

#include <memory>

#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::plan {

// nullptr when the op is not a row gather: table f32 [V, D], ids integer [...], result [..., D]
// (each id clamped to [0, V − 1], the spec's clamp of a start index).
std::unique_ptr<Kernel> makeRowGatherKernel(const Graph& graph, const Step& step);
// nullptr when the op is not a row scatter-add: input f32 [V, D], ids integer [...], updates
// [..., D], update_computation add (an id outside [0, V) is skipped, as the reference skips it).
std::unique_ptr<Kernel> makeRowScatterAddKernel(const Graph& graph, const Step& step);

} // namespace hlotrain::cpu::plan

#pragma once
// Reading forms off the flattened graph, for the passes that replace a group of steps with one
// kernel (RowKernels.h, a convolution's post-ops in ConvEpilogue.h): which step makes a slot, who
// reads it, what a constant holds, how a value is laid out. A snapshot: made after the steps it
// matches are final, and made again after a pass kills or rewires steps.

#include <cstdint>
#include <optional>
#include <vector>

#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::plan {

class GraphMatcher {
public:
  explicit GraphMatcher(const Graph& graph);

  const Graph& graph() const { return graph_; }
  const Step& step(int index) const { return graph_.steps[static_cast<size_t>(index)]; }
  const ir::TensorType& type(int slot) const {
    return graph_.slots[static_cast<size_t>(slot)].type;
  }

  // The live step of `kind` with the one result `slot`; nullptr otherwise.
  const Step* producer(int slot, ir::OpKind kind) const;
  int producerIndex(int slot) const { return graph_.slots[static_cast<size_t>(slot)].producer; }
  // The step of `kind` making `slot`, where nothing else reads `slot`; nullptr otherwise.
  const Step* soleProducer(int slot, ir::OpKind kind) const;

  // Whether exactly `count` operands read `slot` and it is not returned: a kernel computing all
  // of its readers may keep it in registers.
  bool readOnlyBy(int slot, int count) const;
  // The one step reading `slot` where nothing else does, or -1.
  int soleReader(int slot) const;
  // Whether a live step before `before`, other than `excluded`, reads any of `slots`.
  bool readBefore(int before, const std::vector<int>& slots,
                  const std::vector<int>& excluded) const;

  // The value of every element of `slot`, an f32 splat constant or a broadcast of one.
  std::optional<float> splat(int slot) const;
  // The f32 vector that `wide` broadcasts along `axis` (one value per column of the rows, or
  // per channel of an activation), or -1.
  int columnVector(int wide, int64_t axis) const;

  // Whether `slot` is f32, of some elements, and row-major, as the kernels address it.
  bool rowMajorF32(int slot) const { return rowsAlongF32(slot, type(slot).rank() - 1); }
  bool rowsAlongF32(int slot, int64_t axis) const {
    return rowsAlong(slot, axis, ir::ElementType::f32);
  }
  // Whether `slot` is of `elementType`, of some elements, and holds rows along `axis`: that dim
  // innermost, the others in their order outside it (row-major for the last dim; channels-last
  // activations for their channels).
  bool rowsAlong(int slot, int64_t axis, ir::ElementType elementType) const;
  // The dim `slot` holds innermost: its layout's last, else its last.
  int64_t innermostDim(int slot) const;

private:
  const Graph& graph_;
  std::vector<int> uses_;
  std::vector<bool> isOutput_;
  std::vector<int> reader_; // per slot: the last live step reading it
};

} // namespace hlotrain::cpu::plan

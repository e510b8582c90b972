#include "lower/cpu/Rows.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "lower/cpu/Kernels.h"

namespace hlotrain::cpu::plan {

namespace {

const ir::TensorType& slotType(const Graph& graph, int slot) {
  return graph.slots[static_cast<size_t>(slot)].type;
}

// Whether `ids` (i32 or i64) name whole rows of a [V, D] f32 table by implicit index vectors
// along dim 0, with the result or updates laid out [ids..., D].
bool isRowForm(const ir::TensorType& table, const ir::TensorType& ids, const ir::TensorType& rows,
               int64_t indexVectorDim, const std::vector<int64_t>& windowDims,
               const std::vector<int64_t>& droppedDims, const std::vector<int64_t>& indexMap) {
  if (table.elementType != ir::ElementType::f32 || rows.elementType != ir::ElementType::f32)
    return false;
  if (table.rank() != 2 ||
      (ids.elementType != ir::ElementType::i32 && ids.elementType != ir::ElementType::i64))
    return false;
  if (indexVectorDim != ids.rank() || rows.rank() != ids.rank() + 1) return false;
  if (windowDims != std::vector<int64_t>{ids.rank()} || droppedDims != std::vector<int64_t>{0} ||
      indexMap != std::vector<int64_t>{0})
    return false;
  for (int64_t d = 0; d < ids.rank(); ++d)
    if (rows.shape[static_cast<size_t>(d)] != ids.shape[static_cast<size_t>(d)]) return false;
  return rows.shape.back() == table.shape[1];
}

int64_t idAt(const uint8_t* ids, bool wide, int64_t i) {
  if (wide) return reinterpret_cast<const int64_t*>(ids)[i];
  return reinterpret_cast<const int32_t*>(ids)[i];
}

class RowKernel : public Kernel {
protected:
  // Both ops read the table (or the input) first and the ids second.
  RowKernel(const Graph& graph, const Step& step) {
    reads = step.operands;
    writes = step.results;
    const ir::TensorType& table = slotType(graph, step.operands[0]);
    const ir::TensorType& ids = slotType(graph, step.operands[1]);
    vocabulary_ = table.shape[0];
    width_ = table.shape[1];
    count_ = ids.numElements();
    wide_ = ids.elementType == ir::ElementType::i64;
  }
  std::string shapes() const {
    return std::to_string(count_) + " rows of [" + std::to_string(vocabulary_) + "x" +
           std::to_string(width_) + "]";
  }
  int64_t vocabulary_ = 0, width_ = 0, count_ = 0;
  bool wide_ = false;
};

class RowGatherKernel : public RowKernel {
public:
  RowGatherKernel(const Graph& graph, const Step& step) : RowKernel(graph, step) {}

  void run(RunState& state) override {
    const auto* table = reinterpret_cast<const float*>(state.slotData[size_t(reads[0])]);
    const uint8_t* ids = state.slotData[size_t(reads[1])];
    auto* out = reinterpret_cast<float*>(state.slotData[size_t(writes[0])]);
    const auto row = static_cast<size_t>(width_) * sizeof(float);
    for (int64_t i = 0; i < count_; ++i) {
      const int64_t id = std::clamp<int64_t>(idAt(ids, wide_, i), 0, vocabulary_ - 1);
      std::memcpy(out + i * width_, table + id * width_, row);
    }
  }

  std::string describe() const override { return "row gather " + shapes(); }
};

class RowScatterAddKernel : public RowKernel {
public:
  RowScatterAddKernel(const Graph& graph, const Step& step) : RowKernel(graph, step) {}

  void run(RunState& state) override {
    const auto* input = reinterpret_cast<const float*>(state.slotData[size_t(reads[0])]);
    const uint8_t* ids = state.slotData[size_t(reads[1])];
    const auto* updates = reinterpret_cast<const float*>(state.slotData[size_t(reads[2])]);
    auto* out = reinterpret_cast<float*>(state.slotData[size_t(writes[0])]);
    std::memcpy(out, input, static_cast<size_t>(vocabulary_ * width_) * sizeof(float));
    for (int64_t i = 0; i < count_; ++i) {
      const int64_t id = idAt(ids, wide_, i);
      if (id < 0 || id >= vocabulary_) continue;
      float* dst = out + id * width_;
      const float* src = updates + i * width_;
      for (int64_t d = 0; d < width_; ++d) dst[d] += src[d];
    }
  }

  std::string describe() const override { return "row scatter-add " + shapes(); }
};

} // namespace

std::unique_ptr<Kernel> makeRowGatherKernel(const Graph& graph, const Step& step) {
  const ir::Op& op = *step.op;
  if (op.kind != ir::OpKind::gather || step.operands.size() != 2 || step.results.size() != 1)
    return nullptr;
  const ir::GatherDimensionNumbers& g = op.attrs.gather;
  const ir::TensorType& table = slotType(graph, step.operands[0]);
  if (!isRowForm(table, slotType(graph, step.operands[1]), slotType(graph, step.results[0]),
                 g.indexVectorDim, g.offsetDims, g.collapsedSliceDims, g.startIndexMap) ||
      op.attrs.sliceSizes != std::vector<int64_t>{1, table.shape[1]} || table.shape[0] == 0)
    return nullptr;
  return std::make_unique<RowGatherKernel>(graph, step);
}

std::unique_ptr<Kernel> makeRowScatterAddKernel(const Graph& graph, const Step& step) {
  const ir::Op& op = *step.op;
  if (op.kind != ir::OpKind::scatter || step.operands.size() != 3 || step.results.size() != 1 ||
      op.regions.size() != 1 || !op.regions[0] || binaryBodyKind(*op.regions[0]) != ir::OpKind::add)
    return nullptr;
  const ir::ScatterDimensionNumbers& s = op.attrs.scatter;
  if (!isRowForm(slotType(graph, step.operands[0]), slotType(graph, step.operands[1]),
                 slotType(graph, step.operands[2]), s.indexVectorDim, s.updateWindowDims,
                 s.insertedWindowDims, s.scatterDimsToOperandDims))
    return nullptr;
  return std::make_unique<RowScatterAddKernel>(graph, step);
}

} // namespace hlotrain::cpu::plan

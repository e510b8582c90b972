#include "lower/cpu/Windows.h"

#include <algorithm>

#include "lower/cpu/ReferenceScalar.h"

namespace hlotrain::cpu::plan {

namespace {

using ir::ElementType;
using ir::OpKind;

bool allF32(const Graph& graph, const Step& step) {
  auto f32 = [&](int s) {
    return graph.slots[static_cast<size_t>(s)].type.elementType == ElementType::f32;
  };
  return std::all_of(step.operands.begin(), step.operands.end(), f32) &&
         std::all_of(step.results.begin(), step.results.end(), f32);
}

template <class F> decltype(auto) withCombiner(OpKind kind, F&& f) {
  switch (kind) {
  case OpKind::add:
    return f([](float a, float b) { return a + b; });
  case OpKind::multiply:
    return f([](float a, float b) { return a * b; });
  case OpKind::maximum:
    return f(ref::maximum<float>);
  default:
    return f(ref::minimum<float>);
  }
}

// Advances a row-major multi-index over `dims`; false after the last one.
bool next(std::vector<int64_t>& index, const std::vector<int64_t>& dims) {
  for (size_t d = index.size(); d-- > 0;) {
    if (++index[d] < dims[d]) return true;
    index[d] = 0;
  }
  return false;
}

std::string shapeText(const std::vector<int64_t>& dims) {
  std::string s;
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? "x" : "") + std::to_string(dims[i]);
  return s;
}

// reduce_window on the padded, base-dilated input: padding and holes read as init_value, as the
// spec pads with it. Output elements are independent and split between threads.
class ReduceWindowKernel : public Kernel {
public:
  ReduceWindowKernel(const Graph& graph, const Step& step, OpKind combiner, int threads)
      : combiner_(combiner), threads_(threads), a_(step.op->attrs) {
    reads = step.operands;
    writes = step.results;
    shape_ = graph.slots[static_cast<size_t>(step.operands[0])].type.shape;
    outShape_ = graph.slots[static_cast<size_t>(step.results[0])].type.shape;
    strides_ = ir::stridesOf(shape_);
  }

  void run(RunState& state) override {
    withCombiner(combiner_, [&](auto f) { reduce(state, f); });
  }

  std::string describe() const override {
    return "reduce_window " + std::string(ir::opName(combiner_).substr(10)) + " [" +
           shapeText(shape_) + " -> " + shapeText(outShape_) + "] window " +
           shapeText(a_.windowDimensions);
  }

private:
  template <class F> void reduce(RunState& state, F f) {
    const float* in = reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(reads[0])]);
    const float init =
        *reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(reads[1])]);
    float* out = reinterpret_cast<float*>(state.slotData[static_cast<size_t>(writes[0])]);
    const size_t rank = shape_.size();
    int64_t total = 1;
    for (int64_t d : outShape_) total *= d;
    const int nt = total * 8 >= (int64_t(1) << 15) ? threads_ : 1;
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
      std::vector<int64_t> o(rank), w(rank);
#pragma omp for schedule(static)
      for (int64_t flat = 0; flat < total; ++flat) {
        for (size_t d = rank, rest = static_cast<size_t>(flat); d-- > 0;) {
          o[d] = static_cast<int64_t>(rest % static_cast<size_t>(outShape_[d]));
          rest /= static_cast<size_t>(outShape_[d]);
        }
        std::fill(w.begin(), w.end(), 0);
        float acc = init;
        do {
          int64_t offset = 0;
          bool inside = true;
          for (size_t d = 0; d < rank && inside; ++d) {
            int64_t p = o[d] * a_.windowStrides[d] + w[d] * a_.rhsDilation[d] - a_.padding[d].first;
            inside = p >= 0 && p % a_.lhsDilation[d] == 0 && p / a_.lhsDilation[d] < shape_[d];
            offset += inside ? p / a_.lhsDilation[d] * strides_[d] : 0;
          }
          acc = f(acc, inside ? in[offset] : init);
        } while (next(w, a_.windowDimensions));
        out[flat] = acc;
      }
    }
  }

  OpKind combiner_;
  int threads_;
  const ir::Attributes& a_;
  std::vector<int64_t> shape_, outShape_, strides_;
};

// select_and_scatter as the reference: source windows in order, the first element kept unless a
// later one compares strictly greater (GE) or greater-or-equal fails (GT), scatter-add. Windows
// overlap, so it runs on one thread.
class SelectAndScatterKernel : public Kernel {
public:
  SelectAndScatterKernel(const Graph& graph, const Step& step, ir::ComparisonDirection select)
      : select_(select), a_(step.op->attrs) {
    reads = step.operands;
    writes = step.results;
    shape_ = graph.slots[static_cast<size_t>(step.operands[0])].type.shape;
    sourceShape_ = graph.slots[static_cast<size_t>(step.operands[1])].type.shape;
    strides_ = ir::stridesOf(shape_);
  }

  void run(RunState& state) override {
    const float* x = reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(reads[0])]);
    const float* source =
        reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(reads[1])]);
    const float init =
        *reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(reads[2])]);
    float* out = reinterpret_cast<float*>(state.slotData[static_cast<size_t>(writes[0])]);
    int64_t n = 1, sources = 1;
    for (int64_t d : shape_) n *= d;
    for (int64_t d : sourceShape_) sources *= d;
    std::fill(out, out + n, init);
    if (sources == 0) return;
    const size_t rank = shape_.size();
    std::vector<int64_t> s(rank, 0), w(rank);
    for (int64_t flat = 0; flat < sources; ++flat, next(s, sourceShape_)) {
      std::fill(w.begin(), w.end(), 0);
      int64_t chosen = -1;
      do {
        int64_t offset = 0;
        bool inside = true;
        for (size_t d = 0; d < rank && inside; ++d) {
          int64_t p = s[d] * a_.windowStrides[d] - a_.padding[d].first + w[d];
          inside = p >= 0 && p < shape_[d];
          offset += p * strides_[d];
        }
        if (!inside) continue;
        if (chosen < 0 || !ref::compareValues(x[chosen], x[offset], select_)) chosen = offset;
      } while (next(w, a_.windowDimensions));
      if (chosen >= 0) out[chosen] += source[flat];
    }
  }

  std::string describe() const override {
    return "select_and_scatter " + std::string(ir::name(select_)) + " add [" + shapeText(shape_) +
           "] window " + shapeText(a_.windowDimensions);
  }

private:
  ir::ComparisonDirection select_;
  const ir::Attributes& a_;
  std::vector<int64_t> shape_, sourceShape_, strides_;
};

} // namespace

std::optional<OpKind> binaryBodyKind(const ir::Region& body) {
  if (body.ops.size() != 1 || body.results.size() != 1 || body.args.size() != 2)
    return std::nullopt;
  const ir::Op& inner = *body.ops[0];
  if (inner.kind != OpKind::add && inner.kind != OpKind::multiply &&
      inner.kind != OpKind::maximum && inner.kind != OpKind::minimum)
    return std::nullopt;
  if (body.results[0] != inner.result() || inner.operands.size() != 2) return std::nullopt;
  const ir::Value *a = body.args[0].get(), *b = body.args[1].get();
  bool argsUsed = (inner.operands[0] == a && inner.operands[1] == b) ||
                  (inner.operands[0] == b && inner.operands[1] == a);
  return argsUsed ? std::optional(inner.kind) : std::nullopt;
}

std::unique_ptr<Kernel> makeReduceWindowKernel(const Graph& graph, const Step& step, int threads) {
  const ir::Op& op = *step.op;
  if (op.operands.size() != 2 || op.regions.size() != 1 || !op.regions[0] || !allF32(graph, step))
    return nullptr;
  auto combiner = binaryBodyKind(*op.regions[0]);
  if (!combiner) return nullptr;
  return std::make_unique<ReduceWindowKernel>(graph, step, *combiner, threads);
}

std::unique_ptr<Kernel> makeSelectAndScatterKernel(const Graph& graph, const Step& step) {
  const ir::Op& op = *step.op;
  if (op.regions.size() != 2 || !op.regions[0] || !op.regions[1] || !allF32(graph, step))
    return nullptr;
  if (binaryBodyKind(*op.regions[1]) != OpKind::add) return nullptr;
  // The select body must be compare(arg0, arg1, GE|GT) with a float comparison.
  const ir::Region& select = *op.regions[0];
  if (select.ops.size() != 1 || select.results.size() != 1 || select.args.size() != 2)
    return nullptr;
  const ir::Op& cmp = *select.ops[0];
  if (cmp.kind != OpKind::compare || select.results[0] != cmp.result() ||
      cmp.operands.size() != 2 || cmp.operands[0] != select.args[0].get() ||
      cmp.operands[1] != select.args[1].get())
    return nullptr;
  auto dir = cmp.attrs.comparisonDirection;
  auto type = cmp.attrs.compareType;
  if ((dir != ir::ComparisonDirection::GE && dir != ir::ComparisonDirection::GT) ||
      type == ir::ComparisonType::TOTALORDER)
    return nullptr;
  return std::make_unique<SelectAndScatterKernel>(graph, step, dir);
}

} // namespace hlotrain::cpu::plan

#include "lower/cpu/Measure.h"

#include <algorithm>
#include <chrono>
#include <vector>

#include <oneapi/dnnl/dnnl.hpp>

#include "lower/cpu/DnnlProblem.h"
#include "lower/cpu/Executable.h"
#include "lower/cpu/Plan.h"
#include "support/Error.h"

namespace hlotrain::cpu {

double matmulPeakGflops(int64_t n, int repeats) {
  std::vector<float> a(static_cast<size_t>(n * n), 0.5f), b(a), c(a);
  auto run = [&] {
    dnnl_sgemm('N', 'N', n, n, n, 1.0f, a.data(), n, b.data(), n, 0.0f, c.data(), n);
  };
  run(); // warm-up: threads, page faults
  double best = 1e30;
  for (int r = 0; r < std::max(repeats, 1); ++r) {
    auto start = std::chrono::steady_clock::now();
    run();
    std::chrono::duration<double> d = std::chrono::steady_clock::now() - start;
    best = std::min(best, d.count());
  }
  return 2.0 * double(n) * double(n) * double(n) / best / 1e9;
}

MatmulPeak matmulPeakBf16Gflops(int64_t n, int repeats) {
  using dnnl::memory;
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  const memory::dims square{n, n};
  auto desc = [&](memory::data_type type) {
    return memory::desc(square, type, memory::format_tag::ab);
  };
  // Weights in the layout the primitive prefers, reordered once, as a compiled plan holds them.
  memory::desc anyWeights(square, memory::data_type::bf16, memory::format_tag::any);
  dnnl::matmul::primitive_desc pd(
      dnnl::matmul::desc(desc(memory::data_type::bf16), anyWeights, desc(memory::data_type::f32)),
      engine);
  MatmulPeak peak;
  peak.impl = pd.impl_info_str();
  std::vector<uint16_t> a(static_cast<size_t>(n * n), 0x3f00), b(a); // bf16 0.5
  std::vector<float> c(static_cast<size_t>(n * n));
  memory src(pd.src_desc(), engine, a.data()), dst(pd.dst_desc(), engine, c.data());
  memory plainWeights(desc(memory::data_type::bf16), engine, b.data());
  memory weights(pd.weights_desc(), engine);
  dnnl::reorder(plainWeights, weights).execute(stream, plainWeights, weights);
  dnnl::matmul matmul(pd);
  auto run = [&] {
    matmul.execute(stream, {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, weights}, {DNNL_ARG_DST, dst}});
    stream.wait();
  };
  run(); // warm-up
  double best = 1e30;
  for (int r = 0; r < std::max(repeats, 1); ++r) {
    auto start = std::chrono::steady_clock::now();
    run();
    std::chrono::duration<double> d = std::chrono::steady_clock::now() - start;
    best = std::min(best, d.count());
  }
  peak.gflops = 2.0 * double(n) * double(n) * double(n) / best / 1e9;
  return peak;
}

namespace {

// (output position, kernel tap) pairs of one spatial dim that read a real input element.
int64_t realTaps(int64_t in, int64_t out, int64_t window, int64_t stride, int64_t padLow,
                 int64_t lhsDilation, int64_t rhsDilation) {
  const int64_t last = (in - 1) * lhsDilation;
  int64_t taps = 0;
  for (int64_t o = 0; o < out; ++o)
    for (int64_t k = 0; k < window; ++k) {
      int64_t p = o * stride + k * rhsDilation - padLow;
      taps += p >= 0 && p <= last && p % lhsDilation == 0;
    }
  return taps;
}

double convolutionFlops(const ir::Op& op) {
  const ir::Attributes& a = op.attrs;
  const ir::Shape& lhs = op.operands[0]->type.shape;
  const ir::Shape& rhs = op.operands[1]->type.shape;
  const ir::Shape& out = op.result()->type.shape;
  const ir::ConvDimensionNumbers& dn = a.conv;
  // Each output element sums over its group's kernel input features and the taps of its window
  // (with batch_group_count > 1 the batch groups pair with feature groups, adding no terms).
  double flops = 2.0 * double(out[static_cast<size_t>(dn.outputBatchDimension)]) *
                 double(out[static_cast<size_t>(dn.outputFeatureDimension)]) *
                 double(rhs[static_cast<size_t>(dn.kernelInputFeatureDimension)]);
  for (size_t d = 0; d < dn.inputSpatialDimensions.size(); ++d)
    flops *=
        double(realTaps(lhs[static_cast<size_t>(dn.inputSpatialDimensions[d])],
                        out[static_cast<size_t>(dn.outputSpatialDimensions[d])],
                        rhs[static_cast<size_t>(dn.kernelSpatialDimensions[d])], a.windowStrides[d],
                        a.padding[d].first, a.lhsDilation[d], a.rhsDilation[d]));
  return flops;
}

double dotFlops(const ir::Op& op) {
  double flops = 2.0 * double(op.result()->type.numElements());
  for (int64_t d : op.attrs.dot.lhsContractingDimensions)
    flops *= double(op.operands[0]->type.shape[static_cast<size_t>(d)]);
  return flops;
}

} // namespace

double contractionFlops(const ir::Module& module, std::string_view entry) {
  const ir::Function* function = module.lookup(entry);
  if (!function) throw RuntimeError("cpu: no function @" + std::string(entry) + " in the module");
  plan::Graph graph = plan::flatten(module, *function);
  double flops = 0;
  for (const plan::Step& step : graph.steps) {
    if (step.op->kind == ir::OpKind::convolution) flops += convolutionFlops(*step.op);
    if (step.op->kind == ir::OpKind::dot_general) flops += dotFlops(*step.op);
  }
  return flops;
}

std::string dumpPlan(const ir::Module& module, std::string_view entry) {
  return Executable::compile(module, entry)->dumpPlan();
}

bool hasBf16MatrixUnits() {
  return plan::hasBf16MatrixUnits();
}

std::string effectiveIsaName() {
  return plan::effectiveIsaName();
}

} // namespace hlotrain::cpu

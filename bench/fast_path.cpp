// Micro-benchmark of the cpu lowerer's fast path: measures this machine's fp32 matmul peak
// (oneDNN sgemm, best of several runs) and, in the same process, convolutions (forward,
// backward-data, backward-weights at ResNet shapes, written in the StableHLO forms JAX emits), a
// matmul and a fused elementwise chain run through Executable. Prints GFLOP/s and the fraction of
// the measured peak. Usage: fast_path [--quick] [--nhwc] [NAME-FILTER]   (see bench/README.md)

#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "bench/Timing.h"
#include "ir/Builder.h"
#include "ir/Verifier.h"
#include "lower/cpu/Executable.h"
#include "lower/cpu/Measure.h"

using namespace hlotrain;
using namespace hlotrain::ir;
using hlotrain::bench::bestSeconds;
using hlotrain::cpu::matmulPeakGflops;

namespace {

TensorType f32(Shape s) {
  return {ElementType::f32, std::move(s)};
}

Tensor randomTensor(const TensorType& t, std::mt19937& rng) {
  Tensor x(t);
  std::uniform_real_distribution<float> u(-1, 1);
  for (int64_t i = 0; i < x.numElements(); ++i) x.data<float>()[i] = u(rng);
  return x;
}

// A module under construction; measure() compiles it and times run().
struct Case {
  std::string name;
  double flops = 0;
  Module module;
  Function& fn = module.addFunction("main");
  Builder b{fn.body, &module};
  std::vector<Tensor> inputs;
  std::mt19937 rng{7};

  explicit Case(std::string n) : name(std::move(n)) {}
  Value* arg(TensorType t) {
    inputs.push_back(randomTensor(t, rng));
    return fn.body.addArgument(std::move(t));
  }
};

// Layout of activations and kernels: NCHW/OIHW, or NHWC/HWIO as JAX writes them.
struct Layout {
  bool nhwc;
  Shape act(int64_t n, int64_t c, int64_t h, int64_t w) const {
    return nhwc ? Shape{n, h, w, c} : Shape{n, c, h, w};
  }
  Shape ker(int64_t o, int64_t i, int64_t h, int64_t w) const {
    return nhwc ? Shape{h, w, i, o} : Shape{o, i, h, w};
  }
  // (batch, feature, spatial) positions of an activation; (O, I, spatial) of a kernel.
  std::array<int64_t, 4> actDims() const {
    return nhwc ? std::array<int64_t, 4>{0, 3, 1, 2} : std::array<int64_t, 4>{0, 1, 2, 3};
  }
  std::array<int64_t, 4> kerDims() const {
    return nhwc ? std::array<int64_t, 4>{3, 2, 0, 1} : std::array<int64_t, 4>{0, 1, 2, 3};
  }
  ConvDimensionNumbers forward() const {
    auto a = actDims(), k = kerDims();
    return ir::convDimensionNumbers({a.begin(), a.end()}, {k.begin(), k.end()},
                                    {a.begin(), a.end()});
  }
};

struct ConvShape {
  int64_t n, c, o, h, w, k, stride, pad;
  int64_t out() const { return (h + 2 * pad - k) / stride + 1; }
  double flops() const { return 2.0 * n * o * out() * out() * c * k * k; }
};

void forwardConv(Case& t, const Layout& l, const ConvShape& s) {
  Value* x = t.arg(f32(l.act(s.n, s.c, s.h, s.w)));
  Value* w = t.arg(f32(l.ker(s.o, s.c, s.k, s.k)));
  Attributes a;
  a.conv = l.forward();
  a.windowStrides = {s.stride, s.stride};
  a.padding = {{s.pad, s.pad}, {s.pad, s.pad}};
  t.fn.setResults({t.b.convolution(x, w, a)});
  t.flops = s.flops();
}

// JAX's gradient w.r.t. the input: conv(g, reverse(w)) with the kernel's O/I roles swapped.
void backwardDataConv(Case& t, const Layout& l, const ConvShape& s) {
  Value* g = t.arg(f32(l.act(s.n, s.o, s.out(), s.out())));
  Value* w = t.arg(f32(l.ker(s.o, s.c, s.k, s.k)));
  auto k = l.kerDims();
  Attributes a;
  a.conv = l.forward();
  a.conv.kernelOutputFeatureDimension = k[1];
  a.conv.kernelInputFeatureDimension = k[0];
  a.lhsDilation = {s.stride, s.stride};
  int64_t before = s.k - 1 - s.pad;
  int64_t after = s.h + s.k - 1 - ((s.out() - 1) * s.stride + 1) - before;
  a.padding = {{before, after}, {before, after}};
  t.fn.setResults({t.b.convolution(g, t.b.reverse(w, {k[2], k[3]}), a)});
  t.flops = s.flops();
}

// JAX's gradient w.r.t. the kernel: conv(x, g) with batch and feature roles swapped.
void backwardWeightsConv(Case& t, const Layout& l, const ConvShape& s) {
  Value* x = t.arg(f32(l.act(s.n, s.c, s.h, s.w)));
  Value* g = t.arg(f32(l.act(s.n, s.o, s.out(), s.out())));
  auto ad = l.actDims(), kd = l.kerDims();
  Attributes a;
  a.conv = ir::convDimensionNumbers({ad[1], ad[0], ad[2], ad[3]}, {ad[1], ad[0], ad[2], ad[3]},
                                    {kd[1], kd[0], kd[2], kd[3]});
  a.rhsDilation = {s.stride, s.stride};
  int64_t high = (s.k - 1) + (s.out() - 1) * s.stride + 1 - s.h - s.pad;
  a.padding = {{s.pad, high}, {s.pad, high}};
  t.fn.setResults({t.b.convolution(x, g, a)});
  t.flops = s.flops();
}

void matmul(Case& t, int64_t m, int64_t k, int64_t n) {
  Value* x = t.arg(f32({m, k}));
  Value* w = t.arg(f32({k, n}));
  t.fn.setResults({t.b.dotGeneral(x, w, {{}, {}, {1}, {0}})});
  t.flops = 2.0 * m * k * n;
}

// relu(x * scale[c] + bias[c]) + residual: a batch-norm-apply epilogue, 5 flops per element.
void fusedChain(Case& t, const Layout& l, int64_t n, int64_t c, int64_t h) {
  Shape shape = l.act(n, c, h, h);
  Value* x = t.arg(f32(shape));
  Value* r = t.arg(f32(shape));
  Value* scale = t.arg(f32({c}));
  Value* bias = t.arg(f32({c}));
  int64_t cdim = l.actDims()[1];
  Value* y = t.b.add(t.b.multiply(x, t.b.broadcastInDim(scale, shape, {cdim})),
                     t.b.broadcastInDim(bias, shape, {cdim}));
  Value* relu = t.b.maximum(y, t.b.splat(f32(shape), 0.0));
  t.fn.setResults({t.b.add(relu, r)});
  t.flops = 4.0 * double(n * c * h * h);
}

} // namespace

int main(int argc, char** argv) {
  bool quick = false, nhwc = false;
  std::string filter;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0)
      quick = true;
    else if (std::strcmp(argv[i], "--nhwc") == 0)
      nhwc = true;
    else
      filter = argv[i];
  }
  const int repeats = quick ? 2 : 5;
  const int64_t batch = quick ? 4 : 32;
  Layout l{nhwc};

  // The peak is sampled again before every case and the best sample is used: on a shared
  // machine the fraction is then never flattered by a peak measured in a busy moment.
  const int64_t peakSize = quick ? 1024 : 2048;
  double peak = matmulPeakGflops(peakSize, repeats);
  int peakSamples = repeats;

  std::vector<std::unique_ptr<Case>> cases;
  auto add = [&](std::string name, const std::function<void(Case&)>& build) {
    cases.push_back(std::make_unique<Case>(std::move(name)));
    build(*cases.back());
  };
  ConvShape c3{batch, 64, 64, 56, 56, 3, 1, 1};
  ConvShape c1{batch, 256, 64, 56, 56, 1, 1, 0};
  ConvShape cs{batch, 128, 128, 56, 56, 3, 2, 1};
  add("conv3x3 64->64 56x56 forward", [&](Case& t) { forwardConv(t, l, c3); });
  add("conv3x3 64->64 56x56 backward-data", [&](Case& t) { backwardDataConv(t, l, c3); });
  add("conv3x3 64->64 56x56 backward-weights", [&](Case& t) { backwardWeightsConv(t, l, c3); });
  add("conv1x1 256->64 56x56 forward", [&](Case& t) { forwardConv(t, l, c1); });
  add("conv1x1 256->64 56x56 backward-data", [&](Case& t) { backwardDataConv(t, l, c1); });
  add("conv1x1 256->64 56x56 backward-weights", [&](Case& t) { backwardWeightsConv(t, l, c1); });
  add("conv3x3/2 128->128 56->28 forward", [&](Case& t) { forwardConv(t, l, cs); });
  add("conv3x3/2 128->128 56->28 backward-data", [&](Case& t) { backwardDataConv(t, l, cs); });
  add("conv3x3/2 128->128 56->28 backward-weights",
      [&](Case& t) { backwardWeightsConv(t, l, cs); });
  add("matmul 1024x1024x1024 (dot_general)", [&](Case& t) { matmul(t, 1024, 1024, 1024); });
  add("fused relu(x*s+b)+r 64ch 56x56", [&](Case& t) { fusedChain(t, l, batch, 64, 56); });

  std::erase_if(cases, [&](const auto& c) { return c->name.find(filter) == std::string::npos; });
  struct Row {
    std::string name, kernel;
    double seconds, flops;
  };
  std::vector<Row> rows;
  for (auto& c : cases) {
    verify(c->module);
    auto exe = cpu::Executable::compile(c->module, "main");
    exe->run(c->inputs); // warm-up: first touch of buffers, oneDNN kernels
    peak = std::max(peak, matmulPeakGflops(peakSize, 1));
    ++peakSamples;
    double s = bestSeconds([&] { exe->run(c->inputs); }, repeats);
    std::string plan = exe->dumpPlan();
    size_t at = plan.find("= ");
    std::string kernel = at == std::string::npos ? "" : plan.substr(at + 2, 40);
    rows.push_back({c->name, kernel.substr(0, kernel.find('\n')), s, c->flops});
  }
  std::printf("fp32 matmul peak (oneDNN sgemm %lld^3, best of %d samples): %.1f GFLOP/s\n",
              static_cast<long long>(peakSize), peakSamples, peak);
  std::printf("layout: %s, batch %lld, best of %d runs per case\n\n",
              nhwc ? "NHWC/HWIO" : "NCHW/OIHW", static_cast<long long>(batch), repeats);
  std::printf("%-44s %10s %10s %9s  %s\n", "case", "ms", "GFLOP/s", "of peak", "kernel");
  for (const Row& r : rows)
    std::printf("%-44s %10.2f %10.1f %8.0f%%  %s\n", r.name.c_str(), r.seconds * 1e3,
                r.flops / r.seconds / 1e9, 100.0 * r.flops / r.seconds / 1e9 / peak,
                r.kernel.c_str());
  if (const char* dump = std::getenv("FAST_PATH_DUMP"); dump && *dump)
    for (auto& c : cases)
      std::printf("\n%s\n%s", c->name.c_str(),
                  cpu::Executable::compile(c->module, "main")->dumpPlan().c_str());
  return 0;
}

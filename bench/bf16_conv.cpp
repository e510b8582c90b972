// f32 vs bf16 on the fast path: a ResNet 3x3 stride-1 convolution (default 128x64x56x56, 64
// output channels) forward, backward-data and backward-weights, each as a graph run through
// Executable, once in f32 and once in the mixed-precision form the bf16 emitter writes (f32
// values converted to bf16 before the product, bf16 gradients converted back to f32). The
// activation each convolution reads is produced by a loop (relu), and the forward result is read
// by one, so they are channels-last as in a network. Variants are timed interleaved (A, B, A, B,
// ...) and the best of each is printed, with GFLOP/s, the matmul peaks (f32 sgemm and bf16 x bf16
// -> f32) and oneDNN's ISA. Usage: bf16_conv [BATCH [CHANNELS [SIDE [ROUNDS]]]]   (see
// bench/README.md)

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "bench/Timing.h"
#include "ir/Builder.h"
#include "ir/Verifier.h"
#include "lower/cpu/Executable.h"
#include "lower/cpu/Measure.h"
#include "lower/cpu/OneDnn.h"

using namespace hlotrain;
using namespace hlotrain::ir;
using hlotrain::bench::secondsOf;

namespace {

TensorType f32(Shape s) {
  return {ElementType::f32, std::move(s)};
}

struct Case {
  Module module;
  Function& fn = module.addFunction("main");
  Builder b{fn.body, &module};
  std::vector<Tensor> inputs;
  std::mt19937 rng{7};

  Value* arg(TensorType t) {
    Tensor x(t);
    std::uniform_real_distribution<float> u(-1, 1);
    for (int64_t i = 0; i < x.numElements(); ++i) x.data<float>()[i] = u(rng);
    inputs.push_back(std::move(x));
    return fn.body.addArgument(std::move(t));
  }
  Value* relu(Value* x) { return b.maximum(x, b.splat(x->type, 0.0)); }
  Value* narrow(Value* x, bool bf16) { return bf16 ? b.convert(x, ElementType::bf16) : x; }
  Value* widen(Value* x, bool bf16) { return bf16 ? b.convert(x, ElementType::f32) : x; }
};

// NCHW input and output, OIHW kernel: ConvDimensionNumbers' defaults, with the spatial dims.
ConvDimensionNumbers nchw() {
  ConvDimensionNumbers dn;
  dn.inputSpatialDimensions = dn.kernelSpatialDimensions = dn.outputSpatialDimensions = {2, 3};
  return dn;
}

enum class Form { Forward, BackwardData, BackwardWeights };
const char* name(Form f) {
  return f == Form::Forward        ? "forward"
         : f == Form::BackwardData ? "backward-data"
                                   : "backward-weights";
}

void build(Case& c, Form form, bool bf16, int64_t n, int64_t ch, int64_t side) {
  Attributes a;
  a.conv = nchw();
  a.padding = {{1, 1}, {1, 1}};
  std::optional<ElementType> forwardType;
  if (bf16) forwardType = ElementType::f32;
  Value* result = nullptr;
  if (form == Form::Forward) {
    Value* x = c.relu(c.arg(f32({n, ch, side, side})));
    Value* w = c.arg(f32({ch, ch, 3, 3}));
    // Read by a loop (the next batch norm or relu), so the result is channels-last too.
    result = c.relu(c.b.convolution(c.narrow(x, bf16), c.narrow(w, bf16), a, forwardType));
  } else if (form == Form::BackwardData) {
    Value* g = c.relu(c.arg(f32({n, ch, side, side})));
    Value* w = c.arg(f32({ch, ch, 3, 3}));
    Value* k = c.b.reverse(c.narrow(w, bf16), {2, 3});
    result = c.widen(c.b.convolution(c.narrow(g, bf16), k, a), bf16);
  } else {
    Value* x = c.relu(c.arg(f32({n, ch, side, side})));
    Value* g = c.relu(c.arg(f32({n, ch, side, side})));
    a.conv.inputBatchDimension = 1;
    a.conv.inputFeatureDimension = 0;
    a.conv.kernelInputFeatureDimension = 0;
    a.conv.kernelOutputFeatureDimension = 1;
    a.conv.outputFeatureDimension = 0;
    a.conv.outputBatchDimension = 1;
    result = c.widen(c.b.convolution(c.narrow(x, bf16), c.narrow(g, bf16), a), bf16);
  }
  c.fn.setResults({result});
  verify(c.module);
}

} // namespace

int main(int argc, char** argv) {
  const int64_t n = argc > 1 ? std::atoll(argv[1]) : 128;
  const int64_t ch = argc > 2 ? std::atoll(argv[2]) : 64;
  const int64_t side = argc > 3 ? std::atoll(argv[3]) : 56;
  const int rounds = argc > 4 ? std::atoi(argv[4]) : 5;
  const double flops = 2.0 * double(n) * double(ch) * double(ch) * 9 * double(side) * double(side);
  std::printf("oneDNN ISA %s; bf16 matrix instructions: %s\n",
              cpu::plan::effectiveIsaName().c_str(),
              cpu::plan::hasBf16MatrixUnits() ? "yes" : "no");
  double f32Peak = 0;
  cpu::MatmulPeak bf16Peak;
  for (int s = 0; s < 3; ++s) {
    f32Peak = std::max(f32Peak, cpu::matmulPeakGflops(2048, 2));
    cpu::MatmulPeak p = cpu::matmulPeakBf16Gflops(2048, 2);
    if (p.gflops > bf16Peak.gflops) bf16Peak = p;
  }
  std::printf("matmul peak 2048^3: f32 %.1f GFLOP/s, bf16 %.1f GFLOP/s [%s]\n", f32Peak,
              bf16Peak.gflops, bf16Peak.impl.c_str());
  std::printf("3x3 conv %lldx%lldx%lldx%lld -> %lld channels, %.2f GFLOP per op, best of %d\n",
              (long long)n, (long long)ch, (long long)side, (long long)side, (long long)ch,
              flops / 1e9, rounds);
  for (Form form : {Form::Forward, Form::BackwardData, Form::BackwardWeights}) {
    Case f32Case, bf16Case;
    build(f32Case, form, false, n, ch, side);
    build(bf16Case, form, true, n, ch, side);
    auto a = cpu::Executable::compile(f32Case.module, "main");
    auto b = cpu::Executable::compile(bf16Case.module, "main");
    a->run(f32Case.inputs); // warm-up: page faults, JIT
    b->run(bf16Case.inputs);
    double bestA = 1e30, bestB = 1e30;
    for (int r = 0; r < rounds; ++r) {
      bestA = std::min(bestA, secondsOf([&] { a->run(f32Case.inputs); }));
      bestB = std::min(bestB, secondsOf([&] { b->run(bf16Case.inputs); }));
    }
    std::printf("%-17s f32 %8.1f ms %6.1f GFLOP/s | bf16 %8.1f ms %6.1f GFLOP/s | x%.2f\n",
                name(form), bestA * 1e3, flops / bestA / 1e9, bestB * 1e3, flops / bestB / 1e9,
                bestA / bestB);
    if (std::getenv("BF16_CONV_PLANS"))
      std::printf("%s%s", a->dumpPlan().c_str(), b->dumpPlan().c_str());
  }
  return 0;
}

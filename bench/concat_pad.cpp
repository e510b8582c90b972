// The UNet decoder's data movement at its largest size through the cpu lowerer's fast path: the
// bilinear x2 upsample of x [4,64,120,120] (edge pad, four interleaved phases) concatenated with
// a skip [4,64,240,240], and the upsample's gradient (the edge pad of dcat's first 64 channels,
// sixteen strided taps), in the StableHLO nn/ emits. Each runs once with row-major arguments and
// results (NCHW) and once between 1x1 convolutions, whose activations the plan stores
// channels-last (NHWC), as in a training step. Prints the best whole run of each (the NHWC ones
// include their convolutions), the least bytes the upsample ops move (operands and result) per
// second of it, and a two-thread memcpy of the result's bytes; HLOTRAIN_PROFILE=1 adds each
// kernel's own time.
// Usage: concat_pad [--quick] [--dump] [NAME-FILTER]   (see bench/README.md)

#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "bench/Timing.h"
#include "ir/Builder.h"
#include "ir/Verifier.h"
#include "lower/cpu/Executable.h"

using namespace hlotrain;
using namespace hlotrain::ir;
using hlotrain::bench::bestSeconds;

namespace {

TensorType f32(Shape s) {
  return {ElementType::f32, std::move(s)};
}

// x extended by one clamped pixel on each side of H and W.
Value* edgePad(Builder& b, Value* x) {
  const Shape& s = x->type.shape;
  const int64_t n = s[0], c = s[1], h = s[2], w = s[3];
  auto part = [&](int64_t h0, int64_t h1, int64_t w0, int64_t w1) {
    return b.slice(x, {0, 0, h0, w0}, {n, c, h1, w1});
  };
  auto row = [&](int64_t h0, int64_t h1, Value* middle) {
    return b.concatenate({part(h0, h1, 0, 1), middle, part(h0, h1, w - 1, w)}, 3);
  };
  return b.concatenate(
      {row(0, 1, part(0, 1, 0, w)), row(0, h, x), row(h - 1, h, part(h - 1, h, 0, w))}, 2);
}

// Half-pixel bilinear x2 of x [N,C,H,W]: four phases of four taps of the edge-padded x,
// interleaved by a concatenate of [N,C,H,1,W,1] pieces and a merging reshape.
Value* upsample(Builder& b, Value* x) {
  const Shape& s = x->type.shape;
  const int64_t n = s[0], c = s[1], h = s[2], w = s[3];
  Value* xp = edgePad(b, x);
  const double weight[2][3] = {{0.25, 0.75, 0}, {0, 0.75, 0.25}};
  Value* phase[2][2];
  for (int64_t p = 0; p < 2; ++p)
    for (int64_t q = 0; q < 2; ++q) {
      Value* u = nullptr;
      for (int64_t r = p; r <= p + 1; ++r)
        for (int64_t t = q; t <= q + 1; ++t) {
          Value* term = b.multiply(b.splat(x->type, weight[p][r] * weight[q][t]),
                                   b.slice(xp, {0, 0, r, t}, {n, c, r + h, t + w}));
          u = u ? b.add(u, term) : term;
        }
      phase[p][q] = b.broadcastInDim(u, {n, c, h, 1, w, 1}, {0, 1, 2, 4});
    }
  Value* r = b.concatenate(
      {b.concatenate({phase[0][0], phase[0][1]}, 5), b.concatenate({phase[1][0], phase[1][1]}, 5)},
      3);
  return b.reshape(r, {n, c, 2 * h, 2 * w});
}

// The upsample's gradient from dcat, whose first c channels are the upsample's.
Value* upsampleGradient(Builder& b, Value* dcat, int64_t c) {
  const Shape& s = dcat->type.shape;
  const int64_t n = s[0], h = s[2] / 2, w = s[3] / 2;
  Value* gp = edgePad(b, b.slice(dcat, {0, 0, 0, 0}, {n, c, 2 * h, 2 * w}));
  const double a[4] = {0.25, 0.75, 0.75, 0.25};
  Value* dx = nullptr;
  for (int64_t t = 0; t < 4; ++t)
    for (int64_t u = 0; u < 4; ++u) {
      Value* tap = b.slice(gp, {0, 0, t, u}, {n, c, t + 2 * h - 1, u + 2 * w - 1}, {1, 1, 2, 2});
      Value* term = b.multiply(b.splat(tap->type, a[t] * a[u]), tap);
      dx = dx ? b.add(dx, term) : term;
    }
  return dx;
}

Value* conv1x1(Builder& b, Value* x, Value* w) {
  Attributes a;
  a.conv.inputSpatialDimensions = {2, 3};
  a.conv.kernelSpatialDimensions = {2, 3};
  a.conv.outputSpatialDimensions = {2, 3};
  return b.convolution(x, w, a);
}

struct Case {
  std::string name;
  double bytes = 0; // read and written by the upsample ops at the least: operands and result
  Module module;
  Function& fn = module.addFunction("main");
  Builder b{fn.body, &module};
  std::vector<Tensor> inputs;
  std::mt19937 rng{7};

  explicit Case(std::string n) : name(std::move(n)) {}
  Value* arg(TensorType t) {
    Tensor x(t);
    std::uniform_real_distribution<float> u(-1, 1);
    for (int64_t i = 0; i < x.numElements(); ++i) x.data<float>()[i] = u(rng);
    inputs.push_back(std::move(x));
    return fn.body.addArgument(std::move(t));
  }
  // A channels-last activation of `channels`: a 1x1 convolution of a one-channel argument.
  Value* activation(int64_t n, int64_t channels, int64_t h, int64_t w) {
    return conv1x1(b, arg(f32({n, 1, h, w})), arg(f32({channels, 1, 1, 1})));
  }
};

// Two threads, each copying half, as the kernels run.
double memcpySeconds(size_t bytes, int repeats) {
  std::vector<uint8_t> src(bytes, 1), dst(bytes, 0);
  const size_t half = bytes / 2;
  return bestSeconds(
      [&] {
#pragma omp parallel for num_threads(2)
        for (int t = 0; t < 2; ++t)
          std::memcpy(dst.data() + t * half, src.data() + t * half, t ? bytes - half : half);
      },
      repeats);
}

} // namespace

int main(int argc, char** argv) {
  bool quick = false, dump = false;
  std::string filter;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0)
      quick = true;
    else if (std::strcmp(argv[i], "--dump") == 0)
      dump = true;
    else
      filter = argv[i];
  }
  const int repeats = quick ? 2 : 5;
  const int64_t n = quick ? 1 : 4, c = 64, h = 120, w = 120;
  const double f = sizeof(float);
  const double xBytes = f * n * c * h * w, skipBytes = 4 * xBytes, catBytes = 8 * xBytes;

  std::vector<std::unique_ptr<Case>> cases;
  auto add = [&](std::string name, double bytes, const std::function<void(Case&)>& build) {
    cases.push_back(std::make_unique<Case>(std::move(name)));
    cases.back()->bytes = bytes;
    build(*cases.back());
  };
  add("upsample+concat NCHW", xBytes + skipBytes + catBytes, [&](Case& t) {
    Value* x = t.arg(f32({n, c, h, w}));
    Value* skip = t.arg(f32({n, c, 2 * h, 2 * w}));
    t.fn.setResults({t.b.concatenate({upsample(t.b, x), skip}, 1)});
  });
  add("upsample gradient NCHW", skipBytes + xBytes, [&](Case& t) {
    t.fn.setResults({upsampleGradient(t.b, t.arg(f32({n, 2 * c, 2 * h, 2 * w})), c)});
  });
  add("upsample+concat NHWC+convs", xBytes + skipBytes + catBytes, [&](Case& t) {
    Value* x = t.activation(n, c, h, w);
    Value* skip = t.activation(n, c, 2 * h, 2 * w);
    Value* cat = t.b.concatenate({upsample(t.b, x), skip}, 1);
    t.fn.setResults({conv1x1(t.b, cat, t.arg(f32({1, 2 * c, 1, 1})))});
  });
  add("upsample gradient NHWC+convs", skipBytes + xBytes, [&](Case& t) {
    Value* dx = upsampleGradient(t.b, t.activation(n, 2 * c, 2 * h, 2 * w), c);
    t.fn.setResults({conv1x1(t.b, dx, t.arg(f32({1, c, 1, 1})))});
  });

  std::erase_if(cases, [&](const auto& c) { return c->name.find(filter) == std::string::npos; });
  const double copy = memcpySeconds(static_cast<size_t>(catBytes), repeats);
  std::printf("batch %lld, best of %d runs; memcpy of %.0f MB (2 threads): %.2f ms, %.1f GB/s\n\n",
              static_cast<long long>(n), repeats, catBytes / 1e6, copy * 1e3,
              2 * catBytes / copy / 1e9);
  std::printf("%-30s %10s %10s %10s\n", "case", "ms", "least MB", "GB/s");
  for (auto& c : cases) {
    verify(c->module);
    auto exe = cpu::Executable::compile(c->module, "main");
    exe->run(c->inputs); // warm-up: first touch of buffers
    double s = bestSeconds([&] { exe->run(c->inputs); }, repeats);
    std::printf("%-30s %10.2f %10.0f %10.1f\n", c->name.c_str(), s * 1e3, c->bytes / 1e6,
                c->bytes / s / 1e9);
    if (dump) std::printf("%s\n", exe->dumpPlan().c_str());
  }
  return 0;
}

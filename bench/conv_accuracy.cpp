// How far do oneDNN's f32 convolution kernels round? Each forward 3x3 stride-1 convolution of
// MNIST-CNN's, ResNet's and EfficientNetV2-S's shapes is run by every implementation oneDNN offers
// for channels-last activations (the layout the cpu lowerer plans; reference kernels skipped), and
// by the first one it offers for its preferred blocked layout (nChw16c here, PyTorch's, reorders
// from and to channels-last timed with it), on the same inputs: ReLU'd normal activations, weights
// of both signs. Prints the best of 3 times and ||y - y64|| / ||y64|| against the convolution in
// double. Usage: conv_accuracy   (see bench/README.md)

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <dnnl.hpp>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "bench/Timing.h"

namespace {

using dnnl::memory;
using Tag = memory::format_tag;

struct Shape {
  int64_t batch, channels, outChannels, side;
};

double bestMs(const std::function<void()>& run) {
  run(); // first use: JIT compilation and page faults
  return hlotrain::bench::bestSeconds(run, 3) * 1e3;
}

// Channels-last x [N, H, W, C], OIHW w; the result channels-last.
std::vector<double> exactConv(const Shape& s, const std::vector<float>& x,
                              const std::vector<float>& w) {
  const int64_t n = s.batch, c = s.channels, o = s.outChannels, h = s.side;
  std::vector<double> y(static_cast<size_t>(n * h * h * o), 0.0);
  std::vector<double> acc(static_cast<size_t>(o));
  for (int64_t b = 0; b < n; ++b)
    for (int64_t i = 0; i < h; ++i)
      for (int64_t j = 0; j < h; ++j) {
        std::fill(acc.begin(), acc.end(), 0.0);
        for (int64_t ki = 0; ki < 3; ++ki)
          for (int64_t kj = 0; kj < 3; ++kj) {
            const int64_t si = i + ki - 1, sj = j + kj - 1;
            if (si < 0 || sj < 0 || si >= h || sj >= h) continue;
            const float* px = &x[static_cast<size_t>(((b * h + si) * h + sj) * c)];
            for (int64_t oc = 0; oc < o; ++oc) {
              const float* pw = &w[static_cast<size_t>((oc * c) * 9 + ki * 3 + kj)];
              double sum = 0;
              for (int64_t ic = 0; ic < c; ++ic) sum += double(px[ic]) * double(pw[ic * 9]);
              acc[static_cast<size_t>(oc)] += sum;
            }
          }
        std::copy(acc.begin(), acc.end(), y.begin() + ((b * h + i) * h + j) * o);
      }
  return y;
}

void measure(const Shape& s) {
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  const memory::dims src = {s.batch, s.channels, s.side, s.side},
                     dst = {s.batch, s.outChannels, s.side, s.side},
                     weights = {s.outChannels, s.channels, 3, 3};
  const memory::desc srcNhwc(src, memory::data_type::f32, Tag::nhwc),
      dstNhwc(dst, memory::data_type::f32, Tag::nhwc),
      weightsPlain(weights, memory::data_type::f32, Tag::oihw);
  std::mt19937 rng(1);
  std::normal_distribution<float> normal;
  std::vector<float> x(srcNhwc.get_size() / sizeof(float)), w(weightsPlain.get_size() / 4);
  for (float& v : x) v = std::max(0.0f, normal(rng));
  for (float& v : w) v = 0.05f * normal(rng);
  const std::vector<double> exact = exactConv(s, x, w);
  memory userSrc(srcNhwc, engine, x.data()), userWeights(weightsPlain, engine, w.data()),
      userDst(dstNhwc, engine);

  for (bool blocked : {false, true}) {
    const memory::desc anySrc(src, memory::data_type::f32, Tag::any),
        anyDst(dst, memory::data_type::f32, Tag::any),
        anyWeights(weights, memory::data_type::f32, Tag::any);
    // Named, not a temporary: the primitive descriptor's implementation iterator reads it on
    // every next_impl().
    const dnnl::convolution_forward::desc desc(
        dnnl::prop_kind::forward_training, dnnl::algorithm::convolution_direct,
        blocked ? anySrc : srcNhwc, anyWeights, blocked ? anyDst : dstNhwc, {1, 1}, {1, 1}, {1, 1});
    dnnl::convolution_forward::primitive_desc pd(desc, engine);
    do {
      const std::string impl = pd.impl_info_str();
      if (impl.find("ref") != std::string::npos) continue;
      memory innerSrc(pd.src_desc(), engine), innerDst(pd.dst_desc(), engine),
          innerWeights(pd.weights_desc(), engine);
      dnnl::reorder(userWeights, innerWeights).execute(stream, userWeights, innerWeights);
      dnnl::convolution_forward conv(pd);
      const double ms = bestMs([&] {
        if (blocked) dnnl::reorder(userSrc, innerSrc).execute(stream, userSrc, innerSrc);
        conv.execute(stream, {{DNNL_ARG_SRC, blocked ? innerSrc : userSrc},
                              {DNNL_ARG_WEIGHTS, innerWeights},
                              {DNNL_ARG_DST, blocked ? innerDst : userDst}});
        if (blocked) dnnl::reorder(innerDst, userDst).execute(stream, innerDst, userDst);
        stream.wait();
      });
      const auto* y = static_cast<const float*>(userDst.get_data_handle());
      double error = 0, norm = 0;
      for (size_t i = 0; i < exact.size(); ++i) {
        error += (y[i] - exact[i]) * (y[i] - exact[i]);
        norm += exact[i] * exact[i];
      }
      std::printf("%4lldx%-4lld %3lldx%-3lld %-9s %-22s %7.2f ms  rel error %.3e\n",
                  (long long)s.channels, (long long)s.outChannels, (long long)s.side,
                  (long long)s.side, blocked ? "blocked" : "nhwc", impl.c_str(), ms,
                  std::sqrt(error / norm));
      if (blocked) break; // the preferred layout's first kernel: the one `any` picks
    } while (pd.next_impl());
  }
}

} // namespace

int main() {
  std::printf("in x out  map      layout    kernel                    time      vs double\n");
  for (const Shape& s : std::vector<Shape>{{128, 1, 32, 28},
                                           {128, 3, 32, 32},
                                           {128, 16, 32, 28},
                                           {128, 32, 32, 28},
                                           {128, 32, 64, 14},
                                           {128, 64, 64, 14},
                                           {32, 64, 64, 56},
                                           {32, 128, 128, 28},
                                           {32, 256, 256, 14},
                                           {32, 512, 512, 7},
                                           {16, 24, 24, 112},
                                           {16, 48, 192, 56},
                                           {16, 96, 96, 56}})
    measure(s);
}

// Which convolution kernels pay on this machine? Times oneDNN's three convolution primitives at
// ResNet's 3x3 stride-1 shapes (batch 32): direct with channels-last activations, as the cpu
// lowerer plans them; direct with the layout oneDNN prefers (format `any`, nChw16c here); and
// Winograd F(4x4, 3x3), which exists only in that blocked layout. Same buffers, best of several
// runs, no reorders counted. Prints one line per shape and variant.
// Usage: conv_layouts [REPEATS]   (see bench/README.md)

#include <cstdio>
#include <cstdlib>
#include <dnnl.hpp>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "bench/Timing.h"

namespace {

using dnnl::memory;
using Tag = memory::format_tag;

double bestMs(const std::function<void()>& run, int repeats) {
  run(); // first use: JIT compilation and page faults
  return hlotrain::bench::bestSeconds(run, repeats) * 1e3;
}

memory filled(const memory::desc& desc, const dnnl::engine& engine) {
  memory m(desc, engine);
  auto* p = static_cast<float*>(m.get_data_handle());
  for (size_t i = 0; i < desc.get_size() / sizeof(float); ++i)
    p[i] = 0.01f * static_cast<float>(i % 97);
  return m;
}

void measure(int64_t channels, int64_t side, Tag activations, dnnl::algorithm algorithm,
             int repeats) {
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  const memory::dims act = {32, channels, side, side}, weights = {channels, channels, 3, 3};
  const memory::dims strides = {1, 1}, padding = {1, 1};
  const memory::desc actDesc(act, memory::data_type::f32, activations);
  const memory::desc weightsDesc(weights, memory::data_type::f32, Tag::any);
  dnnl::convolution_forward::primitive_desc forward({dnnl::prop_kind::forward_training, algorithm,
                                                     actDesc, weightsDesc, actDesc, strides,
                                                     padding, padding},
                                                    engine);
  dnnl::convolution_backward_data::primitive_desc backwardData(
      {algorithm, actDesc, weightsDesc, actDesc, strides, padding, padding}, engine, forward);
  dnnl::convolution_backward_weights::primitive_desc backwardWeights(
      {algorithm, actDesc, weightsDesc, actDesc, strides, padding, padding}, engine, forward);

  memory src = filled(forward.src_desc(), engine), w = filled(forward.weights_desc(), engine);
  memory dst = filled(forward.dst_desc(), engine);
  memory wForData = filled(backwardData.weights_desc(), engine);
  memory diffDst = filled(backwardData.diff_dst_desc(), engine);
  memory diffSrc = filled(backwardData.diff_src_desc(), engine);
  memory diffWeights = filled(backwardWeights.diff_weights_desc(), engine);
  dnnl::convolution_forward runForward(forward);
  dnnl::convolution_backward_data runData(backwardData);
  dnnl::convolution_backward_weights runWeights(backwardWeights);
  auto timeMs = [&](const dnnl::primitive& primitive, const std::unordered_map<int, memory>& args) {
    return bestMs(
        [&] {
          primitive.execute(stream, args);
          stream.wait();
        },
        repeats);
  };
  const double forwardMs =
      timeMs(runForward, {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, w}, {DNNL_ARG_DST, dst}});
  const double dataMs = timeMs(
      runData,
      {{DNNL_ARG_DIFF_DST, diffDst}, {DNNL_ARG_WEIGHTS, wForData}, {DNNL_ARG_DIFF_SRC, diffSrc}});
  const double weightsMs = timeMs(
      runWeights,
      {{DNNL_ARG_SRC, src}, {DNNL_ARG_DIFF_DST, diffDst}, {DNNL_ARG_DIFF_WEIGHTS, diffWeights}});
  const double gflop = 2.0 * 32 * double(channels * channels * 9 * side * side) / 1e9;
  std::printf("%-13s %4lldx%-3lld  forward %6.1f ms %4.0f GFLOP/s (%s)  backward-data %6.1f ms "
              "%4.0f (%s)  backward-weights %6.1f ms %4.0f (%s)\n",
              algorithm == dnnl::algorithm::convolution_winograd ? "Winograd"
              : activations == Tag::nhwc                         ? "channels-last"
                                                                 : "oneDNN's",
              (long long)channels, (long long)side, forwardMs, gflop / forwardMs * 1e3,
              forward.impl_info_str(), dataMs, gflop / dataMs * 1e3, backwardData.impl_info_str(),
              weightsMs, gflop / weightsMs * 1e3, backwardWeights.impl_info_str());
}

} // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  for (auto [channels, side] :
       std::vector<std::pair<int64_t, int64_t>>{{64, 56}, {128, 28}, {256, 14}, {512, 7}})
    for (auto [activations, algorithm] : std::vector<std::pair<Tag, dnnl::algorithm>>{
             {Tag::nhwc, dnnl::algorithm::convolution_direct},
             {Tag::any, dnnl::algorithm::convolution_direct},
             {Tag::any, dnnl::algorithm::convolution_winograd}})
      measure(channels, side, activations, algorithm, repeats);
}

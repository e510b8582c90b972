#pragma once
// The convolutions the fast path maps to oneDNN, for its tests: a forward convolution's
// parameters, and the attributes of its forward form and of JAX's two transposes of it
// (backward-data, backward-weights) for given dimension layouts.

#include <array>
#include <cstdint>

#include "ir/Op.h"

namespace hlotrain::cpu::fasttest {

// Where each logical dim (batch/feature/spatial0/spatial1 or O/I/spatial0/spatial1) lies.
using Layout = std::array<int64_t, 4>;
inline constexpr Layout kNchw = {0, 1, 2, 3};

// A forward convolution's parameters; the backward forms are derived from them as JAX does.
struct ConvShape {
  int64_t n, groups, inPerGroup, outPerGroup, h, w, kh, kw;
  std::array<int64_t, 2> stride, dilation, padLow, padHigh;

  int64_t c() const { return groups * inPerGroup; }
  int64_t o() const { return groups * outPerGroup; }
  int64_t extent(int d) const { return ((d ? kw : kh) - 1) * dilation[size_t(d)] + 1; }
  int64_t out(int d) const {
    return ((d ? w : h) + padLow[size_t(d)] + padHigh[size_t(d)] - extent(d)) / stride[size_t(d)] +
           1;
  }
};

inline ir::ConvDimensionNumbers convNumbers(const Layout& in, const Layout& kernel,
                                            const Layout& out) {
  return ir::convDimensionNumbers({in.begin(), in.end()}, {kernel.begin(), kernel.end()},
                                  {out.begin(), out.end()});
}

inline ir::Attributes forwardAttributes(const ConvShape& f, const Layout& in, const Layout& kernel,
                                        const Layout& out) {
  ir::Attributes a;
  a.conv = convNumbers(in, kernel, out);
  a.windowStrides = {f.stride[0], f.stride[1]};
  a.rhsDilation = {f.dilation[0], f.dilation[1]};
  a.padding = {{f.padLow[0], f.padHigh[0]}, {f.padLow[1], f.padHigh[1]}};
  a.featureGroupCount = f.groups;
  return a;
}

// JAX's transpose w.r.t. the lhs: conv(g, reverse(w')) with lhs_dilation = stride, where w' has
// the forward kernel's O and I roles swapped (and, with groups, O/G input features). The kernel's
// reversal is the caller's: a reverse op, or window_reversal.
inline ir::Attributes backwardDataAttributes(const ConvShape& f, const Layout& in,
                                             const Layout& kernel, const Layout& out) {
  ir::Attributes a;
  a.conv = convNumbers(in, kernel, out);
  a.lhsDilation = {f.stride[0], f.stride[1]};
  a.rhsDilation = {f.dilation[0], f.dilation[1]};
  for (int d = 0; d < 2; ++d) {
    int64_t before = f.extent(d) - 1 - f.padLow[size_t(d)];
    int64_t dilatedOut = (f.out(d) - 1) * f.stride[size_t(d)] + 1;
    int64_t after = (d ? f.w : f.h) + f.extent(d) - 1 - dilatedOut - before;
    a.padding.push_back({before, after});
  }
  a.featureGroupCount = f.groups;
  return a;
}

// JAX's transpose w.r.t. the rhs: conv(x, g) with batch and feature swapped in the dimension
// numbers, window_strides = forward dilation, rhs_dilation = forward stride, and
// batch_group_count = groups. `gl` is g's layout, `wl` the result's.
inline ir::Attributes backwardWeightsAttributes(const ConvShape& f, const Layout& in,
                                                const Layout& gl, const Layout& wl) {
  ir::Attributes a;
  a.conv = ir::convDimensionNumbers({in[1], in[0], in[2], in[3]}, {gl[1], gl[0], gl[2], gl[3]},
                                    {wl[1], wl[0], wl[2], wl[3]});
  a.windowStrides = {f.dilation[0], f.dilation[1]};
  a.rhsDilation = {f.stride[0], f.stride[1]};
  for (int d = 0; d < 2; ++d) {
    int64_t k = d ? f.kw : f.kh;
    int64_t high = (k - 1) * f.dilation[size_t(d)] + (f.out(d) - 1) * f.stride[size_t(d)] + 1 -
                   (d ? f.w : f.h) - f.padLow[size_t(d)];
    a.padding.push_back({f.padLow[size_t(d)], high});
  }
  a.batchGroupCount = f.groups;
  return a;
}

} // namespace hlotrain::cpu::fasttest

#include "data/Mix.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "support/Error.h"
#include "support/Xorshift.h"

namespace hlotrain::data {

namespace {

class Stream {
public:
  explicit Stream(uint64_t seed) : s_(seed) {}
  double uniform() { // in (0, 1)
    s_ = xorshift64(s_);
    return (static_cast<double>(s_ >> 11) + 0.5) * 0x1p-53;
  }
  int64_t below(int64_t n) { return std::min(n - 1, static_cast<int64_t>(uniform() * n)); }
  double normal() { // Box–Muller, one of the pair
    const double u = uniform(), v = uniform();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * std::numbers::pi * v);
  }
  double gamma(double a) { // Marsaglia–Tsang; below 1 boosted by U^(1/a)
    if (a < 1.0) {
      const double boosted = gamma(a + 1.0);
      return boosted * std::pow(uniform(), 1.0 / a);
    }
    const double d = a - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
    for (;;) {
      double x, v;
      do {
        x = normal();
        v = 1.0 + c * x;
      } while (v <= 0.0);
      v = v * v * v;
      const double u = uniform();
      if (std::log(u) < 0.5 * x * x + d - d * v + d * std::log(v)) return d * v;
    }
  }
  double beta(double a) {
    const double x = gamma(a), y = gamma(a);
    return x / (x + y);
  }

private:
  uint64_t s_;
};

} // namespace

MixDraw drawMix(const MixOptions& o, uint64_t batchSeed, int64_t height, int64_t width) {
  MixDraw draw;
  if (!o.cutmixAlpha && !o.mixupAlpha) return draw;
  Stream r((batchSeed + kMixSeedOffset) * 0x9E3779B97F4A7C15ull);
  if (r.uniform() >= o.probability) return draw;
  const bool cutmix = o.cutmixAlpha && (!o.mixupAlpha || r.uniform() < 0.5);
  const double lambda = r.beta(cutmix ? *o.cutmixAlpha : *o.mixupAlpha);
  if (!cutmix) return {MixDraw::Kind::mixup, lambda};
  const double ratio = std::sqrt(1.0 - lambda);
  const int64_t cutH = static_cast<int64_t>(static_cast<double>(height) * ratio);
  const int64_t cutW = static_cast<int64_t>(static_cast<double>(width) * ratio);
  const int64_t cy = r.below(height), cx = r.below(width);
  draw.kind = MixDraw::Kind::cutmix;
  draw.y0 = std::clamp<int64_t>(cy - cutH / 2, 0, height);
  draw.y1 = std::clamp<int64_t>(cy + cutH / 2, 0, height);
  draw.x0 = std::clamp<int64_t>(cx - cutW / 2, 0, width);
  draw.x1 = std::clamp<int64_t>(cx + cutW / 2, 0, width);
  draw.lambda = 1.0 - static_cast<double>((draw.y1 - draw.y0) * (draw.x1 - draw.x0)) /
                          static_cast<double>(height * width);
  return draw;
}

void mixImages(const MixDraw& draw, std::span<float> images, int64_t batch, int64_t channels,
               int64_t height, int64_t width) {
  const int64_t plane = height * width, image = channels * plane;
  if (static_cast<int64_t>(images.size()) != batch * image)
    throw RuntimeError("mixImages: " + std::to_string(images.size()) + " values for " +
                       std::to_string(batch) + " images of " + std::to_string(image));
  if (draw.kind == MixDraw::Kind::none) return;
  const float own = static_cast<float>(draw.lambda), other = 1.0f - own;
  // Sample i and its partner j = B−1−i (the middle sample of an odd batch is its own).
  for (int64_t i = 0, j = batch - 1; i <= j; ++i, --j) {
    float* a = images.data() + i * image;
    float* b = images.data() + j * image;
    if (draw.kind == MixDraw::Kind::mixup) {
      for (int64_t k = 0; k < image; ++k) {
        const float x = a[k], y = b[k];
        a[k] = own * x + other * y;
        b[k] = own * y + other * x;
      }
      continue;
    }
    if (i == j) continue; // pasting an image's box into itself changes nothing
    for (int64_t c = 0; c < channels; ++c)
      for (int64_t y = draw.y0; y < draw.y1; ++y) {
        const int64_t row = c * plane + y * width;
        std::swap_ranges(a + row + draw.x0, a + row + draw.x1, b + row + draw.x0);
      }
  }
}

void softTargets(const MixDraw& draw, std::span<const int32_t> labels, int64_t classes,
                 std::span<float> targets) {
  const int64_t batch = static_cast<int64_t>(labels.size());
  if (static_cast<int64_t>(targets.size()) != batch * classes)
    throw RuntimeError("softTargets: " + std::to_string(targets.size()) + " values for " +
                       std::to_string(batch) + " rows of " + std::to_string(classes));
  std::fill(targets.begin(), targets.end(), 0.0f);
  const float own = static_cast<float>(draw.lambda), other = 1.0f - own;
  for (int64_t i = 0; i < batch; ++i) {
    float* row = targets.data() + i * classes;
    const int32_t mine = labels[static_cast<size_t>(i)];
    const int32_t theirs = labels[static_cast<size_t>(batch - 1 - i)];
    for (int32_t label : {mine, theirs})
      if (label < 0 || label >= classes)
        throw RuntimeError("softTargets: label " + std::to_string(label) + " outside [0, " +
                           std::to_string(classes) + ")");
    row[mine] += own;
    row[theirs] += other;
  }
}

} // namespace hlotrain::data

#include "data/Random.h"

#include <numeric>
#include <utility>

#include "support/Error.h"
#include "support/Xorshift.h"

namespace hlotrain::data {

std::vector<int64_t> shuffleOrder(int64_t n, uint64_t seed) {
  if (n < 0) throw RuntimeError("cannot shuffle " + std::to_string(n) + " records");
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), int64_t{0});
  uint64_t s = seed + 1;
  for (int64_t i = n - 1; i > 0; --i) {
    s = xorshift64(s);
    std::swap(order[i], order[s % static_cast<uint64_t>(i + 1)]);
  }
  return order;
}

uint64_t epochShuffleSeed(uint64_t runSeed, int64_t epoch) {
  return runSeed + static_cast<uint64_t>(epoch);
}

void fillDropMask(uint64_t batchSeed, std::span<const double> rates, int64_t batch, float* out) {
  uint64_t s = batchSeed + kDropPathSeedOffset;
  for (double rate : rates) {
    const float kept = static_cast<float>(1.0 / (1.0 - rate));
    for (int64_t i = 0; i < batch; ++i) {
      s = xorshift64(s);
      *out++ = static_cast<double>(s >> 11) * 0x1p-53 >= rate ? kept : 0.0f;
    }
  }
}

void fillDropoutMask(uint64_t batchSeed, size_t site, double rate, int64_t count, float* out) {
  uint64_t s = batchSeed + kDropoutSeedOffset + 7919 * static_cast<uint64_t>(site);
  const float kept = static_cast<float>(1.0 / (1.0 - rate));
  for (int64_t i = 0; i < count; ++i) {
    s = xorshift64(s);
    out[i] = static_cast<double>(s >> 11) * 0x1p-53 >= rate ? kept : 0.0f;
  }
}

uint64_t batchSeed(int64_t epoch, int64_t batchIndex) {
  return static_cast<uint64_t>(epoch) * 10000 + static_cast<uint64_t>(batchIndex);
}

CropStream::CropStream(uint64_t seed, int64_t height, int64_t width, int64_t cropHeight,
                       int64_t cropWidth)
    : s_(seed + 1) {
  if (cropHeight <= 0 || cropWidth <= 0 || cropHeight > height || cropWidth > width)
    throw RuntimeError("cannot crop " + std::to_string(cropHeight) + "x" +
                       std::to_string(cropWidth) + " out of " + std::to_string(height) + "x" +
                       std::to_string(width));
  rows_ = static_cast<uint64_t>(height - cropHeight + 1);
  cols_ = static_cast<uint64_t>(width - cropWidth + 1);
}

CropOffset CropStream::next() {
  CropOffset crop;
  s_ = xorshift64(s_);
  crop.y0 = static_cast<int64_t>(s_ % rows_);
  s_ = xorshift64(s_);
  crop.x0 = static_cast<int64_t>(s_ % cols_);
  return crop;
}

ScaledCropStream::Square ScaledCropStream::next() {
  Square square;
  s_ = xorshift64(s_);
  square.size = side_ - static_cast<int64_t>(s_ % static_cast<uint64_t>(side_ / 5 + 1));
  const uint64_t offsets = static_cast<uint64_t>(side_ - square.size + 1);
  s_ = xorshift64(s_);
  square.y0 = static_cast<int64_t>(s_ % offsets);
  s_ = xorshift64(s_);
  square.x0 = static_cast<int64_t>(s_ % offsets);
  return square;
}

bool FlipStream::next() {
  s_ = xorshift64(s_);
  return (s_ & 1) != 0;
}

std::vector<CropOffset> randomCrops(uint64_t seed, int64_t count, int64_t height, int64_t width,
                                    int64_t cropHeight, int64_t cropWidth) {
  if (count < 0) throw RuntimeError("cannot crop " + std::to_string(count) + " images");
  CropStream stream(seed, height, width, cropHeight, cropWidth);
  std::vector<CropOffset> crops(static_cast<size_t>(count));
  for (CropOffset& crop : crops) crop = stream.next();
  return crops;
}

CropOffset centerCrop(int64_t height, int64_t width, int64_t cropHeight, int64_t cropWidth) {
  return {(height - cropHeight) / 2, (width - cropWidth) / 2};
}

std::vector<bool> randomFlips(uint64_t seed, int64_t count) {
  if (count < 0) throw RuntimeError("cannot flip " + std::to_string(count) + " images");
  FlipStream stream(seed);
  std::vector<bool> flips(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) flips[static_cast<size_t>(i)] = stream.next();
  return flips;
}

} // namespace hlotrain::data

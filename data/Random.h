#pragma once
// The deterministic randomness of the data pipeline (FORMATS.md): record order per epoch and
// per-batch augmentation, all from the xorshift64 step of support/Xorshift.h, so a run can be
// replayed (and resumed) from its seed, epoch and batch index alone.

#include <cstdint>
#include <span>
#include <vector>

namespace hlotrain::data {

// The order of records 0..n-1 for one epoch: Fisher-Yates from the back, s = seed + 1, one
// xorshift step per swap, j = s % (i + 1). The same order indexes images and labels, so records
// stay aligned.
std::vector<int64_t> shuffleOrder(int64_t n, uint64_t seed);
// The shuffle seed of an epoch: the run's seed plus the epoch number.
uint64_t epochShuffleSeed(uint64_t runSeed, int64_t epoch);

// Seed of the crop stream of a training batch; the flip stream uses it plus kFlipSeedOffset.
uint64_t batchSeed(int64_t epoch, int64_t batchIndex);
constexpr uint64_t kFlipSeedOffset = 7777;

struct CropOffset {
  int64_t y0 = 0;
  int64_t x0 = 0;
  bool operator==(const CropOffset&) const = default;
};

// The crop stream of a batch, one image at a time: s = seed + 1; per image one step for
// y0 = s % (height - cropHeight + 1), one for x0. Throws RuntimeError when the crop does not fit.
class CropStream {
public:
  CropStream(uint64_t seed, int64_t height, int64_t width, int64_t cropHeight, int64_t cropWidth);
  CropOffset next();

private:
  uint64_t s_;
  uint64_t rows_, cols_; // choices of y0 and x0
};

// The scaled-crop stream of a batch (detection), one image at a time: s = seed + 1; per image one
// step for the square's side c = side − s % (side/5 + 1) (80–100% of the side, in whole pixels),
// one for y0 = s % (side − c + 1), one for x0.
class ScaledCropStream {
public:
  ScaledCropStream(uint64_t seed, int64_t side) : s_(seed + 1), side_(side) {}
  struct Square {
    int64_t y0 = 0, x0 = 0, size = 0;
    bool operator==(const Square&) const = default;
  };
  Square next();

private:
  uint64_t s_;
  int64_t side_;
};

// The flip stream of a batch, one image at a time: s = seed + 1; per image one step, flip if s & 1.
class FlipStream {
public:
  explicit FlipStream(uint64_t seed) : s_(seed + 1) {}
  bool next();

private:
  uint64_t s_;
};

// Stochastic depth's drop mask of a training batch (FAMILIES.md 2.5), [rates.size(), batch] row
// by row into `out`: s = batchSeed + kDropPathSeedOffset, then per (branch i, sample) one
// xorshift step; the branch is kept for the sample, scaled by 1/(1 − rates[i]), when
// (s >> 11)·2^−53 ≥ rates[i], else dropped (0).
constexpr uint64_t kDropPathSeedOffset = 3003;
void fillDropMask(uint64_t batchSeed, std::span<const double> rates, int64_t batch, float* out);

// One dropout layer's mask for a training batch, `count` values into `out`: s = batchSeed +
// kDropoutSeedOffset + 7919·site, then per value one xorshift step; kept, at 1/(1 − rate), when
// (s >> 11)·2^−53 ≥ rate, else 0.
constexpr uint64_t kDropoutSeedOffset = 4004;
void fillDropoutMask(uint64_t batchSeed, size_t site, double rate, int64_t count, float* out);

// The first `count` crops of a CropStream.
std::vector<CropOffset> randomCrops(uint64_t seed, int64_t count, int64_t height, int64_t width,
                                    int64_t cropHeight, int64_t cropWidth);
// The crop used without augmentation: centered, rounding the offset down.
CropOffset centerCrop(int64_t height, int64_t width, int64_t cropHeight, int64_t cropWidth);
// The first `count` draws of a FlipStream.
std::vector<bool> randomFlips(uint64_t seed, int64_t count);

} // namespace hlotrain::data

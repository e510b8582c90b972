#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "data/Random.h"
#include "support/Error.h"
#include "support/Xorshift.h"

using namespace hlotrain;
using namespace hlotrain::data;

namespace {

// Expected values below were computed independently (Python, 64-bit masked arithmetic).

TEST(Xorshift, MatchesTheFormatsStep) {
  EXPECT_EQ(xorshift64(1), 1082269761u);
}

TEST(Shuffle, IsFisherYatesWithXorshift) {
  EXPECT_EQ(shuffleOrder(10, 42), (std::vector<int64_t>{7, 8, 4, 2, 0, 9, 6, 3, 1, 5}));
  EXPECT_EQ(shuffleOrder(10, 43), (std::vector<int64_t>{8, 7, 6, 3, 2, 5, 0, 9, 1, 4}));
}

TEST(Shuffle, IsADeterministicPermutation) {
  std::vector<int64_t> order = shuffleOrder(60000, epochShuffleSeed(42, 3));
  EXPECT_EQ(order, shuffleOrder(60000, epochShuffleSeed(42, 3)));
  EXPECT_NE(order, shuffleOrder(60000, epochShuffleSeed(42, 4)));
  std::vector<int64_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int64_t> identity(60000);
  std::iota(identity.begin(), identity.end(), int64_t{0});
  EXPECT_EQ(sorted, identity);
  EXPECT_NE(order, identity);
}

TEST(Shuffle, HandlesTinyAndInvalidSizes) {
  EXPECT_TRUE(shuffleOrder(0, 1).empty());
  EXPECT_EQ(shuffleOrder(1, 1), (std::vector<int64_t>{0}));
  EXPECT_THROW(shuffleOrder(-1, 1), RuntimeError);
}

TEST(Augment, BatchSeedsFollowFormats) {
  EXPECT_EQ(batchSeed(0, 0), 0u);
  EXPECT_EQ(batchSeed(3, 5), 30005u);
  EXPECT_EQ(kFlipSeedOffset, 7777u);
}

TEST(Augment, RandomCropsFollowFormats) {
  EXPECT_EQ(randomCrops(batchSeed(3, 5), 4, 256, 256, 224, 224),
            (std::vector<CropOffset>{{31, 31}, {8, 30}, {0, 14}, {24, 5}}));
  EXPECT_EQ(randomCrops(0, 3, 4, 4, 2, 2), (std::vector<CropOffset>{{0, 2}, {0, 2}, {2, 1}}));
  // A crop of the whole image still consumes the stream but always lands at 0.
  for (CropOffset c : randomCrops(9, 5, 28, 28, 28, 28)) EXPECT_EQ(c, (CropOffset{0, 0}));
  EXPECT_THROW(randomCrops(0, 1, 4, 4, 5, 4), RuntimeError);
  EXPECT_THROW(randomCrops(0, -1, 4, 4, 2, 2), RuntimeError);
}

TEST(Augment, CenterCropRoundsDown) {
  EXPECT_EQ(centerCrop(256, 256, 224, 224), (CropOffset{16, 16}));
  EXPECT_EQ(centerCrop(5, 4, 2, 2), (CropOffset{1, 1}));
}

TEST(Augment, RandomFlipsFollowFormats) {
  EXPECT_EQ(randomFlips(batchSeed(3, 5) + kFlipSeedOffset, 8),
            (std::vector<bool>{false, false, false, true, true, false, false, true}));
  EXPECT_EQ(randomFlips(7777, 3), (std::vector<bool>{false, true, false}));
}

} // namespace

namespace {

// Stochastic depth's mask (FAMILIES.md 2.5): the first draws as computed independently (Python),
// then the asked rate of whole samples dropped per branch, the kept ones scaled by 1/(1 − p).
TEST(DropMask, DrawsPerBranchAndSampleFromTheBatchSeed) {
  const std::vector<double> half = {0.5};
  std::vector<float> mask(6);
  fillDropMask(batchSeed(2, 5), half, 6, mask.data());
  EXPECT_EQ(mask, (std::vector<float>{0, 0, 2, 0, 2, 2}));

  const std::vector<double> rates = {0.0, 0.1, 0.5};
  const int64_t batch = 20000;
  std::vector<float> many(rates.size() * batch);
  fillDropMask(batchSeed(0, 1), rates, batch, many.data());
  for (size_t r = 0; r < rates.size(); ++r) {
    const float kept = static_cast<float>(1.0 / (1.0 - rates[r]));
    int64_t dropped = 0;
    for (int64_t i = 0; i < batch; ++i) {
      const float v = many[r * batch + static_cast<size_t>(i)];
      EXPECT_TRUE(v == 0.0f || v == kept) << v;
      dropped += v == 0.0f;
    }
    // Within 4 standard deviations of the rate (0 exactly for rate 0).
    const double sd = std::sqrt(rates[r] * (1 - rates[r]) / batch);
    EXPECT_NEAR(static_cast<double>(dropped) / batch, rates[r], 4 * sd) << "rate " << rates[r];
  }
  std::vector<float> again(many.size());
  fillDropMask(batchSeed(0, 1), rates, batch, again.data());
  EXPECT_EQ(again, many);
  fillDropMask(batchSeed(0, 2), rates, batch, again.data());
  EXPECT_NE(again, many);
}

// Dropout's mask: the asked rate of values zeroed, the rest 1/(1 − p); per batch and per layer
// its own stream, the same again for the same (batch, layer).
TEST(DropoutMask, DrawsPerValueFromTheBatchSeedAndTheLayer) {
  const int64_t count = 40000;
  std::vector<float> mask(count), other(count), again(count);
  fillDropoutMask(batchSeed(1, 3), 0, 0.2, count, mask.data());
  int64_t dropped = 0;
  for (float v : mask) {
    EXPECT_TRUE(v == 0.0f || v == 1.25f) << v;
    dropped += v == 0.0f;
  }
  EXPECT_NEAR(static_cast<double>(dropped) / count, 0.2, 4 * std::sqrt(0.2 * 0.8 / count));
  fillDropoutMask(batchSeed(1, 3), 0, 0.2, count, again.data());
  EXPECT_EQ(again, mask);
  fillDropoutMask(batchSeed(1, 3), 1, 0.2, count, other.data());
  EXPECT_NE(other, mask);
  fillDropoutMask(batchSeed(1, 4), 0, 0.2, count, other.data());
  EXPECT_NE(other, mask);
  fillDropoutMask(batchSeed(1, 3), 0, 0.0, count, other.data());
  EXPECT_EQ(other, std::vector<float>(count, 1.0f));
}

} // namespace

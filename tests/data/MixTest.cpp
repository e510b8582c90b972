// CutMix and mixup (data/Mix.h) on images of known content: every image of the batch is one
// constant value, so where each pixel came from is visible; the soft label of each sample equals
// the share of the image its partner supplied, the pasted box's true area after clipping.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "data/Mix.h"
#include "data/Random.h"

using namespace hlotrain;
using namespace hlotrain::data;

namespace {

constexpr int64_t kBatch = 5, kChannels = 2, kSide = 12, kClasses = 7;

// Image i holds the value i + 1 everywhere; its label is (2·i) mod 7.
std::vector<float> knownImages() {
  std::vector<float> x(kBatch * kChannels * kSide * kSide);
  for (size_t k = 0; k < x.size(); ++k)
    x[k] = static_cast<float>(k / (kChannels * kSide * kSide) + 1);
  return x;
}
const std::vector<int32_t> kLabels = {0, 2, 4, 6, 1};

TEST(MixTest, CutMixLabelsEachSampleByTheAreaItsPartnerSupplied) {
  int64_t clipped = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const MixDraw d = drawMix({1.0, std::nullopt, 1.0}, seed, kSide, kSide);
    ASSERT_EQ(d.kind, MixDraw::Kind::cutmix);
    std::vector<float> x = knownImages();
    mixImages(d, x, kBatch, kChannels, kSide, kSide);
    std::vector<float> t(kBatch * kClasses);
    softTargets(d, kLabels, kClasses, t);
    for (int64_t i = 0; i < kBatch; ++i) {
      const float partner = static_cast<float>(kBatch - i);
      int64_t fromPartner = 0;
      for (int64_t k = 0; k < kChannels * kSide * kSide; ++k)
        fromPartner += x[static_cast<size_t>(i * kChannels * kSide * kSide + k)] == partner;
      const double share = static_cast<double>(fromPartner) / (kChannels * kSide * kSide);
      if (i == kBatch / 2) continue; // the middle sample is its own partner
      EXPECT_NEAR(1 - d.lambda, share, 1e-12) << "seed " << seed << " sample " << i;
      EXPECT_NEAR(
          t[static_cast<size_t>(i * kClasses + kLabels[static_cast<size_t>(kBatch - 1 - i)])],
          share, 1e-6);
      EXPECT_NEAR(t[static_cast<size_t>(i * kClasses + kLabels[static_cast<size_t>(i)])], 1 - share,
                  1e-6);
    }
    // On a square image the box is square unless an edge clipped it: then its area, not its
    // nominal size, is what the labels share (checked above).
    clipped += (d.y1 - d.y0) != (d.x1 - d.x0);
  }
  EXPECT_GT(clipped, 10);
}

TEST(MixTest, MixupBlendsImagesAndLabelsByLambda) {
  const MixDraw d = drawMix({std::nullopt, 0.8, 1.0}, batchSeed(3, 14), kSide, kSide);
  ASSERT_EQ(d.kind, MixDraw::Kind::mixup);
  ASSERT_GT(d.lambda, 0.0);
  ASSERT_LT(d.lambda, 1.0);
  std::vector<float> x = knownImages();
  mixImages(d, x, kBatch, kChannels, kSide, kSide);
  std::vector<float> t(kBatch * kClasses);
  softTargets(d, kLabels, kClasses, t);
  for (int64_t i = 0; i < kBatch; ++i) {
    const double expected = d.lambda * (i + 1) + (1 - d.lambda) * (kBatch - i);
    EXPECT_NEAR(x[static_cast<size_t>(i * kChannels * kSide * kSide + 17)], expected, 1e-5);
    double total = 0;
    for (int64_t c = 0; c < kClasses; ++c) total += t[static_cast<size_t>(i * kClasses + c)];
    EXPECT_NEAR(total, 1.0, 1e-6);
  }
  EXPECT_NEAR(t[0 * kClasses + 0], d.lambda, 1e-6);     // sample 0: label 0 ...
  EXPECT_NEAR(t[0 * kClasses + 1], 1 - d.lambda, 1e-6); // ... mixed with sample 4's label 1
}

TEST(MixTest, DrawsAreDeterministicAndFollowTheirDistributions) {
  // λ ~ Beta(0.8, 0.8): mean 1/2, variance 1/(4(2α + 1)) = 0.0962; both kinds at even odds;
  // batches mixed at the asked probability.
  const MixOptions both{1.0, 0.8, 0.6};
  int64_t mixed = 0, cutmix = 0, n = 0;
  double sum = 0, squares = 0;
  for (uint64_t seed = 0; seed < 4000; ++seed) {
    const MixDraw d = drawMix(both, seed, kSide, kSide);
    const MixDraw again = drawMix(both, seed, kSide, kSide);
    EXPECT_EQ(d.lambda, again.lambda);
    EXPECT_EQ(d.kind, again.kind);
    if (d.kind == MixDraw::Kind::none) continue;
    ++mixed;
    cutmix += d.kind == MixDraw::Kind::cutmix;
    if (d.kind != MixDraw::Kind::mixup) continue;
    ++n;
    sum += d.lambda;
    squares += d.lambda * d.lambda;
  }
  EXPECT_NEAR(mixed / 4000.0, 0.6, 0.03);
  EXPECT_NEAR(static_cast<double>(cutmix) / static_cast<double>(mixed), 0.5, 0.04);
  const double mean = sum / static_cast<double>(n);
  EXPECT_NEAR(mean, 0.5, 0.02);
  EXPECT_NEAR(squares / static_cast<double>(n) - mean * mean, 1.0 / (4 * 2.6), 0.01);
  EXPECT_EQ(drawMix({}, 1, kSide, kSide).kind, MixDraw::Kind::none);
}

} // namespace

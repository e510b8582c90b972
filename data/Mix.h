#pragma once
// CutMix and mixup of a training batch (DeiT's tricks; FAMILIES.md, issue 35), drawn at the
// batch's own seed like every augmentation here, so a run replays and resumes exactly. Sample i
// is mixed with sample B−1−i of the same batch (the batch reversed, as timm pairs them); its
// soft target is λ·onehot(y_i) + (1 − λ)·onehot(y_{B−1−i}).

#include <cstdint>
#include <optional>
#include <span>

namespace hlotrain::data {

struct MixOptions { // as program::LossOptions holds them
  std::optional<float> cutmixAlpha, mixupAlpha;
  float probability = 1.0f; // of mixing a batch at all
};

struct MixDraw {
  enum class Kind { none, mixup, cutmix } kind = Kind::none;
  // The weight of each sample's own label: mixup's λ ~ Beta(α, α); CutMix's 1 − the pasted box's
  // share of the image after clipping.
  double lambda = 1.0;
  int64_t y0 = 0, y1 = 0, x0 = 0, x1 = 0; // CutMix's box, rows [y0, y1) x columns [x0, x1)
};

// The stream starts at s = (batchSeed + kMixSeedOffset)·0x9E3779B97F4A7C15 mod 2^64 (xorshift's
// first steps from a small seed keep its high bits near 0, and the uniforms read them); uniforms
// u = ((s >> 11) + 0.5)·2^−53 after each xorshift step. A batch mixes when u < probability; with
// both kinds set, CutMix when the next u < 0.5; then λ ~ Beta(α, α) (Marsaglia–Tsang gammas from
// Box–Muller normals). CutMix's box as timm's rand_bbox: sides ⌊H·√(1−λ)⌋ x ⌊W·√(1−λ)⌋ around a
// centre (⌊u·H⌋, ⌊u·W⌋), clipped to the image, and λ recomputed from the clipped area.
constexpr uint64_t kMixSeedOffset = 5005;
MixDraw drawMix(const MixOptions& options, uint64_t batchSeed, int64_t height, int64_t width);

// Mixes `images` [batch, channels, height, width] in place as `draw` says, a pair of partners at a
// time (no copy of the batch).
void mixImages(const MixDraw& draw, std::span<float> images, int64_t batch, int64_t channels,
               int64_t height, int64_t width);
// The batch's soft targets [batch, classes] from its class labels.
void softTargets(const MixDraw& draw, std::span<const int32_t> labels, int64_t classes,
                 std::span<float> targets);

} // namespace hlotrain::data

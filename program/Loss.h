#pragma once
// The losses a train step can minimise, emitted as ops over the net's logits. One family serves
// classification (logits [B, NC], labels i32 [B]) and per-pixel segmentation (logits [B, NC, H, W],
// labels i32 [B, H, W]): dim 1 holds the classes, every other dim indexes a labelled element, and
// the means run over those elements (B, or B·H·W; FORMATS.md "Training numerics").

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "ir/Builder.h"

namespace hlotrain::program {

enum class LossKind {
  crossEntropy,         // softmax cross-entropy, optionally label-smoothed
  weightedCrossEntropy, // Σ w_y·CE / Σ w_y, w_y the weight of the element's raw label
  focal,           // Σ_c −(1 − p_c)^γ·y_c·log p_c, differentiated exactly (p not detached)
  dice,            // 1 − mean_c (2·I_c + 1)/(P_c + Y_c + 1), sums over the whole batch
  diceCrossEntropy // dice + cross-entropy
};

// The `--loss` spelling of each kind ("ce", "weighted-ce", "focal", "dice", "dice-ce").
std::string_view lossName(LossKind kind);
std::optional<LossKind> lossKindFromName(std::string_view name);
std::span<const LossKind> allLossKinds();
// The kinds only a per-pixel task can use (they weigh or overlap labelled regions).
bool isPerPixelOnly(LossKind kind);

struct LossOptions {
  LossKind kind = LossKind::crossEntropy;
  float labelSmoothing = 0.0f;     // ce and weighted-ce: 1 − ls + ls/NC on the true class
  std::vector<float> classWeights; // weighted-ce: one positive weight per class
  std::optional<float> focalGamma; // focal: γ >= 0 (default kDefaultFocalGamma; 0 is plain CE)
};

constexpr float kDefaultFocalGamma = 2.0f;

// Rejects invalid values and combinations with a ConfigError naming the flags, for a net with
// `numClasses` classes (unknown: the weights' count is not checked): label smoothing outside [0, 1)
// or with dice, dice-ce or focal; class weights without weighted-ce, of another length than the
// classes or not finite and > 0; a focal gamma without focal, negative or not finite.
void validateLoss(const LossOptions& options, std::optional<int64_t> numClasses);

// The loss, and the values differentiation must treat as constants (the softmax's shift by the
// maxima only stabilises exp).
struct LossValues {
  ir::Value* loss = nullptr;
  std::vector<ir::Value*> constants;
};

// `logits` [B, NC, spatial...] f32, `labels` i32 [B, spatial...]; labels outside [0, NC) match no
// class (they contribute nothing to the sums but still count in the means' element counts).
LossValues emitLoss(ir::Builder& b, ir::Value* logits, ir::Value* labels,
                    const LossOptions& options);

// The shape of the labels a loss over `logits` reads: the logits' shape without the class dim.
ir::Shape labelShape(const ir::Shape& logits);

} // namespace hlotrain::program

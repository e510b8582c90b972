#pragma once
// The losses a train step can minimise, emitted as ops over the net's logits. One family serves
// classification (logits [B, NC], labels i32 [B]) and per-pixel segmentation (logits [B, NC, H, W],
// labels i32 [B, H, W]): dim 1 holds the classes, every other dim indexes a labelled element, and
// the means run over those elements (B, or B·H·W; FORMATS.md "Training numerics"). YOLOv1
// detection reads the head [B, 30, G, G] against an f32 target [B, 30, G, G] and an f32 object
// mask [B, G, G], and sums over cells (divided by B).

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "ir/Builder.h"

namespace hlotrain::program {

enum class LossKind {
  crossEntropy,         // softmax cross-entropy, optionally label-smoothed
  weightedCrossEntropy, // Σ w_y·CE / Σ w_y, w_y the weight of the element's raw label
  focal,            // Σ_c −(1 − p_c)^γ·y_c·log p_c, differentiated exactly (p not detached)
  dice,             // 1 − mean_c (2·I_c + 1)/(P_c + Y_c + 1), sums over the whole batch
  diceCrossEntropy, // dice + cross-entropy
  yolov1            // the masked YOLOv1 loss (FORMATS.md), sum over cells / B
};

// How yolov1 scores an object cell's box: squared errors of x, y, sqrt w, sqrt h (FORMATS.md),
// or 1 − DIoU of the predicted and target boxes (the reference system's option).
enum class BoxLoss { sqrtWh, diou };

// What yolov1's size channels (w, h of the head) hold. `sqrt`, YOLOv1's paper and the default:
// √w and √h, so sqrt-wh compares them with √w_true, √h_true as they are and a box's size is
// their square (clamped to [0, 1] when decoded). `sqrtOfPrediction`, the reference system's
// form: w and h themselves, which sqrt-wh enters as sqrt(max(·, ε)), a gradient of zero wherever
// the prediction is at most ε; Adam's first, sign-sized steps can push a whole channel there,
// where it stays (issue 39). DIoU reads the sizes the same two ways (p², or max(p, 0)).
enum class BoxParam { sqrt, sqrtOfPrediction };
std::string_view boxParamName(BoxParam param); // "sqrt", "sqrt-of-prediction"
std::optional<BoxParam> boxParamFromName(std::string_view name);

// The `--loss` spelling of each kind ("ce", "weighted-ce", "focal", "dice", "dice-ce", "yolov1").
std::string_view lossName(LossKind kind);
std::optional<LossKind> lossKindFromName(std::string_view name);
std::span<const LossKind> allLossKinds();
// The kinds only a per-pixel task can use (they weigh or overlap labelled regions).
bool isPerPixelOnly(LossKind kind);
// yolov1: the only kind a detection task takes, and one no other task can.
bool isDetection(LossKind kind);

struct LossOptions {
  LossKind kind = LossKind::crossEntropy;
  float labelSmoothing = 0.0f;          // ce and weighted-ce: 1 − ls + ls/NC on the true class
  std::vector<float> classWeights = {}; // weighted-ce: one positive weight per class
  // focal: γ >= 0 (default kDefaultFocalGamma; 0 is plain CE). yolov1: objectness becomes
  // sigmoid-BCE weighted by a detached (1 − p_t)^γ.
  std::optional<float> focalGamma = {};
  BoxLoss boxLoss = BoxLoss::sqrtWh;  // yolov1
  BoxParam boxParam = BoxParam::sqrt; // yolov1
  // --cutmix ALPHA, --mixup ALPHA, --mix-prob P (DeiT's): each training batch is mixed with
  // itself reversed, with probability P, by CutMix or mixup at λ ~ Beta(α, α) (one of the two at
  // even odds when both are set; data/Mix.h). The train step then reads soft targets f32
  // [B, NC] (ce on class scores only); label smoothing applies on top.
  std::optional<float> cutmixAlpha = {}, mixupAlpha = {};
  float mixProb = 1.0f;
  bool softTargets() const { return cutmixAlpha || mixupAlpha; }
};

// YOLOv1's constants (FORMATS.md "Training numerics").
constexpr double kYoloCoord = 5.0, kYoloNoObject = 0.5, kYoloEpsilon = 1e-6;

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

// `logits` [B, NC, spatial...] f32, `labels` one i32 [B, spatial...] (labels outside [0, NC) match
// no class: they contribute nothing to the sums but still count in the means' element counts),
// soft targets f32 [B, NC] (options.softTargets()), or for yolov1 the target and the mask.
LossValues emitLoss(ir::Builder& b, ir::Value* logits, std::span<ir::Value* const> labels,
                    const LossOptions& options);

// The label tensors a loss over `logits` reads: i32 of the logits' shape without the class dim;
// soft targets f32 of the logits' shape; for yolov1 an f32 target of the logits' shape and an f32
// mask [B, G, G].
std::vector<ir::TensorType> labelTypes(const LossOptions& options, const ir::Shape& logits);

} // namespace hlotrain::program

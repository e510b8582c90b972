#pragma once
// The three graphs of a spec (DESIGN.md "The graphs and their signatures") and their names.

#include <memory>
#include <optional>
#include <string>

#include "grad/Vjp.h"
#include "ir/Op.h"
#include "nn/Emit.h"
#include "nn/NetSpec.h"
#include "program/Loss.h"
#include "program/Signature.h"

namespace hlotrain::program {

enum class Optimizer { adam, sgd };

// What the graphs are built for. These defaults are the only ones: a run's config
// (train::TrainConfig) is a ProgramOptions with the run's own settings beside, so `hlotrain
// train`, its --help and a C++ ProgramOptions{} start from the same values.
struct ProgramOptions {
  int64_t batch = 128;
  LossOptions loss; // --loss, --label-smoothing, --class-weights, --focal-gamma, --box-loss
  Optimizer optimizer = Optimizer::adam;
  float momentum = 0.9f;     // SGD heavy-ball μ
  float weightDecay = 1e-4f; // decoupled, weights only
  // Scales the gradients by min(1, C / (‖g‖ + 1e-6)), ‖g‖ their global L2 norm, before the update.
  std::optional<float> clipGradNorm;
  // --precision: what convolutions and dot_generals multiply in (nn::Precision, nn/Emit.h); the
  // signature stays f32.
  nn::Precision precision = nn::Precision::f32;
  // --drop-path: stochastic depth's rate at the deepest droppable branch (nn::dropPathDepths);
  // when > 0 the train step takes each step's drop mask. 0: off.
  float dropPath = 0.0f;
  // --devices: data-parallel replicas of the train step, each on batch / devices records, their
  // gradients, loss and BatchNorm batch statistics averaged by one all_reduce before the update
  // (mhlo.num_replicas = devices). 1: the single-device graph, byte for byte.
  int64_t devices = 1;
  // --sync-bn: BatchNorm's batch statistics over every replica's records (PyTorch's
  // SyncBatchNorm; nn::emitBatchNorm), rather than each replica's own. No effect on one device.
  bool syncBn = false;

  // The records one replica's train step reads.
  int64_t replicaBatch() const { return batch / devices; }
};

// The loss a net's output admits when none is named: yolov1 for a YOLOv1 head ([B, 30, G, G] of
// at most 20 classes, its channels not the class count), else ce.
LossKind defaultLossKind(const nn::NetSpec& spec);

// Double, so that 1 - beta rounds to float once (0.001f, not 1 - 0.999f).
constexpr double kAdamBeta1 = 0.9, kAdamBeta2 = 0.999, kAdamEpsilon = 1e-8;

// The one home of the graph options' rules, ranges and combinations alike (optimizer x momentum,
// loss x label smoothing, class weights, focal gamma, box form, clipping): ConfigError naming the
// option by its flag (--momentum), before any graph is built. The class count, where known,
// checks --class-weights.
void validateOptions(const ProgramOptions& options, std::optional<int64_t> numClasses);
// A net whose output the loss cannot read (validateHead), then validateOptions, then
// validateForNet.
void validate(const nn::NetSpec& spec, const ProgramOptions& options);
// The options a net must support besides its head: --drop-path needs droppable branches,
// --cutmix and --mixup class scores.
void validateForNet(const nn::NetSpec& spec, const ProgramOptions& options);
// The first check of validate: a yolov1 loss needs a YOLOv1 head [B, 30, G, G], any other loss
// [B, NC] class scores or [B, NC, H, W] per-pixel scores. Run before the options' own checks, it
// names the mismatch that makes them moot (a detector's focal-gamma under --loss ce).
void validateHead(const nn::NetSpec& spec, LossKind kind, int64_t batch);

// Lowercased, every run of characters outside [a-z0-9] turned into '_'.
std::string sanitizedName(std::string_view name);
// `<artifacts>/<sanitized>[_<sanitized buildTag>]`.
std::string buildPrefix(const nn::NetSpec& spec, const std::string& artifactsDir = ".hlotrain");
// `jit_<sanitized>_train_step.main`.
std::string trainFnName(const nn::NetSpec& spec);

// Optimizer state tensors per parameter: Adam m and v, SGD velocity.
int64_t optimizerSlots(Optimizer optimizer);

// The signatures of the graphs below, without building them. The labels of the train step are
// i32 with the logits' shape less the class dim: [B] for class scores, [B, H, W] per pixel. The
// train step's B is one replica's (ProgramOptions::replicaBatch).
TrainStepSignature trainStepSignature(const nn::NetSpec& spec, const ProgramOptions& options);
EvalSignature evalSignature(const nn::NetSpec& spec, int64_t batch);

// forward: (params..., x) -> logits, BatchNorm on batch statistics.
std::unique_ptr<ir::Module> buildForward(const nn::NetSpec& spec, int64_t batch,
                                         nn::Precision precision = nn::Precision::f32);
// eval forward, as evalSignature says.
std::unique_ptr<ir::Module> buildEvalForward(const nn::NetSpec& spec, int64_t batch,
                                             nn::Precision precision = nn::Precision::f32);

// The train step's composite VJPs: nn::batchNormBackward for each batch-mode BatchNorm's output,
// nn::upsample2xBackward for each upsample's, nn::geluBackward for each exact GELU's,
// nn::layerNormBackward for each layer norm's, nn::softmaxBackward for each softmax's.
grad::CustomVjps customVjps(const nn::ForwardValues& forward);

// `hlotrain generate`'s decode step of a causal token net for `batch` sequences at once.
DecodeSignature decodeSignature(const nn::NetSpec& spec, int64_t batch);
std::unique_ptr<ir::Module> buildDecodeStep(const nn::NetSpec& spec, int64_t batch);

// train step, as trainStepSignature says.
std::unique_ptr<ir::Module> buildTrainStep(const nn::NetSpec& spec, const ProgramOptions& options);

} // namespace hlotrain::program

#pragma once
// The three graphs of a spec (DESIGN.md "The graphs and their signatures") and their names.

#include <memory>
#include <optional>
#include <string>

#include "grad/Vjp.h"
#include "ir/Op.h"
#include "nn/Emit.h"
#include "nn/NetSpec.h"

namespace hlotrain::program {

enum class Optimizer { adam, sgd };
enum class LossKind { classCE };

struct ProgramOptions {
  int64_t batch = 128;
  LossKind loss = LossKind::classCE;
  Optimizer optimizer = Optimizer::adam;
  float momentum = 0.9f;    // SGD heavy-ball μ
  float weightDecay = 0.0f; // decoupled, weights only
  float labelSmoothing = 0.0f;
  std::optional<float> focalGamma; // focal loss (classification)
};

// Double, so that 1 - beta rounds to float once (0.001f, not 1 - 0.999f).
constexpr double kAdamBeta1 = 0.9, kAdamBeta2 = 0.999, kAdamEpsilon = 1e-8;

// Rejects invalid values and combinations with ConfigError naming the option, before any graph
// is built.
void validate(const nn::NetSpec& spec, const ProgramOptions& options);

// Lowercased, every run of characters outside [a-z0-9] turned into '_'.
std::string sanitizedName(std::string_view name);
// `<artifacts>/<sanitized>[_<sanitized buildTag>]`.
std::string buildPrefix(const nn::NetSpec& spec, const std::string& artifactsDir = ".hlotrain");
// `jit_<sanitized>_train_step.main`.
std::string trainFnName(const nn::NetSpec& spec);

// Optimizer state tensors per parameter: Adam m and v, SGD velocity.
int64_t optimizerSlots(Optimizer optimizer);

// forward: (params..., x) -> logits, BatchNorm on batch statistics.
std::unique_ptr<ir::Module> buildForward(const nn::NetSpec& spec, int64_t batch);
// eval forward: (params..., bn_running_mean..., bn_running_var..., x) -> logits.
std::unique_ptr<ir::Module> buildEvalForward(const nn::NetSpec& spec, int64_t batch);
// train step: (params..., opt_state..., x, y, lr, step) ->
//   (params'..., opt_state'..., loss, bn_batch_mean..., bn_batch_var...).
// The train step's backward of each batch-mode BatchNorm: nn::batchNormBackward as the VJP of its
// output.
grad::CustomVjps batchNormVjps(std::span<const nn::BatchNorm> batchNorms);

std::unique_ptr<ir::Module> buildTrainStep(const nn::NetSpec& spec, const ProgramOptions& options);

} // namespace hlotrain::program

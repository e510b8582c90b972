#pragma once
// Layer emitters: the forward ops of a spec, appended to a builder's region.

#include <span>
#include <vector>

#include "ir/Builder.h"
#include "nn/NetSpec.h"

namespace hlotrain::nn {

enum class BnMode { batch, running };

// One BatchNorm layer's values, those its backward reads among them.
struct BatchNorm {
  ir::Value *x, *gamma, *beta;
  ir::Value *mean, *var;                // per channel; batch ones: over (N,H,W), biased variance
  ir::Value *centered, *invStd, *scale; // x - mean, 1/sqrt(var + eps), invStd * gamma
  ir::Value* y;                         // centered * scale + beta
};

// One BatchNorm layer: on the batch's statistics, or on running ones when they are given (then
// `mean` and `var` are those).
BatchNorm emitBatchNorm(ir::Builder& b, ir::Value* x, ir::Value* gamma, ir::Value* beta,
                        ir::Value* runningMean = nullptr, ir::Value* runningVar = nullptr);

struct ForwardValues {
  ir::Value* logits = nullptr;
  std::vector<BatchNorm> batchNorms; // per BN layer (batch mode only)
};

constexpr float kBnEpsilon = 1e-5f;

// `params` in spec order (see parameters()); `runningMean`/`runningVar` one per BN layer, used in
// running mode. Batch statistics: mean over (N,H,W), biased variance.
ForwardValues emitForward(ir::Builder& b, const NetSpec& spec, std::span<ir::Value* const> params,
                          ir::Value* x, BnMode mode, std::span<ir::Value* const> runningMean = {},
                          std::span<ir::Value* const> runningVar = {});

struct BatchNormGrads {
  ir::Value *x, *gamma, *beta;
};

// The cotangents of a batch-mode BatchNorm's x, gamma and beta from the cotangent `dy` of its
// output, as PyTorch computes them: dx = scale * (dy - mean(dy) - centered * invStd^2 *
// mean(dy * centered)). Two passes over the activations (both sums in one, then dx), where
// differentiating the forward ops takes three: their dx needs the sum of a term that itself needs
// the first sums. program/ hands this to grad/ as the BatchNorm output's VJP.
BatchNormGrads batchNormBackward(ir::Builder& b, const BatchNorm& bn, ir::Value* dy);

} // namespace hlotrain::nn

#pragma once
// Layer emitters: the forward ops of a spec, appended to a builder's region.

#include <span>
#include <vector>

#include "ir/Builder.h"
#include "nn/NetSpec.h"

namespace hlotrain::nn {

enum class BnMode { batch, running };

struct ForwardValues {
  ir::Value* logits = nullptr;
  std::vector<ir::Value*> batchMean, batchVar; // per BN layer (batch mode only)
};

constexpr float kBnEpsilon = 1e-5f;

// `params` in spec order (see parameters()); `runningMean`/`runningVar` one per BN layer, used in
// running mode. Batch statistics: mean over (N,H,W), biased variance.
ForwardValues emitForward(ir::Builder& b, const NetSpec& spec, std::span<ir::Value* const> params,
                          ir::Value* x, BnMode mode, std::span<ir::Value* const> runningMean = {},
                          std::span<ir::Value* const> runningVar = {});

} // namespace hlotrain::nn

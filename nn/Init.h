#pragma once
// He initialisation exactly as FORMATS.md specifies, so initial parameters match other
// implementations of the recipe bit for bit.

#include <vector>

#include "ir/Tensor.h"
#include "nn/NetSpec.h"

namespace hlotrain::nn {

// One tensor per parameter in spec order: weights He-initialised from seeds 42, 43, ... (one per
// weight tensor), biases and BN shifts 0, BN scales 1.
std::vector<ir::Tensor> heInit(const NetSpec& spec);

} // namespace hlotrain::nn

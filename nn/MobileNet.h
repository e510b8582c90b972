#pragma once
// The MobileNet family: MobileNetV2's inverted residual block and net.

#include "nn/NetSpec.h"

namespace hlotrain::nn {

// `n` inverted residual blocks in a row, parameters of block j of layer i:
//   invres<i>.<j>.{[expand.w, expandbn.*,] dw.w, dwbn.*, project.w, projectbn.*}
// [1x1 to ic*expand +BN+ReLU6 when expand != 1] -> 3x3 depthwise(stride) +BN+ReLU6 -> 1x1 +BN;
// the input is added when the stride is 1 and the channels match (no projection, no ReLU). The
// first block has `ic` inputs and `stride`, the others oc inputs and stride 1; no convolution has
// a bias, and `padding` applies to every window.
Layer invertedResidual(int64_t ic, int64_t oc, int64_t expand, int64_t stride, int64_t n,
                       Padding padding = Padding::same);

// Stem 3x3/2 conv 32, the seven inverted-residual stages (t, c, n, s), 1x1 conv to 1280, global
// average pool, dense 10; ReLU6 throughout, no dropout.
NetSpec mobileNetV2(int64_t side = 224);

} // namespace hlotrain::nn

#pragma once
// The ConvNeXt family as torchvision 0.14 defines it (FAMILIES.md 2.5, 3): the patchify stem,
// blocks of a 7×7 depthwise convolution, a channel layer norm and a pointwise MLP with layer
// scale, downsampling between stages, and ConvNeXt-T. Layer norms have ε 1e-6, GELU is exact.

#include <vector>

#include "nn/NetSpec.h"

namespace hlotrain::nn {

// 4×4 stride-4 VALID convolution with bias to `width` channels, then a channel layer norm:
// stem<i>.{conv.w, conv.b, ln.*}.
Layer convNextStem(int64_t width);

// `n` blocks on `channels`: 7×7 depthwise convolution with bias (pad 3) → channel layer norm →
// 1×1 to 4C with bias → GELU → 1×1 to C with bias → layer scale (1e-6 at init) → stochastic
// depth → + input. Block j drops at (firstBlock + j)/(totalBlocks − 1) of --drop-path.
// cnx<i>.<j>.{dw.w [C,1,7,7], dw.b, ln.*, pw1.w [4C,C,1,1], pw1.b, pw2.w [C,4C,1,1], pw2.b,
// ls.gamma [C]}.
Layer convNextStage(int64_t channels, int64_t n, int64_t firstBlock, int64_t totalBlocks);

// A channel layer norm, then a 2×2 stride-2 VALID convolution with bias to `channels`:
// down<i>.{ln.*, conv.w, conv.b}.
Layer convNextDownsample(int64_t channels);

// ConvNeXt-T (stages 96, 192, 384, 768 of 3, 3, 9, 3 blocks), global average pool, layer norm,
// dense 10: 27,827,818 parameters.
NetSpec convNextTiny();

} // namespace hlotrain::nn

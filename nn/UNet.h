#pragma once
// The UNet family: the two halves of a UNet and the BraTS UNet of the reference system.

#include "nn/NetSpec.h"

namespace hlotrain::nn {

// Parameters of layer i: down<i>.{conv1.w, bn1.*, conv2.w, bn2.*}, up<i>.{conv1.w, bn1.*,
// conv2.w, bn2.*}.
//   unetDown(ic, oc): 3x3 conv+BN+ReLU ic->oc, 3x3 conv+BN+ReLU oc->oc, the result kept as a skip,
//     then a 2x2 stride-2 max pool.
//   unetUp(ic, oc): bilinear x2 upsample (half-pixel centres, align_corners=false, edges clamped,
//     no weights), concatenate [upsampled (ic channels) | skip (oc channels)], 3x3 conv+BN+ReLU
//     (ic+oc)->oc, 3x3 conv+BN+ReLU oc->oc.
// Skips are consumed last-in first-out; a spec whose downs and ups do not pair, or whose skip
// does not fit its up (channels, or a side the pools did not halve exactly), is refused.
Layer unetDown(int64_t ic, int64_t oc);
Layer unetUp(int64_t ic, int64_t oc);

// The BraTS UNet of the reference system on `channels` x side x side inputs (side divisible by
// 16): unetDown 4->32, 32->64, 64->128, 128->256, convBn 3x3 512, 512, unetUp 512->256,
// 256->128, 128->64, 64->32, then a 1x1 conv 32->4 with bias; 4 classes per pixel
// (7,849,988 parameters and 18 BatchNorm layers at 4 channels).
NetSpec unetBrats(int64_t channels = 4, int64_t side = 240);

} // namespace hlotrain::nn

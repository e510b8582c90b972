#pragma once
// The ResNet family: basic and bottleneck residual blocks, torchvision's ResNet-18/34/50 and the
// reference system's R34-YOLOv1 detector on the ResNet-34 trunk.

#include "nn/NetSpec.h"

namespace hlotrain::nn {

// Blocks. Every convolution in a block has no bias (BatchNorm follows). The shortcut is the
// identity, or a 1x1 conv+BN projection when the channels or the stride change. Parameters of
// block j of layer i, in this order (a block's BNs are listed in the same order):
//   residualBlock:    res<i>.<j>.{conv1.w, bn1.gamma, bn1.beta, conv2.w, bn2.*[, proj.w, projbn.*]}
//     3x3(stride)+BN+ReLU -> 3x3+BN, add the shortcut, ReLU.
//   bottleneckBlock:  bottleneck<i>.<j>.{conv1.w, bn1.*, conv2.w, bn2.*, conv3.w, bn3.*[, proj.w,
//                     projbn.*]}
//     1x1 to oc/4 +BN+ReLU -> 3x3(stride) +BN+ReLU -> 1x1 to oc +BN, add the shortcut, ReLU.
// A layer stands for `n` blocks in a row: the first has `ic` inputs and `firstStride`; the others
// oc inputs, stride 1. `padding` applies to every window of the block.
Layer residualBlock(int64_t ic, int64_t oc, int64_t n, int64_t firstStride,
                    Padding padding = Padding::same);
Layer bottleneckBlock(int64_t ic, int64_t oc, int64_t n, int64_t firstStride,
                      Padding padding = Padding::same);

// torchvision's ResNets with 10 classes on 3x224x224, XLA SAME padding (use
// withSymmetricPadding() for PyTorch's): stem 7x7/2 conv+BN+ReLU and 3x3/2 max pool, four stages
// of 64, 128, 256, 512 channels (x4 for the bottleneck ResNet-50), global average pool, dense 10.
// `side` builds the same net on 3 x side x side inputs: the global average pool keeps every
// parameter shape, so only the activations shrink (what a CI-sized training test needs).
NetSpec resNet18(int64_t side = 224);
NetSpec resNet34(int64_t side = 224);
NetSpec resNet50(int64_t side = 224);
// The VisDrone detector: the ResNet-34 trunk (stem through stage 4, no pooling head), then
// conv3x3 512->256 + ReLU and conv1x1 256->30 (both with bias): a YOLOv1 head [B, 30, G, G],
// G = side/32 (7 at 224, 14 at 448), for 10 classes (22,472,286 parameters, 36 BatchNorm layers).
// Its recipe is the reference system's: batch 16, Adam lr 7e-4 without weight decay, 3 warmup
// epochs, gradients clipped at norm 4, focal objectness γ 2.
NetSpec r34Yolov1(int64_t side = 224);

} // namespace hlotrain::nn

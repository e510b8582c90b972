#pragma once
// The MobileNet family: MobileNetV2's inverted residual block and net; MobileNetV3-Large as
// torchvision 0.14 defines it and the reference system's MobileNetV4-Conv-S of universal inverted
// bottlenecks (FAMILIES.md 2.5, 3), whose k×k windows pad (k−1)/2.

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

// torchvision's _make_divisible(v, 8): v rounded to the nearest multiple of 8, at least 8, and
// never more than 10% below v.
int64_t makeDivisible(int64_t v);

// One MobileNetV3 bottleneck (k, E, oc, SE, activation, stride) on `ic` channels:
// [1×1 convBn to E + act when E != ic] → k×k depthwise convBn (stride) + act → [squeeze-excitation,
// ReLU and a hard-sigmoid gate, reduced to makeDivisible(⌊E/4⌋)] → 1×1 convBn to oc; the input
// added when the stride is 1 and ic = oc. bneck<i>.{[expand.w, expandbn.*,] dw.w, dwbn.*,
// [se.reduce.*, se.expand.*,] project.w, projectbn.*}.
struct V3Block {
  int64_t kernel, expanded, oc;
  bool squeezeExcite;
  Activation activation;
  int64_t stride;
};
Layer mobileNetV3Block(int64_t ic, const V3Block& block);

// One universal inverted bottleneck (oc, expand, stride, a, b) on `ic` channels, E = ic·expand:
// [a×a depthwise convBn] → 1×1 convBn to E + ReLU → [b×b depthwise convBn + ReLU] → 1×1 convBn to
// oc; the stride on the middle depthwise when b > 0, else on the start one (a = b = 0 with a
// stride is refused); the input added when the stride is 1 and ic = oc.
// uib<i>.{[dwstart.w, dwstartbn.*,] expand.w, expandbn.*, [dwmid.w, dwmidbn.*,] project.w,
// projectbn.*}.
struct Uib {
  int64_t oc, expand, stride, start, middle;
};
Layer universalInvertedBottleneck(int64_t ic, const Uib& block);

// torchvision's mobilenet_v3_large at 10 classes (4,214,842 parameters): stem 3×3/2 convBn 16 +
// hard-swish, fifteen bottlenecks, 1×1 convBn 960 + hard-swish, global average pool, dense 1280 +
// hard-swish, dropout 0.2, dense 10; BatchNorm ε 1e-3.
NetSpec mobileNetV3Large();
// The reference system's MobileNetV4-Conv-S (4,124,426 parameters): stem 3×3/2 convBn 32 + ReLU,
// a Fused-MBConv (4, 3, 2, 48) with ReLU, fourteen universal inverted bottlenecks, 1×1 convBn
// 1280 + ReLU, global average pool, dense 10; BatchNorm ε 1e-5.
NetSpec mobileNetV4ConvS();

} // namespace hlotrain::nn

#pragma once
// The EfficientNet family as torchvision 0.14 defines it (FAMILIES.md 2.5, 3): MBConv and
// Fused-MBConv blocks, EfficientNet-B0 and EfficientNetV2-S. Every k×k window pads (k−1)/2.

#include "nn/NetSpec.h"

namespace hlotrain::nn {

// One stage of `n` blocks, the first taking `ic` channels and `stride`, the others `oc` and 1.
// `firstBlock` of `totalBlocks` is the stage's first block's index in the net: block i can drop
// (stochastic depth, residual blocks only) at i/totalBlocks of --drop-path, torchvision's rate.
struct MbStage {
  int64_t expand, kernel, stride, ic, oc, n;
  int64_t firstBlock, totalBlocks;
};

// MBConv: [1×1 convBn to E = ic·expand + SiLU when expand != 1] → k×k depthwise convBn (stride) +
// SiLU → [squeeze-excitation, SiLU and a sigmoid gate, reduced to max(1, ⌊ic/4⌋) of the block's
// input] → 1×1 convBn to oc; the input added when the stride is 1 and ic = oc.
// mb<i>.<j>.{[expand.w, expandbn.*,] dw.w, dwbn.*, [se.reduce.*, se.expand.*,] project.w,
// projectbn.*}.
Layer mbConv(const MbStage& stage, bool squeezeExcite);
// Fused-MBConv: k×k convBn to E (stride) + `activation`, then a 1×1 convBn to oc; with
// expand = 1 only the k×k convBn, to oc. fmb<i>.<j>.{fused.w, fusedbn.*, [project.w,
// projectbn.*]}; the input added as in mbConv.
Layer fusedMbConv(const MbStage& stage, Activation activation = Activation::silu);

// Stem 3×3/2 convBn 32 + SiLU, seven MBConv stages with squeeze-excitation, 1×1 convBn 1280 +
// SiLU, global average pool, dropout 0.2, dense 10 (4,020,358 parameters), BatchNorm ε 1e-5.
NetSpec efficientNetB0();
// Stem 3×3/2 convBn 24 + SiLU, three Fused-MBConv and three MBConv stages (with
// squeeze-excitation), 1×1 convBn 1280 + SiLU, global average pool, dropout 0.2, dense 10
// (20,190,298 parameters), BatchNorm ε 1e-3.
NetSpec efficientNetV2S();

} // namespace hlotrain::nn

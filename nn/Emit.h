#pragma once
// Layer emitters: the forward ops of a spec, appended to a builder's region.

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "ir/Builder.h"
#include "nn/NetSpec.h"

namespace hlotrain::nn {

enum class BnMode { batch, running };

// What convolutions and dot_generals multiply in. bf16: both operands are converted to bf16 at
// the op's input and the op asks for an f32 result, so products accumulate in f32 (the CPUs'
// bf16 matrix instructions, PyTorch's bf16 autocast); everything else (BatchNorm and its
// statistics, the loss, the gradients' sums, the optimizer) stays f32, as do the parameters.
enum class Precision { f32, bf16 };
std::string_view precisionName(Precision precision); // "f32", "bf16"
std::optional<Precision> precisionNamed(std::string_view name);

// One BatchNorm layer's values, those its backward reads among them.
struct BatchNorm {
  ir::Value *x, *gamma, *beta;
  ir::Value *mean, *var;                // per channel; batch ones: over (N,H,W), biased variance
  ir::Value *centered, *invStd, *scale; // x - mean, 1/sqrt(var + eps), invStd * gamma
  ir::Value* y;                         // centered * scale + beta
  // The replicas whose batches the statistics cover (sync BN): 1, this replica's batch alone.
  int64_t replicas = 1;
};

// One BatchNorm layer: on the batch's statistics, or on running ones when they are given (then
// `mean` and `var` are those). With `replicas` > 1 (sync BN, as PyTorch's SyncBatchNorm) the batch
// statistics are those of every replica's batch: each per-channel sum (of x, then of the squared
// deviations from the mean) is summed over the replicas by an all_reduce.
BatchNorm emitBatchNorm(ir::Builder& b, ir::Value* x, ir::Value* gamma, ir::Value* beta,
                        ir::Value* runningMean = nullptr, ir::Value* runningVar = nullptr,
                        float epsilon = kBnEpsilon, int64_t replicas = 1);

// One upsample of a UNet: its input and output, for the train step's custom VJP.
struct Upsample {
  ir::Value *x, *y;
};

// Bilinear x2 upsampling of the spatial dims 2 and 3 of [N, C, H, W] with half-pixel centres
// (align_corners=false) and edges clamped: out[2i] = 0.25·x[i−1] + 0.75·x[i],
// out[2i+1] = 0.75·x[i] + 0.25·x[i+1] along each dim, x[−1] = x[0] and x[H] = x[H−1]. Emitted as
// an edge pad, four elementwise phases over its slices and their interleaving (concatenates of
// unit-dim broadcasts, one reshape), which the cpu lowerer runs as fused loops.
ir::Value* emitUpsample2x(ir::Builder& b, ir::Value* x);
// Its VJP, the adjoint: dx[i] = 0.25·g[2i−1] + 0.75·g[2i] + 0.75·g[2i+1] + 0.25·g[2i+2] along
// each dim, indices clamped to [0, 2H−1]; one fused loop of strided slices of the edge-padded g.
ir::Value* upsample2xBackward(ir::Builder& b, ir::Value* g);

// One exact GELU: its input and output, for the train step's custom VJP.
struct Gelu {
  ir::Value *x, *y;
};

// erf of every element, in plain ops (StableHLO has none): x clamped to [-4, 4], then x·P(x²)/Q(x²)
// by Horner's rule with Eigen's and XLA's f32 coefficients (FAMILIES.md 2.2), lowest power first.
// Within 5e-7 of the exact erf over all of f32 (erf(±4) rounds to ±1 in f32).
inline constexpr double kErfNumerator[] = {
    -1.60960333262415e-02, -2.95459980854025e-03, -7.34990630326855e-04, -5.69250639462346e-05,
    -2.10102402082508e-06, 2.77068142495902e-08,  -2.72614225801306e-10};
inline constexpr double kErfDenominator[] = {-1.42647390514189e-02, -7.37332916720468e-03,
                                             -1.68282697438203e-03, -2.13374055278905e-04,
                                             -1.45660718464996e-05};
ir::Value* emitErf(ir::Builder& b, ir::Value* x);
// 1/√2, rounded once: the exact GELU's erf(x/√2) scales x by it.
inline constexpr double kInvSqrt2 = 0.7071067811865476;
// An activation of `x`, element by element.
ir::Value* emitActivation(ir::Builder& b, ir::Value* x, Activation activation);
// The cotangent of an exact GELU's input from that of its output: dy·(0.5(1 + erf(x/√2)) +
// x·φ(x)), φ the standard normal density. Declared whole rather than derived from the ops, whose
// derivative is the rational approximation's and 0 where the clamp holds.
ir::Value* geluBackward(ir::Builder& b, const Gelu& gelu, ir::Value* dy);

// RoPE's tables for positions 0 … tokens − 1 of a head of `headWidth` (even) features: cos and
// sin of t·θ_i, θ_i = 10000^(−2i/headWidth), i < headWidth/2, each [tokens, headWidth/2] of
// `type` (computed in double, rounded once). A head's features split in halves x₁, x₂ (the
// half-split, GPT-NeoX's and the reference system's form) rotate to x₁·cos − x₂·sin and
// x₂·cos + x₁·sin, on the queries and keys only.
std::pair<ir::Tensor, ir::Tensor> rotaryTables(int64_t tokens, int64_t headWidth,
                                               ir::ElementType type);

// One layer norm's values, those its backward reads among them (FAMILIES.md 2.1).
struct LayerNorm {
  ir::Value *x, *gamma, *beta;
  int64_t axis;                       // the normalised axis: 1 of NCHW, else the last
  ir::Value *invStd, *normalized, *y; // 1/sqrt(var + eps) without the axis; (x − mean)·invStd
};

// Layer norm of `x` over `axis` (biased variance), γ and β [x.shape[axis]] along it.
LayerNorm emitLayerNorm(ir::Builder& b, ir::Value* x, ir::Value* gamma, ir::Value* beta,
                        int64_t axis, float epsilon);

struct LayerNormGrads {
  ir::Value *x, *gamma, *beta;
};

// With g = dy·γ: dx = invStd·(g − mean g − n·mean(g·n)) over the axis, dγ = Σ dy·n and dβ = Σ dy
// over every other axis. One pass for the sums and one for dx, as for BatchNorm.
LayerNormGrads layerNormBackward(ir::Builder& b, const LayerNorm& ln, ir::Value* dy);

// One softmax over the last axis: its input and output, for the custom VJP.
struct Softmax {
  ir::Value *x, *y;
};

// exp(x − max x) / Σ exp(x − max x) over the last axis.
ir::Value* emitSoftmax(ir::Builder& b, ir::Value* x);
// dx = y·(dy − Σ y·dy) over the last axis: the max shift has no gradient, and the ops' own
// derivative would take it through the max's comparison.
ir::Value* softmaxBackward(ir::Builder& b, const Softmax& softmax, ir::Value* dy);

// Attention's memory-efficient form (a step's queryBlock): the queries in blocks of `queryBlock`
// rows, each block's scores [B, H, n, L] against only the keys it may see (L: up to its last row
// when causal, else all T), softmaxed whole and applied to the values at once, so no [B, H, T, T]
// tensor exists in any graph; the log-sum-exp of every query's scores is kept for the backward,
// which recomputes each block's probabilities from it (FlashAttention's backward with query
// blocks; the forward needs no online softmax because a block sees all its keys).
struct BlockedAttention {
  ir::Value *q, *k, *v; // [B, H, T, dh]: the queries and keys as the scores read them
  ir::Value *o, *lse;   // the attended values [B, H, T, dh]; the log-sum-exp [B, H, T]
  int64_t queryBlock = 0;
  bool causal = false;
  Precision precision = Precision::f32;
};

// The attended values of `q`, `k`, `v` [B, H, T, dh]: softmax(q·kᵀ/√dh, the future hidden when
// `causal`)·v, computed per block of `queryBlock` queries.
BlockedAttention emitBlockedAttention(ir::Builder& b, ir::Value* q, ir::Value* k, ir::Value* v,
                                      int64_t queryBlock, bool causal, Precision precision);
struct AttentionGrads {
  ir::Value *q, *k, *v;
};
// The cotangents of q, k and v from that of o, block by block: P = exp(S − lse),
// dS = P∘(dO·vᵀ − rowsum(dO∘o))/√dh, dq = dS·k, dk = dSᵀ·q, dv = Pᵀ·dO.
AttentionGrads blockedAttentionBackward(ir::Builder& b, const BlockedAttention& a, ir::Value* dO);

struct ForwardValues {
  ir::Value* logits = nullptr;
  std::vector<BatchNorm> batchNorms; // per BN layer (batch mode only)
  std::vector<Upsample> upsamples;   // per unetUp
  std::vector<Gelu> gelus;           // per exact GELU
  std::vector<LayerNorm> layerNorms;
  std::vector<Softmax> softmaxes;           // per attention layer of the plain form
  std::vector<BlockedAttention> attentions; // per attention layer of the memory-efficient form
};

// `params` in spec order (see parameters()); `runningMean`/`runningVar` one per BN layer, used in
// running mode. Batch statistics: mean over (N,H,W), biased variance. `dropoutMasks`, one per
// dropout layer ([B, ...] as its input, 0 or 1/(1 − rate)), multiply those layers' values;
// without them dropout passes its input through. `dropMask` [branches, B]
// scales each droppable residual branch (dropPathDepths()) per sample before its join, as the
// host drew it (0, or 1/(1 − p) where kept); without it the branches are whole.
ForwardValues emitForward(ir::Builder& b, const NetSpec& spec, std::span<ir::Value* const> params,
                          ir::Value* x, BnMode mode, std::span<ir::Value* const> runningMean = {},
                          std::span<ir::Value* const> runningVar = {},
                          Precision precision = Precision::f32, ir::Value* dropMask = nullptr,
                          std::span<ir::Value* const> dropoutMasks = {}, int64_t bnReplicas = 1);

// One step of a causal token net's decoding with a key-value cache (`hlotrain generate`): each of
// B sequences reads one token `ids` [B, 1] at the same `position` (i32, rank 0, below the net's
// context T); every attention layer l writes this token's keys and values into keys[l] and
// values[l] [B, H, T, D/H] at `position` and attends over positions 0…position of them, so no
// earlier token is computed again. Logits [B, V] of the next token, and the updated caches. The
// same function as the forward's last position on the sequence so far, within f32 rounding.
// Nets of token embeddings, positions, layer norms, causal attention, dense layers, activations
// and residual joins only; others are refused (VerifyError).
struct DecodeStep {
  ir::Value* logits = nullptr;
  std::vector<ir::Value*> keys, values;
};
DecodeStep emitDecodeStep(ir::Builder& b, const NetSpec& spec, std::span<ir::Value* const> params,
                          ir::Value* ids, ir::Value* position, std::span<ir::Value* const> keys,
                          std::span<ir::Value* const> values);

struct BatchNormGrads {
  ir::Value *x, *gamma, *beta;
};

// The cotangents of a batch-mode BatchNorm's x, gamma and beta from the cotangent `dy` of its
// output, as PyTorch computes them: dx = scale * (dy - mean(dy) - centered * invStd^2 *
// mean(dy * centered)). Two passes over the activations (both sums in one, then dx), where
// differentiating the forward ops takes three: their dx needs the sum of a term that itself needs
// the first sums. program/ hands this to grad/ as the BatchNorm output's VJP. Under sync BN the
// two sums are all-reduced for dx, whose means are over every replica's batch (the gradient of
// the replicas' mean loss times their count, as each replica's own loss gradient is); gamma's and
// beta's cotangents keep the replica's own sums, as PyTorch's SyncBatchNorm, to be averaged over
// the replicas with the other gradients.
BatchNormGrads batchNormBackward(ir::Builder& b, const BatchNorm& bn, ir::Value* dy);

} // namespace hlotrain::nn

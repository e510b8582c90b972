#pragma once
// The transformer family (FAMILIES.md 2.3, 2.4): the patch embedding, pre-norm encoder blocks of
// multi-head self-attention and an MLP, and the vision transformers built from them.

#include <string>

#include "nn/NetSpec.h"

namespace hlotrain::nn {

// A p×p stride-p VALID convolution with bias to `width` channels, its patches as tokens in
// row-major order, a class token prepended as token 0 and a learned position table added to every
// token: [B, C, H, W] -> [B, H·W/p² + 1, width]. patch<i>.{w [width, C, p, p], b, cls [width],
// pos [tokens, width]}. A patch that does not divide the image is refused.
Layer patchEmbed(int64_t patch, int64_t width);

struct EncoderOptions {
  int64_t heads = 1;
  int64_t mlp = 4; // the MLP's hidden width
  Activation activation = Activation::gelu;
  float epsilon = 1e-6f; // of both layer norms
  bool causal = false;   // each token attends to itself and the tokens before it only
  bool rotary = false;   // RoPE on the queries and keys (nn/Emit.h rotaryTables)
  // Attention's memory-efficient form in blocks of this many queries (nn/Emit.h
  // BlockedAttention); 0, or a block of the whole context: the plain form.
  int64_t queryBlock = 0;
};

// `blocks` pre-norm encoder blocks on tokens [B, T, D]: R = X + O(MHSA(LN1 X)), then
// Y = R + fc2(act(fc1(LN2 R))). Attention has separate biased Q, K, V, O dense layers [D, D];
// head h owns the features h·D/H ... (h+1)·D/H − 1 and its scores are scaled by 1/sqrt(D/H).
// enc<i>.<j>.{ln1.*, q.*, k.*, v.*, o.*, ln2.*, fc1.w [D, mlp], fc1.b, fc2.w [mlp, D], fc2.b}.
// Both branches of block j of L can drop (stochastic depth) at j/(L−1) of --drop-path.
Layer encoder(int64_t blocks, const EncoderOptions& options);

struct VitSize {
  int64_t side = 224, channels = 3, patch = 16, width = 192, blocks = 12, classes = 10;
  EncoderOptions encoder = {3, 768, Activation::gelu, 1e-6f, false, false, 0};
};

// A vision transformer as torchvision's VisionTransformer: patch embedding, the encoder, a final
// layer norm, the class token's features, a dense head.
NetSpec vit(std::string name, const VitSize& size);
// ViT-Tiny at 224², patch 16, width 192, 3 heads, MLP 768, 12 blocks, 10 classes, exact GELU and
// layer-norm epsilon 1e-6 (5,526,346 parameters), with the reference system's recipe.
NetSpec vitTiny();

// A GPT-style causal language model (FAMILIES.md 3): token embedding with learned positions
// (`rotary`: none, RoPE in every attention instead), `blocks` causal pre-norm encoder blocks, a
// final layer norm and an untied dense head [D, V] with bias (`tied`: the embedding's table as
// the head, GPT-2's, no bias), giving next-token logits [B, T, V]. Tanh GELU and layer-norm
// epsilon 1e-5 (GPT-2's and the reference system's).
struct GptSize {
  int64_t vocabulary = 65, context = 64, width = 64, heads = 2, mlp = 256, blocks = 4;
  bool tied = false, rotary = false;
  int64_t queryBlock = 0; // EncoderOptions::queryBlock
};
NetSpec gpt(std::string name, const GptSize& size);
// gpt-nano (212,545 parameters: the reference system's char model) and gpt-tiny (T 128, D 128,
// 4 heads, MLP 512, 6 blocks; 1,222,977 with 65 characters), with the reference LM recipe.
inline constexpr GptSize kGptNano{}, kGptTiny{65, 128, 128, 4, 512, 6, false, false, 0};
NetSpec gptNano();
NetSpec gptTiny();

} // namespace hlotrain::nn

#include "nn/Transformer.h"

#include "nn/Compose.h"

namespace hlotrain::nn {

namespace {

constexpr float kGptEpsilon = 1e-5f;

// The reference system's LM recipe (FAMILIES.md 3): Adam with its weight decay 1e-4 (the
// defaults), batch 32, peak lr 3e-3 after 100 warmup steps, cosine down to a tenth of it. 20
// epochs of a text's windows are 9,800 steps of tinyshakespeare at T 64, near the reference's
// 10K.
std::vector<Setting> lmRecipe() {
  return {{"batch", "32"},
          {"lr", "0.003"},
          {"epochs", "20"},
          {"warmup-steps", "100"},
          {"lr-floor", "0.1"}};
}

} // namespace

Layer patchEmbed(int64_t patch, int64_t width) {
  return {[=](Composer& c) {
    const ir::Shape& in = c.shape();
    if (in.size() != 4) c.fail("a patch embedding needs an NCHW input, got " + ir::toString(in));
    if (patch < 1 || width < 1) c.fail("a patch embedding needs a positive patch and width");
    if (in[2] % patch != 0 || in[3] % patch != 0)
      c.fail("patch " + std::to_string(patch) + " does not divide the image " +
             std::to_string(in[2]) + "x" + std::to_string(in[3]));
    const std::string name = "patch" + c.index();
    c.conv(Path::main, name, width, patch, patch, Padding::valid, true);
    c.tokens();
    c.classToken(name);
    c.positions(name);
  }};
}

Layer encoder(int64_t blocks, const EncoderOptions& o) {
  return {[=](Composer& c) {
    if (blocks < 1 || o.mlp < 1) c.fail("an encoder needs positive block and MLP counts");
    const ir::Shape& in = c.shape();
    if (in.size() != 3)
      c.fail("an encoder needs tokens [B, T, D] (a patch embedding before it), got " +
             ir::toString(in));
    if (o.heads < 1 || in[2] % o.heads != 0)
      c.fail(std::to_string(o.heads) + " heads do not divide the width " + std::to_string(in[2]));
    const int64_t width = in[2];
    for (int64_t j = 0; j < blocks; ++j) {
      const std::string p = "enc" + c.index() + "." + std::to_string(j) + ".";
      // DeiT's stochastic depth: rising linearly from 0 at the first block to the full rate at
      // the last, on both branches.
      const double depth =
          blocks > 1 ? static_cast<double>(j) / static_cast<double>(blocks - 1) : 0;
      c.fork();
      c.layerNorm(Path::main, p + "ln1", o.epsilon);
      c.attention(p, o.heads, o.causal, o.rotary, o.queryBlock);
      c.dropPath(depth);
      c.join();
      c.fork();
      c.layerNorm(Path::main, p + "ln2", o.epsilon);
      c.dense(p + "fc1", o.mlp);
      c.activate(o.activation);
      c.dense(p + "fc2", width);
      c.dropPath(depth);
      c.join();
    }
  }};
}

NetSpec vit(std::string name, const VitSize& s) {
  return {std::move(name),
          {patchEmbed(s.patch, s.width), encoder(s.blocks, s.encoder), layerNorm(s.encoder.epsilon),
           classToken(), dense(s.classes)},
          {s.channels, s.side, s.side},
          s.classes,
          ""};
}

NetSpec vitTiny() {
  NetSpec spec = vit("ViT-Tiny", {});
  spec.recipe = imagenetteRecipe("0.0003", "5", "0.1");
  return spec;
}

NetSpec gpt(std::string name, const GptSize& s) {
  NetSpec spec{std::move(name),
               {tokenEmbedding(s.width, !s.rotary),
                encoder(s.blocks, {s.heads, s.mlp, Activation::geluTanh, kGptEpsilon, true,
                                   s.rotary, s.queryBlock}),
                layerNorm(kGptEpsilon), s.tied ? tiedHead() : dense(s.vocabulary)},
               {},
               s.vocabulary,
               ""};
  spec.input.vocabulary = s.vocabulary;
  spec.input.context = s.context;
  spec.recipe = lmRecipe();
  return spec;
}

NetSpec gptNano() {
  return gpt("GPT-nano", kGptNano);
}

NetSpec gptTiny() {
  return gpt("GPT-tiny", kGptTiny);
}

} // namespace hlotrain::nn

// `hlotrain generate`'s decode step: fed a sequence one token at a time, writing each token's
// keys and values into its caches, it gives at every position the logits the whole-sequence
// forward gives there, within f32 rounding; and it refuses nets it cannot decode.

#include <gtest/gtest.h>

#include <cmath>

#include "lower/cpu/Executable.h"
#include "nn/Init.h"
#include "nn/Transformer.h"
#include "program/Program.h"
#include "support/Error.h"

using namespace hlotrain;

namespace {

void expectDecodingMatchesTheForward(const nn::NetSpec& spec) {
  const std::vector<ir::Tensor> params = nn::initialParameters(spec);
  const std::vector<int32_t> ids = {3, 1, 4, 1, 5, 2, 6, 0};

  std::unique_ptr<ir::Module> evalModule = program::buildEvalForward(spec, 1);
  auto eval = cpu::Executable::compile(*evalModule, "main");
  std::vector<ir::Tensor> in = params;
  in.push_back(ir::Tensor::fromVector<int32_t>({1, 8}, ids));
  const ir::Tensor whole = eval->run(in)[0]; // [1, 8, 7]

  const program::DecodeSignature sig = program::decodeSignature(spec, 1);
  ASSERT_EQ(sig.keys.count, 2u);
  EXPECT_EQ(sig.arguments[sig.keys.begin].shape, (ir::Shape{1, 2, 8, 4}));
  std::unique_ptr<ir::Module> decodeModule = program::buildDecodeStep(spec, 1);
  auto decode = cpu::Executable::compile(*decodeModule, "main");
  std::vector<ir::Tensor> caches;
  for (size_t i = 0; i < sig.keys.count + sig.values.count; ++i)
    caches.emplace_back(sig.arguments[sig.keys.begin + i]);
  for (int32_t t = 0; t < 8; ++t) {
    std::vector<ir::Tensor> args = params;
    args.insert(args.end(), caches.begin(), caches.end());
    args.push_back(ir::Tensor::fromVector<int32_t>({1, 1}, {ids[static_cast<size_t>(t)]}));
    args.push_back(ir::Tensor::scalar<int32_t>(t));
    std::vector<ir::Tensor> out = decode->run(args);
    ASSERT_EQ(out[0].shape(), (ir::Shape{1, 7}));
    for (int64_t v = 0; v < 7; ++v)
      EXPECT_NEAR(out[0].get<float>(v), whole.get<float>(t * 7 + v), 2e-5)
          << "position " << t << ", id " << v;
    caches.assign(out.begin() + 1, out.end());
  }
}

// Also with RoPE (the decode step rotates at its position's rows of the tables) and a head tied
// to the token table.
TEST(DecodeStepTest, EveryPositionsLogitsAreTheForwardsThere) {
  for (bool variant : {false, true}) {
    SCOPED_TRACE(variant ? "tied, RoPE" : "untied, learned positions");
    expectDecodingMatchesTheForward(nn::gpt("tiny-gpt", {.vocabulary = 7,
                                                         .context = 8,
                                                         .width = 8,
                                                         .heads = 2,
                                                         .mlp = 16,
                                                         .blocks = 2,
                                                         .tied = variant,
                                                         .rotary = variant}));
  }
}

TEST(DecodeStepTest, OnlyCausalTokenNetsDecode) {
  EXPECT_THROW(
      program::buildDecodeStep(
          nn::vit("small-vit",
                  {.side = 8, .channels = 1, .patch = 4, .width = 8, .blocks = 1, .classes = 3}),
          1),
      VerifyError);
}

} // namespace

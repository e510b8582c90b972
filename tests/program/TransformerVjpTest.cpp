// Also: weight decay on the matrices only, and the train step's drop mask.
//
// A small vision transformer's gradient for every parameter and its input against central
// differences in f64, through the train step's declared backwards of layer norm, softmax and the
// exact GELU (program::customVjps) and the derived ones of everything else (attention's products,
// head split and merge, the class token, positions, the patch embedding), causal or not.

#include <gtest/gtest.h>

#include "grad/Vjp.h"
#include "lower/cpu/Executable.h"
#include "lower/cpu/RowKernels.h"
#include "mlir/Printer.h"
#include "nn/Init.h"
#include "nn/Transformer.h"
#include "nn/Zoo.h"
#include "program/Program.h"
#include "support/Error.h"
#include "tests/program/NetGradientCheck.h"

using namespace hlotrain;
using namespace hlotrain::ir;

namespace {

TEST(TransformerVjpTest, ASmallVitsGradientsMatchFiniteDifferences) {
  for (bool causal : {false, true}) {
    SCOPED_TRACE(causal ? "causal" : "bidirectional");
    // 8x8, patch 4 (5 tokens), width 4, 2 heads of 2, MLP 6, one block, 3 classes: every
    // element of some 300 checked by two runs each of the reference interpreter, so small (the
    // sanitizer build's interpreter is some 10x slower).
    const nn::NetSpec spec =
        nn::vit("small-vit", {.side = 8,
                              .channels = 1,
                              .patch = 4,
                              .width = 4,
                              .blocks = 1,
                              .classes = 3,
                              .encoder = {2, 6, nn::Activation::gelu, 1e-5f, causal}});
    program::testing::expectNetGradientsMatchFiniteDifferences(spec);
  }
}

// A tiny GPT (vocabulary 5, 6 tokens, width 4, 2 heads, MLP 6, one causal block, tanh GELU): the
// token table's gradient is the scatter-add of the row gather (12 ids over 5 rows: rows repeat),
// the positions' the sum over the batch, the head's over every position's logits [B, T, V]; with
// the head tied to the table, the table's sums both uses; with RoPE, the rotation's slices,
// products and concatenation carry the queries' and keys'.
TEST(TransformerVjpTest, ATinyGptsGradientsMatchFiniteDifferences) {
  struct Variant {
    bool tied, rotary;
    int64_t queryBlock;
  };
  for (const auto& [tied, rotary, queryBlock] :
       {Variant{false, false, 0}, {true, false, 0}, {false, true, 0}, {false, true, 4}}) {
    SCOPED_TRACE(std::string(tied ? "tied" : "untied") + (rotary ? ", RoPE" : "") +
                 (queryBlock ? ", query blocks of 4" : ""));
    const nn::NetSpec spec = nn::gpt("tiny-gpt", {.vocabulary = 5,
                                                  .context = 6,
                                                  .width = 4,
                                                  .heads = 2,
                                                  .mlp = 6,
                                                  .blocks = 1,
                                                  .tied = tied,
                                                  .rotary = rotary,
                                                  .queryBlock = queryBlock});
    program::testing::expectNetGradientsMatchFiniteDifferences(spec);
  }
}

// A GPT of vocabulary 9 and context 12, batch 3, trained by SGD without momentum or decay at a
// learning rate of 1 (a parameter moves by its gradient).
nn::NetSpec smallGpt(int64_t queryBlock = 0) {
  return nn::gpt("gpt", {.vocabulary = 9,
                         .context = 12,
                         .width = 8,
                         .heads = 2,
                         .mlp = 16,
                         .blocks = 2,
                         .rotary = true,
                         .queryBlock = queryBlock});
}

program::ProgramOptions plainSgd() {
  program::ProgramOptions o;
  o.batch = 3;
  o.optimizer = program::Optimizer::sgd;
  o.momentum = 0.0f;
  o.weightDecay = 0.0f;
  return o;
}

// The train step's arguments: smallGpt's initial parameters, zero velocities, a batch of ids and
// next ids, learning rate 1 and 1.
std::vector<ir::Tensor> smallGptStepInputs() {
  std::vector<ir::Tensor> in = nn::initialParameters(smallGpt());
  const size_t n = in.size();
  for (size_t i = 0; i < n; ++i) in.emplace_back(in[i].type());
  std::vector<int32_t> ids, next;
  for (int32_t i = 0; i < 36; ++i) {
    ids.push_back(i * 5 % 9);
    next.push_back((i * 5 + 3) % 9);
  }
  in.push_back(ir::Tensor::fromVector<int32_t>({3, 12}, ids));
  in.push_back(ir::Tensor::fromVector<int32_t>({3, 12}, next));
  in.push_back(ir::Tensor::scalar<float>(1.0f));
  in.push_back(ir::Tensor::scalar<float>(1.0f));
  return in;
}

// Two runs of smallGpt's train step agree within f32 rounding: the loss, and every parameter's
// move (its gradient) within 2e-6 of the largest.
void expectTheSameStepWithinRounding(const std::vector<ir::Tensor>& in,
                                     const std::vector<ir::Tensor>& expected,
                                     const std::vector<ir::Tensor>& actual) {
  const size_t n = nn::initialParameters(smallGpt()).size();
  ASSERT_EQ(expected.size(), actual.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    if (i >= n && i < 2 * n) continue; // the velocities repeat the gradients
    double largest = 0;
    for (int64_t e = 0; e < expected[i].numElements(); ++e)
      largest = std::max(
          largest, std::abs(expected[i].getAsDouble(e) - (i < n ? in[i].getAsDouble(e) : 0.0)));
    for (int64_t e = 0; e < expected[i].numElements(); ++e)
      ASSERT_NEAR(actual[i].getAsDouble(e), expected[i].getAsDouble(e), 2e-6 * largest + 1e-7)
          << "result " << i << " element " << e;
  }
}

// The memory-efficient attention (blocks of 5 queries over 12 tokens: 5, 5 and 2) against the
// plain form in f32: one train step's loss and every gradient agree within f32 rounding, and no
// graph of the blocked net holds a [B, H, T, T] tensor.
TEST(TransformerVjpTest, TheMemoryEfficientAttentionIsThePlainFormWithinRounding) {
  const program::ProgramOptions o = plainSgd();
  const std::vector<ir::Tensor> in = smallGptStepInputs();
  const auto step = [&](int64_t queryBlock) {
    return cpu::Executable::compile(*program::buildTrainStep(smallGpt(queryBlock), o), "main")
        ->run(in);
  };
  expectTheSameStepWithinRounding(in, step(0), step(5));
  const std::string text = mlir::print(*program::buildTrainStep(smallGpt(5), o));
  EXPECT_EQ(text.find("3x2x12x12xf32"), std::string::npos);
  EXPECT_NE(mlir::print(*program::buildTrainStep(smallGpt(), o)).find("3x2x12x12xf32"),
            std::string::npos);
}

// On the fast path each block's attention softmax, with its scale and causal mask, the gradient
// of all three, and each layer norm are one row kernel each (lower/cpu/RowKernels.h), and the
// step is the one the fusion pass plans without them, within f32 rounding.
TEST(TransformerVjpTest, TheFastPathRunsEachSoftmaxItsGradientAndEachLayerNormAsOneRowKernel) {
  if (!cpu::plan::plansRowKernels()) GTEST_SKIP() << "this build plans no row kernels";
  const std::unique_ptr<ir::Module> module = program::buildTrainStep(smallGpt(), plainSgd());
  const std::vector<ir::Tensor> in = smallGptStepInputs();
  const auto rowKernels = cpu::Executable::compile(*module, "main");
  cpu::CompileOptions fusionOnly;
  fusionOnly.rowKernels = false;
  const auto fused = cpu::Executable::compile(*module, "main", fusionOnly);
  const auto count = [&](const std::string& kernel) {
    const std::string plan = rowKernels->dumpPlan();
    int found = 0;
    for (size_t at = plan.find(kernel); at != std::string::npos; at = plan.find(kernel, at + 1))
      ++found;
    return found;
  };
  // Batch 3 of 2 heads of 12 queries: 72 rows of 12 keys, in each of the 2 blocks.
  EXPECT_EQ(count("row softmax [72x12] scale mask ("), 2) << rowKernels->dumpPlan();
  EXPECT_EQ(count("row softmax gradient [72x12] mask scale ("), 2) << rowKernels->dumpPlan();
  // Two per block and the final one, each writing what its backward reads.
  EXPECT_EQ(count("row layer norm [36x8] normalized 1/sigma ("), 5) << rowKernels->dumpPlan();
  EXPECT_EQ(fused->dumpPlan().find("row softmax"), std::string::npos);
  EXPECT_EQ(fused->dumpPlan().find("row layer norm"), std::string::npos);
  expectTheSameStepWithinRounding(in, fused->run(in), rowKernels->run(in));
}

nn::NetSpec tinyVit() {
  return nn::vit("tiny-vit", {.side = 8,
                              .channels = 1,
                              .patch = 4,
                              .width = 8,
                              .blocks = 2,
                              .classes = 3,
                              .encoder = {2, 8, nn::Activation::gelu, 1e-6f, false}});
}

// One SGD step (lr 1, no momentum) with weight decay 0.5 against one without: the parameters
// differ by exactly 0.5·w for the patch and dense matrices, and not at all for biases, layer-norm
// scales and shifts, the class token and the position table (FAMILIES.md 2.6).
TEST(TransformerVjpTest, OnlyTheMatricesDecay) {
  const nn::NetSpec spec = tinyVit();
  program::ProgramOptions o;
  o.batch = 2;
  o.optimizer = program::Optimizer::sgd;
  o.momentum = 0.0f;
  std::vector<ir::Tensor> in = nn::initialParameters(spec, nn::InitScheme::truncNormal);
  const size_t n = in.size();
  for (size_t i = 0; i < n; ++i) in.emplace_back(in[i].type()); // velocity 0
  ir::Tensor x({ElementType::f32, {2, 1, 8, 8}});
  for (int64_t i = 0; i < x.numElements(); ++i) x.set<float>(i, float(i % 7) / 7.0f);
  in.push_back(x);
  in.push_back(ir::Tensor::fromVector<int32_t>({2}, {0, 2}));
  in.push_back(ir::Tensor::scalar<float>(1.0f));
  in.push_back(ir::Tensor::scalar<float>(1.0f));
  auto step = [&](float decay) {
    o.weightDecay = decay;
    return cpu::Executable::compile(*program::buildTrainStep(spec, o), "main")->run(in);
  };
  const std::vector<ir::Tensor> decayed = step(0.5f), plain = step(0.0f);
  const std::vector<nn::ParamInfo> params = nn::parameters(spec);
  int64_t matrices = 0;
  for (size_t i = 0; i < n; ++i) {
    const bool matrix = params[i].role == nn::ParamRole::weight;
    matrices += matrix;
    for (int64_t e = 0; e < in[i].numElements(); ++e) {
      const float difference = plain[i].get<float>(e) - decayed[i].get<float>(e);
      if (matrix)
        EXPECT_NEAR(difference, 0.5f * in[i].get<float>(e), 1e-6f) << params[i].name;
      else
        ASSERT_EQ(difference, 0.0f) << params[i].name;
    }
  }
  EXPECT_EQ(matrices, 1 + 2 * 6 + 1);
}

TEST(TransformerVjpTest, TheTrainStepTakesADropMaskWithDropPathOnly) {
  program::ProgramOptions o;
  o.batch = 3;
  EXPECT_EQ(program::trainStepSignature(tinyVit(), o).dropMask.count, 0u);
  o.dropPath = 0.1f;
  const program::TrainStepSignature sig = program::trainStepSignature(tinyVit(), o);
  ASSERT_EQ(sig.dropMask.count, 1u);
  EXPECT_EQ(sig.argument(sig.dropMask, 0).shape, (Shape{4, 3})); // 2 blocks x 2 branches
  EXPECT_NO_THROW(program::buildTrainStep(tinyVit(), o));
  try {
    program::validate(nn::resNet18(32), o);
    ADD_FAILURE() << "a net without droppable branches took --drop-path";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("ResNet-18 has no residual branches"), std::string::npos)
        << e.what();
  }
  o.dropPath = 1.0f;
  EXPECT_THROW(program::validate(tinyVit(), o), ConfigError);
}

} // namespace

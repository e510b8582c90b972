#include <gtest/gtest.h>

#include "ir/Verifier.h"
#include "lower/cpu/Interpreter.h"
#include "nn/Compose.h"
#include "nn/Emit.h"
#include "nn/Init.h"
#include "nn/Zoo.h"
#include "support/Error.h"
#include "support/Sha256.h"
#include "support/YoloLayout.h"

using namespace hlotrain;

namespace {

struct Expected {
  const char* cliName;
  int64_t parameters;
  ir::Shape input;
  ir::Shape output = {3, 10}; // for a batch of 3
};

TEST(ZooTest, ParameterCountsAndGeometry) {
  const Expected expected[] = {
      {"mnist-linear", 7850, {1, 28, 28}},
      {"mnist-mlp", 669706, {1, 28, 28}},
      {"mnist-cnn", 1676458, {1, 28, 28}},
      {"cifar-10-bn", 2431210, {3, 32, 32}},
      {"resnet-18", 11181642, {3, 224, 224}},
      {"resnet-34", 21289802, {3, 224, 224}},
      {"resnet-50", 23528522, {3, 224, 224}},
      {"mobilenetv2", 2236682, {3, 224, 224}},
      {"unet-brats", 7849988, {4, 240, 240}, {3, 4, 240, 240}},
      {"r34-yolov1", 22472286, {3, 224, 224}, {3, 30, 7, 7}},
      {"vit-tiny", 5526346, {3, 224, 224}},
      // torchvision 0.14's models at num_classes=10 (and the reference system's MobileNetV4),
      // FAMILIES.md 3.
      {"convnext-tiny", 27827818, {3, 224, 224}},
      {"efficientnet-b0", 4020358, {3, 224, 224}},
      {"efficientnet-v2-s", 20190298, {3, 224, 224}},
      {"mobilenetv3-large", 4214842, {3, 224, 224}},
      {"mobilenetv4-conv-s", 4124426, {3, 224, 224}},
      // The reference system's char models (FAMILIES.md 3): ids of 64 and 128 characters of 65.
      {"gpt-nano", 212545, {64}, {3, 64, 65}},
      {"gpt-tiny", 1222977, {128}, {3, 128, 65}},
  };
  std::vector<nn::NetSpec> zoo = nn::zoo();
  ASSERT_EQ(zoo.size(), std::size(expected));
  for (size_t i = 0; i < zoo.size(); ++i) {
    const nn::NetSpec& spec = zoo[i];
    EXPECT_EQ(nn::cliName(spec), expected[i].cliName);
    EXPECT_EQ(nn::parameterCount(spec), expected[i].parameters) << spec.name;
    const ir::Shape input = nn::inputType(spec, 1).shape;
    EXPECT_EQ(ir::Shape(input.begin() + 1, input.end()), expected[i].input) << spec.name;
    EXPECT_EQ(nn::outputShape(spec, 3), expected[i].output) << spec.name;
    EXPECT_EQ(nn::netByName(expected[i].cliName).name, spec.name);
    // Symmetric padding gives the same geometry for every window of these nets.
    EXPECT_EQ(nn::parameterCount(spec.withSymmetricPadding()), expected[i].parameters);
    EXPECT_EQ(nn::outputShape(spec.withSymmetricPadding(), 3), expected[i].output) << spec.name;
  }
}

// A language model sized apart from its entry: V·D + T·D + L·(4D² + 4D + 2·D·M + M + D + 4D) + 2D
// + D·V + V, each size left out (0) staying the entry's; a net that reads images refuses a shape.
TEST(ZooTest, ALanguageModelTakesAnyVocabularyContextAndShape) {
  const nn::NetSpec sized = nn::netByName("gpt-nano", {.vocabulary = 24, .context = 16},
                                          {.width = 32, .heads = 4, .layers = 1, .mlp = 48});
  EXPECT_EQ(sized.name, "GPT-nano");
  EXPECT_EQ(nn::parameterCount(sized), 768 + 512 + 7504 + 64 + 792);
  EXPECT_EQ(nn::outputShape(sized, 2), (ir::Shape{2, 16, 24}));
  EXPECT_EQ(sized.recipe.size(), nn::gptNano().recipe.size());
  const nn::NetSpec deeper = nn::netByName("gpt-tiny", {}, {.layers = 7});
  EXPECT_EQ(nn::parameterCount(deeper), 1222977 + 198272);
  EXPECT_EQ(nn::outputShape(deeper, 1), (ir::Shape{1, 128, 65}));
  // GPT-2's tied head drops head.w and head.b (FAMILIES.md 3: 208,320); RoPE drops pos [64, 64].
  EXPECT_EQ(nn::parameterCount(nn::netByName("gpt-nano", {}, {.tied = true})), 208320);
  EXPECT_EQ(nn::parameterCount(nn::netByName("gpt-nano", {}, {.rotary = true})), 212545 - 4096);
  const std::vector<nn::ParamInfo> tied =
      nn::parameters(nn::netByName("gpt-nano", {}, {.tied = true, .rotary = true}));
  EXPECT_EQ(tied.front().name, "tok0.tok");
  EXPECT_EQ(tied[1].name, "enc1.0.ln1.gamma");
  EXPECT_EQ(tied.back().name, "ln2.beta");
  EXPECT_THROW(nn::netByName("gpt-nano", {}, {.heads = 3}), RuntimeError);
  EXPECT_THROW(nn::netByName("mnist-cnn", {}, {.width = 8}), RuntimeError);
}

// The 224 nets built on smaller inputs (as the CI-sized training tests do) keep every parameter:
// only the feature maps shrink, down to 1x1 before the global average pool at side 32.
TEST(ZooTest, SmallerInputsKeepEveryParameter) {
  using Make = nn::NetSpec (*)(int64_t);
  for (Make make :
       {Make(nn::resNet18), Make(nn::resNet34), Make(nn::resNet50), Make(nn::mobileNetV2)}) {
    nn::NetSpec full = make(224);
    for (int64_t side : {32, 64}) {
      nn::NetSpec small = make(side);
      EXPECT_EQ(small.name, full.name);
      EXPECT_EQ((ir::Shape{small.input.channels, small.input.height, small.input.width}),
                (ir::Shape{3, side, side}));
      std::vector<nn::ParamInfo> a = nn::parameters(small), b = nn::parameters(full);
      ASSERT_EQ(a.size(), b.size()) << full.name;
      for (size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].name, b[i].name);
        EXPECT_EQ(a[i].shape, b[i].shape) << a[i].name;
      }
      EXPECT_EQ(nn::bnChannels(small), nn::bnChannels(full));
      EXPECT_EQ(nn::outputShape(small, 2), (ir::Shape{2, 10})) << full.name << " at " << side;
    }
  }
  nn::NetSpec tiny = nn::resNet18(32);
  tiny.layers.resize(tiny.layers.size() - 2); // up to the last stage
  EXPECT_EQ(nn::outputShape(tiny, 2), (ir::Shape{2, 512, 1, 1}));
}

// Shapes of the feature maps after each layer of ResNet-18, where SAME padding matters: 7x7/2 on
// 224 pads 2 low and 3 high to give 112; the 3x3/2 max pool pads 0 low and 1 high to give 56.
// The detector: ResNet-34's trunk (its 36 BatchNorm layers, the last of them in stage 4), no
// pooling head, then conv3x3 512->256 + ReLU and conv1x1 256->30; one definition for 224 (a 7x7
// grid) and 448 (14x14), the same parameters at both.
TEST(ZooTest, R34Yolov1IsTheResNet34TrunkAndAYoloHeadAtEitherSide) {
  for (int64_t side : {224, 448}) {
    const nn::NetSpec spec = nn::netByName("r34-yolov1", {3, side, side});
    EXPECT_EQ(nn::parameterCount(spec), 22472286);
    EXPECT_EQ(nn::bnChannels(spec).size(), 36u);
    EXPECT_EQ(nn::bnChannels(spec).back(), 512);
    EXPECT_EQ(nn::outputShape(spec, 2), (ir::Shape{2, 30, side / 32, side / 32}));
    const std::vector<nn::ParamInfo> params = nn::parameters(spec);
    const std::vector<nn::ParamInfo> trunk = nn::parameters(nn::resNet34(side));
    // The classifier's trunk is every parameter before its dense layer.
    ASSERT_EQ(params.size(), trunk.size() - 2 + 4);
    for (size_t i = 0; i + 2 < trunk.size(); ++i) EXPECT_EQ(params[i].shape, trunk[i].shape) << i;
    EXPECT_EQ(params[params.size() - 4].shape, (ir::Shape{256, 512, 3, 3}));
    EXPECT_EQ(params[params.size() - 2].shape, (ir::Shape{30, 256, 1, 1}));
  }
  // Another side is refused by the dataset, not silently refitted here.
  EXPECT_EQ(nn::outputShape(nn::netByName("r34-yolov1", {3, 100, 120}), 1),
            (ir::Shape{1, 30, 7, 7}));
}

TEST(ZooTest, ResNetStemAndStageShapes) {
  nn::NetSpec spec = nn::resNet18();
  EXPECT_EQ(nn::windowPadding(nn::Padding::same, 224, 7, 2), (std::pair<int64_t, int64_t>{2, 3}));
  EXPECT_EQ(nn::windowPadding(nn::Padding::same, 112, 3, 2), (std::pair<int64_t, int64_t>{0, 1}));
  EXPECT_EQ(nn::windowPadding(nn::Padding::symmetric, 112, 3, 2),
            (std::pair<int64_t, int64_t>{1, 1}));
  std::vector<ir::Shape> expected = {{2, 64, 112, 112}, {2, 64, 56, 56},  {2, 64, 56, 56},
                                     {2, 128, 28, 28},  {2, 256, 14, 14}, {2, 512, 7, 7},
                                     {2, 512},          {2, 10}};
  for (size_t i = 0; i < expected.size(); ++i) {
    nn::NetSpec prefix = spec;
    prefix.layers.resize(i + 1);
    EXPECT_EQ(nn::outputShape(prefix, 2), expected[i]) << "after layer " << i;
  }
}

// The padding (low, high) of every window op of a net's emitted forward, in emission order:
// convolutions' spatial dims and reduce_window's (the max pools) H and W.
std::vector<std::pair<int64_t, int64_t>> emittedPadding(const nn::NetSpec& spec) {
  ir::Module m;
  ir::Function& f = m.addFunction("main");
  ir::Builder b(f.body, &m);
  std::vector<ir::Value*> params;
  for (const nn::ParamInfo& p : nn::parameters(spec))
    params.push_back(f.body.addArgument({ir::ElementType::f32, p.shape}));
  ir::Value* x = f.body.addArgument(
      {ir::ElementType::f32, {2, spec.input.channels, spec.input.height, spec.input.width}});
  f.setResults({nn::emitForward(b, spec, params, x, nn::BnMode::batch).logits});
  EXPECT_NO_THROW(ir::verify(m)) << spec.name;
  std::vector<std::pair<int64_t, int64_t>> pads;
  for (const auto& op : f.body.ops) {
    if (op->kind != ir::OpKind::convolution && op->kind != ir::OpKind::reduce_window) continue;
    const auto& p = op->attrs.padding;
    EXPECT_EQ(p[p.size() - 2], p.back()) << "H and W pad alike in " << spec.name;
    pads.push_back(p.back());
  }
  return pads;
}

// Symmetric padding is a spec option (per layer, or withSymmetricPadding() for a whole net): it
// changes only how a strided window's padding splits, never a shape or a parameter.
TEST(ZooTest, SymmetricPaddingSplitsStridedWindowsEvenly) {
  using Pad = std::pair<int64_t, int64_t>;
  nn::NetSpec same = nn::resNet18();
  nn::NetSpec symmetric = same.withSymmetricPadding();
  std::vector<Pad> samePads = emittedPadding(same), symmetricPads = emittedPadding(symmetric);
  ASSERT_EQ(samePads.size(), symmetricPads.size());
  // Stem 7x7/2 on 224, its 3x3/2 max pool on 112, then stage 1's two blocks (four 3x3/1 convs),
  // then stage 2's first block: 3x3/2 on 56, 3x3/1, and the 1x1/2 projection.
  std::vector<Pad> expectSame = {{2, 3}, {0, 1}, {1, 1}, {1, 1}, {1, 1},
                                 {1, 1}, {0, 1}, {1, 1}, {0, 0}};
  std::vector<Pad> expectSymmetric = {{3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1},
                                      {1, 1}, {1, 1}, {1, 1}, {0, 0}};
  EXPECT_EQ(std::vector<Pad>(samePads.begin(), samePads.begin() + 9), expectSame);
  EXPECT_EQ(std::vector<Pad>(symmetricPads.begin(), symmetricPads.begin() + 9), expectSymmetric);
  // Every window pads k/2 on both sides under the option: a 3x3 one (1, 1), a 1x1 one nothing.
  for (const Pad& p : symmetricPads) EXPECT_EQ(p.first, p.second);
  for (const nn::NetSpec& spec : {same, nn::mobileNetV2(), nn::resNet50()}) {
    nn::NetSpec other = spec.withSymmetricPadding();
    EXPECT_EQ(nn::parameters(other).size(), nn::parameters(spec).size()) << spec.name;
    EXPECT_EQ(nn::parameterCount(other), nn::parameterCount(spec)) << spec.name;
    EXPECT_EQ(nn::bnChannels(other), nn::bnChannels(spec)) << spec.name;
    EXPECT_NE(emittedPadding(other), emittedPadding(spec)) << spec.name;
  }

  // Per layer: one strided convolution asks for symmetric padding, its neighbour keeps SAME.
  nn::NetSpec mixed{"mixed",
                    {nn::conv2d(4, 3, 2, nn::Activation::relu, nn::Padding::symmetric),
                     nn::conv2d(4, 3, 2), nn::flatten(), nn::dense(10)},
                    {1, 8, 8},
                    10,
                    ""};
  EXPECT_EQ(emittedPadding(mixed), (std::vector<Pad>{{1, 1}, {0, 1}}));
  EXPECT_EQ(nn::outputShape(mixed, 2), (ir::Shape{2, 10}));
}

TEST(ZooTest, BlockParameterOrderAndBatchNormList) {
  // A basic block that projects (channels change), then one with an identity skip.
  nn::NetSpec spec{"res", {nn::residualBlock(4, 8, 2, 2)}, {4, 8, 8}, 10, ""};
  std::vector<std::string> names;
  for (const nn::ParamInfo& p : nn::parameters(spec)) names.push_back(p.name);
  std::vector<std::string> expected = {
      "res0.0.conv1.w",     "res0.0.bn1.gamma", "res0.0.bn1.beta",  "res0.0.conv2.w",
      "res0.0.bn2.gamma",   "res0.0.bn2.beta",  "res0.0.proj.w",    "res0.0.projbn.gamma",
      "res0.0.projbn.beta", "res0.1.conv1.w",   "res0.1.bn1.gamma", "res0.1.bn1.beta",
      "res0.1.conv2.w",     "res0.1.bn2.gamma", "res0.1.bn2.beta"};
  EXPECT_EQ(names, expected);
  EXPECT_EQ(nn::bnChannels(spec), (std::vector<int64_t>{8, 8, 8, 8, 8}));
  auto params = nn::parameters(spec);
  EXPECT_EQ(params[0].shape, (ir::Shape{8, 4, 3, 3}));
  EXPECT_EQ(params[6].shape, (ir::Shape{8, 4, 1, 1}));
  EXPECT_EQ(params[6].fanIn, 4);

  nn::NetSpec bottleneck{"b", {nn::bottleneckBlock(8, 16, 1, 1)}, {8, 4, 4}, 10, ""};
  EXPECT_EQ(nn::bnChannels(bottleneck), (std::vector<int64_t>{4, 4, 16, 16}));
  EXPECT_EQ(nn::parameters(bottleneck)[9].name, "bottleneck0.0.proj.w");

  // Expansion 1 has no expand conv; the second block adds its input (no projection).
  nn::NetSpec inverted{"i",
                       {nn::invertedResidual(8, 8, 1, 1, 1), nn::invertedResidual(8, 16, 6, 2, 2)},
                       {8, 8, 8},
                       10,
                       ""};
  names.clear();
  for (const nn::ParamInfo& p : nn::parameters(inverted)) names.push_back(p.name);
  EXPECT_EQ(names[0], "invres0.0.dw.w");
  EXPECT_EQ(names[6], "invres1.0.expand.w");
  EXPECT_EQ(nn::parameters(inverted)[0].shape, (ir::Shape{8, 1, 3, 3}));
  EXPECT_EQ(nn::parameters(inverted)[0].fanIn, 9);
  EXPECT_EQ(nn::parameters(inverted)[9].shape, (ir::Shape{48, 1, 3, 3}));
  EXPECT_EQ(nn::bnChannels(inverted), (std::vector<int64_t>{8, 8, 48, 48, 16, 96, 96, 16}));
  EXPECT_EQ(nn::outputShape(inverted, 1), (ir::Shape{1, 16, 4, 4}));
}

TEST(ZooTest, BadBlocksNameTheLayer) {
  auto expectError = [](const nn::NetSpec& spec, const char* text) {
    try {
      nn::outputShape(spec, 1);
      ADD_FAILURE() << "expected VerifyError for " << text;
    } catch (const VerifyError& e) {
      EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
    }
  };
  expectError({"r", {nn::convBn(8, 3), nn::residualBlock(4, 8, 1, 1)}, {3, 8, 8}, 10, ""},
              "layer 1: the block declares 4 input channels, its input has 8");
  expectError({"r", {nn::bottleneckBlock(3, 6, 1, 1)}, {3, 8, 8}, 10, ""}, "multiple of 4");
  expectError({"r", {nn::flatten(), nn::residualBlock(3, 8, 1, 1)}, {3, 8, 8}, 10, ""},
              "layer 1: a block needs an NCHW input");
  expectError({"r", {nn::residualBlock(3, 8, 0, 1)}, {3, 8, 8}, 10, ""}, "must be positive");
}

// Every reference net's forward, eval-forward-style (running statistics) and batch-statistics
// variants emit and verify; the big ones are only built, never run.
TEST(ZooTest, EveryNetEmitsAndVerifies) {
  for (const nn::NetSpec& spec : nn::zoo()) {
    for (nn::BnMode mode : {nn::BnMode::batch, nn::BnMode::running}) {
      ir::Module m;
      ir::Function& f = m.addFunction("main");
      ir::Builder b(f.body, &m);
      std::vector<ir::Value*> params, mean, var;
      for (const nn::ParamInfo& p : nn::parameters(spec))
        params.push_back(f.body.addArgument({ir::ElementType::f32, p.shape}));
      if (mode == nn::BnMode::running) {
        for (int64_t c : nn::bnChannels(spec))
          mean.push_back(f.body.addArgument({ir::ElementType::f32, {c}}));
        for (int64_t c : nn::bnChannels(spec))
          var.push_back(f.body.addArgument({ir::ElementType::f32, {c}}));
      }
      ir::Value* x = f.body.addArgument(nn::inputType(spec, 2));
      nn::ForwardValues fwd = nn::emitForward(b, spec, params, x, mode, mean, var);
      ir::Shape expected = nn::outputShape(spec, 2);
      EXPECT_EQ(fwd.logits->type.shape, expected) << spec.name;
      // The detector's head holds two box slots and the class slots per cell; a language model's
      // logits hold the vocabulary last.
      EXPECT_EQ(spec.input.tokens() ? expected.back() : expected[1],
                spec.name == "R34-YOLOv1" ? yolo::kChannels : spec.numClasses)
          << spec.name;
      size_t bn = mode == nn::BnMode::batch ? nn::bnChannels(spec).size() : 0;
      EXPECT_EQ(fwd.batchNorms.size(), bn);
      f.setResults({fwd.logits});
      EXPECT_NO_THROW(ir::verify(m)) << spec.name;
    }
  }
}

// A depthwise convolution computes each channel from its own filter only.
TEST(ZooTest, DepthwiseConvolutionIsPerChannel) {
  nn::NetSpec spec{
      "dw", {nn::depthwiseConv(3, 1, nn::Activation::identity), nn::flatten()}, {2, 3, 3}, 18, ""};
  ir::Module m;
  ir::Function& f = m.addFunction("main");
  ir::Builder b(f.body, &m);
  auto params = nn::parameters(spec);
  ASSERT_EQ(params.size(), 2u);
  EXPECT_EQ(params[0].shape, (ir::Shape{2, 1, 3, 3}));
  std::vector<ir::Value*> args;
  for (const auto& p : params) args.push_back(f.body.addArgument({ir::ElementType::f32, p.shape}));
  ir::Value* x = f.body.addArgument({ir::ElementType::f32, {1, 2, 3, 3}});
  f.setResults({nn::emitForward(b, spec, args, x, nn::BnMode::batch).logits});
  ir::verify(m);
  std::vector<float> w(18, 0.0f), xs(18);
  w[4] = 2.0f; // channel 0: centre tap, doubles
  w[9] = 1.0f; // channel 1: top-left tap, shifts down-right
  for (int i = 0; i < 18; ++i) xs[static_cast<size_t>(i)] = static_cast<float>(i + 1);
  std::vector<ir::Tensor> in = {ir::Tensor::fromVector<float>({2, 1, 3, 3}, w),
                                ir::Tensor::fromVector<float>({2}, {0.0f, 0.5f}),
                                ir::Tensor::fromVector<float>({1, 2, 3, 3}, xs)};
  ir::Tensor y = cpu::interpret(m, f, in)[0];
  for (int i = 0; i < 9; ++i) EXPECT_EQ(y.get<float>(i), 2.0f * float(i + 1));
  // Channel 1 at (r, c) reads (r-1, c-1): zero padding on the first row and column.
  std::vector<float> shifted = {0.5f, 0.5f, 0.5f, 0.5f, 10.5f, 11.5f, 0.5f, 13.5f, 14.5f};
  for (int i = 0; i < 9; ++i) EXPECT_EQ(y.get<float>(9 + i), shifted[static_cast<size_t>(i)]);
}

} // namespace

namespace {

// The digest of what the composed net walks out as: its parameter listing (names, shapes, roles,
// fan-in: what init, checkpoints and the optimizer read), its BatchNorm channels and its output
// shapes under both paddings.
inline std::string compositionDigest(const nn::NetSpec& spec) {
  Sha256 hash;
  auto dims = [](const ir::Shape& shape) {
    std::string text;
    for (int64_t d : shape) text += std::to_string(d) + ",";
    return text;
  };
  for (const nn::ParamInfo& p : nn::parameters(spec))
    hash.update(p.name + "|" + dims(p.shape) + "|" + std::to_string(static_cast<int>(p.role)) +
                "|" + std::to_string(p.fanIn) +
                (p.initStd > 0 ? "|" + std::to_string(p.initStd) : "") + "\n");
  hash.update("bn " + dims(nn::bnChannels(spec)) + "\n");
  hash.update("out " + dims(nn::outputShape(spec, 2)) + " " +
              dims(nn::outputShape(spec.withSymmetricPadding(), 2)) + "\n");
  return hash.hexDigest();
}

} // namespace

// nn/ composes every net from primitive steps (nn/Compose.h); the composition of each zoo net is
// pinned as it was before blocks became functions (the flat Layer::Kind switch of c7a643b):
// parameter names, order, shapes, roles and fan-in (hence He init, bit for bit), BatchNorm
// channels and output shapes. With EmittedGraphsTest's graph digests, a refactor of nn/ that
// keeps both keeps every run's numbers. The modern conv nets' were pinned once their tensors had
// been checked to map one to one onto torchvision's state_dicts
// (tests/peers/torchvision_import.py).
TEST(ZooTest, EveryNetComposesAsPinned) {
  const std::pair<const char*, const char*> pinned[] = {
      {"mnist-linear", "9e8b8177a68c28b58977d8230e38b54bdb4c28ad1995181eaf47a2310f2a6b60"},
      {"mnist-mlp", "5ac01339443c2a0be5398630d6779c6aedb44ebacfdf86e8650f5594152b8e22"},
      {"mnist-cnn", "c60bf7d87ba227896d67322ee5c2489755f51e232104e2c6fc7cf6cfc7f8517a"},
      {"cifar-10-bn", "7d02af6572433779af5363d329ff56e9599f8224967a16caeeef64224931a455"},
      {"resnet-18", "d548b92878473ef50353a3e4dfa0468046867ef5de8ccb99afd0e351f9d8629f"},
      {"resnet-34", "72878f65d4c9dd0dbe5046a13d7c7f074d36777701217bac69443c4b1539c2e3"},
      {"resnet-50", "6ae264e400eb10dd1bdeaf40f46fc0e24e23f6cbc56c5a21d0d83b426ae53296"},
      {"mobilenetv2", "609c5f81fac64324bd31eeaedab943b3b0760f9104043bea0f2221c01d25337c"},
      {"unet-brats", "6ef9ed5e68ffc34c8cadf1f464ece668007cc6e4975902e59039213d4a2be6d6"},
      {"r34-yolov1", "b49a898ecebf8c6ab64d06fc3f5151b94b69b026df27172eacba11b98c4386af"},
      {"vit-tiny", "72660f19e0b36add7e638337642f33a2700c833ea60aeb8c7e00426e9d932c75"},
      {"convnext-tiny", "22d4a14d7aad0c8b70c0453a427cda4decabedcdf1246cbd5c1a7ddba5fff8e8"},
      {"efficientnet-b0", "fcb1d0b2b57c072b8197f35d533fec35bec18091c6707363579889791fb94fdf"},
      {"efficientnet-v2-s", "c278572ec144edac72abcfe3860434c614ae3ab31a887949ee0f9747515f5d3c"},
      {"mobilenetv3-large", "5b327c679c555f9d481dc11e2a82d63ba5fbd76bc7d122bd117fee292f6004b8"},
      {"mobilenetv4-conv-s", "e0fb286f5a9b442dc7651c412f960d5492f4956c41940a3419510174644413d4"},
      {"gpt-nano", "2ed3cb5e92c67a32c91456b8089ea36c23b8d097bc9ae828df3742869055e59a"},
      {"gpt-tiny", "84b01d2e8d5befd6165f40d50192bf0dbb464c205a7590daefd0eea8af98b9b5"},
  };
  ASSERT_EQ(std::size(pinned), nn::zoo().size());
  for (const auto& [name, digest] : pinned)
    EXPECT_EQ(compositionDigest(nn::netByName(name)), digest) << name;
}

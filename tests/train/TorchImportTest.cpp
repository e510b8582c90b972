// A PyTorch state_dict saved with np.savez maps onto a net by position (train/TorchImport.h):
// dense weights transposed, nn.Linear pointwise weights and [C, 1, 1] layer scales reshaped, a
// ConvNeXt block's layer_scale moved behind its block, running statistics onto the BatchNorm
// layers, num_batches_tracked skipped; anything that does not fit refused naming the entry.
// (tests/peers/torchvision_import.py checks the logits of torchvision's own nets.)

#include <gtest/gtest.h>

#include <filesystem>

#include "nn/Compose.h"
#include "nn/ConvNeXt.h"
#include "nn/MobileNet.h"
#include "support/Error.h"
#include "tests/ir/NpzWriter.h"
#include "train/TorchImport.h"

using namespace hlotrain;

namespace {

class TorchImportTest : public ::testing::Test {
protected:
  std::filesystem::path dir;

  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("hlotrain_import_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
           "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  std::string archive(const std::vector<std::pair<std::string, ir::Tensor>>& entries) {
    std::vector<testnpz::Member> members;
    for (const auto& [name, tensor] : entries)
      members.push_back({name + ".npy", testnpz::npyBytes(tensor)});
    const std::string path = (dir / "sd.npz").string();
    testnpz::writeFile(path, testnpz::zipArchive(members));
    return path;
  }
};

// Distinct values per tensor, so a tensor landing in the wrong place shows.
ir::Tensor filled(const ir::Shape& shape, float base) {
  ir::Tensor t(ir::TensorType{ir::ElementType::f32, shape});
  for (int64_t i = 0; i < t.numElements(); ++i) t.set<float>(i, base + 0.001f * float(i));
  return t;
}

ir::Tensor batches() {
  return ir::Tensor::fromVector<int64_t>({}, {100});
}

// A ConvNeXt stem, one block, a downsampling, the head: torchvision's names and order (the
// block's layer_scale first, nn.Linear weights [out, in]).
nn::NetSpec tinyConvNext() {
  return {"tiny-convnext",
          {nn::convNextStem(4), nn::convNextStage(4, 1, 0, 1), nn::convNextDownsample(8),
           nn::globalAvgPool(), nn::layerNorm(1e-6f), nn::dense(3)},
          {3, 16, 16},
          3,
          ""};
}

std::vector<std::pair<std::string, ir::Tensor>> convNextStateDict() {
  return {{"features.0.0.weight", filled({4, 3, 4, 4}, 1)},
          {"features.0.0.bias", filled({4}, 2)},
          {"features.0.1.weight", filled({4}, 3)},
          {"features.0.1.bias", filled({4}, 4)},
          {"features.1.0.layer_scale", filled({4, 1, 1}, 5)},
          {"features.1.0.block.0.weight", filled({4, 1, 7, 7}, 6)},
          {"features.1.0.block.0.bias", filled({4}, 7)},
          {"features.1.0.block.2.weight", filled({4}, 8)},
          {"features.1.0.block.2.bias", filled({4}, 9)},
          {"features.1.0.block.3.weight", filled({16, 4}, 10)},
          {"features.1.0.block.3.bias", filled({16}, 11)},
          {"features.1.0.block.5.weight", filled({4, 16}, 12)},
          {"features.1.0.block.5.bias", filled({4}, 13)},
          {"features.2.0.weight", filled({4}, 14)},
          {"features.2.0.bias", filled({4}, 15)},
          {"features.2.1.weight", filled({8, 4, 2, 2}, 16)},
          {"features.2.1.bias", filled({8}, 17)},
          {"classifier.0.weight", filled({8}, 18)},
          {"classifier.0.bias", filled({8}, 19)},
          {"classifier.2.weight", filled({3, 8}, 20)},
          {"classifier.2.bias", filled({3}, 21)}};
}

TEST_F(TorchImportTest, AConvNeXtStateDictLandsOnItsParameters) {
  const nn::NetSpec spec = tinyConvNext();
  const train::TrainState state = train::importStateDict(archive(convNextStateDict()), spec);
  const std::vector<nn::ParamInfo> params = nn::parameters(spec);
  ASSERT_EQ(state.params.size(), 21u);
  // Parameter i holds the entry of base b(i): the block's layer scale (entry base 5) is last.
  const float bases[] = {1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 5, 14, 15, 16, 17, 18, 19, 20, 21};
  for (size_t i = 0; i < params.size(); ++i) {
    EXPECT_EQ(state.params[i].shape(), params[i].shape) << params[i].name;
    if (params[i].name != "dense5.w") {
      EXPECT_EQ(state.params[i], filled(params[i].shape, bases[i])) << params[i].name;
    }
  }
  EXPECT_EQ(params[12].name, "cnx1.0.ls.gamma");
  // classifier.2.weight [3, 8] is nn.Linear's [out, in]: dense5.w [8, 3] is its transpose.
  const ir::Tensor& head = state.params[19];
  for (int64_t o = 0; o < 3; ++o)
    for (int64_t i = 0; i < 8; ++i)
      EXPECT_EQ(head.get<float>(i * 3 + o), 20 + 0.001f * float(o * 8 + i));
}

TEST_F(TorchImportTest, BatchNormStatisticsAndCountsMapInLayerOrder) {
  // A MobileNetV3 bottleneck with squeeze-excitation: three BatchNorm layers.
  nn::NetSpec spec{"tiny-v3",
                   {nn::mobileNetV3Block(4, {3, 8, 4, true, nn::Activation::hardSwish, 1})},
                   {4, 8, 8},
                   10,
                   ""};
  std::vector<std::pair<std::string, ir::Tensor>> sd;
  std::vector<ir::Tensor> params, means, vars;
  float base = 1;
  for (const nn::ParamInfo& p : nn::parameters(spec)) {
    params.push_back(filled(p.shape, base++));
    sd.push_back({p.name, params.back()});
    if (p.role == nn::ParamRole::bnShift) {
      const int64_t c = p.shape[0];
      means.push_back(filled({c}, 50 + base));
      vars.push_back(filled({c}, 60 + base));
      sd.push_back({p.name + ".running_mean", means.back()});
      sd.push_back({p.name + ".running_var", vars.back()});
      sd.push_back({p.name + ".num_batches_tracked", batches()});
    }
  }
  const train::TrainState state = train::importStateDict(archive(sd), spec);
  EXPECT_EQ(state.params, params);
  EXPECT_EQ(state.bnMean, means);
  EXPECT_EQ(state.bnVar, vars);
  EXPECT_EQ(means.size(), 3u);
}

TEST_F(TorchImportTest, WhatDoesNotFitIsRefusedNamingTheEntry) {
  const nn::NetSpec spec = tinyConvNext();
  auto expectRefused = [&](std::vector<std::pair<std::string, ir::Tensor>> sd,
                           std::initializer_list<const char*> parts) {
    try {
      train::importStateDict(archive(sd), spec);
      ADD_FAILURE() << "expected a ConfigError";
    } catch (const ConfigError& e) {
      for (const char* part : parts)
        EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
  };
  auto sd = convNextStateDict();
  sd.pop_back();
  expectRefused(sd, {"20 trainable entries for the 21 parameters of tiny-convnext", "dense5.b",
                     "hlotrain list --params"});
  sd = convNextStateDict();
  sd.push_back({"extra.weight", filled({2}, 0)});
  expectRefused(sd, {"the first left over: extra.weight"});
  sd = convNextStateDict();
  sd[5].second = filled({4, 1, 5, 5}, 6);
  expectRefused(sd, {"entry features.1.0.block.0.weight [4, 1, 5, 5]", "cnx1.0.dw.w [4, 1, 7, 7]",
                     "parameter 4"});
  sd = convNextStateDict();
  sd[19].second = filled({8, 3}, 20); // already [in, out]
  expectRefused(sd, {"classifier.2.weight", "nn.Linear weight [out, in] is transposed"});
  sd = convNextStateDict();
  sd[1].second = batches();
  expectRefused(sd, {"features.0.0.bias", "expected float32"});
}

} // namespace

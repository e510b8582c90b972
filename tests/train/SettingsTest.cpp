// Each setting's GraphsChanged column is what `hlotrain emit` and `hlotrain eval` take their flags
// from, so it must be true: a changed value changes exactly the graphs its row names, byte for
// byte, and every other graph stays as it was.

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <map>

#include "nn/NetSpec.h"
#include "nn/SmallNets.h"
#include "nn/Transformer.h"
#include "tests/train/TrainFixtures.h"
#include "train/RunPlan.h"
#include "train/Settings.h"

using namespace hlotrain;

namespace {

namespace fs = std::filesystem;

// A head of each kind a loss reads: class scores, per-pixel scores, a YOLOv1 grid.
nn::NetSpec classifier() {
  return nn::mnistLinear();
}
nn::NetSpec segmenter() {
  return {"tiny-seg", {nn::conv2d(3, 3)}, {1, 8, 8}, 3, ""};
}
nn::NetSpec detector() {
  return {"tiny-yolo", {nn::conv2d(30, 3, 2, nn::Activation::identity)}, {3, 14, 14}, 10, ""};
}
// A net with a BatchNorm layer, whose statistics --sync-bn syncs.
nn::NetSpec batchNormNet() {
  return {"tiny-bn", {nn::convBn(2, 3), nn::flatten(), nn::dense(3)}, {1, 4, 4}, 3, ""};
}
// A net with residual branches that stochastic depth drops.
nn::NetSpec transformer() {
  return nn::vit("tiny-vit", {.side = 4,
                              .channels = 1,
                              .patch = 2,
                              .width = 4,
                              .blocks = 2,
                              .encoder = {2, 8, nn::Activation::gelu, 1e-6f, false}});
}

// A value of a setting other than its default, and the run it is tried in: where the setting
// has an effect at all (momentum under SGD, class weights under weighted-ce, ...).
struct Sample {
  std::string value;
  nn::NetSpec (*net)() = classifier;
  std::vector<std::pair<std::string_view, std::string>> context = {};
};

const std::map<std::string_view, Sample>& samples() {
  static const std::map<std::string_view, Sample> table = {
      {"--epochs", {"3"}},
      {"--batch", {"5"}},
      {"--lr", {"0.5"}},
      {"--optimizer", {"sgd"}},
      {"--momentum", {"0.5", classifier, {{"--optimizer", "sgd"}}}},
      {"--weight-decay", {"0.01"}},
      {"--cosine", {"false"}},
      {"--warmup-epochs", {"0"}},
      {"--warmup-steps", {"100"}},
      {"--lr-floor", {"0.1"}},
      {"--label-smoothing", {"0.1"}},
      {"--drop-path", {"0.1", transformer}},
      {"--cutmix", {"1"}},
      {"--mixup", {"0.8"}},
      {"--mix-prob", {"0.5", classifier, {{"--cutmix", "1"}}}},
      {"--loss", {"focal"}},
      {"--class-weights",
       {"1,2,3", segmenter, {{"--loss", "weighted-ce"}, {"--class-weights", "1,1,1"}}}},
      {"--focal-gamma", {"1", classifier, {{"--loss", "focal"}}}},
      {"--box-loss", {"diou", detector, {{"--loss", "yolov1"}}}},
      {"--box-param", {"sqrt-of-prediction", detector, {{"--loss", "yolov1"}}}},
      {"--precision", {"bf16"}},
      {"--clip-grad-norm", {"1"}},
      {"--devices", {"2"}},
      {"--sync-bn", {"true", batchNormNet, {{"--devices", "2"}}}},
      {"--augment", {"false"}},
      {"--eval-every", {"2"}},
      {"--checkpoint-every", {"2"}},
      {"--checkpoint-every-steps", {"7"}},
      {"--log-every", {"3"}},
      {"--seed", {"9"}},
      {"--init", {"trunc-normal"}},
      {"--max-steps", {"4"}},
      {"--shuffle", {"false"}},
      {"--skip-nonfinite", {"true"}},
  };
  return table;
}

class SettingsTest : public train::fixtures::TrainScratch {
protected:
  // The bytes of the three graphs of `net` under `config`, written as `hlotrain emit` does.
  std::array<std::string, 3> graphs(const nn::NetSpec& net, train::TrainConfig config,
                                    const std::string& name) {
    config.artifactsDir = (dir / name).string();
    const train::RunPlan plan = train::planGraphs(net, config);
    train::writeGraphs(plan);
    std::array<std::string, 3> bytes;
    for (Graph g : {Graph::fwd, Graph::fwdEval, Graph::trainStep}) {
      std::ifstream in(plan.files.graph(g), std::ios::binary);
      bytes[static_cast<size_t>(g)] = {std::istreambuf_iterator<char>(in), {}};
    }
    return bytes;
  }
};

TEST_F(SettingsTest, EverySettingChangesExactlyTheGraphsItsRowNames) {
  for (const train::SettingRow& row : train::settingRows()) {
    if (row.onResume == train::OnResume::locates)
      continue; // where the files go, not what they hold
    SCOPED_TRACE(std::string(row.name));
    const auto sample = samples().find(row.name);
    ASSERT_NE(sample, samples().end()) << "add a sample value for " << row.name << " here";
    const Sample& s = sample->second;
    train::TrainConfig base;
    base.batch = 2;
    for (const auto& [flag, value] : s.context) train::settingRow(flag)->apply(base, flag, value);
    train::TrainConfig changed = base;
    row.apply(changed, row.name, s.value);
    ASSERT_NE(row.show(changed), row.show(base)) << "the sample is the default";

    const nn::NetSpec net = s.net();
    const std::array<std::string, 3> before = graphs(net, base, "base");
    const std::array<std::string, 3> after = graphs(net, changed, "changed");
    const bool all = row.graphs == train::GraphsChanged::allGraphs;
    const bool step = row.graphs != train::GraphsChanged::noGraph;
    EXPECT_EQ(before[static_cast<size_t>(Graph::fwd)] != after[static_cast<size_t>(Graph::fwd)],
              all);
    EXPECT_EQ(before[static_cast<size_t>(Graph::fwdEval)] !=
                  after[static_cast<size_t>(Graph::fwdEval)],
              all);
    EXPECT_EQ(before[static_cast<size_t>(Graph::trainStep)] !=
                  after[static_cast<size_t>(Graph::trainStep)],
              step);
  }
}

} // namespace

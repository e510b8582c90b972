// Backbone bootstrap (train::initFromCheckpoint): a ResNet-34 checkpoint written by the real save
// path gives r34-yolov1 its whole trunk (every parameter and the running statistics of every
// BatchNorm layer, bit for bit) while the YOLOv1 head keeps its He init; the report names the
// first tensor that does not match and counts what was copied. Checkpoints of other nets stop at
// their first mismatch; corrupt or truncated files are refused with one line naming the file.

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "TrainFixtures.h"
#include "nn/Init.h"
#include "nn/Zoo.h"
#include "support/Error.h"
#include "support/Xorshift.h"
#include "train/Checkpoint.h"

using namespace hlotrain;
using namespace hlotrain::train;

namespace {

// r34-yolov1 = the ResNet-34 trunk (stem and four stages, 36 BatchNorm layers), then conv3x3
// 512->256 (w, b) and conv1x1 256->30 (w, b); ResNet-34 ends its trunk with dense 512->10 instead.
constexpr size_t kHeadTensors = 4;
constexpr size_t kTrunkBnLayers = 36;

// Uniform in [-2, 2) with no He-init structure (and nothing at 0 or 1, the BN defaults), from a
// per-tensor seed: every tensor of the state differs from every other and from its fresh value.
void fillDistinct(std::vector<ir::Tensor>& tensors, uint64_t seed, float offset = 0.0f) {
  for (ir::Tensor& t : tensors) {
    uint64_t s = ++seed * 0x9e3779b97f4a7c15ull;
    float* p = t.data<float>();
    for (int64_t i = 0; i < t.numElements(); ++i) {
      s = xorshift64(s);
      p[i] = offset + static_cast<float>(s >> 40) / static_cast<float>(1 << 24) * 4.0f - 2.0f;
    }
  }
}

// A state of `spec` with distinct values everywhere (SGD: the smallest checkpoint), for the real
// save path to write.
TrainState distinctState(const nn::NetSpec& spec) {
  TrainState s = initialState(spec, program::Optimizer::sgd);
  fillDistinct(s.params, 1);
  fillDistinct(s.bnMean, 1000);
  fillDistinct(s.bnVar, 2000, 3.0f); // positive, as a variance is
  fillDistinct(s.optState, 3000);
  s.position = {5, 1, 2, 0, true, 2};
  return s;
}

class InitFromTest : public data::testing::ScratchDir {
protected:
  std::string save(const TrainState& s, const std::string& name = "source.bin") {
    std::string path = (dir / name).string();
    saveCheckpoint(path, s);
    return path;
  }
  std::string writeBytes(const std::vector<char>& bytes, const std::string& name) {
    std::string path = (dir / name).string();
    std::ofstream(path, std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return path;
  }
  // initFromCheckpoint's ParseError for `path` (the file is refused before any of `spec`'s
  // tensors is looked at): one line starting with the path. The state must not have changed.
  std::string refusal(const std::string& path, const nn::NetSpec& spec = fixtures::tinyBnNet()) {
    TrainState state = initialState(spec, program::Optimizer::adam);
    const TrainState before = state;
    try {
      initFromCheckpoint(path, spec, state);
      ADD_FAILURE() << path << " was accepted";
    } catch (const ParseError& e) {
      std::string m = e.what();
      EXPECT_EQ(m.rfind(path + ": ", 0), 0u) << m;
      EXPECT_EQ(m.find('\n'), std::string::npos) << m;
      EXPECT_EQ(state.params, before.params);
      EXPECT_EQ(state.bnMean, before.bnMean);
      EXPECT_EQ(state.bnVar, before.bnVar);
      return m;
    }
    return "";
  }
};

TEST_F(InitFromTest, AResNet34CheckpointGivesR34Yolov1ItsWholeTrunk) {
  const nn::NetSpec resnet = nn::resNet34(), yolo = nn::r34Yolov1();
  const std::vector<nn::ParamInfo> yoloParams = nn::parameters(yolo);
  const size_t trunk = yoloParams.size() - kHeadTensors;
  ASSERT_EQ(nn::parameters(resnet).size(), trunk + 2); // + dense w, b
  ASSERT_EQ(nn::bnChannels(yolo).size(), kTrunkBnLayers);
  ASSERT_EQ(nn::bnChannels(resnet).size(), kTrunkBnLayers);

  TrainState source = distinctState(resnet);
  const std::string path = save(source);
  source.optState.clear(); // not needed below: keep the peak memory down
  TrainState state = initialState(yolo, program::Optimizer::sgd);
  const std::vector<ir::Tensor> he = nn::initialParameters(yolo);
  ASSERT_EQ(state.params, he);
  for (size_t i = 0; i < trunk; ++i) ASSERT_NE(source.params[i], he[i]) << yoloParams[i].name;
  fillDistinct(state.optState, 4000); // an optimizer state the bootstrap must leave alone
  const std::vector<ir::Tensor> optBefore = state.optState;

  const InitReport report = initFromCheckpoint(path, yolo, state);
  EXPECT_EQ(report.parameters, trunk);
  EXPECT_EQ(report.bnLayers, kTrunkBnLayers);
  const nn::ParamInfo& head = yoloParams[trunk];
  EXPECT_EQ(report.firstMismatch, head.name + " [256, 512, 3, 3] of R34-YOLOv1 against [512, 10]");
  EXPECT_EQ(head.shape, (ir::Shape{256, 512, 3, 3}));

  for (size_t i = 0; i < trunk; ++i) {
    ASSERT_EQ(state.params[i].type(), source.params[i].type()) << yoloParams[i].name;
    EXPECT_EQ(
        std::memcmp(state.params[i].bytes(), source.params[i].bytes(), source.params[i].byteSize()),
        0)
        << yoloParams[i].name;
  }
  for (size_t i = trunk; i < yoloParams.size(); ++i)
    EXPECT_EQ(state.params[i], he[i]) << yoloParams[i].name << " lost its He init";
  ASSERT_EQ(state.bnMean.size(), kTrunkBnLayers);
  for (size_t l = 0; l < kTrunkBnLayers; ++l) {
    EXPECT_EQ(state.bnMean[l], source.bnMean[l]) << "BN layer " << l;
    EXPECT_EQ(state.bnVar[l], source.bnVar[l]) << "BN layer " << l;
  }
  EXPECT_EQ(state.optState, optBefore);
  EXPECT_EQ(state.position.step, 0); // a fresh run's position
}

// ResNet-18's stage 1 has two blocks where ResNet-34's has three: the copy stops at the third
// block's first conv, which meets ResNet-18's stage-2 conv, and only the BN layers before it come.
TEST_F(InitFromTest, AShallowerTrunkStopsAtItsFirstMismatchingTensor) {
  const nn::NetSpec yolo = nn::r34Yolov1();
  const std::vector<nn::ParamInfo> yoloParams = nn::parameters(yolo);
  const TrainState source = distinctState(nn::resNet18());
  const std::string path = save(source);
  TrainState state = initialState(yolo, program::Optimizer::sgd);
  const TrainState fresh = state;

  const InitReport report = initFromCheckpoint(path, yolo, state);
  // Stem conv + BN (3 tensors), two blocks of two conv + BN (12): 15 tensors, 5 BN layers.
  ASSERT_EQ(report.parameters, 15u);
  EXPECT_EQ(report.bnLayers, 5u);
  EXPECT_EQ(yoloParams[15].shape, (ir::Shape{64, 64, 3, 3}));
  EXPECT_EQ(report.firstMismatch,
            yoloParams[15].name + " [64, 64, 3, 3] of R34-YOLOv1 against [128, 64, 3, 3]");
  for (size_t i = 0; i < yoloParams.size(); ++i)
    EXPECT_EQ(state.params[i], i < 15 ? source.params[i] : fresh.params[i]) << yoloParams[i].name;
  for (size_t l = 0; l < kTrunkBnLayers; ++l) {
    EXPECT_EQ(state.bnMean[l], l < 5 ? source.bnMean[l] : fresh.bnMean[l]) << "BN layer " << l;
    EXPECT_EQ(state.bnVar[l], l < 5 ? source.bnVar[l] : fresh.bnVar[l]) << "BN layer " << l;
  }
}

// An unrelated net's checkpoint matches nothing: nothing is copied and its first tensor is named.
TEST_F(InitFromTest, AnUnrelatedNetsCheckpointCopiesNothing) {
  const nn::NetSpec yolo = nn::r34Yolov1();
  const std::string path = save(distinctState(nn::mnistCnn()));
  TrainState state = initialState(yolo, program::Optimizer::sgd);
  const TrainState fresh = state;
  const InitReport report = initFromCheckpoint(path, yolo, state);
  EXPECT_EQ(report.parameters, 0u);
  EXPECT_EQ(report.bnLayers, 0u);
  EXPECT_EQ(report.firstMismatch,
            nn::parameters(yolo)[0].name + " [64, 3, 7, 7] of R34-YOLOv1 against [32, 1, 3, 3]");
  EXPECT_EQ(state.params, fresh.params);
  EXPECT_EQ(state.bnMean, fresh.bnMean);
  EXPECT_EQ(state.bnVar, fresh.bnVar);
}

// A checkpoint with fewer parameters than the net, every one of them matching: all are copied and
// the report names the first the checkpoint lacks.
TEST_F(InitFromTest, ACheckpointThatEndsEarlyNamesTheFirstTensorItLacks) {
  const nn::NetSpec small = fixtures::tinyBnNet(); // convBn, maxPool, convBn, flatten, dense
  nn::NetSpec trunkOnly = small;
  trunkOnly.layers.resize(3); // the two convBn layers: 6 tensors, 2 BN layers
  const TrainState source = distinctState(trunkOnly);
  const std::string path = save(source);
  TrainState state = initialState(small, program::Optimizer::adam);
  const std::vector<nn::ParamInfo> params = nn::parameters(small);
  const InitReport report = initFromCheckpoint(path, small, state);
  EXPECT_EQ(report.parameters, 6u);
  EXPECT_EQ(report.bnLayers, 2u);
  EXPECT_EQ(report.firstMismatch, params[6].name + " " + ir::toString(params[6].shape) +
                                      " of Tiny-BN (the checkpoint has 6 parameters)");
  for (size_t i = 0; i < 6; ++i) EXPECT_EQ(state.params[i], source.params[i]) << params[i].name;
  EXPECT_EQ(state.bnMean, source.bnMean);
  EXPECT_EQ(state.bnVar, source.bnVar);

  // The same net's own checkpoint: everything, and no mismatch to name.
  const TrainState whole = distinctState(small);
  TrainState again = initialState(small, program::Optimizer::adam);
  const InitReport all = initFromCheckpoint(save(whole, "whole.bin"), small, again);
  EXPECT_EQ(all.parameters, params.size());
  EXPECT_EQ(all.bnLayers, 2u);
  EXPECT_EQ(all.firstMismatch, "");
  EXPECT_EQ(again.params, whole.params);
  EXPECT_EQ(again.bnMean, whole.bnMean);
  EXPECT_EQ(again.bnVar, whole.bnVar);
}

// Running statistics whose shape is not their layer's (a corrupt file) never reach the state.
TEST_F(InitFromTest, RunningStatisticsOfTheWrongShapeAreNotCopied) {
  const nn::NetSpec spec = fixtures::tinyBnNet();
  TrainState source = distinctState(spec);
  source.bnMean[1] = ir::Tensor::fromVector<float>({5}, std::vector<float>(5, 0.25f));
  const std::string path = save(source);
  TrainState state = initialState(spec, program::Optimizer::adam);
  const TrainState fresh = state;
  const InitReport report = initFromCheckpoint(path, spec, state);
  EXPECT_EQ(report.parameters, nn::parameters(spec).size());
  EXPECT_EQ(report.bnLayers, 1u);
  EXPECT_EQ(state.bnMean[0], source.bnMean[0]);
  EXPECT_EQ(state.bnVar[0], source.bnVar[0]);
  EXPECT_EQ(state.bnMean[1], fresh.bnMean[1]);
  EXPECT_EQ(state.bnVar[1], fresh.bnVar[1]);
}

TEST_F(InitFromTest, CorruptAndTruncatedCheckpointsAreRefusedNamingTheFile) {
  const std::vector<char> bytes = encodeCheckpoint(distinctState(nn::mnistCnn()));
  for (size_t keep :
       {size_t{0}, size_t{7}, size_t{30}, size_t{80}, bytes.size() / 2, bytes.size() - 1}) {
    const std::vector<char> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(keep));
    const std::string m = refusal(writeBytes(cut, "cut" + std::to_string(keep) + ".bin"));
    EXPECT_NE(m.find("truncated at byte"), std::string::npos) << keep << ": " << m;
  }
  std::vector<char> longer = bytes;
  longer.push_back(0);
  EXPECT_NE(refusal(writeBytes(longer, "longer.bin")).find("trailing data"), std::string::npos);
  std::vector<char> bad = bytes;
  bad[0] = 'X';
  EXPECT_NE(refusal(writeBytes(bad, "magic.bin")).find("not an hlotrain checkpoint"),
            std::string::npos);
  bad = bytes;
  const uint32_t tensors = 999;
  std::memcpy(bad.data() + 24, &tensors, 4);
  EXPECT_NE(refusal(writeBytes(bad, "count.bin")).find("tensor count 999 does not match"),
            std::string::npos);
  bad = bytes;
  const int64_t huge = int64_t{1} << 62;
  std::memcpy(bad.data() + 76 + 4, &huge, 8); // the first dimension of tensor 0
  EXPECT_NE(refusal(writeBytes(bad, "huge.bin")).find("does not fit the file"), std::string::npos);

  const nn::NetSpec spec = fixtures::tinyBnNet();
  TrainState state = initialState(spec, program::Optimizer::sgd);
  const std::string missing = (dir / "absent.bin").string();
  try {
    initFromCheckpoint(missing, spec, state);
    ADD_FAILURE() << "a missing file was accepted";
  } catch (const RuntimeError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(missing + ": no checkpoint there", 0), 0u) << e.what();
  }
}

} // namespace

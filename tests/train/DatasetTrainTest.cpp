// CIFAR-10 and Imagenette through the real training path: files written byte for byte in the
// FORMATS.md layout, loaded, augmented and batched by data/, trained and evaluated by
// train::train on the cpu lowerer. A lowerer that watches every graph's input checks what the
// trainer really feeds: the stored pixels say where each input pixel was cut from.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "HookedLowerer.h"
#include "data/Imagenette.h"
#include "lower/Lowerer.h"
#include "support/Error.h"
#include "support/RunFiles.h"
#include "tests/data/IdxFiles.h"
#include "train/Trainer.h"

using namespace hlotrain;

namespace {

// Records of a side x side set whose channel 0 holds each pixel's row and channel 1 its column
// (times `scale`, so a 32 side spans the bytes too), and whose channel 2 lights the tenth of the
// rows that the label names, over noise: a signal that flips keep. Label of record g: g % 10.
std::vector<uint8_t> records(int64_t first, int64_t count, int64_t side, int64_t scale) {
  std::vector<uint8_t> bytes;
  for (int64_t g = first; g < first + count; ++g) {
    const int64_t label = g % 10;
    bytes.push_back(static_cast<uint8_t>(label));
    for (int64_t c = 0; c < 3; ++c)
      for (int64_t y = 0; y < side; ++y)
        for (int64_t x = 0; x < side; ++x) {
          const int64_t noise = (g * 131 + y * 31 + x * 17) % 64;
          const int64_t value = c == 0   ? y * scale
                                : c == 1 ? x * scale
                                         : noise + (y * 10 / side == label ? 160 : 0);
          bytes.push_back(static_cast<uint8_t>(value));
        }
  }
  return bytes;
}

std::vector<uint8_t> imagenetteBin(uint32_t n, int64_t side) {
  std::vector<uint8_t> bytes = {static_cast<uint8_t>(n), static_cast<uint8_t>(n >> 8),
                                static_cast<uint8_t>(n >> 16), static_cast<uint8_t>(n >> 24)};
  std::vector<uint8_t> body = records(0, n, side, 1);
  bytes.insert(bytes.end(), body.begin(), body.end());
  return bytes;
}

// Where one input row was cut from its stored record: crop offset and mirroring.
struct Cut {
  int64_t y0 = 0, x0 = 0;
  bool flipped = false;
  auto operator<=>(const Cut&) const = default;
};

// Reads the cut of row `n` of an NCHW batch of records(). `stored` inverts the dataset's pixel
// decoding channel by channel. Fails the test when the row is not one clean window of a record.
template <typename Stored> Cut cutOf(const ir::Tensor& x, int64_t n, int64_t scale, Stored stored) {
  const ir::Shape& s = x.type().shape;
  const int64_t h = s[2], w = s[3];
  auto at = [&](int64_t c, int64_t y, int64_t xx) {
    return stored(c, x.get<float>(((n * 3 + c) * h + y) * w + xx)) / scale;
  };
  Cut cut{at(0, 0, 0), at(1, 0, 0), at(1, 0, 1) < at(1, 0, 0)};
  for (int64_t y = 0; y < h; ++y)
    for (int64_t xx = 0; xx < w; ++xx) {
      const int64_t col = cut.flipped ? cut.x0 - xx : cut.x0 + xx;
      if (at(0, y, xx) != cut.y0 + y || at(1, y, xx) != col) {
        ADD_FAILURE() << "row " << n << " pixel (" << y << ", " << xx << ") is not from one cut";
        return cut;
      }
    }
  if (cut.flipped) cut.x0 -= w - 1;
  return cut;
}

int64_t imagenetteByte(int64_t c, float v) {
  const float mean[] = {0.485f, 0.456f, 0.406f}, std[] = {0.229f, 0.224f, 0.225f};
  return std::lround((v * std[c] + mean[c]) * 255.0f);
}

int64_t cifarByte(int64_t, float v) {
  return std::lround(v * 255.0f);
}

class DatasetTrainTest : public data::testing::ScratchDir {
protected:
  train::TrainConfig config(int64_t batch) const {
    train::TrainConfig c;
    c.batch = batch;
    c.epochs = 2;
    c.learningRate = 0.01;
    c.cosine = false;
    c.logEvery = 0;
    c.artifactsDir = (dir / "artifacts").string();
    return c;
  }
  train::TrainResult run(const nn::NetSpec& spec, const train::TrainConfig& c,
                         data::DatasetKind kind) {
    train::RunMode mode;
    mode.lowerer = &lowerer;
    return train::train(spec, c, kind, dir.string(), log, mode);
  }
  // The image batch of every call, by graph suffix. The train step takes (..., x, y, lr, step);
  // the eval forward (..., x).
  std::map<std::string, std::vector<ir::Tensor>, std::less<>> inputs;
  train::fixtures::HookedLowerer lowerer{
      [this](std::string_view graph, int64_t, std::span<const ir::Tensor> in, auto&) {
        inputs[std::string(graph)].push_back(
            in[in.size() - (graph == graphName(Graph::trainStep) ? 4 : 1)]);
      }};
  std::ostringstream log;
};

// A small net: one strided convolution with BN, and a dense head.
nn::NetSpec smallNet(int64_t side, int64_t kernel) {
  return {"Small-" + std::to_string(side),
          {nn::convBn(8, kernel, kernel), nn::flatten(), nn::dense(10)},
          {3, side, side},
          10,
          ""};
}

TEST_F(DatasetTrainTest, ImagenetteTrainsOnRandomCropsAndEvaluatesEveryValRecord) {
  data::testing::writeBytes(dir / "train.bin", imagenetteBin(12, 256), false);
  data::testing::writeBytes(dir / "val.bin", imagenetteBin(5, 224), false);
  train::TrainResult r = run(smallNet(224, 8), config(4), data::DatasetKind::imagenette);

  ASSERT_EQ(r.stepLosses.size(), 6u); // 12 records / batch 4, two epochs
  for (float loss : r.stepLosses) EXPECT_TRUE(std::isfinite(loss));
  const std::vector<ir::Tensor>& steps = inputs[std::string(graphName(Graph::trainStep))];
  ASSERT_EQ(steps.size(), 6u);
  std::set<Cut> cuts;
  for (const ir::Tensor& x : steps) {
    ASSERT_EQ(x.type().shape, (ir::Shape{4, 3, 224, 224}));
    for (int64_t n = 0; n < 4; ++n) {
      Cut cut = cutOf(x, n, 1, imagenetteByte);
      EXPECT_TRUE(cut.y0 >= 0 && cut.y0 <= 32 && cut.x0 >= 0 && cut.x0 <= 32)
          << cut.y0 << ", " << cut.x0;
      cuts.insert(cut);
    }
  }
  // Random 224 crops of the 256 records, some mirrored: not the center crop every time.
  EXPECT_GT(cuts.size(), 12u);
  EXPECT_TRUE(std::any_of(cuts.begin(), cuts.end(), [](const Cut& c) { return c.flipped; }));
  EXPECT_TRUE(std::any_of(cuts.begin(), cuts.end(), [](const Cut& c) { return !c.flipped; }));

  // Each evaluation (one per epoch) runs two batches: the 5 val records, the tail padded.
  ASSERT_EQ(r.evals.size(), 2u);
  EXPECT_EQ(classificationScores(r.evals.back()).total, 5);
  const std::vector<ir::Tensor>& evals = inputs[std::string(graphName(Graph::fwdEval))];
  ASSERT_EQ(evals.size(), 4u);
  for (const ir::Tensor& x : evals) {
    ASSERT_EQ(x.type().shape, (ir::Shape{4, 3, 224, 224}));
    for (int64_t n = 0; n < 4; ++n) EXPECT_EQ(cutOf(x, n, 1, imagenetteByte), Cut{});
  }
}

// Without augmentation the trainer sees the 224 center crops (offset 16), never mirrored.
TEST_F(DatasetTrainTest, ImagenetteWithoutAugmentationTrainsOnCenterCrops) {
  data::testing::writeBytes(dir / "train.bin", imagenetteBin(4, 256), false);
  data::testing::writeBytes(dir / "val.bin", imagenetteBin(2, 224), false);
  train::TrainConfig c = config(4);
  c.augment = false;
  c.epochs = 1;
  run(smallNet(224, 8), c, data::DatasetKind::imagenette);
  ASSERT_EQ(inputs[std::string(graphName(Graph::trainStep))].size(), 1u);
  for (int64_t n = 0; n < 4; ++n)
    EXPECT_EQ(cutOf(inputs[std::string(graphName(Graph::trainStep))][0], n, 1, imagenetteByte),
              (Cut{16, 16, false}));
}

TEST_F(DatasetTrainTest, CifarTrainsOnFlippedImagesAndLearns) {
  std::filesystem::create_directories(dir / "cifar-10");
  for (int64_t i = 0; i < 5; ++i)
    data::testing::writeBytes(dir / "cifar-10" / ("data_batch_" + std::to_string(i + 1) + ".bin"),
                              records(8 * i, 8, 32, 8), false);
  data::testing::writeBytes(dir / "cifar-10" / "test_batch.bin", records(100, 10, 32, 8), false);
  train::TrainConfig c = config(8);
  c.epochs = 3;
  train::TrainResult r = run(smallNet(32, 4), c, data::DatasetKind::cifar10);

  ASSERT_EQ(r.stepLosses.size(), 15u); // 40 records / batch 8, three epochs
  ASSERT_EQ(r.epochLosses.size(), 3u);
  EXPECT_LT(r.epochLosses.back(), 0.5 * r.epochLosses.front()) << log.str();
  ASSERT_TRUE(r.finalScore);
  EXPECT_GE(*r.finalScore, 0.5) << log.str(); // held-out records; chance is 0.1
  std::set<bool> flips;
  for (const ir::Tensor& x : inputs[std::string(graphName(Graph::trainStep))]) {
    ASSERT_EQ(x.type().shape, (ir::Shape{8, 3, 32, 32}));
    for (int64_t n = 0; n < 8; ++n) {
      Cut cut = cutOf(x, n, 8, cifarByte);
      EXPECT_EQ(cut.y0, 0); // CIFAR-10 never crops
      EXPECT_EQ(cut.x0, 0);
      flips.insert(cut.flipped);
    }
  }
  EXPECT_EQ(flips.size(), 2u); // mirrored and plain rows
  EXPECT_EQ(classificationScores(r.evals.back()).total, 10);
  for (const ir::Tensor& x : inputs[std::string(graphName(Graph::fwdEval))])
    for (int64_t n = 0; n < 8; ++n) EXPECT_EQ(cutOf(x, n, 8, cifarByte), Cut{});
}

// A damaged file stops train::train with the path and the length the format needs.
TEST_F(DatasetTrainTest, TruncatedFilesStopTrainingWithPathAndExpectedLength) {
  std::vector<uint8_t> val = imagenetteBin(2, 224);
  val.pop_back();
  data::testing::writeBytes(dir / "train.bin", imagenetteBin(4, 256), false);
  data::testing::writeBytes(dir / "val.bin", val, false);
  try {
    run(smallNet(224, 8), config(4), data::DatasetKind::imagenette);
    FAIL() << "expected ParseError";
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()), (dir / "val.bin").string() +
                                         ": expected 301062 bytes (4-byte header + 2 records of "
                                         "1 label + 3x224x224 pixel bytes), found 301061");
  }

  std::filesystem::create_directories(dir / "cifar-10");
  for (int64_t i = 0; i < 5; ++i)
    data::testing::writeBytes(dir / "cifar-10" / ("data_batch_" + std::to_string(i + 1) + ".bin"),
                              records(0, 2, 32, 8), false);
  std::filesystem::resize_file(dir / "cifar-10" / "data_batch_4.bin", 3073 + 100);
  try {
    run(smallNet(32, 4), config(4), data::DatasetKind::cifar10);
    FAIL() << "expected ParseError";
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()), (dir / "cifar-10" / "data_batch_4.bin").string() +
                                         ": expected a whole number of 3073-byte records (1 "
                                         "label + 3072 pixel bytes), 3073 or 6146 bytes, found "
                                         "3173");
  }
}

} // namespace

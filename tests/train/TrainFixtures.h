#pragma once
// Synthetic MNIST-format data that a small net learns in a few steps, written in the exact IDX
// layout the loader reads, and a tiny BatchNorm net that exercises every kind of state a
// checkpoint holds.

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <vector>

#include "nn/NetSpec.h"
#include "nn/Transformer.h"
#include "support/Xorshift.h"
#include "tests/data/IdxFiles.h"
#include "train/TrainConfig.h"

namespace hlotrain::train::fixtures {

// Class c lights rows 2c..2c+5 of the image over uniform noise, so a linear model separates the
// classes easily and chance (10%) is far below what training reaches.
inline void writeLearnableSplit(const std::filesystem::path& dir, const std::string& prefix,
                                uint32_t n, uint64_t seed) {
  std::vector<uint8_t> pixels(static_cast<size_t>(n) * 784), labels(n);
  uint64_t s = seed * 2654435761u + 1;
  auto next = [&] { return s = xorshift64(s); };
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t c = static_cast<uint32_t>(next() % 10);
    labels[i] = static_cast<uint8_t>(c);
    for (uint32_t p = 0; p < 784; ++p) {
      uint32_t row = p / 28;
      bool lit = row >= 2 * c && row < 2 * c + 6;
      pixels[static_cast<size_t>(i) * 784 + p] =
          static_cast<uint8_t>(next() % 100 + (lit ? 150 : 0));
    }
  }
  data::testing::writeBytes(dir / (prefix + "-images-idx3-ubyte"),
                            data::testing::idxFile(2051, {n, 28, 28}, pixels), false);
  data::testing::writeBytes(dir / (prefix + "-labels-idx1-ubyte.gz"),
                            data::testing::idxFile(2049, {n}, labels), true);
}

inline nn::NetSpec tinyBnNet() {
  return {"Tiny-BN",
          {nn::convBn(4, 3, 2), nn::maxPool(2, 2), nn::convBn(4, 3), nn::flatten(), nn::dense(10)},
          {1, 28, 28},
          10,
          ""};
}

// A vision transformer on MNIST's geometry: patch 7 (16 patches and the class token), width 16,
// 2 heads, 2 blocks.
inline nn::NetSpec tinyVit() {
  return nn::vit("tiny-vit", {.side = 28,
                              .channels = 1,
                              .patch = 7,
                              .width = 16,
                              .blocks = 2,
                              .encoder = {2, 32, nn::Activation::gelu, 1e-6f, false}});
}

// A scratch directory with train (n = 160) and test (n = 50, not a multiple of the batch) splits,
// and a config whose artifacts live inside it.
class TrainScratch : public data::testing::ScratchDir {
protected:
  void SetUp() override {
    ScratchDir::SetUp();
    writeLearnableSplit(dir, "train", 160, 1);
    writeLearnableSplit(dir, "t10k", 50, 2);
  }
  TrainConfig smallConfig() const {
    TrainConfig c;
    c.batch = 16;
    c.epochs = 2;
    c.learningRate = 0.02;
    c.logEvery = 0;
    c.artifactsDir = (dir / "artifacts").string();
    return c;
  }
  std::ostringstream log;
};

} // namespace hlotrain::train::fixtures

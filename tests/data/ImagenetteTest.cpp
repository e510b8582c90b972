#include <gtest/gtest.h>

#include <cmath>

#include "RecordFiles.h"
#include "data/Batch.h"
#include "data/Imagenette.h"
#include "data/Random.h"
#include "support/Error.h"

using namespace hlotrain;
using namespace hlotrain::data;
using namespace hlotrain::data::testing;

namespace {

constexpr int64_t kInput = 224;
constexpr int64_t kRow = 3 * kInput * kInput;

class ImagenetteTest : public ScratchDir {
protected:
  Dataset load(Split split = Split::train) {
    return loadDataset(DatasetKind::imagenette, dir.string(), split);
  }
  std::string loadError(Split split = Split::train) {
    return parseErrorOf([&] { load(split); });
  }
};

float normalised(int64_t c, uint8_t b) {
  const float mean[] = {0.485f, 0.456f, 0.406f}, std[] = {0.229f, 0.224f, 0.225f};
  return (static_cast<float>(b) / 255.0f - mean[c]) / std[c];
}

// Assembles `records` and checks each row against the stored pixels under its crop and flip.
void expectRows(const Dataset& data, const std::vector<int64_t>& records,
                std::optional<BatchPosition> at, const std::vector<CropOffset>& crops,
                const std::vector<bool>& flips) {
  BatchAssembler batches(imagenetteIO(), data);
  const int64_t n = static_cast<int64_t>(records.size());
  std::vector<float> x(static_cast<size_t>(n * kRow));
  std::vector<int32_t> y(static_cast<size_t>(n));
  batches.assemble(records, x, y, at);
  for (int64_t r = 0; r < n; ++r) {
    const int64_t g = records[r];
    EXPECT_EQ(y[r], recordLabel(g));
    for (int64_t c = 0; c < 3; ++c)
      for (int64_t i = 0; i < kInput; ++i)
        for (int64_t j = 0; j < kInput; ++j) {
          const int64_t sy = crops[r].y0 + i;
          const int64_t sx = crops[r].x0 + (flips[r] ? kInput - 1 - j : j);
          ASSERT_EQ(x[r * kRow + (c * kInput + i) * kInput + j],
                    normalised(c, recordPixel(g, c, sy, sx)))
              << "record " << g << " c " << c << " y " << i << " x " << j;
        }
  }
}

TEST_F(ImagenetteTest, LoadsBothSplitsWithTheirSides) {
  writeBytes(dir / "train.bin", imagenetteBin(3, 256), false);
  writeBytes(dir / "val.bin", imagenetteBin(2, 224), false);
  Dataset train = load();
  Dataset val = load(Split::test);
  ASSERT_EQ(train.size(), 3);
  ASSERT_EQ(val.size(), 2);
  EXPECT_EQ(train.geometry(), (Geometry{3, 256, 256, {}, 1, 10}));
  EXPECT_EQ(val.geometry(), (Geometry{3, 224, 224, {}, 1, 10}));
  EXPECT_EQ(imagenetteIO().inputShape(), (InputShape{3, 224, 224}));
  EXPECT_EQ(imagenetteSide(Split::train), 256);
  EXPECT_EQ(train.image(2)[3 * 256 * 256 - 1], recordPixel(2, 2, 255, 255));
}

TEST_F(ImagenetteTest, NormalisesWithImageNetStatistics) {
  const DatasetIO& io = imagenetteIO();
  EXPECT_NEAR(io.decodePixel(0, 0), -0.485 / 0.229, 1e-6);
  EXPECT_NEAR(io.decodePixel(1, 255), (1 - 0.456) / 0.224, 1e-6);
  EXPECT_NEAR(io.decodePixel(2, 128), (128 / 255.0 - 0.406) / 0.225, 1e-6);
}

TEST_F(ImagenetteTest, TrainWithoutAugmentationTakesTheCenterCrop) {
  writeBytes(dir / "train.bin", imagenetteBin(3, 256), false);
  expectRows(load(), {2, 0}, std::nullopt, {{16, 16}, {16, 16}}, {false, false});
}

TEST_F(ImagenetteTest, TrainAugmentationFollowsTheFormatsSeeds) {
  writeBytes(dir / "train.bin", imagenetteBin(4, 256), false);
  // Batch (epoch 3, index 5): crop seed 30005, flip seed 37782 (values from RandomTest).
  expectRows(load(), {3, 1, 0, 2}, BatchPosition{3, 5}, {{31, 31}, {8, 30}, {0, 14}, {24, 5}},
             {false, false, false, true});
}

TEST_F(ImagenetteTest, ValidationIsNeverCropped) {
  writeBytes(dir / "val.bin", imagenetteBin(2, 224), false);
  expectRows(load(Split::test), {1, 0}, std::nullopt, {{0, 0}, {0, 0}}, {false, false});
}

TEST_F(ImagenetteTest, RejectsATruncatedFileWithPathAndLengths) {
  std::vector<uint8_t> bytes = imagenetteBin(3, 256);
  bytes.pop_back();
  writeBytes(dir / "train.bin", bytes, false);
  EXPECT_EQ(loadError(), (dir / "train.bin").string() +
                             ": expected 589831 bytes (4-byte header + 3 records of 1 label + "
                             "3x256x256 pixel bytes), found 589830");
}

TEST_F(ImagenetteTest, RejectsTrainRecordsStoredAsVal) {
  writeBytes(dir / "val.bin", imagenetteBin(2, 256), false);
  EXPECT_EQ(loadError(Split::test), (dir / "val.bin").string() +
                                        ": expected 301062 bytes (4-byte header + 2 records of 1 "
                                        "label + 3x224x224 pixel bytes), found 393222");
}

// Swapped files: 224 validation records where the 256 train records belong.
TEST_F(ImagenetteTest, RejectsValRecordsStoredAsTrain) {
  writeBytes(dir / "train.bin", imagenetteBin(2, 224), false);
  EXPECT_EQ(loadError(), (dir / "train.bin").string() +
                             ": expected 393222 bytes (4-byte header + 2 records of 1 label + "
                             "3x256x256 pixel bytes), found 301062");
}

TEST_F(ImagenetteTest, RejectsAShortHeader) {
  writeBytes(dir / "train.bin", {1, 0}, false);
  EXPECT_EQ(loadError(), (dir / "train.bin").string() +
                             ": expected at least 4 bytes (u32 record count), found 2");
}

TEST_F(ImagenetteTest, HugeHeaderCountsFailBeforeTouchingRecords) {
  writeBytes(dir / "train.bin", {0xff, 0xff, 0xff, 0xff, 7}, false);
  EXPECT_EQ(loadError(), (dir / "train.bin").string() +
                             ": expected 844429224902659 bytes (4-byte header + 4294967295 "
                             "records of 1 label + 3x256x256 pixel bytes), found 5");
}

TEST_F(ImagenetteTest, RejectsLabelsOutOfRange) {
  std::vector<uint8_t> bytes = imagenetteBin(2, 224);
  bytes[4 + 150529] = 255;
  writeBytes(dir / "val.bin", bytes, false);
  EXPECT_EQ(loadError(Split::test),
            (dir / "val.bin").string() +
                ": expected labels below 10, found 255 for record 1 (byte offset 150533)");
}

TEST_F(ImagenetteTest, MissingFileNamesThePath) {
  EXPECT_EQ(loadError(),
            "imagenette train.bin: no file found (tried " + (dir / "train.bin").string() + ")");
}

TEST_F(ImagenetteTest, EmptySetLoads) {
  writeBytes(dir / "val.bin", imagenetteBin(0, 224), false);
  EXPECT_EQ(load(Split::test).size(), 0);
}

} // namespace

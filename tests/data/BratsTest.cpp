// The BraTS bins: geometry, decoding, masks as labels, the case file, and the refusals FORMATS.md
// asks for (lengths checked against the channel count, mask values beyond the classes).

#include <gtest/gtest.h>

#include <cmath>

#include "data/Batch.h"
#include "data/Brats.h"
#include "data/Random.h"
#include "support/Error.h"
#include "tests/data/BratsFiles.h"
#include "tests/data/IdxFiles.h"
#include "tests/data/RecordFiles.h"

namespace hlotrain::data {
namespace {

using testing::parseErrorOf;

class BratsTest : public testing::ScratchDir {
protected:
  // A record of `channels` x side x side whose bytes say where they are, and a mask of 0..3.
  static testing::SliceRecord marked(int64_t index, int64_t channels, int64_t side) {
    testing::SliceRecord r;
    for (int64_t c = 0; c < channels; ++c)
      for (int64_t i = 0; i < side * side; ++i)
        r.image.push_back(static_cast<uint8_t>((index * 31 + c * 7 + i) % 256));
    for (int64_t i = 0; i < side * side; ++i)
      r.mask.push_back(static_cast<uint8_t>((index + i) % 4));
    return r;
  }
  void writeSplit(const std::string& name, int64_t n, int64_t channels, int64_t side) {
    std::vector<testing::SliceRecord> records;
    for (int64_t i = 0; i < n; ++i) records.push_back(marked(i, channels, side));
    testing::writeBytes(dir / name, testing::bratsBin(records), false);
  }
};

TEST_F(BratsTest, RecordsDecodeAsFormatsSays) {
  const DatasetSpec spec(DatasetKind::brats, std::nullopt, 8);
  writeSplit("train.bin", 3, 4, 8);
  writeSplit("val.bin", 2, 4, 8);
  const DatasetIO& io = datasetIO(spec);
  EXPECT_EQ(io.inputShape(), (InputShape{4, 8, 8}));
  EXPECT_EQ(io.labelShape(), (std::vector<int64_t>{8, 8}));
  EXPECT_EQ(io.numClasses(), 4);
  EXPECT_FALSE(io.augmentation().randomCrop || io.augmentation().horizontalFlip);
  Dataset train = io.load(dir.string(), Split::train);
  EXPECT_EQ(train.size(), 3);
  EXPECT_FALSE(io.load(dir.string(), Split::test).recordGroups()); // no val_cases.bin
  EXPECT_FLOAT_EQ(io.decodePixel(0, 128), 0.0f);
  EXPECT_FLOAT_EQ(io.decodePixel(3, 255), 5.0f);
  EXPECT_FLOAT_EQ(io.decodePixel(1, 1), -5.0f);

  BatchAssembler batches(io, train);
  EXPECT_EQ(batches.labelElements(), 64);
  std::vector<float> x(2 * 4 * 64);
  std::vector<int32_t> y(2 * 64);
  const int64_t records[] = {2, 0};
  batches.assemble(records, x, y);
  for (int64_t r = 0; r < 2; ++r) {
    const testing::SliceRecord expected = marked(records[r], 4, 8);
    for (int64_t i = 0; i < 4 * 64; ++i)
      EXPECT_FLOAT_EQ(x[static_cast<size_t>(r * 256 + i)],
                      (expected.image[static_cast<size_t>(i)] - 128) * 5.0f / 127.0f);
    for (int64_t i = 0; i < 64; ++i)
      EXPECT_EQ(y[static_cast<size_t>(r * 64 + i)], expected.mask[static_cast<size_t>(i)]);
  }
}

TEST_F(BratsTest, TheRegionTableIsMsdNumbering) {
  std::span<const LabelRegion> regions = bratsRegions();
  ASSERT_EQ(regions.size(), 3u);
  EXPECT_EQ(regions[0].name, "WT");
  EXPECT_EQ(regions[0].classes, (std::vector<int32_t>{1, 2, 3}));
  EXPECT_EQ(regions[1].name, "TC");
  EXPECT_EQ(regions[1].classes, (std::vector<int32_t>{2, 3}));
  EXPECT_EQ(regions[2].name, "ET");
  EXPECT_EQ(regions[2].classes, (std::vector<int32_t>{3}));
  for (DatasetKind kind : {DatasetKind::brats, DatasetKind::brats224, DatasetKind::brats25d})
    EXPECT_EQ(datasetIO(kind).regions().data(), regions.data());
}

TEST_F(BratsTest, TheKindsTakeTheirSidesAndContexts) {
  EXPECT_EQ(datasetIO(DatasetKind::brats).inputShape(), (InputShape{4, 240, 240}));
  EXPECT_EQ(datasetIO(DatasetKind::brats224).inputShape(), (InputShape{4, 224, 224}));
  EXPECT_EQ(datasetIO(DatasetKind::brats25d).inputShape(), (InputShape{12, 240, 240}));
  EXPECT_EQ(datasetIO({DatasetKind::brats25d, 2}).inputShape(), (InputShape{20, 240, 240}));
  EXPECT_EQ(datasetIO({DatasetKind::brats224, 1}).inputShape(), (InputShape{12, 224, 224}));
  auto refusal = [](const DatasetSpec& spec) {
    try {
      datasetIO(spec);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refusal({DatasetKind::mnist, 1}).find("--context applies to the BraTS datasets"),
            std::string::npos);
  EXPECT_NE(refusal({DatasetKind::brats25d, 0}).find("at least 1 for brats25d"), std::string::npos);
  EXPECT_NE(refusal({DatasetKind::brats, 17}).find("--context must be in [0, 16]"),
            std::string::npos);
}

// A 2D file read as 2.5D (and the reverse) fails at load, naming both lengths and the layout it
// would fit.
TEST_F(BratsTest, AFileOfAnotherChannelCountFailsAtLoad) {
  writeSplit("train.bin", 3, 4, 8);
  std::string m = parseErrorOf([&] {
    datasetIO({DatasetKind::brats25d, 1, 8}).load(dir.string(), Split::train);
  });
  EXPECT_NE(m.find("expected " + std::to_string(4 + 3 * 13 * 64) + " bytes"), std::string::npos)
      << m;
  EXPECT_NE(m.find("found " + std::to_string(4 + 3 * 5 * 64)), std::string::npos) << m;
  writeSplit("val.bin", 2, 12, 8);
  m = parseErrorOf([&] {
    datasetIO({DatasetKind::brats, std::nullopt, 8}).load(dir.string(), Split::test);
  });
  EXPECT_NE(m.find("2.5D with --context 1"), std::string::npos) << m;
  std::filesystem::resize_file(dir / "train.bin", 4 + 3 * 5 * 64 - 1);
  m = parseErrorOf([&] {
    datasetIO({DatasetKind::brats, std::nullopt, 8}).load(dir.string(), Split::train);
  });
  EXPECT_NE(m.find("train.bin: expected 964 bytes"), std::string::npos) << m;
}

TEST_F(BratsTest, AMaskValueBeyondTheClassesNamesTheRecord) {
  std::vector<testing::SliceRecord> records = {marked(0, 4, 8), marked(1, 4, 8)};
  records[1].mask[8 * 3 + 5] = 4;
  testing::writeBytes(dir / "train.bin", testing::bratsBin(records), false);
  std::string m = parseErrorOf([&] {
    datasetIO({DatasetKind::brats, std::nullopt, 8}).load(dir.string(), Split::train);
  });
  EXPECT_NE(m.find("train.bin: record 1 has mask value 4 at row 3, column 5"), std::string::npos)
      << m;
}

TEST_F(BratsTest, ValCasesGiveEveryRecordItsCase) {
  const DatasetSpec spec(DatasetKind::brats, std::nullopt, 8);
  writeSplit("val.bin", 3, 4, 8);
  testing::writeBytes(dir / "val_cases.bin", testing::valCasesBin({0, 0, 1}), false);
  Dataset val = datasetIO(spec).load(dir.string(), Split::test);
  ASSERT_TRUE(val.recordGroups());
  EXPECT_EQ(*val.recordGroups(), (std::vector<int32_t>{0, 0, 1}));
  testing::writeBytes(dir / "val_cases.bin", testing::valCasesBin({0, 1}), false);
  EXPECT_NE(parseErrorOf([&] {
              datasetIO(spec).load(dir.string(), Split::test);
            }).find("val_cases.bin: gives cases for 2 records, val.bin holds 3"),
            std::string::npos);
  testing::writeBytes(dir / "val_cases.bin", testing::valCasesBin({0, -1, 1}), false);
  EXPECT_NE(parseErrorOf([&] {
              datasetIO(spec).load(dir.string(), Split::test);
            }).find("record 1 has case index -1"),
            std::string::npos);
  std::vector<uint8_t> cut = testing::valCasesBin({0, 0, 1});
  cut.pop_back();
  testing::writeBytes(dir / "val_cases.bin", cut, false);
  EXPECT_NE(parseErrorOf([&] {
              datasetIO(spec).load(dir.string(), Split::test);
            }).find("expected 16 bytes"),
            std::string::npos);
}

// A mask is a plane of its image: an augmenting segmentation dataset crops and flips both the
// same way (BraTS itself has no augmentation; this IO stands for one that has).
class AugmentedMasksIO final : public DatasetIO {
public:
  DatasetKind kind() const override { return DatasetKind::brats; }
  InputShape inputShape() const override { return {2, 5, 6}; }
  int64_t numClasses() const override { return 4; }
  LabelKind labelKind() const override { return LabelKind::mask; }
  std::vector<int64_t> labelShape() const override { return {5, 6}; }
  Augmentation augmentation() const override { return {true, true}; }
  Dataset load(const std::string&, Split) const override { throw RuntimeError("unused"); }
  float decodePixel(int64_t, uint8_t stored) const override { return stored; }
};

TEST_F(BratsTest, CropsAndFlipsApplyToImageAndMaskAlike) {
  const int64_t h = 9, w = 11, n = 6;
  std::vector<uint8_t> images, masks;
  for (int64_t r = 0; r < n; ++r) {
    for (int64_t y = 0; y < h; ++y) // channel 0: the row, channel 1: the column
      for (int64_t x = 0; x < w; ++x) images.push_back(static_cast<uint8_t>(y));
    for (int64_t y = 0; y < h; ++y)
      for (int64_t x = 0; x < w; ++x) images.push_back(static_cast<uint8_t>(x));
    for (int64_t y = 0; y < h; ++y)
      for (int64_t x = 0; x < w; ++x) masks.push_back(static_cast<uint8_t>((r + 3 * y + x) % 4));
  }
  Dataset set(Geometry{2, h, w, {h, w}, h * w, 4}, images, masks);
  AugmentedMasksIO io;
  BatchAssembler batches(io, set);
  std::vector<int64_t> records = {0, 1, 2, 3, 4, 5};
  std::vector<float> x(static_cast<size_t>(n * 2 * 30));
  std::vector<int32_t> y(static_cast<size_t>(n * 30));
  batches.assemble(records, x, y, BatchPosition{3, 1});
  std::vector<CropOffset> crops = randomCrops(batchSeed(3, 1), n, h, w, 5, 6);
  std::vector<bool> flips = randomFlips(batchSeed(3, 1) + kFlipSeedOffset, n);
  int flipped = 0;
  for (int64_t r = 0; r < n; ++r) {
    flipped += flips[static_cast<size_t>(r)];
    for (int64_t i = 0; i < 5; ++i)
      for (int64_t j = 0; j < 6; ++j) {
        const int64_t row = static_cast<int64_t>(x[static_cast<size_t>((r * 2 * 5 + i) * 6 + j)]);
        const int64_t col =
            static_cast<int64_t>(x[static_cast<size_t>(((r * 2 + 1) * 5 + i) * 6 + j)]);
        EXPECT_EQ(row, crops[static_cast<size_t>(r)].y0 + i);
        EXPECT_EQ(col,
                  crops[static_cast<size_t>(r)].x0 + (flips[static_cast<size_t>(r)] ? 5 - j : j));
        EXPECT_EQ(y[static_cast<size_t>((r * 5 + i) * 6 + j)], (r + 3 * row + col) % 4)
            << "record " << r << " at " << i << "," << j;
      }
  }
  EXPECT_GT(flipped, 0);
  EXPECT_LT(flipped, n);
}

} // namespace
} // namespace hlotrain::data

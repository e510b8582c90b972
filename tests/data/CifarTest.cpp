#include <gtest/gtest.h>

#include "RecordFiles.h"
#include "data/Batch.h"
#include "data/Random.h"
#include "support/Error.h"

using namespace hlotrain;
using namespace hlotrain::data;
using namespace hlotrain::data::testing;

namespace {

constexpr int64_t kRow = 3 * 32 * 32;

class CifarTest : public ScratchDir {
protected:
  std::filesystem::path folder() {
    std::filesystem::create_directories(dir / "cifar-10");
    return dir / "cifar-10";
  }
  // Writes the five train batches holding `counts` records, numbered on across the batches.
  void writeTrain(const std::vector<int64_t>& counts) {
    int64_t first = 0;
    for (size_t i = 0; i < counts.size(); ++i) {
      writeBytes(folder() / ("data_batch_" + std::to_string(i + 1) + ".bin"),
                 labelledRecords(first, counts[i], 32), false);
      first += counts[i];
    }
  }
  Dataset load(Split split = Split::train) {
    return loadDataset(DatasetKind::cifar10, dir.string(), split);
  }
  std::string loadError(Split split = Split::train) {
    return parseErrorOf([&] { load(split); });
  }
};

// Assembles `records` (augmented at `at` when given) and checks every row against the stored
// pixels, mirrored where `flips` says.
void expectRows(const Dataset& data, const std::vector<int64_t>& records,
                std::optional<BatchPosition> at, const std::vector<bool>& flips) {
  BatchAssembler batches(datasetIO(DatasetKind::cifar10), data);
  const int64_t n = static_cast<int64_t>(records.size());
  std::vector<float> x(static_cast<size_t>(n * kRow));
  std::vector<int32_t> y(static_cast<size_t>(n));
  batches.assemble(records, x, y, at);
  for (int64_t r = 0; r < n; ++r) {
    const int64_t g = records[r];
    EXPECT_EQ(y[r], recordLabel(g)) << "record " << g;
    for (int64_t c = 0; c < 3; ++c)
      for (int64_t i = 0; i < 32; ++i)
        for (int64_t j = 0; j < 32; ++j) {
          const int64_t sx = flips[r] ? 31 - j : j;
          ASSERT_EQ(x[r * kRow + (c * 32 + i) * 32 + j],
                    static_cast<float>(recordPixel(g, c, i, sx)) / 255.0f)
              << "record " << g << " c " << c << " y " << i << " x " << j;
        }
  }
}

TEST_F(CifarTest, ConcatenatesTheFiveTrainBatchesInOrder) {
  writeTrain({2, 3, 1, 0, 2});
  Dataset data = load();
  ASSERT_EQ(data.size(), 8);
  EXPECT_EQ(data.geometry(), (Geometry{3, 32, 32, {}, 1, 10}));
  for (int64_t g = 0; g < 8; ++g) {
    EXPECT_EQ(data.label(g)[0], recordLabel(g));
    EXPECT_EQ(data.image(g)[0], recordPixel(g, 0, 0, 0));
    EXPECT_EQ(data.image(g)[kRow - 1], recordPixel(g, 2, 31, 31));
  }
  expectRows(data, {7, 0, 3, 5, 2}, std::nullopt, std::vector<bool>(5, false));
}

TEST_F(CifarTest, LoadsTheTestBatch) {
  writeBytes(folder() / "test_batch.bin", labelledRecords(0, 4, 32), false);
  Dataset data = load(Split::test);
  ASSERT_EQ(data.size(), 4);
  expectRows(data, {0, 1, 2, 3}, std::nullopt, std::vector<bool>(4, false));
}

TEST_F(CifarTest, FlipsFollowTheFormatsSeeds) {
  writeTrain({3, 3, 2, 0, 0});
  Dataset data = load();
  // Flip stream of batch (epoch 3, index 5): seed 30005 + 7777 (values from RandomTest).
  expectRows(data, {0, 1, 2, 3, 4, 5, 6, 7}, BatchPosition{3, 5},
             {false, false, false, true, true, false, false, true});
  // CIFAR never crops: 32x32 records are the input.
  EXPECT_FALSE(datasetIO(DatasetKind::cifar10).augmentation().randomCrop);
}

TEST_F(CifarTest, RejectsATruncatedBatchWithPathAndLengths) {
  writeTrain({1, 1, 3, 1, 1});
  std::filesystem::path third = folder() / "data_batch_3.bin";
  std::filesystem::resize_file(third, 3 * 3073 - 1);
  EXPECT_EQ(loadError(), third.string() +
                             ": expected a whole number of 3073-byte records (1 label + 3072 "
                             "pixel bytes), 6146 or 9219 bytes, found 9218");
}

TEST_F(CifarTest, RejectsTrailingBytes) {
  std::vector<uint8_t> bytes = labelledRecords(0, 2, 32);
  bytes.push_back(0);
  writeBytes(folder() / "test_batch.bin", bytes, false);
  EXPECT_EQ(loadError(Split::test), (folder() / "test_batch.bin").string() +
                                        ": expected a whole number of 3073-byte records (1 label "
                                        "+ 3072 pixel bytes), 6146 or 9219 bytes, found 6147");
}

// CIFAR-100's binary records carry two label bytes (3074 bytes): not CIFAR-10 records.
TEST_F(CifarTest, RejectsCifar100Records) {
  writeBytes(folder() / "test_batch.bin", std::vector<uint8_t>(2 * 3074, 1), false);
  EXPECT_EQ(loadError(Split::test), (folder() / "test_batch.bin").string() +
                                        ": expected a whole number of 3073-byte records (1 label "
                                        "+ 3072 pixel bytes), 6146 or 9219 bytes, found 6148");
}

TEST_F(CifarTest, RejectsAMissingBatch) {
  writeTrain({1, 1, 1, 1});
  EXPECT_EQ(loadError(), "cifar-10 data_batch_5.bin: no file found (tried " +
                             (folder() / "data_batch_5.bin").string() + ")");
}

TEST_F(CifarTest, RejectsLabelsOutOfRange) {
  std::vector<uint8_t> bytes = labelledRecords(0, 3, 32);
  bytes[2 * 3073] = 10;
  writeBytes(folder() / "test_batch.bin", bytes, false);
  EXPECT_EQ(loadError(Split::test),
            (folder() / "test_batch.bin").string() +
                ": expected labels below 10, found 10 for record 2 (byte offset 6146)");
}

TEST_F(CifarTest, RecordsStayValidAfterTheDatasetIsCopied) {
  writeTrain({2, 2, 2, 2, 2});
  Dataset copy = [&] {
    Dataset data = load();
    return Dataset(data);
  }();
  ASSERT_EQ(copy.size(), 10);
  expectRows(copy, {9, 4, 0}, std::nullopt, {false, false, false});
}

} // namespace

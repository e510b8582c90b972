#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "data/Batch.h"
#include "data/Random.h"
#include "support/Error.h"

using namespace hlotrain;
using namespace hlotrain::data;

namespace {

std::vector<uint8_t> int32Labels(const std::vector<int32_t>& labels) {
  std::vector<uint8_t> bytes(labels.size() * 4);
  std::memcpy(bytes.data(), labels.data(), bytes.size());
  return bytes;
}

// A CIFAR/Imagenette-like dataset in miniature: 2x4x4 records cropped to 2x2x2 input rows, with
// random crop and flip. Pixel byte = 32*record + 16*c + 4*y + x; input value = 1000*c + byte.
class CropFlipIO final : public DatasetIO {
public:
  DatasetKind kind() const override { return DatasetKind::mnist; }
  InputShape inputShape() const override { return {2, 2, 2}; }
  int64_t numClasses() const override { return 3; }
  Augmentation augmentation() const override { return {true, true}; }
  Dataset load(const std::string&, Split) const override { throw ParseError("not stored"); }
  float decodePixel(int64_t channel, uint8_t stored) const override {
    return static_cast<float>(1000 * channel + stored);
  }
};

Dataset cropFlipData(int64_t n) {
  std::vector<uint8_t> images(static_cast<size_t>(n * 32));
  for (size_t i = 0; i < images.size(); ++i) images[i] = static_cast<uint8_t>(i);
  std::vector<int32_t> labels(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) labels[i] = static_cast<int32_t>(i % 3);
  return Dataset({2, 4, 4, {}, 4, 3}, std::move(images), int32Labels(labels));
}

// The input row the crop/flip dataset must produce for `record` under `crop` and `flip`.
std::vector<float> expectedRow(int64_t record, CropOffset crop, bool flip) {
  std::vector<float> row;
  for (int64_t c = 0; c < 2; ++c)
    for (int64_t y = 0; y < 2; ++y)
      for (int64_t x = 0; x < 2; ++x) {
        int64_t sx = crop.x0 + (flip ? 1 - x : x);
        row.push_back(static_cast<float>(1000 * c + 32 * record + 16 * c + 4 * (crop.y0 + y) + sx));
      }
  return row;
}

std::vector<float> rowOf(const std::vector<float>& x, int64_t r) {
  return {x.begin() + r * 8, x.begin() + (r + 1) * 8};
}

TEST(Batch, WithoutAugmentationCentersAndDoesNotFlip) {
  CropFlipIO io;
  Dataset data = cropFlipData(4);
  BatchAssembler batches(io, data);
  EXPECT_EQ(batches.rowElements(), 8);
  std::vector<int64_t> records = {2, 0, 3};
  std::vector<float> x(24);
  std::vector<int32_t> y(3);
  batches.assemble(records, x, y);
  for (int64_t r = 0; r < 3; ++r) EXPECT_EQ(rowOf(x, r), expectedRow(records[r], {1, 1}, false));
  EXPECT_EQ(y, (std::vector<int32_t>{2, 0, 0}));
}

TEST(Batch, AugmentationUsesThePerBatchStreams) {
  CropFlipIO io;
  Dataset data = cropFlipData(8);
  BatchAssembler batches(io, data);
  std::vector<int64_t> records = {5, 1, 7};
  std::vector<float> x(24);
  std::vector<int32_t> y(3);
  batches.assemble(records, x, y, BatchPosition{0, 0});
  // batchSeed(0, 0) = 0: crops {0,2},{0,2},{2,1}; flip seed 7777: no, yes, no (RandomTest).
  EXPECT_EQ(rowOf(x, 0), expectedRow(5, {0, 2}, false));
  EXPECT_EQ(rowOf(x, 1), expectedRow(1, {0, 2}, true));
  EXPECT_EQ(rowOf(x, 2), expectedRow(7, {2, 1}, false));

  std::vector<float> again(24);
  batches.assemble(records, again, y, BatchPosition{0, 0});
  EXPECT_EQ(again, x);
  batches.assemble(records, again, y, BatchPosition{2, 17});
  EXPECT_NE(again, x);
}

TEST(Batch, ShuffledBatchesKeepImagesAndLabelsAligned) {
  // Every MNIST record's pixels all equal 3 * label + record / 10, so a row tells its label.
  const int64_t n = 250;
  std::vector<uint8_t> images(static_cast<size_t>(n * 784));
  std::vector<int32_t> labels(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    labels[i] = static_cast<int32_t>((i * 7) % 10);
    std::fill_n(images.begin() + i * 784, 784, static_cast<uint8_t>(3 * labels[i] + i / 10));
  }
  Dataset data({1, 28, 28, {}, 4, 10}, std::move(images), int32Labels(labels));
  const DatasetIO& io = datasetIO(DatasetKind::mnist);
  BatchAssembler batches(io, data);
  std::vector<int64_t> order = shuffleOrder(n, epochShuffleSeed(7, 1));
  const int64_t batch = 32;
  std::vector<float> x(batch * 784);
  std::vector<int32_t> y(batch);
  for (int64_t first = 0; first + batch <= n; first += batch) {
    std::span<const int64_t> records(order.data() + first, batch);
    batches.assemble(records, x, y, BatchPosition{1, first / batch});
    for (int64_t r = 0; r < batch; ++r) {
      int64_t stored = std::lround(x[r * 784 + 400] * 255.0f);
      ASSERT_EQ(stored, 3 * y[r] + records[r] / 10);
      ASSERT_EQ(y[r], labels[records[r]]);
    }
  }
}

TEST(Batch, RejectsBadRecordsAndBuffers) {
  CropFlipIO io;
  Dataset data = cropFlipData(2);
  BatchAssembler batches(io, data);
  std::vector<float> x(8);
  std::vector<int32_t> y(1);
  EXPECT_THROW(batches.assemble(std::vector<int64_t>{2}, x, y), RuntimeError);
  EXPECT_THROW(batches.assemble(std::vector<int64_t>{-1}, x, y), RuntimeError);
  EXPECT_THROW(batches.assemble(std::vector<int64_t>{0, 1}, x, y), RuntimeError);
  EXPECT_THROW(BatchAssembler(datasetIO(DatasetKind::mnist), data), RuntimeError);
}

TEST(Dataset, RejectsPartialRecords) {
  EXPECT_THROW(Dataset({1, 2, 2, {}, 4, 3}, std::vector<uint8_t>(8), std::vector<uint8_t>(4)),
               RuntimeError);
  EXPECT_THROW(Dataset({1, 2, 2, {}, 4, 3}, std::vector<uint8_t>(7), std::vector<uint8_t>(4)),
               RuntimeError);
  EXPECT_EQ(Dataset({1, 2, 2, {}, 4, 3}, std::vector<uint8_t>(8), std::vector<uint8_t>(8)).size(),
            2);
}

TEST(DatasetKinds, RoundTripNames) {
  for (DatasetKind kind : allDatasetKinds()) {
    EXPECT_EQ(datasetKindFromName(datasetKindName(kind)), kind);
    // A text's io is its file's, token files' their folder's (tests/data/TextTest.cpp,
    // TokenFileTest.cpp).
    if (kind != DatasetKind::text && kind != DatasetKind::tokens) {
      EXPECT_EQ(datasetIO(kind).kind(), kind);
    }
  }
  EXPECT_EQ(datasetKindFromName("imagenet"), std::nullopt);
}

} // namespace

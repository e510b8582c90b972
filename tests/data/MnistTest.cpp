#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

#include "IdxFiles.h"
#include "data/Batch.h"
#include "data/Dataset.h"
#include "support/Error.h"

using namespace hlotrain;
using namespace hlotrain::data;
using namespace hlotrain::data::testing;

namespace {

class MnistTest : public ScratchDir {
protected:
  // Writes <prefix>-images-idx3-ubyte[.gz] and <prefix>-labels-idx1-ubyte[.gz] for n records.
  void writeSplit(const std::string& prefix, uint32_t n, bool gzImages, bool gzLabels) {
    writeImages(prefix, idxFile(2051, {n, 28, 28}, testPixels(n)), gzImages);
    writeLabels(prefix, idxFile(2049, {n}, testLabels(n)), gzLabels);
  }
  void writeImages(const std::string& prefix, const std::vector<uint8_t>& bytes, bool gz) {
    writeBytes(dir / (prefix + "-images-idx3-ubyte" + (gz ? ".gz" : "")), bytes, gz);
  }
  void writeLabels(const std::string& prefix, const std::vector<uint8_t>& bytes, bool gz) {
    writeBytes(dir / (prefix + "-labels-idx1-ubyte" + (gz ? ".gz" : "")), bytes, gz);
  }
  Dataset load(Split split = Split::train) {
    return loadDataset(DatasetKind::mnist, dir.string(), split);
  }
  // The ParseError message of loading `split`; fails the test when loading succeeds.
  std::string loadError(Split split = Split::train) {
    try {
      load(split);
    } catch (const ParseError& e) {
      std::string message = e.what();
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
      return message;
    }
    ADD_FAILURE() << "loading succeeded";
    return "";
  }
};

void expectTestRecords(const Dataset& data, uint32_t n) {
  ASSERT_EQ(data.size(), n);
  EXPECT_EQ(data.geometry(), (Geometry{1, 28, 28, {}, 4, 10}));
  std::vector<int64_t> records(n);
  for (uint32_t i = 0; i < n; ++i) records[i] = i;
  BatchAssembler batches(datasetIO(DatasetKind::mnist), data);
  std::vector<float> x(n * 784);
  std::vector<int32_t> y(n);
  batches.assemble(records, x, y);
  std::vector<uint8_t> pixels = testPixels(n);
  for (uint32_t i = 0; i < n * 784; ++i) ASSERT_EQ(x[i], static_cast<float>(pixels[i]) / 255.0f);
  for (uint32_t i = 0; i < n; ++i) EXPECT_EQ(y[i], static_cast<int32_t>(i % 10));
}

TEST_F(MnistTest, LoadsPlainFiles) {
  writeSplit("train", 5, false, false);
  expectTestRecords(load(), 5);
}

TEST_F(MnistTest, LoadsGzipFiles) {
  writeSplit("t10k", 12, true, true);
  expectTestRecords(load(Split::test), 12);
}

TEST_F(MnistTest, DetectsGzipByMagicNotByName) {
  writeBytes(dir / "train-images-idx3-ubyte", idxFile(2051, {3, 28, 28}, testPixels(3)), true);
  writeBytes(dir / "train-labels-idx1-ubyte.gz", idxFile(2049, {3}, testLabels(3)), false);
  expectTestRecords(load(), 3);
}

TEST_F(MnistTest, MissingFileNamesBothSpellings) {
  writeLabels("train", idxFile(2049, {3}, testLabels(3)), false);
  std::string message = loadError();
  EXPECT_NE(message.find((dir / "train-images-idx3-ubyte").string() + " or "), std::string::npos)
      << message;
  EXPECT_NE(message.find((dir / "train-images-idx3-ubyte.gz").string()), std::string::npos);
}

TEST_F(MnistTest, TruncatedImagesNameExpectedAndFoundLength) {
  std::vector<uint8_t> images = idxFile(2051, {5, 28, 28}, testPixels(5));
  images.erase(images.end() - 100,
               images.end()); // resize() trips GCC 12 -Wstringop-overflow under ASan
  writeImages("train", images, false);
  writeLabels("train", idxFile(2049, {5}, testLabels(5)), false);
  EXPECT_EQ(loadError(), (dir / "train-images-idx3-ubyte").string() +
                             ": expected 3936 bytes (16-byte header + 5 images of 28x28 bytes), "
                             "found 3836");
}

TEST_F(MnistTest, TruncatedGzipLabelsUseTheDecompressedLength) {
  writeImages("t10k", idxFile(2051, {5, 28, 28}, testPixels(5)), true);
  writeLabels("t10k", idxFile(2049, {5}, testLabels(4)), true);
  EXPECT_EQ(loadError(Split::test), (dir / "t10k-labels-idx1-ubyte.gz").string() +
                                        ": expected 13 bytes (8-byte header + 5 labels), found 12");
}

TEST_F(MnistTest, RejectsTrailingBytes) {
  std::vector<uint8_t> labels = idxFile(2049, {5}, testLabels(5));
  labels.push_back(0);
  writeSplit("train", 5, false, false);
  writeLabels("train", labels, false);
  EXPECT_NE(loadError().find("expected 13 bytes (8-byte header + 5 labels), found 14"),
            std::string::npos);
}

TEST_F(MnistTest, RejectsACutGzipStream) {
  writeSplit("train", 40, true, false);
  std::filesystem::path images = dir / "train-images-idx3-ubyte.gz";
  std::filesystem::resize_file(images, std::filesystem::file_size(images) / 2);
  std::string message = loadError();
  EXPECT_NE(message.find(images.string() + ": corrupt gzip data"), std::string::npos) << message;
  EXPECT_NE(message.find("(unexpected end of file)"), std::string::npos) << message;
  EXPECT_EQ(message.find(images.string(), 1), std::string::npos) << message;
}

TEST_F(MnistTest, RejectsGarbageAfterTheGzipMagic) {
  writeSplit("train", 3, false, false);
  writeBytes(dir / "train-labels-idx1-ubyte", {0x1f, 0x8b, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
             false);
  EXPECT_NE(loadError().find("train-labels-idx1-ubyte: "), std::string::npos);
}

TEST_F(MnistTest, RejectsWrongMagic) {
  writeSplit("train", 3, false, false);
  writeImages("train", idxFile(2049, {3, 28, 28}, testPixels(3)), false);
  EXPECT_EQ(loadError(), (dir / "train-images-idx3-ubyte").string() +
                             ": expected IDX magic 2051 (images), found 2049");
}

TEST_F(MnistTest, RejectsAShortHeader) {
  writeSplit("train", 3, false, false);
  writeImages("train", {0, 0, 8, 3, 0, 0}, false);
  EXPECT_EQ(loadError(), (dir / "train-images-idx3-ubyte").string() +
                             ": expected at least 16 bytes (IDX images header), found 6");
}

TEST_F(MnistTest, RejectsOtherImageSizes) {
  writeSplit("train", 3, false, false);
  writeImages("train", idxFile(2051, {3, 27, 28}, std::vector<uint8_t>(3 * 27 * 28)), false);
  EXPECT_NE(loadError().find("expected 28x28 images, found 27x28"), std::string::npos);
}

TEST_F(MnistTest, RejectsCountMismatch) {
  writeSplit("train", 5, false, false);
  writeLabels("train", idxFile(2049, {4}, testLabels(4)), false);
  std::string message = loadError();
  EXPECT_EQ(message.find((dir / "train-labels-idx1-ubyte").string() + ": expected 5 labels"), 0u)
      << message;
  EXPECT_NE(message.find("found 4"), std::string::npos) << message;
}

TEST_F(MnistTest, RejectsLabelsOutOfRange) {
  std::vector<uint8_t> labels = testLabels(5);
  labels[3] = 200;
  writeSplit("train", 5, false, false);
  writeLabels("train", idxFile(2049, {5}, labels), false);
  EXPECT_EQ(loadError(), (dir / "train-labels-idx1-ubyte").string() +
                             ": expected labels below 10, found 200 for record 3 (byte offset 11)");
}

TEST_F(MnistTest, HugeHeaderCountsFailBeforeAllocating) {
  writeImages("train", idxFile(2051, {0xffffffffu, 28, 28}, {}), true);
  writeLabels("train", idxFile(2049, {0xffffffffu}, {}), false);
  EXPECT_NE(loadError().find("expected 3367254359296 bytes (16-byte header + 4294967295 images"),
            std::string::npos);
}

TEST_F(MnistTest, EmptySplitLoads) {
  writeSplit("train", 0, true, false);
  EXPECT_EQ(load().size(), 0);
}

TEST(FashionMnist, LoadsTheDebianPackage) {
  const std::string dir = "/usr/share/datasets/fashion-mnist";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " is not installed";
  for (auto [split, n] : {std::pair{Split::train, 60000}, std::pair{Split::test, 10000}}) {
    Dataset data = loadDataset(DatasetKind::mnist, dir, split);
    ASSERT_EQ(data.size(), n);
    EXPECT_EQ(data.geometry().numClasses, 10);
    std::vector<int64_t> perClass(10);
    for (int64_t i = 0; i < data.size(); ++i) {
      int32_t label;
      std::memcpy(&label, data.label(i).data(), sizeof(label));
      ++perClass.at(static_cast<size_t>(label));
    }
    for (int64_t count : perClass) EXPECT_EQ(count, n / 10); // Fashion-MNIST is balanced
  }
}

} // namespace

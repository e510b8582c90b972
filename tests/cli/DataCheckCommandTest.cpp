// `hlotrain data check` through the real dispatcher, on files written here byte for byte in the
// FORMATS.md layouts (tests/data's IDX, CIFAR-10, BraTS and YOLOv1 writers): the exact statistics
// of each task, and every missing or corrupt file refused on one line naming it, exit 2 and
// nothing on stdout.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "Harness.h"
#include "tests/data/BratsFiles.h"
#include "tests/data/IdxFiles.h"
#include "tests/data/RecordFiles.h"
#include "tests/data/YoloFiles.h"

using namespace hlotrain;
using hlotrain::testing::CliResult;
using hlotrain::testing::runInProcess;

namespace {

namespace fs = std::filesystem;
namespace dt = data::testing;

constexpr int64_t kBratsSide = 240, kYoloSide = 224;

class DataCheckCommandTest : public dt::ScratchDir {
protected:
  std::string data() const { return dir.string(); }

  // 25 train records with labels i % 10, 10 test records.
  void writeMnist() {
    for (auto [prefix, n] : {std::pair{"train", 25u}, std::pair{"t10k", 10u}}) {
      dt::writeBytes(dir / (std::string(prefix) + "-images-idx3-ubyte"),
                     dt::idxFile(2051, {n, 28, 28}, dt::testPixels(n)), false);
      dt::writeBytes(dir / (std::string(prefix) + "-labels-idx1-ubyte.gz"),
                     dt::idxFile(2049, {n}, dt::testLabels(n)), true);
    }
  }

  // A 240x240 slice whose mask is `label` where `inside(y, x)`, else 0.
  template <class Inside> static dt::SliceRecord slice(uint8_t label, Inside inside) {
    dt::SliceRecord r{std::vector<uint8_t>(4 * kBratsSide * kBratsSide, 128),
                      std::vector<uint8_t>(kBratsSide * kBratsSide, 0)};
    for (int64_t y = 0; y < kBratsSide; ++y)
      for (int64_t x = 0; x < kBratsSide; ++x)
        if (inside(y, x)) r.mask[static_cast<size_t>(y * kBratsSide + x)] = label;
    return r;
  }

  // train: an empty mask, and one with rows 0-9 edema (1), rows 10-14 core (2), row 15 enhancing
  // (3); val: all enhancing, empty, column 0 edema, of cases 0, 0, 1.
  void writeBrats() {
    dt::SliceRecord tumour = slice(1, [](int64_t y, int64_t) { return y < 10; });
    for (int64_t y = 10; y < 16; ++y)
      for (int64_t x = 0; x < kBratsSide; ++x)
        tumour.mask[static_cast<size_t>(y * kBratsSide + x)] = y < 15 ? 2 : 3;
    const auto none = [](int64_t, int64_t) { return false; };
    train_ = {slice(0, none), tumour};
    val_ = {slice(3, [](int64_t, int64_t) { return true; }), slice(0, none),
            slice(1, [](int64_t, int64_t x) { return x == 0; })};
    dt::writeBytes(dir / "train.bin", dt::bratsBin(train_), false);
    dt::writeBytes(dir / "val.bin", dt::bratsBin(val_), false);
    dt::writeBytes(dir / "val_cases.bin", dt::valCasesBin({0, 0, 1}), false);
  }

  static data::LabelBox box(int32_t cls, int64_t i) {
    const float x = 0.01f * static_cast<float>(i);
    return {cls, x, 0.2f, x + 0.05f, 0.4f};
  }

  static dt::DetectionRecord detection(std::vector<data::LabelBox> boxes) {
    return {std::vector<uint8_t>(3 * kYoloSide * kYoloSide, 0), std::move(boxes)};
  }

  // train: 0, 1 (class 3) and 3 boxes (classes 0, 0, 9); val: 60 boxes (class i % 10; the record
  // lists the first 56) and 2 (classes 1, 2), every one of them in val.full_gt.bin.
  void writeVisdrone() {
    std::vector<data::LabelBox> many;
    for (int64_t i = 0; i < 60; ++i) many.push_back(box(static_cast<int32_t>(i % 10), i));
    const std::vector<dt::DetectionRecord> train = {detection({}), detection({box(3, 0)}),
                                                    detection({box(0, 0), box(0, 10), box(9, 20)})};
    const std::vector<dt::DetectionRecord> val = {detection(many),
                                                  detection({box(1, 0), box(2, 30)})};
    dt::writeBytes(dir / "train.bin", dt::yoloBin(train, kYoloSide), false);
    dt::writeBytes(dir / "val.bin", dt::yoloBin(val, kYoloSide), false);
    dt::writeBytes(dir / "val.full_gt.bin", dt::fullGroundTruthBin(val), false);
  }

  CliResult check(const std::string& dataset, std::vector<std::string> extra = {}) const {
    std::vector<std::string> args = {"data", "check", "--dataset", dataset, "--data", data()};
    args.insert(args.end(), extra.begin(), extra.end());
    return runInProcess(args);
  }

  // Exit 2, one line on stderr holding `needle`, nothing on stdout.
  void expectRefused(const CliResult& r, const std::string& needle) const {
    EXPECT_EQ(r.exitCode, 2) << r.err << r.out;
    EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
    EXPECT_EQ(r.out, "");
  }

  std::vector<dt::SliceRecord> train_, val_;
};

TEST_F(DataCheckCommandTest, MnistClassHistogramPerSplit) {
  writeMnist();
  CliResult r = check("mnist");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "train: 25 records of 1x28x28, 10 classes (classification)\n"
                   "  class  records   share\n"
                   "  0            3  12.00%\n"
                   "  1            3  12.00%\n"
                   "  2            3  12.00%\n"
                   "  3            3  12.00%\n"
                   "  4            3  12.00%\n"
                   "  5            2   8.00%\n"
                   "  6            2   8.00%\n"
                   "  7            2   8.00%\n"
                   "  8            2   8.00%\n"
                   "  9            2   8.00%\n"
                   "test: 10 records of 1x28x28, 10 classes (classification)\n"
                   "  class  records   share\n"
                   "  0            1  10.00%\n"
                   "  1            1  10.00%\n"
                   "  2            1  10.00%\n"
                   "  3            1  10.00%\n"
                   "  4            1  10.00%\n"
                   "  5            1  10.00%\n"
                   "  6            1  10.00%\n"
                   "  7            1  10.00%\n"
                   "  8            1  10.00%\n"
                   "  9            1  10.00%\n"
                   "ok: every file of mnist in " +
                       data() + " loads (train 25 records, test 10 records)\n");
}

TEST_F(DataCheckCommandTest, Cifar10ReadsEveryBatch) {
  const fs::path folder = dir / "cifar-10";
  fs::create_directories(folder);
  // Records g = 0..9 over the five batches have labels (3g + 1) % 10: each class once.
  for (int i = 0; i < 5; ++i)
    dt::writeBytes(folder / ("data_batch_" + std::to_string(i + 1) + ".bin"),
                   dt::labelledRecords(2 * i, 2, 32), false);
  dt::writeBytes(folder / "test_batch.bin", dt::labelledRecords(0, 3, 32), false); // 1, 4, 7
  CliResult r = check("cifar10");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("train: 10 records of 3x32x32, 10 classes (classification)\n"
                       "  class  records   share\n"
                       "  0            1  10.00%\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("test: 3 records of 3x32x32, 10 classes (classification)\n"
                       "  class  records   share\n"
                       "  0            0   0.00%\n"
                       "  1            1  33.33%\n"
                       "  2            0   0.00%\n"
                       "  3            0   0.00%\n"
                       "  4            1  33.33%\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("ok: every file of cifar10 in " + data() +
                       " loads (train 10 records, test 3 records)\n"),
            std::string::npos);
}

TEST_F(DataCheckCommandTest, ImagenetteReadsBothSides) {
  dt::writeBytes(dir / "train.bin", dt::imagenetteBin(2, 256), false); // labels 1, 4
  dt::writeBytes(dir / "val.bin", dt::imagenetteBin(1, 224), false);   // label 1
  CliResult r = check("imagenette");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("train: 2 records of 3x256x256, 10 classes (classification)\n"
                       "  class  records   share\n"
                       "  0            0   0.00%\n"
                       "  1            1  50.00%\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  4            1  50.00%\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("test: 1 record of 3x224x224, 10 classes (classification)\n"),
            std::string::npos)
      << r.out;
  // A val.bin of the train side: the loader names the lengths.
  dt::writeBytes(dir / "val.bin", dt::imagenetteBin(1, 256), false);
  expectRefused(check("imagenette"), (dir / "val.bin").string() + ": expected ");
}

TEST_F(DataCheckCommandTest, BratsPixelSharePerLabel) {
  writeBrats();
  CliResult r = check("brats");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  // train: 115,200 pixels, 2400 edema, 1200 core, 240 enhancing; val: 172,800 pixels.
  EXPECT_EQ(r.out, "train: 2 records of 4x240x240, 4 labels per pixel (segmentation), 115200 "
                   "pixels\n"
                   "  label  pixels   share\n"
                   "  0      111360  96.67%\n"
                   "  1        2400   2.08%\n"
                   "  2        1200   1.04%\n"
                   "  3         240   0.21%\n"
                   "test: 3 records of 4x240x240 from 2 cases (val_cases.bin), 4 labels per pixel "
                   "(segmentation), 172800 pixels\n"
                   "  label  pixels   share\n"
                   "  0      114960  66.53%\n"
                   "  1         240   0.14%\n"
                   "  2           0   0.00%\n"
                   "  3       57600  33.33%\n"
                   "ok: every file of brats in " +
                       data() + " loads (train 2 records, test 3 records)\n");
}

TEST_F(DataCheckCommandTest, Brats25dTakesContext) {
  // Context 1: 12 channels per record.
  std::vector<dt::SliceRecord> records(2);
  for (dt::SliceRecord& s : records) {
    s.image.assign(12 * kBratsSide * kBratsSide, 128);
    s.mask.assign(kBratsSide * kBratsSide, 2);
  }
  dt::writeBytes(dir / "train.bin", dt::bratsBin(records), false);
  dt::writeBytes(dir / "val.bin", dt::bratsBin({records[0]}), false);
  CliResult r = check("brats25d", {"--context", "1"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("train: 2 records of 12x240x240, 4 labels per pixel (segmentation), "
                       "115200 pixels\n"
                       "  label  pixels    share\n"
                       "  0           0    0.00%\n"
                       "  1           0    0.00%\n"
                       "  2      115200  100.00%\n"),
            std::string::npos)
      << r.out;
  // The same files read as 2D: the loader names the layout they fit.
  expectRefused(check("brats"), "its records fit 12x240x240 image + 240x240 mask bytes (2.5D "
                                "with --context 1 at 240x240)");
}

TEST_F(DataCheckCommandTest, VisdroneBoxesPerImage) {
  writeVisdrone();
  CliResult r = check("visdrone", {"--input-size", "224"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string histogram = "  boxes  images\n"
                                "  0           0\n"
                                "  1           0\n"
                                "  2-3         1\n"
                                "  4-7         0\n"
                                "  8-15        0\n"
                                "  16-31       0\n"
                                "  32-63       1\n";
  EXPECT_EQ(r.out,
            "train: 3 records of 3x224x224, 10 classes (detection, 7x7 grid)\n"
            "  boxes per image listed in the records: min 0, mean 1.33, max 3; 4 boxes, 0 "
            "records at the 56-box cap\n"
            "  boxes  images\n"
            "  0           1\n"
            "  1           1\n"
            "  2-3         1\n"
            "  class  boxes   share\n"
            "  0          2  50.00%\n"
            "  1          0   0.00%\n"
            "  2          0   0.00%\n"
            "  3          1  25.00%\n"
            "  4          0   0.00%\n"
            "  5          0   0.00%\n"
            "  6          0   0.00%\n"
            "  7          0   0.00%\n"
            "  8          0   0.00%\n"
            "  9          1  25.00%\n"
            "test: 2 records of 3x224x224, 10 classes (detection, 7x7 grid)\n"
            "  boxes per image listed in the records: min 2, mean 29.00, max 56; 58 "
            "boxes, 1 record at the 56-box cap\n" +
                histogram +
                "  class  boxes   share\n"
                "  0          6  10.34%\n"
                "  1          7  12.07%\n"
                "  2          7  12.07%\n"
                "  3          6  10.34%\n"
                "  4          6  10.34%\n"
                "  5          6  10.34%\n"
                "  6          5   8.62%\n"
                "  7          5   8.62%\n"
                "  8          5   8.62%\n"
                "  9          5   8.62%\n"
                "  boxes per image in val.full_gt.bin: min 2, mean 31.00, max 60; 62 boxes\n" +
                histogram +
                "  class  boxes   share\n"
                "  0          6   9.68%\n"
                "  1          7  11.29%\n"
                "  2          7  11.29%\n"
                "  3          6   9.68%\n"
                "  4          6   9.68%\n"
                "  5          6   9.68%\n"
                "  6          6   9.68%\n"
                "  7          6   9.68%\n"
                "  8          6   9.68%\n"
                "  9          6   9.68%\n"
                "ok: every file of visdrone in " +
                data() + " loads (train 3 records, test 2 records)\n");
}

// --------------------------------------------------------------------------------------------
// The first problem: one line naming the file, exit 2, nothing printed before it.

TEST_F(DataCheckCommandTest, RefusesTruncatedMnistImages) {
  writeMnist();
  const std::vector<uint8_t> whole = dt::idxFile(2051, {25, 28, 28}, dt::testPixels(25));
  const std::vector<uint8_t> cut(whole.begin(), whole.end() - 100);
  dt::writeBytes(dir / "train-images-idx3-ubyte", cut, false);
  expectRefused(check("mnist"), (dir / "train-images-idx3-ubyte").string() +
                                    ": expected 19616 bytes (16-byte header + 25 images of "
                                    "28x28 bytes), found 19516");
}

TEST_F(DataCheckCommandTest, RefusesAMissingSplit) {
  writeMnist();
  fs::remove(dir / "t10k-images-idx3-ubyte");
  expectRefused(check("mnist"), "mnist t10k-images-idx3-ubyte: no file found (tried ");
}

TEST_F(DataCheckCommandTest, RefusesCorruptGzipAndBadLabels) {
  writeMnist();
  std::vector<uint8_t> labels = dt::testLabels(10);
  labels[3] = 12;
  dt::writeBytes(dir / "t10k-labels-idx1-ubyte.gz", dt::idxFile(2049, {10}, labels), true);
  expectRefused(check("mnist"), "t10k-labels-idx1-ubyte.gz: expected labels below 10, found 12 "
                                "for record 3 (byte offset 11)");
  std::ifstream in(dir / "train-labels-idx1-ubyte.gz", std::ios::binary);
  std::string gz(std::istreambuf_iterator<char>(in), {});
  in.close();
  std::ofstream(dir / "train-labels-idx1-ubyte.gz", std::ios::binary) << gz.substr(0, 20);
  expectRefused(check("mnist"), "train-labels-idx1-ubyte.gz: corrupt gzip data");
}

TEST_F(DataCheckCommandTest, RefusesACifarLabel) {
  const fs::path folder = dir / "cifar-10";
  fs::create_directories(folder);
  for (int i = 0; i < 5; ++i) {
    std::vector<uint8_t> batch = dt::labelledRecords(2 * i, 2, 32);
    if (i == 2) batch[3073] = 11; // the second record's label byte
    dt::writeBytes(folder / ("data_batch_" + std::to_string(i + 1) + ".bin"), batch, false);
  }
  dt::writeBytes(folder / "test_batch.bin", dt::labelledRecords(0, 3, 32), false);
  expectRefused(check("cifar10"),
                "data_batch_3.bin: expected labels below 10, found 11 for record 1 (byte offset "
                "3073)");
}

TEST_F(DataCheckCommandTest, RefusesABratsMaskValueAndCases) {
  writeBrats();
  val_[1].mask[5 * kBratsSide + 6] = 7;
  dt::writeBytes(dir / "val.bin", dt::bratsBin(val_), false);
  // 4 + a record of 5·240² bytes + the 4·240² image bytes of record 1 + row 5, column 6.
  expectRefused(check("brats"), (dir / "val.bin").string() +
                                    ": record 1 has mask value 7 at row 5, column 6 (byte offset "
                                    "519610)");
  writeBrats();
  dt::writeBytes(dir / "val_cases.bin", dt::valCasesBin({0, 1}), false);
  expectRefused(check("brats"), "val_cases.bin: gives cases for 2 records, val.bin holds 3");
}

TEST_F(DataCheckCommandTest, RefusesAVisdroneBoxAndFullGroundTruth) {
  writeVisdrone();
  const std::vector<dt::DetectionRecord> bad = {detection({box(2, 0)}), detection({box(12, 0)})};
  dt::writeBytes(dir / "train.bin", dt::yoloBin(bad, kYoloSide), false);
  expectRefused(check("visdrone"), "train.bin: record 1, box 0: class 12 (expected 0..9)");
  writeVisdrone();
  std::ofstream(dir / "val.full_gt.bin", std::ios::binary | std::ios::app) << "xy";
  expectRefused(check("visdrone"), "val.full_gt.bin: expected ");
}

TEST_F(DataCheckCommandTest, RefusesBadCommandLines) {
  writeMnist();
  using hlotrain::testing::expectUsageError;
  expectUsageError({"data"}, "data: missing subcommand");
  expectUsageError({"data", "frob"}, "data: unknown subcommand 'frob' (known: check)");
  expectUsageError({"data", "check", "--data", data()}, "--dataset is required");
  expectUsageError({"data", "check", "--dataset", "mnist"}, "--data is required");
  expectUsageError({"data", "check", "--dataset", "imagenet", "--data", data()},
                   "--dataset: unknown dataset 'imagenet' (known: mnist, cifar10");
  expectUsageError({"data", "check", "--dataset", "mnist", "--data", data(), "--context", "1"},
                   "--context applies to the BraTS datasets");
  expectUsageError(
      {"data", "check", "--dataset", "visdrone", "--data", data(), "--input-size", "300"},
      "--input-size: expected 224 or 448, got '300'");
  expectUsageError({"data", "check", "--dataset", "mnist", "--data", data(), "extra"},
                   "data check: unexpected argument 'extra'");
  CliResult help = runInProcess({"data", "check", "--help"});
  EXPECT_EQ(help.exitCode, 0);
  EXPECT_NE(help.out.find("usage: hlotrain data check --dataset KIND --data DIR"),
            std::string::npos);
}

} // namespace

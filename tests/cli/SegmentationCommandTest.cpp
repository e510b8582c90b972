// Segmentation through the real dispatcher: unet-brats trained and evaluated on BraTS files in
// the FORMATS.md layout, the eval record's fields, the outputs of `eval`, and every new flag and
// file refused with a one-line error, exit 2 and nothing written.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "Harness.h"
#include "Json.h"
#include "ir/Npy.h"
#include "tests/data/BratsFiles.h"
#include "tests/data/IdxFiles.h"
#include "tests/report/Browser.h"
#include "tests/train/TrainFixtures.h"

using namespace hlotrain;
using hlotrain::testing::CliResult;
using hlotrain::testing::runInProcess;

namespace {

constexpr int64_t kSide = 240;

class SegmentationCommandTest : public train::fixtures::TrainScratch {
protected:
  std::filesystem::path brats() const { return dir / "brats"; }
  std::string artifacts() const { return (dir / "a").string(); }

  // Four training slices and three val slices of two cases at 240x240.
  void writeBrats() {
    std::filesystem::create_directories(brats());
    val_ = data::testing::syntheticSlices(kSide, 3, 2);
    data::testing::writeBytes(brats() / "train.bin",
                              data::testing::bratsBin(data::testing::syntheticSlices(kSide, 4, 1)),
                              false);
    data::testing::writeBytes(brats() / "val.bin", data::testing::bratsBin(val_), false);
    data::testing::writeBytes(brats() / "val_cases.bin", data::testing::valCasesBin({0, 0, 1}),
                              false);
  }

  // A short unet-brats run; `extra` adds flags, and replaces the value of a flag it repeats.
  std::vector<std::string> unetArgs(std::vector<std::string> extra) const {
    std::vector<std::string> args = {
        "train",  "--net",       "unet-brats", "--dataset", "brats",    "--data", brats().string(),
        "--loss", "dice-ce",     "--batch",    "2",         "--epochs", "1",      "--warmup-epochs",
        "0",      "--artifacts", artifacts()};
    return hlotrain::testing::withFlags(std::move(args), extra);
  }

  // Refused before anything is trained: no checkpoint.
  void expectUsageError(const std::vector<std::string>& args, const std::string& needle) {
    hlotrain::testing::expectUsageError(args, needle);
    EXPECT_FALSE(std::filesystem::exists(dir / "a" / "unet_brats_checkpoint.bin"));
  }

  std::vector<data::testing::SliceRecord> val_;
};

TEST_F(SegmentationCommandTest, ListShowsUnetBrats) {
  CliResult r = runInProcess({"list"});
  EXPECT_NE(r.out.find("unet-brats              7849988  4x240x240  4"), std::string::npos)
      << r.out;
}

TEST_F(SegmentationCommandTest, UnetBratsTrainsAndEvaluatesOnBratsFiles) {
  writeBrats();
  CliResult r = runInProcess(unetArgs({"--report"}));
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("training UNet-BraTS (7849988 parameters) on brats (segmentation)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("final test mean region Dice "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("per-case Dice (2 cases)"), std::string::npos) << r.out;
  const std::string prefix = artifacts() + "/unet_brats";
  EXPECT_TRUE(std::filesystem::exists(prefix + "_best_checkpoint.bin"));
  // The report: the plots, and each of the 3 val records drawn with its truth and prediction.
  EXPECT_NE(r.out.find("report " + prefix +
                       "_report.html: segmentation, 1 epoch record, 1 "
                       "evaluation, 6 plots, 9 pictures"),
            std::string::npos)
      << r.out;
  hlotrain::report::testing::expectRendered(dir, prefix + "_report.html", 6, 9);

  std::ifstream in(prefix + "_metrics.jsonl");
  std::string line, eval;
  while (std::getline(in, line))
    if (line.rfind("{\"type\":\"eval\"", 0) == 0) eval = line;
  ASSERT_FALSE(eval.empty());
  hlotrain::testing::Json record = hlotrain::testing::parseJson(eval);
  for (const char* region : {"WT", "TC", "ET"}) {
    EXPECT_EQ(record["dice"][region].kind, hlotrain::testing::Json::Kind::number) << region;
    EXPECT_EQ(record["dice_per_case"][region].kind, hlotrain::testing::Json::Kind::number);
  }
  EXPECT_EQ(record["iou"].array.size(), 4u);
  EXPECT_EQ(record["miou"].kind, hlotrain::testing::Json::Kind::number);
  ASSERT_EQ(record["confusion"].array.size(), 4u);

  // `eval` writes every val record's argmax mask and logits; the matrix the run logged is the
  // one these predictions and the val masks give.
  const std::string predictions = (dir / "p.npy").string(), logits = (dir / "l.npy").string();
  r = runInProcess({"eval", "--net", "unet-brats", "--dataset", "brats", "--data", brats().string(),
                    "--artifacts", artifacts(), "--batch", "2", "--predictions", predictions,
                    "--logits", logits});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("on 3 test records: mean region Dice"), std::string::npos) << r.out;
  ir::Tensor masks = ir::readNpy(predictions);
  ASSERT_EQ(masks.type(), (ir::TensorType{ir::ElementType::ui8, {3, kSide, kSide}}));
  EXPECT_EQ(ir::readNpy(logits).shape(), (ir::Shape{3, 4, kSide, kSide}));
  std::vector<int64_t> counts(16, 0);
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t p = 0; p < kSide * kSide; ++p)
      ++counts[static_cast<size_t>(val_[static_cast<size_t>(i)].mask[static_cast<size_t>(p)] * 4 +
                                   masks.get<uint8_t>(i * kSide * kSide + p))];
  for (int64_t g = 0; g < 4; ++g)
    for (int64_t p = 0; p < 4; ++p)
      EXPECT_EQ(
          record["confusion"].array[static_cast<size_t>(g)].array[static_cast<size_t>(p)].number,
          static_cast<double>(counts[static_cast<size_t>(g * 4 + p)]))
          << g << "," << p;
}

TEST_F(SegmentationCommandTest, BadLossFlagsAreRefusedNamingTheFlags) {
  writeBrats();
  expectUsageError(
      unetArgs({"--loss", "bce"}),
      "--loss: expected one of ce, weighted-ce, focal, dice, dice-ce, yolov1, got 'bce'");
  expectUsageError(unetArgs({"--label-smoothing", "0.1"}),
                   "--label-smoothing cannot be combined with --loss dice-ce");
  expectUsageError(unetArgs({"--loss", "focal", "--label-smoothing", "0.1"}),
                   "--label-smoothing cannot be combined with --loss focal");
  expectUsageError(unetArgs({"--loss", "weighted-ce", "--class-weights", "1,2,3"}),
                   "--class-weights must give one weight per class: 4 expected, 3 given");
  expectUsageError(unetArgs({"--loss", "weighted-ce", "--class-weights", "1,2,0,4"}),
                   "--class-weights must be finite and > 0, got 0 for class 2");
  expectUsageError(unetArgs({"--loss", "weighted-ce", "--class-weights", "1,2,,4"}),
                   "--class-weights: expected a number, got ''");
  expectUsageError(unetArgs({"--loss", "weighted-ce"}), "needs --class-weights");
  expectUsageError(unetArgs({"--class-weights", "1,1,1,1"}),
                   "--class-weights applies to --loss weighted-ce only");
  expectUsageError(unetArgs({"--loss", "focal", "--focal-gamma", "-1"}),
                   "--focal-gamma must be a finite value >= 0, got -1");
  expectUsageError(unetArgs({"--focal-gamma", "2"}), "--focal-gamma applies to --loss focal");
  expectUsageError({"train", "--net", "mnist-linear", "--data", dir.string(), "--loss", "dice"},
                   "--loss dice is a per-pixel loss, but dataset mnist has one class label");
  expectUsageError({"train", "--net", "mnist-linear", "--data", dir.string(), "--context", "1"},
                   "--context applies to the BraTS datasets");
  expectUsageError(
      {"train", "--net", "mnist-cnn", "--dataset", "brats", "--data", brats().string()},
      "MNIST-CNN takes 1x28x28 inputs but dataset brats gives 4x240x240");
  expectUsageError(unetArgs({"--dataset", "brats25d", "--context", "0"}),
                   "--context must be at least 1 for brats25d");
}

TEST_F(SegmentationCommandTest, BadBratsFilesAreOneLineErrors) {
  writeBrats();
  // A 2D file read as 2.5D: the lengths and the layout it fits.
  expectUsageError(unetArgs({"--dataset", "brats25d"}),
                   "train.bin: expected " + std::to_string(4 + 4 * 13 * kSide * kSide) +
                       " bytes (4-byte header + 4 records of 12x240x240 image + 240x240 mask "
                       "bytes), found " +
                       std::to_string(4 + 4 * 5 * kSide * kSide));
  std::vector<data::testing::SliceRecord> bad = val_;
  bad[2].mask[kSide * 7 + 9] = 7;
  data::testing::writeBytes(brats() / "val.bin", data::testing::bratsBin(bad), false);
  expectUsageError(unetArgs({}), "val.bin: record 2 has mask value 7 at row 7, column 9");
  writeBrats();
  data::testing::writeBytes(brats() / "val_cases.bin", data::testing::valCasesBin({0, 1}), false);
  expectUsageError(unetArgs({}), "val_cases.bin: gives cases for 2 records, val.bin holds 3");
}

} // namespace

// The VisDrone YOLOv1 bins (FORMATS.md "YOLOv1 detection (VisDrone, single grid)"): the record
// length derived from the side, the file length and box checks with their one-line messages,
// val.full_gt.bin, labels decoded as stored, and the train-time flip and scaled crop that move
// the boxes with the image and re-encode target and mask. Every expected value is worked out here
// from FORMATS.md's rules, in units chosen so that the arithmetic is exact.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

#include "data/Batch.h"
#include "data/Visdrone.h"
#include "support/Error.h"
#include "tests/data/IdxFiles.h"
#include "tests/data/RecordFiles.h"
#include "tests/data/YoloFiles.h"

namespace hlotrain::data {
namespace {

using testing::DetectionRecord;
using testing::parseErrorOf;

// Where FORMATS.md puts a record's fields, in bytes, for side S (worked out here, not taken from
// the loader): image 3·S·S, then the label part: target f32 [30, G, G], mask f32 [G, G], i32 box
// count, 56 boxes of 20 bytes.
struct Layout {
  int64_t side, grid, cells, image, count, boxes, label, record;
};
constexpr Layout layoutOf(int64_t side) {
  const int64_t grid = side / 32, cells = grid * grid;
  const int64_t count = 4 * (30 * cells + cells);
  const int64_t label = count + 4 + 56 * 20;
  return {side, grid, cells, 3 * side * side, count, count + 4, label, 3 * side * side + label};
}
static_assert(layoutOf(224).grid == 7 && layoutOf(224).label == 7200); // FORMATS.md's figure
static_assert(layoutOf(448).grid == 14 && layoutOf(448).label == 25428);
static_assert(layoutOf(224).count == 6076 && layoutOf(224).record == 157728);

// A decoded label row (int32 words holding the f32 and i32 fields as bits), read by FORMATS.md.
struct Label {
  int64_t grid;
  std::vector<int32_t> words;

  int64_t cells() const { return grid * grid; }
  float target(int64_t c, int64_t i, int64_t j) const {
    return std::bit_cast<float>(words[static_cast<size_t>((c * grid + i) * grid + j)]);
  }
  float mask(int64_t i, int64_t j) const {
    return std::bit_cast<float>(words[static_cast<size_t>(30 * cells() + i * grid + j)]);
  }
  int32_t count() const { return words[static_cast<size_t>(31 * cells())]; }
  LabelBox box(int64_t b) const {
    const size_t at = static_cast<size_t>(31 * cells() + 1 + 5 * b);
    return {words[at], std::bit_cast<float>(words[at + 1]), std::bit_cast<float>(words[at + 2]),
            std::bit_cast<float>(words[at + 3]), std::bit_cast<float>(words[at + 4])};
  }
};

// Cell (i, j) holds a box of class `cls` at offsets (x, y) within the cell and size (w, h):
// confidence 1, the unused second slot 0, one class slot set, mask 1.
void expectCell(const Label& l, int64_t i, int64_t j, double x, double y, double w, double h,
                int32_t cls) {
  SCOPED_TRACE("cell " + std::to_string(i) + "," + std::to_string(j));
  EXPECT_NEAR(l.target(0, i, j), x, 1e-6);
  EXPECT_NEAR(l.target(1, i, j), y, 1e-6);
  EXPECT_NEAR(l.target(2, i, j), w, 1e-6);
  EXPECT_NEAR(l.target(3, i, j), h, 1e-6);
  EXPECT_EQ(l.target(4, i, j), 1.0f);
  for (int64_t c = 5; c < 30; ++c)
    EXPECT_EQ(l.target(c, i, j), c == 10 + cls ? 1.0f : 0.0f) << "channel " << c;
  EXPECT_EQ(l.mask(i, j), 1.0f);
}

// Every cell but `occupied` is empty: mask 0 and all 30 channels 0.
void expectOnlyCells(const Label& l, const std::set<std::pair<int64_t, int64_t>>& occupied) {
  for (int64_t i = 0; i < l.grid; ++i)
    for (int64_t j = 0; j < l.grid; ++j) {
      if (occupied.count({i, j})) continue;
      EXPECT_EQ(l.mask(i, j), 0.0f) << i << "," << j;
      for (int64_t c = 0; c < 30; ++c) EXPECT_EQ(l.target(c, i, j), 0.0f) << c << " " << i << j;
    }
}

void expectBox(const LabelBox& got, int32_t cls, double xmin, double ymin, double xmax,
               double ymax) {
  EXPECT_EQ(got.cls, cls);
  EXPECT_NEAR(got.xmin, xmin, 1e-6);
  EXPECT_NEAR(got.ymin, ymin, 1e-6);
  EXPECT_NEAR(got.xmax, xmax, 1e-6);
  EXPECT_NEAR(got.ymax, ymax, 1e-6);
}

// The raw box slots from `from` on are all zero.
void expectEmptySlots(const Label& l, int64_t from) {
  for (int64_t b = from; b < 56; ++b)
    EXPECT_EQ(l.box(b), (LabelBox{0, 0, 0, 0, 0})) << "slot " << b;
}

// A box given in units of 1/32 of the image: 7 pixels at S = 224, so corners, crops and areas in
// these units are exact in float and in pixels alike.
LabelBox units(int32_t cls, int xmin, int ymin, int xmax, int ymax) {
  return {cls, xmin / 32.0f, ymin / 32.0f, xmax / 32.0f, ymax / 32.0f};
}

template <class T> void put(std::vector<uint8_t>& bytes, int64_t at, T v) {
  std::memcpy(bytes.data() + at, &v, sizeof(T));
}

class VisdroneTest : public testing::ScratchDir {
protected:
  // An image whose bytes say which record they belong to.
  static DetectionRecord record(int64_t index, std::vector<LabelBox> boxes, int64_t side = 224) {
    DetectionRecord r;
    for (int64_t i = 0; i < 3 * side * side; ++i)
      r.image.push_back(static_cast<uint8_t>((index * 31 + i) % 256));
    r.boxes = std::move(boxes);
    return r;
  }
  void write(const std::string& name, const std::vector<DetectionRecord>& records,
             int64_t side = 224) {
    testing::writeBytes(dir / name, testing::yoloBin(records, side), false);
  }
  std::string path(const std::string& name) const { return (dir / name).string(); }
  Dataset load(Split split, int64_t side = 224) const {
    return visdroneIO(side).load(dir.string(), split);
  }
  std::string loadError(Split split, int64_t side = 224) const {
    return parseErrorOf([&] { load(split, side); });
  }
  // The label of `record` under `cut`, as the batch assembler gets it.
  static Label transformed(const Dataset& set, int64_t record, const ImageCut& cut,
                           int64_t side = 224) {
    const Layout layout = layoutOf(side);
    Label l{layout.grid, std::vector<int32_t>(static_cast<size_t>(layout.label / 4))};
    visdroneIO(side).transformLabel(set.label(record), cut, l.words);
    return l;
  }
  // Two records of 224: record 0 one box, record 1 two.
  std::vector<uint8_t> twoRecords() const {
    return testing::yoloBin({record(0, {units(3, 4, 4, 8, 8)}),
                             record(1, {units(0, 2, 2, 6, 6), units(9, 16, 4, 24, 8)})},
                            224);
  }
};

TEST_F(VisdroneTest, TheRecordLengthFollowsTheSide) {
  const DatasetIO& io = visdroneIO(224);
  EXPECT_EQ(&datasetIO(DatasetKind::visdrone), &io); // 224 is the kind's own side
  EXPECT_EQ(io.kind(), DatasetKind::visdrone);
  EXPECT_EQ(io.labelKind(), LabelKind::boxes);
  EXPECT_EQ(io.numClasses(), 10);
  EXPECT_EQ(io.inputShape(), (InputShape{3, 224, 224}));
  EXPECT_EQ(io.labelShape(), (std::vector<int64_t>{7200 / 4}));
  const Augmentation aug = io.augmentation();
  EXPECT_FALSE(aug.randomCrop);
  EXPECT_TRUE(aug.horizontalFlip);
  EXPECT_TRUE(aug.scaledCrop);
  // ImageNet's normalisation.
  EXPECT_NEAR(io.decodePixel(0, 0), -0.485 / 0.229, 1e-6);
  EXPECT_NEAR(io.decodePixel(2, 255), (1 - 0.406) / 0.225, 1e-6);

  write("train.bin", {record(0, {}), record(1, {units(1, 0, 0, 32, 32)})});
  Dataset train = load(Split::train);
  EXPECT_EQ(train.size(), 2);
  EXPECT_EQ(train.geometry(), (Geometry{3, 224, 224, {1800}, 7200, 10}));
  EXPECT_EQ(std::filesystem::file_size(dir / "train.bin"), 4u + 2 * (150528 + 7200));
  EXPECT_EQ(train.image(1)[0], 31);
  EXPECT_EQ(train.label(1).size(), 7200u);

  // S = 448: G = 14, so the target and mask take 4·31·196 bytes before the box count.
  const DatasetIO& big = datasetIO({DatasetKind::visdrone, std::nullopt, 448});
  EXPECT_EQ(&big, &visdroneIO(448));
  EXPECT_EQ(big.inputShape(), (InputShape{3, 448, 448}));
  EXPECT_EQ(big.labelShape(), (std::vector<int64_t>{25428 / 4}));
  write("val.bin", {record(0, {units(2, 4, 8, 12, 16)}, 448)}, 448);
  Dataset val = load(Split::test, 448);
  EXPECT_EQ(val.size(), 1);
  EXPECT_EQ(val.geometry(), (Geometry{3, 448, 448, {6357}, 25428, 10}));

  EXPECT_THROW(visdroneIO(100), ConfigError);
  EXPECT_THROW(visdroneIO(0), ConfigError);
}

TEST_F(VisdroneTest, AFileOfTheWrongLengthIsRefusedNamingItAndBothLengths) {
  const std::string layout224 = " records of 3x224x224 image bytes + 7200 label bytes (target "
                                "30x7x7, mask 7x7, 56 boxes)), found ";
  std::vector<uint8_t> bytes = twoRecords();
  ASSERT_EQ(bytes.size(), 315460u); // 4 + 2 · 157,728

  std::vector<uint8_t> cut = bytes;
  cut.pop_back();
  testing::writeBytes(dir / "train.bin", cut, false);
  EXPECT_EQ(loadError(Split::train), path("train.bin") +
                                         ": expected 315460 bytes (4-byte header + 2" + layout224 +
                                         "315459");

  std::vector<uint8_t> longer = bytes;
  longer.push_back(0);
  testing::writeBytes(dir / "train.bin", longer, false);
  EXPECT_EQ(loadError(Split::train), path("train.bin") +
                                         ": expected 315460 bytes (4-byte header + 2" + layout224 +
                                         "315461");

  // The header says 3 records where the file holds 2: 4 + 3 · 157,728 expected.
  std::vector<uint8_t> miscounted = bytes;
  put<uint32_t>(miscounted, 0, 3);
  testing::writeBytes(dir / "val.bin", miscounted, false);
  const std::string m = loadError(Split::test);
  EXPECT_EQ(m,
            path("val.bin") + ": expected 473188 bytes (4-byte header + 3" + layout224 + "315460");
  EXPECT_EQ(m.find('\n'), std::string::npos);

  // Records of 224 read at 448: the layout of the side asked for, one record of 627,540 bytes.
  testing::writeBytes(dir / "val.bin", testing::yoloBin({record(0, {})}, 224), false);
  EXPECT_EQ(loadError(Split::test, 448),
            path("val.bin") + ": expected 627544 bytes (4-byte header + 1 records of 3x448x448 "
                              "image bytes + 25428 label bytes (target 30x14x14, mask 14x14, 56 "
                              "boxes)), found 157732");

  testing::writeBytes(dir / "train.bin", {1, 0}, false);
  EXPECT_EQ(loadError(Split::train),
            path("train.bin") + ": expected at least 4 bytes (u32 record count), found 2");
  std::filesystem::remove(dir / "train.bin");
  EXPECT_NE(loadError(Split::train).find("visdrone train.bin: no file found"), std::string::npos);
}

TEST_F(VisdroneTest, ABadBoxIsRefusedNamingTheFileTheRecordAndTheProblem) {
  const Layout l = layoutOf(224);
  // Record 1's box 1, and its box count.
  const int64_t label1 = 4 + l.record + l.image;
  const int64_t box1 = label1 + l.boxes + 20;
  const std::string where = path("train.bin") + ": record 1";
  auto refusal = [&](const std::vector<uint8_t>& bytes) {
    testing::writeBytes(dir / "train.bin", bytes, false);
    return loadError(Split::train);
  };
  const std::string corners = ") (expected 0 <= xmin < xmax <= 1, likewise y)";

  std::vector<uint8_t> b = twoRecords();
  put<int32_t>(b, box1, 10); // 10 classes: 0..9
  EXPECT_EQ(refusal(b), where + ", box 1: class 10 (expected 0..9)");
  b = twoRecords();
  put<int32_t>(b, box1, -1);
  EXPECT_EQ(refusal(b), where + ", box 1: class -1 (expected 0..9)");

  // Box 1 is (0.5, 0.125, 0.75, 0.25); each variant breaks one rule.
  b = twoRecords();
  put<float>(b, box1 + 12, 0.5f); // xmax = xmin
  EXPECT_EQ(refusal(b),
            where + ", box 1: corners (0.500000, 0.125000, 0.500000, 0.250000" + corners);
  b = twoRecords();
  put<float>(b, box1 + 4, 0.875f); // xmin > xmax
  EXPECT_EQ(refusal(b),
            where + ", box 1: corners (0.875000, 0.125000, 0.750000, 0.250000" + corners);
  b = twoRecords();
  put<float>(b, box1 + 16, 0.125f); // ymax = ymin
  EXPECT_EQ(refusal(b),
            where + ", box 1: corners (0.500000, 0.125000, 0.750000, 0.125000" + corners);
  b = twoRecords();
  put<float>(b, box1 + 12, 1.25f); // beyond the image
  EXPECT_EQ(refusal(b),
            where + ", box 1: corners (0.500000, 0.125000, 1.250000, 0.250000" + corners);
  b = twoRecords();
  put<float>(b, box1 + 8, -0.25f); // before it
  EXPECT_EQ(refusal(b),
            where + ", box 1: corners (0.500000, -0.250000, 0.750000, 0.250000" + corners);
  b = twoRecords();
  put<float>(b, box1 + 4, std::nanf("")); // no ordering holds for NaN
  EXPECT_NE(refusal(b).find(where + ", box 1: corners (nan, 0.125000"), std::string::npos);

  b = twoRecords();
  put<int32_t>(b, label1 + l.count, 57);
  EXPECT_EQ(refusal(b), where + " has 57 boxes (expected 0..56)");
  b = twoRecords();
  put<int32_t>(b, label1 + l.count, -1);
  EXPECT_EQ(refusal(b), where + " has -1 boxes (expected 0..56)");
  b = twoRecords();
  put<int32_t>(b, label1 + l.count, 56); // the most a record holds: slots 2.. are zero boxes
  EXPECT_EQ(refusal(b),
            where + ", box 2: corners (0.000000, 0.000000, 0.000000, 0.000000" + corners);

  // Slots past the count are not boxes of the record and are not looked at.
  b = twoRecords();
  put<int32_t>(b, label1 + l.boxes + 55 * 20, 99);
  testing::writeBytes(dir / "train.bin", b, false);
  EXPECT_EQ(load(Split::train).size(), 2);

  // At S = 448 the count and boxes sit after 31 · 196 floats.
  const Layout big = layoutOf(448);
  std::vector<uint8_t> b448 = testing::yoloBin({record(0, {units(4, 8, 8, 16, 16)}, 448)}, 448);
  put<int32_t>(b448, 4 + big.image + big.boxes, 12);
  testing::writeBytes(dir / "val.bin", b448, false);
  EXPECT_EQ(loadError(Split::test, 448),
            path("val.bin") + ": record 0, box 0: class 12 (expected 0..9)");
  put<int32_t>(b448, 4 + big.image + big.boxes, 4);
  put<int32_t>(b448, 4 + big.image + big.count, 80);
  testing::writeBytes(dir / "val.bin", b448, false);
  EXPECT_EQ(loadError(Split::test, 448),
            path("val.bin") + ": record 0 has 80 boxes (expected 0..56)");
}

TEST_F(VisdroneTest, ValFullGroundTruthGivesEveryRecordAllItsBoxes) {
  // Record 0 has 60 boxes (val.bin keeps the first 56), record 1 one.
  std::vector<LabelBox> many;
  for (int k = 0; k < 60; ++k)
    many.push_back({k % 10, (k % 8) / 8.0f, (k / 8) / 8.0f, (k % 8) / 8.0f + 1 / 16.0f,
                    (k / 8) / 8.0f + 1 / 16.0f});
  const std::vector<DetectionRecord> records = {record(0, many), record(1, {units(7, 1, 2, 3, 4)})};
  write("val.bin", records);
  write("train.bin", records);
  EXPECT_FALSE(load(Split::test).recordBoxes()); // no val.full_gt.bin

  const std::vector<uint8_t> full = testing::fullGroundTruthBin(records);
  ASSERT_EQ(full.size(), 1232u); // 4 + (4 + 60 · 20) + (4 + 20)
  testing::writeBytes(dir / "val.full_gt.bin", full, false);
  Dataset val = load(Split::test);
  ASSERT_TRUE(val.recordBoxes());
  ASSERT_EQ(val.recordBoxes()->size(), 2u);
  EXPECT_EQ((*val.recordBoxes())[0], many);
  EXPECT_EQ((*val.recordBoxes())[1], records[1].boxes);
  // val.bin itself holds 56 of record 0's boxes.
  int32_t stored = 0;
  std::memcpy(&stored, val.label(0).data() + layoutOf(224).count, 4);
  EXPECT_EQ(stored, 56);
  // The file is val's: train does not read it.
  EXPECT_FALSE(load(Split::train).recordBoxes());

  const std::string file = path("val.full_gt.bin");
  std::vector<uint8_t> b = full;
  b.pop_back(); // record 1's box (bytes 1212..1232) is one byte short
  testing::writeBytes(dir / "val.full_gt.bin", b, false);
  EXPECT_EQ(loadError(Split::test),
            file + ": truncated at byte 1212: expected record 1's boxes (20 more bytes), file is "
                   "1231 bytes");
  b.resize(1210);
  testing::writeBytes(dir / "val.full_gt.bin", b, false);
  EXPECT_EQ(loadError(Split::test), file + ": truncated at byte 1208: expected record 1's box "
                                           "count (4 more bytes), file is 1210 bytes");
  testing::writeBytes(dir / "val.full_gt.bin", {2, 0}, false);
  EXPECT_EQ(loadError(Split::test), file + ": truncated at byte 0: expected the u32 record count "
                                           "(4 more bytes), file is 2 bytes");

  b = full;
  b.push_back(0);
  testing::writeBytes(dir / "val.full_gt.bin", b, false);
  EXPECT_EQ(loadError(Split::test), file + ": expected 1232 bytes, found 1233 (trailing data after "
                                           "the last record)");

  b = full;
  put<uint32_t>(b, 0, 3);
  testing::writeBytes(dir / "val.full_gt.bin", b, false);
  EXPECT_EQ(loadError(Split::test), file + ": gives boxes for 3 records, val.bin holds 2");

  b = full;
  put<int32_t>(b, 1208, -1); // record 1's count
  testing::writeBytes(dir / "val.full_gt.bin", b, false);
  EXPECT_EQ(loadError(Split::test), file + ": record 1 has -1 boxes");

  // Its boxes are checked as val.bin's are; box 59 of record 0 starts at 8 + 59 · 20.
  b = full;
  put<int32_t>(b, 8 + 59 * 20, 10);
  testing::writeBytes(dir / "val.full_gt.bin", b, false);
  EXPECT_EQ(loadError(Split::test), file + ": record 0, box 59: class 10 (expected 0..9)");
  b = full;
  put<float>(b, 8 + 59 * 20 + 12, 2.0f); // xmax
  testing::writeBytes(dir / "val.full_gt.bin", b, false);
  EXPECT_NE(loadError(Split::test)
                .find(file + ": record 0, box 59: corners (0.375000, 0.875000, "
                             "2.000000, 0.937500)"),
            std::string::npos);
}

// Without augmentation a label row is the stored label part as it is, and the image the stored
// pixels, ImageNet-normalised.
TEST_F(VisdroneTest, WithoutAugmentationLabelsAreTheStoredTargetAndMask) {
  // Record 0: class 3 at x [0.125, 0.375), y [0.25, 0.625): centre (0.25, 0.4375); G = 7 gives
  // cx·7 = 1.75, cy·7 = 3.0625, so cell (3, 1) with offsets (0.75, 0.0625), size (0.25, 0.375).
  // A second box, class 8, at x [0.5, 1], y [0.75, 1]: centre (0.75, 0.875) -> 5.25, 6.125:
  // cell (6, 5), offsets (0.25, 0.125), size (0.5, 0.25).
  const std::vector<LabelBox> boxes = {units(3, 4, 8, 12, 20), units(8, 16, 24, 32, 32)};
  write("val.bin", {record(0, boxes), record(1, {})});
  Dataset val = load(Split::test);
  const DatasetIO& io = visdroneIO(224);
  BatchAssembler batches(io, val);
  ASSERT_EQ(batches.labelElements(), 1800);
  std::vector<float> x(2 * 150528);
  std::vector<int32_t> y(2 * 1800);
  const int64_t rows[] = {0, 1};
  batches.assemble(rows, x, y);

  Label l{7, {y.begin(), y.begin() + 1800}};
  expectCell(l, 3, 1, 0.75, 0.0625, 0.25, 0.375, 3);
  expectCell(l, 6, 5, 0.25, 0.125, 0.5, 0.25, 8);
  expectOnlyCells(l, {{3, 1}, {6, 5}});
  EXPECT_EQ(l.count(), 2);
  EXPECT_EQ(l.box(0), boxes[0]);
  EXPECT_EQ(l.box(1), boxes[1]);
  expectEmptySlots(l, 2);
  EXPECT_EQ(std::memcmp(y.data(), val.label(0).data(), 7200), 0); // bit for bit

  Label empty{7, {y.begin() + 1800, y.end()}};
  expectOnlyCells(empty, {});
  EXPECT_EQ(empty.count(), 0);

  for (int64_t i : {int64_t{0}, int64_t{1234}, int64_t{150527}})
    EXPECT_FLOAT_EQ(x[static_cast<size_t>(150528 + i)],
                    io.decodePixel(i / (224 * 224), static_cast<uint8_t>((31 + i) % 256)));
  // The whole image unflipped is no augmentation either: the stored label as it is.
  Label whole = transformed(val, 0, {0, 0, 224, 224, false});
  EXPECT_EQ(whole.words, l.words);
}

TEST_F(VisdroneTest, AFlipMirrorsTheBoxesAndReencodesThemInTheMirroredCell) {
  // Class 2 at x [0.125, 0.375), y [0.25, 0.5) mirrors to x [1 − 0.375, 1 − 0.125) =
  // [0.625, 0.875): centre (0.75, 0.375) -> 5.25, 2.625 at G = 7: cell (2, 5), offsets
  // (0.25, 0.625); it was in cell (2, 1) (cx·7 = 1.75). Class 6 on the left border, x [0, 0.25),
  // y [0.75, 0.875), ends on the right one: x [0.75, 1], centre 0.875 -> 6.125: cell (5, 6)
  // (cy·7 = 5.6875), offsets (0.125, 0.6875).
  write("train.bin", {record(0, {units(2, 4, 8, 12, 16), units(6, 0, 24, 8, 28)})});
  Dataset train = load(Split::train);
  Label l = transformed(train, 0, {0, 0, 224, 224, true});
  expectCell(l, 2, 5, 0.25, 0.625, 0.25, 0.25, 2);
  expectCell(l, 5, 6, 0.125, 0.6875, 0.25, 0.125, 6);
  expectOnlyCells(l, {{2, 5}, {5, 6}});
  ASSERT_EQ(l.count(), 2);
  expectBox(l.box(0), 2, 0.625, 0.25, 0.875, 0.5);
  expectBox(l.box(1), 6, 0.75, 0.75, 1.0, 0.875);
  expectEmptySlots(l, 2);

  // S = 448 (G = 14): the same class-2 box lands at cx·14 = 10.5, cy·14 = 5.25: cell (5, 10).
  write("val.bin", {record(0, {units(2, 4, 8, 12, 16)}, 448)}, 448);
  Label big = transformed(load(Split::test, 448), 0, {0, 0, 448, 448, true}, 448);
  expectCell(big, 5, 10, 0.5, 0.25, 0.25, 0.25, 2);
  expectOnlyCells(big, {{5, 10}});
  ASSERT_EQ(big.count(), 1);
  expectBox(big.box(0), 2, 0.625, 0.25, 0.875, 0.5);
}

// The crop of these tests: y0 = 14, x0 = 28, side 196 pixels, i.e. in units of 1/32 of the image
// (7 px) the square x [4, 32), y [2, 30), 28 units a side (87.5%, inside the 80–100% range). In
// the crop's coordinates a unit is 1/28, and a cell of G = 7 is 4 units.
const ImageCut kCrop{14, 28, 196, 196, false};

// A: wholly inside: kept as it is, mapped into the crop.
// B: over the crop's left border, keeps [4, 6) of x [2, 6): exactly half its area -> kept, clipped.
// C: over the left border, keeps [4, 6) of x [1, 6): 40% -> dropped.
// D: over the bottom border, keeps [27, 30) of y [27, 31): 75% -> kept, clipped.
// E: outside the crop (x [0, 3) against the crop's 4) -> dropped.
std::vector<LabelBox> cropBoxes() {
  return {units(0, 8, 8, 18, 14), units(1, 2, 15, 6, 19), units(2, 1, 20, 6, 24),
          units(3, 20, 27, 24, 31), units(4, 0, 0, 3, 2)};
}

TEST_F(VisdroneTest, AScaledCropClipsDropsAndMapsTheBoxes) {
  write("train.bin", {record(0, cropBoxes())});
  Dataset train = load(Split::train);
  Label l = transformed(train, 0, kCrop);
  // In crop units (subtract (4, 2)): A x [4, 14), y [6, 12), centre (9, 9): cell (2, 2), offsets
  // (0.25, 0.25). B x [0, 2), y [13, 17), centre (1, 15): cell (3, 0), offsets (0.25, 0.75).
  // D x [16, 20), y [25, 28), centre (18, 26.5): cell (6, 4), offsets (0.5, 0.625).
  ASSERT_EQ(l.count(), 3);
  expectBox(l.box(0), 0, 4 / 28.0, 6 / 28.0, 14 / 28.0, 12 / 28.0);
  expectBox(l.box(1), 1, 0, 13 / 28.0, 2 / 28.0, 17 / 28.0);
  expectBox(l.box(2), 3, 16 / 28.0, 25 / 28.0, 20 / 28.0, 1);
  expectEmptySlots(l, 3);
  expectCell(l, 2, 2, 0.25, 0.25, 10 / 28.0, 6 / 28.0, 0);
  expectCell(l, 3, 0, 0.25, 0.75, 2 / 28.0, 4 / 28.0, 1);
  expectCell(l, 6, 4, 0.5, 0.625, 4 / 28.0, 3 / 28.0, 3);
  // C would have been in cell (5, 0), E in none of them.
  expectOnlyCells(l, {{2, 2}, {3, 0}, {6, 4}});
}

TEST_F(VisdroneTest, ACroppedImageIsMirroredAfterTheCrop) {
  write("train.bin", {record(0, cropBoxes())});
  ImageCut cut = kCrop;
  cut.flipped = true;
  Label l = transformed(load(Split::train), 0, cut);
  // The crop's boxes above with x -> 1 − x: A x [14, 24) centre 19: cell (2, 4), offset 0.75;
  // B x [26, 28) centre 27: cell (3, 6), offset 0.75; D x [8, 12) centre 10: cell (6, 2), 0.5.
  ASSERT_EQ(l.count(), 3);
  expectBox(l.box(0), 0, 14 / 28.0, 6 / 28.0, 24 / 28.0, 12 / 28.0);
  expectBox(l.box(1), 1, 26 / 28.0, 13 / 28.0, 1, 17 / 28.0);
  expectBox(l.box(2), 3, 8 / 28.0, 25 / 28.0, 12 / 28.0, 1);
  expectCell(l, 2, 4, 0.75, 0.25, 10 / 28.0, 6 / 28.0, 0);
  expectCell(l, 3, 6, 0.75, 0.75, 2 / 28.0, 4 / 28.0, 1);
  expectCell(l, 6, 2, 0.5, 0.625, 4 / 28.0, 3 / 28.0, 3);
  expectOnlyCells(l, {{2, 4}, {3, 6}, {6, 2}});
}

// FORMATS.md's streams for a batch, written out here: xorshift64; the scaled crop from
// s = seed + 1 with one step each for c = S − s % (S/5 + 1), y0 = s % (S − c + 1), x0 likewise;
// the flip from s = seed + 7777 + 1, one step, flip if s & 1; seed = epoch · 10000 + batch.
struct Drawn {
  int64_t y0, x0, size;
  bool flipped;
};
std::vector<Drawn> drawn(int64_t epoch, int64_t batch, int64_t count, int64_t side) {
  auto step = [](uint64_t s) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  };
  const uint64_t seed = static_cast<uint64_t>(epoch * 10000 + batch);
  uint64_t crop = seed + 1, flip = seed + 7777 + 1;
  const uint64_t s = static_cast<uint64_t>(side);
  std::vector<Drawn> out;
  for (int64_t r = 0; r < count; ++r) {
    Drawn d;
    crop = step(crop);
    d.size = side - static_cast<int64_t>(crop % (s / 5 + 1));
    crop = step(crop);
    d.y0 = static_cast<int64_t>(crop % static_cast<uint64_t>(side - d.size + 1));
    crop = step(crop);
    d.x0 = static_cast<int64_t>(crop % static_cast<uint64_t>(side - d.size + 1));
    flip = step(flip);
    d.flipped = flip & 1;
    out.push_back(d);
  }
  return out;
}

// The assembled batch at (epoch 2, batch 3) against the drawn squares and flips: the image is
// the square resized (bilinear, half-pixel centres) and mirrored, and the box moves with it.
TEST_F(VisdroneTest, TrainingBatchesCropAndFlipAsTheirSeedSays) {
  const int64_t side = 224, n = 4, row = 3 * side * side;
  // Channel 0 holds the column, channel 1 the row: a ramp, which bilinear resampling keeps exact.
  std::vector<DetectionRecord> records;
  // x [14, 18), y [12, 16) units = [98, 126) x [84, 112) pixels: inside every square, as a square
  // of c >= 180 at offset <= 224 − c covers [44, 180).
  const LabelBox central = units(5, 14, 12, 18, 16);
  for (int64_t r = 0; r < n; ++r) {
    DetectionRecord d;
    for (int64_t c = 0; c < 3; ++c)
      for (int64_t y = 0; y < side; ++y)
        for (int64_t x = 0; x < side; ++x)
          d.image.push_back(static_cast<uint8_t>(c == 0 ? x : c == 1 ? y : 40 * r));
    d.boxes = {central};
    records.push_back(std::move(d));
  }
  write("train.bin", records);
  Dataset train = load(Split::train);
  const DatasetIO& io = visdroneIO(side);
  BatchAssembler batches(io, train);
  const std::vector<int64_t> order = {2, 0, 3, 1};
  std::vector<float> x(static_cast<size_t>(n * row));
  std::vector<int32_t> y(static_cast<size_t>(n * 1800));
  batches.assemble(order, x, y, BatchPosition{2, 3});

  const std::vector<Drawn> d = drawn(2, 3, n, side);
  // Seed 20003, worked out once by hand from the recipe: two of the squares are small, one image
  // is flipped.
  EXPECT_EQ(d[0].size, 180);
  EXPECT_EQ(d[0].y0, 38);
  EXPECT_EQ(d[0].x0, 0);
  EXPECT_FALSE(d[0].flipped);
  EXPECT_EQ(d[2].size, 218);
  EXPECT_TRUE(d[2].flipped);

  const double mean[] = {0.485, 0.456}, stdev[] = {0.229, 0.224};
  // Source position in the square of output index o (half-pixel centres, edges clamped).
  auto source = [&](int64_t o, int64_t size) {
    return std::clamp((o + 0.5) * static_cast<double>(size) / side - 0.5, 0.0, size - 1.0);
  };
  for (int64_t r = 0; r < n; ++r) {
    SCOPED_TRACE("row " + std::to_string(r));
    const Drawn& cut = d[static_cast<size_t>(r)];
    for (int64_t i : {int64_t{0}, int64_t{57}, int64_t{223}})
      for (int64_t j : {int64_t{0}, int64_t{1}, int64_t{100}, int64_t{222}, int64_t{223}}) {
        const double column = cut.x0 + source(cut.flipped ? side - 1 - j : j, cut.size);
        const double line = cut.y0 + source(i, cut.size);
        const size_t at = static_cast<size_t>(r * row + i * side + j);
        EXPECT_NEAR(x[at], (column / 255 - mean[0]) / stdev[0], 1e-4) << i << "," << j;
        EXPECT_NEAR(x[at + static_cast<size_t>(side * side)], (line / 255 - mean[1]) / stdev[1],
                    1e-4)
            << i << "," << j;
      }
    // The box in the square's coordinates, mirrored when the image is.
    const double c = static_cast<double>(cut.size);
    double xmin = (98 - cut.x0) / c, xmax = (126 - cut.x0) / c;
    const double ymin = (84 - cut.y0) / c, ymax = (112 - cut.y0) / c;
    if (cut.flipped) std::tie(xmin, xmax) = std::pair(1 - xmax, 1 - xmin);
    Label l{7, {y.begin() + r * 1800, y.begin() + (r + 1) * 1800}};
    ASSERT_EQ(l.count(), 1);
    expectBox(l.box(0), 5, xmin, ymin, xmax, ymax);
    const double cx = (xmin + xmax) / 2 * 7, cy = (ymin + ymax) / 2 * 7;
    const int64_t ci = static_cast<int64_t>(cy), cj = static_cast<int64_t>(cx);
    expectCell(l, ci, cj, cx - cj, cy - ci, xmax - xmin, ymax - ymin, 5);
    expectOnlyCells(l, {{ci, cj}});
  }

  // The same position gives the same batch, bit for bit; the next batch index other squares.
  std::vector<float> x2(x.size());
  std::vector<int32_t> y2(y.size());
  batches.assemble(order, x2, y2, BatchPosition{2, 3});
  EXPECT_EQ(std::memcmp(x.data(), x2.data(), x.size() * 4), 0);
  EXPECT_EQ(y, y2);
  const std::vector<Drawn> next = drawn(2, 4, n, side);
  ASSERT_NE(next[0].size, d[0].size);
  batches.assemble(order, x2, y2, BatchPosition{2, 4});
  EXPECT_NE(std::memcmp(x.data(), x2.data(), static_cast<size_t>(row) * 4), 0);
  Label first{7, {y2.begin(), y2.begin() + 1800}};
  const double c = static_cast<double>(next[0].size);
  ASSERT_TRUE(next[0].flipped); // (2, 4)'s first image is mirrored
  expectBox(first.box(0), 5, 1 - (126 - next[0].x0) / c, (84 - next[0].y0) / c,
            1 - (98 - next[0].x0) / c, (112 - next[0].y0) / c);
}

} // namespace
} // namespace hlotrain::data

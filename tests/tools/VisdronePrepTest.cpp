#include <gtest/gtest.h>
#include <sys/wait.h>

#include <bit>
#include <cmath>
#include <fstream>
#include <optional>
#include <sstream>

#include "JpegFiles.h"
#include "support/Error.h"
#include "tests/data/IdxFiles.h"
#include "tools/Jpeg.h"
#include "tools/Resize.h"
#include "tools/VisdronePrep.h"

using namespace hlotrain;
using namespace hlotrain::tools;
using namespace hlotrain::tools::testing;
using hlotrain::data::testing::ScratchDir;
namespace fs = std::filesystem;

namespace {

// One annotation line as the test writes it (truncation and occlusion vary but never matter).
struct Line {
  int64_t left, top, width, height, score, category;
};

// A generated image and what the test wrote about it.
struct TestImage {
  fs::path jpg;
  int width = 0, height = 0;
  std::vector<Line> lines;
};

// A box as FORMATS.md stores it.
struct StoredBox {
  int32_t cls = 0;
  float xmin = 0, ymin = 0, xmax = 0, ymax = 0;
  bool operator==(const StoredBox&) const = default;
};

std::ostream& operator<<(std::ostream& os, const StoredBox& b) {
  return os << "{" << b.cls << ", " << b.xmin << ", " << b.ymin << ", " << b.xmax << ", " << b.ymax
            << "}";
}

// The kept boxes of an image by the VisDrone rules, normalised in double and rounded to float.
std::vector<StoredBox> keptBoxes(const TestImage& image) {
  std::vector<StoredBox> boxes;
  for (const Line& l : image.lines) {
    if (l.score == 0 || l.category < 1 || l.category > 10 || l.width <= 0 || l.height <= 0)
      continue;
    const double w = image.width, h = image.height;
    boxes.push_back({static_cast<int32_t>(l.category - 1), static_cast<float>(l.left / w),
                     static_cast<float>(l.top / h), static_cast<float>((l.left + l.width) / w),
                     static_cast<float>((l.top + l.height) / h)});
  }
  return boxes;
}

// The target [30, G, G] and mask [G, G] of `boxes`, FORMATS.md's rule written out again.
std::pair<std::vector<float>, std::vector<float>>
referenceTarget(const std::vector<StoredBox>& boxes, int64_t g) {
  std::vector<float> target(static_cast<size_t>(30 * g * g), 0.0f), mask(g * g, 0.0f);
  for (const StoredBox& b : boxes) {
    const double cx = (double{b.xmin} + b.xmax) / 2, cy = (double{b.ymin} + b.ymax) / 2;
    const int64_t i = std::min<int64_t>(g - 1, static_cast<int64_t>(std::floor(cy * g)));
    const int64_t j = std::min<int64_t>(g - 1, static_cast<int64_t>(std::floor(cx * g)));
    float cell[30] = {};
    cell[0] = static_cast<float>(cx * g - j);
    cell[1] = static_cast<float>(cy * g - i);
    cell[2] = static_cast<float>(double{b.xmax} - b.xmin);
    cell[3] = static_cast<float>(double{b.ymax} - b.ymin);
    cell[4] = 1;
    cell[10 + b.cls] = 1;
    for (int64_t c = 0; c < 30; ++c) target[static_cast<size_t>((c * g + i) * g + j)] = cell[c];
    mask[static_cast<size_t>(i * g + j)] = 1;
  }
  return {target, mask};
}

// The image's planes through the same decoder and resampler the Imagenette tool uses.
std::vector<uint8_t> referencePlanes(const fs::path& jpg, int64_t side) {
  std::optional<AreaResizer> resizer;
  decodeJpeg(
      jpg.string(), [&](ImageSize s) { resizer.emplace(s.width, s.height, side, side, 3); },
      [&](std::span<const uint8_t> row) { resizer->addRow(row); });
  std::vector<uint8_t> planes(static_cast<size_t>(3 * side * side));
  resizer->finish(planes);
  return planes;
}

std::vector<uint8_t> readAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Reads little-endian fields off a byte vector, front to back.
struct Reader {
  const std::vector<uint8_t>& bytes;
  size_t at = 0;

  uint32_t u32() {
    EXPECT_LE(at + 4, bytes.size());
    if (at + 4 > bytes.size()) return 0;
    const uint32_t v = uint32_t{bytes[at]} | uint32_t{bytes[at + 1]} << 8 |
                       uint32_t{bytes[at + 2]} << 16 | uint32_t{bytes[at + 3]} << 24;
    at += 4;
    return v;
  }
  int32_t i32() { return static_cast<int32_t>(u32()); }
  float f32() { return std::bit_cast<float>(u32()); }
  StoredBox box() {
    StoredBox b;
    b.cls = i32();
    b.xmin = f32();
    b.ymin = f32();
    b.xmax = f32();
    b.ymax = f32();
    return b;
  }
  std::vector<float> floats(size_t n) {
    std::vector<float> v(n);
    for (float& f : v) f = f32();
    return v;
  }
};

// Float vectors compared bit for bit, reporting the first difference.
std::string firstDifference(const std::vector<float>& actual, const std::vector<float>& expected) {
  if (actual.size() != expected.size())
    return "size " + std::to_string(actual.size()) + " vs " + std::to_string(expected.size());
  for (size_t i = 0; i < actual.size(); ++i)
    if (std::bit_cast<uint32_t>(actual[i]) != std::bit_cast<uint32_t>(expected[i]))
      return "element " + std::to_string(i) + ": " + std::to_string(actual[i]) + " vs " +
             std::to_string(expected[i]);
  return "";
}

// A gradient in R and G with a constant B, so any resampling error or channel swap shows.
std::vector<uint8_t> gradient(int width, int height) {
  std::vector<uint8_t> pixels;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      pixels.insert(pixels.end(), {static_cast<uint8_t>(x * 255 / (width - 1)),
                                   static_cast<uint8_t>(y * 255 / (height - 1)), 77});
  return pixels;
}

class VisdronePrepTest : public ScratchDir {
protected:
  fs::path src() { return dir / "VisDrone"; }
  fs::path out() { return dir / "bins"; }

  // Writes `folder`/images/<stem>.jpg and its annotation file, one line per Line plus `extra`
  // text appended verbatim.
  TestImage addImage(const fs::path& folder, const std::string& stem, int width, int height,
                     std::vector<Line> lines, const std::string& extra = "") {
    fs::create_directories(folder / "images");
    fs::create_directories(folder / "annotations");
    TestImage image{folder / "images" / (stem + ".jpg"), width, height, std::move(lines)};
    writeJpeg(image.jpg, width, height, gradient(width, height));
    std::ofstream text(folder / "annotations" / (stem + ".txt"), std::ios::binary);
    for (size_t k = 0; k < image.lines.size(); ++k) {
      const Line& l = image.lines[k];
      text << l.left << "," << l.top << "," << l.width << "," << l.height << "," << l.score << ","
           << l.category << "," << k % 2 << "," << k % 3 << "\n";
    }
    text << extra;
    return image;
  }

  fs::path annotationOf(const TestImage& image) {
    return image.jpg.parent_path().parent_path() / "annotations" /
           (image.jpg.stem().string() + ".txt");
  }

  // Checks every field of every record of `bin` (and of val.full_gt.bin for val) against the
  // images expected there, in order.
  void expectSplit(const std::string& bin, const std::vector<TestImage>& images, int64_t side) {
    const int64_t g = side / 32;
    const std::vector<uint8_t> bytes = readAll(out() / bin);
    const size_t recordBytes =
        static_cast<size_t>(3 * side * side + 4 * (31 * g * g) + 4 + 56 * 20);
    ASSERT_EQ(bytes.size(), 4 + images.size() * recordBytes) << bin;
    Reader r{bytes};
    ASSERT_EQ(r.u32(), images.size());
    const std::vector<uint8_t> fullGtBytes =
        bin == "val.bin" ? readAll(out() / "val.full_gt.bin") : std::vector<uint8_t>{};
    Reader fullGt{fullGtBytes};
    if (bin == "val.bin") {
      EXPECT_EQ(fullGt.u32(), images.size());
    }
    for (const TestImage& image : images) {
      SCOPED_TRACE(image.jpg.filename().string() + " in " + bin);
      const std::vector<uint8_t> planes = referencePlanes(image.jpg, side);
      EXPECT_TRUE(std::equal(planes.begin(), planes.end(), bytes.begin() + r.at));
      r.at += planes.size();
      const std::vector<StoredBox> kept = keptBoxes(image);
      const auto [target, mask] = referenceTarget(kept, g);
      EXPECT_EQ(firstDifference(r.floats(target.size()), target), "") << "target";
      EXPECT_EQ(firstDifference(r.floats(mask.size()), mask), "") << "mask";
      const size_t listed = std::min<size_t>(kept.size(), 56);
      EXPECT_EQ(r.i32(), static_cast<int32_t>(listed));
      for (size_t k = 0; k < 56; ++k)
        EXPECT_EQ(r.box(), k < listed ? kept[k] : StoredBox{}) << "box " << k;
      if (bin != "val.bin") continue;
      EXPECT_EQ(fullGt.i32(), static_cast<int32_t>(kept.size()));
      for (size_t k = 0; k < kept.size(); ++k) EXPECT_EQ(fullGt.box(), kept[k]) << "full box " << k;
    }
    EXPECT_EQ(r.at, bytes.size());
    EXPECT_EQ(fullGt.at, fullGtBytes.size());
  }

  // Runs the executable; returns its exit status with its stdout and stderr.
  int runTool(const std::string& args, std::string& stdoutText, std::string& stderrText) {
    const fs::path outLog = dir / "stdout.log", errLog = dir / "stderr.log";
    const std::string command = std::string(HLOTRAIN_VISDRONE_PREP) + " " + args + " > " +
                                outLog.string() + " 2> " + errLog.string();
    const int status = std::system(command.c_str());
    std::ifstream outIn(outLog), errIn(errLog);
    stdoutText.assign(std::istreambuf_iterator<char>(outIn), std::istreambuf_iterator<char>());
    stderrText.assign(std::istreambuf_iterator<char>(errIn), std::istreambuf_iterator<char>());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  std::vector<fs::path> outputFiles() {
    std::vector<fs::path> files;
    if (fs::exists(out()))
      for (const auto& entry : fs::directory_iterator(out())) files.push_back(entry.path());
    return files;
  }
};

// 60 boxes of 12x20 in rows of 12 over a 160x120 image, classes cycling: several share cells.
std::vector<Line> denseLines() {
  std::vector<Line> lines;
  for (int64_t k = 0; k < 60; ++k)
    lines.push_back({k % 12 * 13, k / 12 * 23, 12, 20, 1, 1 + k % 10});
  return lines;
}

TEST_F(VisdronePrepTest, WritesEveryFieldAsFormatsSays) {
  const fs::path train = src() / "VisDrone2019-DET-train", val = src() / "val";
  // Written out of order; byte order is B < a < img10 < img9 (neither locale nor natural order).
  const TestImage img9 = addImage(train, "img9", 64, 48,
                                  {{10, 8, 20, 16, 1, 4},    // car, cell (2, 2) of 7
                                   {0, 0, 5, 5, 0, 1},       // score 0
                                   {1, 1, 5, 5, 1, 0},       // ignored region
                                   {2, 2, 5, 5, 1, 11},      // others
                                   {3, 3, 0, 5, 1, 2},       // empty width
                                   {4, 4, 5, -2, 1, 2},      // negative height
                                   {14, 12, 12, 8, 1, 1},    // pedestrian, the same cell: replaces
                                   {54, 38, 10, 10, 1, 10}}, // touching the right and bottom edge
                                  "\n  \r\n30,20,4,4,1,9,0,0,\r\n 40 , 2,3 ,4,1,3,1,2 \n");
  addImage(train, "a", 50, 40, {{5, 5, 10, 10, 0, 4}, {0, 0, 50, 40, 1, 0}}); // no box left
  const TestImage img10 = addImage(train, "img10", 100, 60, {{0, 0, 100, 60, 1, 6}});
  const TestImage b = addImage(train, "B", 33, 21, {{3, 4, 5, 6, 2, 5}});
  std::ofstream(train / "images" / "notes.txt") << "not an image";
  std::ofstream(train / "annotations" / "orphan.txt") << "1,2,3,4,1,1,0,0\n";
  // train/ exists too, but VisDrone2019-DET-train/ comes first.
  std::ofstream(addImage(src() / "train", "bad", 8, 8, {}).jpg) << "not a JPEG";

  const TestImage dense = addImage(val, "0000001_dense", 160, 120, denseLines());
  addImage(val, "0000002_empty", 40, 30, {}); // an empty annotation file
  const TestImage gray = addImage(val, "0000003_gray", 30, 20, {{29, 19, 1, 1, 1, 8}});
  writeJpeg(gray.jpg, 30, 20, solid(30, 20, {90}), JCS_GRAYSCALE);

  std::stringstream log;
  const VisdroneSummary s = prepareVisdrone(src().string(), out().string(), {}, log);
  // The 2 lines after the blank ones count as boxes of img9.
  TestImage img9Full = img9;
  img9Full.lines.push_back({30, 20, 4, 4, 1, 9});
  img9Full.lines.push_back({40, 2, 3, 4, 1, 3});
  expectSplit("train.bin", {b, img10, img9Full}, 224);
  expectSplit("val.bin", {dense, gray}, 224);

  EXPECT_EQ(s.train.images, 4);
  EXPECT_EQ(s.train.records, 3);
  EXPECT_EQ(s.train.droppedImages, 1);
  EXPECT_EQ(s.train.keptBoxes, 1 + 1 + 5);
  EXPECT_EQ(s.train.droppedBoxes, 5 + 2);
  EXPECT_EQ(s.train.cappedRecords, 0);
  EXPECT_EQ(s.val.images, 3);
  EXPECT_EQ(s.val.records, 2);
  EXPECT_EQ(s.val.droppedImages, 1);
  EXPECT_EQ(s.val.keptBoxes, 61);
  EXPECT_EQ(s.val.cappedRecords, 1);
  EXPECT_NE(log.str().find("train: 4/4 images, 3 records, 1 dropped (no box left); 7 boxes kept, "
                           "7 dropped; 0 records over 56 boxes\n"),
            std::string::npos)
      << log.str();

  // Hand-checked fields, independent of the reference: img9's cell (2, 2) holds the pedestrian
  // (class 0) that replaced the car, centre (20/64, 16/48), size (12/64, 8/48).
  const std::vector<uint8_t> bytes = readAll(out() / "train.bin");
  const size_t recordBytes = 3 * 224 * 224 + 7200, image = 3 * 224 * 224;
  auto f32At = [&](size_t record, size_t index) {
    Reader r{bytes, 4 + record * recordBytes + image + 4 * index};
    return r.f32();
  };
  auto targetAt = [&](size_t record, int64_t c, int64_t i, int64_t j) {
    return f32At(record, static_cast<size_t>((c * 7 + i) * 7 + j));
  };
  EXPECT_NEAR(targetAt(2, 0, 2, 2), 20.0 / 64 * 7 - 2, 1e-6);
  EXPECT_NEAR(targetAt(2, 1, 2, 2), 16.0 / 48 * 7 - 2, 1e-6);
  EXPECT_NEAR(targetAt(2, 2, 2, 2), 12.0 / 64, 1e-6);
  EXPECT_NEAR(targetAt(2, 3, 2, 2), 8.0 / 48, 1e-6);
  EXPECT_EQ(targetAt(2, 10, 2, 2), 1.0f);
  EXPECT_EQ(targetAt(2, 13, 2, 2), 0.0f); // the car's slot is gone
  EXPECT_EQ(f32At(2, 30 * 49 + 2 * 7 + 2), 1.0f);
  // The edge box: xmax = ymax = 1 exactly, centre (59/64, 43/48) in cell (6, 6).
  EXPECT_EQ(targetAt(2, 10 + 9, 6, 6), 1.0f);
  // img10 covers its whole image: centre (0.5, 0.5), cell (3, 3), offsets 0.5, size 1.
  EXPECT_EQ(targetAt(1, 0, 3, 3), 0.5f);
  EXPECT_EQ(targetAt(1, 2, 3, 3), 1.0f);
  EXPECT_EQ(targetAt(1, 10 + 5, 3, 3), 1.0f);

  // The dense image's record lists 56 boxes, val.full_gt.bin all 60, and the target uses the
  // last 4 too: box 59 (class 9) owns its cell.
  const std::vector<uint8_t> valBytes = readAll(out() / "val.bin");
  Reader count{valBytes, 4 + image + 4 * 31 * 49};
  EXPECT_EQ(count.i32(), 56);
  const double cx = (11 * 13 + 6) / 160.0, cy = (4 * 23 + 10) / 120.0;
  const size_t cell = static_cast<size_t>(std::floor(cy * 7) * 7 + std::floor(cx * 7));
  Reader slot{valBytes, 4 + image + 4 * ((10 + 9) * 49 + cell)};
  EXPECT_EQ(slot.f32(), 1.0f);
  const std::vector<uint8_t> fullGt = readAll(out() / "val.full_gt.bin");
  EXPECT_EQ(fullGt.size(), 4 + 4 + 60 * 20 + 4 + 1 * 20);

  // The grayscale image's pixels are replicated to R, G, B.
  for (int64_t c = 0; c < 3; ++c) EXPECT_NEAR(valBytes[4 + recordBytes + c * 224 * 224], 90, 3);
}

TEST_F(VisdronePrepTest, At448TheGridIs14) {
  const TestImage one =
      addImage(src() / "train", "one", 90, 70, {{10, 10, 30, 20, 1, 1}, {45, 30, 40, 35, 1, 3}});
  const TestImage two = addImage(src() / "VisDrone2019-DET-val", "two", 20, 20,
                                 {{0, 0, 20, 20, 1, 10}, {5, 5, 2, 2, 1, 7}});
  std::string stdoutText, stderrText;
  ASSERT_EQ(runTool(src().string() + " " + out().string() + " --size 448", stdoutText, stderrText),
            0)
      << stderrText;
  EXPECT_EQ(stderrText, "");
  EXPECT_NE(stdoutText.find("val: 1/1 images, 1 records"), std::string::npos) << stdoutText;
  EXPECT_NE(stdoutText.find("; a record is 3x448x448 image bytes + 25428 label bytes (14x14 "
                            "grid)\n"),
            std::string::npos)
      << stdoutText;
  expectSplit("train.bin", {one}, 448);
  expectSplit("val.bin", {two}, 448);
}

// A good train split, and a val split whose last image (in byte order) is the bad one, so the
// records before it are already in the temporaries when it is refused.
class VisdronePrepRefusalTest : public VisdronePrepTest {
protected:
  TestImage bad;

  void SetUp() override {
    VisdronePrepTest::SetUp();
    addImage(src() / "VisDrone2019-DET-train", "0001", 40, 30, {{1, 2, 3, 4, 1, 1}});
    addImage(src() / "VisDrone2019-DET-train", "0002", 40, 30, {{1, 2, 3, 4, 1, 2}});
    addImage(src() / "VisDrone2019-DET-val", "0001", 40, 30, {{1, 2, 3, 4, 1, 3}});
    bad = addImage(src() / "VisDrone2019-DET-val", "0009", 64, 48,
                   {{1, 2, 3, 4, 1, 1}, {5, 6, 7, 8, 0, 0}});
  }

  void appendToAnnotation(const std::string& text) {
    std::ofstream(annotationOf(bad), std::ios::app) << text;
  }

  // Exit 2, nothing but progress on stdout, one line on stderr, and nothing in OUT.
  void expectRefused(const std::string& message) {
    std::string stdoutText, stderrText;
    EXPECT_EQ(runTool(src().string() + " " + out().string(), stdoutText, stderrText), 2);
    EXPECT_EQ(stderrText, "error: " + message + "\n");
    EXPECT_EQ(stdoutText.find("wrote"), std::string::npos) << stdoutText;
    EXPECT_EQ(outputFiles(), std::vector<fs::path>{}) << "no output, no temporaries";
  }
};

TEST_F(VisdronePrepRefusalTest, AWrongFieldCount) {
  appendToAnnotation("\n1,2,3,4,1,1,0\n");
  expectRefused(annotationOf(bad).string() + ":4: expected 8 comma-separated integers " +
                "(left,top,width,height,score,category,truncation,occlusion), found 7 fields");
}

TEST_F(VisdronePrepRefusalTest, ANonNumber) {
  appendToAnnotation("1,2,3,4x,1,1,0,0\n");
  expectRefused(annotationOf(bad).string() + ":3: field 4 (height) is not an integer (found '4x')");
}

TEST_F(VisdronePrepRefusalTest, ABoxPastTheRightEdge) {
  appendToAnnotation("60,0,5,4,1,1,0,0\n"); // 60 + 5 > 64
  expectRefused(annotationOf(bad).string() + ":3: box left 60, top 0, width 5, height 4 lies " +
                "outside the 64x48 image " + bad.jpg.string());
}

TEST_F(VisdronePrepRefusalTest, ABoxAboveTheTopEvenWhenItWouldBeDropped) {
  appendToAnnotation("0,-1,5,4,0,0,0,0\n");
  expectRefused(annotationOf(bad).string() + ":3: box left 0, top -1, width 5, height 4 lies " +
                "outside the 64x48 image " + bad.jpg.string());
}

TEST_F(VisdronePrepRefusalTest, ACategoryOutsideVisDrone) {
  appendToAnnotation("1,2,3,4,1,12,0,0\n");
  expectRefused(annotationOf(bad).string() +
                ":3: category 12 is not a VisDrone-DET category (expected 0..11)");
}

TEST_F(VisdronePrepRefusalTest, ACorruptJpeg) {
  std::ofstream(bad.jpg) << "this is not a JPEG";
  std::string stdoutText, stderrText;
  EXPECT_EQ(runTool(src().string() + " " + out().string(), stdoutText, stderrText), 2);
  EXPECT_EQ(stderrText.rfind("error: " + bad.jpg.string() + ": not a decodable JPEG (", 0), 0u)
      << stderrText;
  EXPECT_EQ(std::count(stderrText.begin(), stderrText.end(), '\n'), 1) << stderrText;
  EXPECT_EQ(outputFiles(), std::vector<fs::path>{});
}

TEST_F(VisdronePrepRefusalTest, AMissingAnnotationFile) {
  fs::remove(annotationOf(bad));
  expectRefused(bad.jpg.string() + ": no annotation file (expected " + annotationOf(bad).string() +
                ")");
}

TEST_F(VisdronePrepRefusalTest, AMissingSplit) {
  fs::remove_all(src() / "VisDrone2019-DET-val");
  expectRefused(src().string() + ": no val split (expected a folder VisDrone2019-DET-val or val)");
}

TEST_F(VisdronePrepTest, RejectsBadCommandLines) {
  const std::string dirs = src().string() + " " + out().string();
  std::string stdoutText, stderrText;
  for (auto [args, message] : std::vector<std::pair<std::string, std::string>>{
           {dirs + " --size 256", "--size must be 224 or 448, not 256"},
           {dirs + " --size 22x", "--size takes a whole number, not '22x'"},
           {dirs + " --size", "--size needs a value"},
           {dirs + " --grid 7", "unknown option --grid"},
           {src().string(), "expected SRC and OUT, got 1 arguments"},
       }) {
    EXPECT_EQ(runTool(args, stdoutText, stderrText), 2) << args;
    EXPECT_EQ(stderrText.rfind("error: " + message + "\nusage: hlotrain-visdrone-prep", 0), 0u)
        << stderrText;
  }
  EXPECT_EQ(runTool("--help", stdoutText, stderrText), 0);
  EXPECT_EQ(stdoutText.rfind("usage: hlotrain-visdrone-prep SRC OUT", 0), 0u) << stdoutText;
  std::stringstream log;
  EXPECT_THROW(prepareVisdrone(src().string(), out().string(), {300}, log), ConfigError);
  EXPECT_EQ(outputFiles(), std::vector<fs::path>{});
}

TEST_F(VisdronePrepTest, AnUnwritableOutputExitsWithStatus1) {
  addImage(src() / "train", "a", 8, 8, {{0, 0, 4, 4, 1, 1}});
  addImage(src() / "val", "a", 8, 8, {{0, 0, 4, 4, 1, 1}});
  std::ofstream(out()) << "a file where OUT should be";
  std::string stdoutText, stderrText;
  EXPECT_EQ(runTool(src().string() + " " + out().string(), stdoutText, stderrText), 1);
  EXPECT_EQ(stderrText.rfind("error: " + out().string() + ": cannot create (", 0), 0u)
      << stderrText;
}

} // namespace

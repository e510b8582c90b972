#include <gtest/gtest.h>
#include <sys/wait.h>

#include <fstream>
#include <sstream>

#include "JpegFiles.h"
#include "data/Dataset.h"
#include "support/Error.h"
#include "tests/data/IdxFiles.h"
#include "tools/ImagenettePrep.h"
#include "tools/Jpeg.h"

using namespace hlotrain;
using namespace hlotrain::tools;
using namespace hlotrain::tools::testing;
using hlotrain::data::testing::ScratchDir;

namespace {

// Three classes, created out of order so that only sorting gives n01 < n02 < n03.
const std::vector<std::string> kClasses = {"n01000000", "n02000000", "n03000000"};

std::vector<uint8_t> gradient(int width, int height) {
  std::vector<uint8_t> pixels;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      pixels.insert(pixels.end(), {static_cast<uint8_t>(x * 255 / (width - 1)),
                                   static_cast<uint8_t>(y * 255 / (height - 1)), 128});
  return pixels;
}

std::vector<uint8_t> readAll(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class ImagenettePrepTest : public ScratchDir {
protected:
  std::filesystem::path src() { return dir / "imagenette2-320"; }
  std::filesystem::path out() { return dir / "bins"; }
  std::filesystem::path image(const std::string& split, int cls, const std::string& name) {
    std::filesystem::path folder = src() / split / kClasses[static_cast<size_t>(cls)];
    std::filesystem::create_directories(folder);
    return folder / name;
  }

  // train: n01 {solid red 40x30, gradient 64x48}, n02 {gray 50x70}, n03 {solid blue 320x400};
  // val: n01 {224x224 gradient}, n02 {solid green}, n03 {solid blue}.
  void writeTree() {
    writeJpeg(image("train", 2, "c.JPEG"), 320, 400, solid(320, 400, {20, 40, 220}));
    writeJpeg(image("train", 0, "b.JPEG"), 64, 48, gradient(64, 48));
    writeJpeg(image("train", 0, "a.JPEG"), 40, 30, solid(40, 30, {200, 30, 10}));
    writeJpeg(image("train", 1, "g.jpg"), 50, 70, solid(50, 70, {90}), JCS_GRAYSCALE);
    std::ofstream(image("train", 1, "notes.txt")) << "not an image";
    writeJpeg(image("val", 1, "v.JPEG"), 300, 320, solid(300, 320, {10, 180, 60}));
    writeJpeg(image("val", 0, "v.JPEG"), 224, 224, gradient(224, 224));
    writeJpeg(image("val", 2, "v.JPEG"), 33, 33, solid(33, 33, {20, 40, 220}));
  }

  // Runs the tool's executable; returns its exit status, with its output in `output`.
  int runTool(const std::string& args, std::string& output) {
    const std::filesystem::path log = dir / "tool.log";
    const std::string command =
        std::string(HLOTRAIN_IMAGENETTE_PREP) + " " + args + " > " + log.string() + " 2>&1";
    const int status = std::system(command.c_str());
    std::ifstream in(log);
    output.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  int runTool(std::string& output) {
    return runTool(src().string() + " " + out().string(), output);
  }
};

// Every pixel of `record`'s plane c is within `tolerance` of `value`.
void expectSolid(const data::Dataset& data, int64_t record, std::vector<int> colour,
                 int tolerance = 3) {
  const int64_t plane = data.geometry().height * data.geometry().width;
  std::span<const uint8_t> image = data.image(record);
  for (int64_t c = 0; c < 3; ++c)
    for (int64_t p = 0; p < plane; ++p)
      ASSERT_NEAR(image[c * plane + p], colour[c], tolerance) << "record " << record << " c " << c;
}

int32_t labelOf(const data::Dataset& data, int64_t record) {
  return data.label(record)[0];
}

TEST_F(ImagenettePrepTest, WritesBinsTheImagenetteLoaderReads) {
  writeTree();
  std::string output;
  ASSERT_EQ(runTool(output), 0) << output;
  EXPECT_NE(output.find("classes: 0=n01000000 1=n02000000 2=n03000000"), std::string::npos)
      << output;
  data::Dataset train =
      data::loadDataset(data::DatasetKind::imagenette, out().string(), data::Split::train);
  data::Dataset val =
      data::loadDataset(data::DatasetKind::imagenette, out().string(), data::Split::test);
  ASSERT_EQ(train.size(), 4);
  ASSERT_EQ(val.size(), 3);
  EXPECT_EQ(train.geometry().height, 256);
  EXPECT_EQ(val.geometry().height, 224);
  for (auto [record, label] : {std::pair{0, 0}, {1, 0}, {2, 1}, {3, 2}})
    EXPECT_EQ(labelOf(train, record), label);
  for (int record = 0; record < 3; ++record) EXPECT_EQ(labelOf(val, record), record);

  expectSolid(train, 0, {200, 30, 10}); // a.JPEG sorts before b.JPEG
  expectSolid(train, 2, {90, 90, 90});  // grayscale replicated to R, G, B
  expectSolid(train, 3, {20, 40, 220});
  expectSolid(val, 1, {10, 180, 60});
  expectSolid(val, 2, {20, 40, 220});

  // The gradient keeps its orientation: red grows left to right, green top to bottom.
  std::span<const uint8_t> g = train.image(1);
  const int64_t plane = 256 * 256;
  EXPECT_LT(g[128 * 256 + 0], 10);
  EXPECT_GT(g[128 * 256 + 255], 245);
  EXPECT_LT(g[plane + 0 * 256 + 128], 10);
  EXPECT_GT(g[plane + 255 * 256 + 128], 245);
  for (int64_t x = 8; x < 256; x += 8) EXPECT_GE(g[128 * 256 + x], g[128 * 256 + x - 8]);
}

TEST_F(ImagenettePrepTest, KeepsAnImageOfTheTargetSizeExactly) {
  writeTree();
  std::stringstream log;
  ImagenetteSummary s = prepareImagenette(src().string(), out().string(), {}, log);
  EXPECT_EQ(s.classes, kClasses);
  EXPECT_EQ(s.trainRecords, 4);
  EXPECT_EQ(s.valRecords, 3);
  // val/n01/v.JPEG is already 224x224: its record is the decoded image, channel-major.
  std::vector<uint8_t> decoded;
  decodeJpeg(
      image("val", 0, "v.JPEG").string(), [](ImageSize size) { EXPECT_EQ(size.width, 224); },
      [&](std::span<const uint8_t> row) { decoded.insert(decoded.end(), row.begin(), row.end()); });
  data::Dataset val =
      data::loadDataset(data::DatasetKind::imagenette, out().string(), data::Split::test);
  std::span<const uint8_t> stored = val.image(0);
  const int64_t plane = 224 * 224;
  for (int64_t p = 0; p < plane; ++p)
    for (int64_t c = 0; c < 3; ++c) ASSERT_EQ(stored[c * plane + p], decoded[p * 3 + c]);
}

TEST_F(ImagenettePrepTest, SizesAreOptions) {
  writeTree();
  std::stringstream log;
  prepareImagenette(src().string(), out().string(), {16, 8}, log);
  EXPECT_EQ(std::filesystem::file_size(out() / "train.bin"), 4u + 4 * (1 + 3 * 16 * 16));
  EXPECT_EQ(std::filesystem::file_size(out() / "val.bin"), 4u + 3 * (1 + 3 * 8 * 8));
  std::string output;
  EXPECT_EQ(runTool(src().string() + " " + out().string() + " --size-train 0", output), 2);
  EXPECT_NE(output.find("--size-train must be in [1, 4096], not 0"), std::string::npos) << output;
}

TEST_F(ImagenettePrepTest, ACorruptJpegFailsNamingItAndLeavesNoPartialOutput) {
  writeTree();
  std::filesystem::create_directories(out());
  std::ofstream(out() / "train.bin") << "previous";
  const std::filesystem::path bad = image("val", 2, "w.JPEG");
  std::ofstream(bad) << "this is not a JPEG";
  std::string output;
  EXPECT_EQ(runTool(output), 2);
  EXPECT_NE(output.find("error: " + bad.string() + ": not a decodable JPEG ("), std::string::npos)
      << output;
  std::vector<std::filesystem::path> left;
  for (const auto& entry : std::filesystem::directory_iterator(out())) left.push_back(entry.path());
  EXPECT_EQ(left, std::vector<std::filesystem::path>{out() / "train.bin"});
  std::vector<uint8_t> previous = readAll(out() / "train.bin");
  EXPECT_EQ(std::string(previous.begin(), previous.end()), "previous");
}

TEST_F(ImagenettePrepTest, ATruncatedJpegFails) {
  writeTree();
  const std::filesystem::path cut = image("train", 2, "c.JPEG");
  std::filesystem::resize_file(cut, std::filesystem::file_size(cut) / 2);
  std::string output;
  EXPECT_EQ(runTool(output), 2);
  EXPECT_NE(output.find(cut.string() + ": not a decodable JPEG (Premature end of JPEG file)"),
            std::string::npos)
      << output;
}

TEST_F(ImagenettePrepTest, ValMustHoldTheTrainClasses) {
  writeTree();
  std::filesystem::remove_all(src() / "val" / kClasses[1]);
  std::string output;
  EXPECT_EQ(runTool(output), 2);
  EXPECT_NE(output.find((src() / "val").string() + ": expected the class folders of " +
                        (src() / "train").string() +
                        " (n01000000, n02000000, n03000000), found (n01000000, n03000000)"),
            std::string::npos)
      << output;
}

TEST_F(ImagenettePrepTest, RejectsBadCommandLines) {
  std::string output;
  EXPECT_EQ(runTool(src().string(), output), 2);
  EXPECT_NE(output.find("expected SRC_DIR and OUT_DIR"), std::string::npos) << output;
  EXPECT_NE(output.find("usage: hlotrain-imagenette-prep"), std::string::npos) << output;
  EXPECT_EQ(runTool("a b --size-val", output), 2);
  EXPECT_NE(output.find("--size-val needs a value"), std::string::npos) << output;
  EXPECT_EQ(runTool("a b --size-val 2x", output), 2);
  EXPECT_EQ(runTool("a b --frobnicate", output), 2);
  EXPECT_EQ(runTool("--help", output), 0);
  EXPECT_EQ(runTool((dir / "missing").string() + " " + out().string(), output), 2);
  EXPECT_NE(output.find((dir / "missing" / "train").string() + ": not a directory"),
            std::string::npos)
      << output;
}

TEST(Jpeg, ConvertsAdobeCmykToRgb) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("hlotrain_cmyk_" + std::to_string(::getpid()));
  // Inverted CMYK (Adobe): no cyan ink, half magenta, full yellow, no black -> orange.
  writeJpeg(path, 8, 8, solid(8, 8, {255, 128, 0, 255}), JCS_CMYK);
  std::vector<uint8_t> rgb;
  decodeJpeg(
      path.string(), [](ImageSize) {},
      [&](std::span<const uint8_t> row) { rgb.insert(rgb.end(), row.begin(), row.end()); });
  std::filesystem::remove(path);
  ASSERT_EQ(rgb.size(), 8u * 8 * 3);
  EXPECT_NEAR(rgb[0], 255, 3);
  EXPECT_NEAR(rgb[1], 128, 3);
  EXPECT_NEAR(rgb[2], 0, 3);
}

TEST(Jpeg, MissingFileIsAParseError) {
  EXPECT_THROW(decodeJpeg(
                   "/nonexistent/x.JPEG", [](ImageSize) {}, [](std::span<const uint8_t>) {}),
               ParseError);
}

} // namespace

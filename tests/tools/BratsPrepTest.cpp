#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <numeric>
#include <set>
#include <sstream>

#include "NiftiFiles.h"
#include "data/Random.h"
#include "support/Error.h"
#include "support/Xorshift.h"
#include "tests/data/IdxFiles.h"
#include "tools/BratsPrep.h"

using namespace hlotrain;
using namespace hlotrain::tools;
using namespace hlotrain::tools::testing;
using hlotrain::data::testing::ScratchDir;
namespace fs = std::filesystem;

namespace {

// One generated case as the test wrote it: the intensities of its four modalities and its label.
struct TestCase {
  std::string name;
  int64_t width = 0, height = 0, depth = 0; // X, Y, Z
  std::vector<float> image;                 // [m][z][y][x]
  std::vector<uint8_t> label;               // [z][y][x]

  float& at(int64_t m, int64_t x, int64_t y, int64_t z) {
    return image[static_cast<size_t>(((m * depth + z) * height + y) * width + x)];
  }
  uint8_t& labelAt(int64_t x, int64_t y, int64_t z) {
    return label[static_cast<size_t>((z * height + y) * width + x)];
  }
};

// How a case's image is stored: MSD's float32, gzipped, or int16 raw values scaled by 1/4,
// big-endian, in a plain .nii.
enum class Storage { msd, scaledInt16 };

// An elliptic "brain" of pseudo-random intensities (multiples of 1/4, so int16 storage scaled
// by 1/4 holds them exactly) with scattered zero voxels inside; a tumour blob of labels 1..3 in
// each of `tumourSlices`.
TestCase brainCase(const std::string& name, int64_t width, int64_t height, int64_t depth,
                   const std::vector<int64_t>& tumourSlices) {
  TestCase c{name, width, height, depth, {}, {}};
  c.image.assign(static_cast<size_t>(4 * width * height * depth), 0.0f);
  c.label.assign(static_cast<size_t>(width * height * depth), 0);
  uint64_t s = std::hash<std::string>{}(name) | 1;
  for (int64_t m = 0; m < 4; ++m)
    for (int64_t z = 0; z < depth; ++z)
      for (int64_t y = 0; y < height; ++y)
        for (int64_t x = 0; x < width; ++x) {
          s = xorshift64(s);
          const double dx = (x + 0.5 - width / 2.0) / (0.4 * width);
          const double dy = (y + 0.5 - height / 2.0) / (0.4 * height);
          if (dx * dx + dy * dy <= 1 && s % 11 != 0)
            c.at(m, x, y, z) = static_cast<float>(1 + s % 4000) / 4.0f + 100.0f * m;
        }
  for (int64_t z : tumourSlices)
    for (int64_t y = height / 2 - 1; y <= height / 2 + 1; ++y)
      for (int64_t x = width / 2 - 2; x <= width / 2 + 1; ++x) {
        s = xorshift64(s);
        c.labelAt(x, y, z) = static_cast<uint8_t>(1 + s % 3);
      }
  return c;
}

// The stored bytes of every voxel, computed the plain way from FORMATS.md: z-score over the
// non-zero voxels of each modality, background 0, quantised.
std::vector<uint8_t> referenceBytes(const TestCase& c) {
  const size_t voxels = static_cast<size_t>(c.width * c.height * c.depth);
  std::vector<uint8_t> bytes(c.image.size());
  for (size_t m = 0; m < 4; ++m) {
    const float* v = c.image.data() + m * voxels;
    std::vector<double> brain;
    for (size_t i = 0; i < voxels; ++i)
      if (v[i] != 0) brain.push_back(v[i]);
    const double mean =
        brain.empty() ? 0 : std::accumulate(brain.begin(), brain.end(), 0.0) / brain.size();
    double variance = 0;
    for (double b : brain) variance += (b - mean) * (b - mean);
    const double std = brain.empty() ? 0 : std::sqrt(variance / brain.size());
    for (size_t i = 0; i < voxels; ++i) {
      const double z = v[i] == 0 || std == 0 ? 0.0 : (v[i] - mean) / std;
      bytes[m * voxels + i] =
          static_cast<uint8_t>(std::clamp(std::rint(z * 127.0 / 5.0 + 128.0), 0.0, 255.0));
    }
  }
  return bytes;
}

// Slices with a tumour voxel, then every 2nd of them.
std::vector<int64_t> referenceKept(const TestCase& c) {
  std::vector<int64_t> tumour;
  for (int64_t z = 0; z < c.depth; ++z) {
    bool any = false;
    for (int64_t i = 0; i < c.width * c.height; ++i) any |= c.label[z * c.width * c.height + i] > 0;
    if (any) tumour.push_back(z);
  }
  std::vector<int64_t> kept;
  for (size_t i = 0; i < tumour.size(); i += 2) kept.push_back(tumour[i]);
  return kept;
}

// The record of centre slice z: 4 * (2K + 1) channels of S x S, then the S x S mask; source
// voxel of stored (row, col) by center crop / zero pad, padding 128 in the image and 0 in the mask.
std::vector<uint8_t> referenceRecord(const TestCase& c, const std::vector<uint8_t>& bytes,
                                     int64_t z, int64_t side, int64_t context) {
  const int64_t channels = 4 * (2 * context + 1);
  std::vector<uint8_t> record(static_cast<size_t>((channels + 1) * side * side));
  auto source = [&](int64_t stored, int64_t dim) {
    return dim > side ? stored + (dim - side) / 2 : stored - (side - dim) / 2;
  };
  for (int64_t row = 0; row < side; ++row)
    for (int64_t col = 0; col < side; ++col) {
      const int64_t x = source(col, c.width), y = source(row, c.height);
      const bool inside = x >= 0 && x < c.width && y >= 0 && y < c.height;
      for (int64_t m = 0; m < 4; ++m)
        for (int64_t d = -context; d <= context; ++d) {
          const int64_t slice = std::clamp<int64_t>(z + d, 0, c.depth - 1);
          const int64_t channel = m * (2 * context + 1) + d + context;
          record[(channel * side + row) * side + col] =
              inside ? bytes[((m * c.depth + slice) * c.height + y) * c.width + x] : 128;
        }
      record[(channels * side + row) * side + col] =
          inside ? c.label[(z * c.height + y) * c.width + x] : 0;
    }
  return record;
}

// Byte `channel`, `row`, `col` of a record.
uint8_t pixel(const std::vector<uint8_t>& record, int64_t side, int64_t channel, int64_t row,
              int64_t col) {
  return record[static_cast<size_t>((channel * side + row) * side + col)];
}

std::vector<uint8_t> readAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

uint32_t u32At(const std::vector<uint8_t>& bytes, size_t offset) {
  return uint32_t{bytes[offset]} | uint32_t{bytes[offset + 1]} << 8 |
         uint32_t{bytes[offset + 2]} << 16 | uint32_t{bytes[offset + 3]} << 24;
}

// The records of a train.bin / val.bin, after checking the count against the file length.
std::vector<std::vector<uint8_t>> readRecords(const fs::path& path, size_t recordBytes) {
  const std::vector<uint8_t> bytes = readAll(path);
  EXPECT_GE(bytes.size(), 4u) << path;
  if (bytes.size() < 4) return {};
  const size_t n = u32At(bytes, 0);
  EXPECT_EQ(bytes.size(), 4 + n * recordBytes) << path;
  if (bytes.size() != 4 + n * recordBytes) return {};
  std::vector<std::vector<uint8_t>> records;
  for (size_t i = 0; i < n; ++i)
    records.emplace_back(bytes.begin() + 4 + i * recordBytes,
                         bytes.begin() + 4 + (i + 1) * recordBytes);
  return records;
}

std::vector<int32_t> readValCases(const fs::path& path) {
  const std::vector<uint8_t> bytes = readAll(path);
  EXPECT_GE(bytes.size(), 4u) << path;
  if (bytes.size() < 4) return {};
  const size_t n = u32At(bytes, 0);
  EXPECT_EQ(bytes.size(), 4 + 4 * n) << path;
  std::vector<int32_t> indices;
  for (size_t i = 0; i < n && 8 + 4 * i <= bytes.size(); ++i)
    indices.push_back(static_cast<int32_t>(u32At(bytes, 4 + 4 * i)));
  return indices;
}

// The first byte where two records differ, as "channel c row r col x: a vs b", or "".
std::string firstDifference(const std::vector<uint8_t>& actual,
                            const std::vector<uint8_t>& expected, int64_t side) {
  if (actual.size() != expected.size())
    return "size " + std::to_string(actual.size()) + " vs " + std::to_string(expected.size());
  const size_t plane = static_cast<size_t>(side * side);
  for (size_t i = 0; i < actual.size(); ++i)
    if (actual[i] != expected[i])
      return "channel " + std::to_string(i / plane) + " row " + std::to_string(i % plane / side) +
             " col " + std::to_string(i % side) + ": " + std::to_string(actual[i]) + " vs " +
             std::to_string(expected[i]);
  return "";
}

class BratsPrepTest : public ScratchDir {
protected:
  fs::path src() { return dir / "Task01_BrainTumour"; }
  fs::path out() { return dir / "bins"; }

  std::vector<TestCase> cases; // in dataset.json order
  std::vector<std::string> imageFiles;

  fs::path imagePath(size_t i) { return src() / "imagesTr" / imageFiles[i]; }
  fs::path labelPath(size_t i) { return src() / "labelsTr" / (cases[i].name + ".nii.gz"); }

  void addCase(TestCase c, Storage storage = Storage::msd) {
    fs::create_directories(src() / "imagesTr");
    fs::create_directories(src() / "labelsTr");
    NiftiSpec image;
    image.dims = {c.width, c.height, c.depth, 4};
    image.values.assign(c.image.begin(), c.image.end());
    if (storage == Storage::scaledInt16) {
      image.datatype = 4;
      image.bigEndian = true;
      image.sclSlope = 0.25f;
      for (double& v : image.values) v *= 4;
    } else {
      image.gzip = true;
    }
    imageFiles.push_back(c.name + (image.gzip ? ".nii.gz" : ".nii"));
    cases.push_back(std::move(c));
    writeNifti(imagePath(cases.size() - 1), image);
    NiftiSpec label;
    label.dims = {cases.back().width, cases.back().height, cases.back().depth};
    label.datatype = 2;
    label.gzip = true;
    label.values.assign(cases.back().label.begin(), cases.back().label.end());
    writeNifti(labelPath(cases.size() - 1), label);
  }

  // MSD's dataset.json: the training list (in the order added) among fields the tool ignores.
  void writeDatasetJson() {
    std::ofstream json(src() / "dataset.json");
    json << "{\n  \"name\": \"BRATS\",\n  \"modality\": {\"0\": \"FLAIR\", \"1\": \"T1w\", \"2\": "
            "\"t1gd\", \"3\": \"T2w\"},\n  \"numTraining\": "
         << cases.size() << ",\n  \"training\": [";
    for (size_t i = 0; i < cases.size(); ++i)
      json << (i ? ", " : "") << "\n    {\"image\": \"./imagesTr/" << imageFiles[i]
           << "\", \"label\": \"./labelsTr/" << cases[i].name << ".nii.gz\"}";
    json << "\n  ],\n  \"test\": [\"./imagesTs/BRATS_485.nii.gz\"]\n}\n";
  }

  // The val cases by FORMATS.md: the first nVal positions of shuffleOrder over the sorted names.
  std::set<std::string> referenceVal(double fraction, uint64_t seed) {
    std::vector<std::string> names;
    for (const TestCase& c : cases) names.push_back(c.name);
    std::sort(names.begin(), names.end());
    const int64_t n = static_cast<int64_t>(names.size());
    const int64_t nVal = std::clamp<int64_t>(std::llround(fraction * n), 1, n - 1);
    const std::vector<int64_t> order = data::shuffleOrder(n, seed);
    std::set<std::string> val;
    for (int64_t i = 0; i < nVal; ++i) val.insert(names[order[i]]);
    return val;
  }

  // The split's cases (sorted) and record counts, from referenceVal and referenceKept.
  BratsSummary referenceSummary(double fraction, uint64_t seed) {
    const std::set<std::string> val = referenceVal(fraction, seed);
    std::vector<const TestCase*> sorted;
    for (const TestCase& c : cases) sorted.push_back(&c);
    std::sort(sorted.begin(), sorted.end(),
              [](const TestCase* a, const TestCase* b) { return a->name < b->name; });
    BratsSummary summary;
    for (const TestCase* c : sorted) {
      const bool isVal = val.count(c->name) != 0;
      (isVal ? summary.valCases : summary.trainCases).push_back(c->name);
      (isVal ? summary.valRecords : summary.trainRecords) +=
          static_cast<int64_t>(referenceKept(*c).size());
    }
    return summary;
  }

  void expectSummary(const BratsSummary& actual, const BratsSummary& expected) {
    EXPECT_EQ(actual.trainCases, expected.trainCases);
    EXPECT_EQ(actual.valCases, expected.valCases);
    EXPECT_EQ(actual.trainRecords, expected.trainRecords);
    EXPECT_EQ(actual.valRecords, expected.valRecords);
  }

  // Checks every byte of train.bin, val.bin and val_cases.bin against the reference.
  void expectOutputMatchesReference(const BratsSummary& summary, int64_t side, int64_t context) {
    const size_t recordBytes = static_cast<size_t>((4 * (2 * context + 1) + 1) * side * side);
    const auto train = readRecords(out() / "train.bin", recordBytes);
    const auto val = readRecords(out() / "val.bin", recordBytes);
    const std::vector<int32_t> valCases = readValCases(out() / "val_cases.bin");
    std::vector<const TestCase*> sorted;
    for (const TestCase& c : cases) sorted.push_back(&c);
    std::sort(sorted.begin(), sorted.end(),
              [](const TestCase* a, const TestCase* b) { return a->name < b->name; });
    size_t trainRecord = 0, valRecord = 0;
    int32_t valIndex = 0;
    for (const TestCase* c : sorted) {
      const bool isVal = std::find(summary.valCases.begin(), summary.valCases.end(), c->name) !=
                         summary.valCases.end();
      const std::vector<uint8_t> bytes = referenceBytes(*c);
      for (int64_t z : referenceKept(*c)) {
        const auto& records = isVal ? val : train;
        size_t& index = isVal ? valRecord : trainRecord;
        ASSERT_LT(index, records.size()) << c->name << " slice " << z;
        EXPECT_EQ(
            firstDifference(records[index], referenceRecord(*c, bytes, z, side, context), side), "")
            << c->name << " slice " << z;
        if (isVal) {
          ASSERT_LT(index, valCases.size());
          EXPECT_EQ(valCases[index], valIndex) << c->name;
        }
        ++index;
      }
      valIndex += isVal;
    }
    EXPECT_EQ(trainRecord, train.size());
    EXPECT_EQ(valRecord, val.size());
    EXPECT_EQ(valCases.size(), val.size());
    EXPECT_EQ(summary.trainRecords, static_cast<int64_t>(train.size()));
    EXPECT_EQ(summary.valRecords, static_cast<int64_t>(val.size()));
  }

  // Runs the tool's executable; returns its exit status, with its output in `output`.
  int runTool(const std::string& args, std::string& output) {
    const fs::path log = dir / "tool.log";
    const std::string command =
        std::string(HLOTRAIN_BRATS_PREP) + " " + args + " > " + log.string() + " 2>&1";
    const int status = std::system(command.c_str());
    std::ifstream in(log);
    output.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  int runTool(std::string& output) {
    return runTool(src().string() + " " + out().string(), output);
  }

  // What is in OUT (nothing, when it does not exist).
  std::vector<fs::path> outputFiles() {
    std::vector<fs::path> files;
    if (fs::exists(out()))
      for (const auto& entry : fs::directory_iterator(out())) files.push_back(entry.path());
    return files;
  }
};

TEST_F(BratsPrepTest, WritesEveryByteAsFormatsSaysWhenCroppingAndPaddingTo224) {
  // Listed out of order; sizes above, at and below 224 on either axis.
  TestCase mixed = brainCase("BRATS_003", 232, 230, 7, {1, 2, 3, 5, 6});
  TestCase special = brainCase("BRATS_001", 20, 18, 9, {0, 4, 8});
  for (int64_t z = 0; z < 9; ++z)
    for (int64_t y = 0; y < 18; ++y)
      for (int64_t x = 0; x < 20; ++x) {
        special.at(1, x, y, z) = 0; // T1w: two voxels only, 10 and 30, so z = -1 and +1
        special.at(2, x, y, z) = 0; // T1gd: no brain at all
        if (special.at(3, x, y, z) != 0) special.at(3, x, y, z) = 7; // T2w: constant, std 0
      }
  special.at(1, 3, 4, 0) = 10;
  special.at(1, 5, 6, 0) = 30;
  addCase(mixed);
  addCase(special);
  addCase(brainCase("BRATS_010", 231, 219, 5, {2, 3}), Storage::scaledInt16);
  addCase(brainCase("BRATS_002", 240, 240, 4, {0, 1, 2, 3}));
  addCase(brainCase("BRATS_007", 20, 18, 6, {2}));
  addCase(brainCase("BRATS_005", 16, 16, 3, {})); // no tumour: a case without records
  addCase(brainCase("BRATS_004", 20, 20, 4, {3}));
  writeDatasetJson();
  // MSD's macOS junk beside the real files, and a file dataset.json does not list: never read.
  std::ofstream(src() / "imagesTr" / "._BRATS_001.nii.gz") << "AppleDouble junk";
  std::ofstream(src() / "imagesTr" / "BRATS_999.nii.gz") << "not listed";

  std::stringstream log;
  const BratsSummary summary = prepareBrats(src().string(), out().string(), {224, 0, 0.3, 5}, log);
  const BratsSummary expected = referenceSummary(0.3, 5);
  ASSERT_EQ(expected.valCases.size(), 2u); // llround(0.3 * 7)
  ASSERT_EQ(expected.trainRecords + expected.valRecords, 3 + 2 + 1 + 2 + 1 + 0 + 1);
  expectSummary(summary, expected);
  expectOutputMatchesReference(summary, 224, 0);
  const bool firstIsVal = expected.valCases[0] == "BRATS_001";
  EXPECT_NE(log.str().find(std::string("[1/7] BRATS_001 ") + (firstIsVal ? "val" : "train") +
                           ": 2 slices kept (of 3 with tumour), 2 " +
                           (firstIsVal ? "val" : "train") + " records so far"),
            std::string::npos)
      << log.str();

  // Hand-checked bytes, independent of the reference: BRATS_001's first record (slice 0) is its
  // 20 x 18 planes padded to 224 at column (224 - 20) / 2 = 102, row (224 - 18) / 2 = 103.
  const size_t recordBytes = 5 * 224 * 224;
  const auto records = readRecords(out() / (firstIsVal ? "val.bin" : "train.bin"), recordBytes);
  ASSERT_FALSE(records.empty());
  const std::vector<uint8_t>& first = records[0];
  EXPECT_EQ(pixel(first, 224, 1, 103 + 4, 102 + 3), 103); // rint(128 - 127/5)
  EXPECT_EQ(pixel(first, 224, 1, 103 + 6, 102 + 5), 153); // rint(128 + 127/5)
  EXPECT_EQ(pixel(first, 224, 1, 103 + 6, 102 + 6), 128); // background
  for (int64_t channel : {2, 3})
    for (int64_t p = 0; p < 224 * 224; ++p) ASSERT_EQ(first[channel * 224 * 224 + p], 128);
  EXPECT_EQ(pixel(first, 224, 4, 103 + 9, 102 + 10), special.labelAt(10, 9, 0)); // the mask
  EXPECT_GT(special.labelAt(10, 9, 0), 0);
  EXPECT_EQ(pixel(first, 224, 4, 102, 101), 0);   // mask padding
  EXPECT_EQ(pixel(first, 224, 0, 102, 101), 128); // image padding
}

TEST_F(BratsPrepTest, CropsFrom240AtOffset8AndClipsOutliers) {
  TestCase big = brainCase("BRATS_002", 240, 240, 2, {1});
  TestCase outliers = brainCase("BRATS_007", 20, 18, 3, {2});
  for (int64_t m : {0, 1})
    for (int64_t z = 0; z < 3; ++z)
      for (int64_t y = 0; y < 18; ++y)
        for (int64_t x = 0; x < 20; ++x)
          if (outliers.at(m, x, y, z) != 0) outliers.at(m, x, y, z) = 500;
  outliers.at(0, 10, 9, 2) = 1;      // FLAIR: one far-low voxel among 500s: z far below -5
  outliers.at(1, 10, 9, 2) = 100000; // T1w: one far-high voxel: z far above 5
  addCase(big);
  addCase(outliers);
  writeDatasetJson();
  std::stringstream log;
  const BratsSummary summary = prepareBrats(src().string(), out().string(), {224, 0, 0.5, 0}, log);
  expectSummary(summary, referenceSummary(0.5, 0));
  ASSERT_EQ(summary.valCases.size(), 1u);
  expectOutputMatchesReference(summary, 224, 0);
  const bool bigIsVal = summary.valCases[0] == "BRATS_002";
  const auto bigRecords = readRecords(out() / (bigIsVal ? "val.bin" : "train.bin"), 5 * 224 * 224);
  const auto outlierRecords =
      readRecords(out() / (bigIsVal ? "train.bin" : "val.bin"), 5 * 224 * 224);
  ASSERT_EQ(bigRecords.size(), 1u);
  ASSERT_EQ(outlierRecords.size(), 1u);
  // Stored (0, 0) is voxel (8, 8); stored (223, 223) is voxel (231, 231).
  const std::vector<uint8_t> bytes = referenceBytes(big);
  const size_t plane = 240 * 240;
  for (int64_t m = 0; m < 4; ++m) {
    EXPECT_EQ(pixel(bigRecords[0], 224, m, 0, 0), bytes[m * 2 * plane + plane + 8 * 240 + 8]);
    EXPECT_EQ(pixel(bigRecords[0], 224, m, 223, 223),
              bytes[m * 2 * plane + plane + 231 * 240 + 231]);
  }
  EXPECT_EQ(pixel(bigRecords[0], 224, 4, 120 - 8, 120 - 8), big.labelAt(120, 120, 1));
  EXPECT_EQ(pixel(outlierRecords[0], 224, 0, 103 + 9, 102 + 10), 0);
  EXPECT_EQ(pixel(outlierRecords[0], 224, 1, 103 + 9, 102 + 10), 255);
}

TEST_F(BratsPrepTest, ContextStacksNeighbourSlicesClampedAtTheVolumeEnds) {
  addCase(brainCase("BRATS_001", 20, 18, 5, {0, 2, 4})); // kept: 0, 4 (the two ends)
  addCase(brainCase("BRATS_002", 21, 17, 3, {1}));
  addCase(brainCase("BRATS_003", 12, 14, 4, {0, 1, 2, 3}));
  writeDatasetJson();
  std::string output;
  ASSERT_EQ(runTool(src().string() + " " + out().string() + " --context 2 --seed 3", output), 0)
      << output;
  EXPECT_NE(output.find("a record is 20x240x240 image bytes + 240x240 mask bytes"),
            std::string::npos)
      << output;
  const BratsSummary expected = referenceSummary(0.15, 3); // llround(0.45) = 0, clamped to 1
  ASSERT_EQ(expected.valCases.size(), 1u);
  expectOutputMatchesReference(expected, 240, 2);
  EXPECT_NE(output.find("val cases: 0=" + expected.valCases[0] + "\n"), std::string::npos)
      << output;

  // BRATS_001's records are slice 0 and slice 4 of 0..4: channel m * 5 + (d + 2) holds slice
  // clamp(z + d, 0, 4).
  const bool firstIsVal = expected.valCases[0] == "BRATS_001";
  const auto records = readRecords(out() / (firstIsVal ? "val.bin" : "train.bin"), 21 * 240 * 240);
  ASSERT_GE(records.size(), 2u);
  const TestCase& c = cases[0];
  const std::vector<uint8_t> bytes = referenceBytes(c);
  auto voxel = [&](int64_t m, int64_t x, int64_t y, int64_t z) {
    return bytes[static_cast<size_t>(((m * 5 + z) * 18 + y) * 20 + x)];
  };
  const int64_t row = 111 + 9, col = 110 + 10; // voxel (10, 9), padded into 240
  for (int64_t m = 0; m < 4; ++m) {
    const std::vector<int64_t> atStart = {0, 0, 0, 1, 2}, atEnd = {2, 3, 4, 4, 4};
    for (int64_t k = 0; k < 5; ++k) {
      EXPECT_EQ(pixel(records[0], 240, m * 5 + k, row, col), voxel(m, 10, 9, atStart[k]));
      EXPECT_EQ(pixel(records[1], 240, m * 5 + k, row, col), voxel(m, 10, 9, atEnd[k]));
    }
  }
  EXPECT_EQ(pixel(records[1], 240, 20, row, col), c.label[(4 * 18 + 9) * 20 + 10]);
}

TEST_F(BratsPrepTest, SplitsByPatientWithTheValCountClamped) {
  for (int i = 0; i < 3; ++i) addCase(brainCase("BRATS_00" + std::to_string(i), 4, 4, 2, {1}));
  writeDatasetJson();
  std::stringstream log;
  for (auto [fraction, valCount] : {std::pair{0.01, 1u}, {0.5, 2u}, {0.99, 2u}})
    for (uint64_t seed : {0, 1, 2, 41}) {
      const BratsSummary s =
          prepareBrats(src().string(), out().string(), {240, 0, fraction, seed}, log);
      EXPECT_EQ(s.valCases.size(), valCount) << fraction;
      expectSummary(s, referenceSummary(fraction, seed));
      EXPECT_EQ(readValCases(out() / "val_cases.bin").size(), valCount);
    }
}

// Each bad case sorts last, so the cases before it have already been written to temporaries.
class BratsPrepRefusalTest : public BratsPrepTest {
protected:
  void writeGoodCases() {
    addCase(brainCase("BRATS_001", 20, 18, 4, {1, 2}));
    addCase(brainCase("BRATS_002", 20, 18, 4, {2}));
    addCase(brainCase("BRATS_009", 20, 18, 4, {1}));
    writeDatasetJson();
  }
  void expectRefused(const std::string& message) {
    std::string output;
    EXPECT_EQ(runTool(output), 2) << output;
    // Progress lines ("[i/n] ..."), then one line naming the file and what was wrong.
    std::vector<std::string> lines;
    std::istringstream text(output);
    for (std::string line; std::getline(text, line);) lines.push_back(line);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.back().rfind("error: " + message, 0), 0u) << output;
    for (size_t i = 0; i + 1 < lines.size(); ++i) EXPECT_EQ(lines[i][0], '[') << output;
    EXPECT_EQ(outputFiles(), std::vector<fs::path>{}) << "no output, no temporaries";
  }
};

TEST_F(BratsPrepRefusalTest, ALabelOfAnotherSize) {
  writeGoodCases();
  NiftiSpec label;
  label.dims = {20, 18, 3};
  label.datatype = 2;
  label.values.assign(20 * 18 * 3, 0);
  writeNifti(labelPath(2), label);
  expectRefused(labelPath(2).string() + ": the label's dims differ from its image " +
                imagePath(2).string() + " (expected 20x18x4, found 20x18x3)");
}

TEST_F(BratsPrepRefusalTest, AThreeDimensionalImage) {
  writeGoodCases();
  NiftiSpec image;
  image.dims = {20, 18, 4};
  image.values.assign(20 * 18 * 4, 1);
  image.gzip = true;
  writeNifti(imagePath(2), image);
  expectRefused(imagePath(2).string() + ": not an image of the 4 modalities FLAIR, T1w, T1gd, "
                                        "T2w (expected dims X x Y x Z x 4, found 20x18x4)");
}

TEST_F(BratsPrepRefusalTest, ALabelValueOutsideMsdClasses) {
  writeGoodCases();
  cases[2].labelAt(5, 6, 3) = 7;
  NiftiSpec label;
  label.dims = {20, 18, 4};
  label.datatype = 2;
  label.gzip = true;
  label.values.assign(cases[2].label.begin(), cases[2].label.end());
  writeNifti(labelPath(2), label);
  expectRefused(labelPath(2).string() + ": label voxel (5, 6, 3) is not an MSD class (expected " +
                "an integer in 0..3, found 7)");
}

TEST_F(BratsPrepRefusalTest, ANonFiniteIntensity) {
  writeGoodCases();
  cases[2].at(3, 4, 5, 2) = std::numeric_limits<float>::quiet_NaN(); // T2w, voxel (4, 5, 2)
  NiftiSpec image;
  image.dims = {20, 18, 4, 4};
  image.values.assign(cases[2].image.begin(), cases[2].image.end());
  image.gzip = true;
  writeNifti(imagePath(2), image);
  expectRefused(imagePath(2).string() + ": voxel (4, 5, 2, 3) is not finite (expected a finite " +
                "intensity, found nan)");
}

TEST_F(BratsPrepRefusalTest, ATruncatedGzipImage) {
  writeGoodCases();
  fs::resize_file(imagePath(2), fs::file_size(imagePath(2)) / 2);
  expectRefused(imagePath(2).string() + ": corrupt gzip data");
}

TEST_F(BratsPrepRefusalTest, AMissingImageAndOneCase) {
  writeGoodCases();
  fs::remove(imagePath(2));
  expectRefused(imagePath(2).string() + ": not a regular file");
  cases.resize(1);
  writeDatasetJson();
  expectRefused((src() / "dataset.json").string() + ": a split by patient needs at least 2 " +
                "cases (expected at least 2 training entries, found 1)");
}

TEST_F(BratsPrepTest, RefusesMalformedDatasetJson) {
  std::string output;
  const std::string json = (src() / "dataset.json").string();
  fs::create_directories(src());
  EXPECT_EQ(runTool(output), 2);
  EXPECT_NE(output.find(json + ": not a regular file (expected MSD's dataset.json)"),
            std::string::npos)
      << output;
  std::ofstream(json) << "{\"training\": [";
  EXPECT_EQ(runTool(output), 2);
  EXPECT_NE(output.find(json + ": not valid JSON ([json.exception.parse_error"), std::string::npos)
      << output;
  std::ofstream(json) << "{\"test\": []}";
  EXPECT_EQ(runTool(output), 2);
  EXPECT_NE(output.find(json + ": no \"training\" list"), std::string::npos) << output;
  std::ofstream(json) << "{\"training\": [{\"image\": \"./imagesTr/a.nii.gz\"}]}";
  EXPECT_EQ(runTool(output), 2);
  EXPECT_NE(output.find(json + ": training entry 0 has no \"label\" path (expected a string)"),
            std::string::npos)
      << output;
  std::ofstream(json) << "{\"training\": [{\"image\": \"a.mha\", \"label\": \"b.nii\"}]}";
  EXPECT_EQ(runTool(output), 2);
  EXPECT_NE(output.find(json + ": training entry 0 image \"a.mha\" is not a NIfTI file"),
            std::string::npos)
      << output;
  std::ofstream(json) << "{\"training\": [{\"image\": \"a.nii\", \"label\": \"b.nii\"}, "
                         "{\"image\": \"x/a.nii.gz\", \"label\": \"c.nii\"}]}";
  EXPECT_EQ(runTool(output), 2);
  EXPECT_NE(output.find(json + ": case a appears twice (training entries 0 and 1)"),
            std::string::npos)
      << output;
  EXPECT_EQ(outputFiles(), std::vector<fs::path>{});
}

TEST_F(BratsPrepTest, RejectsBadCommandLines) {
  const std::string dirs = src().string() + " " + out().string();
  std::string output;
  for (auto [args, message] : std::vector<std::pair<std::string, std::string>>{
           {dirs + " --size 256", "--size must be 240 or 224, not 256"},
           {dirs + " --size 22x", "--size takes a whole number, not '22x'"},
           {dirs + " --context 17", "--context must be in [0, 16], not 17"},
           {dirs + " --context -1", "--context must be in [0, 16], not -1"},
           {dirs + " --val-fraction 1", "--val-fraction must be in (0, 1), not 1"},
           {dirs + " --val-fraction nan", "--val-fraction must be in (0, 1), not nan"},
           {dirs + " --val-fraction x", "--val-fraction takes a number, not 'x'"},
           {dirs + " --seed -1", "--seed takes a non-negative whole number below 2^64, not '-1'"},
           {dirs + " --seed", "--seed needs a value"},
           {dirs + " --frobnicate", "unknown option --frobnicate"},
           {src().string(), "expected SRC and OUT, got 1 arguments"},
       }) {
    EXPECT_EQ(runTool(args, output), 2) << args;
    EXPECT_EQ(output.rfind("error: " + message + "\nusage: hlotrain-brats-prep", 0), 0u) << output;
  }
  EXPECT_EQ(runTool("--help", output), 0);
  EXPECT_EQ(output.rfind("usage: hlotrain-brats-prep SRC OUT", 0), 0u) << output;
  std::stringstream log;
  EXPECT_THROW(prepareBrats(src().string(), out().string(), {200, 0, 0.15, 0}, log), ConfigError);
  EXPECT_EQ(outputFiles(), std::vector<fs::path>{});
}

TEST_F(BratsPrepTest, AnUnwritableOutputExitsWithStatus1) {
  addCase(brainCase("BRATS_001", 4, 4, 2, {1}));
  addCase(brainCase("BRATS_002", 4, 4, 2, {1}));
  writeDatasetJson();
  std::ofstream(out()) << "a file where OUT should be";
  std::string output;
  EXPECT_EQ(runTool(output), 1) << output;
  EXPECT_EQ(output.rfind("error: " + out().string() + ": cannot create (", 0), 0u) << output;
}

} // namespace

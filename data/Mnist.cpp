#include "data/Mnist.h"

#include <cstring>

#include "data/DataFile.h"
#include "support/Error.h"

namespace hlotrain::data {
namespace {

constexpr uint32_t kImagesMagic = 2051;
constexpr uint32_t kLabelsMagic = 2049;
constexpr int64_t kSide = 28;
constexpr int64_t kClasses = 10;

DataFile openIdx(const std::string& dir, Split split, const std::string& part) {
  std::string name = std::string(split == Split::train ? "train" : "t10k") + "-" + part + "-ubyte";
  return DataFile(findFile(dir, {name, name + ".gz"}, "mnist " + name));
}

// The big-endian u32 words of an IDX header, after checking that the file holds them and that
// the first is `magic`.
std::vector<uint32_t> readHeader(const DataFile& file, uint32_t magic, size_t words,
                                 const std::string& kind) {
  uint64_t bytes = 4 * words;
  if (file.length() < bytes)
    throw ParseError(file.path() + ": expected at least " + std::to_string(bytes) + " bytes (IDX " +
                     kind + " header), found " + std::to_string(file.length()));
  std::vector<uint8_t> raw = file.read(0, bytes);
  std::vector<uint32_t> header(words);
  for (size_t i = 0; i < words; ++i)
    header[i] = uint32_t{raw[4 * i]} << 24 | uint32_t{raw[4 * i + 1]} << 16 |
                uint32_t{raw[4 * i + 2]} << 8 | uint32_t{raw[4 * i + 3]};
  if (header[0] != magic)
    throw ParseError(file.path() + ": expected IDX magic " + std::to_string(magic) + " (" + kind +
                     "), found " + std::to_string(header[0]));
  return header;
}

// Checks the images header and length; returns the image count.
uint64_t checkImages(const DataFile& file) {
  std::vector<uint32_t> header = readHeader(file, kImagesMagic, 4, "images");
  uint64_t n = header[1];
  if (header[2] != kSide || header[3] != kSide)
    throw ParseError(file.path() + ": expected 28x28 images, found " + std::to_string(header[2]) +
                     "x" + std::to_string(header[3]));
  file.expectLength(16 + n * kSide * kSide,
                    "16-byte header + " + std::to_string(n) + " images of 28x28 bytes");
  return n;
}

// Checks the labels header and length; returns the label count.
uint64_t checkLabels(const DataFile& file) {
  uint64_t n = readHeader(file, kLabelsMagic, 2, "labels")[1];
  file.expectLength(8 + n, "8-byte header + " + std::to_string(n) + " labels");
  return n;
}

// Label bytes -> native int32 records, each checked against the class count.
std::vector<uint8_t> decodeLabels(const DataFile& file, const std::vector<uint8_t>& bytes) {
  std::vector<uint8_t> labels(bytes.size() * sizeof(int32_t));
  for (size_t i = 0; i < bytes.size(); ++i) {
    int32_t label = bytes[i];
    if (label >= kClasses)
      throw ParseError(file.path() + ": expected labels below " + std::to_string(kClasses) +
                       ", found " + std::to_string(label) + " for record " + std::to_string(i) +
                       " (byte offset " + std::to_string(8 + i) + ")");
    std::memcpy(labels.data() + i * sizeof(int32_t), &label, sizeof(int32_t));
  }
  return labels;
}

class MnistIO final : public DatasetIO {
public:
  DatasetKind kind() const override { return DatasetKind::mnist; }
  InputShape inputShape() const override { return {1, kSide, kSide}; }
  int64_t numClasses() const override { return kClasses; }

  float decodePixel(int64_t, uint8_t stored) const override {
    return static_cast<float>(stored) / 255.0f;
  }

  Dataset load(const std::string& dir, Split split) const override {
    DataFile imagesFile = openIdx(dir, split, "images-idx3");
    DataFile labelsFile = openIdx(dir, split, "labels-idx1");
    uint64_t n = checkImages(imagesFile);
    uint64_t labelCount = checkLabels(labelsFile);
    if (labelCount != n)
      throw ParseError(labelsFile.path() + ": expected " + std::to_string(n) +
                       " labels (one per image of " + imagesFile.path() + "), found " +
                       std::to_string(labelCount));
    Geometry geometry{1, kSide, kSide, {}, sizeof(int32_t), kClasses};
    std::vector<uint8_t> labels = decodeLabels(labelsFile, labelsFile.read(8, n));
    return Dataset(geometry, imagesFile.read(16, n * kSide * kSide), std::move(labels));
  }
};

} // namespace

const DatasetIO& mnistIO() {
  static const MnistIO io;
  return io;
}

} // namespace hlotrain::data

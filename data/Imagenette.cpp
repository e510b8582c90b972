#include "data/Imagenette.h"

#include <array>
#include <filesystem>

#include "data/DataFile.h"
#include "data/RecordFile.h"
#include "support/Error.h"

namespace hlotrain::data {
namespace {

constexpr int64_t kInputSide = 224;
constexpr int64_t kClasses = 10;
constexpr uint64_t kHeaderBytes = 4;
constexpr std::array<float, 3> kMean = {0.485f, 0.456f, 0.406f};
constexpr std::array<float, 3> kStd = {0.229f, 0.224f, 0.225f};

class ImagenetteIO final : public ByteLabelIO {
public:
  DatasetKind kind() const override { return DatasetKind::imagenette; }
  InputShape inputShape() const override { return {3, kInputSide, kInputSide}; }
  int64_t numClasses() const override { return kClasses; }
  // Imagenette's ten wnid folders in sorted order, the labels hlotrain-imagenette-prep gives them.
  std::vector<std::string> classNames() const override {
    return {"tench",       "English springer", "cassette player", "chain saw", "church",
            "French horn", "garbage truck",    "gas pump",        "golf ball", "parachute"};
  }
  Augmentation augmentation() const override { return {true, true}; }

  float decodePixel(int64_t channel, uint8_t stored) const override {
    return imagenetNormalised(channel, stored);
  }

  Dataset load(const std::string& dir, Split split) const override {
    const std::string name = split == Split::train ? "train.bin" : "val.bin";
    const int64_t side = imagenetteSide(split);
    std::shared_ptr<const MappedFile> file =
        MappedFile::open(findFile(dir, {name}, "imagenette " + name));
    if (file->size() < kHeaderBytes)
      throw ParseError(file->path() + ": expected at least 4 bytes (u32 record count), found " +
                       std::to_string(file->size()));
    std::array<uint8_t, kHeaderBytes> header{};
    file->read(0, header);
    const uint64_t n = uint64_t{header[0]} | uint64_t{header[1]} << 8 | uint64_t{header[2]} << 16 |
                       uint64_t{header[3]} << 24;
    const Geometry geometry = byteLabelledRgb(side, kClasses);
    const uint64_t recordBytes = 1 + static_cast<uint64_t>(geometry.imageBytes());
    const std::string s = std::to_string(side);
    file->expectSize(kHeaderBytes + n * recordBytes, "4-byte header + " + std::to_string(n) +
                                                         " records of 1 label + 3x" + s + "x" + s +
                                                         " pixel bytes");
    return Dataset(geometry, {labelledRecords(file, kHeaderBytes, n, geometry)});
  }
};

} // namespace

const DatasetIO& imagenetteIO() {
  static const ImagenetteIO io;
  return io;
}

float imagenetNormalised(int64_t channel, uint8_t stored) {
  const size_t c = static_cast<size_t>(channel);
  return (static_cast<float>(stored) / 255.0f - kMean.at(c)) / kStd.at(c);
}

int64_t imagenetteSide(Split split) {
  return split == Split::train ? 256 : kInputSide;
}

} // namespace hlotrain::data

#include "data/Visdrone.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>

#include "data/DataFile.h"
#include "data/Imagenette.h"
#include "data/MappedFile.h"
#include "data/Yolo.h"
#include "support/Error.h"

namespace hlotrain::data {
namespace {

constexpr uint64_t kHeaderBytes = 4;
// A box must keep at least this share of its area in a crop.
constexpr double kKeptArea = 0.5;

uint32_t readU32(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

// Empty when `box` is a box of the dataset, else what is wrong with it.
std::string boxProblem(const LabelBox& box) {
  if (box.cls < 0 || box.cls >= kVisdroneClasses)
    return "class " + std::to_string(box.cls) + " (expected 0.." +
           std::to_string(kVisdroneClasses - 1) + ")";
  const bool ordered = box.xmin >= 0 && box.xmin < box.xmax && box.xmax <= 1 && box.ymin >= 0 &&
                       box.ymin < box.ymax && box.ymax <= 1;
  if (!ordered)
    return "corners (" + std::to_string(box.xmin) + ", " + std::to_string(box.ymin) + ", " +
           std::to_string(box.xmax) + ", " + std::to_string(box.ymax) +
           ") (expected 0 <= xmin < xmax <= 1, likewise y)";
  return "";
}

// Every record's box count and boxes, checked before anything trains on them.
void checkRecords(const MappedFile& file, uint64_t n, uint64_t recordBytes, uint64_t imageBytes,
                  const YoloLabelLayout& layout) {
  // The part of each label record checked here: its tail, from the box count on.
  std::vector<uint8_t> listed(layout.bytes - layout.count);
  const uint8_t* boxes = listed.data() + (layout.boxes - layout.count);
  for (uint64_t r = 0; r < n; ++r) {
    file.read(kHeaderBytes + r * recordBytes + imageBytes + layout.count, listed);
    const auto count = static_cast<int32_t>(readU32(listed.data()));
    const std::string where = file.path() + ": record " + std::to_string(r);
    if (count < 0 || count > kYoloMaxBoxes)
      throw ParseError(where + " has " + std::to_string(count) + " boxes (expected 0.." +
                       std::to_string(kYoloMaxBoxes) + ")");
    for (int32_t b = 0; b < count; ++b) {
      std::string problem = boxProblem(boxAt(boxes + static_cast<size_t>(b * kYoloBoxBytes)));
      if (!problem.empty()) throw ParseError(where + ", box " + std::to_string(b) + ": " + problem);
    }
  }
}

// <dir>/val.full_gt.bin: u32 n, then per record i32 nb and nb boxes.
std::vector<std::vector<LabelBox>> readFullGroundTruth(const std::string& path, int64_t records) {
  DataFile file(path);
  const std::vector<uint8_t> bytes = file.read(0, file.length());
  size_t at = 0;
  auto need = [&](size_t count, const std::string& what) {
    if (bytes.size() - at < count)
      throw ParseError(path + ": truncated at byte " + std::to_string(at) + ": expected " + what +
                       " (" + std::to_string(count) + " more bytes), file is " +
                       std::to_string(bytes.size()) + " bytes");
  };
  need(4, "the u32 record count");
  const uint32_t n = readU32(bytes.data());
  at = 4;
  if (n != static_cast<uint64_t>(records))
    throw ParseError(path + ": gives boxes for " + std::to_string(n) + " records, val.bin holds " +
                     std::to_string(records));
  std::vector<std::vector<LabelBox>> boxes(n);
  for (uint32_t r = 0; r < n; ++r) {
    need(4, "record " + std::to_string(r) + "'s box count");
    const auto nb = static_cast<int32_t>(readU32(bytes.data() + at));
    at += 4;
    if (nb < 0)
      throw ParseError(path + ": record " + std::to_string(r) + " has " + std::to_string(nb) +
                       " boxes");
    need(static_cast<size_t>(nb) * kYoloBoxBytes, "record " + std::to_string(r) + "'s boxes");
    for (int32_t b = 0; b < nb; ++b, at += kYoloBoxBytes) {
      boxes[r].push_back(boxAt(bytes.data() + at));
      std::string problem = boxProblem(boxes[r].back());
      if (!problem.empty())
        throw ParseError(path + ": record " + std::to_string(r) + ", box " + std::to_string(b) +
                         ": " + problem);
    }
  }
  if (at != bytes.size())
    throw ParseError(path + ": expected " + std::to_string(at) + " bytes, found " +
                     std::to_string(bytes.size()) + " (trailing data after the last record)");
  return boxes;
}

// `box` as seen in the cut: cropped to the source rectangle, clipped, mirrored; nullopt when less
// than half its area survives.
std::optional<LabelBox> cutBox(const LabelBox& box, const ImageCut& cut, int64_t side) {
  const double s = static_cast<double>(side);
  const double x0 = std::max(box.xmin * s, double(cut.x0)),
               x1 = std::min(box.xmax * s, double(cut.x0 + cut.width));
  const double y0 = std::max(box.ymin * s, double(cut.y0)),
               y1 = std::min(box.ymax * s, double(cut.y0 + cut.height));
  const double area = (double(box.xmax) - box.xmin) * (double(box.ymax) - box.ymin) * s * s;
  if (x1 <= x0 || y1 <= y0 || (x1 - x0) * (y1 - y0) < kKeptArea * area) return std::nullopt;
  LabelBox out{box.cls, static_cast<float>((x0 - cut.x0) / cut.width),
               static_cast<float>((y0 - cut.y0) / cut.height),
               static_cast<float>((x1 - cut.x0) / cut.width),
               static_cast<float>((y1 - cut.y0) / cut.height)};
  if (cut.flipped) out = {out.cls, 1 - out.xmax, out.ymin, 1 - out.xmin, out.ymax};
  return out;
}

class VisdroneIO final : public DatasetIO {
public:
  explicit VisdroneIO(int64_t side) : side_(side), layout_(side) {}

  DatasetKind kind() const override { return DatasetKind::visdrone; }
  InputShape inputShape() const override { return {3, side_, side_}; }
  int64_t numClasses() const override { return kVisdroneClasses; }
  std::vector<std::string> classNames() const override {
    return {"pedestrian", "people",   "bicycle",         "car", "van",
            "truck",      "tricycle", "awning-tricycle", "bus", "motor"};
  }
  LabelKind labelKind() const override { return LabelKind::boxes; }
  std::vector<int64_t> labelShape() const override {
    return {static_cast<int64_t>(layout_.bytes / 4)};
  }
  Augmentation augmentation() const override { return {false, true, true}; }

  float decodePixel(int64_t channel, uint8_t stored) const override {
    return imagenetNormalised(channel, stored);
  }

  Dataset load(const std::string& dir, Split split) const override {
    const std::string name = split == Split::train ? "train.bin" : "val.bin";
    std::shared_ptr<const MappedFile> file =
        MappedFile::open(findFile(dir, {name}, "visdrone " + name));
    if (file->size() < kHeaderBytes)
      throw ParseError(file->path() + ": expected at least 4 bytes (u32 record count), found " +
                       std::to_string(file->size()));
    std::array<uint8_t, kHeaderBytes> header{};
    file->read(0, header);
    const uint64_t n = readU32(header.data());
    const uint64_t imageBytes = static_cast<uint64_t>(3 * side_ * side_);
    const uint64_t recordBytes = imageBytes + layout_.bytes;
    const std::string s = std::to_string(side_), g = std::to_string(yolo::gridOf(side_));
    file->expectSize(kHeaderBytes + n * recordBytes,
                     "4-byte header + " + std::to_string(n) + " records of 3x" + s + "x" + s +
                         " image bytes + " + std::to_string(layout_.bytes) +
                         " label bytes (target 30x" + g + "x" + g + ", mask " + g + "x" + g +
                         ", 56 boxes)");
    checkRecords(*file, n, recordBytes, imageBytes, layout_);
    std::span<const uint8_t> records = file->bytes().subspan(kHeaderBytes);
    const Geometry geometry{3,
                            side_,
                            side_,
                            {static_cast<int64_t>(layout_.bytes / 4)},
                            static_cast<int64_t>(layout_.bytes),
                            kVisdroneClasses};
    RecordRun run{file,
                  records,
                  static_cast<int64_t>(recordBytes),
                  records.subspan(std::min<size_t>(records.size(), imageBytes)),
                  static_cast<int64_t>(recordBytes),
                  static_cast<int64_t>(n),
                  file.get()};
    Dataset dataset(geometry, {std::move(run)});
    const std::filesystem::path full = std::filesystem::path(dir) / "val.full_gt.bin";
    std::error_code ec;
    if (split == Split::test && std::filesystem::exists(full, ec))
      dataset.setRecordBoxes(readFullGroundTruth(full.string(), dataset.size()));
    return dataset;
  }

  void transformLabel(std::span<const uint8_t> stored, const ImageCut& cut,
                      std::span<int32_t> out) const override {
    if (cut.isWhole(side_, side_)) return decodeLabel(stored, out);
    std::vector<LabelBox> kept;
    for (const LabelBox& box : listedBoxes(stored, layout_))
      if (std::optional<LabelBox> b = cutBox(box, cut, side_)) kept.push_back(*b);
    decodeLabel(encodeYoloLabel(kept, side_), out);
  }

private:
  int64_t side_;
  YoloLabelLayout layout_;
};

} // namespace

const DatasetIO& visdroneIO(int64_t side) {
  // At most 4096 (as BraTS's sides), so that a record's byte count cannot overflow.
  if (side < 32 || side % 32 != 0 || side > 4096)
    throw ConfigError("a YOLOv1 record side must be a multiple of 32 in [32, 4096], got " +
                      std::to_string(side));
  static std::mutex mutex;
  static std::map<int64_t, std::unique_ptr<const VisdroneIO>> made;
  std::lock_guard<std::mutex> lock(mutex);
  auto& io = made[side];
  if (!io) io = std::make_unique<const VisdroneIO>(side);
  return *io;
}

} // namespace hlotrain::data

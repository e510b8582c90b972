#include "data/Brats.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

#include "data/DataFile.h"
#include "data/MappedFile.h"
#include "support/Error.h"

namespace hlotrain::data {
namespace {

constexpr uint64_t kHeaderBytes = 4;
constexpr std::array<int64_t, 2> kSides = {240, 224};

const std::array<LabelRegion, 3>& regionTable() {
  static const std::array<LabelRegion, 3> regions = {
      LabelRegion{"WT", {1, 2, 3}}, LabelRegion{"TC", {2, 3}}, LabelRegion{"ET", {3}}};
  return regions;
}

uint32_t readU32(std::span<const uint8_t> bytes) {
  return uint32_t{bytes[0]} | uint32_t{bytes[1]} << 8 | uint32_t{bytes[2]} << 16 |
         uint32_t{bytes[3]} << 24;
}

uint64_t recordBytes(int64_t side, int64_t context) {
  return static_cast<uint64_t>((bratsChannels(context) + 1) * side * side);
}

std::string recordLayout(int64_t side, int64_t context) {
  const std::string s = std::to_string(side);
  return std::to_string(bratsChannels(context)) + "x" + s + "x" + s + " image + " + s + "x" + s +
         " mask bytes";
}

// What a file of `length` bytes and `n` records would hold if it is another BraTS variant, so a
// 2D file read as 2.5D (or the reverse) says how to read it.
std::string otherVariantHint(uint64_t length, uint64_t n, int64_t side, int64_t context) {
  if (n == 0 || length < kHeaderBytes || (length - kHeaderBytes) % n != 0) return "";
  const uint64_t each = (length - kHeaderBytes) / n;
  for (int64_t s : {side, kSides[0], kSides[1]})
    for (int64_t k = 0; k <= kBratsMaxContext; ++k)
      if ((s != side || k != context) && recordBytes(s, k) == each)
        return "; its records fit " + recordLayout(s, k) + " (" +
               (k == 0 ? "2D" : "2.5D with --context " + std::to_string(k)) + " at " +
               std::to_string(s) + "x" + std::to_string(s) + ")";
  return "";
}

// The first mask byte >= kBratsClasses, scanning the masks only.
void checkMasks(const MappedFile& file, uint64_t n, int64_t side, int64_t context) {
  const uint64_t each = recordBytes(side, context);
  const uint64_t maskBytes = static_cast<uint64_t>(side * side);
  const uint64_t imageBytes = each - maskBytes;
  std::vector<uint8_t> mask(maskBytes);
  file.adviseRandomAccess(true); // the images' pages are never touched
  for (uint64_t r = 0; r < n; ++r) {
    const uint64_t maskAt = kHeaderBytes + r * each + imageBytes;
    file.read(maskAt, mask);
    const auto bad =
        std::find_if(mask.begin(), mask.end(), [](uint8_t v) { return v >= kBratsClasses; });
    if (bad == mask.end()) continue;
    const uint64_t at = static_cast<uint64_t>(bad - mask.begin());
    file.adviseRandomAccess(false);
    throw ParseError(file.path() + ": record " + std::to_string(r) + " has mask value " +
                     std::to_string(*bad) + " at row " + std::to_string(at / side) + ", column " +
                     std::to_string(at % side) + " (byte offset " + std::to_string(maskAt + at) +
                     "); BraTS masks hold classes 0..3 in MSD numbering");
  }
  file.adviseRandomAccess(false);
}

// <dir>/val_cases.bin: u32 n, then n i32 case indices, one per val record.
std::vector<int32_t> readValCases(const std::string& path, int64_t records) {
  DataFile file(path);
  const uint64_t length = file.length();
  if (length < kHeaderBytes)
    throw ParseError(path + ": expected at least 4 bytes (u32 record count), found " +
                     std::to_string(length));
  const uint64_t n = readU32(file.read(0, kHeaderBytes));
  if (n != static_cast<uint64_t>(records))
    throw ParseError(path + ": gives cases for " + std::to_string(n) + " records, val.bin holds " +
                     std::to_string(records));
  file.expectLength(kHeaderBytes + 4 * n,
                    "4-byte header + " + std::to_string(n) + " i32 case indices");
  std::vector<uint8_t> bytes = file.read(kHeaderBytes, 4 * n);
  std::vector<int32_t> cases(n);
  if (n > 0) std::memcpy(cases.data(), bytes.data(), bytes.size());
  for (uint64_t i = 0; i < n; ++i)
    if (cases[i] < 0)
      throw ParseError(path + ": record " + std::to_string(i) + " has case index " +
                       std::to_string(cases[i]) + " (byte offset " + std::to_string(4 + 4 * i) +
                       "); case indices are >= 0");
  return cases;
}

class BratsIO final : public DatasetIO {
public:
  BratsIO(DatasetKind kind, int64_t context, int64_t side)
      : kind_(kind), side_(side), context_(context) {}

  DatasetKind kind() const override { return kind_; }
  InputShape inputShape() const override { return {bratsChannels(context_), side_, side_}; }
  int64_t numClasses() const override { return kBratsClasses; }
  // MSD numbering (FORMATS.md "BraTS").
  std::vector<std::string> classNames() const override {
    return {"background", "edema", "non-enhancing/necrotic core", "enhancing tumour"};
  }
  LabelKind labelKind() const override { return LabelKind::mask; }
  std::vector<int64_t> labelShape() const override { return {side_, side_}; }
  std::span<const LabelRegion> regions() const override { return bratsRegions(); }
  // FLAIR (modality 0) of the centre slice, channel 0·(2K+1) + 0 + K: where the whole tumour's
  // oedema shows brightest.
  std::vector<int64_t> pictureChannels() const override { return {context_}; }

  float decodePixel(int64_t, uint8_t stored) const override {
    return static_cast<float>(stored - 128) * 5.0f / 127.0f;
  }

  Dataset load(const std::string& dir, Split split) const override {
    const std::string name = split == Split::train ? "train.bin" : "val.bin";
    std::shared_ptr<const MappedFile> file =
        MappedFile::open(findFile(dir, {name}, std::string(datasetKindName(kind_)) + " " + name));
    if (file->size() < kHeaderBytes)
      throw ParseError(file->path() + ": expected at least 4 bytes (u32 record count), found " +
                       std::to_string(file->size()));
    std::array<uint8_t, kHeaderBytes> header{};
    file->read(0, header);
    const uint64_t n = readU32(header);
    const uint64_t each = recordBytes(side_, context_);
    if (file->size() != kHeaderBytes + n * each)
      throw ParseError(file->path() + ": expected " + std::to_string(kHeaderBytes + n * each) +
                       " bytes (4-byte header + " + std::to_string(n) + " records of " +
                       recordLayout(side_, context_) + "), found " + std::to_string(file->size()) +
                       otherVariantHint(file->size(), n, side_, context_));
    checkMasks(*file, n, side_, context_);
    const int64_t stride = static_cast<int64_t>(each);
    const Geometry geometry{bratsChannels(context_), side_,         side_,
                            {side_, side_},          side_ * side_, kBratsClasses};
    std::span<const uint8_t> records = file->bytes().subspan(kHeaderBytes);
    RecordRun run{
        file,      records,
        stride,    records.subspan(std::min<size_t>(records.size(), geometry.imageBytes())),
        stride,    static_cast<int64_t>(n),
        file.get()};
    Dataset dataset(geometry, {std::move(run)});
    const std::filesystem::path cases = std::filesystem::path(dir) / "val_cases.bin";
    std::error_code ec;
    if (split == Split::test && std::filesystem::exists(cases, ec))
      dataset.setRecordGroups(readValCases(cases.string(), dataset.size()));
    return dataset;
  }

private:
  DatasetKind kind_;
  int64_t side_;
  int64_t context_;
};

} // namespace

std::span<const LabelRegion> bratsRegions() {
  return regionTable();
}

bool isBrats(DatasetKind kind) {
  return kind == DatasetKind::brats || kind == DatasetKind::brats224 ||
         kind == DatasetKind::brats25d;
}

int64_t bratsSide(DatasetKind kind) {
  return kind == DatasetKind::brats224 ? 224 : 240;
}

int64_t bratsDefaultContext(DatasetKind kind) {
  return kind == DatasetKind::brats25d ? 1 : 0;
}

const DatasetIO& bratsIO(DatasetKind kind, int64_t context, int64_t side) {
  if (!isBrats(kind) || context < 0 || context > kBratsMaxContext || side < 1)
    throw RuntimeError("no BraTS dataset " + std::string(datasetKindName(kind)) + " with context " +
                       std::to_string(context) + " and side " + std::to_string(side));
  // One IO per variant, alive for the program, as the fixed kinds' are.
  static std::mutex mutex;
  static std::map<std::tuple<DatasetKind, int64_t, int64_t>, std::unique_ptr<const BratsIO>> made;
  std::lock_guard<std::mutex> lock(mutex);
  auto& io = made[{kind, context, side}];
  if (!io) io = std::make_unique<const BratsIO>(kind, context, side);
  return *io;
}

} // namespace hlotrain::data

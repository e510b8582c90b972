#include "data/Dataset.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <numeric>

#include "data/Brats.h"
#include "data/Cifar.h"
#include "data/Imagenette.h"
#include "data/MappedFile.h"
#include "data/Mnist.h"
#include "data/Text.h"
#include "data/TokenFile.h"
#include "data/Visdrone.h"
#include "support/Error.h"

namespace hlotrain::data {
namespace {

constexpr std::array kKinds = {
    DatasetKind::mnist,    DatasetKind::cifar10,  DatasetKind::imagenette,
    DatasetKind::brats,    DatasetKind::brats224, DatasetKind::brats25d,
    DatasetKind::visdrone, DatasetKind::text,     DatasetKind::tokens};

} // namespace

std::string_view datasetKindName(DatasetKind kind) {
  switch (kind) {
  case DatasetKind::mnist:
    return "mnist";
  case DatasetKind::cifar10:
    return "cifar10";
  case DatasetKind::imagenette:
    return "imagenette";
  case DatasetKind::brats:
    return "brats";
  case DatasetKind::brats224:
    return "brats224";
  case DatasetKind::brats25d:
    return "brats25d";
  case DatasetKind::visdrone:
    return "visdrone";
  case DatasetKind::text:
    return "text";
  case DatasetKind::tokens:
    return "tokens";
  }
  return "?";
}

std::optional<DatasetKind> datasetKindFromName(std::string_view name) {
  for (DatasetKind kind : kKinds)
    if (datasetKindName(kind) == name) return kind;
  return std::nullopt;
}

std::span<const DatasetKind> allDatasetKinds() {
  return kKinds;
}

int64_t Geometry::labelElements() const {
  return std::accumulate(labelShape.begin(), labelShape.end(), int64_t{1},
                         std::multiplies<int64_t>());
}

namespace {

// Whether `count` records of `bytes` each, `stride` apart, fit in `span`; they may overlap only
// where `overlapping` (windows of a token stream).
bool holds(std::span<const uint8_t> span, int64_t stride, int64_t bytes, int64_t count,
           bool overlapping = false) {
  if (count == 0) return true;
  const int64_t size = static_cast<int64_t>(span.size());
  if (stride < (overlapping ? 1 : bytes) || size < bytes) return false;
  return (size - bytes) / stride >= count - 1;
}

} // namespace

Dataset::Dataset(Geometry geometry, std::vector<uint8_t> images, std::vector<uint8_t> labels)
    : geometry_(std::move(geometry)) {
  int64_t imageBytes = geometry_.imageBytes();
  int64_t labelBytes = geometry_.labelBytes;
  if (imageBytes <= 0 || labelBytes <= 0)
    throw RuntimeError("dataset geometry has an empty image or label record");
  int64_t n = static_cast<int64_t>(images.size()) / imageBytes;
  if (n * imageBytes != static_cast<int64_t>(images.size()) ||
      n * labelBytes != static_cast<int64_t>(labels.size()))
    throw RuntimeError("dataset holds " + std::to_string(images.size()) + " image bytes and " +
                       std::to_string(labels.size()) + " label bytes, not whole records of " +
                       std::to_string(imageBytes) + " and " + std::to_string(labelBytes));
  auto owned = std::make_shared<std::pair<std::vector<uint8_t>, std::vector<uint8_t>>>(
      std::move(images), std::move(labels));
  runs_.push_back({owned, owned->first, imageBytes, owned->second, labelBytes, n});
  runEnds_.push_back(n);
  size_ = n;
}

Dataset::Dataset(Geometry geometry, std::vector<RecordRun> runs)
    : geometry_(std::move(geometry)), runs_(std::move(runs)) {
  int64_t imageBytes = geometry_.imageBytes();
  int64_t labelBytes = geometry_.labelBytes;
  if (imageBytes <= 0 || labelBytes <= 0)
    throw RuntimeError("dataset geometry has an empty image or label record");
  for (const RecordRun& run : runs_) {
    const bool overlapping = geometry_.tokens;
    if (run.count < 0 || !holds(run.images, run.imageStride, imageBytes, run.count, overlapping) ||
        !holds(run.labels, run.labelStride, labelBytes, run.count, overlapping))
      throw RuntimeError("a run of " + std::to_string(run.count) + " records does not fit its " +
                         std::to_string(run.images.size()) + " image and " +
                         std::to_string(run.labels.size()) + " label bytes");
    size_ += run.count;
    runEnds_.push_back(size_);
  }
}

void Dataset::setRecordBoxes(std::vector<std::vector<LabelBox>> boxes) {
  if (static_cast<int64_t>(boxes.size()) != size_)
    throw RuntimeError("a dataset of " + std::to_string(size_) + " records cannot take boxes for " +
                       std::to_string(boxes.size()));
  boxes_ = std::move(boxes);
}

void Dataset::setRecordGroups(std::vector<int32_t> groups) {
  if (static_cast<int64_t>(groups.size()) != size_)
    throw RuntimeError("a dataset of " + std::to_string(size_) + " records cannot take " +
                       std::to_string(groups.size()) + " record groups");
  if (std::any_of(groups.begin(), groups.end(), [](int32_t g) { return g < 0; }))
    throw RuntimeError("record groups must be >= 0");
  groups_ = std::move(groups);
}

std::pair<const RecordRun*, int64_t> Dataset::locate(int64_t record) const {
  size_t run =
      runs_.size() == 1
          ? 0
          : static_cast<size_t>(std::upper_bound(runEnds_.begin(), runEnds_.end(), record) -
                                runEnds_.begin());
  return {&runs_[run], record - (runEnds_[run] - runs_[run].count)};
}

std::span<const uint8_t> Dataset::image(int64_t record) const {
  auto [run, i] = locate(record);
  return run->images.subspan(static_cast<size_t>(i * run->imageStride),
                             static_cast<size_t>(geometry_.imageBytes()));
}

std::span<const uint8_t> Dataset::label(int64_t record) const {
  auto [run, i] = locate(record);
  return run->labels.subspan(static_cast<size_t>(i * run->labelStride),
                             static_cast<size_t>(geometry_.labelBytes));
}

void Dataset::copyStored(const RecordRun& run, std::span<const uint8_t> stored,
                         std::span<uint8_t> out) {
  if (out.size() != stored.size())
    throw RuntimeError("a stored record of " + std::to_string(stored.size()) +
                       " bytes cannot be copied into " + std::to_string(out.size()));
  if (run.mapped)
    run.mapped->read(static_cast<uint64_t>(stored.data() - run.mapped->bytes().data()), out);
  else if (!out.empty())
    std::memcpy(out.data(), stored.data(), out.size());
}

void Dataset::copyImage(int64_t record, std::span<uint8_t> out) const {
  copyStored(*locate(record).first, image(record), out);
}

void Dataset::copyLabel(int64_t record, std::span<uint8_t> out) const {
  copyStored(*locate(record).first, label(record), out);
}

std::vector<std::string> DatasetIO::classNames() const {
  std::vector<std::string> names;
  for (int64_t c = 0; c < numClasses(); ++c) names.push_back(std::to_string(c));
  return names;
}

std::vector<int64_t> DatasetIO::pictureChannels() const {
  if (inputShape().channels == 3) return {0, 1, 2};
  return {0};
}

void DatasetIO::decodeLabel(std::span<const uint8_t> stored, std::span<int32_t> out) const {
  if (stored.size() != out.size_bytes())
    throw RuntimeError("label record of " + std::to_string(stored.size()) +
                       " bytes does not hold " + std::to_string(out.size()) + " int32 values");
  std::memcpy(out.data(), stored.data(), stored.size());
}

const DatasetIO& datasetIO(const DatasetSpec& spec) {
  const std::string name(datasetKindName(spec.kind));
  if (isBrats(spec.kind)) {
    const int64_t context = spec.context.value_or(bratsDefaultContext(spec.kind));
    if (context < 0 || context > kBratsMaxContext)
      throw ConfigError("--context must be in [0, " + std::to_string(kBratsMaxContext) + "], got " +
                        std::to_string(context));
    if (spec.kind == DatasetKind::brats25d && context == 0)
      throw ConfigError("--context must be at least 1 for brats25d (2D records are --dataset "
                        "brats)");
    const int64_t side = spec.side.value_or(bratsSide(spec.kind));
    if (side < 1 || side > 4096)
      throw ConfigError("a BraTS side must be in [1, 4096], got " + std::to_string(side));
    return bratsIO(spec.kind, context, side);
  }
  if (spec.kind == DatasetKind::text || spec.kind == DatasetKind::tokens) {
    if (spec.side) throw ConfigError("--input-size does not apply to " + name);
    if (spec.context && (*spec.context < 1 || *spec.context > kMaxTokenContext))
      throw ConfigError("--context must be in [1, " + std::to_string(kMaxTokenContext) +
                        "] tokens, got " + std::to_string(*spec.context));
    if (spec.source.empty())
      throw ConfigError(spec.kind == DatasetKind::text
                            ? "--dataset text needs --data FILE, a UTF-8 text"
                            : "--dataset tokens needs --data DIR, with train.tok and val.tok");
    return spec.kind == DatasetKind::text ? textIO(spec.source, spec.window)
                                          : tokenFilesIO(spec.source, spec.window);
  }
  if (spec.kind == DatasetKind::visdrone) {
    if (spec.context)
      throw ConfigError("--context applies to the BraTS datasets and a language model's text or "
                        "tokens, not " +
                        name);
    return visdroneIO(spec.side.value_or(kVisdroneSide));
  }
  if (spec.side) throw ConfigError("--input-size applies to visdrone (224 or 448), not " + name);
  if (spec.context)
    throw ConfigError("--context applies to the BraTS datasets (brats, brats224, brats25d) and a "
                      "language model's text or tokens, not " +
                      name);
  switch (spec.kind) {
  case DatasetKind::mnist:
    return mnistIO();
  case DatasetKind::cifar10:
    return cifar10IO();
  case DatasetKind::imagenette:
    return imagenetteIO();
  default:
    break;
  }
  throw RuntimeError("unknown dataset kind " + name);
}

Dataset loadDataset(const DatasetSpec& spec, const std::string& dir, Split split) {
  return datasetIO(spec).load(dir, split);
}

} // namespace hlotrain::data

#include "data/Dataset.h"

#include <array>
#include <cstring>
#include <functional>
#include <numeric>

#include "data/Mnist.h"
#include "support/Error.h"

namespace hlotrain::data {
namespace {

constexpr std::array kKinds = {DatasetKind::mnist};

} // namespace

std::string_view datasetKindName(DatasetKind kind) {
  switch (kind) {
  case DatasetKind::mnist:
    return "mnist";
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

Dataset::Dataset(Geometry geometry, std::vector<uint8_t> images, std::vector<uint8_t> labels)
    : geometry_(std::move(geometry)), images_(std::move(images)), labels_(std::move(labels)) {
  int64_t imageBytes = geometry_.imageBytes();
  int64_t labelBytes = geometry_.labelBytes;
  if (imageBytes <= 0 || labelBytes <= 0)
    throw RuntimeError("dataset geometry has an empty image or label record");
  int64_t n = static_cast<int64_t>(images_.size()) / imageBytes;
  if (n * imageBytes != static_cast<int64_t>(images_.size()) ||
      n * labelBytes != static_cast<int64_t>(labels_.size()))
    throw RuntimeError("dataset holds " + std::to_string(images_.size()) + " image bytes and " +
                       std::to_string(labels_.size()) + " label bytes, not whole records of " +
                       std::to_string(imageBytes) + " and " + std::to_string(labelBytes));
  size_ = n;
}

std::span<const uint8_t> Dataset::image(int64_t record) const {
  size_t bytes = static_cast<size_t>(geometry_.imageBytes());
  return std::span(images_).subspan(static_cast<size_t>(record) * bytes, bytes);
}

std::span<const uint8_t> Dataset::label(int64_t record) const {
  size_t bytes = static_cast<size_t>(geometry_.labelBytes);
  return std::span(labels_).subspan(static_cast<size_t>(record) * bytes, bytes);
}

void DatasetIO::decodeLabel(std::span<const uint8_t> stored, std::span<int32_t> out) const {
  if (stored.size() != out.size_bytes())
    throw RuntimeError("label record of " + std::to_string(stored.size()) +
                       " bytes does not hold " + std::to_string(out.size()) + " int32 values");
  std::memcpy(out.data(), stored.data(), stored.size());
}

const DatasetIO& datasetIO(DatasetKind kind) {
  switch (kind) {
  case DatasetKind::mnist:
    return mnistIO();
  }
  throw RuntimeError("unknown dataset kind");
}

Dataset loadDataset(DatasetKind kind, const std::string& dir, Split split) {
  return datasetIO(kind).load(dir, split);
}

} // namespace hlotrain::data

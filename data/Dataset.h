#pragma once
// Datasets as stored records, and the per-kind description (DatasetIO) that says how to load
// them and how a stored record becomes a model input. Adding a dataset is one new DatasetIO
// implementation in its own file plus one DatasetKind value; loaders, batches, shuffling and
// augmentation are shared.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hlotrain::data {

enum class DatasetKind { mnist, cifar10, imagenette };
enum class Split { train, test };

std::string_view datasetKindName(DatasetKind kind);
std::optional<DatasetKind> datasetKindFromName(std::string_view name);
std::span<const DatasetKind> allDatasetKinds();

// Geometry of one stored record: a uint8 image, channel-major, and a label record of labelBytes
// bytes that decodes to labelShape int32 elements ({} = one class index; {H, W} = a mask).
struct Geometry {
  int64_t channels = 0;
  int64_t height = 0;
  int64_t width = 0;
  std::vector<int64_t> labelShape;
  int64_t labelBytes = 0;
  int64_t numClasses = 0;

  int64_t imageBytes() const { return channels * height * width; }
  int64_t labelElements() const;
  bool operator==(const Geometry&) const = default;
};

// `count` records inside storage that `owner` keeps alive (a memory-mapped file, or vectors the
// dataset owns): record i's image starts at images[i * imageStride] and its label record at
// labels[i * labelStride]. Interleaved files and separate image/label arrays are both runs.
struct RecordRun {
  std::shared_ptr<const void> owner;
  std::span<const uint8_t> images;
  int64_t imageStride = 0;
  std::span<const uint8_t> labels;
  int64_t labelStride = 0;
  int64_t count = 0;
};

// The records of one split exactly as stored, never converted: one or more runs of records
// (CIFAR-10's five train batches are five runs) indexed as one sequence. Copies share storage.
class Dataset {
public:
  // Takes the byte vectors: images and label records back to back (label records as the
  // dataset's DatasetIO decodes them; MNIST's are native int32). Throws RuntimeError unless the
  // byte counts are whole records of `geometry`, equal in number.
  Dataset(Geometry geometry, std::vector<uint8_t> images, std::vector<uint8_t> labels);
  // Throws RuntimeError unless every run's spans hold its records of `geometry`.
  Dataset(Geometry geometry, std::vector<RecordRun> runs);

  const Geometry& geometry() const { return geometry_; }
  int64_t size() const { return size_; }
  // The stored bytes of `record`, which must be in [0, size()).
  std::span<const uint8_t> image(int64_t record) const;
  std::span<const uint8_t> label(int64_t record) const;

private:
  // The run holding `record` and the record's index inside it.
  std::pair<const RecordRun*, int64_t> locate(int64_t record) const;

  Geometry geometry_;
  std::vector<RecordRun> runs_;
  std::vector<int64_t> runEnds_; // exclusive end record of each run
  int64_t size_ = 0;
};

// Shape [channels, height, width] of one row of a model input batch.
struct InputShape {
  int64_t channels = 0;
  int64_t height = 0;
  int64_t width = 0;
  bool operator==(const InputShape&) const = default;
};

// Which train-time augmentations a dataset uses (FORMATS.md). A stored image larger than the
// input is randomly cropped when augmenting and center-cropped otherwise.
struct Augmentation {
  bool randomCrop = false;
  bool horizontalFlip = false;
};

class DatasetIO {
public:
  virtual ~DatasetIO() = default;

  virtual DatasetKind kind() const = 0;
  virtual InputShape inputShape() const = 0;
  virtual int64_t numClasses() const = 0;
  virtual Augmentation augmentation() const { return {}; }
  // Reads a split from `dir`; throws ParseError naming the file and what was wrong.
  virtual Dataset load(const std::string& dir, Split split) const = 0;
  // The input value of a stored pixel byte of `channel` (b/255 for MNIST).
  virtual float decodePixel(int64_t channel, uint8_t stored) const = 0;
  // Turns one stored label record into labelElements() int32 values.
  virtual void decodeLabel(std::span<const uint8_t> stored, std::span<int32_t> out) const;
};

const DatasetIO& datasetIO(DatasetKind kind);
Dataset loadDataset(DatasetKind kind, const std::string& dir, Split split);

} // namespace hlotrain::data

#include "data/Cifar.h"

#include <filesystem>

#include "data/DataFile.h"
#include "data/RecordFile.h"
#include "support/Error.h"

namespace hlotrain::data {
namespace {

constexpr int64_t kSide = 32;
constexpr int64_t kClasses = 10;
constexpr uint64_t kRecordBytes = 1 + 3 * kSide * kSide;

std::vector<std::string> batchNames(Split split) {
  if (split == Split::test) return {"test_batch.bin"};
  std::vector<std::string> names;
  for (int i = 1; i <= 5; ++i) names.push_back("data_batch_" + std::to_string(i) + ".bin");
  return names;
}

// The records of one batch file, which must be whole 3073-byte records.
RecordRun mapBatch(const std::string& path) {
  std::shared_ptr<const MappedFile> file = MappedFile::open(path);
  const uint64_t n = file->size() / kRecordBytes;
  if (n * kRecordBytes != file->size())
    throw ParseError(
        path + ": expected a whole number of " + std::to_string(kRecordBytes) +
        "-byte records (1 label + 3072 pixel bytes), " + std::to_string(n * kRecordBytes) + " or " +
        std::to_string((n + 1) * kRecordBytes) + " bytes, found " + std::to_string(file->size()));
  return labelledRecords(std::move(file), 0, n, byteLabelledRgb(kSide, kClasses));
}

class Cifar10IO final : public ByteLabelIO {
public:
  DatasetKind kind() const override { return DatasetKind::cifar10; }
  InputShape inputShape() const override { return {3, kSide, kSide}; }
  int64_t numClasses() const override { return kClasses; }
  std::vector<std::string> classNames() const override {
    return {"airplane", "automobile", "bird",  "cat",  "deer",
            "dog",      "frog",       "horse", "ship", "truck"};
  }
  Augmentation augmentation() const override { return {false, true}; }

  float decodePixel(int64_t, uint8_t stored) const override {
    return static_cast<float>(stored) / 255.0f;
  }

  Dataset load(const std::string& dir, Split split) const override {
    std::vector<RecordRun> runs;
    const std::string folder = (std::filesystem::path(dir) / "cifar-10").string();
    for (const std::string& name : batchNames(split))
      runs.push_back(mapBatch(findFile(folder, {name}, "cifar-10 " + name)));
    return Dataset(byteLabelledRgb(kSide, kClasses), std::move(runs));
  }
};

} // namespace

const DatasetIO& cifar10IO() {
  static const Cifar10IO io;
  return io;
}

} // namespace hlotrain::data

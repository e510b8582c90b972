// The CIFAR-10 loader on arbitrary batch files: the input is every batch file of both splits. A
// file it accepts must come back as its records exactly where FORMATS.md puts them.

#include <cstdlib>
#include <cstring>

#include "data/Cifar.h"
#include "fuzz/Scratch.h"

using namespace hlotrain;

namespace {

constexpr size_t kRecordBytes = 1 + 3 * 32 * 32;

void checkRecords(const data::Dataset& set, std::span<const uint8_t> file, size_t files) {
  const size_t perFile = file.size() / kRecordBytes;
  if (static_cast<size_t>(set.size()) != perFile * files) std::abort();
  for (int64_t i = 0; i < set.size(); ++i) {
    const uint8_t* record = file.data() + (static_cast<size_t>(i) % perFile) * kRecordBytes;
    std::span<const uint8_t> label = set.label(i), image = set.image(i);
    if (label.size() != 1 || label[0] != record[0] || label[0] >= 10) std::abort();
    if (image.size() != kRecordBytes - 1 || std::memcmp(image.data(), record + 1, image.size()))
      std::abort();
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::filesystem::create_directories(fuzz::scratchDir() / "cifar-10");
  for (const char* name : {"data_batch_1.bin", "data_batch_2.bin", "data_batch_3.bin",
                           "data_batch_4.bin", "data_batch_5.bin", "test_batch.bin"})
    fuzz::writeScratch(std::string("cifar-10/") + name, {data, size});
  const std::string dir = fuzz::scratchDir().string();
  fuzz::expectTypedErrors([&] {
    checkRecords(data::cifar10IO().load(dir, data::Split::test), {data, size}, 1);
  });
  fuzz::expectTypedErrors([&] {
    checkRecords(data::cifar10IO().load(dir, data::Split::train), {data, size}, 5);
  });
  return 0;
}

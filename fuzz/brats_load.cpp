// The BraTS loader on an arbitrary bin file, given as train.bin, val.bin and val_cases.bin, read
// as 4x4 records (the side a fuzzer can fill; the 240 and 224 kinds share the code) in 2D and
// 2.5D. A file it accepts must come back as its records exactly where FORMATS.md puts them: a u32
// count, then 4·(2K+1)·S·S image bytes and S·S mask bytes below 4 per record.

#include <cstdlib>
#include <cstring>

#include "data/Brats.h"
#include "fuzz/Scratch.h"

using namespace hlotrain;

namespace {

constexpr int64_t kSide = 4;

void load(data::Split split, int64_t context, std::span<const uint8_t> file) {
  const std::string dir = fuzz::scratchDir().string();
  const data::Dataset set =
      data::datasetIO({data::DatasetKind::brats, context, kSide}).load(dir, split);
  const size_t mask = kSide * kSide;
  const size_t image = static_cast<size_t>(data::kBratsModalities * (2 * context + 1)) * mask;
  if (4 + static_cast<size_t>(set.size()) * (image + mask) != file.size()) std::abort();
  for (int64_t i = 0; i < set.size(); ++i) {
    const uint8_t* record = file.data() + 4 + static_cast<size_t>(i) * (image + mask);
    std::span<const uint8_t> labels = set.label(i), pixels = set.image(i);
    if (pixels.size() != image || std::memcmp(pixels.data(), record, image)) std::abort();
    if (labels.size() != mask || std::memcmp(labels.data(), record + image, mask)) std::abort();
    for (uint8_t v : labels)
      if (v >= data::kBratsClasses) std::abort();
  }
  if (set.recordGroups() && static_cast<int64_t>(set.recordGroups()->size()) != set.size())
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  for (const char* name : {"train.bin", "val.bin", "val_cases.bin"})
    fuzz::writeScratch(name, {data, size});
  for (int64_t context : {0, 1}) {
    fuzz::expectTypedErrors([&] { load(data::Split::train, context, {data, size}); });
    fuzz::expectTypedErrors([&] { load(data::Split::test, context, {data, size}); });
  }
  return 0;
}

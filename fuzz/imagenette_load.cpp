// The Imagenette loader on an arbitrary bin file, given as both train.bin (256-pixel records) and
// val.bin (224). A file it accepts must come back as its records exactly where FORMATS.md puts
// them: a u32 count, then 1 label byte + 3*S*S pixel bytes per record.

#include <cstdlib>
#include <cstring>

#include "data/Imagenette.h"
#include "fuzz/Scratch.h"

using namespace hlotrain;

namespace {

void load(data::Split split, std::span<const uint8_t> file) {
  const std::string dir = fuzz::scratchDir().string();
  const data::Dataset set = data::imagenetteIO().load(dir, split);
  const size_t side = static_cast<size_t>(data::imagenetteSide(split));
  const size_t recordBytes = 1 + 3 * side * side;
  if (4 + static_cast<size_t>(set.size()) * recordBytes != file.size()) std::abort();
  for (int64_t i = 0; i < set.size(); ++i) {
    const uint8_t* record = file.data() + 4 + static_cast<size_t>(i) * recordBytes;
    std::span<const uint8_t> label = set.label(i), image = set.image(i);
    if (label.size() != 1 || label[0] != record[0] || label[0] >= 10) std::abort();
    if (image.size() != recordBytes - 1 || std::memcmp(image.data(), record + 1, image.size()))
      std::abort();
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::writeScratch("train.bin", {data, size});
  fuzz::writeScratch("val.bin", {data, size});
  fuzz::expectTypedErrors([&] { load(data::Split::train, {data, size}); });
  fuzz::expectTypedErrors([&] { load(data::Split::test, {data, size}); });
  return 0;
}

// The Imagenette preprocessor's image path on an arbitrary file: tools::decodeJpeg, its rows fed
// to the area resampler as the preprocessor does, down to a small square.

#include <cstdlib>
#include <memory>
#include <vector>

#include "fuzz/Scratch.h"
#include "tools/Jpeg.h"
#include "tools/Resize.h"

using namespace hlotrain;

namespace {

constexpr int64_t kSide = 8;
// Decoding cost grows with the pixel count; larger images are legal but would slow the search.
constexpr int64_t kMaxPixels = 1 << 20;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = fuzz::writeScratch("input.jpg", {data, size});
  fuzz::expectTypedErrors([&] {
    std::unique_ptr<tools::AreaResizer> resizer;
    int64_t rowBytes = 0, rows = 0, height = 0;
    tools::decodeJpeg(
        path,
        [&](tools::ImageSize image) {
          if (image.width <= 0 || image.height <= 0) std::abort(); // the decoder promised a size
          if (image.width * image.height > kMaxPixels) throw ParseError("large image: skipped");
          resizer =
              std::make_unique<tools::AreaResizer>(image.width, image.height, kSide, kSide, 3);
          rowBytes = image.width * 3;
          height = image.height;
        },
        [&](std::span<const uint8_t> row) {
          if (!resizer || static_cast<int64_t>(row.size()) != rowBytes || ++rows > height)
            std::abort(); // rows must match the size given to begin
          resizer->addRow(row);
        });
    if (!resizer || rows != height) std::abort();
    std::vector<uint8_t> planes(3 * kSide * kSide);
    resizer->finish(planes);
  });
  return 0;
}

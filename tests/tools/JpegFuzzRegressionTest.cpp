// Inputs the fuzzer (fuzz/jpeg_decode) found; each reproducer is a regress-* file of
// fuzz/corpus/jpeg_decode/, read from the source tree.

#include <gtest/gtest.h>

#include <string>

#include "support/Error.h"
#include "tools/Jpeg.h"

namespace hlotrain::tools {
namespace {

std::string reproducer(const std::string& name) {
  return std::string(HLOTRAIN_SOURCE_DIR) + "/fuzz/corpus/jpeg_decode/" + name;
}

// A 604-byte progressive JPEG whose header claims 14000x14000 pixels: libjpeg sized its
// whole-image coefficient buffers (about 600 MB; gigabytes for larger claims) from the header
// alone, before reading any data. Now the decoder's memory is capped, and the file is refused
// before the image begins.
TEST(JpegFuzzRegressionTest, HugeProgressiveHeaderIsRefusedWithoutAllocating) {
  bool began = false;
  try {
    decodeJpeg(
        reproducer("regress-huge-progressive.jpg"), [&](ImageSize) { began = true; },
        [](std::span<const uint8_t>) {});
    FAIL() << "decoded";
  } catch (const ParseError& e) {
    // libjpeg's words for "over the memory cap"; without the cap the file failed later, at its
    // premature end, after the allocation.
    EXPECT_NE(
        std::string(e.what()).find(
            "regress-huge-progressive.jpg: not a decodable JPEG (Backing store not supported)"),
        std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(began);
}

} // namespace
} // namespace hlotrain::tools

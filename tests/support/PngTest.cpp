// PNG encoding, read back with libpng's own simplified reader, and base64 against RFC 4648's
// test vectors.

#include <gtest/gtest.h>

#include <png.h>

#include <vector>

#include "support/Error.h"
#include "support/Png.h"

using namespace hlotrain;

namespace {

struct Read {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgb;
};

Read readPng(const std::string& file) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  EXPECT_NE(png_image_begin_read_from_memory(&image, file.data(), file.size()), 0) << image.message;
  image.format = PNG_FORMAT_RGB;
  Read r{image.width, image.height, std::vector<uint8_t>(PNG_IMAGE_SIZE(image))};
  EXPECT_NE(png_image_finish_read(&image, nullptr, r.rgb.data(), 0, nullptr), 0) << image.message;
  return r;
}

TEST(PngTest, RgbAndGreyReadBackAsWritten) {
  std::vector<uint8_t> rgb;
  for (int i = 0; i < 5 * 3; ++i) rgb.insert(rgb.end(), {uint8_t(i * 17), uint8_t(255 - i), 7});
  const Read colour = readPng(encodePng(5, 3, 3, rgb));
  EXPECT_EQ(colour.width, 5u);
  EXPECT_EQ(colour.height, 3u);
  EXPECT_EQ(colour.rgb, rgb);

  const std::vector<uint8_t> grey = {0, 128, 255, 9};
  const Read g = readPng(encodePng(2, 2, 1, grey));
  ASSERT_EQ(g.rgb.size(), 12u);
  for (size_t i = 0; i < 4; ++i)
    EXPECT_EQ(g.rgb[3 * i], grey[i]) << i; // libpng expands grey to equal channels
}

TEST(PngTest, ASizeThatDoesNotMatchThePixelsIsRefused) {
  EXPECT_THROW(encodePng(2, 2, 3, std::vector<uint8_t>(11)), RuntimeError);
  EXPECT_THROW(encodePng(0, 2, 1, {}), RuntimeError);
  EXPECT_THROW(encodePng(1, 1, 2, std::vector<uint8_t>(2)), RuntimeError);
}

TEST(PngTest, Base64MatchesRfc4648) {
  EXPECT_EQ(base64(""), "");
  EXPECT_EQ(base64("f"), "Zg==");
  EXPECT_EQ(base64("fo"), "Zm8=");
  EXPECT_EQ(base64("foo"), "Zm9v");
  EXPECT_EQ(base64("foob"), "Zm9vYg==");
  EXPECT_EQ(base64("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64(std::string("\xff\xfe\x00", 3)), "//4A");
  EXPECT_EQ(
      pngDataUri(1, 1, 1, std::vector<uint8_t>{0}).rfind("data:image/png;base64,iVBORw0KGgo", 0),
      0u);
}

} // namespace

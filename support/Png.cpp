#include "support/Png.h"

#include <png.h>

#include <csetjmp>

#include "support/Error.h"

namespace hlotrain {
namespace {

void appendBytes(png_structp png, png_bytep data, png_size_t length) {
  static_cast<std::string*>(png_get_io_ptr(png))
      ->append(reinterpret_cast<const char*>(data), length);
}

void noFlush(png_structp) {}

// libpng reports errors by longjmp; the message is kept for the exception thrown after it.
void keepError(png_structp png, png_const_charp message) {
  *static_cast<std::string*>(png_get_error_ptr(png)) = message;
  png_longjmp(png, 1);
}

void ignoreWarning(png_structp, png_const_charp) {}

} // namespace

std::string encodePng(int64_t width, int64_t height, int channels,
                      std::span<const uint8_t> pixels) {
  if (width < 1 || height < 1 || (channels != 1 && channels != 3) ||
      pixels.size() != static_cast<size_t>(width * height * channels))
    throw RuntimeError("a " + std::to_string(width) + "x" + std::to_string(height) + "x" +
                       std::to_string(channels) + " PNG cannot hold " +
                       std::to_string(pixels.size()) + " bytes");
  std::string out, error;
  png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, &error, keepError, ignoreWarning);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!info) {
    png_destroy_write_struct(&png, nullptr);
    throw RuntimeError("libpng: out of memory");
  }
  // Nothing with a destructor lives between setjmp and a longjmp back to it.
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    throw RuntimeError("libpng: " + error);
  }
  png_set_write_fn(png, &out, appendBytes, noFlush);
  png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8,
               channels == 1 ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  const size_t stride = static_cast<size_t>(width * channels);
  for (int64_t y = 0; y < height; ++y)
    png_write_row(png, pixels.data() + static_cast<size_t>(y) * stride);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return out;
}

std::string base64(std::string_view bytes) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const uint32_t v = uint32_t(uint8_t(bytes[i])) << 16 | uint32_t(uint8_t(bytes[i + 1])) << 8 |
                       uint32_t(uint8_t(bytes[i + 2]));
    for (int shift : {18, 12, 6, 0}) out += kDigits[(v >> shift) & 63];
  }
  if (const size_t left = bytes.size() - i; left > 0) {
    uint32_t v = uint32_t(uint8_t(bytes[i])) << 16;
    if (left == 2) v |= uint32_t(uint8_t(bytes[i + 1])) << 8;
    out += kDigits[(v >> 18) & 63];
    out += kDigits[(v >> 12) & 63];
    out += left == 2 ? kDigits[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::string pngDataUri(int64_t width, int64_t height, int channels,
                       std::span<const uint8_t> pixels) {
  return "data:image/png;base64," + base64(encodePng(width, height, channels, pixels));
}

} // namespace hlotrain

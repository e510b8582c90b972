#pragma once
// JPEG decoding through the system's libjpeg (Debian: libjpeg62-turbo), row by row, so an image
// of any size is decoded in a row's memory; the caller resamples rows as they come.

#include <cstdint>
#include <functional>
#include <span>
#include <string>

namespace hlotrain::tools {

struct ImageSize {
  int64_t width = 0;
  int64_t height = 0;
};

// Decodes the JPEG file at `path` to 8-bit RGB: `begin` gets the size, then `row` gets each row
// top to bottom as width*3 interleaved R, G, B bytes. Grayscale is replicated to the three
// channels and Adobe CMYK/YCCK converted. Throws ParseError naming the path when the file cannot
// be read or is not a decodable JPEG; an exception of a callback propagates unchanged.
void decodeJpeg(const std::string& path, const std::function<void(ImageSize)>& begin,
                const std::function<void(std::span<const uint8_t>)>& row);

} // namespace hlotrain::tools

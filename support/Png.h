#pragma once
// Pictures as PNG (libpng), and as the data URIs a self-contained page embeds: how the report
// shows a run's images without a file beside it.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace hlotrain {

// 8-bit grey (channels 1) or RGB (channels 3) pixels, row-major and interleaved, as a PNG file.
// Throws RuntimeError for a size that does not match or libpng's failure.
std::string encodePng(int64_t width, int64_t height, int channels, std::span<const uint8_t> pixels);

std::string base64(std::string_view bytes);

// "data:image/png;base64,…" of encodePng.
std::string pngDataUri(int64_t width, int64_t height, int channels,
                       std::span<const uint8_t> pixels);

} // namespace hlotrain

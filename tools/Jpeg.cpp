#include "tools/Jpeg.h"

#include <csetjmp>
#include <cstdio>
#include <vector>

// jpeglib.h needs size_t and FILE declared first.
#include <jpeglib.h>
// jerror.h after jpeglib.h: the message codes.
#include <jerror.h>

#include "support/Error.h"

namespace hlotrain::tools {
namespace {

// Far above what a photo needs (a 4000x3000 progressive JPEG buffers about 72 MB).
constexpr long kMaxDecoderBytes = 512L << 20;

// libjpeg reports fatal errors through error_exit, which must not return: we jump back to the
// decode call (a C++ exception must not cross libjpeg's C frames) with the message saved.
struct ErrorManager {
  jpeg_error_mgr base;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

[[noreturn]] void jumpOnError(j_common_ptr info) {
  ErrorManager* errors = reinterpret_cast<ErrorManager*>(info->err);
  (*info->err->format_message)(info, errors->message);
  std::longjmp(errors->jump, 1);
}

// Warnings (extraneous bytes before a marker, say) are tolerated as common decoders do, except a
// premature end of file: libjpeg would fill the missing rows with gray.
void onMessage(j_common_ptr info, int level) {
  if (level == -1 && info->err->msg_code == JWRN_JPEG_EOF) jumpOnError(info);
}

// Adobe writes CMYK inverted (0 = full ink), which is what libjpeg hands back for CMYK and YCCK.
void cmykToRgb(const uint8_t* cmyk, uint8_t* rgb, int64_t width, bool inverted) {
  for (int64_t x = 0; x < width; ++x, cmyk += 4, rgb += 3) {
    const int k = inverted ? cmyk[3] : 255 - cmyk[3];
    for (int c = 0; c < 3; ++c) {
      const int v = inverted ? cmyk[c] : 255 - cmyk[c];
      rgb[c] = static_cast<uint8_t>((v * k + 127) / 255);
    }
  }
}

// The decoder's state lives outside the function that calls setjmp, so nothing a jump skips
// back over is left indeterminate; the destructor releases libjpeg's memory on every path.
struct Decoder {
  jpeg_decompress_struct info{};
  ErrorManager errors{};
  bool created = false;
  std::vector<uint8_t> decoded, rgb;

  ~Decoder() {
    if (created) jpeg_destroy_decompress(&info);
  }
};

// Returns false when libjpeg failed, with its message in d.errors.message.
bool decode(Decoder& d, std::FILE* file, const std::function<void(ImageSize)>& begin,
            const std::function<void(std::span<const uint8_t>)>& row) {
  d.info.err = jpeg_std_error(&d.errors.base);
  d.errors.base.error_exit = jumpOnError;
  d.errors.base.emit_message = onMessage;
  if (setjmp(d.errors.jump)) return false;
  jpeg_create_decompress(&d.info);
  d.created = true;
  // A progressive file buffers the whole image's coefficients, sized by the header alone: a few
  // hundred bytes claiming 60000x60000 pixels would take gigabytes. Over the cap libjpeg fails
  // (no backing store) instead of allocating.
  d.info.mem->max_memory_to_use = kMaxDecoderBytes;
  jpeg_stdio_src(&d.info, file);
  jpeg_read_header(&d.info, TRUE);
  const bool cmyk = d.info.jpeg_color_space == JCS_CMYK || d.info.jpeg_color_space == JCS_YCCK;
  d.info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
  jpeg_start_decompress(&d.info);
  const int64_t width = d.info.output_width;
  d.decoded.resize(static_cast<size_t>(width * d.info.output_components));
  d.rgb.resize(static_cast<size_t>(width * 3));
  begin({width, static_cast<int64_t>(d.info.output_height)});
  while (d.info.output_scanline < d.info.output_height) {
    JSAMPROW rows[1] = {d.decoded.data()};
    jpeg_read_scanlines(&d.info, rows, 1);
    if (cmyk) cmykToRgb(d.decoded.data(), d.rgb.data(), width, d.info.saw_Adobe_marker);
    row(cmyk ? d.rgb : d.decoded);
  }
  jpeg_finish_decompress(&d.info);
  return true;
}

struct FileCloser {
  std::FILE* file;
  ~FileCloser() { std::fclose(file); }
};

} // namespace

void decodeJpeg(const std::string& path, const std::function<void(ImageSize)>& begin,
                const std::function<void(std::span<const uint8_t>)>& row) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) throw ParseError(path + ": cannot open for reading");
  FileCloser closer{file};
  Decoder decoder;
  if (!decode(decoder, file, begin, row))
    throw ParseError(path + ": not a decodable JPEG (" + decoder.errors.message + ")");
}

} // namespace hlotrain::tools

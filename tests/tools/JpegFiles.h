#pragma once
// Writes JPEG files with libjpeg for the tool tests: quality 100 and no chroma subsampling, so a
// decoded pixel is within a few levels of what was written.

#include <gtest/gtest.h>
#include <jpeglib.h>

#include <cstdio>
#include <filesystem>
#include <vector>

namespace hlotrain::tools::testing {

// `pixels` holds height rows of width * components interleaved bytes, in `space` (JCS_RGB,
// JCS_GRAYSCALE or JCS_CMYK; CMYK is written with an Adobe marker, Adobe's inverted values).
inline void writeJpeg(const std::filesystem::path& path, int width, int height,
                      const std::vector<uint8_t>& pixels, J_COLOR_SPACE space = JCS_RGB) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  ASSERT_NE(file, nullptr) << path;
  jpeg_compress_struct info;
  jpeg_error_mgr errors;
  info.err = jpeg_std_error(&errors);
  jpeg_create_compress(&info);
  jpeg_stdio_dest(&info, file);
  info.image_width = static_cast<JDIMENSION>(width);
  info.image_height = static_cast<JDIMENSION>(height);
  info.input_components = space == JCS_GRAYSCALE ? 1 : space == JCS_CMYK ? 4 : 3;
  info.in_color_space = space;
  jpeg_set_defaults(&info);
  if (space == JCS_CMYK) jpeg_set_colorspace(&info, JCS_CMYK);
  jpeg_set_quality(&info, 100, TRUE);
  for (int c = 0; c < info.num_components; ++c)
    info.comp_info[c].h_samp_factor = info.comp_info[c].v_samp_factor = 1;
  jpeg_start_compress(&info, TRUE);
  const size_t stride = static_cast<size_t>(width * info.input_components);
  ASSERT_EQ(pixels.size(), stride * static_cast<size_t>(height));
  while (info.next_scanline < info.image_height) {
    JSAMPROW row = const_cast<uint8_t*>(pixels.data()) + info.next_scanline * stride;
    jpeg_write_scanlines(&info, &row, 1);
  }
  jpeg_finish_compress(&info);
  jpeg_destroy_compress(&info);
  ASSERT_EQ(std::fclose(file), 0);
}

// A width x height image of one colour, `components` bytes per pixel.
inline std::vector<uint8_t> solid(int width, int height, const std::vector<uint8_t>& colour) {
  std::vector<uint8_t> pixels;
  for (int i = 0; i < width * height; ++i)
    pixels.insert(pixels.end(), colour.begin(), colour.end());
  return pixels;
}

} // namespace hlotrain::tools::testing

#pragma once
// Area resampling (a box filter, like OpenCV's INTER_AREA): each output pixel is the mean of the
// source area it covers, fractional pixels at its edges weighted by the part covered. Shrinking
// therefore averages instead of aliasing; enlarging repeats pixels, blending at the seams. Rows
// stream in one at a time, so a source of any size needs only the output's memory.

#include <cstdint>
#include <span>
#include <vector>

namespace hlotrain::tools {

class AreaResizer {
public:
  // From a srcWidth x srcHeight image of `channels` interleaved bytes per pixel to
  // dstWidth x dstHeight. Throws RuntimeError on a non-positive size.
  AreaResizer(int64_t srcWidth, int64_t srcHeight, int64_t dstWidth, int64_t dstHeight,
              int64_t channels);

  // The next source row, srcWidth*channels interleaved bytes. Throws RuntimeError on a wrong
  // length or a row past the last.
  void addRow(std::span<const uint8_t> row);
  // The result after every source row: channel-major (plane of channel 0, then 1, ...), each
  // value rounded to the nearest byte. Throws RuntimeError when rows are missing.
  void finish(std::span<uint8_t> planes) const;

private:
  // Source index `from` contributes `weight` of itself to destination index `to`.
  struct Tap {
    int64_t from = 0;
    int64_t to = 0;
    float weight = 0;
  };
  // The taps of one axis, ordered by source index.
  static std::vector<Tap> taps(int64_t src, int64_t dst);

  int64_t srcWidth_, srcHeight_, dstWidth_, dstHeight_, channels_;
  std::vector<Tap> columns_, rows_;
  size_t nextRowTap_ = 0;
  int64_t rowsSeen_ = 0;
  std::vector<float> resizedRow_; // dstWidth*channels, the current source row resized
  std::vector<float> sums_;       // dstHeight*dstWidth*channels, interleaved
};

} // namespace hlotrain::tools

#include "tools/Resize.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "support/Error.h"

namespace hlotrain::tools {

std::vector<AreaResizer::Tap> AreaResizer::taps(int64_t src, int64_t dst) {
  // Destination pixel o covers source [o*scale, (o+1)*scale); it takes each source pixel i in
  // proportion to the overlap of [i, i+1) with that interval, divided by the interval's length.
  const double scale = static_cast<double>(src) / static_cast<double>(dst);
  std::vector<Tap> taps;
  for (int64_t o = 0; o < dst; ++o) {
    const double lo = static_cast<double>(o) * scale, hi = static_cast<double>(o + 1) * scale;
    const int64_t last = std::min<int64_t>(src - 1, static_cast<int64_t>(std::ceil(hi)) - 1);
    for (int64_t i = static_cast<int64_t>(std::floor(lo)); i <= last; ++i) {
      const double overlap =
          std::min(hi, static_cast<double>(i + 1)) - std::max(lo, static_cast<double>(i));
      if (overlap > 1e-12) taps.push_back({i, o, static_cast<float>(overlap / scale)});
    }
  }
  std::stable_sort(taps.begin(), taps.end(),
                   [](const Tap& a, const Tap& b) { return a.from < b.from; });
  return taps;
}

AreaResizer::AreaResizer(int64_t srcWidth, int64_t srcHeight, int64_t dstWidth, int64_t dstHeight,
                         int64_t channels)
    : srcWidth_(srcWidth), srcHeight_(srcHeight), dstWidth_(dstWidth), dstHeight_(dstHeight),
      channels_(channels) {
  if (srcWidth <= 0 || srcHeight <= 0 || dstWidth <= 0 || dstHeight <= 0 || channels <= 0)
    throw RuntimeError("cannot resize " + std::to_string(srcWidth) + "x" +
                       std::to_string(srcHeight) + " to " + std::to_string(dstWidth) + "x" +
                       std::to_string(dstHeight) + " with " + std::to_string(channels) +
                       " channels");
  columns_ = taps(srcWidth, dstWidth);
  rows_ = taps(srcHeight, dstHeight);
  resizedRow_.resize(static_cast<size_t>(dstWidth * channels));
  sums_.resize(static_cast<size_t>(dstHeight * dstWidth * channels));
}

void AreaResizer::addRow(std::span<const uint8_t> row) {
  if (static_cast<int64_t>(row.size()) != srcWidth_ * channels_ || rowsSeen_ == srcHeight_)
    throw RuntimeError("source row " + std::to_string(rowsSeen_) + " of " +
                       std::to_string(row.size()) + " bytes does not fit a " +
                       std::to_string(srcWidth_) + "x" + std::to_string(srcHeight_) + "x" +
                       std::to_string(channels_) + " image");
  std::fill(resizedRow_.begin(), resizedRow_.end(), 0.0f);
  for (const Tap& tap : columns_)
    for (int64_t c = 0; c < channels_; ++c)
      resizedRow_[tap.to * channels_ + c] += tap.weight * row[tap.from * channels_ + c];
  const int64_t rowElements = dstWidth_ * channels_;
  for (; nextRowTap_ < rows_.size() && rows_[nextRowTap_].from == rowsSeen_; ++nextRowTap_) {
    const Tap& tap = rows_[nextRowTap_];
    float* sum = sums_.data() + tap.to * rowElements;
    for (int64_t k = 0; k < rowElements; ++k) sum[k] += tap.weight * resizedRow_[k];
  }
  ++rowsSeen_;
}

void AreaResizer::finish(std::span<uint8_t> planes) const {
  if (rowsSeen_ != srcHeight_)
    throw RuntimeError("resize got " + std::to_string(rowsSeen_) + " of " +
                       std::to_string(srcHeight_) + " source rows");
  const int64_t plane = dstWidth_ * dstHeight_;
  if (static_cast<int64_t>(planes.size()) != plane * channels_)
    throw RuntimeError("resize output needs " + std::to_string(plane * channels_) + " bytes, got " +
                       std::to_string(planes.size()));
  for (int64_t p = 0; p < plane; ++p)
    for (int64_t c = 0; c < channels_; ++c) {
      const float v = std::clamp(sums_[p * channels_ + c], 0.0f, 255.0f);
      planes[c * plane + p] = static_cast<uint8_t>(std::lround(v));
    }
}

} // namespace hlotrain::tools

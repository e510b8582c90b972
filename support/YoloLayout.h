#pragma once
// The YOLOv1 single-grid layout of FORMATS.md ("YOLOv1 detection"), one rule for every layer that
// writes it (data/'s records and targets), sizes it (nn/'s detector head), reads it (program/'s
// loss, metrics/' decoder) or splits it (task/). Per cell, channel-major [30, G, G]: x, y offsets
// within the cell, w, h of the image, the confidence, then the unused second box slot's five,
// then the class slots.

#include <cstdint>

namespace hlotrain::yolo {

constexpr int64_t kChannels = 30;
constexpr int64_t kX = 0, kY = 1, kW = 2, kH = 3, kConfidence = 4;
constexpr int64_t kSecondConfidence = 9; // the unused slot's, pushed to 0 everywhere
constexpr int64_t kFirstClass = 10;
constexpr int64_t kClassSlots = kChannels - kFirstClass; // VisDrone uses the first 10

// G = S / 32: a cell per step of the trunk's stride.
constexpr int64_t kStride = 32;
constexpr int64_t gridOf(int64_t side) {
  return side / kStride;
}

} // namespace hlotrain::yolo

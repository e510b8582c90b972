#pragma once
// The YOLOv1 single-grid record of FORMATS.md ("YOLOv1 detection (VisDrone, single grid)"),
// written once for the preprocessor that makes the records and the loader that reads them. A
// record is an S x S image (3 uint8 planes) followed by a label part of yoloLabelBytes(S) bytes:
// the f32 target [30, G, G] (channel-major), the f32 mask [G, G], an i32 box count (at most 56),
// and 56 raw boxes of 20 bytes (i32 class, f32 xmin, ymin, xmax, ymax; unused ones zero), all
// little-endian. G = S / 32.

#include <cstdint>
#include <span>

#include "support/YoloLayout.h"

namespace hlotrain::data {

constexpr int64_t kYoloMaxBoxes = 56; // raw boxes kept per record
constexpr int64_t kYoloBoxBytes = 20; // i32 class + 4 x f32

// Target, mask, box count and raw boxes: 7,200 bytes at S = 224.
constexpr int64_t yoloLabelBytes(int64_t side) {
  const int64_t cells = yolo::gridOf(side) * yolo::gridOf(side);
  return 4 * (yolo::kChannels * cells + cells) + 4 + kYoloMaxBoxes * kYoloBoxBytes;
}

// A box in coordinates normalised to its image, [0, 1] on both axes.
struct YoloBox {
  int32_t cls = 0;
  float xmin = 0, ymin = 0, xmax = 0, ymax = 0;
};

// Overwrites `target` (yolo::kChannels * grid * grid floats) and `mask` (grid * grid) with the
// encoding of `boxes`, every one of them, in order: the cell of a box's centre (clamped to the
// grid, so a centre on the far edge lands in the last cell) gets its offsets within the cell,
// its size, confidence 1 and its class slot, and a later box in the same cell replaces the
// earlier one in all 30 channels. The arithmetic is in double from the boxes' float values, so
// re-encoding stored boxes (val.full_gt.bin's, say) gives the stored target bit for bit. Throws
// RuntimeError when a
// span has the wrong size, grid < 1, a class is outside [0, 20) or a coordinate is not finite.
void encodeYoloTarget(std::span<const YoloBox> boxes, int64_t grid, std::span<float> target,
                      std::span<float> mask);

} // namespace hlotrain::data

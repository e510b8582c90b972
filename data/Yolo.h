#pragma once
// The YOLOv1 single-grid record of FORMATS.md ("YOLOv1 detection (VisDrone, single grid)"),
// written once for the preprocessor that makes the records, the loader that reads and augments
// them and the task that splits them. A record is an S x S image (3 uint8 planes) followed by a
// label part of YoloLabelLayout(S).bytes bytes: the f32 target [30, G, G] (channel-major, laid
// out as support/YoloLayout.h says), the f32 mask [G, G], an i32 box count (at most 56), and 56
// raw boxes of 20 bytes (i32 class, f32 xmin, ymin, xmax, ymax; unused ones zero), all
// little-endian. G = S / 32.

#include <cstdint>
#include <span>
#include <vector>

#include "data/Dataset.h"
#include "support/YoloLayout.h"

namespace hlotrain::data {

constexpr int64_t kYoloMaxBoxes = 56; // raw boxes kept per record
constexpr int64_t kYoloBoxBytes = 20; // i32 class + 4 x f32

// Where a label part's fields lie, in bytes from its start. Every field is 4 bytes wide, so a
// label part read as int32 words has them at these offsets / 4.
struct YoloLabelLayout {
  int64_t grid, cells;
  size_t target, mask, count, boxes, bytes;

  constexpr explicit YoloLabelLayout(int64_t side)
      : grid(yolo::gridOf(side)), cells(grid * grid), target(0),
        mask(target + 4 * static_cast<size_t>(yolo::kChannels * cells)),
        count(mask + 4 * static_cast<size_t>(cells)), boxes(count + 4),
        bytes(boxes + static_cast<size_t>(kYoloMaxBoxes * kYoloBoxBytes)) {}
};

// Overwrites `target` (yolo::kChannels * grid * grid floats) and `mask` (grid * grid) with the
// encoding of `boxes`, every one of them, in order: the cell of a box's centre (clamped to the
// grid, so a centre on the far edge lands in the last cell) gets its offsets within the cell,
// its size, confidence 1 and its class slot, and a later box in the same cell replaces the
// earlier one in all 30 channels. The arithmetic is in double from the boxes' float values, so
// re-encoding stored boxes (val.full_gt.bin's, say) gives the stored target bit for bit. Throws
// RuntimeError when a span has the wrong size, grid < 1, a class is outside [0, 20) or a
// coordinate is not finite.
void encodeYoloTarget(std::span<const LabelBox> boxes, int64_t grid, std::span<float> target,
                      std::span<float> mask);

// A whole label part for `boxes` at side S: the target and mask of every box
// (encodeYoloTarget), the count and list of the first 56, the unused slots zero.
std::vector<uint8_t> encodeYoloLabel(std::span<const LabelBox> boxes, int64_t side);

// The boxes a label part lists. Its count must be in [0, 56] (the loader checks every record's).
std::vector<LabelBox> listedBoxes(std::span<const uint8_t> label, const YoloLabelLayout& layout);

// The 20 stored bytes of a box, and the box they hold.
void appendBox(std::vector<uint8_t>& bytes, const LabelBox& box);
LabelBox boxAt(const uint8_t* stored);

} // namespace hlotrain::data

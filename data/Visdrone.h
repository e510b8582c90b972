#pragma once
// VisDrone-DET in our YOLOv1 bin format (FORMATS.md "YOLOv1 detection (VisDrone, single grid)"):
// <dir>/train.bin and <dir>/val.bin, each a little-endian u32 record count, then records of an
// RGB image of S x S uint8 planes and the label part of data/Yolo.h (the f32 target [30, G, G],
// the f32 mask [G, G], an i32 box count ≤ 56 and 56 raw boxes), G = S / 32; and, when present,
// <dir>/val.full_gt.bin with every ground-truth box of every val record (u32 n, then per record
// i32 nb and nb boxes of i32 class + 4 f32), against which detection is scored. 10 classes
// (pedestrian, people, bicycle, car, van, truck, tricycle, awning-tricycle, bus, motor). Pixels
// use ImageNet's normalisation. Training augments with a horizontal flip and a random square
// crop of 80–100% of the side resized back: the boxes are cropped, clipped, dropped when less
// than half of their area survives, mirrored, and the target and mask re-encoded from them
// (from the record's ≤ 56 boxes; without augmentation the stored target is used as it is).

#include "data/Dataset.h"

namespace hlotrain::data {

constexpr int64_t kVisdroneSide = 224;
constexpr int64_t kVisdroneClasses = 10;

// The IO of VisDrone records of side x side (a multiple of 32; the CLI takes 224 or 448).
const DatasetIO& visdroneIO(int64_t side);

} // namespace hlotrain::data

#pragma once
// Imagenette in our bin format (FORMATS.md): <dir>/train.bin (S = 256) and <dir>/val.bin
// (S = 224), each a little-endian u32 record count, then records of 1 label byte + 3*S*S pixel
// bytes (R, G, B planes). Ten classes, the sorted wnid folders. Pixels use ImageNet statistics,
// (b/255 - mean_c) / std_c. Training takes a random 224 crop and a random horizontal flip; without
// augmentation the 224 center crop (offset 16); validation records are 224 and never cropped.
// The files are memory-mapped and read in place, so the set may be larger than RAM.

#include "data/Dataset.h"

namespace hlotrain::data {

const DatasetIO& imagenetteIO();

// ImageNet's normalisation of a stored RGB byte: (b/255 − mean_c) / std_c, mean [0.485, 0.456,
// 0.406], std [0.229, 0.224, 0.225] (Imagenette and VisDrone).
float imagenetNormalised(int64_t channel, uint8_t stored);

// The stored side S of a split's records.
int64_t imagenetteSide(Split split);

} // namespace hlotrain::data

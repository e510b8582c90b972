#pragma once
// BraTS brain-tumour segmentation, MSD Task01, in our bin format (FORMATS.md): <dir>/train.bin and
// <dir>/val.bin, each a little-endian u32 record count, then records of an image of
// 4·(2K+1) x S x S uint8 (modalities FLAIR, T1w, T1gd, T2w, each the slices z−K … z+K) and a mask
// of S x S uint8 in MSD numbering (0 background, 1 edema, 2 non-enhancing / necrotic core, 3
// enhancing tumour). S = 240 (brats, brats25d) or 224 (brats224); K = 0 for the 2D kinds, the
// --context of brats25d (default 1; any BraTS kind takes --context). Pixels decode as
// z = (b − 128)·5/127. <dir>/val_cases.bin, when present, gives every val record's case. The
// files are memory-mapped and read in place; no augmentation (FORMATS.md names none).

#include <span>

#include "data/Dataset.h"

namespace hlotrain::data {

constexpr int64_t kBratsClasses = 4;
constexpr int64_t kBratsModalities = 4;
constexpr int64_t kBratsMaxContext = 16;

// The image channels of a record with `context` slices on each side: 4·(2K+1).
constexpr int64_t bratsChannels(int64_t context) {
  return kBratsModalities * (2 * context + 1);
}

// The regions BraTS scores, in MSD numbering, for every BraTS variant: whole tumour {1, 2, 3},
// tumour core {2, 3}, enhancing tumour {3}. (MSD permuted BraTS's native labels 1/2/4; reading
// them in the native numbering would silently swap the tumour core.)
std::span<const LabelRegion> bratsRegions();

// The stored side of a BraTS kind, and its context when none is given.
int64_t bratsSide(DatasetKind kind);
int64_t bratsDefaultContext(DatasetKind kind);
bool isBrats(DatasetKind kind);

// The IO of `kind` (a BraTS kind) with `context` slices on each side (in [0, kBratsMaxContext])
// and records of side x side.
const DatasetIO& bratsIO(DatasetKind kind, int64_t context, int64_t side);

} // namespace hlotrain::data

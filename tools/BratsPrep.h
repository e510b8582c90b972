#pragma once
// The BraTS preprocessor: a Medical Segmentation Decathlon Task01_BrainTumour folder becomes
// OUT/train.bin, OUT/val.bin and OUT/val_cases.bin in the FORMATS.md layout ("BraTS, MSD Task01"
// and "BraTS 2.5D"). How we read each rule of FORMATS.md:
//
// 1. Cases are the "training" entries of SRC/dataset.json (paths relative to SRC), never a
//    directory listing, so macOS `._BRATS_001.nii.gz` files beside them are never opened. A
//    case's name is its image file name without `.nii.gz` / `.nii`; cases are sorted by name in
//    byte order. The image is 4-D X x Y x Z x 4 (FLAIR, T1w, T1gd, T2w, kept in that order), the
//    label 3-D X x Y x Z with integer values 0..3 in MSD numbering; anything else is refused
//    naming the file (and the voxel, for a label value).
// 2. Split by patient: nVal = llround(valFraction * nCases) clamped to [1, nCases - 1] (a split
//    needs at least 2 cases); the cases at the first nVal positions of
//    data::shuffleOrder(nCases, seed) over the sorted list are val, the rest train. Within a
//    split, cases go in sorted-name order.
// 3. Per case and modality: mean and population standard deviation (two passes, in double) over
//    the voxels whose value is not 0; z = (v - mean) / std there and z = 0 on zero voxels
//    (background stays 0). No non-zero voxel, or std == 0: z = 0 everywhere. A non-finite voxel
//    is refused. Stored byte q = clip(rint((z * 127) / 5 + 128), 0, 255), rint rounding half to
//    even, so background is 128.
// 4. Axial slices: slice z is the X x Y plane; pixel (row y, column x) = voxel (x, y, z), no flips
//    and no transposes.
// 5. Kept slices: of the slices whose label plane holds a voxel > 0, in increasing z, positions
//    0, 2, 4, ... of that list. Slices without tumour are never kept.
// 6. X and Y are each center-cropped to S when larger (the first kept voxel is (dim - S) / 2,
//    rounded down) or zero-padded when smaller (the data starts at (S - dim) / 2); padding is
//    background: byte 128 in the image, 0 in the mask.
// 7. 2.5D (context K > 0): 4 * (2K + 1) channels, channel m * (2K + 1) + (d + K) = modality m at
//    slice clamp(z + d, 0, Z - 1) for d = -K..K; the mask and the selection are slice z's.
// 8. Record: the channels (each S rows of S bytes) then the S x S mask. train.bin and val.bin are
//    a little-endian u32 count then the records; val_cases.bin is a u32 count then one
//    little-endian i32 per val record, its case's index among the sorted val case names.
// 9. The three files are written to temporaries in OUT (created if missing) and renamed into
//    place only after every case has been processed: a failure leaves neither a partial file nor
//    a temporary. Cases are streamed: one case's volumes at a time, records written as they are
//    made, the counts patched in at the end.

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace hlotrain::tools {

struct BratsOptions {
  int64_t size = 240;        // S: 240 or 224
  int64_t context = 0;       // K: 0 (2D) ... 16
  double valFraction = 0.15; // in (0, 1)
  uint64_t seed = 0;
};

struct BratsSummary {
  std::vector<std::string> trainCases; // sorted by name
  std::vector<std::string> valCases;   // sorted; val_cases.bin indexes this list
  int64_t trainRecords = 0;
  int64_t valRecords = 0;
};

// Throws ConfigError for options outside the ranges above, ParseError naming the file for a
// malformed dataset.json, volume or case (and for fewer than 2 cases), and RuntimeError when the
// output cannot be written. One progress line per case goes to `log`.
BratsSummary prepareBrats(const std::string& srcDir, const std::string& outDir,
                          const BratsOptions& options, std::ostream& log);

// The `hlotrain-brats-prep` command line; returns the exit status (0 ok, 1 runtime error, 2 bad
// arguments or input) after printing any error to `err`.
int bratsPrepMain(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace hlotrain::tools

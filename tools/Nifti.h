#pragma once
// A reader for single-file NIfTI-1 volumes (`.nii`, or `.nii.gz` detected by the gzip magic), the
// format of the Medical Segmentation Decathlon. Our own, over data/DataFile, instead of libnifti:
// one dependency fewer (zlib is already data/'s), and every refusal is a ParseError naming the
// file and what was wrong ("<path>: <what> (expected X, found Y)"), where libnifti prints to
// stderr and returns null.
//
// Read from the 348-byte header: sizeof_hdr (348 in either byte order decides the file's
// endianness; 540 is NIfTI-2, refused), dim[8] (dim[0] = rank 1..7, every used dim >= 1),
// datatype and bitpix (which must agree), vox_offset (a whole number >= 352), scl_slope and
// scl_inter, and the magic "n+1\0" (two-file "ni1" pairs and Analyze headers are refused).
// Nothing else (orientation, units, intent) is interpreted: a volume is its dims and values.
//
// Values are doubles, scaled by the NIfTI rule: `raw * scl_slope + scl_inter` when scl_slope is
// finite and non-zero, else the raw value, as nibabel's get_fdata() gives them: every value of
// the 8- to 32-bit types, float32 and float64 is held exactly, and scaled values are not rounded
// again (a float store would move float64 and scaled volumes' quantised bytes by one near
// rounding ties). int64 and uint64 values beyond 2^53 round to the nearest double. A
// 240x240x155x4 image takes 286 MB.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hlotrain::tools {

struct NiftiVolume {
  std::vector<int64_t> dims;  // dim[1..rank], x fastest
  int datatype = 0;           // the NIfTI code of the stored values (2 uint8, 16 float32, ...)
  std::vector<double> values; // product(dims) values, x fastest, scaling applied

  int64_t rank() const { return static_cast<int64_t>(dims.size()); }
};

// How messages name a volume's dims ("240x240x155x4") and one of its voxels by its index in
// x-fastest order ("(3, 4, 5, 1)").
std::string niftiShapeText(const std::vector<int64_t>& dims);
std::string niftiVoxelText(const std::vector<int64_t>& dims, size_t index);

// Throws ParseError naming `path` for an unreadable, truncated or corrupt (gzip) file, a header
// that is not single-file NIfTI-1 or breaks one of the rules above, and an unsupported datatype.
NiftiVolume readNifti(const std::string& path);

} // namespace hlotrain::tools

// tools::readNifti (the BraTS preprocessor's volume reader) on an arbitrary file; gzip is
// detected by its magic bytes, so plain and gzipped inputs both reach the header parser. A volume
// it accepts must be consistent with its header and with the file: rank 1..7, every dim at least
// 1, one value per voxel, a supported datatype, and (for a plain file) all of its voxels' bytes
// present after the 352-byte minimum offset.

#include <cstdlib>

#include "fuzz/Scratch.h"
#include "tools/Nifti.h"

using namespace hlotrain;

namespace {

// Bytes per voxel of the datatypes the reader supports; 0 for any other code.
uint64_t voxelBytes(int datatype) {
  switch (datatype) {
  case 2:
  case 256:
    return 1;
  case 4:
  case 512:
    return 2;
  case 8:
  case 16:
  case 768:
    return 4;
  case 64:
  case 1024:
  case 1280:
    return 8;
  }
  return 0;
}

void read(const std::string& path, std::span<const uint8_t> file) {
  const tools::NiftiVolume volume = tools::readNifti(path);
  if (volume.rank() < 1 || volume.rank() > 7) std::abort();
  uint64_t voxels = 1;
  for (int64_t d : volume.dims) {
    if (d < 1) std::abort();
    voxels *= static_cast<uint64_t>(d);
  }
  if (volume.values.size() != voxels) std::abort();
  const uint64_t bytes = voxelBytes(volume.datatype);
  if (bytes == 0) std::abort();
  const bool gzipped = file.size() >= 2 && file[0] == 0x1f && file[1] == 0x8b;
  if (!gzipped && file.size() < 352 + voxels * bytes) std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = fuzz::writeScratch("input.nii.gz", {data, size});
  fuzz::expectTypedErrors([&] { read(path, {data, size}); });
  return 0;
}

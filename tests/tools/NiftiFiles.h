#pragma once
// Writes single-file NIfTI-1 volumes for the tool tests, byte by byte at the offsets of the
// NIfTI-1 specification (nifti1.h), in either byte order, plain or gzipped. Written apart from
// tools/Nifti.cpp on purpose: a reader tested only against its own writer would share its
// mistakes. The override fields make the malformed headers the refusal tests need.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tests/data/IdxFiles.h"

namespace hlotrain::tools::testing {

struct NiftiSpec {
  std::vector<int64_t> dims;  // dim[1..rank], x fastest
  int16_t datatype = 16;      // NIfTI code: 2 uint8, 4 int16, 8 int32, 16 float32, 64 float64,
                              // 256 int8, 512 uint16, 768 uint32, 1024 int64, 1280 uint64
  std::vector<double> values; // raw values, x fastest, each converted to `datatype`
  bool bigEndian = false;
  bool gzip = false;
  float sclSlope = 0; // 0: no scaling
  float sclInter = 0;
  float voxOffset = 352; // the bytes between 348 and vox_offset are zero

  // Overrides for malformed files.
  int32_t sizeofHdr = 348;
  std::optional<int16_t> rank;   // dim[0]; default dims.size()
  std::optional<int16_t> bitpix; // default the datatype's width
  std::string magic = std::string("n+1\0", 4);
};

inline int niftiBytesPerVoxel(int16_t datatype) {
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
  return 4; // an unsupported code, written as if 4 bytes wide
}

class NiftiBytes {
public:
  explicit NiftiBytes(bool bigEndian) : bigEndian_(bigEndian) {}
  std::vector<uint8_t> bytes;

  // The low `width` bytes of `value` at `offset` (growing the buffer as needed), in file order.
  void put(size_t offset, uint64_t value, int width) {
    if (bytes.size() < offset + static_cast<size_t>(width))
      bytes.resize(offset + static_cast<size_t>(width), 0);
    for (int i = 0; i < width; ++i) {
      const uint8_t byte = static_cast<uint8_t>(value >> (8 * i));
      bytes[offset + static_cast<size_t>(bigEndian_ ? width - 1 - i : i)] = byte;
    }
  }
  void putI16(size_t offset, int16_t v) { put(offset, static_cast<uint16_t>(v), 2); }
  void putI32(size_t offset, int32_t v) { put(offset, static_cast<uint32_t>(v), 4); }
  void putF32(size_t offset, float v) { put(offset, std::bit_cast<uint32_t>(v), 4); }

private:
  bool bigEndian_;
};

// The raw bits of `value` stored as `datatype`.
inline uint64_t niftiBits(int16_t datatype, double value) {
  switch (datatype) {
  case 2:
    return static_cast<uint8_t>(value);
  case 4:
    return static_cast<uint16_t>(static_cast<int16_t>(value));
  case 8:
    return static_cast<uint32_t>(static_cast<int32_t>(value));
  case 16:
    return std::bit_cast<uint32_t>(static_cast<float>(value));
  case 64:
    return std::bit_cast<uint64_t>(value);
  case 256:
    return static_cast<uint8_t>(static_cast<int8_t>(value));
  case 512:
    return static_cast<uint16_t>(value);
  case 768:
    return static_cast<uint32_t>(value);
  case 1024:
    return static_cast<uint64_t>(static_cast<int64_t>(value));
  case 1280:
    return static_cast<uint64_t>(value);
  }
  return std::bit_cast<uint32_t>(static_cast<float>(value));
}

inline std::vector<uint8_t> niftiFile(const NiftiSpec& spec) {
  NiftiBytes out(spec.bigEndian);
  const int width = niftiBytesPerVoxel(spec.datatype);
  out.putI32(0, spec.sizeofHdr);
  out.putI16(40, spec.rank.value_or(static_cast<int16_t>(spec.dims.size())));
  for (size_t i = 0; i < spec.dims.size() && i < 7; ++i)
    out.putI16(42 + 2 * i, static_cast<int16_t>(spec.dims[i]));
  out.putI16(70, spec.datatype);
  out.putI16(72, spec.bitpix.value_or(static_cast<int16_t>(8 * width)));
  out.putF32(108, spec.voxOffset);
  out.putF32(112, spec.sclSlope);
  out.putF32(116, spec.sclInter);
  out.put(347, 0, 1); // the header is 348 bytes even when the magic is short
  for (size_t i = 0; i < spec.magic.size() && i < 4; ++i)
    out.bytes[344 + i] = static_cast<uint8_t>(spec.magic[i]);
  // A malformed vox_offset (NaN, inside the header, far past any data) still gets the data
  // right after the header.
  const bool plausible = spec.voxOffset >= 352 && spec.voxOffset < 1e6;
  const size_t data = plausible ? static_cast<size_t>(spec.voxOffset) : 352;
  out.bytes.resize(std::max(out.bytes.size(), data), 0);
  for (size_t i = 0; i < spec.values.size(); ++i)
    out.put(data + i * static_cast<size_t>(width), niftiBits(spec.datatype, spec.values[i]), width);
  return out.bytes;
}

inline void writeNifti(const std::filesystem::path& path, const NiftiSpec& spec) {
  data::testing::writeBytes(path, niftiFile(spec), spec.gzip);
}

} // namespace hlotrain::tools::testing

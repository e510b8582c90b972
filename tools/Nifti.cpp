#include "tools/Nifti.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <span>

#include "data/DataFile.h"
#include "support/Error.h"

namespace hlotrain::tools {
namespace {

// NIfTI-1 header layout (nifti1.h): byte offsets of the fields we read.
constexpr uint64_t kHeaderBytes = 348;
constexpr uint32_t kNifti2HeaderBytes = 540;
constexpr size_t kDimOffset = 40;
constexpr size_t kDatatypeOffset = 70;
constexpr size_t kBitpixOffset = 72;
constexpr size_t kVoxOffsetOffset = 108;
constexpr size_t kSlopeOffset = 112;
constexpr size_t kInterOffset = 116;
constexpr size_t kMagicOffset = 344;
// The header plus the 4-byte extension flag that a single file always carries before its data.
constexpr double kMinVoxOffset = 352;
constexpr int kMaxRank = 7;

enum class Kind { unsignedInt, signedInt, floating };

struct Datatype {
  int code;
  int bytes;
  Kind kind;
  const char* name;
};

constexpr Datatype kDatatypes[] = {
    {2, 1, Kind::unsignedInt, "uint8"},    {4, 2, Kind::signedInt, "int16"},
    {8, 4, Kind::signedInt, "int32"},      {16, 4, Kind::floating, "float32"},
    {64, 8, Kind::floating, "float64"},    {256, 1, Kind::signedInt, "int8"},
    {512, 2, Kind::unsignedInt, "uint16"}, {768, 4, Kind::unsignedInt, "uint32"},
    {1024, 8, Kind::signedInt, "int64"},   {1280, 8, Kind::unsignedInt, "uint64"},
};

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

// The `bytes`-byte unsigned integer at `p` in the file's byte order; assembled byte by byte, so
// the host's own byte order never matters.
uint64_t loadUnsigned(const uint8_t* p, int bytes, bool bigEndian) {
  uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value |= uint64_t{p[bigEndian ? bytes - 1 - i : i]} << (8 * i);
  return value;
}

class Header {
public:
  Header(std::span<const uint8_t> bytes, bool bigEndian) : bytes_(bytes), bigEndian_(bigEndian) {}
  int16_t i16(size_t offset) const {
    return static_cast<int16_t>(loadUnsigned(bytes_.data() + offset, 2, bigEndian_));
  }
  float f32(size_t offset) const {
    return std::bit_cast<float>(
        static_cast<uint32_t>(loadUnsigned(bytes_.data() + offset, 4, bigEndian_)));
  }

private:
  std::span<const uint8_t> bytes_;
  bool bigEndian_;
};

// The raw value of one voxel of `type` whose bytes `bits` holds, assembled in file order.
double rawValue(const Datatype& type, uint64_t bits) {
  const int shift = 64 - 8 * type.bytes;
  switch (type.kind) {
  case Kind::unsignedInt:
    return static_cast<double>(bits);
  case Kind::signedInt: // sign-extend from the type's width
    return static_cast<double>(static_cast<int64_t>(bits << shift) >> shift);
  case Kind::floating:
    return type.bytes == 4 ? std::bit_cast<float>(static_cast<uint32_t>(bits))
                           : std::bit_cast<double>(bits);
  }
  return 0;
}

std::string magicText(std::span<const uint8_t> magic) {
  std::string text = "\"";
  for (uint8_t c : magic) {
    char escaped[8];
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
      text += static_cast<char>(c);
    else if (std::snprintf(escaped, sizeof escaped, "\\x%02x", c) > 0)
      text += escaped;
  }
  return text + "\"";
}

// Whether the header is big-endian, from sizeof_hdr, which must read 348 in one byte order.
bool detectBigEndian(const std::string& path, std::span<const uint8_t> header) {
  const uint64_t little = loadUnsigned(header.data(), 4, false);
  const uint64_t big = loadUnsigned(header.data(), 4, true);
  if (little == kHeaderBytes) return false;
  if (big == kHeaderBytes) return true;
  if (little == kNifti2HeaderBytes || big == kNifti2HeaderBytes)
    throw ParseError(path +
                     ": a NIfTI-2 header, which is not supported (expected sizeof_hdr 348, " +
                     "found 540)");
  throw ParseError(path + ": not a NIfTI-1 file (expected sizeof_hdr 348, found " +
                   std::to_string(static_cast<int32_t>(little)) + ")");
}

void checkMagic(const std::string& path, std::span<const uint8_t> header) {
  std::span<const uint8_t> magic = header.subspan(kMagicOffset, 4);
  if (magic[0] == 'n' && magic[1] == '+' && magic[2] == '1' && magic[3] == 0) return;
  const bool pair = magic[0] == 'n' && magic[1] == 'i' && magic[2] == '1' && magic[3] == 0;
  throw ParseError(path + ": " +
                   (pair ? "the header of a two-file NIfTI-1 pair (.hdr + .img), which is not "
                           "supported"
                         : "not a single-file NIfTI-1 file (an Analyze header?)") +
                   " (expected magic \"n+1\\x00\", found " + magicText(magic) + ")");
}

std::vector<int64_t> readDims(const std::string& path, const Header& header) {
  const int rank = header.i16(kDimOffset);
  if (rank < 1 || rank > kMaxRank)
    throw ParseError(path + ": dim[0] out of range (expected a rank in 1..7, found " +
                     std::to_string(rank) + ")");
  std::vector<int64_t> dims;
  for (int i = 1; i <= rank; ++i) {
    const int dim = header.i16(kDimOffset + 2 * static_cast<size_t>(i));
    if (dim < 1)
      throw ParseError(path + ": dim[" + std::to_string(i) +
                       "] is not positive (expected at least 1, found " + std::to_string(dim) +
                       ")");
    dims.push_back(dim);
  }
  return dims;
}

const Datatype& readDatatype(const std::string& path, const Header& header) {
  const int code = header.i16(kDatatypeOffset);
  const Datatype* found = nullptr;
  std::string supported;
  for (const Datatype& type : kDatatypes) {
    if (type.code == code) found = &type;
    supported += (supported.empty() ? "" : ", ") + std::to_string(type.code) + " " + type.name;
  }
  if (!found)
    throw ParseError(path + ": unsupported datatype (expected one of " + supported + "; found " +
                     std::to_string(code) + ")");
  const int bitpix = header.i16(kBitpixOffset);
  if (bitpix != 8 * found->bytes)
    throw ParseError(path + ": bitpix does not match datatype " + std::to_string(code) + " " +
                     found->name + " (expected " + std::to_string(8 * found->bytes) + ", found " +
                     std::to_string(bitpix) + ")");
  return *found;
}

// vox_offset as a byte offset; `length` is the file's content length, so a huge offset is
// reported as truncation before it is ever converted to an integer.
uint64_t readVoxOffset(const std::string& path, const Header& header, uint64_t length) {
  const float offset = header.f32(kVoxOffsetOffset);
  if (!(offset >= kMinVoxOffset))
    throw ParseError(path + ": vox_offset before the end of the header (expected at least 352, " +
                     "found " + number(offset) + ")");
  if (offset != std::floor(offset))
    throw ParseError(path + ": vox_offset is not a whole number of bytes (expected an integer, " +
                     "found " + number(offset) + ")");
  if (offset > static_cast<double>(length))
    throw ParseError(path + ": data truncated (expected the data to start at byte " +
                     number(offset) + ", found " + std::to_string(length) + " bytes)");
  return static_cast<uint64_t>(offset);
}

// The NIfTI rule: scaling applies when scl_slope is finite and non-zero.
struct Scaling {
  bool applies = false;
  double slope = 1;
  double inter = 0;
};

Scaling readScaling(const std::string& path, const Header& header) {
  const float slope = header.f32(kSlopeOffset), inter = header.f32(kInterOffset);
  if (!std::isfinite(slope) || slope == 0) return {};
  if (!std::isfinite(inter))
    throw ParseError(path + ": scl_inter is not finite while scl_slope " + number(slope) +
                     " applies (expected a finite number, found " + number(inter) + ")");
  return {true, slope, inter};
}

void convertValues(const Datatype& type, bool bigEndian, Scaling scaling,
                   const std::vector<uint8_t>& raw, NiftiVolume& volume) {
  const size_t count = raw.size() / static_cast<size_t>(type.bytes);
  volume.values.resize(count);
  for (size_t i = 0; i < count; ++i) {
    double value = rawValue(type, loadUnsigned(raw.data() + i * static_cast<size_t>(type.bytes),
                                               type.bytes, bigEndian));
    if (scaling.applies) value = value * scaling.slope + scaling.inter;
    volume.values[i] = value;
  }
}

} // namespace

std::string niftiShapeText(const std::vector<int64_t>& dims) {
  std::string text;
  for (int64_t d : dims) text += (text.empty() ? "" : "x") + std::to_string(d);
  return text;
}

std::string niftiVoxelText(const std::vector<int64_t>& dims, size_t index) {
  std::string text;
  for (int64_t d : dims) {
    text += (text.empty() ? "(" : ", ") + std::to_string(index % static_cast<size_t>(d));
    index /= static_cast<size_t>(d);
  }
  return text + ")";
}

NiftiVolume readNifti(const std::string& path) {
  const data::DataFile file(path);
  const uint64_t length = file.length();
  if (length < kHeaderBytes)
    throw ParseError(path + ": too short for a NIfTI-1 header (expected at least 348 bytes, " +
                     "found " + std::to_string(length) + ")");
  const std::vector<uint8_t> headerBytes = file.read(0, kHeaderBytes);
  const bool bigEndian = detectBigEndian(path, headerBytes);
  checkMagic(path, headerBytes);
  const Header header(headerBytes, bigEndian);

  NiftiVolume volume;
  volume.dims = readDims(path, header);
  const Datatype& type = readDatatype(path, header);
  volume.datatype = type.code;
  const uint64_t offset = readVoxOffset(path, header, length);
  const Scaling scaling = readScaling(path, header);

  // At most 7 dims of at most 32767 and 8 bytes a voxel: overflow is possible, so check it.
  uint64_t bytes = static_cast<uint64_t>(type.bytes);
  bool overflow = false;
  for (int64_t d : volume.dims) overflow |= __builtin_mul_overflow(bytes, d, &bytes);
  if (overflow || bytes > length - offset)
    throw ParseError(path + ": data truncated (expected " +
                     (overflow ? "more than 2^64" : std::to_string(offset + bytes)) +
                     " bytes for " + niftiShapeText(volume.dims) + " " + type.name +
                     " voxels from offset " + std::to_string(offset) + ", found " +
                     std::to_string(length) + ")");
  convertValues(type, bigEndian, scaling, file.read(offset, bytes), volume);
  return volume;
}

} // namespace hlotrain::tools

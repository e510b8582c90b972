#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>

#include "NiftiFiles.h"
#include "support/Error.h"
#include "tests/data/IdxFiles.h"
#include "tools/Nifti.h"

using namespace hlotrain;
using namespace hlotrain::tools;
using namespace hlotrain::tools::testing;
using hlotrain::data::testing::ScratchDir;

namespace {

struct TypeCase {
  int16_t datatype;
  std::vector<double> values; // cycled over the volume
};

// Each type's extremes and a value or two that float cannot hold exactly (read back exactly but
// from float32 files, which hold them rounded).
const std::vector<TypeCase> kTypes = {
    {2, {0, 1, 127, 128, 255}},
    {4, {-32768, -1, 0, 1, 32767}},
    {8, {-2147483648.0, -1, 0, 16777217, 2147483647}},
    {16, {-1.5, 0, 3.25e-3, 1e30, -2.5e-41}},
    {64, {-1.5, 0.1, 1e-40, 1e38, -3}},
    {256, {-128, -1, 0, 1, 127}},
    {512, {0, 1, 32768, 65535}},
    {768, {0, 1, 2147483648.0, 4294967295.0}},
    {1024, {-9223372036854775808.0, -1, 0, 1099511627777.0, 4611686018427387904.0}},
    {1280, {0, 1, 9223372036854775808.0, 18446744073709549568.0}},
};

std::vector<double> cycled(const std::vector<double>& values, size_t count) {
  std::vector<double> out(count);
  for (size_t i = 0; i < count; ++i) out[i] = values[i % values.size()];
  return out;
}

class NiftiTest : public ScratchDir {
protected:
  std::string write(const NiftiSpec& spec, const std::string& name = "volume.nii") {
    const std::filesystem::path path = dir / name;
    writeNifti(path, spec);
    return path.string();
  }
  // The message readNifti refuses `path` with.
  static std::string refusal(const std::string& path) {
    try {
      readNifti(path);
    } catch (const ParseError& e) {
      return e.what();
    }
    return "accepted";
  }
  std::string refusal(const NiftiSpec& spec) { return refusal(write(spec)); }
};

NiftiSpec volume3x2x2(int16_t datatype, const std::vector<double>& values) {
  NiftiSpec spec;
  spec.dims = {3, 2, 2};
  spec.datatype = datatype;
  spec.values = cycled(values, 12);
  return spec;
}

TEST_F(NiftiTest, ReadsEveryDatatypeInBothByteOrdersPlainAndGzipped) {
  for (const TypeCase& type : kTypes)
    for (bool bigEndian : {false, true})
      for (bool gzip : {false, true}) {
        NiftiSpec spec = volume3x2x2(type.datatype, type.values);
        spec.bigEndian = bigEndian;
        spec.gzip = gzip;
        const std::string path = write(spec, gzip ? "v.nii.gz" : "v.nii");
        SCOPED_TRACE("datatype " + std::to_string(type.datatype) +
                     (bigEndian ? " big-endian" : " little-endian") + (gzip ? " gzip" : ""));
        const NiftiVolume volume = readNifti(path);
        EXPECT_EQ(volume.dims, (std::vector<int64_t>{3, 2, 2}));
        EXPECT_EQ(volume.rank(), 3);
        EXPECT_EQ(volume.datatype, type.datatype);
        ASSERT_EQ(volume.values.size(), 12u);
        for (size_t i = 0; i < 12; ++i)
          EXPECT_EQ(volume.values[i], type.datatype == 16
                                          ? static_cast<double>(static_cast<float>(spec.values[i]))
                                          : spec.values[i])
              << "voxel " << i;
      }
}

TEST_F(NiftiTest, ReadsRanksOneToSevenAndDataAfterAnExtension) {
  NiftiSpec line;
  line.dims = {4};
  line.values = {1, 2, 3, 4};
  line.voxOffset = 400; // as if a 48-byte extension came first
  EXPECT_EQ(readNifti(write(line)).values, (std::vector<double>{1, 2, 3, 4}));
  NiftiSpec seven;
  seven.dims = {2, 1, 1, 1, 1, 1, 3};
  seven.datatype = 2;
  seven.values = {1, 2, 3, 4, 5, 6};
  const NiftiVolume volume = readNifti(write(seven));
  EXPECT_EQ(volume.dims, seven.dims);
  EXPECT_EQ(volume.values, (std::vector<double>{1, 2, 3, 4, 5, 6}));
}

TEST_F(NiftiTest, AppliesSlopeAndInterceptOnlyWhenTheSlopeIsFiniteAndNonZero) {
  NiftiSpec spec = volume3x2x2(4, {-3, 0, 5});
  spec.sclSlope = 2;
  spec.sclInter = -1;
  spec.bigEndian = true;
  EXPECT_EQ(readNifti(write(spec)).values[2], 9.0f);
  EXPECT_EQ(readNifti(write(spec)).values[1], -1.0f); // zero is scaled too
  for (float slope :
       {0.0f, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
    spec.sclSlope = slope;
    spec.sclInter = 100;
    EXPECT_EQ(readNifti(write(spec)).values[0], -3.0f) << "slope " << slope;
  }
  // In double, never rounded to float: 16777217 (2^24 + 1) scaled by 1 and -0.5 stays exact.
  NiftiSpec wide = volume3x2x2(8, {16777217});
  wide.sclSlope = 1;
  wide.sclInter = -0.5f;
  EXPECT_EQ(readNifti(write(wide)).values[0], 16777216.5);
}

TEST_F(NiftiTest, RefusesTruncatedData) {
  NiftiSpec spec = volume3x2x2(16, {1});
  std::string path = write(spec);
  std::filesystem::resize_file(path, 352 + 12 * 4 - 1);
  EXPECT_EQ(refusal(path),
            path + ": data truncated (expected 400 bytes for 3x2x2 float32 voxels from offset " +
                "352, found 399)");
  std::filesystem::resize_file(path, 100);
  EXPECT_EQ(refusal(path),
            path + ": too short for a NIfTI-1 header (expected at least 348 bytes, found 100)");
  spec.dims = {32767, 32767, 32767, 32767, 32767};
  spec.values = {};
  EXPECT_EQ(refusal(spec), (dir / "volume.nii").string() +
                               ": data truncated (expected more than 2^64 bytes for "
                               "32767x32767x32767x32767x32767 float32 voxels from offset 352, "
                               "found 352)");
}

TEST_F(NiftiTest, RefusesTruncatedAndCorruptGzip) {
  NiftiSpec spec = volume3x2x2(16, {1, 2, 3});
  spec.gzip = true;
  const std::string path = write(spec, "v.nii.gz");
  const uintmax_t size = std::filesystem::file_size(path);
  std::filesystem::resize_file(path, size - 12);
  EXPECT_EQ(refusal(path).rfind(path + ": corrupt gzip data", 0), 0u) << refusal(path);

  write(spec, "v.nii.gz");
  std::vector<uint8_t> bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  bytes[bytes.size() - 8] ^= 0xff; // the CRC-32 of the trailer
  data::testing::writeBytes(path, bytes, false);
  EXPECT_EQ(refusal(path).rfind(path + ": corrupt gzip data", 0), 0u) << refusal(path);
}

TEST_F(NiftiTest, RefusesOtherFormatsByTheirHeader) {
  NiftiSpec spec = volume3x2x2(2, {1});
  const std::string path = (dir / "volume.nii").string();
  spec.sizeofHdr = 540;
  EXPECT_EQ(refusal(spec), path + ": a NIfTI-2 header, which is not supported (expected "
                                  "sizeof_hdr 348, found 540)");
  spec.bigEndian = true;
  EXPECT_EQ(refusal(spec), path + ": a NIfTI-2 header, which is not supported (expected "
                                  "sizeof_hdr 348, found 540)");
  spec.bigEndian = false;
  spec.sizeofHdr = 1234;
  EXPECT_EQ(refusal(spec), path + ": not a NIfTI-1 file (expected sizeof_hdr 348, found 1234)");
  spec.sizeofHdr = 348;
  spec.magic = std::string("ni1\0", 4);
  EXPECT_EQ(refusal(spec), path + ": the header of a two-file NIfTI-1 pair (.hdr + .img), which "
                                  "is not supported (expected magic \"n+1\\x00\", found "
                                  "\"ni1\\x00\")");
  spec.magic = std::string(4, '\0');
  EXPECT_EQ(refusal(spec), path + ": not a single-file NIfTI-1 file (an Analyze header?) "
                                  "(expected magic \"n+1\\x00\", found "
                                  "\"\\x00\\x00\\x00\\x00\")");
  EXPECT_EQ(refusal((dir / "missing.nii").string()),
            (dir / "missing.nii").string() + ": not a regular file");
}

TEST_F(NiftiTest, RefusesBadDims) {
  NiftiSpec spec = volume3x2x2(2, {1});
  const std::string path = (dir / "volume.nii").string();
  for (int16_t rank : {0, 8, -1}) {
    spec.rank = rank;
    EXPECT_EQ(refusal(spec), path + ": dim[0] out of range (expected a rank in 1..7, found " +
                                 std::to_string(rank) + ")");
  }
  spec.rank.reset();
  for (int64_t dim : {0, -3}) {
    spec.dims = {3, dim, 2};
    spec.bigEndian = dim < 0; // the dims are byte-swapped too
    EXPECT_EQ(refusal(spec), path + ": dim[2] is not positive (expected at least 1, found " +
                                 std::to_string(dim) + ")");
  }
}

TEST_F(NiftiTest, RefusesUnsupportedDatatypesAndAWrongBitpix) {
  NiftiSpec spec = volume3x2x2(32, {1}); // complex64
  const std::string path = (dir / "volume.nii").string();
  EXPECT_EQ(refusal(spec), path + ": unsupported datatype (expected one of 2 uint8, 4 int16, 8 "
                                  "int32, 16 float32, 64 float64, 256 int8, 512 uint16, 768 "
                                  "uint32, 1024 int64, 1280 uint64; found 32)");
  spec.datatype = 16;
  spec.bitpix = 16;
  EXPECT_EQ(refusal(spec),
            path + ": bitpix does not match datatype 16 float32 (expected 32, found 16)");
}

TEST_F(NiftiTest, RefusesBadVoxOffsetsAndScaling) {
  NiftiSpec spec = volume3x2x2(2, {1});
  const std::string path = (dir / "volume.nii").string();
  spec.voxOffset = 348;
  EXPECT_EQ(refusal(spec), path + ": vox_offset before the end of the header (expected at least "
                                  "352, found 348)");
  spec.voxOffset = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(refusal(write(spec)).find("vox_offset before the end of the header"), path.size() + 2);
  spec.voxOffset = 352.5f;
  EXPECT_EQ(refusal(spec), path + ": vox_offset is not a whole number of bytes (expected an "
                                  "integer, found 352.5)");
  spec.voxOffset = 1e30f; // reported as truncation, never converted to an integer
  EXPECT_EQ(refusal(spec), path + ": data truncated (expected the data to start at byte "
                                  "1.00000002e+30, found 364 bytes)");
  spec.voxOffset = 352;
  spec.sclSlope = 1;
  spec.sclInter = std::numeric_limits<float>::infinity();
  EXPECT_EQ(refusal(spec), path + ": scl_inter is not finite while scl_slope 1 applies (expected "
                                  "a finite number, found inf)");
}

// float64 values keep their whole range and precision (a float store would round them).
TEST_F(NiftiTest, KeepsFloat64ValuesExactly) {
  NiftiSpec spec = volume3x2x2(64, {1});
  spec.values[7] = -1e300;
  spec.values[3] = 176.50000474510398;
  const NiftiVolume volume = readNifti(write(spec));
  EXPECT_EQ(volume.values[7], -1e300);
  EXPECT_EQ(volume.values[3], 176.50000474510398);
  spec.values[7] = std::numeric_limits<double>::infinity(); // representable: kept
  EXPECT_TRUE(std::isinf(readNifti(write(spec)).values[7]));
}

} // namespace

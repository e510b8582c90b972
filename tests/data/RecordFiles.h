#pragma once
// Writes CIFAR-10 binary batches and Imagenette bins byte for byte in the FORMATS.md layout
// (records of 1 label byte + R, G, B planes; Imagenette behind a little-endian u32 count), with
// pixels that tell their record, channel and position apart.

#include <filesystem>
#include <vector>

#include "IdxFiles.h"
#include "support/Error.h"

namespace hlotrain::data::testing {

// Pixel (c, y, x) of the record with global index g of a side x side set.
inline uint8_t recordPixel(int64_t g, int64_t c, int64_t y, int64_t x) {
  return static_cast<uint8_t>((37 * g + 101 * c + 7 * y + 3 * x) % 256);
}

inline uint8_t recordLabel(int64_t g) {
  return static_cast<uint8_t>((3 * g + 1) % 10);
}

// Records first .. first+count-1 of a side x side set, each label byte then the image.
inline std::vector<uint8_t> labelledRecords(int64_t first, int64_t count, int64_t side) {
  std::vector<uint8_t> bytes;
  for (int64_t g = first; g < first + count; ++g) {
    bytes.push_back(recordLabel(g));
    for (int64_t c = 0; c < 3; ++c)
      for (int64_t y = 0; y < side; ++y)
        for (int64_t x = 0; x < side; ++x) bytes.push_back(recordPixel(g, c, y, x));
  }
  return bytes;
}

// An Imagenette bin: u32 n (little-endian) then n records.
inline std::vector<uint8_t> imagenetteBin(uint32_t n, int64_t side) {
  std::vector<uint8_t> bytes = {static_cast<uint8_t>(n), static_cast<uint8_t>(n >> 8),
                                static_cast<uint8_t>(n >> 16), static_cast<uint8_t>(n >> 24)};
  std::vector<uint8_t> records = labelledRecords(0, n, side);
  bytes.insert(bytes.end(), records.begin(), records.end());
  return bytes;
}

// The message of the ParseError that `load` throws; fails the test when it throws none.
template <typename Load> std::string parseErrorOf(Load load) {
  try {
    load();
  } catch (const ParseError& e) {
    return e.what();
  }
  ADD_FAILURE() << "loading succeeded";
  return "";
}

} // namespace hlotrain::data::testing

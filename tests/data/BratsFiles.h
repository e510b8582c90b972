#pragma once
// BraTS bins byte for byte in the FORMATS.md layout (a little-endian u32 count, then records of a
// channel-major uint8 image and a uint8 mask), and a synthetic BraTS-like set a small UNet learns:
// nested tumour regions (enhancing tumour 3 rings a necrotic core 2, both inside the edema 1 of the
// whole tumour) inside an elliptic brain, each modality with a cue of its own, some slices without
// enhancing tumour and some without any tumour.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "support/Xorshift.h"

namespace hlotrain::data::testing {

struct SliceRecord {
  std::vector<uint8_t> image; // channels x side x side
  std::vector<uint8_t> mask;  // side x side, MSD numbering
};

inline void appendU32(std::vector<uint8_t>& bytes, uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

inline std::vector<uint8_t> bratsBin(const std::vector<SliceRecord>& records) {
  std::vector<uint8_t> bytes;
  appendU32(bytes, static_cast<uint32_t>(records.size()));
  for (const SliceRecord& r : records) {
    bytes.insert(bytes.end(), r.image.begin(), r.image.end());
    bytes.insert(bytes.end(), r.mask.begin(), r.mask.end());
  }
  return bytes;
}

inline std::vector<uint8_t> valCasesBin(const std::vector<int32_t>& cases) {
  std::vector<uint8_t> bytes;
  appendU32(bytes, static_cast<uint32_t>(cases.size()));
  for (int32_t c : cases) appendU32(bytes, static_cast<uint32_t>(c));
  return bytes;
}

enum class Tumour { none, withoutEnhancing, full };

// One synthetic 4-modality slice of side x side. Stored bytes decode as z = (b − 128)·5/127:
// background 128 (z = 0), brain about z = 0.5, and per modality: FLAIR bright over the whole
// tumour, T1w dark in the necrotic core, T1gd bright in the enhancing tumour, T2w bright over the
// whole tumour and brighter over the core.
inline SliceRecord syntheticSlice(int64_t side, uint64_t seed, Tumour tumour) {
  uint64_t s = seed * 0x9e3779b97f4a7c15ull + 1;
  auto next = [&] { return s = xorshift64(s); };
  auto uniform = [&](double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(next() % 1000000) / 1e6;
  };
  const double c = static_cast<double>(side) / 2;
  const double cy = uniform(0.35, 0.65) * side, cx = uniform(0.35, 0.65) * side;
  const double ry = uniform(0.12, 0.22) * side, rx = uniform(0.12, 0.22) * side;
  SliceRecord r{std::vector<uint8_t>(static_cast<size_t>(4 * side * side), 128),
                std::vector<uint8_t>(static_cast<size_t>(side * side), 0)};
  for (int64_t y = 0; y < side; ++y)
    for (int64_t x = 0; x < side; ++x) {
      const double by = (y + 0.5 - c) / (0.46 * side), bx = (x + 0.5 - c) / (0.4 * side);
      if (by * by + bx * bx > 1) continue; // outside the brain: background
      const double ty = (y + 0.5 - cy) / ry, tx = (x + 0.5 - cx) / rx;
      const double d = std::sqrt(ty * ty + tx * tx); // 1 on the whole tumour's border
      uint8_t label = 0;
      if (tumour != Tumour::none && d < 1) label = 1;
      if (tumour != Tumour::none && d < 0.6) label = tumour == Tumour::full ? 3 : 2;
      if (tumour == Tumour::full && d < 0.35) label = 2;
      const double cue[4] = {label > 0 ? 60.0 : 0.0, label == 2 ? -45.0 : 0.0,
                             label == 3 ? 70.0 : 0.0, label > 0 ? (label > 1 ? 75.0 : 40.0) : 0.0};
      for (int64_t m = 0; m < 4; ++m) {
        const double v = 141 + cue[m] + uniform(-18, 18);
        r.image[static_cast<size_t>((m * side + y) * side + x)] =
            static_cast<uint8_t>(std::clamp(std::lround(v), 0l, 255l));
      }
      r.mask[static_cast<size_t>(y * side + x)] = label;
    }
  return r;
}

// `count` slices: every fifth without tumour, every fourth of the rest without enhancing tumour.
inline std::vector<SliceRecord> syntheticSlices(int64_t side, int64_t count, uint64_t seed) {
  std::vector<SliceRecord> records;
  for (int64_t i = 0; i < count; ++i) {
    const Tumour t = i % 5 == 4   ? Tumour::none
                     : i % 4 == 3 ? Tumour::withoutEnhancing
                                  : Tumour::full;
    records.push_back(syntheticSlice(side, seed * 1000 + static_cast<uint64_t>(i), t));
  }
  return records;
}

} // namespace hlotrain::data::testing

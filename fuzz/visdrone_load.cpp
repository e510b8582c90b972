// The VisDrone loader on arbitrary bytes, read as records of side 32 (G = 1: the side a fuzzer can
// fill; 224 and 448 share the code), in two ways: the whole input as train.bin and as val.bin
// with no val.full_gt.bin beside it; and the input as a val.bin (as many records as its header
// says) followed by a val.full_gt.bin (the rest). A file it accepts must come back as its records
// exactly where FORMATS.md puts them: a u32 count, then 3·S·S image bytes and the label part
// (target f32 [30, 1, 1], mask f32 [1, 1], i32 count ≤ 56, 56 boxes of 20 bytes) per record,
// every counted box of class 0..9 with 0 <= xmin < xmax <= 1 (likewise y); the full ground truth
// one list per record, its boxes checked alike. Every accepted record's label then goes through
// a flip and two scaled crops, which must give at most the record's boxes, inside the image,
// with a mask of 0 or 1 and the confidence equal to it.

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <span>
#include <vector>

#include "data/Visdrone.h"
#include "data/Yolo.h"
#include "fuzz/Scratch.h"

using namespace hlotrain;

namespace {

constexpr int64_t kSide = 32;
constexpr size_t kImage = 3 * kSide * kSide;
constexpr size_t kLabel = data::YoloLabelLayout(kSide).bytes;
constexpr size_t kRecord = kImage + kLabel;
constexpr size_t kCount = 4 * 31; // target (30 floats) and mask (1) of the one cell
constexpr size_t kBoxes = kCount + 4;

uint32_t readU32(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

template <class T> T at(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

data::LabelBox boxAt(const uint8_t* p) {
  return {at<int32_t>(p), at<float>(p + 4), at<float>(p + 8), at<float>(p + 12), at<float>(p + 16)};
}

bool valid(const data::LabelBox& b) {
  return b.cls >= 0 && b.cls < data::kVisdroneClasses && b.xmin >= 0 && b.xmin < b.xmax &&
         b.xmax <= 1 && b.ymin >= 0 && b.ymin < b.ymax && b.ymax <= 1;
}

// The label of a record under a flip and two crops of 80–100% of the side, against the rules.
void checkTransforms(std::span<const uint8_t> stored, int32_t count) {
  const data::DatasetIO& io = data::visdroneIO(kSide);
  const data::ImageCut cuts[] = {
      {0, 0, kSide, kSide, true}, {3, 5, 26, 26, false}, {6, 0, 26, 26, true}};
  std::vector<int32_t> out(kLabel / 4);
  for (const data::ImageCut& cut : cuts) {
    io.transformLabel(stored, cut, out);
    const uint8_t* label = reinterpret_cast<const uint8_t*>(out.data());
    const int32_t kept = at<int32_t>(label + kCount);
    // A flip of the whole image keeps every box; a crop keeps at most all of them.
    if (kept < 0 || kept > count || (cut.width == kSide && kept != count)) std::abort();
    for (int32_t b = 0; b < kept; ++b) {
      const data::LabelBox box = boxAt(label + kBoxes + static_cast<size_t>(b) * 20);
      if (box.cls < 0 || box.cls >= data::kVisdroneClasses) std::abort();
      if (!(box.xmin >= 0 && box.xmin <= box.xmax && box.xmax <= 1)) std::abort();
      if (!(box.ymin >= 0 && box.ymin <= box.ymax && box.ymax <= 1)) std::abort();
    }
    const float mask = at<float>(label + kCount - 4);
    const float confidence = at<float>(label + 4 * 4);
    if (mask != (kept > 0 ? 1.0f : 0.0f) || confidence != mask) std::abort();
  }
}

// Loads `split` and checks the accepted records against `file` (the bytes of train.bin or
// val.bin); `fullGroundTruth` the bytes of val.full_gt.bin when one was written.
void load(data::Split split, std::span<const uint8_t> file,
          std::optional<std::span<const uint8_t>> fullGroundTruth) {
  const data::Dataset set = data::visdroneIO(kSide).load(fuzz::scratchDir().string(), split);
  // Accepted: from here on anything thrown is a finding, not a refusal.
  try {
    const size_t n = static_cast<size_t>(set.size());
    if (4 + n * kRecord != file.size() || readU32(file.data()) != n) std::abort();
    for (size_t i = 0; i < n; ++i) {
      const uint8_t* record = file.data() + 4 + i * kRecord;
      std::span<const uint8_t> image = set.image(static_cast<int64_t>(i));
      std::span<const uint8_t> label = set.label(static_cast<int64_t>(i));
      if (image.size() != kImage || std::memcmp(image.data(), record, kImage)) std::abort();
      if (label.size() != kLabel || std::memcmp(label.data(), record + kImage, kLabel))
        std::abort();
      const int32_t count = at<int32_t>(label.data() + kCount);
      if (count < 0 || count > data::kYoloMaxBoxes) std::abort();
      for (int32_t b = 0; b < count; ++b)
        if (!valid(boxAt(label.data() + kBoxes + static_cast<size_t>(b) * 20))) std::abort();
      checkTransforms(label, count);
    }
    const auto& boxes = set.recordBoxes();
    if (split == data::Split::train || !fullGroundTruth) {
      if (boxes) std::abort();
      return;
    }
    if (!boxes || boxes->size() != n) std::abort();
    for (const std::vector<data::LabelBox>& list : *boxes)
      for (const data::LabelBox& box : list)
        if (!valid(box)) std::abort();
    // A gzipped file (the loader reads one transparently) has other bytes than it holds.
    if (fullGroundTruth->size() >= 2 && (*fullGroundTruth)[0] == 0x1f &&
        (*fullGroundTruth)[1] == 0x8b)
      return;
    size_t offset = 4;
    for (size_t i = 0; i < n; ++i) {
      const int32_t nb = at<int32_t>(fullGroundTruth->data() + offset);
      offset += 4;
      if (nb < 0 || (*boxes)[i].size() != static_cast<size_t>(nb)) std::abort();
      for (const data::LabelBox& box : (*boxes)[i]) {
        if (!(box == boxAt(fullGroundTruth->data() + offset))) std::abort();
        offset += 20;
      }
    }
    if (offset != fullGroundTruth->size()) std::abort();
  } catch (...) {
    std::abort();
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::span<const uint8_t> input(data, size);
  std::filesystem::remove(fuzz::scratchDir() / "val.full_gt.bin");
  for (const char* name : {"train.bin", "val.bin"}) fuzz::writeScratch(name, input);
  fuzz::expectTypedErrors([&] { load(data::Split::train, input, std::nullopt); });
  fuzz::expectTypedErrors([&] { load(data::Split::test, input, std::nullopt); });

  // A val.bin of the records its header announces, and the rest as val.full_gt.bin.
  if (size < 4) return 0;
  const uint64_t records = readU32(data);
  if (4 + records * kRecord > size) return 0;
  const size_t split = static_cast<size_t>(4 + records * kRecord);
  fuzz::writeScratch("val.bin", input.first(split));
  fuzz::writeScratch("val.full_gt.bin", input.subspan(split));
  fuzz::expectTypedErrors(
      [&] { load(data::Split::test, input.first(split), input.subspan(split)); });
  return 0;
}

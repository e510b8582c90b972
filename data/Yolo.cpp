#include "data/Yolo.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

#include "support/Error.h"

namespace hlotrain::data {
namespace {

// The cell along one axis of a centre at `centre` (a fraction of the image), clamped so that a
// centre on the far edge (1.0) stays in the last cell. Clamped before the conversion, which
// would be undefined for a centre far outside the image.
int64_t cellOf(double centre, int64_t grid) {
  const double g = static_cast<double>(grid);
  return static_cast<int64_t>(std::clamp(std::floor(centre * g), 0.0, g - 1));
}

void checkBox(const LabelBox& box, size_t index) {
  if (box.cls < 0 || box.cls >= yolo::kClassSlots)
    throw RuntimeError("YOLO box " + std::to_string(index) + ": class " + std::to_string(box.cls) +
                       " has no class slot (expected 0.." + std::to_string(yolo::kClassSlots - 1) +
                       ")");
  for (float v : {box.xmin, box.ymin, box.xmax, box.ymax})
    if (!std::isfinite(v))
      throw RuntimeError("YOLO box " + std::to_string(index) +
                         ": a coordinate is not finite (expected fractions of the image)");
}

// Little-endian, whatever the host.
void appendWord(std::vector<uint8_t>& bytes, uint32_t v) {
  for (int shift = 0; shift < 32; shift += 8) bytes.push_back(static_cast<uint8_t>(v >> shift));
}

uint32_t wordAt(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

} // namespace

void encodeYoloTarget(std::span<const LabelBox> boxes, int64_t grid, std::span<float> target,
                      std::span<float> mask) {
  if (grid < 1) throw RuntimeError("YOLO grid must be at least 1, not " + std::to_string(grid));
  const size_t cells = static_cast<size_t>(grid * grid);
  if (target.size() != yolo::kChannels * cells || mask.size() != cells)
    throw RuntimeError("YOLO target of " + std::to_string(target.size()) + " and mask of " +
                       std::to_string(mask.size()) + " floats for a " + std::to_string(grid) + "x" +
                       std::to_string(grid) + " grid (expected " +
                       std::to_string(yolo::kChannels * cells) + " and " + std::to_string(cells) +
                       ")");
  std::fill(target.begin(), target.end(), 0.0f);
  std::fill(mask.begin(), mask.end(), 0.0f);
  const double g = static_cast<double>(grid);
  for (size_t b = 0; b < boxes.size(); ++b) {
    const LabelBox& box = boxes[b];
    checkBox(box, b);
    const double xmin = box.xmin, ymin = box.ymin, xmax = box.xmax, ymax = box.ymax;
    const double cx = (xmin + xmax) / 2, cy = (ymin + ymax) / 2;
    const int64_t i = cellOf(cy, grid), j = cellOf(cx, grid);
    const size_t cell = static_cast<size_t>(i * grid + j);
    auto channel = [&](int64_t c) -> float& {
      return target[static_cast<size_t>(c) * cells + cell];
    };
    // A later box owns the whole cell: no class slot of the earlier one survives.
    for (int64_t c = 0; c < yolo::kChannels; ++c) channel(c) = 0.0f;
    channel(yolo::kX) = static_cast<float>(cx * g - static_cast<double>(j));
    channel(yolo::kY) = static_cast<float>(cy * g - static_cast<double>(i));
    channel(yolo::kW) = static_cast<float>(xmax - xmin);
    channel(yolo::kH) = static_cast<float>(ymax - ymin);
    channel(yolo::kConfidence) = 1.0f;
    channel(yolo::kFirstClass + box.cls) = 1.0f;
    mask[cell] = 1.0f;
  }
}

void appendBox(std::vector<uint8_t>& bytes, const LabelBox& box) {
  appendWord(bytes, static_cast<uint32_t>(box.cls));
  for (float v : {box.xmin, box.ymin, box.xmax, box.ymax})
    appendWord(bytes, std::bit_cast<uint32_t>(v));
}

LabelBox boxAt(const uint8_t* stored) {
  return {static_cast<int32_t>(wordAt(stored)), std::bit_cast<float>(wordAt(stored + 4)),
          std::bit_cast<float>(wordAt(stored + 8)), std::bit_cast<float>(wordAt(stored + 12)),
          std::bit_cast<float>(wordAt(stored + 16))};
}

std::vector<uint8_t> encodeYoloLabel(std::span<const LabelBox> boxes, int64_t side) {
  const YoloLabelLayout layout(side);
  std::vector<float> target(static_cast<size_t>(yolo::kChannels * layout.cells));
  std::vector<float> mask(static_cast<size_t>(layout.cells));
  encodeYoloTarget(boxes, layout.grid, target, mask);
  std::vector<uint8_t> label;
  label.reserve(layout.bytes);
  for (float v : target) appendWord(label, std::bit_cast<uint32_t>(v));
  for (float v : mask) appendWord(label, std::bit_cast<uint32_t>(v));
  const size_t listed = std::min(boxes.size(), static_cast<size_t>(kYoloMaxBoxes));
  appendWord(label, static_cast<uint32_t>(listed));
  for (const LabelBox& box : boxes.first(listed)) appendBox(label, box);
  label.resize(layout.bytes); // the unused box slots, zero
  return label;
}

std::vector<LabelBox> listedBoxes(std::span<const uint8_t> label, const YoloLabelLayout& layout) {
  if (label.size() != layout.bytes)
    throw RuntimeError("a YOLO label part of " + std::to_string(label.size()) +
                       " bytes (expected " + std::to_string(layout.bytes) + ")");
  const auto count = static_cast<int32_t>(wordAt(label.data() + layout.count));
  if (count < 0 || count > kYoloMaxBoxes)
    throw RuntimeError("a YOLO label part lists " + std::to_string(count) + " boxes (expected 0.." +
                       std::to_string(kYoloMaxBoxes) + ")");
  std::vector<LabelBox> boxes;
  for (int32_t b = 0; b < count; ++b)
    boxes.push_back(boxAt(label.data() + layout.boxes + static_cast<size_t>(b) * kYoloBoxBytes));
  return boxes;
}

} // namespace hlotrain::data

#include "data/Yolo.h"

#include <algorithm>
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

void checkBox(const YoloBox& box, size_t index) {
  if (box.cls < 0 || box.cls >= yolo::kClassSlots)
    throw RuntimeError("YOLO box " + std::to_string(index) + ": class " + std::to_string(box.cls) +
                       " has no class slot (expected 0.." + std::to_string(yolo::kClassSlots - 1) +
                       ")");
  for (float v : {box.xmin, box.ymin, box.xmax, box.ymax})
    if (!std::isfinite(v))
      throw RuntimeError("YOLO box " + std::to_string(index) +
                         ": a coordinate is not finite (expected fractions of the image)");
}

} // namespace

void encodeYoloTarget(std::span<const YoloBox> boxes, int64_t grid, std::span<float> target,
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
    const YoloBox& box = boxes[b];
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

} // namespace hlotrain::data

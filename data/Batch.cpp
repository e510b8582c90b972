#include "data/Batch.h"

#include "data/Random.h"
#include "support/Error.h"

namespace hlotrain::data {
namespace {

std::string shapeText(const std::vector<int64_t>& shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

} // namespace

BatchAssembler::BatchAssembler(const DatasetIO& io, const Dataset& dataset)
    : io_(io), dataset_(dataset), input_(io.inputShape()) {
  const Geometry& g = dataset.geometry();
  if (g.channels != input_.channels || g.height < input_.height || g.width < input_.width)
    throw RuntimeError("dataset records of " + std::to_string(g.channels) + "x" +
                       std::to_string(g.height) + "x" + std::to_string(g.width) +
                       " cannot make input rows of " + std::to_string(input_.channels) + "x" +
                       std::to_string(input_.height) + "x" + std::to_string(input_.width));
  const std::vector<int64_t> labels = io.labelShape();
  if (g.hasMasks() ? labels != std::vector<int64_t>{input_.height, input_.width} : !labels.empty())
    throw RuntimeError("dataset labels of shape " + shapeText(g.labelShape) +
                       " cannot make batch labels of shape " + shapeText(labels));
  pixelTable_.resize(static_cast<size_t>(input_.channels) * 256);
  for (int64_t c = 0; c < input_.channels; ++c)
    for (int b = 0; b < 256; ++b)
      pixelTable_[static_cast<size_t>(c * 256 + b)] = io.decodePixel(c, static_cast<uint8_t>(b));
}

int64_t BatchAssembler::rowElements() const {
  return input_.channels * input_.height * input_.width;
}

int64_t BatchAssembler::labelElements() const {
  const Geometry& g = dataset_.geometry();
  return g.hasMasks() ? input_.height * input_.width : g.labelElements();
}

void BatchAssembler::assemble(std::span<const int64_t> records, std::span<float> x,
                              std::span<int32_t> y, std::optional<BatchPosition> augmentAt) const {
  const Geometry& g = dataset_.geometry();
  const int64_t rows = static_cast<int64_t>(records.size());
  if (static_cast<int64_t>(x.size()) != rows * rowElements() ||
      static_cast<int64_t>(y.size()) != rows * labelElements())
    throw RuntimeError("batch of " + std::to_string(rows) + " records needs " +
                       std::to_string(rows * rowElements()) + " input and " +
                       std::to_string(rows * labelElements()) + " label elements, got " +
                       std::to_string(x.size()) + " and " + std::to_string(y.size()));
  for (int64_t record : records)
    if (record < 0 || record >= dataset_.size())
      throw RuntimeError("record " + std::to_string(record) + " is outside the dataset of " +
                         std::to_string(dataset_.size()));

  // Each augmentation's stream steps once per image of the batch (FORMATS.md). Nothing here
  // allocates, so a prefetcher can assemble batch after batch into the same buffers.
  const int64_t h = input_.height, w = input_.width;
  const Augmentation aug = augmentAt ? io_.augmentation() : Augmentation{};
  const uint64_t seed = augmentAt ? batchSeed(augmentAt->epoch, augmentAt->batchIndex) : 0;
  const CropOffset center = centerCrop(g.height, g.width, h, w);
  CropStream cropStream(seed, g.height, g.width, h, w);
  FlipStream flipStream(seed + kFlipSeedOffset);

  for (int64_t r = 0; r < rows; ++r) {
    std::span<const uint8_t> image = dataset_.image(records[r]);
    float* out = x.data() + r * rowElements();
    const CropOffset crop = aug.randomCrop ? cropStream.next() : center;
    const bool flip = aug.horizontalFlip && flipStream.next();
    for (int64_t c = 0; c < input_.channels; ++c) {
      const float* table = pixelTable_.data() + c * 256;
      for (int64_t i = 0; i < h; ++i) {
        const uint8_t* src = image.data() + (c * g.height + crop.y0 + i) * g.width + crop.x0;
        float* dst = out + (c * h + i) * w;
        if (flip)
          for (int64_t j = 0; j < w; ++j) dst[j] = table[src[w - 1 - j]];
        else
          for (int64_t j = 0; j < w; ++j) dst[j] = table[src[j]];
      }
    }
    std::span<int32_t> labels = y.subspan(r * labelElements(), labelElements());
    if (!g.hasMasks()) {
      io_.decodeLabel(dataset_.label(records[r]), labels);
      continue;
    }
    // The mask is a plane of the image: the same crop and flip.
    const uint8_t* mask = dataset_.label(records[r]).data();
    for (int64_t i = 0; i < h; ++i) {
      const uint8_t* src = mask + (crop.y0 + i) * g.width + crop.x0;
      int32_t* dst = labels.data() + i * w;
      for (int64_t j = 0; j < w; ++j) dst[j] = src[flip ? w - 1 - j : j];
    }
  }
}

} // namespace hlotrain::data

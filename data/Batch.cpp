#include "data/Batch.h"

#include <algorithm>

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
  if (g.hasMasks() ? labels != std::vector<int64_t>{input_.height, input_.width}
                   : labels != g.labelShape)
    throw RuntimeError("dataset labels of shape " + shapeText(g.labelShape) +
                       " cannot make batch labels of shape " + shapeText(labels));
  pixelTable_.resize(static_cast<size_t>(input_.channels) * 256);
  for (int64_t c = 0; c < input_.channels; ++c)
    for (int b = 0; b < 256; ++b)
      pixelTable_[static_cast<size_t>(c * 256 + b)] = io.decodePixel(c, static_cast<uint8_t>(b));
  staged_.resize(static_cast<size_t>(g.imageBytes() + g.labelBytes));
}

int64_t BatchAssembler::rowElements() const {
  return input_.channels * input_.height * input_.width;
}

int64_t BatchAssembler::labelElements() const {
  const Geometry& g = dataset_.geometry();
  return g.hasMasks() ? input_.height * input_.width : g.labelElements();
}

void BatchAssembler::copyCut(std::span<const uint8_t> image, const ImageCut& cut,
                             float* out) const {
  const Geometry& g = dataset_.geometry();
  const int64_t h = input_.height, w = input_.width;
  for (int64_t c = 0; c < input_.channels; ++c) {
    const float* table = pixelTable_.data() + c * 256;
    for (int64_t i = 0; i < h; ++i) {
      const uint8_t* src = image.data() + (c * g.height + cut.y0 + i) * g.width + cut.x0;
      float* dst = out + (c * h + i) * w;
      if (cut.flipped)
        for (int64_t j = 0; j < w; ++j) dst[j] = table[src[w - 1 - j]];
      else
        for (int64_t j = 0; j < w; ++j) dst[j] = table[src[j]];
    }
  }
}

namespace {

// Bilinear resampling taps of one axis: output o of `outSize` reads source positions i0 and i1
// of a span of `inSize` (half-pixel centres, align_corners=false, edges clamped).
struct Tap {
  int64_t i0, i1;
  float frac;
};

Tap tapOf(int64_t o, int64_t outSize, int64_t inSize) {
  const double s = std::clamp((static_cast<double>(o) + 0.5) * static_cast<double>(inSize) /
                                      static_cast<double>(outSize) -
                                  0.5,
                              0.0, static_cast<double>(inSize - 1));
  const int64_t i0 = static_cast<int64_t>(s);
  return {i0, std::min(i0 + 1, inSize - 1), static_cast<float>(s - static_cast<double>(i0))};
}

} // namespace

void BatchAssembler::resizeCut(std::span<const uint8_t> image, const ImageCut& cut,
                               float* out) const {
  const Geometry& g = dataset_.geometry();
  const int64_t h = input_.height, w = input_.width;
  for (int64_t c = 0; c < input_.channels; ++c) {
    const float* table = pixelTable_.data() + c * 256;
    const uint8_t* plane = image.data() + c * g.height * g.width;
    for (int64_t i = 0; i < h; ++i) {
      const Tap ty = tapOf(i, h, cut.height);
      const uint8_t* row0 = plane + (cut.y0 + ty.i0) * g.width + cut.x0;
      const uint8_t* row1 = plane + (cut.y0 + ty.i1) * g.width + cut.x0;
      float* dst = out + (c * h + i) * w;
      for (int64_t j = 0; j < w; ++j) {
        const Tap tx = tapOf(cut.flipped ? w - 1 - j : j, w, cut.width);
        const float top = table[row0[tx.i0]] + tx.frac * (table[row0[tx.i1]] - table[row0[tx.i0]]);
        const float bottom =
            table[row1[tx.i0]] + tx.frac * (table[row1[tx.i1]] - table[row1[tx.i0]]);
        dst[j] = top + ty.frac * (bottom - top);
      }
    }
  }
}

void BatchAssembler::checkBatch(std::span<const int64_t> records, size_t inputs,
                                size_t labels) const {
  const int64_t rows = static_cast<int64_t>(records.size());
  if (static_cast<int64_t>(inputs) != rows * rowElements() ||
      static_cast<int64_t>(labels) != rows * labelElements())
    throw RuntimeError("batch of " + std::to_string(rows) + " records needs " +
                       std::to_string(rows * rowElements()) + " input and " +
                       std::to_string(rows * labelElements()) + " label elements, got " +
                       std::to_string(inputs) + " and " + std::to_string(labels));
  for (int64_t record : records)
    if (record < 0 || record >= dataset_.size())
      throw RuntimeError("record " + std::to_string(record) + " is outside the dataset of " +
                         std::to_string(dataset_.size()));
}

void BatchAssembler::assembleTokens(std::span<const int64_t> records, std::span<int32_t> ids,
                                    std::span<int32_t> y) const {
  if (!tokens()) throw RuntimeError("internal: an image dataset's records are not token ids");
  checkBatch(records, ids.size(), y.size());
  const size_t row = static_cast<size_t>(rowElements());
  // Stored as the i32 LE words the batch holds (Geometry::tokens): copied as they are.
  auto words = [row](std::span<int32_t> out, size_t r) {
    return std::span(reinterpret_cast<uint8_t*>(out.data() + r * row), row * sizeof(int32_t));
  };
  for (size_t r = 0; r < records.size(); ++r) {
    dataset_.copyImage(records[r], words(ids, r));
    dataset_.copyLabel(records[r], words(y, r));
  }
}

void BatchAssembler::assemble(std::span<const int64_t> records, std::span<float> x,
                              std::span<int32_t> y, std::optional<BatchPosition> augmentAt) const {
  const Geometry& g = dataset_.geometry();
  const int64_t rows = static_cast<int64_t>(records.size());
  if (tokens()) throw RuntimeError("internal: a token dataset's records are not images");
  checkBatch(records, x.size(), y.size());

  // Each augmentation's stream steps once per image of the batch (FORMATS.md). Nothing here
  // allocates, so a prefetcher can assemble batch after batch into the same buffers.
  const int64_t h = input_.height, w = input_.width;
  const Augmentation aug = augmentAt ? io_.augmentation() : Augmentation{};
  const uint64_t seed = augmentAt ? batchSeed(augmentAt->epoch, augmentAt->batchIndex) : 0;
  const CropOffset center = centerCrop(g.height, g.width, h, w);
  CropStream cropStream(seed, g.height, g.width, h, w);
  ScaledCropStream squares(seed, std::min(g.height, g.width));
  FlipStream flipStream(seed + kFlipSeedOffset);

  const std::span<uint8_t> image = std::span(staged_).first(static_cast<size_t>(g.imageBytes()));
  const std::span<uint8_t> label = std::span(staged_).subspan(image.size());
  for (int64_t r = 0; r < rows; ++r) {
    // The stored bytes are read here and only here, by copying them out (Dataset::copyImage:
    // a file truncated under its mapping is an error, not a SIGBUS); the conversion reads the copy.
    dataset_.copyImage(records[r], image);
    dataset_.copyLabel(records[r], label);
    float* out = x.data() + r * rowElements();
    ImageCut cut{center.y0, center.x0, h, w, false};
    if (aug.scaledCrop) {
      const ScaledCropStream::Square square = squares.next();
      cut = {square.y0, square.x0, square.size, square.size, false};
    } else if (aug.randomCrop) {
      const CropOffset crop = cropStream.next();
      cut = {crop.y0, crop.x0, h, w, false};
    }
    cut.flipped = aug.horizontalFlip && flipStream.next();
    if (cut.height == h && cut.width == w)
      copyCut(image, cut, out);
    else
      resizeCut(image, cut, out);
    std::span<int32_t> labels = y.subspan(r * labelElements(), labelElements());
    if (!g.hasMasks()) {
      io_.transformLabel(label, cut, labels);
      continue;
    }
    const CropOffset crop{cut.y0, cut.x0};
    const bool flip = cut.flipped;
    // The mask is a plane of the image: the same crop and flip.
    const uint8_t* mask = label.data();
    for (int64_t i = 0; i < h; ++i) {
      const uint8_t* src = mask + (crop.y0 + i) * g.width + crop.x0;
      int32_t* dst = labels.data() + i * w;
      for (int64_t j = 0; j < w; ++j) dst[j] = src[flip ? w - 1 - j : j];
    }
  }
}

} // namespace hlotrain::data

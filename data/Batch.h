#pragma once
// Turns stored records into the float NCHW input and int32 label buffers of one batch, through
// the dataset's own pixel and label decoding, cropping and flipping as the dataset says.

#include <optional>
#include <span>
#include <vector>

#include "data/Dataset.h"

namespace hlotrain::data {

// Where a training batch sits in the run; it seeds the batch's augmentation (FORMATS.md).
struct BatchPosition {
  int64_t epoch = 0;
  int64_t batchIndex = 0;
};

class BatchAssembler {
public:
  // Keeps references to both. Throws RuntimeError when the dataset's records cannot make the
  // io's input rows (other channel count, images smaller than the input).
  BatchAssembler(const DatasetIO& io, const Dataset& dataset);

  // Elements of one input row (C*h*w, or T token ids) and of one decoded label record.
  int64_t rowElements() const;
  int64_t labelElements() const;

  // Fills x [B, C, h, w] and y [B, labelElements()] for `records`, B = records.size(). With a
  // position the dataset's augmentations apply; without one, the center crop and no flip.
  // Throws RuntimeError on a record index out of range or buffers of the wrong size, and
  // RuntimeError naming the file when a memory-mapped file no longer holds a record (truncated
  // since it was loaded). One call at a time per assembler: each record is first copied into the
  // assembler's own staging buffer (the one guarded read of the stored bytes).
  void assemble(std::span<const int64_t> records, std::span<float> x, std::span<int32_t> y,
                std::optional<BatchPosition> augmentAt = std::nullopt) const;
  // A token dataset's batch (tokens()): ids [B, T] and the next ids y [B, T], as stored.
  void assembleTokens(std::span<const int64_t> records, std::span<int32_t> ids,
                      std::span<int32_t> y) const;
  bool tokens() const { return dataset_.geometry().tokens; }

private:
  // Throws RuntimeError unless the buffers hold the records' rows and every record exists.
  void checkBatch(std::span<const int64_t> records, size_t inputs, size_t labels) const;
  // One input row from the stored image as `cut` says: copied when the cut has the input's size,
  // else resampled bilinearly (half-pixel centres) to it; mirrored when flipped.
  void copyCut(std::span<const uint8_t> image, const ImageCut& cut, float* out) const;
  void resizeCut(std::span<const uint8_t> image, const ImageCut& cut, float* out) const;

  const DatasetIO& io_;
  const Dataset& dataset_;
  InputShape input_;
  std::vector<float> pixelTable_; // [channel][stored byte] -> input value
  // The record being converted, image then label record, as copied out of the dataset's storage.
  mutable std::vector<uint8_t> staged_;
};

} // namespace hlotrain::data

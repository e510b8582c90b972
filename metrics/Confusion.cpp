#include "metrics/Confusion.h"

#include "metrics/Classification.h"
#include "support/Error.h"

namespace hlotrain::metrics {

ConfusionMatrix::ConfusionMatrix(int64_t numClasses) : numClasses_(numClasses) {
  if (numClasses <= 0 || numClasses > (int64_t{1} << 16))
    throw RuntimeError("a confusion matrix needs 1 to 65536 classes, got " +
                       std::to_string(numClasses));
  counts_.assign(static_cast<size_t>(numClasses * numClasses), 0);
}

void ConfusionMatrix::add(int64_t truth, int64_t predicted) {
  if (truth < 0 || truth >= numClasses_) return;
  if (predicted < 0 || predicted >= numClasses_)
    throw RuntimeError("prediction " + std::to_string(predicted) + " is not a class of " +
                       std::to_string(numClasses_));
  ++counts_[static_cast<size_t>(truth * numClasses_ + predicted)];
}

void ConfusionMatrix::addLogits(std::span<const float> logits, std::span<const int32_t> labels,
                                int64_t rows, int64_t spatial) {
  if (rows < 0 || spatial < 0 ||
      static_cast<int64_t>(logits.size()) < rows * numClasses_ * spatial ||
      static_cast<int64_t>(labels.size()) < rows * spatial)
    throw RuntimeError("confusion of " + std::to_string(rows) + " rows of " +
                       std::to_string(spatial) + " pixels needs that many logits and labels, got " +
                       std::to_string(logits.size()) + " logits and " +
                       std::to_string(labels.size()) + " labels");
  for (int64_t r = 0; r < rows; ++r) {
    const float* row = logits.data() + r * numClasses_ * spatial;
    for (int64_t p = 0; p < spatial; ++p)
      add(labels[r * spatial + p], argmax(row + p, numClasses_, spatial));
  }
}

int64_t ConfusionMatrix::at(int64_t truth, int64_t predicted) const {
  if (truth < 0 || truth >= numClasses_ || predicted < 0 || predicted >= numClasses_)
    throw RuntimeError("no confusion entry (" + std::to_string(truth) + ", " +
                       std::to_string(predicted) + ") among " + std::to_string(numClasses_) +
                       " classes");
  return counts_[static_cast<size_t>(truth * numClasses_ + predicted)];
}

} // namespace hlotrain::metrics

#include "metrics/Classification.h"

#include <algorithm>

#include "support/Error.h"

namespace hlotrain::metrics {

int64_t argmax(const float* values, int64_t count, int64_t stride) {
  int64_t best = 0;
  for (int64_t i = 1; i < count; ++i)
    if (values[i * stride] > values[best * stride]) best = i;
  return best;
}

void Accuracy::add(std::span<const float> logits, int64_t numClasses,
                   std::span<const int32_t> labels, int64_t realRows) {
  if (numClasses <= 0 || realRows < 0 ||
      static_cast<int64_t>(logits.size()) < realRows * numClasses ||
      static_cast<int64_t>(labels.size()) < realRows)
    throw RuntimeError(
        "accuracy of " + std::to_string(realRows) + " rows of " + std::to_string(numClasses) +
        " classes needs that many logits and labels, got " + std::to_string(logits.size()) +
        " logits and " + std::to_string(labels.size()) + " labels");
  for (int64_t r = 0; r < realRows; ++r)
    correct_ += argmax(logits.data() + r * numClasses, numClasses) == labels[r];
  total_ += realRows;
}

double Accuracy::value() const {
  return total_ == 0 ? 0.0 : static_cast<double>(correct_) / static_cast<double>(total_);
}

std::vector<EvalBatch> evalBatches(int64_t n, int64_t batch) {
  if (n < 0 || batch <= 0)
    throw RuntimeError("cannot split " + std::to_string(n) + " records into batches of " +
                       std::to_string(batch));
  std::vector<EvalBatch> batches;
  for (int64_t first = 0; first < n; first += batch) {
    EvalBatch b;
    b.realRows = std::min(batch, n - first);
    b.records.resize(static_cast<size_t>(batch));
    for (int64_t i = 0; i < batch; ++i) b.records[i] = first + std::min(i, b.realRows - 1);
    batches.push_back(std::move(b));
  }
  return batches;
}

} // namespace hlotrain::metrics

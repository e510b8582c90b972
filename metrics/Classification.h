#pragma once
// Top-1 accuracy over a whole evaluation set, and the plan that covers every record with
// fixed-size batches (DESIGN.md: the tail batch is padded with the last real record and the
// padded rows are dropped before scoring).

#include <cstdint>
#include <span>
#include <vector>

namespace hlotrain::metrics {

// Index of the largest of `count` values spaced `stride` apart; the first maximum wins (and a
// NaN never beats an earlier value).
int64_t argmax(const float* values, int64_t count, int64_t stride = 1);

// Correct top-1 predictions, accumulated batch by batch.
class Accuracy {
public:
  // logits [rows, numClasses] row-major with rows >= realRows, labels [>= realRows]; scores the
  // first realRows rows. Throws RuntimeError when the spans are too short.
  void add(std::span<const float> logits, int64_t numClasses, std::span<const int32_t> labels,
           int64_t realRows);

  int64_t correct() const { return correct_; }
  int64_t total() const { return total_; }
  // correct / total; 0 for an empty set.
  double value() const;

private:
  int64_t correct_ = 0;
  int64_t total_ = 0;
};

struct EvalBatch {
  std::vector<int64_t> records; // exactly `batch` indices; padding repeats the last real one
  int64_t realRows = 0;         // the leading rows that are real records
};

// Covers records 0..n-1 in order with batches of exactly `batch` rows.
std::vector<EvalBatch> evalBatches(int64_t n, int64_t batch);

} // namespace hlotrain::metrics

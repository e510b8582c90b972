#pragma once
// The exact integer confusion matrix of per-pixel classification (FORMATS.md): conf[gt*nc+pred],
// prediction by argmax (first maximum wins), ground-truth labels outside [0, nc) ignored.

#include <cstdint>
#include <span>
#include <vector>

namespace hlotrain::metrics {

class ConfusionMatrix {
public:
  explicit ConfusionMatrix(int64_t numClasses);

  void add(int64_t truth, int64_t predicted);
  // logits [rows, nc, spatial] (NCHW with H*W = spatial), labels [rows, spatial]; scores the
  // first `rows` batch rows. Throws RuntimeError when the spans are too short.
  void addLogits(std::span<const float> logits, std::span<const int32_t> labels, int64_t rows,
                 int64_t spatial);

  int64_t numClasses() const { return numClasses_; }
  int64_t at(int64_t truth, int64_t predicted) const;
  const std::vector<int64_t>& counts() const { return counts_; }

private:
  int64_t numClasses_;
  std::vector<int64_t> counts_;
};

} // namespace hlotrain::metrics

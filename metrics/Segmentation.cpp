#include "metrics/Segmentation.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "support/Error.h"

namespace hlotrain::metrics {

std::vector<double> classIou(const ConfusionMatrix& m) {
  const int64_t nc = m.numClasses();
  std::vector<double> iou(static_cast<size_t>(nc), 0.0);
  for (int64_t c = 0; c < nc; ++c) {
    int64_t row = 0, col = 0;
    for (int64_t k = 0; k < nc; ++k) {
      row += m.at(c, k);
      col += m.at(k, c);
    }
    const int64_t tp = m.at(c, c);
    const int64_t denominator = row + col - tp;
    if (denominator > 0)
      iou[static_cast<size_t>(c)] = static_cast<double>(tp) / static_cast<double>(denominator);
  }
  return iou;
}

double mean(std::span<const double> values) {
  if (values.empty()) return 0.0;
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

double regionDice(const ConfusionMatrix& m, std::span<const int32_t> region) {
  const int64_t nc = m.numClasses();
  std::vector<bool> in(static_cast<size_t>(nc), false);
  for (int32_t c : region) {
    if (c < 0 || c >= nc)
      throw RuntimeError("region class " + std::to_string(c) + " is not among the " +
                         std::to_string(nc) + " classes");
    in[static_cast<size_t>(c)] = true;
  }
  int64_t inter = 0, truth = 0, predicted = 0;
  for (int64_t g = 0; g < nc; ++g)
    for (int64_t p = 0; p < nc; ++p) {
      const int64_t n = m.at(g, p);
      const bool gIn = in[static_cast<size_t>(g)], pIn = in[static_cast<size_t>(p)];
      if (gIn && pIn) inter += n;
      if (gIn) truth += n;
      if (pIn) predicted += n;
    }
  if (truth == 0) return predicted == 0 ? 1.0 : 0.0;
  return 2.0 * static_cast<double>(inter) / static_cast<double>(truth + predicted);
}

} // namespace hlotrain::metrics

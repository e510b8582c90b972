#pragma once
// The figures of per-pixel classification read off an exact confusion matrix (FORMATS.md
// "Metrics"): per-class IoU and region Dice, each computed once from integer counts.

#include <cstdint>
#include <span>
#include <vector>

#include "metrics/Confusion.h"

namespace hlotrain::metrics {

// IoU_c = TP / (row_c + col_c − TP) per class; 0 where the denominator is 0 (a class neither
// present nor predicted).
std::vector<double> classIou(const ConfusionMatrix& matrix);
double mean(std::span<const double> values);

// Dice of a class set R: inter = Σ_{g∈R} Σ_{p∈R} C[g][p], |gt| = Σ_{g∈R} Σ_p C[g][p],
// |pred| = Σ_{p∈R} Σ_g C[g][p], Dice = 2·inter / (|gt| + |pred|). The BraTS empty-region
// convention: where the ground truth lacks the region, an empty prediction scores 1 and a
// non-empty one 0. Throws RuntimeError for a class outside the matrix.
double regionDice(const ConfusionMatrix& matrix, std::span<const int32_t> region);

} // namespace hlotrain::metrics

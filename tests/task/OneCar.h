#pragma once
// A detection record for the task tests: one car at 224 (a 7x7 grid), its label words as a batch
// holds them, and a head that finds it exactly.

#include <cmath>
#include <cstring>
#include <vector>

#include "data/Dataset.h"
#include "tests/data/YoloFiles.h"

namespace hlotrain::task::testing {

struct OneCar {
  std::vector<int32_t> words; // the record's label part, as int32 words
  std::vector<float> head;    // [30, 7, 7]
};

// `car` (class 3) must have its centre in cell (1, 1). The head: the stored target's offsets and
// the square roots of its sizes at that cell (what the default --box-param sqrt decodes back),
// confidence 5 there and -5 elsewhere, the car's class slot highest everywhere.
inline OneCar oneCar(const data::LabelBox& car) {
  const std::vector<uint8_t> label = data::testing::yoloLabel({car}, 224);
  OneCar r{std::vector<int32_t>(label.size() / 4), std::vector<float>(30 * 49, 0.0f)};
  std::memcpy(r.words.data(), label.data(), label.size());
  const float* target = reinterpret_cast<const float*>(label.data());
  const size_t cell = 1 * 7 + 1;
  for (size_t c = 0; c < 4; ++c)
    r.head[c * 49 + cell] = c < 2 ? target[c * 49 + cell] : std::sqrt(target[c * 49 + cell]);
  for (size_t i = 0; i < 49; ++i) {
    r.head[4 * 49 + i] = i == cell ? 5.0f : -5.0f;
    r.head[(10 + 3) * 49 + i] = 1.0f;
  }
  return r;
}

} // namespace hlotrain::task::testing

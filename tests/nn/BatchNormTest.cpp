// BatchNorm's hand-written backward (nn::batchNormBackward) against finite differences.

#include <gtest/gtest.h>

#include "nn/Emit.h"
#include "tests/grad/GradientCheck.h"

using namespace hlotrain;
using namespace hlotrain::ir;

namespace {

TEST(BatchNormTest, BackwardMatchesFiniteDifferences) {
  nn::BatchNorm bn{};
  // x with a non-zero mean and gamma away from 0, so centering and the variance term both matter.
  gradcheck::checkGradients(
      {{{3, 2, 2, 3}, -1.0, 3.0}, {{2}, 0.5, 2.0}, {{2}}},
      [&](Builder& b, std::span<Value* const> a) {
        bn = nn::emitBatchNorm(b, a[0], a[1], a[2]);
        return bn.y;
      },
      [&](Builder& b, std::span<Value* const>, Value*, Value* w) {
        nn::BatchNormGrads g = nn::batchNormBackward(b, bn, w);
        return std::vector<Value*>{g.x, g.gamma, g.beta};
      },
      1e-6);
}

} // namespace

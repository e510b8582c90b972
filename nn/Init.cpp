#include "nn/Init.h"

#include <cmath>
#include <limits>

#include "support/Xorshift.h"

namespace hlotrain::nn {

namespace {

ir::Tensor heTensor(const ParamInfo& p, uint64_t seed) {
  ir::Tensor t(ir::TensorType{ir::ElementType::f32, p.shape});
  const float stddev = std::sqrt(2.0f / static_cast<float>(p.fanIn));
  const float maxU64 = static_cast<float>(std::numeric_limits<uint64_t>::max());
  uint64_t s = seed + 1;
  for (int64_t i = 0; i < t.numElements(); ++i) {
    float acc = 0.0f;
    for (int k = 0; k < 3; ++k) {
      s = xorshift64(s);
      acc += static_cast<float>(s) / maxU64 - 0.5f;
    }
    t.set<float>(i, acc * 2.0f * stddev);
  }
  return t;
}

} // namespace

std::vector<ir::Tensor> heInit(const NetSpec& spec) {
  std::vector<ir::Tensor> tensors;
  uint64_t seed = 42;
  for (const ParamInfo& p : parameters(spec)) {
    if (p.role == ParamRole::weight || p.role == ParamRole::position) {
      tensors.push_back(heTensor(p, seed++));
      continue;
    }
    ir::Tensor t(ir::TensorType{ir::ElementType::f32, p.shape});
    if (p.role == ParamRole::bnScale || p.role == ParamRole::lnScale)
      for (int64_t i = 0; i < t.numElements(); ++i) t.set<float>(i, 1.0f);
    tensors.push_back(std::move(t));
  }
  return tensors;
}

} // namespace hlotrain::nn

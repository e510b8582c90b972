#include "nn/Init.h"

#include <cmath>
#include <limits>

#include "support/Xorshift.h"

namespace hlotrain::nn {

namespace {

ir::Tensor randomTensor(const ir::Shape& shape, float stddev, uint64_t seed) {
  ir::Tensor t(ir::TensorType{ir::ElementType::f32, shape});
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

// The std a parameter draws with under `scheme`; nullopt for a constant.
std::optional<float> randomStd(const ParamInfo& p, InitScheme scheme) {
  const bool drawn = p.role == ParamRole::weight || p.role == ParamRole::position ||
                     p.role == ParamRole::embedding ||
                     (p.role == ParamRole::classToken && scheme == InitScheme::truncNormal);
  if (!drawn) return std::nullopt;
  if (p.initStd > 0.0f) return p.initStd;
  if (scheme == InitScheme::truncNormal) return 0.02f;
  return std::sqrt(2.0f / static_cast<float>(p.fanIn));
}

} // namespace

std::string_view initSchemeName(InitScheme scheme) {
  return scheme == InitScheme::truncNormal ? "trunc-normal" : "he";
}

std::optional<InitScheme> initSchemeNamed(std::string_view name) {
  for (InitScheme s : {InitScheme::he, InitScheme::truncNormal})
    if (initSchemeName(s) == name) return s;
  return std::nullopt;
}

std::vector<ir::Tensor> initialParameters(const NetSpec& spec, InitScheme scheme) {
  std::vector<ir::Tensor> tensors;
  uint64_t seed = 42;
  for (const ParamInfo& p : parameters(spec)) {
    if (std::optional<float> stddev = randomStd(p, scheme)) {
      tensors.push_back(randomTensor(p.shape, *stddev, seed++));
      continue;
    }
    ir::Tensor t(ir::TensorType{ir::ElementType::f32, p.shape});
    const float value = p.role == ParamRole::bnScale || p.role == ParamRole::lnScale ? 1.0f
                        : p.role == ParamRole::layerScale                            ? 1e-6f
                                                                                     : 0.0f;
    if (value != 0.0f)
      for (int64_t i = 0; i < t.numElements(); ++i) t.set<float>(i, value);
    tensors.push_back(std::move(t));
  }
  return tensors;
}

} // namespace hlotrain::nn

#pragma once
// Initial parameters exactly as FORMATS.md and FAMILIES.md 2.6 specify, so they match other
// implementations of the recipe bit for bit.

#include <optional>
#include <string_view>
#include <vector>

#include "ir/Tensor.h"
#include "nn/NetSpec.h"

namespace hlotrain::nn {

// he: weights with std sqrt(2/fanIn) (the reference system's and FORMATS.md's), position tables
// with std sqrt(2/tokens), class tokens 0. truncNormal: weights, position tables and class tokens
// with std 0.02 (DeiT's and timm's, torchvision's ConvNeXt; their cut at ±2 lies far beyond the
// generator's ±0.06).
enum class InitScheme { he, truncNormal };
std::string_view initSchemeName(InitScheme scheme); // "he", "trunc-normal"
std::optional<InitScheme> initSchemeNamed(std::string_view name);

// One tensor per parameter in spec order. Each random tensor takes the next seed from 42 in spec
// order and draws from FORMATS.md's generator (three xorshift uniforms, scaled to unit variance,
// times the std); biases, shifts and the he scheme's class tokens are 0 and scales 1, consuming no
// seed.
std::vector<ir::Tensor> initialParameters(const NetSpec& spec, InitScheme scheme = InitScheme::he);

} // namespace hlotrain::nn

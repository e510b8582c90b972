#pragma once
// Sampling text from a causal token net (`hlotrain generate`): the net's decode step
// (program::buildDecodeStep) compiled on a lowerer, which keeps the key and value caches between
// tokens, so each new token costs one token's computation; the host draws from the logits.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ir/Tensor.h"
#include "lower/Lowerer.h"
#include "nn/NetSpec.h"

namespace hlotrain::train {

struct SampleOptions {
  int64_t tokens = 200;     // sampled after the prompt
  double temperature = 1.0; // logits divided by it; 0: the most likely token every time
  int64_t topK = 0;         // draw among the k most likely only; 0: among all
  uint64_t seed = 0;        // the same seed, prompt and parameters give the same tokens
};

// The prompt (at least one id) followed by `options.tokens` sampled ids. A token is drawn from
// softmax(logits / temperature) over the top-k by one xorshift64 uniform (FORMATS.md's step,
// seeded from `seed`) against the cumulative probabilities in id order. When the sequence fills
// the net's context T, the caches restart from the last T/2 tokens (fed again, the only prefix
// computed twice).
std::vector<int32_t> sample(const nn::NetSpec& spec, const std::vector<ir::Tensor>& params,
                            const std::vector<int32_t>& prompt, const SampleOptions& options,
                            lower::Lowerer& lowerer);

// Where a sample starts when no prompt is given: a newline (a text's first character, in effect),
// or the first id of a vocabulary without one.
std::vector<int32_t> defaultPrompt(std::span<const char32_t> characters);

// What a training run's evaluation shows of a language model trained on a text (and `hlotrain
// generate`'s defaults): 200 characters after the default prompt, at temperature 1 and seed 1,
// the same draws at every evaluation, so that the samples differ by what the net learnt.
inline constexpr SampleOptions kEvalSample{.tokens = 200, .temperature = 1.0, .topK = 0, .seed = 1};

// `ids` as the text of `characters` (ids below their count).
std::string textOf(std::span<const int32_t> ids, std::span<const char32_t> characters);

} // namespace hlotrain::train

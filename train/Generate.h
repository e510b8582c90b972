#pragma once
// Sampling text from a causal token net (`hlotrain generate`): the net's decode step
// (program::buildDecodeStep) compiled on a lowerer, which keeps the key and value caches between
// tokens, so each new token costs one token's computation; the host draws from the logits.

#include <cstdint>
#include <memory>
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

// What a training run's evaluation shows of a language model (and `hlotrain generate`'s
// defaults): 200 tokens after the default prompt, at temperature 1 and seed 1, the same draws at
// every evaluation, so that the samples differ by what the net learnt.
inline constexpr SampleOptions kEvalSample{.tokens = 200, .temperature = 1.0, .topK = 0, .seed = 1};

// How a run's ids read as text: a text's characters (characterText), or the pieces of the
// tokenizer its token files came with (the cli's, through SentencePiece, which this layer does
// not link).
class RunText {
public:
  virtual ~RunText() = default;
  virtual int64_t vocabulary() const = 0;
  // Throws ConfigError naming --prompt for text the run cannot encode.
  virtual std::vector<int32_t> encode(const std::string& prompt) const = 0;
  // Where a sample starts when no prompt is given: a newline (a text's first character, in
  // effect), or the first id of a vocabulary without one.
  virtual std::vector<int32_t> defaultPrompt() const = 0;
  virtual std::string decode(std::span<const int32_t> ids) const = 0;
};

// The characters of a run's vocabulary file (<prefix>_vocab.txt), by id.
std::unique_ptr<RunText> characterText(const std::string& vocabularyPath);

} // namespace hlotrain::train

#include "train/Generate.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "data/Text.h"
#include "mlir/Printer.h"
#include "program/Program.h"
#include "support/Error.h"
#include "support/Xorshift.h"

namespace hlotrain::train {

namespace {

// One draw from the logits as SampleOptions says.
int32_t draw(std::span<const float> logits, const SampleOptions& o, uint64_t& state) {
  const auto vocabulary = static_cast<int64_t>(logits.size());
  if (o.temperature == 0)
    return static_cast<int32_t>(std::max_element(logits.begin(), logits.end()) - logits.begin());
  std::vector<int32_t> ids(static_cast<size_t>(vocabulary));
  std::iota(ids.begin(), ids.end(), 0);
  const int64_t kept = o.topK > 0 ? std::min(o.topK, vocabulary) : vocabulary;
  // The k largest, ties to the lower id; then back in id order for the cumulative sum.
  std::stable_sort(ids.begin(), ids.end(),
                   [&](int32_t a, int32_t b) { return logits[size_t(a)] > logits[size_t(b)]; });
  ids.resize(static_cast<size_t>(kept));
  std::sort(ids.begin(), ids.end());
  double top = -INFINITY;
  for (int32_t id : ids) top = std::max(top, double(logits[size_t(id)]) / o.temperature);
  std::vector<double> weights;
  double total = 0;
  for (int32_t id : ids) {
    weights.push_back(std::exp(double(logits[size_t(id)]) / o.temperature - top));
    total += weights.back();
  }
  state = xorshift64(state);
  const double u = static_cast<double>(state >> 11) * 0x1p-53 * total;
  double sum = 0;
  for (size_t i = 0; i < ids.size(); ++i) {
    sum += weights[i];
    if (u < sum) return ids[i];
  }
  return ids.back();
}

class Decoder {
public:
  Decoder(const nn::NetSpec& spec, const std::vector<ir::Tensor>& params, lower::Lowerer& lowerer)
      : sig_(program::decodeSignature(spec, 1)), lowerer_(lowerer) {
    session_ = lowerer.compile(mlir::print(*program::buildDecodeStep(spec, 1)), "jit_decode");
    for (const ir::Tensor& p : params) params_.push_back(lowerer.upload(p));
    reset();
  }

  // Empty caches: every position free.
  void reset() {
    caches_.clear();
    for (size_t i = 0; i < sig_.keys.count + sig_.values.count; ++i)
      caches_.push_back(lowerer_.upload(ir::Tensor(sig_.arguments[sig_.keys.begin + i])));
  }

  // Feeds `id` at `position`; the next token's logits.
  ir::Tensor feed(int32_t id, int32_t position) {
    std::unique_ptr<lower::Buffer> ids =
        lowerer_.upload(ir::Tensor::fromVector<int32_t>({1, 1}, {id}));
    std::unique_ptr<lower::Buffer> at = lowerer_.upload(ir::Tensor::scalar<int32_t>(position));
    std::vector<lower::Buffer*> args;
    for (auto& p : params_) args.push_back(p.get());
    for (auto& c : caches_) args.push_back(c.get());
    args.push_back(ids.get());
    args.push_back(at.get());
    std::vector<std::unique_ptr<lower::Buffer>> out = session_->execute(args);
    if (out.size() != sig_.results.size())
      throw RuntimeError("the decode graph returned " + std::to_string(out.size()) + " results");
    ir::Tensor logits = lowerer_.download(*out[sig_.logits.begin]);
    for (size_t i = 0; i < caches_.size(); ++i) caches_[i] = std::move(out[sig_.newKeys.begin + i]);
    return logits;
  }

private:
  program::DecodeSignature sig_;
  lower::Lowerer& lowerer_;
  std::unique_ptr<lower::Session> session_;
  std::vector<std::unique_ptr<lower::Buffer>> params_, caches_; // caches: keys, then values
};

} // namespace

std::vector<int32_t> sample(const nn::NetSpec& spec, const std::vector<ir::Tensor>& params,
                            const std::vector<int32_t>& prompt, const SampleOptions& o,
                            lower::Lowerer& lowerer) {
  if (prompt.empty()) throw ConfigError("--prompt: generation needs at least one token to start");
  if (!(o.temperature >= 0) || !std::isfinite(o.temperature))
    throw ConfigError("--temperature must be a finite value >= 0");
  if (o.tokens < 0) throw ConfigError("--tokens must be at least 0");
  if (o.topK < 0) throw ConfigError("--top-k must be at least 0");
  for (int32_t id : prompt)
    if (id < 0 || id >= spec.numClasses)
      throw ConfigError("--prompt: id " + std::to_string(id) + " is outside the vocabulary of " +
                        std::to_string(spec.numClasses));
  const int64_t context = spec.input.context;
  Decoder decoder(spec, params, lowerer);
  std::vector<int32_t> text = prompt;
  uint64_t state = o.seed == 0 ? 1 : o.seed;
  int64_t position = 0; // of the next token fed
  ir::Tensor logits;
  auto feedFrom = [&](size_t first) {
    for (size_t i = first; i < text.size(); ++i)
      logits = decoder.feed(text[i], static_cast<int32_t>(position++));
  };
  // A prompt longer than the context: its last half-context starts the caches.
  feedFrom(text.size() > static_cast<size_t>(context)
               ? text.size() - static_cast<size_t>(context / 2)
               : 0);
  for (int64_t k = 0; k < o.tokens; ++k) {
    const int32_t next = draw(
        std::span<const float>(logits.data<float>(), static_cast<size_t>(logits.numElements())), o,
        state);
    text.push_back(next);
    if (k + 1 == o.tokens) break;
    if (position < context) {
      logits = decoder.feed(next, static_cast<int32_t>(position++));
      continue;
    }
    // The context is full: the caches start again from the last half of it.
    decoder.reset();
    position = 0;
    feedFrom(text.size() - static_cast<size_t>(context / 2));
  }
  return text;
}

namespace {

class Characters final : public RunText {
public:
  explicit Characters(std::string path)
      : path_(std::move(path)), characters_(data::readVocabularyFile(path_)) {}
  int64_t vocabulary() const override { return static_cast<int64_t>(characters_.size()); }
  std::vector<int32_t> encode(const std::string& prompt) const override {
    std::vector<int32_t> ids;
    for (char32_t c : data::decodeUtf8(prompt, "--prompt")) {
      auto at = std::lower_bound(characters_.begin(), characters_.end(), c);
      if (at == characters_.end() || *at != c)
        throw ConfigError("--prompt: '" + data::encodeUtf8(c) + "' (U+" + std::to_string(c) +
                          ") is not among the run's " + std::to_string(characters_.size()) +
                          " characters (" + path_ + ")");
      ids.push_back(static_cast<int32_t>(at - characters_.begin()));
    }
    return ids;
  }
  std::vector<int32_t> defaultPrompt() const override {
    const auto newline = std::lower_bound(characters_.begin(), characters_.end(), U'\n');
    return {newline != characters_.end() && *newline == U'\n'
                ? static_cast<int32_t>(newline - characters_.begin())
                : 0};
  }
  std::string decode(std::span<const int32_t> ids) const override {
    std::string text;
    for (int32_t id : ids) text += data::encodeUtf8(characters_[static_cast<size_t>(id)]);
    return text;
  }

private:
  std::string path_;
  std::vector<char32_t> characters_;
};

} // namespace

std::unique_ptr<RunText> characterText(const std::string& vocabularyPath) {
  return std::make_unique<Characters>(vocabularyPath);
}

} // namespace hlotrain::train

#include "cli/Generate.h"

#include <filesystem>

#include "cli/Args.h"
#include "cli/Cli.h"
#include "cli/LowererFlags.h"
#include "cli/Train.h"
#include "data/Text.h"
#include "nn/Zoo.h"
#include "support/Error.h"
#include "support/ReadFile.h"
#include "support/RunFiles.h"
#include "tools/Tokenizer.h"
#include "train/Checkpoint.h"
#include "train/Generate.h"
#include "train/Settings.h"
#include "train/TrainConfig.h"

namespace hlotrain::cli {

const char* const kGenerateUsage =
    R"(usage: hlotrain generate --net NAME [--prompt TEXT] [--tokens K] [--temperature T] [--top-k K]
                        [--seed S] [--checkpoint PATH] [--artifacts DIR] [--tag TAG]
                        [--lowerer NAME] [--pjrt-plugin PATH]

Samples text from a language model trained on a text (`hlotrain train --dataset text`) or on the
token files of `hlotrain tokenize` (`--dataset tokens`): the prompt, then K tokens (characters, or
the tokenizer's pieces) drawn one at a time from the net's decode graph, which keeps every
layer's keys and values on the lowerer, so a token costs one position's computation. Prints the
prompt and what follows it.

  --net NAME          the net the run trained (gpt-nano, gpt-tiny)
  --prompt TEXT       where the text starts: in the run's characters, or any text for a tokenizer
                      (default: a newline, or the vocabulary's first character when it has none)
  --tokens K          tokens to sample after the prompt (default 200)
  --temperature T     logits divided by T before the softmax; 0: the most likely token each time
                      (default 1)
  --top-k K           draw among the K most likely tokens only; 0: all (default 0)
  --seed S            the draw's seed: the same seed, prompt and checkpoint give the same text
                      (default 1)
  --checkpoint PATH   the parameters (default: the run's best checkpoint, else its last)
  --artifacts DIR     the run's folder (default .hlotrain), with --tag its tag: where the run's
                      checkpoints and <prefix>_vocab.txt (a text's characters) or
                      <prefix>_tokenizer.model (the tokenizer of its token files) are
)";

namespace {

constexpr FlagSpec kFlags[] = {{"--net"},   {"--prompt"},     {"--tokens"},     {"--temperature"},
                               {"--top-k"}, {"--seed"},       {"--checkpoint"}, {"--artifacts"},
                               {"--tag"},   kLowererFlags[0], kLowererFlags[1]};

class Pieces final : public train::RunText {
public:
  explicit Pieces(const std::string& model) : model_(model) {}
  int64_t vocabulary() const override { return model_.pieces(); }
  std::vector<int32_t> encode(const std::string& prompt) const override {
    data::decodeUtf8(prompt, "--prompt"); // refuses what is not UTF-8, naming the byte
    return model_.encode(prompt);
  }
  std::vector<int32_t> defaultPrompt() const override { return model_.encode("\n"); }
  std::string decode(std::span<const int32_t> ids) const override { return model_.decode(ids); }

private:
  tools::SubwordModel model_;
};

// The run's characters, else its tokenizer.
std::unique_ptr<train::RunText> runText(const RunFiles& files) {
  std::error_code ec;
  if (!std::filesystem::exists(files.vocabulary(), ec))
    if (const std::optional<std::string> model = readWholeFile(files.tokenizer()))
      return std::make_unique<Pieces>(*model);
  return train::characterText(files.vocabulary());
}

double parseReal(std::string_view flag, const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0')
    throw UsageError(std::string(flag) + ": expected a number, got '" + text + "'");
  return v;
}

} // namespace

std::unique_ptr<train::RunText> subwordText(const std::string& model) {
  return std::make_unique<Pieces>(model);
}

int generateCommand(std::span<const std::string> argv, std::ostream& out) {
  const ParsedArgs args = parseArgs(argv, kFlags);
  if (!args.positional.empty())
    throw UsageError("generate: unexpected argument '" + args.positional[0] + "'");
  if (!args.has("--net")) throw UsageError("--net is required");
  train::TrainConfig located;
  located.artifactsDir = args.value("--artifacts", located.artifactsDir);
  located.buildTag = args.value("--tag");
  const std::string name = args.value("--net");
  nn::NetSpec standard;
  try {
    standard = nn::netByName(name);
  } catch (const RuntimeError& e) {
    throw UsageError(std::string("--net: ") + e.what());
  }
  if (!standard.input.tokens())
    throw UsageError("--net: " + name + " is not a language model (it reads images)");
  const RunFiles files{train::artifactPrefix(standard, located)};
  const std::unique_ptr<train::RunText> text = runText(files);
  std::string checkpoint = args.value("--checkpoint");
  if (checkpoint.empty()) {
    std::error_code ec;
    checkpoint = std::filesystem::exists(files.bestCheckpoint(), ec) ? files.bestCheckpoint()
                                                                     : files.checkpoint();
  }
  const nn::NetSpec spec =
      train::taggedSpec(trainedNet(name, checkpoint, text->vocabulary()), located);
  const train::TrainState state = train::loadCheckpoint(checkpoint, spec);
  const std::vector<int32_t> prompt =
      args.has("--prompt") ? text->encode(args.value("--prompt")) : text->defaultPrompt();
  // Left out, a setting is what a training run's report shows after each evaluation.
  train::SampleOptions o = train::kEvalSample;
  if (args.has("--tokens")) o.tokens = train::parseInteger("--tokens", args.value("--tokens"));
  if (args.has("--top-k")) o.topK = train::parseInteger("--top-k", args.value("--top-k"));
  if (args.has("--seed"))
    o.seed = static_cast<uint64_t>(train::parseInteger("--seed", args.value("--seed")));
  if (args.has("--temperature"))
    o.temperature = parseReal("--temperature", args.value("--temperature"));
  std::unique_ptr<lower::Lowerer> lowerer = lowererFromFlags(args);
  const std::vector<int32_t> ids = train::sample(spec, state.params, prompt, o, *lowerer);
  out << text->decode(ids) << "\n";
  return kOk;
}

} // namespace hlotrain::cli

#include "cli/Generate.h"

#include <filesystem>

#include "cli/Args.h"
#include "cli/Cli.h"
#include "cli/LowererFlags.h"
#include "cli/Train.h"
#include "data/Text.h"
#include "nn/Zoo.h"
#include "support/Error.h"
#include "support/RunFiles.h"
#include "train/Checkpoint.h"
#include "train/Generate.h"
#include "train/Settings.h"
#include "train/TrainConfig.h"

namespace hlotrain::cli {

const char* const kGenerateUsage =
    R"(usage: hlotrain generate --net NAME [--prompt TEXT] [--tokens K] [--temperature T] [--top-k K]
                        [--seed S] [--checkpoint PATH] [--artifacts DIR] [--tag TAG]
                        [--lowerer NAME] [--pjrt-plugin PATH]

Samples text from a language model trained on a text (`hlotrain train --dataset text`): the
prompt, then K characters drawn one at a time from the net's decode graph, which keeps every
layer's keys and values on the lowerer, so a character costs one position's computation. Prints
the prompt and what follows it.

  --net NAME          the net the run trained (gpt-nano, gpt-tiny)
  --prompt TEXT       where the text starts, in the run's characters (default: a newline, or the
                      vocabulary's first character when it has none)
  --tokens K          characters to sample after the prompt (default 200)
  --temperature T     logits divided by T before the softmax; 0: the most likely character each
                      time (default 1)
  --top-k K           draw among the K most likely characters only; 0: all (default 0)
  --seed S            the draw's seed: the same seed, prompt and checkpoint give the same text
                      (default 1)
  --checkpoint PATH   the parameters (default: the run's best checkpoint, else its last)
  --artifacts DIR     the run's folder (default .hlotrain), with --tag its tag: where the run's
                      checkpoints and <prefix>_vocab.txt are
)";

namespace {

constexpr FlagSpec kFlags[] = {{"--net"},   {"--prompt"},     {"--tokens"},     {"--temperature"},
                               {"--top-k"}, {"--seed"},       {"--checkpoint"}, {"--artifacts"},
                               {"--tag"},   kLowererFlags[0], kLowererFlags[1]};

double parseReal(std::string_view flag, const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0')
    throw UsageError(std::string(flag) + ": expected a number, got '" + text + "'");
  return v;
}

} // namespace

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
  const std::vector<char32_t> vocabulary = data::readVocabularyFile(files.vocabulary());
  std::string checkpoint = args.value("--checkpoint");
  if (checkpoint.empty()) {
    std::error_code ec;
    checkpoint = std::filesystem::exists(files.bestCheckpoint(), ec) ? files.bestCheckpoint()
                                                                     : files.checkpoint();
  }
  const nn::NetSpec spec = train::taggedSpec(
      trainedNet(name, checkpoint, static_cast<int64_t>(vocabulary.size())), located);
  const train::TrainState state = train::loadCheckpoint(checkpoint, spec);

  auto idOf = [&](char32_t c) -> int32_t {
    auto at = std::lower_bound(vocabulary.begin(), vocabulary.end(), c);
    if (at == vocabulary.end() || *at != c)
      throw UsageError("--prompt: '" + data::encodeUtf8(c) + "' (U+" + std::to_string(c) +
                       ") is not among the run's " + std::to_string(vocabulary.size()) +
                       " characters (" + files.vocabulary() + ")");
    return static_cast<int32_t>(at - vocabulary.begin());
  };
  std::vector<int32_t> prompt;
  if (args.has("--prompt")) {
    for (char32_t c : data::decodeUtf8(args.value("--prompt"), "--prompt"))
      prompt.push_back(idOf(c));
  } else {
    prompt = train::defaultPrompt(vocabulary);
  }
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
  out << train::textOf(ids, vocabulary) << "\n";
  return kOk;
}

} // namespace hlotrain::cli

#pragma once
// `hlotrain generate`: text sampled from a language model a run trained on a text, with the
// run's vocabulary and its best (or a given) checkpoint.

#include <memory>
#include <ostream>
#include <span>
#include <string>

#include "train/Generate.h"

namespace hlotrain::cli {

// The pieces of a SentencePiece model (a token dataset's tokenizer.model): how its ids read as
// text, in `generate` and in a training run's evaluation samples.
std::unique_ptr<train::RunText> subwordText(const std::string& model);

int generateCommand(std::span<const std::string> args, std::ostream& out);

extern const char* const kGenerateUsage;

} // namespace hlotrain::cli

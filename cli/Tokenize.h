#pragma once
// `hlotrain tokenize`: a SentencePiece model trained on a text's training split, and the text as
// the token files `hlotrain train --dataset tokens` reads (tools/Tokenizer.h).

#include <ostream>
#include <span>
#include <string>

namespace hlotrain::cli {

int tokenizeCommand(std::span<const std::string> args, std::ostream& out);

extern const char* const kTokenizeUsage;

} // namespace hlotrain::cli

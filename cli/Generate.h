#pragma once
// `hlotrain generate`: text sampled from a language model a run trained on a text, with the
// run's vocabulary and its best (or a given) checkpoint.

#include <ostream>
#include <span>
#include <string>

namespace hlotrain::cli {

int generateCommand(std::span<const std::string> args, std::ostream& out);

extern const char* const kGenerateUsage;

} // namespace hlotrain::cli

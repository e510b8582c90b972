#pragma once
// `hlotrain runs [DIR]`: one line per training run in an artifacts folder, read from its
// `_metrics.jsonl` (report::readRunLog) and the fixed header of its `_checkpoint.bin`.

#include <ostream>
#include <span>
#include <string>

namespace hlotrain::cli {

int runsCommand(std::span<const std::string> args, std::ostream& out);

extern const char* const kRunsUsage;

} // namespace hlotrain::cli

#pragma once
// `hlotrain bench`: train-step (and eval-forward) throughput of a zoo net on synthetic input, on
// the graphs as training runs them (emitted, printed, compiled from the text by the lowerer),
// reported as one JSON line.

#include <ostream>
#include <span>
#include <string>

namespace hlotrain::cli {

int benchCommand(std::span<const std::string> args, std::ostream& out);
extern const char* const kBenchUsage;

} // namespace hlotrain::cli

#pragma once
// `hlotrain diff --lowerers A,B --net NAME`: one train step and one eval forward of a net on the
// same inputs through two lowerers, the largest absolute and relative difference per output, and
// exit 1 when one exceeds the tolerance. How a new lowerer is held against the cpu one.

#include <ostream>
#include <span>
#include <string>

namespace hlotrain::cli {

int diffCommand(std::span<const std::string> args, std::ostream& out);
extern const char* const kDiffUsage;

} // namespace hlotrain::cli

#pragma once
// `--lowerer cpu|xla|iree` and `--pjrt-plugin PATH`, which every command that runs a graph takes;
// they override HLOTRAIN_LOWERER and PJRT_PLUGIN.

#include <memory>

#include "cli/Args.h"
#include "lower/select/Select.h"

namespace hlotrain::cli {

inline constexpr FlagSpec kLowererFlags[] = {{"--lowerer"}, {"--pjrt-plugin"}};
// The usage lines of the two flags.
extern const char* const kLowererUsage;

lower::LowererChoice lowererChoice(const ParsedArgs& args);
std::unique_ptr<lower::Lowerer> lowererFromFlags(const ParsedArgs& args);

} // namespace hlotrain::cli

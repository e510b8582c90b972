#pragma once
// The `hlotrain` program as a function, so tests can run it in-process: dispatches to a
// subcommand and turns every error into a one-line message and an exit code.

#include <ostream>
#include <span>
#include <string>

namespace hlotrain::cli {

// Exit codes shared by every subcommand.
enum ExitCode : int { kOk = 0, kFailed = 1, kMalformed = 2, kUnsupported = 3 };

// `args` excludes the program name. Results go to `out`, diagnostics to `err`.
int runCli(std::span<const std::string> args, std::ostream& out, std::ostream& err);

} // namespace hlotrain::cli

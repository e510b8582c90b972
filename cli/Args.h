#pragma once
// Command-line parsing shared by every subcommand: each declares its flags once, and the parser
// turns argv into positional arguments and flag values or a UsageError naming the culprit.
//
// The parsing is CLI11's (libcli11-dev): each FlagSpec becomes a CLI::Option. Our grammar is
// kept where CLI11's differs (cli/Args.cpp says how): `--x=` gives the empty value, a value may
// start with '-' (`--lr -1`, `--name --x`: the argument after a value flag is always its value),
// a switch takes no value (not even `=true`), and anything before `--` that starts with '-' and
// is not a declared flag is refused ("-1", "---x"; "-" alone is positional). CLI11's own --help
// is off: `hlotrain CMD --help` is answered in cli/Cli.cpp before a command parses. The range
// checks stay with the commands (positiveIntFlag and the TrainConfig rows), since the same
// checks and messages apply to values read from config files, which never pass through CLI11.

#include <cstdint>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hlotrain::cli {

// The command line itself is wrong (unknown flag, missing value or argument): exit 2.
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct FlagSpec {
  std::string_view name; // with the dashes, e.g. "--entry"
  bool takesValue = true;
  bool repeatable = false;
};

struct ParsedArgs {
  std::vector<std::string> positional;
  std::map<std::string, std::vector<std::string>, std::less<>> flags; // "--x" -> values

  bool has(std::string_view flag) const { return flags.find(flag) != flags.end(); }
  // The flag's (last) value, or `fallback` when the flag is absent.
  std::string value(std::string_view flag, std::string fallback = {}) const;
  // Every value of a repeatable flag, in order.
  std::vector<std::string> values(std::string_view flag) const;
};

// A flag's value in [1, limit], or `fallback` when it is absent; the limit keeps a typo from
// asking for a huge allocation. Throws UsageError naming the flag.
int64_t positiveIntFlag(const ParsedArgs& args, std::string_view flag, int64_t fallback,
                        int64_t limit);

// Accepts `--flag value` and `--flag=value`; `--` ends the flags; a repeatable flag keeps every
// value in order, a switch one empty value per occurrence. Throws UsageError: "unknown flag
// '--x'", "flag '--x' given more than once", "flag '--x' takes no value", "flag '--x' needs a
// value" (when several are wrong, the one named may not be the first on the command line).
ParsedArgs parseArgs(std::span<const std::string> args, std::span<const FlagSpec> specs);

} // namespace hlotrain::cli

#include "cli/Args.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <charconv>
#include <utility>

namespace hlotrain::cli {

std::string ParsedArgs::value(std::string_view flag, std::string fallback) const {
  auto it = flags.find(flag);
  if (it == flags.end() || it->second.empty()) return fallback;
  return it->second.back();
}

std::vector<std::string> ParsedArgs::values(std::string_view flag) const {
  auto it = flags.find(flag);
  return it == flags.end() ? std::vector<std::string>{} : it->second;
}

int64_t positiveIntFlag(const ParsedArgs& args, std::string_view flag, int64_t fallback,
                        int64_t limit) {
  if (!args.has(flag)) return fallback;
  const std::string text = args.value(flag);
  int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < 1 || v > limit)
    throw UsageError(std::string(flag) + ": expected an integer in [1, " + std::to_string(limit) +
                     "], got '" + text + "'");
  return v;
}

namespace {

// CLI11 reads `--x=` as `--x` (and then takes the next argument as the value), and a switch's
// `--s=false` as an override of its value. Our grammar gives `--x=` the empty value and refuses
// any value on a switch, so each `--name=value` reaches CLI11 with this byte after the '=': the
// value is never empty, a switch's value is told from a bare switch, and every string that comes
// back has the byte removed. No command-line argument can hold it (argv strings end at a NUL).
constexpr char kInlineValue = '\0';

std::string withInlineMarker(std::string arg) {
  if (size_t eq = arg.find('='); arg.starts_with("--") && eq != std::string::npos)
    arg.insert(eq + 1, 1, kInlineValue);
  return arg;
}

std::string withoutInlineMarker(std::string arg) {
  if (size_t at = arg.find(kInlineValue); at != std::string::npos) arg.erase(at, 1);
  return arg;
}

std::string flagName(std::string_view arg) {
  return std::string(arg.substr(0, arg.find('=')));
}

} // namespace

ParsedArgs parseArgs(std::span<const std::string> args, std::span<const FlagSpec> specs) {
  CLI::App app;
  app.set_help_flag(); // `--help` is Cli.cpp's, answered before any command parses
  app.allow_extras();  // unknown flags and positionals come back in order, named below
  std::vector<std::pair<const FlagSpec*, CLI::Option*>> options;
  for (const FlagSpec& spec : specs) {
    std::string name(spec.name);
    if (!name.starts_with("--"))
      throw std::logic_error("flag '" + name + "' must start with \"--\"");
    if (app.get_option_no_throw(name) != nullptr) continue; // a table may name a flag twice
    CLI::Option* option = spec.takesValue ? app.add_option(name) : app.add_flag(name);
    // Every occurrence is kept, so a repeat is refused here with our message.
    option->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    options.emplace_back(&spec, option);
  }

  std::vector<std::string> reversed; // CLI11 takes its arguments last first
  reversed.reserve(args.size());
  for (size_t i = args.size(); i-- > 0;) {
    if (args[i].find(kInlineValue) != std::string::npos)
      throw UsageError("argument " + std::to_string(i + 1) + " holds a NUL byte");
    reversed.push_back(withInlineMarker(args[i]));
  }
  try {
    app.parse(reversed);
  } catch (const CLI::ArgumentMismatch& e) {
    // CLI11 ran out of arguments while a flag waited for its value: the last argument is it.
    if (!args.empty() && std::ranges::any_of(specs, [&](const FlagSpec& s) {
          return s.takesValue && s.name == args.back();
        }))
      throw UsageError("flag '" + args.back() + "' needs a value");
    throw UsageError(e.what());
  } catch (const CLI::ParseError& e) {
    throw UsageError(e.what());
  }

  // What CLI11 did not bind, in order: before the first "--" (the mark itself), anything that
  // starts with '-' is an unknown flag (CLI11 would let "-1" or "---x" through as positionals);
  // "-" alone and everything after the mark are positional.
  ParsedArgs parsed;
  bool flagsEnded = false;
  for (std::string arg : app.remaining()) {
    arg = withoutInlineMarker(std::move(arg));
    if (!flagsEnded && arg == "--") {
      flagsEnded = true;
    } else if (!flagsEnded && arg.size() >= 2 && arg[0] == '-') {
      throw UsageError("unknown flag '" + flagName(arg) + "'");
    } else {
      parsed.positional.push_back(std::move(arg));
    }
  }
  for (const auto& [spec, option] : options) {
    const std::vector<std::string>& results = option->results();
    if (results.empty()) continue;
    std::string name(spec->name);
    if (results.size() > 1 && !spec->repeatable)
      throw UsageError("flag '" + name + "' given more than once");
    std::vector<std::string>& values = parsed.flags[name];
    for (const std::string& result : results) {
      if (spec->takesValue) {
        values.push_back(withoutInlineMarker(result));
      } else if (result.find(kInlineValue) != std::string::npos) {
        throw UsageError("flag '" + name + "' takes no value");
      } else {
        values.emplace_back();
      }
    }
  }
  return parsed;
}

} // namespace hlotrain::cli

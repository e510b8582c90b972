#include "cli/Args.h"

#include <algorithm>
#include <charconv>

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

ParsedArgs parseArgs(std::span<const std::string> args, std::span<const FlagSpec> specs) {
  ParsedArgs parsed;
  bool flagsEnded = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (flagsEnded || arg.size() < 2 || arg[0] != '-') {
      parsed.positional.push_back(arg);
      continue;
    }
    if (arg == "--") {
      flagsEnded = true;
      continue;
    }
    size_t eq = arg.find('=');
    std::string name = arg.substr(0, eq);
    auto spec =
        std::find_if(specs.begin(), specs.end(), [&](const FlagSpec& s) { return s.name == name; });
    if (spec == specs.end()) throw UsageError("unknown flag '" + name + "'");
    auto& values = parsed.flags[name];
    if (!values.empty() && !spec->repeatable)
      throw UsageError("flag '" + name + "' given more than once");
    if (!spec->takesValue) {
      if (eq != std::string::npos) throw UsageError("flag '" + name + "' takes no value");
      values.emplace_back();
      continue;
    }
    if (eq != std::string::npos) {
      values.push_back(arg.substr(eq + 1));
    } else if (i + 1 < args.size()) {
      values.push_back(args[++i]);
    } else {
      throw UsageError("flag '" + name + "' needs a value");
    }
  }
  return parsed;
}

} // namespace hlotrain::cli

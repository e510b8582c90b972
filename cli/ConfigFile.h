#pragma once
// A run's settings as a file: what `hlotrain train --config FILE` reads and `--save-config FILE`
// writes, TOML or JSON by the file's extension, and what a checkpoint stores (JSON). An entry is
// a key (a train flag's name without "--") and a typed value; which keys exist and what their
// values mean is the flag table's (cli/Train.cpp), not this file's.
//
// TOML is read as a strict subset, by hand: `key = value` lines, bare keys, basic ("...") and
// literal ('...') strings, decimal integers, floats, booleans, comments and blank lines. Anything
// else (tables, arrays, dotted or quoted keys, multi-line strings, dates, hex or `1_000`) is
// refused naming the file and the line. (Debian's one C++ TOML package, libcpptoml-dev, is
// unmaintained and keeps no line numbers for values, which every message here names.) CLI11's
// reader (CLI::ConfigTOML of libcli11-dev 2.1.2, which cli/Args.cpp parses command lines with)
// keeps neither lines nor types: its ConfigItem is a key and a list of strings, quotes stripped
// (`lr = "0.1"` reads as `lr = 0.1`). It refuses nothing: a line without '=' becomes `key =
// true`, lines under 3 characters are skipped, `[tables]`, dates and hex pass as text, '#' ends a
// value even inside quotes (`"a#b"` gives `"a`), escapes stay undecoded, a value with a space or
// comma becomes a list, and a repeated key is merged or left to the option's policy, naming no
// line. JSON is nlohmann-json's; its parse callback sees every key, so a repeated one is refused.

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hlotrain::cli {

enum class ConfigType { string, integer, floating, boolean, null };

struct ConfigValue {
  ConfigType type = ConfigType::string;
  // string: its characters; integer and floating: the number as written (without a leading '+';
  // TOML's inf and nan as "inf", "-inf", "nan"); boolean: "true" or "false"; null: empty.
  std::string text;
};

struct ConfigEntry {
  std::string key;
  ConfigValue value;
  std::string origin; // where it was read, for messages: "run.toml:3", "run.json: key \"lr\""
};

// "a string", "an integer", "a float", "a boolean", "null".
std::string_view configTypeName(ConfigType type);

// The entries of a .toml or .json file, in file order. Throws UsageError for another extension,
// ParseError when the file is missing, ParseError "<path>:<line>: ..." (TOML) or
// "<path>: ..." (JSON) for malformed text, anything outside the subset, a value that is not a
// string, number, boolean or null (JSON), or a key given twice.
std::vector<ConfigEntry> readConfigFile(const std::string& path);
std::vector<ConfigEntry> parseTomlConfig(std::string_view text, const std::string& where);
// A JSON object's members; `where` names it in messages and origins.
std::vector<ConfigEntry> parseJsonConfig(std::string_view text, const std::string& where);

// The entries as TOML (a null entry as a comment line "# key: not set") after `header` (comment
// lines), or as a JSON object (null as null), in order. Strings must be UTF-8: ConfigError naming
// the key otherwise; lossyUtf8 replaces invalid bytes with U+FFFD instead.
std::string tomlConfigText(std::span<const ConfigEntry> entries, std::string_view header);
std::string jsonConfigText(std::span<const ConfigEntry> entries, bool pretty,
                           bool lossyUtf8 = false);
// Writes the entries atomically, TOML or JSON by the extension of `path` (UsageError for
// another); RuntimeError on I/O failure.
void writeConfigFile(const std::string& path, std::span<const ConfigEntry> entries,
                     std::string_view tomlHeader);

} // namespace hlotrain::cli

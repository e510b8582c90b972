#include "cli/ConfigFile.h"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/Args.h"
#include "support/AtomicFile.h"
#include "support/Error.h"

namespace hlotrain::cli {

namespace {

using OrderedJson = nlohmann::ordered_json;

enum class Format { toml, json };

Format formatOf(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".toml") return Format::toml;
  if (ext == ".json") return Format::json;
  throw UsageError(path + ": expected a .toml or .json file (the extension says which)");
}

// The length of the UTF-8 sequence starting at s[i], or 0 when it is not one (overlong forms,
// surrogates and code points above U+10FFFF included).
size_t utf8Length(std::string_view s, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b = byte(i);
  if (b < 0x80) return 1;
  size_t n = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 0;
  if (n == 0 || b > 0xF4 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  const unsigned char c = byte(i + 1);
  if ((b == 0xE0 && c < 0xA0) || (b == 0xED && c >= 0xA0) || (b == 0xF0 && c < 0x90) ||
      (b == 0xF4 && c >= 0x90))
    return 0;
  return n;
}

bool validUtf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const size_t n = utf8Length(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// One line of a TOML file, read left to right; every failure names the file and the line.
class TomlLine {
public:
  TomlLine(std::string_view text, std::string where) : text_(text), where_(std::move(where)) {}

  [[noreturn]] void fail(const std::string& what) const { throw ParseError(where_ + ": " + what); }
  bool atEnd() const { return pos_ >= text_.size(); }
  char peek() const { return atEnd() ? '\0' : text_[pos_]; }
  void advance() { ++pos_; }
  void skipSpace() {
    while (!atEnd() && (peek() == ' ' || peek() == '\t')) ++pos_;
  }
  // Nothing but spaces and a comment is left.
  bool restIsEmpty() {
    skipSpace();
    return atEnd() || peek() == '#';
  }
  std::string_view rest() const { return text_.substr(std::min(pos_, text_.size())); }

  std::string key() {
    const char first = peek();
    if (first == '"' || first == '\'')
      fail("quoted keys are not supported: write the flag's name bare (lr = 0.01)");
    const size_t start = pos_;
    while (!atEnd() &&
           (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '-' || peek() == '_'))
      ++pos_;
    if (pos_ == start)
      fail("expected a key (a train flag's name without --), found '" + std::string(rest()) + "'");
    std::string k(text_.substr(start, pos_ - start));
    skipSpace();
    if (peek() == '.') fail("dotted keys (" + k + ".x) are not supported: keys are flat");
    return k;
  }

  ConfigValue value() {
    const char c = peek();
    if (c == '"') return {ConfigType::string, basicString()};
    if (c == '\'') return {ConfigType::string, literalString()};
    if (c == '[') fail("arrays are not supported (class-weights takes \"w0,w1,...\")");
    if (c == '{') fail("inline tables are not supported: keys are flat");
    const size_t start = pos_;
    while (!atEnd() && peek() != ' ' && peek() != '\t' && peek() != '#') ++pos_;
    const std::string token(text_.substr(start, pos_ - start));
    if (token.empty()) fail("expected a value after '='");
    if (token == "true" || token == "false") return {ConfigType::boolean, token};
    if (std::optional<ConfigValue> number = numberToken(token)) return *number;
    fail("unsupported value '" + token +
         "' (this reader takes strings, decimal integers, floats and booleans)");
  }

private:
  // TOML's decimal integers and floats (no '_', no 0x/0o/0b, no leading zeros), and inf/nan.
  static std::optional<ConfigValue> numberToken(const std::string& token) {
    const bool signed_ = token[0] == '+' || token[0] == '-';
    const std::string unsignedPart = signed_ ? token.substr(1) : token;
    const std::string t = (token[0] == '-' ? "-" : "") + unsignedPart;
    if (unsignedPart == "inf" || unsignedPart == "nan") return ConfigValue{ConfigType::floating, t};
    size_t i = 0;
    const auto digits = [&] {
      const size_t start = i;
      while (i < unsignedPart.size() && std::isdigit(static_cast<unsigned char>(unsignedPart[i])))
        ++i;
      return i - start;
    };
    const size_t intDigits = digits();
    if (intDigits == 0 || (intDigits > 1 && unsignedPart[0] == '0')) return std::nullopt;
    bool floating = false;
    if (i < unsignedPart.size() && unsignedPart[i] == '.') {
      ++i;
      if (digits() == 0) return std::nullopt;
      floating = true;
    }
    if (i < unsignedPart.size() && (unsignedPart[i] == 'e' || unsignedPart[i] == 'E')) {
      ++i;
      if (i < unsignedPart.size() && (unsignedPart[i] == '+' || unsignedPart[i] == '-')) ++i;
      if (digits() == 0) return std::nullopt;
      floating = true;
    }
    if (i != unsignedPart.size()) return std::nullopt;
    return ConfigValue{floating ? ConfigType::floating : ConfigType::integer, t};
  }

  std::string basicString() {
    if (rest().starts_with("\"\"\"")) fail("multi-line strings are not supported");
    ++pos_;
    std::string out;
    while (true) {
      if (atEnd()) fail("unterminated string (a string ends on its line)");
      const char c = text_[pos_++];
      if (c == '"') return out;
      if (c == '\\') {
        escape(out);
        continue;
      }
      if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7F)
        fail("control character in a string (write it as an escape)");
      out += c;
    }
  }

  void escape(std::string& out) {
    if (atEnd()) fail("unterminated string (a string ends on its line)");
    const char e = text_[pos_++];
    switch (e) {
    case 'b':
      out += '\b';
      return;
    case 't':
      out += '\t';
      return;
    case 'n':
      out += '\n';
      return;
    case 'f':
      out += '\f';
      return;
    case 'r':
      out += '\r';
      return;
    case '"':
      out += '"';
      return;
    case '\\':
      out += '\\';
      return;
    case 'u':
    case 'U': {
      const size_t n = e == 'u' ? 4 : 8;
      if (text_.size() - pos_ < n)
        fail("\\" + std::string(1, e) + " needs " + std::to_string(n) + " hexadecimal digits");
      uint32_t cp = 0;
      for (size_t k = 0; k < n; ++k) {
        const char h = text_[pos_++];
        if (!std::isxdigit(static_cast<unsigned char>(h)))
          fail("\\" + std::string(1, e) + " needs " + std::to_string(n) + " hexadecimal digits");
        cp = cp * 16 +
             static_cast<uint32_t>(std::isdigit(static_cast<unsigned char>(h))
                                       ? h - '0'
                                       : std::tolower(static_cast<unsigned char>(h)) - 'a' + 10);
      }
      if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        fail("\\" + std::string(1, e) + " escape is not a Unicode scalar value");
      appendUtf8(out, cp);
      return;
    }
    default:
      fail("unknown escape \\" + std::string(1, e) + " in a string");
    }
  }

  std::string literalString() {
    if (rest().starts_with("'''")) fail("multi-line strings are not supported");
    ++pos_;
    const size_t end = text_.find('\'', pos_);
    if (end == std::string_view::npos) fail("unterminated string (a string ends on its line)");
    std::string out(text_.substr(pos_, end - pos_));
    for (char c : out)
      if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7F)
        fail("control character in a string");
    pos_ = end + 1;
    return out;
  }

  std::string_view text_;
  std::string where_;
  size_t pos_ = 0;
};

std::string tomlString(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04X", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

void requireUtf8(const ConfigEntry& e) {
  if (e.value.type == ConfigType::string && !validUtf8(e.value.text))
    throw ConfigError("--" + e.key + ": '" + e.value.text +
                      "' is not valid UTF-8, which config files store");
}

std::string readText(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw ParseError(path + ": no config file there (not a readable regular file)");
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw RuntimeError(path + ": cannot read the config file");
  return text.str();
}

} // namespace

std::string_view configTypeName(ConfigType type) {
  switch (type) {
  case ConfigType::string:
    return "a string";
  case ConfigType::integer:
    return "an integer";
  case ConfigType::floating:
    return "a float";
  case ConfigType::boolean:
    return "a boolean";
  case ConfigType::null:
    return "null";
  }
  return "";
}

std::vector<ConfigEntry> parseTomlConfig(std::string_view text, const std::string& where) {
  std::vector<ConfigEntry> entries;
  std::map<std::string, size_t> firstLine;
  size_t lineNumber = 0;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(start, end - start);
    start = end + 1;
    ++lineNumber;
    if (raw.ends_with('\r')) raw.remove_suffix(1);
    const std::string origin = where + ":" + std::to_string(lineNumber);
    TomlLine line(raw, origin);
    if (!validUtf8(raw)) line.fail("not valid UTF-8 (TOML files are UTF-8)");
    if (line.restIsEmpty()) continue;
    if (line.peek() == '[')
      line.fail("tables ([section]) are not supported: write every key at the top level");
    const std::string key = line.key();
    line.skipSpace();
    if (line.peek() != '=') line.fail("expected '=' after the key '" + key + "'");
    line.advance();
    line.skipSpace();
    ConfigValue value = line.value();
    if (!line.restIsEmpty())
      line.fail("unexpected text after the value of '" + key + "': '" + std::string(line.rest()) +
                "'");
    if (auto [it, fresh] = firstLine.emplace(key, lineNumber); !fresh)
      line.fail("key '" + key + "' is given twice (first on line " + std::to_string(it->second) +
                ")");
    entries.push_back({key, std::move(value), origin});
  }
  return entries;
}

std::vector<ConfigEntry> parseJsonConfig(std::string_view text, const std::string& where) {
  OrderedJson j;
  std::string duplicate;
  std::map<std::string, int, std::less<>> seen;
  const OrderedJson::parser_callback_t noteKeys = [&](int depth, OrderedJson::parse_event_t event,
                                                      OrderedJson& parsed) {
    if (depth == 1 && event == OrderedJson::parse_event_t::key && duplicate.empty() &&
        ++seen[parsed.get<std::string>()] > 1)
      duplicate = parsed.get<std::string>();
    return true;
  };
  try {
    j = OrderedJson::parse(text.begin(), text.end(), noteKeys);
  } catch (const OrderedJson::parse_error& e) {
    std::string message = e.what();
    const size_t at = message.find("parse error");
    message = at == std::string::npos ? "not valid JSON" : message.substr(at);
    for (char& c : message)
      if (static_cast<unsigned char>(c) < 0x20) c = ' ';
    throw ParseError(where + ": " + message);
  }
  if (!j.is_object()) throw ParseError(where + ": expected a JSON object of settings");
  if (!duplicate.empty()) throw ParseError(where + ": key \"" + duplicate + "\" is given twice");
  std::vector<ConfigEntry> entries;
  for (const auto& [key, v] : j.items()) {
    const std::string origin = where + ": key \"" + key + "\"";
    ConfigValue value;
    if (v.is_string()) {
      value = {ConfigType::string, v.get<std::string>()};
    } else if (v.is_boolean()) {
      value = {ConfigType::boolean, v.get<bool>() ? "true" : "false"};
    } else if (v.is_number_integer()) {
      value = {ConfigType::integer, v.dump()};
    } else if (v.is_number_float()) {
      value = {ConfigType::floating, v.dump()};
    } else if (v.is_null()) {
      value = {ConfigType::null, ""};
    } else {
      throw ParseError(origin + ": expected a string, number, boolean or null, got " +
                       (v.is_array() ? "an array" : "an object"));
    }
    entries.push_back({key, std::move(value), origin});
  }
  return entries;
}

std::vector<ConfigEntry> readConfigFile(const std::string& path) {
  const Format format = formatOf(path);
  const std::string text = readText(path);
  return format == Format::toml ? parseTomlConfig(text, path) : parseJsonConfig(text, path);
}

std::string tomlConfigText(std::span<const ConfigEntry> entries, std::string_view header) {
  std::string out(header);
  for (const ConfigEntry& e : entries) {
    requireUtf8(e);
    switch (e.value.type) {
    case ConfigType::null:
      out += "# " + e.key + ": not set\n";
      break;
    case ConfigType::string:
      out += e.key + " = " + tomlString(e.value.text) + "\n";
      break;
    default:
      out += e.key + " = " + e.value.text + "\n";
    }
  }
  return out;
}

std::string jsonConfigText(std::span<const ConfigEntry> entries, bool pretty, bool lossyUtf8) {
  OrderedJson j = OrderedJson::object();
  for (const ConfigEntry& e : entries) {
    if (!lossyUtf8) requireUtf8(e);
    switch (e.value.type) {
    case ConfigType::null:
      j[e.key] = nullptr;
      break;
    case ConfigType::string:
      j[e.key] = e.value.text;
      break;
    case ConfigType::boolean:
      j[e.key] = e.value.text == "true";
      break;
    case ConfigType::integer:
    case ConfigType::floating:
      j[e.key] = OrderedJson::parse(e.value.text);
      break;
    }
  }
  return j.dump(pretty ? 2 : -1, ' ', false, OrderedJson::error_handler_t::replace) +
         (pretty ? "\n" : "");
}

void writeConfigFile(const std::string& path, std::span<const ConfigEntry> entries,
                     std::string_view tomlHeader) {
  const std::string text = formatOf(path) == Format::toml ? tomlConfigText(entries, tomlHeader)
                                                          : jsonConfigText(entries, true);
  writeFileAtomically(path, text);
}

} // namespace hlotrain::cli

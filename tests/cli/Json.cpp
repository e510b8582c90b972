#include "Json.h"

#include <cstdlib>
#include <stdexcept>

namespace hlotrain::testing {

namespace {

class Reader {
public:
  explicit Reader(std::string_view text) : text_(text) {}

  Json document() {
    Json value = parseValue();
    skipSpace();
    if (pos_ != text_.size()) fail("trailing characters");
    return value;
  }

private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("json: " + what + " at offset " + std::to_string(pos_));
  }
  void skipSpace() {
    while (pos_ < text_.size() &&
           std::string_view(" \t\r\n").find(text_[pos_]) != std::string_view::npos)
      ++pos_;
  }
  bool consume(std::string_view token) {
    skipSpace();
    if (text_.substr(pos_, token.size()) != token) return false;
    pos_ += token.size();
    return true;
  }
  void expect(char c) {
    if (!consume(std::string_view(&c, 1))) fail(std::string("expected '") + c + "'");
  }

  Json parseValue() {
    skipSpace();
    if (pos_ >= text_.size()) fail("unexpected end");
    Json value;
    char c = text_[pos_];
    if (c == '{') {
      value.kind = Json::Kind::object;
      ++pos_;
      if (consume("}")) return value;
      do {
        skipSpace();
        std::string key = parseString();
        expect(':');
        value.object[key] = parseValue();
      } while (consume(","));
      expect('}');
    } else if (c == '[') {
      value.kind = Json::Kind::array;
      ++pos_;
      if (consume("]")) return value;
      do value.array.push_back(parseValue());
      while (consume(","));
      expect(']');
    } else if (c == '"') {
      value.kind = Json::Kind::string;
      value.string = parseString();
    } else if (consume("true")) {
      value.kind = Json::Kind::boolean;
      value.boolean = true;
    } else if (consume("false")) {
      value.kind = Json::Kind::boolean;
    } else if (consume("null")) {
    } else if (consume("NaN") || consume("Infinity") || consume("-Infinity")) {
      value.kind = Json::Kind::number; // Python's json writes these; the value is not needed
    } else {
      value.kind = Json::Kind::number;
      const char* begin = text_.data() + pos_;
      char* end = nullptr;
      std::string copy(begin, std::min<size_t>(text_.size() - pos_, 64));
      value.number = std::strtod(copy.c_str(), &end);
      if (end == copy.c_str()) fail("bad value");
      pos_ += static_cast<size_t>(end - copy.c_str());
    }
    return value;
  }

  std::string parseString() {
    if (pos_ >= text_.size() || text_[pos_] != '"') fail("expected a string");
    ++pos_;
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      char c = text_[pos_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) fail("unterminated escape");
      char e = text_[pos_++];
      switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'u':
        // Non-ASCII text is irrelevant to the manifest's keys and file names.
        if (pos_ + 4 > text_.size()) fail("short \\u escape");
        pos_ += 4;
        out += '?';
        break;
      default:
        out += e;
      }
    }
    if (pos_ >= text_.size()) fail("unterminated string");
    ++pos_;
    return out;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

} // namespace

const Json& Json::operator[](std::string_view key) const {
  static const Json kNull;
  auto it = object.find(key);
  return it == object.end() ? kNull : it->second;
}

void PrintTo(const Json& value, std::ostream* os) {
  const Json& name = value["name"];
  *os << (name.kind == Json::Kind::string ? name.string : "<json>");
}

Json parseJson(std::string_view text) {
  return Reader(text).document();
}

} // namespace hlotrain::testing

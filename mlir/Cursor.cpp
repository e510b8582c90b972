#include "mlir/Cursor.h"

#include "support/Error.h"

namespace hlotrain::mlir {

namespace {

// Dimensions and element counts beyond this are refused before anything is sized from them.
constexpr uint64_t kMaxElements = uint64_t{1} << 40;

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isHexDigit(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Builtin MLIR type names we do not implement (f8E4M3FN, i4, index, complex, ...), as opposed
// to text that is not a type at all.
bool isOtherBuiltinType(std::string_view name) {
  if (name == "index" || name == "complex" || name == "none" || name == "tf32") return true;
  size_t prefix = 0;
  if (name.starts_with("bf") || name.starts_with("si") || name.starts_with("ui"))
    prefix = 2;
  else if (name.starts_with("f") || name.starts_with("i"))
    prefix = 1;
  return prefix > 0 && name.size() > prefix && isDigit(name[prefix]);
}

} // namespace

std::string Cursor::where(size_t at) const {
  size_t line = 1, col = 1;
  for (size_t i = 0; i < at && i < text_.size(); ++i) {
    if (text_[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return file_ + ":" + std::to_string(line) + ":" + std::to_string(col);
}

void Cursor::fail(size_t at, const std::string& message) const {
  throw ParseError(where(at) + ": " + message);
}

void Cursor::unsupported(size_t at, const std::string& what) const {
  throw UnsupportedError("unsupported: " + what + " at " + where(at));
}

size_t Cursor::skipSpace() {
  size_t end = limit();
  while (pos_ < end) {
    char c = text_[pos_];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++pos_;
    } else if (c == '/' && pos_ + 1 < end && text_[pos_ + 1] == '/') {
      while (pos_ < end && text_[pos_] != '\n') ++pos_;
    } else {
      break;
    }
  }
  return pos_;
}

char Cursor::peekAt(size_t offset) const {
  return pos_ + offset < limit() ? text_[pos_ + offset] : '\0';
}

bool Cursor::startsWith(std::string_view token) {
  skipSpace();
  if (pos_ > limit() || limit() - pos_ < token.size() || text_.substr(pos_, token.size()) != token)
    return false;
  if (isIdentChar(token.back()) && pos_ + token.size() < limit() &&
      isIdentChar(text_[pos_ + token.size()]))
    return false;
  return true;
}

bool Cursor::consumeIf(std::string_view token) {
  if (!startsWith(token)) return false;
  pos_ += token.size();
  return true;
}

void Cursor::expect(std::string_view token) {
  if (!consumeIf(token)) {
    size_t at = skipSpace();
    if (at >= limit()) fail(at, "expected '" + std::string(token) + "' but the text ended");
    fail(at, "expected '" + std::string(token) + "'");
  }
}

std::string_view Cursor::identifier(const char* what) {
  size_t start = skipSpace();
  if (start >= limit() || !isIdentStart(text_[start])) fail(start, std::string("expected ") + what);
  while (pos_ < limit() && isIdentChar(text_[pos_])) ++pos_;
  return text_.substr(start, pos_ - start);
}

std::string Cursor::valueName() {
  size_t start = skipSpace();
  if (peek() != '%') fail(start, "expected a value name (%...)");
  ++pos_;
  size_t nameStart = pos_;
  while (pos_ < limit() && (isIdentChar(text_[pos_]) || text_[pos_] == '-')) ++pos_;
  if (pos_ == nameStart) fail(start, "expected a value name after '%'");
  return std::string(text_.substr(nameStart, pos_ - nameStart));
}

std::string Cursor::symbolName() {
  size_t start = skipSpace();
  if (peek() != '@') fail(start, "expected a symbol name (@...)");
  ++pos_;
  if (pos_ < limit() && text_[pos_] == '"') return stringLiteral();
  size_t nameStart = pos_;
  while (pos_ < limit() && (isIdentChar(text_[pos_]) || text_[pos_] == '-')) ++pos_;
  if (pos_ == nameStart) fail(start, "expected a symbol name after '@'");
  return std::string(text_.substr(nameStart, pos_ - nameStart));
}

std::string Cursor::stringLiteral() {
  size_t start = skipSpace();
  if (peek() != '"') fail(start, "expected a string");
  ++pos_;
  std::string out;
  while (true) {
    if (pos_ >= limit() || text_[pos_] == '\n') fail(start, "unterminated string");
    char c = text_[pos_++];
    if (c == '"') return out;
    if (c != '\\') {
      out += c;
      continue;
    }
    if (pos_ >= limit()) fail(start, "unterminated string");
    char e = text_[pos_++];
    if (e == 'n') {
      out += '\n';
    } else if (e == 't') {
      out += '\t';
    } else if (e == '"' || e == '\\') {
      out += e;
    } else if (isHexDigit(e) && pos_ < limit() && isHexDigit(text_[pos_])) {
      out += static_cast<char>(std::stoi(std::string{e, text_[pos_++]}, nullptr, 16));
    } else {
      fail(pos_ - 2, "unknown escape in string");
    }
  }
}

bool Cursor::peekNumber() {
  char c = peek();
  return isDigit(c) || ((c == '-' || c == '+') && isDigit(peekAt(1)));
}

std::string_view Cursor::numberToken(bool& isFloat) {
  size_t start = skipSpace();
  isFloat = false;
  size_t end = limit();
  if (pos_ < end && (text_[pos_] == '-' || text_[pos_] == '+')) ++pos_;
  if (pos_ >= end || !isDigit(text_[pos_])) fail(start, "expected a number");
  if (text_[pos_] == '0' && pos_ + 1 < end && (text_[pos_ + 1] == 'x' || text_[pos_ + 1] == 'X')) {
    pos_ += 2;
    size_t digits = pos_;
    while (pos_ < end && isHexDigit(text_[pos_])) ++pos_;
    if (pos_ == digits) fail(start, "expected hex digits after 0x");
    return text_.substr(start, pos_ - start);
  }
  while (pos_ < end && isDigit(text_[pos_])) ++pos_;
  if (pos_ < end && text_[pos_] == '.') {
    isFloat = true;
    ++pos_;
    while (pos_ < end && isDigit(text_[pos_])) ++pos_;
  }
  if (pos_ < end && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
    size_t save = pos_++;
    if (pos_ < end && (text_[pos_] == '-' || text_[pos_] == '+')) ++pos_;
    if (pos_ < end && isDigit(text_[pos_])) {
      isFloat = true;
      while (pos_ < end && isDigit(text_[pos_])) ++pos_;
    } else {
      pos_ = save;
    }
  }
  return text_.substr(start, pos_ - start);
}

IntLiteral Cursor::intLiteral() {
  size_t start = skipSpace();
  bool isFloat = false;
  std::string_view token = numberToken(isFloat);
  if (isFloat) fail(start, "expected an integer, found '" + std::string(token) + "'");
  IntLiteral lit;
  size_t i = 0;
  if (token[0] == '-' || token[0] == '+') lit.negative = token[i++] == '-';
  uint64_t base = 10;
  if (token.size() > i + 1 && token[i] == '0' && (token[i + 1] == 'x' || token[i + 1] == 'X')) {
    base = 16;
    lit.hex = true;
    i += 2;
  }
  for (; i < token.size(); ++i) {
    char c = token[i];
    uint64_t d = isDigit(c) ? c - '0' : (c | 0x20) - 'a' + 10;
    if (lit.magnitude > (UINT64_MAX - d) / base) fail(start, "integer literal out of range");
    lit.magnitude = lit.magnitude * base + d;
  }
  if (lit.magnitude == 0) lit.negative = false;
  return lit;
}

int64_t Cursor::int64Value() {
  size_t start = skipSpace();
  IntLiteral lit = intLiteral();
  if (lit.negative ? lit.magnitude > uint64_t{1} << 63 : lit.magnitude > uint64_t{INT64_MAX})
    fail(start, "integer does not fit in 64 bits");
  return lit.negative ? static_cast<int64_t>(0 - lit.magnitude)
                      : static_cast<int64_t>(lit.magnitude);
}

ir::TensorType Cursor::tensorType() {
  size_t start = skipSpace();
  if (peek() == '!') {
    ++pos_;
    std::string name(identifier("a dialect type name"));
    unsupported(start, "type !" + name);
  }
  if (!peekIdentifier()) fail(start, "expected a tensor type");
  std::string_view word = identifier("a type");
  if (word == "tuple") unsupported(start, "tuple type");
  if (word != "tensor") {
    if (isOtherBuiltinType(word) || word == "memref" || word == "vector")
      unsupported(start, "non-tensor type " + std::string(word));
    fail(start, "expected a tensor type, found '" + std::string(word) + "'");
  }
  if (pos_ >= limit() || text_[pos_] != '<') fail(pos_, "expected '<' after 'tensor'");
  ++pos_;
  ir::TensorType type;
  uint64_t elements = 1;
  while (pos_ < limit()) {
    char c = text_[pos_];
    if (c == '?') unsupported(pos_, "dynamic dimension in " + std::string(word) + " type");
    if (c == '*') unsupported(pos_, "unranked tensor type");
    if (!isDigit(c)) break;
    size_t dimStart = pos_;
    uint64_t dim = 0;
    while (pos_ < limit() && isDigit(text_[pos_])) {
      dim = dim * 10 + static_cast<uint64_t>(text_[pos_++] - '0');
      if (dim > kMaxElements) fail(dimStart, "tensor dimension too large");
    }
    if (dim != 0 && elements > kMaxElements / dim) fail(dimStart, "tensor has too many elements");
    elements *= dim == 0 ? 1 : dim;
    type.shape.push_back(static_cast<int64_t>(dim));
    if (pos_ >= limit() || text_[pos_] != 'x') fail(pos_, "expected 'x' after a dimension");
    ++pos_;
  }
  size_t elemStart = pos_;
  while (pos_ < limit() && (isIdentChar(text_[pos_]) && text_[pos_] != '.')) ++pos_;
  std::string_view elem = text_.substr(elemStart, pos_ - elemStart);
  if (elem.empty()) {
    if (pos_ < limit() && text_[pos_] == '!') unsupported(pos_, "dialect element type");
    fail(elemStart, "expected an element type");
  }
  if (!ir::parseElementType(elem, type.elementType)) {
    if (isOtherBuiltinType(elem) || (pos_ < limit() && text_[pos_] == '<'))
      unsupported(elemStart, "element type " + std::string(elem));
    fail(elemStart, "unknown element type '" + std::string(elem) + "'");
  }
  if (pos_ < limit() && text_[pos_] == ',') unsupported(pos_, "tensor encoding");
  if (pos_ >= limit() || text_[pos_] != '>') fail(pos_, "expected '>' to end the tensor type");
  ++pos_;
  return type;
}

std::vector<ir::TensorType> Cursor::typeList() {
  std::vector<ir::TensorType> types{tensorType()};
  while (consumeIf(",")) types.push_back(tensorType());
  return types;
}

void Cursor::functionType(std::vector<ir::TensorType>& inputs,
                          std::vector<ir::TensorType>& results) {
  expect("(");
  inputs.clear();
  results.clear();
  if (!consumeIf(")")) {
    inputs = typeList();
    expect(")");
  }
  expect("->");
  if (consumeIf("(")) {
    if (!consumeIf(")")) {
      results = typeList();
      expect(")");
    }
  } else {
    results.push_back(tensorType());
  }
}

void Cursor::skipBalanced(bool angles) {
  size_t start = skipSpace();
  std::string closers;
  do {
    if (pos_ >= limit())
      fail(start, std::string("unclosed '") + text_[start] + "' at the end of the text");
    char c = text_[pos_];
    if (c == '"') {
      stringLiteral();
      continue;
    }
    if (c == '/' && pos_ + 1 < limit() && text_[pos_ + 1] == '/') {
      skipSpace();
      continue;
    }
    if (c == '-' && pos_ + 1 < limit() && text_[pos_ + 1] == '>') {
      pos_ += 2;
      continue;
    }
    ++pos_;
    if (c == '(')
      closers += ')';
    else if (c == '[')
      closers += ']';
    else if (c == '{')
      closers += '}';
    else if (c == '<' && angles)
      closers += '>';
    else if (c == '>' && !angles)
      continue;
    else if (c == ')' || c == ']' || c == '}' || c == '>') {
      if (closers.empty() || closers.back() != c)
        fail(pos_ - 1, std::string("unbalanced '") + c + "'");
      closers.pop_back();
    }
  } while (!closers.empty());
}

void Cursor::skipLocation() {
  while (startsWith("loc")) {
    size_t save = pos_;
    pos_ += 3;
    if (peek() != '(') {
      pos_ = save;
      return;
    }
    skipBalanced();
  }
}

} // namespace hlotrain::mlir

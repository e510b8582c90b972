#pragma once
// Character-level reading of MLIR text: a position in the source, the located errors every parse
// failure goes through, and the tokens shared by ops and attributes (identifiers, numbers,
// strings, types). Internal to mlir/.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/Type.h"

namespace hlotrain::mlir {

// An integer literal: sign and magnitude, so every 64-bit signed or unsigned value fits.
struct IntLiteral {
  bool negative = false;
  uint64_t magnitude = 0;
  bool hex = false;
};

class Cursor {
public:
  Cursor(std::string_view text, std::string_view fileName) : text_(text), file_(fileName) {}

  size_t pos() const { return pos_; }
  void seek(size_t pos) { pos_ = pos; }
  void setEnd(size_t end) { end_ = end; }
  // Where the text being read ends (the whole text, or one `// -----` chunk of it).
  size_t limit() const { return end_ < text_.size() ? end_ : text_.size(); }
  std::string_view text() const { return text_; }
  std::string_view slice(size_t from, size_t to) const { return text_.substr(from, to - from); }

  // "file:line:col" of a byte offset.
  std::string where(size_t at) const;
  [[noreturn]] void fail(size_t at, const std::string& message) const;
  [[noreturn]] void failHere(const std::string& message) { fail(skipSpace(), message); }
  [[noreturn]] void unsupported(size_t at, const std::string& what) const;

  // Skips whitespace and `//` comments; returns the new position.
  size_t skipSpace();
  bool atEnd() { return skipSpace() >= limit(); }
  // The next significant character, or '\0' at the end.
  char peek() { return skipSpace() < limit() ? text_[pos_] : '\0'; }
  char peekAt(size_t offset) const;
  // Consumes `token` if the text continues with it (a word must end at a non-identifier char).
  bool consumeIf(std::string_view token);
  void expect(std::string_view token);
  bool startsWith(std::string_view token); // like consumeIf, without consuming

  // A bare identifier, dots included (`stablehlo.add`, `mhlo.num_partitions`, `f32`).
  std::string_view identifier(const char* what = "identifier");
  bool peekIdentifier() {
    char c = peek();
    return isIdentStart(c);
  }
  // `%name` (without the `%`); `@name` or `@"name"` (without the `@`); `"..."` unescaped.
  std::string valueName();
  std::string symbolName();
  std::string stringLiteral();
  IntLiteral intLiteral();
  int64_t int64Value(); // an integer literal that must fit int64
  // A float or integer literal as written (for decimal parsing by the element type).
  std::string_view numberToken(bool& isFloat);
  bool peekNumber();

  // `tensor<2x3xf32>`; other types are UnsupportedError (or ParseError when malformed).
  ir::TensorType tensorType();
  // `(a, b) -> c` / `(a) -> (b, c)`.
  void functionType(std::vector<ir::TensorType>& inputs, std::vector<ir::TensorType>& results);
  // A type list `a, b, c` (at least one).
  std::vector<ir::TensorType> typeList();

  // Skips a balanced group starting at the current `(`, `[`, `{` (or `<` when `angles`), strings
  // and comments included.
  void skipBalanced(bool angles = true);
  // Skips `loc(...)` annotations if present.
  void skipLocation();

  static bool isIdentStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }
  static bool isIdentChar(char c) {
    return isIdentStart(c) || (c >= '0' && c <= '9') || c == '$' || c == '.';
  }

private:
  std::string_view text_;
  std::string file_;
  size_t pos_ = 0;
  size_t end_ = SIZE_MAX;
};

} // namespace hlotrain::mlir

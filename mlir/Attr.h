#pragma once
// MLIR attribute values as read from text (`{key = value}` dictionaries, `dense<...>`,
// `array<i64: ...>`, `#stablehlo...<...>`), and their conversion to the values ops need.
// Internal to mlir/.

#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "ir/Op.h"
#include "mlir/Cursor.h"

namespace hlotrain::mlir {

struct Attr {
  enum class Kind {
    Int,
    Float,
    Bool,
    String,
    List,
    Dict,
    Dense,
    DenseArray,
    Symbol,
    Dialect,
    FunctionType,
    Unit,
    Other
  };
  Kind kind = Kind::Other;
  size_t pos = 0, end = 0; // where it was written

  IntLiteral intValue;
  double floatValue = 0;
  bool boolValue = false;
  std::string text;                               // String, Symbol; Dialect: its name
  std::vector<Attr> list;                         // List, DenseArray
  std::vector<std::pair<std::string, Attr>> dict; // Dict; #stablehlo.dot<...>, .gather<...>,
                                                  // .scatter<...>, conv raw form
  std::vector<std::string> words;                 // #stablehlo<comparison_direction GT>
  ir::Tensor dense;                               // Dense
  ir::ConvDimensionNumbers conv;                  // #stablehlo.conv<[b, f, 0]x...>
  bool hasConvLayout = false;
  std::vector<ir::TensorType> inputs, results; // FunctionType

  // Declared so clang with libstdc++ does not need `std::pair<std::string, Attr>` (in `dict`)
  // complete while it checks Attr's implicit default constructor (the fuzz build uses clang).
  Attr() = default;

  const Attr* find(std::string_view key) const;
};

// A decimal float literal (`1.5`, `-2.5e-3`) as an element of float type T: f32 and f64 by
// strtof/strtod, correctly rounded. bf16 and f16 round strtod's double once more, which is the
// correctly rounded value unless the decimal lies within 2^-53 (relative) of a halfway point
// without being on it; MLIR prints no such literal (its bf16/f16 literals have at most 6 digits).
// The printer checks with it that a short form reads back.
template <class T> T decimalFloat(std::string_view token) {
  const std::string text(token);
  if constexpr (std::is_same_v<T, float>)
    return std::strtof(text.c_str(), nullptr);
  else if constexpr (std::is_same_v<T, double>)
    return std::strtod(text.c_str(), nullptr);
  else
    return T(std::strtod(text.c_str(), nullptr));
}

Attr parseAttr(Cursor& c);
// A `{key = value, unit_key}` dictionary starting at `{`.
Attr parseDict(Cursor& c);
// `dense<...> : tensor<...>` (the type is required).
ir::Tensor parseDenseElements(Cursor& c);
// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
void parseConvLayout(Cursor& c, ir::ConvDimensionNumbers& dims);
// A pretty integer list `[1, 2, 3]`.
std::vector<int64_t> parseIntList(Cursor& c);

// Conversions; each throws a ParseError at the attribute when it has the wrong shape or kind.
int64_t toInt(const Cursor& c, const Attr& a);
double toFloat(const Cursor& c, const Attr& a);
std::vector<int64_t> toInts(const Cursor& c, const Attr& a);
std::vector<bool> toBools(const Cursor& c, const Attr& a);
std::vector<std::pair<int64_t, int64_t>> toPairs(const Cursor& c, const Attr& a);
ir::DotDimensionNumbers toDot(const Cursor& c, const Attr& a);
ir::ConvDimensionNumbers toConv(const Cursor& c, const Attr& a);
ir::GatherDimensionNumbers toGather(const Cursor& c, const Attr& a);
ir::ScatterDimensionNumbers toScatter(const Cursor& c, const Attr& a);
bool toBool(const Cursor& c, const Attr& a);
// The keyword of `#stablehlo<kind KEYWORD>`, checking `kind`.
std::string toEnumWord(const Cursor& c, const Attr& a, std::string_view kind);

} // namespace hlotrain::mlir

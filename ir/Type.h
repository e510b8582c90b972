#pragma once
// Element and tensor types. Shapes are static; a rank-0 tensor is a scalar.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/HalfFloat.h"

namespace hlotrain::ir {

// Signless `iN` in StableHLO text is a signed integer; `uiN` is unsigned; `i1` is the boolean.
// bf16 and f16 come last so that the values of the others stay what they were.
enum class ElementType : uint8_t {
  i1,
  i8,
  i16,
  i32,
  i64,
  ui8,
  ui16,
  ui32,
  ui64,
  f32,
  f64,
  bf16,
  f16
};

std::string_view name(ElementType type);
// Parses "f32", "i8", "ui64", ... ; returns false for anything else.
bool parseElementType(std::string_view text, ElementType& out);
size_t byteWidth(ElementType type); // i1 is stored as one byte holding 0 or 1
inline bool isFloat(ElementType t) {
  return t == ElementType::f32 || t == ElementType::f64 || t == ElementType::bf16 ||
         t == ElementType::f16;
}
inline bool isBool(ElementType t) {
  return t == ElementType::i1;
}
inline bool isUnsigned(ElementType t) {
  return t >= ElementType::ui8 && t <= ElementType::ui64;
}
inline bool isSignedInt(ElementType t) {
  return t >= ElementType::i8 && t <= ElementType::i64;
}
inline bool isInteger(ElementType t) {
  return isSignedInt(t) || isUnsigned(t);
}
int bitWidth(ElementType type); // 1, 8, 16, 32, 64

using Shape = std::vector<int64_t>;

struct TensorType {
  ElementType elementType = ElementType::f32;
  Shape shape;

  int64_t rank() const { return static_cast<int64_t>(shape.size()); }
  int64_t numElements() const;
  size_t byteSize() const { return static_cast<size_t>(numElements()) * byteWidth(elementType); }
  bool operator==(const TensorType&) const = default;
};

// "tensor<2x3xf32>", "tensor<f32>".
std::string toString(const TensorType& type);
std::string toString(const Shape& shape); // "[2, 3]" for messages

// Calls f with a value of the C++ type that stores `type` (bool for i1, BFloat16 and Float16 for
// bf16 and f16), e.g.
// `dispatch(t, [&](auto tag) { using T = decltype(tag); ... })`.
template <class F> decltype(auto) dispatch(ElementType type, F&& f) {
  switch (type) {
  case ElementType::i1:
    return f(bool{});
  case ElementType::i8:
    return f(int8_t{});
  case ElementType::i16:
    return f(int16_t{});
  case ElementType::i32:
    return f(int32_t{});
  case ElementType::i64:
    return f(int64_t{});
  case ElementType::ui8:
    return f(uint8_t{});
  case ElementType::ui16:
    return f(uint16_t{});
  case ElementType::ui32:
    return f(uint32_t{});
  case ElementType::ui64:
    return f(uint64_t{});
  case ElementType::f32:
    return f(float{});
  case ElementType::f64:
    return f(double{});
  case ElementType::bf16:
    return f(BFloat16{});
  case ElementType::f16:
    return f(Float16{});
  }
  return f(float{});
}

template <class T> constexpr ElementType elementTypeOf();
template <> constexpr ElementType elementTypeOf<bool>() {
  return ElementType::i1;
}
template <> constexpr ElementType elementTypeOf<int8_t>() {
  return ElementType::i8;
}
template <> constexpr ElementType elementTypeOf<int16_t>() {
  return ElementType::i16;
}
template <> constexpr ElementType elementTypeOf<int32_t>() {
  return ElementType::i32;
}
template <> constexpr ElementType elementTypeOf<int64_t>() {
  return ElementType::i64;
}
template <> constexpr ElementType elementTypeOf<uint8_t>() {
  return ElementType::ui8;
}
template <> constexpr ElementType elementTypeOf<uint16_t>() {
  return ElementType::ui16;
}
template <> constexpr ElementType elementTypeOf<uint32_t>() {
  return ElementType::ui32;
}
template <> constexpr ElementType elementTypeOf<uint64_t>() {
  return ElementType::ui64;
}
template <> constexpr ElementType elementTypeOf<float>() {
  return ElementType::f32;
}
template <> constexpr ElementType elementTypeOf<double>() {
  return ElementType::f64;
}
template <> constexpr ElementType elementTypeOf<BFloat16>() {
  return ElementType::bf16;
}
template <> constexpr ElementType elementTypeOf<Float16>() {
  return ElementType::f16;
}

} // namespace hlotrain::ir

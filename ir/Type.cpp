#include "ir/Type.h"

#include <array>

namespace hlotrain::ir {

namespace {
constexpr std::array<std::string_view, 13> kNames = {
    "i1", "i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64", "f32", "f64", "bf16", "f16"};
} // namespace

std::string_view name(ElementType type) {
  return kNames[static_cast<size_t>(type)];
}

bool parseElementType(std::string_view text, ElementType& out) {
  for (size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == text) {
      out = static_cast<ElementType>(i);
      return true;
    }
  }
  return false;
}

int bitWidth(ElementType type) {
  switch (type) {
  case ElementType::i1:
    return 1;
  case ElementType::i8:
  case ElementType::ui8:
    return 8;
  case ElementType::i16:
  case ElementType::ui16:
  case ElementType::bf16:
  case ElementType::f16:
    return 16;
  case ElementType::i32:
  case ElementType::ui32:
  case ElementType::f32:
    return 32;
  case ElementType::i64:
  case ElementType::ui64:
  case ElementType::f64:
    return 64;
  }
  return 0;
}

size_t byteWidth(ElementType type) {
  return type == ElementType::i1 ? 1 : bitWidth(type) / 8;
}

int64_t TensorType::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

std::string toString(const TensorType& type) {
  std::string s = "tensor<";
  for (int64_t d : type.shape) s += std::to_string(d) + "x";
  s += name(type.elementType);
  return s + ">";
}

std::string toString(const Shape& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

} // namespace hlotrain::ir

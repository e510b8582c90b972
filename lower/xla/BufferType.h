#pragma once
// Our element types as PJRT buffer types and back: the one table the xla client and our PJRT
// plugin share.

#include <optional>

#include "ir/Type.h"
#include "lower/xla/PjrtCApi.h"

namespace hlotrain::xla {

inline PJRT_Buffer_Type pjrtType(ir::ElementType t) {
  switch (t) {
  case ir::ElementType::i1:
    return PJRT_Buffer_Type_PRED;
  case ir::ElementType::i8:
    return PJRT_Buffer_Type_S8;
  case ir::ElementType::i16:
    return PJRT_Buffer_Type_S16;
  case ir::ElementType::i32:
    return PJRT_Buffer_Type_S32;
  case ir::ElementType::i64:
    return PJRT_Buffer_Type_S64;
  case ir::ElementType::ui8:
    return PJRT_Buffer_Type_U8;
  case ir::ElementType::ui16:
    return PJRT_Buffer_Type_U16;
  case ir::ElementType::ui32:
    return PJRT_Buffer_Type_U32;
  case ir::ElementType::ui64:
    return PJRT_Buffer_Type_U64;
  case ir::ElementType::f32:
    return PJRT_Buffer_Type_F32;
  case ir::ElementType::f64:
    return PJRT_Buffer_Type_F64;
  case ir::ElementType::bf16:
    return PJRT_Buffer_Type_BF16;
  case ir::ElementType::f16:
    return PJRT_Buffer_Type_F16;
  }
  return PJRT_Buffer_Type_INVALID;
}

// nullopt for a PJRT type we have no element type for (f8, complex, ...).
inline std::optional<ir::ElementType> elementType(PJRT_Buffer_Type t) {
  for (ir::ElementType e :
       {ir::ElementType::i1, ir::ElementType::i8, ir::ElementType::i16, ir::ElementType::i32,
        ir::ElementType::i64, ir::ElementType::ui8, ir::ElementType::ui16, ir::ElementType::ui32,
        ir::ElementType::ui64, ir::ElementType::f32, ir::ElementType::f64, ir::ElementType::bf16,
        ir::ElementType::f16})
    if (pjrtType(e) == t) return e;
  return std::nullopt;
}

} // namespace hlotrain::xla

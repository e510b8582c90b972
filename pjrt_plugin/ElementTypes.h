#pragma once
// PJRT buffer types as hlotrain element types, failing the way the C API reports it. The table
// itself is lower/xla/BufferType.h, shared with the xla client.

#include <string>

#include "ir/Type.h"
#include "lower/xla/PjrtCApi.h"

namespace hlotrain::pjrt {

// Throws Failure(UNIMPLEMENTED) for the types hlotrain has no storage for (F16, BF16, complex,
// 8-bit floats, sub-byte integers, TOKEN), and INVALID_ARGUMENT for values outside the enum.
ir::ElementType fromPjrt(PJRT_Buffer_Type type);

// "F32 (11)", for messages.
std::string describe(PJRT_Buffer_Type type);

} // namespace hlotrain::pjrt

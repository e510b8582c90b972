#include "pjrt_plugin/ElementTypes.h"

#include <array>
#include <string_view>

#include "lower/xla/BufferType.h"
#include "pjrt_plugin/Errors.h"

namespace hlotrain::pjrt {
namespace {

// Indexed by PJRT_Buffer_Type.
constexpr std::array<std::string_view, PJRT_Buffer_Type_U1 + 1> kNames = {
    "INVALID",    "PRED",   "S8",       "S16",           "S32",
    "S64",        "U8",     "U16",      "U32",           "U64",
    "F16",        "F32",    "F64",      "BF16",          "C64",
    "C128",       "F8E5M2", "F8E4M3FN", "F8E4M3B11FNUZ", "F8E5M2FNUZ",
    "F8E4M3FNUZ", "S4",     "U4",       "TOKEN",         "S2",
    "U2",         "F8E4M3", "F8E3M4",   "F8E8M0FNU",     "F4E2M1FN",
    "S1",         "U1"};

} // namespace

ir::ElementType fromPjrt(PJRT_Buffer_Type type) {
  if (std::optional<ir::ElementType> ours = xla::elementType(type)) return *ours;
  if (static_cast<size_t>(type) >= kNames.size())
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "not a PJRT_Buffer_Type: " + describe(type));
  throw Failure(PJRT_Error_Code_UNIMPLEMENTED,
                "element type " + describe(type) + " is not supported by hlotrain's plugin");
}

std::string describe(PJRT_Buffer_Type type) {
  const auto value = static_cast<size_t>(type);
  const std::string number = "(" + std::to_string(static_cast<int>(type)) + ")";
  return value < kNames.size() ? std::string(kNames[value]) + " " + number : number;
}

} // namespace hlotrain::pjrt

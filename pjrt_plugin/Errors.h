#pragma once
// How the plugin fails. Entry points throw (Failure, or the library's typed errors of
// support/Error.h) and run inside guarded(), which turns the exception into the PJRT_Error* the C
// API returns, so no exception crosses the C boundary.

#include <stdexcept>
#include <string>
#include <string_view>

#include "lower/xla/PjrtCApi.h"

namespace hlotrain::pjrt {

// A failure carrying the status code the caller will see.
class Failure : public std::runtime_error {
public:
  Failure(PJRT_Error_Code code, const std::string& message)
      : std::runtime_error(message), code_(code) {}
  PJRT_Error_Code code() const { return code_; }

private:
  PJRT_Error_Code code_;
};

struct Status {
  PJRT_Error_Code code;
  std::string message;
};

// A new error, freed by PJRT_Error_Destroy or through its vtable.
PJRT_Error* newError(const Status& status);
// The status of an error of ours (made by newError), which is freed.
Status takeError(PJRT_Error* error);

// The exception being handled as a status: a Failure keeps its code; ParseError, VerifyError and
// ConfigError are INVALID_ARGUMENT, UnsupportedError is UNIMPLEMENTED, bad_alloc is
// RESOURCE_EXHAUSTED and anything else INTERNAL.
Status currentExceptionStatus();

// Runs `body`: NULL when it returns, the error when it throws.
template <class F> PJRT_Error* guarded(F&& body) noexcept {
  try {
    body();
    return nullptr;
  } catch (...) {
    return newError(currentExceptionStatus());
  }
}

// The struct_size rule of the C API: a caller's struct may be newer (larger) than ours, never
// older, else "Unexpected <name> size: expected <ours>, got <theirs>. ..." (XLA's wording).
void checkStructSize(std::string_view name, size_t ours, size_t theirs);

template <class Args> void checkArgs(const Args* args, std::string_view name, size_t ours) {
  if (!args) throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, std::string(name) + " is NULL");
  checkStructSize(name, ours, args->struct_size);
}

// `*pointer`, where `what` names the field for the message when it is NULL.
template <class T> T& deref(T* pointer, std::string_view what) {
  if (!pointer)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "`" + std::string(what) + "` is NULL");
  return *pointer;
}

// Registers Error_Destroy, Error_Message and Error_GetCode.
void fillErrorSlots(PJRT_Api& api);

} // namespace hlotrain::pjrt

// Checks the args struct of the entry point that `Type` belongs to.
#define HLOTRAIN_PJRT_CHECK_ARGS(Type, args)                                                       \
  ::hlotrain::pjrt::checkArgs<Type>(args, #Type, Type##_STRUCT_SIZE)

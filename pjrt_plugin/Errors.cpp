#include "pjrt_plugin/Errors.h"

#include <new>

#include "support/Error.h"

namespace hlotrain::pjrt {
namespace {

struct PluginError : PJRT_Error {
  Status status;
};

const PluginError& impl(const PJRT_Error* error) {
  return *static_cast<const PluginError*>(error);
}

void destroy(PJRT_Error* error) {
  delete static_cast<PluginError*>(error);
}

void message(const PJRT_Error* error, const char** text, size_t* size) {
  *text = impl(error).status.message.c_str();
  *size = impl(error).status.message.size();
}

PJRT_Error_Code code(const PJRT_Error* error) {
  return impl(error).status.code;
}

void forEachPayload(const PJRT_Error*, PJRT_Error_PayloadVisitor, void*) {}

// Newer clients read an error through its table rather than through PJRT_Api.
const PJRT_Error_FunctionTable kErrorTable = {
    PJRT_Error_FunctionTable_STRUCT_SIZE,
    PJRT_Error_STRUCT_SIZE,
    nullptr,
    destroy,
    message,
    code,
    forEachPayload,
};

// Void entry points cannot report a short struct, and these three have had every field they read
// since the first version of the API, so they do not check struct_size.
void errorDestroy(PJRT_Error_Destroy_Args* args) {
  if (args && args->error) destroy(args->error);
}

void errorMessage(PJRT_Error_Message_Args* args) {
  if (!args) return;
  if (!args->error) {
    args->message = "";
    args->message_size = 0;
    return;
  }
  message(args->error, &args->message, &args->message_size);
}

PJRT_Error* errorGetCode(PJRT_Error_GetCode_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Error_GetCode_Args, args);
    args->code = code(&deref(args->error, "error"));
  });
}

} // namespace

Status takeError(PJRT_Error* error) {
  Status status = impl(error).status;
  destroy(error);
  return status;
}

PJRT_Error* newError(const Status& status) {
  auto* error = new PluginError;
  error->vtable = &kErrorTable;
  error->status = status;
  return error;
}

Status currentExceptionStatus() {
  try {
    throw;
  } catch (const Failure& e) {
    return {e.code(), e.what()};
  } catch (const ParseError& e) {
    return {PJRT_Error_Code_INVALID_ARGUMENT, e.what()};
  } catch (const VerifyError& e) {
    return {PJRT_Error_Code_INVALID_ARGUMENT, e.what()};
  } catch (const ConfigError& e) {
    return {PJRT_Error_Code_INVALID_ARGUMENT, e.what()};
  } catch (const UnsupportedError& e) {
    return {PJRT_Error_Code_UNIMPLEMENTED, e.what()};
  } catch (const std::bad_alloc& e) {
    return {PJRT_Error_Code_RESOURCE_EXHAUSTED, e.what()};
  } catch (const std::exception& e) {
    return {PJRT_Error_Code_INTERNAL, e.what()};
  } catch (...) {
    return {PJRT_Error_Code_UNKNOWN, "unknown exception in the hlotrain PJRT plugin"};
  }
}

void checkStructSize(std::string_view name, size_t ours, size_t theirs) {
  if (theirs >= ours) return;
  throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                "Unexpected " + std::string(name) + " size: expected " + std::to_string(ours) +
                    ", got " + std::to_string(theirs) + ". Check installed software versions.");
}

void fillErrorSlots(PJRT_Api& api) {
  api.PJRT_Error_Destroy = errorDestroy;
  api.PJRT_Error_Message = errorMessage;
  api.PJRT_Error_GetCode = errorGetCode;
}

} // namespace hlotrain::pjrt

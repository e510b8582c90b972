// A PJRT plugin that misbehaves on purpose, so the xla client's refusals can be tested without a
// GPU: HLOTRAIN_FAKE_PJRT chooses how.
//   major    reports PJRT C API 1.0 (a major version the client does not speak)
//   old      reports 0.30 (older than the oldest layout the client drives)
//   compile  every compile fails with a compiler-like diagnostic
//   execute  compiles (the entry's output count read from the text), every execute fails
//   options  every compile fails, its message the compile options it was given, in hex
// Nothing here computes: buffers are only their byte count.

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "lower/xla/PjrtCApi.h"
#include "mlir/Parser.h"
#include "tests/lower/xla/plugins/FakePlugin.h"

struct PJRT_Client {};
struct PJRT_Device {};
struct PJRT_Event {};
struct PJRT_Buffer {
  size_t bytes;
};
struct PJRT_Executable {
  size_t outputs;
};
struct PJRT_LoadedExecutable {
  PJRT_Executable executable;
};

namespace {

// The API's PJRT_Error is a header carrying a function table; ours carries the message after it.
struct FakeError {
  PJRT_Error base;
  std::string message;
};
PJRT_Error* fail(std::string message) {
  return &(new FakeError{{nullptr}, std::move(message)})->base;
}
FakeError* fakeError(const PJRT_Error* e) {
  return reinterpret_cast<FakeError*>(const_cast<PJRT_Error*>(e));
}

std::string mode() {
  const char* m = std::getenv("HLOTRAIN_FAKE_PJRT");
  return m ? m : "";
}

PJRT_Client theClient;
PJRT_Device theDevice;
PJRT_Device* const theDevices[] = {&theDevice};

void errorDestroy(PJRT_Error_Destroy_Args* a) {
  delete fakeError(a->error);
}
void errorMessage(PJRT_Error_Message_Args* a) {
  a->message = fakeError(a->error)->message.data();
  a->message_size = fakeError(a->error)->message.size();
}
PJRT_Error* errorGetCode(PJRT_Error_GetCode_Args* a) {
  a->code = PJRT_Error_Code_INTERNAL;
  return nullptr;
}
PJRT_Error* eventDestroy(PJRT_Event_Destroy_Args* a) {
  delete a->event;
  return nullptr;
}
PJRT_Error* eventAwait(PJRT_Event_Await_Args*) {
  return nullptr;
}
PJRT_Error* clientCreate(PJRT_Client_Create_Args* a) {
  a->client = &theClient;
  return nullptr;
}
PJRT_Error* clientDestroy(PJRT_Client_Destroy_Args*) {
  return nullptr;
}
PJRT_Error* platformName(PJRT_Client_PlatformName_Args* a) {
  a->platform_name = "fake";
  a->platform_name_size = 4;
  return nullptr;
}
PJRT_Error* addressableDevices(PJRT_Client_AddressableDevices_Args* a) {
  a->addressable_devices = theDevices;
  a->num_addressable_devices = 1;
  return nullptr;
}
PJRT_Error* compile(PJRT_Client_Compile_Args* a) {
  if (mode() == "compile")
    return fail("<program>:3:5: error: 'stablehlo.frobnicate' op is not supported by the fake "
                "compiler");
  if (mode() == "options")
    return fail(hlotrain::fake_pjrt::optionsMessage({a->compile_options, a->compile_options_size}));
  const std::string text(a->program->code, a->program->code_size);
  hlotrain::ir::Module m = hlotrain::mlir::parse(text, "<program>");
  a->executable = new PJRT_LoadedExecutable{{m.lookup("main")->resultTypes.size()}};
  return nullptr;
}
PJRT_Error* loadedDestroy(PJRT_LoadedExecutable_Destroy_Args* a) {
  delete a->executable;
  return nullptr;
}
PJRT_Error* getExecutable(PJRT_LoadedExecutable_GetExecutable_Args* a) {
  a->executable = &a->loaded_executable->executable;
  return nullptr;
}
PJRT_Error* executableDestroy(PJRT_Executable_Destroy_Args*) {
  return nullptr;
}
PJRT_Error* numOutputs(PJRT_Executable_NumOutputs_Args* a) {
  a->num_outputs = a->executable->outputs;
  return nullptr;
}
PJRT_Error* fromHost(PJRT_Client_BufferFromHostBuffer_Args* a) {
  a->buffer = new PJRT_Buffer{0};
  a->done_with_host_buffer = new PJRT_Event;
  return nullptr;
}
PJRT_Error* bufferDestroy(PJRT_Buffer_Destroy_Args* a) {
  delete a->buffer;
  return nullptr;
}
PJRT_Error* execute(PJRT_LoadedExecutable_Execute_Args*) {
  return fail("fake: the device fell over (execute always fails here)");
}
PJRT_Error* toHost(PJRT_Buffer_ToHostBuffer_Args* a) {
  std::memset(a->dst, 0, a->dst_size);
  a->event = new PJRT_Event;
  return nullptr;
}

PJRT_Api makeApi() {
  PJRT_Api api{};
  api.struct_size = PJRT_Api_STRUCT_SIZE;
  api.pjrt_api_version.struct_size = PJRT_Api_Version_STRUCT_SIZE;
  api.pjrt_api_version.major_version = PJRT_API_MAJOR;
  api.pjrt_api_version.minor_version = PJRT_API_MINOR;
  api.PJRT_Error_Destroy = errorDestroy;
  api.PJRT_Error_Message = errorMessage;
  api.PJRT_Error_GetCode = errorGetCode;
  api.PJRT_Event_Destroy = eventDestroy;
  api.PJRT_Event_Await = eventAwait;
  api.PJRT_Client_Create = clientCreate;
  api.PJRT_Client_Destroy = clientDestroy;
  api.PJRT_Client_PlatformName = platformName;
  api.PJRT_Client_AddressableDevices = addressableDevices;
  api.PJRT_Client_Compile = compile;
  api.PJRT_Client_BufferFromHostBuffer = fromHost;
  api.PJRT_LoadedExecutable_Destroy = loadedDestroy;
  api.PJRT_LoadedExecutable_GetExecutable = getExecutable;
  api.PJRT_LoadedExecutable_Execute = execute;
  api.PJRT_Executable_Destroy = executableDestroy;
  api.PJRT_Executable_NumOutputs = numOutputs;
  api.PJRT_Buffer_Destroy = bufferDestroy;
  api.PJRT_Buffer_ToHostBuffer = toHost;
  return api;
}

} // namespace

extern "C" __attribute__((visibility("default"))) const PJRT_Api* GetPjrtApi() {
  static PJRT_Api api = makeApi();
  api.pjrt_api_version.major_version = PJRT_API_MAJOR;
  api.pjrt_api_version.minor_version = PJRT_API_MINOR;
  if (mode() == "major") {
    api.pjrt_api_version.major_version = 1;
    api.pjrt_api_version.minor_version = 0;
  } else if (mode() == "old") {
    api.pjrt_api_version.minor_version = 30;
  }
  return &api;
}

// The plugin's one entry point: the PJRT_Api table. Slots left NULL are functions the plugin does
// not offer; a client checks for NULL before calling.

#include "pjrt_plugin/Buffers.h"
#include "pjrt_plugin/Client.h"
#include "pjrt_plugin/Errors.h"
#include "pjrt_plugin/Events.h"
#include "pjrt_plugin/Executables.h"
#include "pjrt_plugin/Stats.h"

namespace hlotrain::pjrt {
namespace {

PJRT_Api makeApi() {
  PJRT_Api api{};
  api.struct_size = PJRT_Api_STRUCT_SIZE;
  api.pjrt_api_version.struct_size = PJRT_Api_Version_STRUCT_SIZE;
  api.pjrt_api_version.major_version = PJRT_API_MAJOR;
  api.pjrt_api_version.minor_version = PJRT_API_MINOR;
  fillErrorSlots(api);
  fillEventSlots(api);
  fillClientSlots(api);
  fillBufferSlots(api);
  fillExecutableSlots(api);
  return api;
}

} // namespace
} // namespace hlotrain::pjrt

extern "C" HLOTRAIN_PJRT_EXPORT const PJRT_Api* GetPjrtApi(void) {
  static const PJRT_Api api = hlotrain::pjrt::makeApi();
  return &api;
}

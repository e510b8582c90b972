#pragma once
// The client and its devices. hlotrain's plugin is single-process; its devices are the host's
// memory, each running the replica a program gives it on a thread of its own over the cpu lowerer
// (Executables.h), so that data-parallel programs (replicas with all_reduce) run and are tested
// without accelerators. One device unless HLOTRAIN_PJRT_DEVICES or the create option
// cpu_device_count (XLA CPU's) asks for more. Buffers and executables point at their client:
// destroy them before it (as with XLA).

#include <memory>
#include <string>
#include <vector>

#include "lower/xla/PjrtCApi.h"

struct PJRT_DeviceDescription {
  int id = 0; // also the device's local hardware id and its index in the client's list
  std::string debugString, toString;
};

struct PJRT_Device {
  PJRT_DeviceDescription description;
};

struct PJRT_Client {
  std::vector<std::unique_ptr<PJRT_Device>> owned;
  std::vector<PJRT_Device*> devices; // by id

  explicit PJRT_Client(int count);
  PJRT_Client(const PJRT_Client&) = delete;
  PJRT_Client& operator=(const PJRT_Client&) = delete;
};

namespace hlotrain::pjrt {

// The most devices a client makes: threads, not hardware, so the bound only catches typos.
constexpr int kMaxDevices = 64;

// `device` when it is the client's, the client's first device when it is NULL; else throws
// Failure(INVALID_ARGUMENT) naming `what`.
PJRT_Device& deviceOf(PJRT_Client& client, PJRT_Device* device, const char* what);
// The device of `id`, or Failure(INVALID_ARGUMENT) naming `what` and the ids there are.
PJRT_Device& deviceWithId(PJRT_Client& client, int64_t id, const char* what);

// Registers Plugin_*, DeviceDescription_*, Device_* and the Client_* entries other than Compile
// (Executables.h) and BufferFromHostBuffer (Buffers.h).
void fillClientSlots(PJRT_Api& api);

} // namespace hlotrain::pjrt

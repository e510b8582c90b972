#pragma once
// The client and its one device. hlotrain's plugin is single-process and single-device: the cpu
// lowerer spreads one program over the host's threads, so there is nothing to partition over.
// Buffers and executables point at their client: destroy them before it (as with XLA).

#include "lower/xla/PjrtCApi.h"

struct PJRT_DeviceDescription {};

struct PJRT_Device {
  PJRT_DeviceDescription description;
};

struct PJRT_Client {
  PJRT_Device device;
  PJRT_Device* const devices[1] = {&device};

  PJRT_Client() = default;
  PJRT_Client(const PJRT_Client&) = delete;
  PJRT_Client& operator=(const PJRT_Client&) = delete;
};

namespace hlotrain::pjrt {

// `device` when it is the client's, the client's device when it is NULL; else throws
// Failure(INVALID_ARGUMENT) naming `what`.
PJRT_Device& deviceOf(PJRT_Client& client, PJRT_Device* device, const char* what);

// Registers Plugin_*, DeviceDescription_*, Device_* and the Client_* entries other than Compile
// (Executables.h) and BufferFromHostBuffer (Buffers.h).
void fillClientSlots(PJRT_Api& api);

} // namespace hlotrain::pjrt

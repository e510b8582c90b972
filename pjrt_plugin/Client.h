#pragma once
// The client and its devices. hlotrain's plugin is single-process; its devices are the host's
// memory, each running the replica a program gives it on a thread of its own over the cpu lowerer
// (Executables.h), so that data-parallel programs (replicas with all_reduce) run and are tested
// without accelerators. One device unless HLOTRAIN_PJRT_DEVICES or the create option
// cpu_device_count (XLA CPU's) asks for more. Buffers and executables point at their client:
// destroy them before it (as with XLA).

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "lower/xla/PjrtCApi.h"

struct PJRT_DeviceDescription {
  int id = 0;      // the device's index in the client's list of every process's devices
  int process = 0; // the node whose device it is
  int localId = 0; // its local hardware id, the index among its process's devices
  bool addressable = true;
  std::string debugString, toString;
};

struct PJRT_Device {
  PJRT_DeviceDescription description;
};

namespace hlotrain::pjrt {
class Store;
}

struct PJRT_Client {
  std::vector<std::unique_ptr<PJRT_Device>> owned;
  std::vector<PJRT_Device*> devices;     // every process's, by id
  std::vector<PJRT_Device*> addressable; // this process's, by id
  int64_t node = 0, nodes = 1;
  // With several nodes: the key-value store, and how many programs this node has compiled (the
  // nodes compile the same programs in one order, which names them alike in every node).
  std::unique_ptr<hlotrain::pjrt::Store> store;
  int64_t compiled = 0;
  // Guards the storage of the client's buffers and its executables' plans (Buffers.h): one
  // client's runs wait for one another, another client's (another node of a run, in tests) not.
  std::mutex storage;

  // `counts[n]` devices on node n, this one `node`.
  PJRT_Client(const std::vector<int>& counts, int64_t node);
  ~PJRT_Client();
  PJRT_Client(const PJRT_Client&) = delete;
  PJRT_Client& operator=(const PJRT_Client&) = delete;
};

namespace hlotrain::pjrt {

// The most devices a client makes: threads, not hardware, so the bound only catches typos.
constexpr int kMaxDevices = 64;

// `device` when it is one of the client's addressable devices, its first when it is NULL; else
// throws Failure(INVALID_ARGUMENT) naming `what`.
PJRT_Device& deviceOf(PJRT_Client& client, PJRT_Device* device, const char* what);
// The device of `id`, or Failure(INVALID_ARGUMENT) naming `what` and the ids there are.
PJRT_Device& deviceWithId(PJRT_Client& client, int64_t id, const char* what);
// This process's device of local hardware id `id`, or Failure(INVALID_ARGUMENT).
PJRT_Device& addressableWithLocalId(PJRT_Client& client, int64_t id);

// Registers Plugin_*, DeviceDescription_*, Device_* and the Client_* entries other than Compile
// (Executables.h) and BufferFromHostBuffer (Buffers.h).
void fillClientSlots(PJRT_Api& api);

} // namespace hlotrain::pjrt

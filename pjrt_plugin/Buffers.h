#pragma once
// Device buffers. The "device" is host memory, so a buffer's storage is an ir::Tensor; its type
// is kept apart from the storage because a deleted or donated buffer still reports its shape.

#include <memory>
#include <mutex>
#include <string>

#include "ir/Tensor.h"
#include "lower/xla/PjrtCApi.h"

struct PJRT_Buffer {
  PJRT_Client* client = nullptr;
  PJRT_Device* device = nullptr; // the device whose replica may read it
  hlotrain::ir::TensorType type;
  PJRT_Buffer_Type pjrtType = PJRT_Buffer_Type_INVALID;
  // Empty once deleted or donated; guarded by storageMutex(*client).
  hlotrain::ir::Tensor storage;
  bool deleted = false;
};

namespace hlotrain::pjrt {

// Guards every buffer's storage and deleted flag. Execute lends its non-donated inputs' storage
// to the run (moved out and back, never copied), so whatever reads storage waits for the run.
std::mutex& storageMutex(PJRT_Client& client);

struct DestroyBuffer {
  void operator()(PJRT_Buffer* buffer) const;
};
using OwnedBuffer = std::unique_ptr<PJRT_Buffer, DestroyBuffer>;

// A live buffer of `client` on `device` holding `storage`; counted in buffers_alive until
// destroyed.
OwnedBuffer newBuffer(PJRT_Client& client, PJRT_Device& device, ir::Tensor storage);

// Throws Failure(INVALID_ARGUMENT) "<where>: buffer was donated or deleted" unless the buffer is
// live. Call with storageMutex(*buffer.client) held.
void requireLive(const PJRT_Buffer& buffer, const std::string& where);

// Registers Client_BufferFromHostBuffer and the Buffer_* entries.
void fillBufferSlots(PJRT_Api& api);

} // namespace hlotrain::pjrt

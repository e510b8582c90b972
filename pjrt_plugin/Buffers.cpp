#include "pjrt_plugin/Buffers.h"

#include <cstring>
#include <string>
#include <vector>

#include "lower/xla/BufferType.h"
#include "pjrt_plugin/Client.h"
#include "pjrt_plugin/Counters.h"
#include "pjrt_plugin/ElementTypes.h"
#include "pjrt_plugin/Errors.h"
#include "pjrt_plugin/Events.h"

namespace hlotrain::pjrt {
namespace {

constexpr const char* kDeadBuffer = "buffer was donated or deleted";

ir::Shape readShape(const int64_t* dims, size_t numDims, size_t elementBytes) {
  if (numDims && !dims) throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "`dims` is NULL");
  ir::Shape shape(dims, dims + numDims);
  // Bounds the byte size, so that ir::Tensor's element count cannot overflow.
  int64_t bytes = static_cast<int64_t>(elementBytes);
  for (int64_t d : shape) {
    if (d < 0)
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "negative dimension in `dims` " + ir::toString(shape));
    if (d && __builtin_mul_overflow(bytes, d, &bytes))
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "`dims` " + ir::toString(shape) + " overflow the addressable bytes");
  }
  return shape;
}

// Only dense row-major host data is read; a stride of a dimension of extent 1 is never used,
// so any value is dense there.
void requireDense(const ir::TensorType& type, const int64_t* byteStrides, size_t numStrides) {
  if (numStrides == 0) return;
  if (numStrides != type.shape.size())
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "`num_byte_strides` is " + std::to_string(numStrides) + " for " +
                      std::to_string(type.shape.size()) + " dimensions");
  if (!byteStrides) throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "`byte_strides` is NULL");
  if (type.numElements() == 0) return;
  const ir::Shape given(byteStrides, byteStrides + numStrides);
  ir::Shape dense(numStrides);
  int64_t stride = static_cast<int64_t>(ir::byteWidth(type.elementType));
  for (size_t d = numStrides; d-- > 0;) {
    dense[d] = stride;
    stride *= type.shape[d];
  }
  for (size_t d = 0; d < numStrides; ++d)
    if (type.shape[d] != 1 && given[d] != dense[d])
      throw Failure(PJRT_Error_Code_UNIMPLEMENTED,
                    "only dense row-major host data is supported: `byte_strides` " +
                        ir::toString(given) + " where dense is " + ir::toString(dense));
}

// Every host_buffer_semantics is served by a copy, so `done_with_host_buffer` is ready at once. A
// zero-copy buffer would alias the caller's memory, and a donating run writes its results into
// its inputs' storage.
PJRT_Error* clientBufferFromHostBuffer(PJRT_Client_BufferFromHostBuffer_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_BufferFromHostBuffer_Args, args);
    PJRT_Client& client = deref(args->client, "client");
    PJRT_Device& device = deviceOf(client, args->device, "device");
    if (args->memory)
      throw Failure(PJRT_Error_Code_UNIMPLEMENTED,
                    "memory spaces are not supported: pass `memory` = NULL");
    if (args->device_layout)
      throw Failure(PJRT_Error_Code_UNIMPLEMENTED,
                    "`device_layout` is not supported: pass NULL for dense row-major");
    const ir::ElementType elementType = fromPjrt(args->type);
    const ir::TensorType type{elementType,
                              readShape(args->dims, args->num_dims, ir::byteWidth(elementType))};
    requireDense(type, args->byte_strides, args->num_byte_strides);

    const size_t bytes = type.byteSize();
    if (bytes && !args->data) throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "`data` is NULL");
    const auto* data = static_cast<const uint8_t*>(args->data);
    std::vector<uint8_t> copy(data, data + bytes);
    // A C++ bool must hold 0 or 1, and callers may send any non-zero byte for true.
    if (ir::isBool(elementType))
      for (uint8_t& byte : copy) byte = byte != 0;
    ir::Tensor storage(type, std::move(copy));
    std::unique_ptr<PJRT_Event> done(newReadyEvent());
    args->buffer = newBuffer(client, device, std::move(storage)).release();
    args->done_with_host_buffer = done.release();
    counters().uploads++;
    counters().uploadBytes += bytes;
  });
}

PJRT_Error* bufferDestroy(PJRT_Buffer_Destroy_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Buffer_Destroy_Args, args);
    OwnedBuffer(args->buffer).reset();
  });
}

PJRT_Error* bufferElementType(PJRT_Buffer_ElementType_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Buffer_ElementType_Args, args);
    args->type = deref(args->buffer, "buffer").pjrtType;
  });
}

PJRT_Error* bufferDimensions(PJRT_Buffer_Dimensions_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Buffer_Dimensions_Args, args);
    const ir::Shape& shape = deref(args->buffer, "buffer").type.shape;
    args->dims = shape.data();
    args->num_dims = shape.size();
  });
}

// Shapes are static, so nothing is padded.
PJRT_Error* bufferUnpaddedDimensions(PJRT_Buffer_UnpaddedDimensions_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Buffer_UnpaddedDimensions_Args, args);
    const ir::Shape& shape = deref(args->buffer, "buffer").type.shape;
    args->unpadded_dims = shape.data();
    args->num_dims = shape.size();
  });
}

PJRT_Error* bufferOnDeviceSizeInBytes(PJRT_Buffer_OnDeviceSizeInBytes_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Buffer_OnDeviceSizeInBytes_Args, args);
    args->on_device_size_in_bytes = deref(args->buffer, "buffer").type.byteSize();
  });
}

PJRT_Error* bufferDevice(PJRT_Buffer_Device_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Buffer_Device_Args, args);
    args->device = deref(args->buffer, "buffer").device;
  });
}

PJRT_Error* bufferDelete(PJRT_Buffer_Delete_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Buffer_Delete_Args, args);
    PJRT_Buffer& buffer = deref(args->buffer, "buffer");
    std::lock_guard lock(storageMutex(*buffer.client));
    buffer.storage = ir::Tensor();
    buffer.deleted = true;
  });
}

PJRT_Error* bufferIsDeleted(PJRT_Buffer_IsDeleted_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Buffer_IsDeleted_Args, args);
    PJRT_Buffer& buffer = deref(args->buffer, "buffer");
    std::lock_guard lock(storageMutex(*buffer.client));
    args->is_deleted = buffer.deleted;
  });
}

PJRT_Error* bufferIsOnCpu(PJRT_Buffer_IsOnCpu_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Buffer_IsOnCpu_Args, args);
    deref(args->buffer, "buffer");
    args->is_on_cpu = true;
  });
}

PJRT_Error* bufferReadyEvent(PJRT_Buffer_ReadyEvent_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Buffer_ReadyEvent_Args, args);
    PJRT_Buffer& buffer = deref(args->buffer, "buffer");
    std::lock_guard lock(storageMutex(*buffer.client));
    args->event = buffer.deleted ? newFailedEvent({PJRT_Error_Code_INVALID_ARGUMENT, kDeadBuffer})
                                 : newReadyEvent();
  });
}

PJRT_Error* bufferToHostBuffer(PJRT_Buffer_ToHostBuffer_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Buffer_ToHostBuffer_Args, args);
    PJRT_Buffer& buffer = deref(args->src, "src");
    if (args->host_layout)
      throw Failure(PJRT_Error_Code_UNIMPLEMENTED,
                    "`host_layout` is not supported: pass NULL for the buffer's dense row-major "
                    "layout");
    const size_t bytes = buffer.type.byteSize();
    args->event = nullptr;
    if (!args->dst) {
      args->dst_size = bytes;
      return;
    }
    if (args->dst_size < bytes)
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "`dst_size` must be >= " + std::to_string(bytes) + ", got " +
                        std::to_string(args->dst_size));
    std::unique_ptr<PJRT_Event> done(newReadyEvent());
    {
      std::lock_guard lock(storageMutex(*buffer.client));
      requireLive(buffer, "PJRT_Buffer_ToHostBuffer");
      if (bytes) std::memcpy(args->dst, buffer.storage.bytes(), bytes);
    }
    args->event = done.release();
    counters().downloads++;
    counters().downloadBytes += bytes;
  });
}

} // namespace

std::mutex& storageMutex(PJRT_Client& client) {
  return client.storage;
}

void DestroyBuffer::operator()(PJRT_Buffer* buffer) const {
  if (!buffer) return;
  {
    // Waits for a run that has the buffer's storage on loan.
    std::lock_guard lock(storageMutex(*buffer->client));
    delete buffer;
  }
  counters().buffersAlive--;
}

OwnedBuffer newBuffer(PJRT_Client& client, PJRT_Device& device, ir::Tensor storage) {
  OwnedBuffer buffer(new PJRT_Buffer);
  counters().buffersAlive++;
  buffer->client = &client;
  buffer->device = &device;
  buffer->type = storage.type();
  buffer->pjrtType = xla::pjrtType(storage.elementType());
  buffer->storage = std::move(storage);
  return buffer;
}

void requireLive(const PJRT_Buffer& buffer, const std::string& where) {
  if (buffer.deleted) throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, where + ": " + kDeadBuffer);
}

void fillBufferSlots(PJRT_Api& api) {
  api.PJRT_Client_BufferFromHostBuffer = clientBufferFromHostBuffer;
  api.PJRT_Buffer_Destroy = bufferDestroy;
  api.PJRT_Buffer_ElementType = bufferElementType;
  api.PJRT_Buffer_Dimensions = bufferDimensions;
  api.PJRT_Buffer_UnpaddedDimensions = bufferUnpaddedDimensions;
  api.PJRT_Buffer_OnDeviceSizeInBytes = bufferOnDeviceSizeInBytes;
  api.PJRT_Buffer_Device = bufferDevice;
  api.PJRT_Buffer_Delete = bufferDelete;
  api.PJRT_Buffer_IsDeleted = bufferIsDeleted;
  api.PJRT_Buffer_ToHostBuffer = bufferToHostBuffer;
  api.PJRT_Buffer_IsOnCpu = bufferIsOnCpu;
  api.PJRT_Buffer_ReadyEvent = bufferReadyEvent;
}

} // namespace hlotrain::pjrt

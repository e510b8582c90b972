#pragma once
// Our own declarations of the PJRT C API at version 0.113, the ABI between a PJRT client and a
// plugin (`GetPjrtApi`). Type, field, enumerator and constant names are the official ones of
// `xla/pjrt/c/pjrt_c_api.h` as read at zml/xla 569845078f053a43af6b1519eacbcf95a032919e (its
// PJRT_API_MINOR is 113), and every layout is that header's, so code written against one
// compiles against the other and both sides of the ABI agree byte for byte.
//
// What is declared: every struct, enum and function type that hlotrain's client
// (lower/xla) and plugin (pjrt_plugin) use, and the whole PJRT_Api table. Table slots
// whose functions we do not declare have the untyped `PJRT_UndeclaredFn` so that every later
// slot keeps its offset; a client must still check a slot for NULL (and `struct_size` for
// presence) before calling it.
//
// Conventions of the API (LOWERERS.md §1): every args struct starts with `struct_size` (set it to
// the `*_STRUCT_SIZE` below) and `extension_start` (NULL); functions return a PJRT_Error* that is
// NULL on success and must be freed with PJRT_Error_Destroy; every Destroy accepts NULL.

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

// `X_STRUCT_SIZE` is the offset of X's last field plus its size: no trailing padding, exactly as
// the official header defines it (a plugin compares it against the caller's `struct_size`). In
// C++ the struct's size is checked against it, which catches a wrong `last`.
#define HLOTRAIN_PJRT_SIZE_OF(name, last) (offsetof(name, last) + sizeof(((name*)0)->last))
#ifdef __cplusplus
#define HLOTRAIN_PJRT_STRUCT(name, last)                                                           \
  typedef struct name name;                                                                        \
  enum { name##_STRUCT_SIZE = HLOTRAIN_PJRT_SIZE_OF(name, last) };                                 \
  static_assert(sizeof(name) == (HLOTRAIN_PJRT_SIZE_OF(name, last) + alignof(name) - 1) /          \
                                    alignof(name) * alignof(name),                                 \
                #name ": `" #last "` is not its last field")
#else
#define HLOTRAIN_PJRT_STRUCT(name, last)                                                           \
  typedef struct name name;                                                                        \
  enum { name##_STRUCT_SIZE = HLOTRAIN_PJRT_SIZE_OF(name, last) }
#endif

#ifdef __cplusplus
extern "C" {
#endif

// ---------------------------------------------------------------- extensions and versions

typedef enum {
  PJRT_Extension_Type_Gpu_Custom_Call = 0,
  PJRT_Extension_Type_Profiler,
  PJRT_Extension_Type_Custom_Partitioner,
  PJRT_Extension_Type_Stream,
  PJRT_Extension_Type_Layouts,
  PJRT_Extension_Type_FFI,
  PJRT_Extension_Type_MemoryDescriptions,
  PJRT_Extension_Type_Triton,
  PJRT_Extension_Type_RawBuffer,
  PJRT_Extension_Type_PhaseCompile,
  PJRT_Extension_Type_Example,
  PJRT_Extension_Type_Unknown,
  PJRT_Extension_Type_CrossHostTransfers,
  PJRT_Extension_Type_ExecutableMetadata,
  PJRT_Extension_Type_Callback,
  PJRT_Extension_Type_HostAllocator,
  PJRT_Extension_Type_TpuTopology,
  PJRT_Extension_Type_TpuExecutable,
  PJRT_Extension_Type_Megascale,
  PJRT_Extension_Type_Shardings,
  PJRT_Extension_Type_AbiVersion,
  PJRT_Extension_Type_Collectives,
  PJRT_Extension_Type_MultiSlice,
  PJRT_Extension_Type_HostMemoryAllocator,
  PJRT_Extension_Type_XlaTransform,
  PJRT_Extension_Type_ExecuteChain,
} PJRT_Extension_Type;

// A chain of optional extensions; hlotrain neither reads nor offers any.
struct PJRT_Extension_Base {
  size_t struct_size;
  PJRT_Extension_Type type;
  struct PJRT_Extension_Base* next;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Extension_Base, next);

// The major number moves on ABI breaks, the minor one on additions appended to structs and to
// PJRT_Api. A plugin reports the numbers of the header it was built with.
#define PJRT_API_MAJOR 0
#define PJRT_API_MINOR 113

struct PJRT_Api_Version {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  int major_version; // out
  int minor_version; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Api_Version, minor_version);

// ---------------------------------------------------------------- errors

// Status codes are absl's.
typedef enum {
  PJRT_Error_Code_OK = 0,
  PJRT_Error_Code_CANCELLED = 1,
  PJRT_Error_Code_UNKNOWN = 2,
  PJRT_Error_Code_INVALID_ARGUMENT = 3,
  PJRT_Error_Code_DEADLINE_EXCEEDED = 4,
  PJRT_Error_Code_NOT_FOUND = 5,
  PJRT_Error_Code_ALREADY_EXISTS = 6,
  PJRT_Error_Code_PERMISSION_DENIED = 7,
  PJRT_Error_Code_RESOURCE_EXHAUSTED = 8,
  PJRT_Error_Code_FAILED_PRECONDITION = 9,
  PJRT_Error_Code_ABORTED = 10,
  PJRT_Error_Code_OUT_OF_RANGE = 11,
  PJRT_Error_Code_UNIMPLEMENTED = 12,
  PJRT_Error_Code_INTERNAL = 13,
  PJRT_Error_Code_UNAVAILABLE = 14,
  PJRT_Error_Code_DATA_LOSS = 15,
  PJRT_Error_Code_UNAUTHENTICATED = 16
} PJRT_Error_Code;

typedef struct PJRT_Error PJRT_Error;

typedef void (*PJRT_Error_PayloadVisitor)(const char* key, size_t key_size, const char* value,
                                          size_t value_size, void* user_arg);

// At minor 113 an error is not opaque: it starts with this table, so it can be read without
// PJRT_Api. The PJRT_Error_* functions remain the usual way.
struct PJRT_Error_FunctionTable {
  size_t struct_size;
  size_t instance_size;
  PJRT_Extension_Base* extension_start;
  void (*destroy)(PJRT_Error* error);
  void (*message)(const PJRT_Error* error, const char** message, size_t* message_size);
  PJRT_Error_Code (*get_code)(const PJRT_Error* error);
  void (*for_each_payload)(const PJRT_Error* error, PJRT_Error_PayloadVisitor visitor,
                           void* user_arg);
};
HLOTRAIN_PJRT_STRUCT(PJRT_Error_FunctionTable, for_each_payload);

struct PJRT_Error {
  const struct PJRT_Error_FunctionTable* vtable;
};
enum { PJRT_Error_STRUCT_SIZE = HLOTRAIN_PJRT_SIZE_OF(PJRT_Error, vtable) };

struct PJRT_Error_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Error* error;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Error_Destroy_Args, error);
typedef void PJRT_Error_Destroy(PJRT_Error_Destroy_Args* args);

struct PJRT_Error_Message_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const PJRT_Error* error;
  const char* message; // out, lives as long as `error`
  size_t message_size; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Error_Message_Args, message_size);
typedef void PJRT_Error_Message(PJRT_Error_Message_Args* args);

struct PJRT_Error_GetCode_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const PJRT_Error* error;
  PJRT_Error_Code code; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Error_GetCode_Args, code);
typedef PJRT_Error* PJRT_Error_GetCode(PJRT_Error_GetCode_Args* args);

// Given by a plugin to the caller's callbacks so that they can return an error; `message` is
// copied.
typedef PJRT_Error* (*PJRT_CallbackError)(PJRT_Error_Code code, const char* message,
                                          size_t message_size);

// ---------------------------------------------------------------- named values

typedef enum {
  PJRT_NamedValue_kString = 0,
  PJRT_NamedValue_kInt64,
  PJRT_NamedValue_kInt64List,
  PJRT_NamedValue_kFloat,
  PJRT_NamedValue_kBool,
} PJRT_NamedValue_Type;

struct PJRT_NamedValue {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const char* name;
  size_t name_size;
  PJRT_NamedValue_Type type;
  union {
    const char* string_value;
    int64_t int64_value;
    const int64_t* int64_array_value;
    float float_value;
    bool bool_value;
  };
  size_t value_size; // elements of a string or list; 1 for a scalar
};
HLOTRAIN_PJRT_STRUCT(PJRT_NamedValue, value_size);

// ---------------------------------------------------------------- plugin

struct PJRT_Plugin_Initialize_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Plugin_Initialize_Args, extension_start);
// Called once, before any other function.
typedef PJRT_Error* PJRT_Plugin_Initialize(PJRT_Plugin_Initialize_Args* args);

struct PJRT_Plugin_Attributes_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const PJRT_NamedValue* attributes; // out, lives as long as the process
  size_t num_attributes;             // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Plugin_Attributes_Args, num_attributes);
// Common keys: `xla_version`, `stablehlo_current_version`, `stablehlo_minimum_version`.
typedef PJRT_Error* PJRT_Plugin_Attributes(PJRT_Plugin_Attributes_Args* args);

// ---------------------------------------------------------------- events

// Completion of asynchronous work, with its error status. The caller destroys every event it is
// handed.
typedef struct PJRT_Event PJRT_Event;

struct PJRT_Event_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Event* event;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Event_Destroy_Args, event);
typedef PJRT_Error* PJRT_Event_Destroy(PJRT_Event_Destroy_Args* args);

struct PJRT_Event_IsReady_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Event* event;
  bool is_ready; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Event_IsReady_Args, is_ready);
typedef PJRT_Error* PJRT_Event_IsReady(PJRT_Event_IsReady_Args* args);

struct PJRT_Event_Error_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Event* event;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Event_Error_Args, event);
// Only for a ready event: its error (a new PJRT_Error per call), or NULL.
typedef PJRT_Error* PJRT_Event_Error(PJRT_Event_Error_Args* args);

struct PJRT_Event_Await_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Event* event;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Event_Await_Args, event);
// Blocks until the event is ready; returns its error, or NULL.
typedef PJRT_Error* PJRT_Event_Await(PJRT_Event_Await_Args* args);

// Receives ownership of `error` (NULL on success).
typedef void (*PJRT_Event_OnReadyCallback)(PJRT_Error* error, void* user_arg);

struct PJRT_Event_OnReady_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Event* event;
  PJRT_Event_OnReadyCallback callback;
  void* user_arg;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Event_OnReady_Args, user_arg);
typedef PJRT_Error* PJRT_Event_OnReady(PJRT_Event_OnReady_Args* args);

// ---------------------------------------------------------------- client

typedef struct PJRT_Client PJRT_Client;
typedef struct PJRT_Device PJRT_Device;
typedef struct PJRT_DeviceDescription PJRT_DeviceDescription;
typedef struct PJRT_Executable PJRT_Executable;
typedef struct PJRT_LoadedExecutable PJRT_LoadedExecutable;
typedef struct PJRT_Buffer PJRT_Buffer;
typedef struct PJRT_Memory PJRT_Memory;

// Memory spaces are not opaque either: a memory starts with this table.
struct PJRT_Memory_FunctionTable {
  size_t struct_size;
  struct PJRT_Extension_Base* extension_start;
  size_t instance_struct_size;
  void* (*get_user_data)(struct PJRT_Memory* memory, const void* key);
  void (*set_user_data)(struct PJRT_Memory* memory, const void* key, void* data,
                        void (*dtor)(void*));
};
HLOTRAIN_PJRT_STRUCT(PJRT_Memory_FunctionTable, set_user_data);

struct PJRT_Memory {
  const struct PJRT_Memory_FunctionTable* vtable;
};
enum { PJRT_Memory_STRUCT_SIZE = HLOTRAIN_PJRT_SIZE_OF(PJRT_Memory, vtable) };

// The optional key-value store of multi-process clients (kv_* in PJRT_Client_Create_Args).
typedef void (*PJRT_KeyValueGetCallback_ValueDeleter)(char* value);

struct PJRT_KeyValueGetCallback_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const char* key;
  size_t key_size;
  int timeout_in_ms;
  PJRT_CallbackError* callback_error;
  void* user_arg;
  char* value;                                                  // out
  size_t value_size;                                            // out
  PJRT_KeyValueGetCallback_ValueDeleter value_deleter_callback; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_KeyValueGetCallback_Args, value_deleter_callback);
typedef PJRT_Error* (*PJRT_KeyValueGetCallback)(PJRT_KeyValueGetCallback_Args* args);

typedef void (*PJRT_KeyValueTryGetCallback_ValueDeleter)(char* value);

struct PJRT_KeyValueTryGetCallback_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const char* key;
  size_t key_size;
  PJRT_CallbackError* callback_error;
  void* user_arg;
  char* value;                                                     // out
  size_t value_size;                                               // out
  PJRT_KeyValueTryGetCallback_ValueDeleter value_deleter_callback; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_KeyValueTryGetCallback_Args, value_deleter_callback);
typedef PJRT_Error* (*PJRT_KeyValueTryGetCallback)(PJRT_KeyValueTryGetCallback_Args* args);

struct PJRT_KeyValuePutCallback_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const char* key;
  size_t key_size;
  const char* value;
  size_t value_size;
  PJRT_CallbackError* callback_error;
  void* user_arg;
};
HLOTRAIN_PJRT_STRUCT(PJRT_KeyValuePutCallback_Args, user_arg);
typedef PJRT_Error* (*PJRT_KeyValuePutCallback)(PJRT_KeyValuePutCallback_Args* args);

struct PJRT_Client_Create_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const PJRT_NamedValue* create_options; // platform-specific, e.g. CPU's `cpu_device_count`
  size_t num_options;
  PJRT_KeyValueGetCallback kv_get_callback; // may be NULL, like the other kv_* fields
  void* kv_get_user_arg;
  PJRT_KeyValuePutCallback kv_put_callback;
  void* kv_put_user_arg;
  PJRT_Client* client; // out
  PJRT_KeyValueTryGetCallback kv_try_get_callback;
  void* kv_try_get_user_arg;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Client_Create_Args, kv_try_get_user_arg);
typedef PJRT_Error* PJRT_Client_Create(PJRT_Client_Create_Args* args);

struct PJRT_Client_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Client_Destroy_Args, client);
typedef PJRT_Error* PJRT_Client_Destroy(PJRT_Client_Destroy_Args* args);

struct PJRT_Client_PlatformName_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  const char* platform_name; // out, owned by the client: "cpu", "cuda", ...
  size_t platform_name_size; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Client_PlatformName_Args, platform_name_size);
typedef PJRT_Error* PJRT_Client_PlatformName(PJRT_Client_PlatformName_Args* args);

struct PJRT_Client_ProcessIndex_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  int process_index; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Client_ProcessIndex_Args, process_index);
typedef PJRT_Error* PJRT_Client_ProcessIndex(PJRT_Client_ProcessIndex_Args* args);

struct PJRT_Client_PlatformVersion_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  const char* platform_version; // out, owned by the client
  size_t platform_version_size; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Client_PlatformVersion_Args, platform_version_size);
typedef PJRT_Error* PJRT_Client_PlatformVersion(PJRT_Client_PlatformVersion_Args* args);

struct PJRT_Client_Devices_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  PJRT_Device* const* devices; // out, owned by the client
  size_t num_devices;          // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Client_Devices_Args, num_devices);
typedef PJRT_Error* PJRT_Client_Devices(PJRT_Client_Devices_Args* args);

struct PJRT_Client_AddressableDevices_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  PJRT_Device* const* addressable_devices; // out, owned by the client
  size_t num_addressable_devices;          // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Client_AddressableDevices_Args, num_addressable_devices);
typedef PJRT_Error* PJRT_Client_AddressableDevices(PJRT_Client_AddressableDevices_Args* args);

struct PJRT_Client_LookupDevice_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  int id;              // as PJRT_DeviceDescription_Id reports it
  PJRT_Device* device; // out, owned by the client
};
HLOTRAIN_PJRT_STRUCT(PJRT_Client_LookupDevice_Args, device);
typedef PJRT_Error* PJRT_Client_LookupDevice(PJRT_Client_LookupDevice_Args* args);

struct PJRT_Client_LookupAddressableDevice_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  int local_hardware_id;           // as PJRT_Device_LocalHardwareId reports it
  PJRT_Device* addressable_device; // out, owned by the client
};
HLOTRAIN_PJRT_STRUCT(PJRT_Client_LookupAddressableDevice_Args, addressable_device);
typedef PJRT_Error*
PJRT_Client_LookupAddressableDevice(PJRT_Client_LookupAddressableDevice_Args* args);

struct PJRT_Program {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  char* code; // owned by the caller
  size_t code_size;
  // "mlir" (MLIR text or bytecode), "hlo" (HloModuleProto) or "hlo_with_config".
  const char* format;
  size_t format_size;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Program, format_size);

struct PJRT_Client_Compile_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  const PJRT_Program* program; // needed only during the call
  const char* compile_options; // a serialized xla.CompileOptionsProto
  size_t compile_options_size;
  PJRT_LoadedExecutable* executable; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Client_Compile_Args, executable);
typedef PJRT_Error* PJRT_Client_Compile(PJRT_Client_Compile_Args* args);

struct PJRT_Client_DefaultDeviceAssignment_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  int num_replicas;
  int num_partitions;
  size_t default_assignment_size; // >= num_replicas * num_partitions
  int* default_assignment;        // caller's array; num_replicas * num_partitions ids written
};
HLOTRAIN_PJRT_STRUCT(PJRT_Client_DefaultDeviceAssignment_Args, default_assignment);
typedef PJRT_Error*
PJRT_Client_DefaultDeviceAssignment(PJRT_Client_DefaultDeviceAssignment_Args* args);

// ---------------------------------------------------------------- buffer types and layouts

typedef enum {
  PJRT_Buffer_Type_INVALID,
  PJRT_Buffer_Type_PRED, // one byte per element
  PJRT_Buffer_Type_S8,
  PJRT_Buffer_Type_S16,
  PJRT_Buffer_Type_S32,
  PJRT_Buffer_Type_S64,
  PJRT_Buffer_Type_U8,
  PJRT_Buffer_Type_U16,
  PJRT_Buffer_Type_U32,
  PJRT_Buffer_Type_U64,
  PJRT_Buffer_Type_F16,
  PJRT_Buffer_Type_F32,
  PJRT_Buffer_Type_F64,
  PJRT_Buffer_Type_BF16,
  PJRT_Buffer_Type_C64,
  PJRT_Buffer_Type_C128,
  PJRT_Buffer_Type_F8E5M2,
  PJRT_Buffer_Type_F8E4M3FN,
  PJRT_Buffer_Type_F8E4M3B11FNUZ,
  PJRT_Buffer_Type_F8E5M2FNUZ,
  PJRT_Buffer_Type_F8E4M3FNUZ,
  PJRT_Buffer_Type_S4,
  PJRT_Buffer_Type_U4,
  PJRT_Buffer_Type_TOKEN,
  PJRT_Buffer_Type_S2,
  PJRT_Buffer_Type_U2,
  PJRT_Buffer_Type_F8E4M3,
  PJRT_Buffer_Type_F8E3M4,
  PJRT_Buffer_Type_F8E8M0FNU,
  PJRT_Buffer_Type_F4E2M1FN,
  PJRT_Buffer_Type_S1,
  PJRT_Buffer_Type_U1,
} PJRT_Buffer_Type;

typedef enum {
  // `data` may be freed or changed as soon as the call returns.
  PJRT_HostBufferSemantics_kImmutableOnlyDuringCall,
  // `data` must stay unchanged until `done_with_host_buffer` is ready.
  PJRT_HostBufferSemantics_kImmutableUntilTransferCompletes,
  // The buffer may alias `data` for its whole life, read only.
  PJRT_HostBufferSemantics_kImmutableZeroCopy,
  // The buffer may alias `data` and write to it (as 1 on platforms other than CPU).
  PJRT_HostBufferSemantics_kMutableZeroCopy,
} PJRT_HostBufferSemantics;

typedef enum {
  PJRT_Buffer_MemoryLayout_Type_Tiled = 0,
  PJRT_Buffer_MemoryLayout_Type_Strides,
} PJRT_Buffer_MemoryLayout_Type;

struct PJRT_Buffer_MemoryLayout_Tiled {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const int64_t* minor_to_major; // logical dimension numbers, most minor first
  size_t minor_to_major_size;
  const int64_t* tile_dims; // the tiles' dimensions, concatenated
  const size_t* tile_dim_sizes;
  size_t num_tiles;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_MemoryLayout_Tiled, num_tiles);

struct PJRT_Buffer_MemoryLayout_Strides {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const int64_t* byte_strides; // per dimension; may be negative
  size_t num_byte_strides;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_MemoryLayout_Strides, num_byte_strides);

struct PJRT_Buffer_MemoryLayout {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  union {
    PJRT_Buffer_MemoryLayout_Tiled tiled;
    PJRT_Buffer_MemoryLayout_Strides strides;
  };
  PJRT_Buffer_MemoryLayout_Type type;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_MemoryLayout, type);

struct PJRT_Client_BufferFromHostBuffer_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  const void* data;
  PJRT_Buffer_Type type;
  const int64_t* dims;
  size_t num_dims;
  // NULL/0, or one byte stride per dimension (may be negative); none means dense, dimensions in
  // major-to-minor order (row-major).
  const int64_t* byte_strides;
  size_t num_byte_strides;
  PJRT_HostBufferSemantics host_buffer_semantics;
  PJRT_Device* device;
  PJRT_Memory* memory;                     // NULL: the device's default memory
  PJRT_Buffer_MemoryLayout* device_layout; // NULL: dense major-to-minor
  PJRT_Event* done_with_host_buffer;       // out, the caller destroys it
  PJRT_Buffer* buffer;                     // out, the caller destroys it
};
HLOTRAIN_PJRT_STRUCT(PJRT_Client_BufferFromHostBuffer_Args, buffer);
typedef PJRT_Error* PJRT_Client_BufferFromHostBuffer(PJRT_Client_BufferFromHostBuffer_Args* args);

// ---------------------------------------------------------------- device descriptions

struct PJRT_DeviceDescription_Id_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_DeviceDescription* device_description;
  int id; // out, unique among the devices of the platform
};
HLOTRAIN_PJRT_STRUCT(PJRT_DeviceDescription_Id_Args, id);
typedef PJRT_Error* PJRT_DeviceDescription_Id(PJRT_DeviceDescription_Id_Args* args);

struct PJRT_DeviceDescription_ProcessIndex_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_DeviceDescription* device_description;
  int process_index; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_DeviceDescription_ProcessIndex_Args, process_index);
typedef PJRT_Error*
PJRT_DeviceDescription_ProcessIndex(PJRT_DeviceDescription_ProcessIndex_Args* args);

struct PJRT_DeviceDescription_Attributes_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_DeviceDescription* device_description;
  size_t num_attributes;             // out (note: before `attributes`, unlike Plugin_Attributes)
  const PJRT_NamedValue* attributes; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_DeviceDescription_Attributes_Args, attributes);
typedef PJRT_Error* PJRT_DeviceDescription_Attributes(PJRT_DeviceDescription_Attributes_Args* args);

struct PJRT_DeviceDescription_Kind_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_DeviceDescription* device_description;
  const char* device_kind; // out, lives as long as the device
  size_t device_kind_size; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_DeviceDescription_Kind_Args, device_kind_size);
typedef PJRT_Error* PJRT_DeviceDescription_Kind(PJRT_DeviceDescription_Kind_Args* args);

struct PJRT_DeviceDescription_DebugString_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_DeviceDescription* device_description;
  const char* debug_string; // out
  size_t debug_string_size; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_DeviceDescription_DebugString_Args, debug_string_size);
typedef PJRT_Error*
PJRT_DeviceDescription_DebugString(PJRT_DeviceDescription_DebugString_Args* args);

struct PJRT_DeviceDescription_ToString_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_DeviceDescription* device_description;
  const char* to_string; // out
  size_t to_string_size; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_DeviceDescription_ToString_Args, to_string_size);
typedef PJRT_Error* PJRT_DeviceDescription_ToString(PJRT_DeviceDescription_ToString_Args* args);

// ---------------------------------------------------------------- devices

struct PJRT_Device_GetDescription_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Device* device;
  PJRT_DeviceDescription* device_description; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Device_GetDescription_Args, device_description);
typedef PJRT_Error* PJRT_Device_GetDescription(PJRT_Device_GetDescription_Args* args);

struct PJRT_Device_IsAddressable_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Device* device;
  bool is_addressable; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Device_IsAddressable_Args, is_addressable);
typedef PJRT_Error* PJRT_Device_IsAddressable(PJRT_Device_IsAddressable_Args* args);

struct PJRT_Device_LocalHardwareId_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Device* device;
  int local_hardware_id; // out, -1 when undefined
};
HLOTRAIN_PJRT_STRUCT(PJRT_Device_LocalHardwareId_Args, local_hardware_id);
typedef PJRT_Error* PJRT_Device_LocalHardwareId(PJRT_Device_LocalHardwareId_Args* args);

// ---------------------------------------------------------------- executables

struct PJRT_Executable_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Executable_Destroy_Args, executable);
typedef PJRT_Error* PJRT_Executable_Destroy(PJRT_Executable_Destroy_Args* args);

struct PJRT_LoadedExecutable_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* executable;
};
HLOTRAIN_PJRT_STRUCT(PJRT_LoadedExecutable_Destroy_Args, executable);
typedef PJRT_Error* PJRT_LoadedExecutable_Destroy(PJRT_LoadedExecutable_Destroy_Args* args);

struct PJRT_LoadedExecutable_GetExecutable_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* loaded_executable;
  PJRT_Executable* executable; // out, free with PJRT_Executable_Destroy
};
HLOTRAIN_PJRT_STRUCT(PJRT_LoadedExecutable_GetExecutable_Args, executable);
typedef PJRT_Error*
PJRT_LoadedExecutable_GetExecutable(PJRT_LoadedExecutable_GetExecutable_Args* args);

struct PJRT_Executable_Name_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  const char* executable_name; // out, lives as long as the executable
  size_t executable_name_size; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Executable_Name_Args, executable_name_size);
typedef PJRT_Error* PJRT_Executable_Name(PJRT_Executable_Name_Args* args);

struct PJRT_Executable_NumReplicas_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  size_t num_replicas; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Executable_NumReplicas_Args, num_replicas);
typedef PJRT_Error* PJRT_Executable_NumReplicas(PJRT_Executable_NumReplicas_Args* args);

struct PJRT_Executable_NumPartitions_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  size_t num_partitions; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Executable_NumPartitions_Args, num_partitions);
typedef PJRT_Error* PJRT_Executable_NumPartitions(PJRT_Executable_NumPartitions_Args* args);

struct PJRT_LoadedExecutable_AddressableDevices_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* executable;
  PJRT_Device* const* addressable_devices; // out; the order of Execute's argument_lists
  size_t num_addressable_devices;          // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_LoadedExecutable_AddressableDevices_Args, num_addressable_devices);
typedef PJRT_Error*
PJRT_LoadedExecutable_AddressableDevices(PJRT_LoadedExecutable_AddressableDevices_Args* args);

struct PJRT_LoadedExecutable_Delete_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* executable;
};
HLOTRAIN_PJRT_STRUCT(PJRT_LoadedExecutable_Delete_Args, executable);
// Frees the runtime object but not the handle, which then only IsDeleted and Destroy accept.
typedef PJRT_Error* PJRT_LoadedExecutable_Delete(PJRT_LoadedExecutable_Delete_Args* args);

struct PJRT_LoadedExecutable_IsDeleted_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* executable;
  bool is_deleted; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_LoadedExecutable_IsDeleted_Args, is_deleted);
typedef PJRT_Error* PJRT_LoadedExecutable_IsDeleted(PJRT_LoadedExecutable_IsDeleted_Args* args);

// Host callbacks of send/recv ops and HLO output callbacks, referenced by PJRT_ExecuteOptions.
struct PJRT_Chunk {
  void* data;
  size_t size;
  void (*deleter)(void* data, void* deleter_arg);
  void* deleter_arg;
};
typedef struct PJRT_Chunk PJRT_Chunk;

typedef struct PJRT_CopyToDeviceStream PJRT_CopyToDeviceStream;

typedef PJRT_Error* (*PJRT_SendCallback)(PJRT_Chunk* chunk, PJRT_CallbackError* callback_error,
                                         size_t total_size_in_bytes, bool done, void* user_arg);
typedef void (*PJRT_RecvCallback)(PJRT_CopyToDeviceStream* stream, void* user_arg);

struct PJRT_SendCallbackInfo {
  int64_t channel_id;
  void* user_arg;
  PJRT_SendCallback send_callback;
};
HLOTRAIN_PJRT_STRUCT(PJRT_SendCallbackInfo, send_callback);

struct PJRT_RecvCallbackInfo {
  int64_t channel_id;
  void* user_arg;
  PJRT_RecvCallback recv_callback;
};
HLOTRAIN_PJRT_STRUCT(PJRT_RecvCallbackInfo, recv_callback);

typedef void (*PJRT_HloOutputCallback)(int64_t replica_id, int64_t partition_id, const void* data,
                                       const int64_t* shape_dims, size_t shape_num_dims,
                                       PJRT_Buffer_Type shape_element_type, int64_t operand_index,
                                       void* user_arg);

struct PJRT_HloOutputCallbackInfo {
  void* user_arg;
  PJRT_HloOutputCallback callback;
  int64_t callback_id;
  size_t num_operands;
};
HLOTRAIN_PJRT_STRUCT(PJRT_HloOutputCallbackInfo, num_operands);

typedef struct PJRT_ExecuteContext PJRT_ExecuteContext;
typedef struct PJRT_MultiSlice_Config PJRT_MultiSlice_Config;

struct PJRT_ExecuteOptions {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_SendCallbackInfo** send_callbacks; // [num_devices][num_send_ops]
  PJRT_RecvCallbackInfo** recv_callbacks; // [num_devices][num_recv_ops]
  size_t num_send_ops;
  size_t num_recv_ops;
  int launch_id; // non-zero: names one launch of a multi-device program
  // Inputs that must not be donated in this call (e.g. a buffer passed twice), although the
  // program declares them donated.
  const int64_t* non_donatable_input_indices;
  size_t num_non_donatable_input_indices;
  PJRT_ExecuteContext* context;
  const char* call_location; // NUL-terminated "file:line" of the caller, for diagnostics
  size_t num_tasks;          // task_ids[i] has incarnation incarnation_ids[i]
  int* task_ids;
  int64_t* incarnation_ids;
  PJRT_MultiSlice_Config* multi_slice_config;
  bool use_major_to_minor_data_layout_for_callbacks;
  PJRT_HloOutputCallbackInfo* hlo_output_callbacks;
  size_t num_hlo_output_callbacks;
};
HLOTRAIN_PJRT_STRUCT(PJRT_ExecuteOptions, num_hlo_output_callbacks);

struct PJRT_LoadedExecutable_Execute_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* executable;
  PJRT_ExecuteOptions* options; // needed only during the call
  // [num_devices][num_args], devices in the order of LoadedExecutable_AddressableDevices.
  PJRT_Buffer* const* const* argument_lists;
  size_t num_devices;
  size_t num_args;
  PJRT_Buffer** const* output_lists;   // caller-allocated [num_devices][num_outputs]; out
  PJRT_Event** device_complete_events; // NULL, or num_devices slots; out
  PJRT_Device* execute_device;         // NULL: the devices compiled for
};
HLOTRAIN_PJRT_STRUCT(PJRT_LoadedExecutable_Execute_Args, execute_device);
typedef PJRT_Error* PJRT_LoadedExecutable_Execute(PJRT_LoadedExecutable_Execute_Args* args);

struct PJRT_Executable_NumOutputs_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  size_t num_outputs; // out, per device
};
HLOTRAIN_PJRT_STRUCT(PJRT_Executable_NumOutputs_Args, num_outputs);
typedef PJRT_Error* PJRT_Executable_NumOutputs(PJRT_Executable_NumOutputs_Args* args);

struct PJRT_Executable_Fingerprint_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  const char* executable_fingerprint; // out, lives as long as the executable
  size_t executable_fingerprint_size; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Executable_Fingerprint_Args, executable_fingerprint_size);
typedef PJRT_Error* PJRT_Executable_Fingerprint(PJRT_Executable_Fingerprint_Args* args);

struct PJRT_Executable_OutputElementTypes_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  PJRT_Buffer_Type* output_types; // out
  size_t num_output_types;        // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Executable_OutputElementTypes_Args, num_output_types);
typedef PJRT_Error*
PJRT_Executable_OutputElementTypes(PJRT_Executable_OutputElementTypes_Args* args);

struct PJRT_Executable_OutputDimensions_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  size_t num_outputs;      // out
  const int64_t* dims;     // out: every output's dimensions, concatenated
  const size_t* dim_sizes; // out: each output's rank, num_outputs of them
};
HLOTRAIN_PJRT_STRUCT(PJRT_Executable_OutputDimensions_Args, dim_sizes);
typedef PJRT_Error* PJRT_Executable_OutputDimensions(PJRT_Executable_OutputDimensions_Args* args);

struct PJRT_LoadedExecutable_Fingerprint_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* executable;
  const char* executable_fingerprint; // out
  size_t executable_fingerprint_size; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_LoadedExecutable_Fingerprint_Args, executable_fingerprint_size);
// Deprecated in favour of PJRT_Executable_Fingerprint.
typedef PJRT_Error* PJRT_LoadedExecutable_Fingerprint(PJRT_LoadedExecutable_Fingerprint_Args* args);

// ---------------------------------------------------------------- buffers

struct PJRT_Buffer_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_Destroy_Args, buffer);
// Deletes the storage as PJRT_Buffer_Delete does, and frees the handle.
typedef PJRT_Error* PJRT_Buffer_Destroy(PJRT_Buffer_Destroy_Args* args);

struct PJRT_Buffer_ElementType_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  PJRT_Buffer_Type type; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_ElementType_Args, type);
typedef PJRT_Error* PJRT_Buffer_ElementType(PJRT_Buffer_ElementType_Args* args);

struct PJRT_Buffer_Dimensions_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  const int64_t* dims; // out, lives as long as the buffer
  size_t num_dims;     // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_Dimensions_Args, num_dims);
typedef PJRT_Error* PJRT_Buffer_Dimensions(PJRT_Buffer_Dimensions_Args* args);

struct PJRT_Buffer_UnpaddedDimensions_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  const int64_t* unpadded_dims; // out, lives as long as the buffer
  size_t num_dims;              // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_UnpaddedDimensions_Args, num_dims);
typedef PJRT_Error* PJRT_Buffer_UnpaddedDimensions(PJRT_Buffer_UnpaddedDimensions_Args* args);

struct PJRT_Buffer_ToHostBuffer_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* src;
  PJRT_Buffer_MemoryLayout* host_layout; // NULL: the buffer's own layout
  void* dst;                             // NULL queries the size into `dst_size`
  size_t dst_size;   // in: bytes at `dst`, which must be enough; out when `dst` is NULL
  PJRT_Event* event; // out: the copy is done
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_ToHostBuffer_Args, event);
typedef PJRT_Error* PJRT_Buffer_ToHostBuffer(PJRT_Buffer_ToHostBuffer_Args* args);

struct PJRT_Buffer_OnDeviceSizeInBytes_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  size_t on_device_size_in_bytes; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_OnDeviceSizeInBytes_Args, on_device_size_in_bytes);
typedef PJRT_Error* PJRT_Buffer_OnDeviceSizeInBytes(PJRT_Buffer_OnDeviceSizeInBytes_Args* args);

struct PJRT_Buffer_Delete_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_Delete_Args, buffer);
// Drops the storage but not the handle, which then only IsDeleted and Destroy accept.
typedef PJRT_Error* PJRT_Buffer_Delete(PJRT_Buffer_Delete_Args* args);

struct PJRT_Buffer_IsDeleted_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  bool is_deleted; // out: deleted, or donated to an execution
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_IsDeleted_Args, is_deleted);
typedef PJRT_Error* PJRT_Buffer_IsDeleted(PJRT_Buffer_IsDeleted_Args* args);

struct PJRT_Buffer_IsOnCpu_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  bool is_on_cpu; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_IsOnCpu_Args, is_on_cpu);
typedef PJRT_Error* PJRT_Buffer_IsOnCpu(PJRT_Buffer_IsOnCpu_Args* args);

struct PJRT_Buffer_Device_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  PJRT_Device* device; // out
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_Device_Args, device);
typedef PJRT_Error* PJRT_Buffer_Device(PJRT_Buffer_Device_Args* args);

struct PJRT_Buffer_ReadyEvent_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  PJRT_Event* event; // out, the caller destroys it
};
HLOTRAIN_PJRT_STRUCT(PJRT_Buffer_ReadyEvent_Args, event);
// Ready when the data is; already failed for a deleted or donated buffer.
typedef PJRT_Error* PJRT_Buffer_ReadyEvent(PJRT_Buffer_ReadyEvent_Args* args);

// ---------------------------------------------------------------- the function table

// The type of the slots whose functions are not declared above.
typedef PJRT_Error* PJRT_UndeclaredFn(void* args);

// Slot k (from 1) lies at byte 40 + 8 (k - 1). New functions are only ever appended.
typedef struct PJRT_Api {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Api_Version pjrt_api_version;

  PJRT_Error_Destroy* PJRT_Error_Destroy; // 1
  PJRT_Error_Message* PJRT_Error_Message;
  PJRT_Error_GetCode* PJRT_Error_GetCode;

  PJRT_Plugin_Initialize* PJRT_Plugin_Initialize; // 4
  PJRT_Plugin_Attributes* PJRT_Plugin_Attributes;

  PJRT_Event_Destroy* PJRT_Event_Destroy; // 6
  PJRT_Event_IsReady* PJRT_Event_IsReady;
  PJRT_Event_Error* PJRT_Event_Error;
  PJRT_Event_Await* PJRT_Event_Await;
  PJRT_Event_OnReady* PJRT_Event_OnReady;

  PJRT_Client_Create* PJRT_Client_Create; // 11
  PJRT_Client_Destroy* PJRT_Client_Destroy;
  PJRT_Client_PlatformName* PJRT_Client_PlatformName;
  PJRT_Client_ProcessIndex* PJRT_Client_ProcessIndex;
  PJRT_Client_PlatformVersion* PJRT_Client_PlatformVersion;
  PJRT_Client_Devices* PJRT_Client_Devices;
  PJRT_Client_AddressableDevices* PJRT_Client_AddressableDevices;
  PJRT_Client_LookupDevice* PJRT_Client_LookupDevice;
  PJRT_Client_LookupAddressableDevice* PJRT_Client_LookupAddressableDevice;
  PJRT_UndeclaredFn* PJRT_Client_AddressableMemories;
  PJRT_Client_Compile* PJRT_Client_Compile; // 21
  PJRT_Client_DefaultDeviceAssignment* PJRT_Client_DefaultDeviceAssignment;
  PJRT_Client_BufferFromHostBuffer* PJRT_Client_BufferFromHostBuffer; // 23

  PJRT_DeviceDescription_Id* PJRT_DeviceDescription_Id; // 24
  PJRT_DeviceDescription_ProcessIndex* PJRT_DeviceDescription_ProcessIndex;
  PJRT_DeviceDescription_Attributes* PJRT_DeviceDescription_Attributes;
  PJRT_DeviceDescription_Kind* PJRT_DeviceDescription_Kind;
  PJRT_DeviceDescription_DebugString* PJRT_DeviceDescription_DebugString;
  PJRT_DeviceDescription_ToString* PJRT_DeviceDescription_ToString;

  PJRT_Device_GetDescription* PJRT_Device_GetDescription; // 30
  PJRT_Device_IsAddressable* PJRT_Device_IsAddressable;
  PJRT_Device_LocalHardwareId* PJRT_Device_LocalHardwareId;
  PJRT_UndeclaredFn* PJRT_Device_AddressableMemories;
  PJRT_UndeclaredFn* PJRT_Device_DefaultMemory;
  PJRT_UndeclaredFn* PJRT_Device_MemoryStats;

  PJRT_UndeclaredFn* PJRT_Memory_Id; // 36
  PJRT_UndeclaredFn* PJRT_Memory_Kind;
  PJRT_UndeclaredFn* PJRT_Memory_DebugString;
  PJRT_UndeclaredFn* PJRT_Memory_ToString;
  PJRT_UndeclaredFn* PJRT_Memory_AddressableByDevices;

  PJRT_Executable_Destroy* PJRT_Executable_Destroy; // 41
  PJRT_Executable_Name* PJRT_Executable_Name;
  PJRT_Executable_NumReplicas* PJRT_Executable_NumReplicas;
  PJRT_Executable_NumPartitions* PJRT_Executable_NumPartitions;
  PJRT_Executable_NumOutputs* PJRT_Executable_NumOutputs; // 45
  PJRT_UndeclaredFn* PJRT_Executable_SizeOfGeneratedCodeInBytes;
  PJRT_UndeclaredFn* PJRT_Executable_GetCostAnalysis;
  PJRT_UndeclaredFn* PJRT_Executable_OutputMemoryKinds;
  PJRT_UndeclaredFn* PJRT_Executable_OptimizedProgram;
  PJRT_UndeclaredFn* PJRT_Executable_Serialize;

  PJRT_LoadedExecutable_Destroy* PJRT_LoadedExecutable_Destroy; // 51
  PJRT_LoadedExecutable_GetExecutable* PJRT_LoadedExecutable_GetExecutable;
  PJRT_LoadedExecutable_AddressableDevices* PJRT_LoadedExecutable_AddressableDevices;
  PJRT_LoadedExecutable_Delete* PJRT_LoadedExecutable_Delete;
  PJRT_LoadedExecutable_IsDeleted* PJRT_LoadedExecutable_IsDeleted;
  PJRT_LoadedExecutable_Execute* PJRT_LoadedExecutable_Execute; // 56
  PJRT_UndeclaredFn* PJRT_Executable_DeserializeAndLoad;
  PJRT_LoadedExecutable_Fingerprint* PJRT_LoadedExecutable_Fingerprint;

  PJRT_Buffer_Destroy* PJRT_Buffer_Destroy; // 59
  PJRT_Buffer_ElementType* PJRT_Buffer_ElementType;
  PJRT_Buffer_Dimensions* PJRT_Buffer_Dimensions;
  PJRT_Buffer_UnpaddedDimensions* PJRT_Buffer_UnpaddedDimensions;
  PJRT_UndeclaredFn* PJRT_Buffer_DynamicDimensionIndices;
  PJRT_UndeclaredFn* PJRT_Buffer_GetMemoryLayout;
  PJRT_Buffer_OnDeviceSizeInBytes* PJRT_Buffer_OnDeviceSizeInBytes;
  PJRT_Buffer_Device* PJRT_Buffer_Device;
  PJRT_UndeclaredFn* PJRT_Buffer_Memory;
  PJRT_Buffer_Delete* PJRT_Buffer_Delete;
  PJRT_Buffer_IsDeleted* PJRT_Buffer_IsDeleted;
  PJRT_UndeclaredFn* PJRT_Buffer_CopyToDevice;
  PJRT_Buffer_ToHostBuffer* PJRT_Buffer_ToHostBuffer; // 71
  PJRT_Buffer_IsOnCpu* PJRT_Buffer_IsOnCpu;
  PJRT_Buffer_ReadyEvent* PJRT_Buffer_ReadyEvent;
  PJRT_UndeclaredFn* PJRT_Buffer_UnsafePointer;
  PJRT_UndeclaredFn* PJRT_Buffer_IncreaseExternalReferenceCount;
  PJRT_UndeclaredFn* PJRT_Buffer_DecreaseExternalReferenceCount;
  PJRT_UndeclaredFn* PJRT_Buffer_OpaqueDeviceMemoryDataPointer;

  PJRT_UndeclaredFn* PJRT_CopyToDeviceStream_Destroy; // 78
  PJRT_UndeclaredFn* PJRT_CopyToDeviceStream_AddChunk;
  PJRT_UndeclaredFn* PJRT_CopyToDeviceStream_TotalBytes;
  PJRT_UndeclaredFn* PJRT_CopyToDeviceStream_GranuleSize;
  PJRT_UndeclaredFn* PJRT_CopyToDeviceStream_CurrentBytes;

  PJRT_UndeclaredFn* PJRT_TopologyDescription_Create; // 83
  PJRT_UndeclaredFn* PJRT_TopologyDescription_Destroy;
  PJRT_UndeclaredFn* PJRT_TopologyDescription_PlatformName;
  PJRT_UndeclaredFn* PJRT_TopologyDescription_PlatformVersion;
  PJRT_UndeclaredFn* PJRT_TopologyDescription_GetDeviceDescriptions;
  PJRT_UndeclaredFn* PJRT_TopologyDescription_Serialize;
  PJRT_UndeclaredFn* PJRT_TopologyDescription_Attributes;

  PJRT_UndeclaredFn* PJRT_Compile; // 90

  // Appended after the layout was last rearranged (0.57).
  PJRT_Executable_OutputElementTypes* PJRT_Executable_OutputElementTypes; // 91
  PJRT_Executable_OutputDimensions* PJRT_Executable_OutputDimensions;
  PJRT_UndeclaredFn* PJRT_Buffer_CopyToMemory;
  PJRT_UndeclaredFn* PJRT_Client_CreateViewOfDeviceBuffer;
  PJRT_Executable_Fingerprint* PJRT_Executable_Fingerprint; // 95
  PJRT_UndeclaredFn* PJRT_Client_TopologyDescription;
  PJRT_UndeclaredFn* PJRT_Executable_GetCompiledMemoryStats;
  PJRT_UndeclaredFn* PJRT_Memory_Kind_Id;
  PJRT_UndeclaredFn* PJRT_ExecuteContext_Create;
  PJRT_UndeclaredFn* PJRT_ExecuteContext_Destroy; // 100
  PJRT_UndeclaredFn* PJRT_Buffer_CopyRawToHost;
  PJRT_UndeclaredFn* PJRT_AsyncHostToDeviceTransferManager_Destroy;
  PJRT_UndeclaredFn* PJRT_AsyncHostToDeviceTransferManager_TransferData;
  PJRT_UndeclaredFn* PJRT_Client_CreateBuffersForAsyncHostToDevice;
  PJRT_UndeclaredFn* PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer;
  PJRT_UndeclaredFn* PJRT_AsyncHostToDeviceTransferManager_Device;
  PJRT_UndeclaredFn* PJRT_AsyncHostToDeviceTransferManager_BufferCount;
  PJRT_UndeclaredFn* PJRT_AsyncHostToDeviceTransferManager_BufferSize;
  PJRT_UndeclaredFn* PJRT_AsyncHostToDeviceTransferManager_SetBufferError;
  PJRT_UndeclaredFn* PJRT_AsyncHostToDeviceTransferManager_AddMetadata; // 110
  PJRT_UndeclaredFn* PJRT_Client_DmaMap;
  PJRT_UndeclaredFn* PJRT_Client_DmaUnmap;
  PJRT_UndeclaredFn* PJRT_Client_CreateUninitializedBuffer;
  PJRT_UndeclaredFn* PJRT_Client_UpdateGlobalProcessInfo;
  PJRT_UndeclaredFn* PJRT_TopologyDescription_Deserialize;
  PJRT_UndeclaredFn* PJRT_Client_CreateAliasBuffer;
  PJRT_UndeclaredFn* PJRT_Client_FulfillAliasBuffer;
  PJRT_UndeclaredFn* PJRT_LoadedExecutable_GetDeviceAssignment;
  PJRT_UndeclaredFn* PJRT_Client_CreateErrorBuffer;
  PJRT_UndeclaredFn* PJRT_AsyncHostToDeviceTransferManager_TransferLiteral; // 120
  PJRT_UndeclaredFn* PJRT_Buffer_CopyRawToHostFuture;
  PJRT_UndeclaredFn* PJRT_Device_PoisonExecution;
  PJRT_UndeclaredFn* PJRT_Device_CreateAsyncTrackingEvent;
  PJRT_UndeclaredFn* PJRT_AsyncTrackingEvent_Destroy;
  PJRT_UndeclaredFn* PJRT_Executable_GetCompileOptions;
  PJRT_UndeclaredFn* PJRT_Buffer_DonateWithControlDependency;
  PJRT_UndeclaredFn* PJRT_Event_Create;
  PJRT_UndeclaredFn* PJRT_Event_Set;
  PJRT_UndeclaredFn* PJRT_Device_GetAttributes;
  PJRT_UndeclaredFn* PJRT_Client_Load; // 130
  PJRT_UndeclaredFn* PJRT_LoadedExecutable_AddressableDeviceLogicalIds;
  PJRT_UndeclaredFn* PJRT_Buffer_Bitcast;
  PJRT_UndeclaredFn* PJRT_Error_ForEachPayload;
  PJRT_UndeclaredFn* PJRT_TopologyDescription_Fingerprint;
  PJRT_UndeclaredFn* PJRT_Executable_ParameterMemoryKinds;
  PJRT_UndeclaredFn* PJRT_Device_ClearMemoryStats;
  PJRT_UndeclaredFn* PJRT_TopologyDescription_MakeCanonicalShapeForMemorySpace;
  PJRT_UndeclaredFn* PJRT_TopologyDescription_GetMemorySpaceKindIds; // 138
} PJRT_Api;
enum {
  PJRT_Api_STRUCT_SIZE =
      HLOTRAIN_PJRT_SIZE_OF(PJRT_Api, PJRT_TopologyDescription_GetMemorySpaceKindIds)
};

// What a plugin exports: `const PJRT_Api* GetPjrtApi(void)`. (This typedef is ours; the
// official header declares no type for it.)
typedef const PJRT_Api* (*PJRT_GetPjrtApi_Fn)(void);

#ifdef __cplusplus
} // extern "C"

// The LP64 layouts of the minor-113 header (LOWERERS.md §1.2-1.3), pinned so that an edit that
// moves a field or a slot cannot build.
#define HLOTRAIN_PJRT_SLOT_AT(field, k) static_assert(offsetof(PJRT_Api, field) == 40 + 8 * ((k)-1))
HLOTRAIN_PJRT_SLOT_AT(PJRT_Error_Destroy, 1);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Plugin_Initialize, 4);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Event_Destroy, 6);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Client_Create, 11);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Client_Compile, 21);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Client_BufferFromHostBuffer, 23);
HLOTRAIN_PJRT_SLOT_AT(PJRT_DeviceDescription_Id, 24);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Device_GetDescription, 30);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Memory_Id, 36);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Executable_Destroy, 41);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Executable_NumOutputs, 45);
HLOTRAIN_PJRT_SLOT_AT(PJRT_LoadedExecutable_Destroy, 51);
HLOTRAIN_PJRT_SLOT_AT(PJRT_LoadedExecutable_GetExecutable, 52);
HLOTRAIN_PJRT_SLOT_AT(PJRT_LoadedExecutable_Execute, 56);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Buffer_Destroy, 59);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Buffer_ToHostBuffer, 71);
HLOTRAIN_PJRT_SLOT_AT(PJRT_CopyToDeviceStream_Destroy, 78);
HLOTRAIN_PJRT_SLOT_AT(PJRT_TopologyDescription_Create, 83);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Compile, 90);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Executable_OutputElementTypes, 91);
HLOTRAIN_PJRT_SLOT_AT(PJRT_ExecuteContext_Destroy, 100);
HLOTRAIN_PJRT_SLOT_AT(PJRT_Buffer_CopyRawToHost, 101);
HLOTRAIN_PJRT_SLOT_AT(PJRT_TopologyDescription_GetMemorySpaceKindIds, 138);
#undef HLOTRAIN_PJRT_SLOT_AT
static_assert(PJRT_Api_STRUCT_SIZE == 40 + 8 * 138);
static_assert(sizeof(PJRT_Api_Version) == 24 && offsetof(PJRT_Api, pjrt_api_version) == 16);

static_assert(PJRT_Error_Message_Args_STRUCT_SIZE == 40);
static_assert(PJRT_NamedValue_STRUCT_SIZE == 56);
static_assert(PJRT_Plugin_Attributes_Args_STRUCT_SIZE == 32);
static_assert(PJRT_Event_Await_Args_STRUCT_SIZE == 24);
static_assert(PJRT_Client_Create_Args_STRUCT_SIZE == 88);
static_assert(PJRT_Client_AddressableDevices_Args_STRUCT_SIZE == 40);
static_assert(PJRT_Program_STRUCT_SIZE == 48);
static_assert(PJRT_Client_Compile_Args_STRUCT_SIZE == 56);
static_assert(PJRT_Client_BufferFromHostBuffer_Args_STRUCT_SIZE == 120);
static_assert(offsetof(PJRT_Client_BufferFromHostBuffer_Args, type) == 32);
static_assert(offsetof(PJRT_Client_BufferFromHostBuffer_Args, host_buffer_semantics) == 72);
static_assert(offsetof(PJRT_Client_BufferFromHostBuffer_Args, done_with_host_buffer) == 104);
static_assert(offsetof(PJRT_Client_BufferFromHostBuffer_Args, buffer) == 112);
// 144 B: launch_id and use_major_to_minor_data_layout_for_callbacks are each padded to 8.
static_assert(PJRT_ExecuteOptions_STRUCT_SIZE == 144);
static_assert(offsetof(PJRT_ExecuteOptions, non_donatable_input_indices) == 56);
static_assert(offsetof(PJRT_ExecuteOptions, hlo_output_callbacks) == 128);
static_assert(PJRT_LoadedExecutable_Execute_Args_STRUCT_SIZE == 80);
static_assert(PJRT_Buffer_ToHostBuffer_Args_STRUCT_SIZE == 56);
static_assert(PJRT_Buffer_MemoryLayout_STRUCT_SIZE == 76);
static_assert(PJRT_Buffer_Type_U1 == 31 && PJRT_Buffer_Type_F32 == 11 && PJRT_Buffer_Type_S32 == 4);
#endif

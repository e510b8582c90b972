#include "pjrt_plugin/Client.h"

#include <string>
#include <string_view>

#include "pjrt_plugin/Errors.h"

namespace hlotrain::pjrt {
namespace {

constexpr std::string_view kPlatformName = "cpu";
constexpr std::string_view kPlatformVersion = "hlotrain cpu lowerer (PJRT C API 0.113)";
constexpr std::string_view kDeviceKind = "cpu";
constexpr std::string_view kDeviceDebugString = "hlotrain cpu device 0";
constexpr std::string_view kDeviceToString = "CpuDevice(id=0)";

PJRT_NamedValue int64Attribute(std::string_view name, int64_t value) {
  PJRT_NamedValue attribute{};
  attribute.struct_size = PJRT_NamedValue_STRUCT_SIZE;
  attribute.name = name.data();
  attribute.name_size = name.size();
  attribute.type = PJRT_NamedValue_kInt64;
  attribute.int64_value = value;
  attribute.value_size = 1;
  return attribute;
}

PJRT_NamedValue versionAttribute(std::string_view name, const int64_t (&version)[3]) {
  PJRT_NamedValue attribute{};
  attribute.struct_size = PJRT_NamedValue_STRUCT_SIZE;
  attribute.name = name.data();
  attribute.name_size = name.size();
  attribute.type = PJRT_NamedValue_kInt64List;
  attribute.int64_array_value = version;
  attribute.value_size = 3;
  return attribute;
}

// The StableHLO versions a client may target (ZML serialises for min(its own, ours)). Current:
// 1.20.0, the StableHLO whose printed text our parser is tested on (tests/conformance/jax).
// Minimum: 1.0.0, the first with compatibility guarantees; only text is read, never VHLO
// bytecode, so nothing older is accepted in a form that could be upgraded.
constexpr int64_t kStablehloCurrent[3] = {1, 20, 0};
constexpr int64_t kStablehloMinimum[3] = {1, 0, 0};

const PJRT_NamedValue* pluginAttributes() {
  // xla_version 2 is what XLA's own plugins report; JAX gates features on it.
  static const PJRT_NamedValue attributes[] = {
      int64Attribute("xla_version", 2),
      versionAttribute("stablehlo_current_version", kStablehloCurrent),
      versionAttribute("stablehlo_minimum_version", kStablehloMinimum),
  };
  return attributes;
}

PJRT_Error* pluginInitialize(PJRT_Plugin_Initialize_Args* args) {
  return guarded([&] { HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Plugin_Initialize_Args, args); });
}

PJRT_Error* pluginAttributes(PJRT_Plugin_Attributes_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Plugin_Attributes_Args, args);
    args->attributes = pluginAttributes();
    args->num_attributes = 3;
  });
}

// Accepts XLA CPU's `cpu_device_count` only where it asks for our one device, and nothing else:
// a silently ignored option would hide a client that expects more than we give (as XLA's GPU
// plugin rejects unknown options).
void checkCreateOption(const PJRT_NamedValue& option) {
  const std::string name(option.name, option.name_size);
  if (name != "cpu_device_count")
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "unknown create option '" + name +
                                                        "' (hlotrain's plugin accepts only "
                                                        "cpu_device_count = 1)");
  if (option.type != PJRT_NamedValue_kInt64 || option.int64_value != 1)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "create option cpu_device_count must be the int64 1: hlotrain's plugin has one "
                  "device" +
                      (option.type == PJRT_NamedValue_kInt64
                           ? ", got " + std::to_string(option.int64_value)
                           : std::string(", got a value of another type")));
}

PJRT_Error* clientCreate(PJRT_Client_Create_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_Create_Args, args);
    if (args->num_options && !args->create_options)
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "`create_options` is NULL");
    for (size_t i = 0; i < args->num_options; ++i) checkCreateOption(args->create_options[i]);
    // The key-value callbacks serve multi-process clients; with one process there is nothing to
    // exchange.
    args->client = new PJRT_Client;
  });
}

PJRT_Error* clientDestroy(PJRT_Client_Destroy_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_Destroy_Args, args);
    delete args->client;
  });
}

PJRT_Error* clientPlatformName(PJRT_Client_PlatformName_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_PlatformName_Args, args);
    deref(args->client, "client");
    args->platform_name = kPlatformName.data();
    args->platform_name_size = kPlatformName.size();
  });
}

PJRT_Error* clientProcessIndex(PJRT_Client_ProcessIndex_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_ProcessIndex_Args, args);
    deref(args->client, "client");
    args->process_index = 0;
  });
}

PJRT_Error* clientPlatformVersion(PJRT_Client_PlatformVersion_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_PlatformVersion_Args, args);
    deref(args->client, "client");
    args->platform_version = kPlatformVersion.data();
    args->platform_version_size = kPlatformVersion.size();
  });
}

PJRT_Error* clientDevices(PJRT_Client_Devices_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_Devices_Args, args);
    args->devices = deref(args->client, "client").devices;
    args->num_devices = 1;
  });
}

PJRT_Error* clientAddressableDevices(PJRT_Client_AddressableDevices_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_AddressableDevices_Args, args);
    args->addressable_devices = deref(args->client, "client").devices;
    args->num_addressable_devices = 1;
  });
}

// Device id and local hardware id are both 0.
PJRT_Device& lookup(PJRT_Client& client, int id, const char* what) {
  if (id != 0)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "no device with " + std::string(what) + " " +
                                                        std::to_string(id) +
                                                        ": hlotrain's plugin has one device, 0");
  return client.device;
}

PJRT_Error* clientLookupDevice(PJRT_Client_LookupDevice_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_LookupDevice_Args, args);
    args->device = &lookup(deref(args->client, "client"), args->id, "id");
  });
}

PJRT_Error* clientLookupAddressableDevice(PJRT_Client_LookupAddressableDevice_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_LookupAddressableDevice_Args, args);
    args->addressable_device =
        &lookup(deref(args->client, "client"), args->local_hardware_id, "local hardware id");
  });
}

PJRT_Error* clientDefaultDeviceAssignment(PJRT_Client_DefaultDeviceAssignment_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_DefaultDeviceAssignment_Args, args);
    deref(args->client, "client");
    if (args->num_replicas != 1 || args->num_partitions != 1)
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "hlotrain's plugin has one device and cannot assign " +
                        std::to_string(args->num_replicas) + " replicas x " +
                        std::to_string(args->num_partitions) + " partitions");
    if (args->default_assignment_size < 1)
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "`default_assignment_size` must be >= 1");
    deref(args->default_assignment, "default_assignment") = 0;
  });
}

PJRT_Error* descriptionId(PJRT_DeviceDescription_Id_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_DeviceDescription_Id_Args, args);
    deref(args->device_description, "device_description");
    args->id = 0;
  });
}

PJRT_Error* descriptionProcessIndex(PJRT_DeviceDescription_ProcessIndex_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_DeviceDescription_ProcessIndex_Args, args);
    deref(args->device_description, "device_description");
    args->process_index = 0;
  });
}

PJRT_Error* descriptionAttributes(PJRT_DeviceDescription_Attributes_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_DeviceDescription_Attributes_Args, args);
    deref(args->device_description, "device_description");
    args->num_attributes = 0;
    args->attributes = nullptr;
  });
}

PJRT_Error* descriptionKind(PJRT_DeviceDescription_Kind_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_DeviceDescription_Kind_Args, args);
    deref(args->device_description, "device_description");
    args->device_kind = kDeviceKind.data();
    args->device_kind_size = kDeviceKind.size();
  });
}

PJRT_Error* descriptionDebugString(PJRT_DeviceDescription_DebugString_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_DeviceDescription_DebugString_Args, args);
    deref(args->device_description, "device_description");
    args->debug_string = kDeviceDebugString.data();
    args->debug_string_size = kDeviceDebugString.size();
  });
}

PJRT_Error* descriptionToString(PJRT_DeviceDescription_ToString_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_DeviceDescription_ToString_Args, args);
    deref(args->device_description, "device_description");
    args->to_string = kDeviceToString.data();
    args->to_string_size = kDeviceToString.size();
  });
}

PJRT_Error* deviceGetDescription(PJRT_Device_GetDescription_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Device_GetDescription_Args, args);
    args->device_description = &deref(args->device, "device").description;
  });
}

PJRT_Error* deviceIsAddressable(PJRT_Device_IsAddressable_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Device_IsAddressable_Args, args);
    deref(args->device, "device");
    args->is_addressable = true;
  });
}

PJRT_Error* deviceLocalHardwareId(PJRT_Device_LocalHardwareId_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Device_LocalHardwareId_Args, args);
    deref(args->device, "device");
    args->local_hardware_id = 0;
  });
}

} // namespace

PJRT_Device& deviceOf(PJRT_Client& client, PJRT_Device* device, const char* what) {
  if (device && device != &client.device)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "`" + std::string(what) + "` is not a device of this client");
  return client.device;
}

void fillClientSlots(PJRT_Api& api) {
  api.PJRT_Plugin_Initialize = pluginInitialize;
  api.PJRT_Plugin_Attributes = pluginAttributes;

  api.PJRT_Client_Create = clientCreate;
  api.PJRT_Client_Destroy = clientDestroy;
  api.PJRT_Client_PlatformName = clientPlatformName;
  api.PJRT_Client_ProcessIndex = clientProcessIndex;
  api.PJRT_Client_PlatformVersion = clientPlatformVersion;
  api.PJRT_Client_Devices = clientDevices;
  api.PJRT_Client_AddressableDevices = clientAddressableDevices;
  api.PJRT_Client_LookupDevice = clientLookupDevice;
  api.PJRT_Client_LookupAddressableDevice = clientLookupAddressableDevice;
  api.PJRT_Client_DefaultDeviceAssignment = clientDefaultDeviceAssignment;

  api.PJRT_DeviceDescription_Id = descriptionId;
  api.PJRT_DeviceDescription_ProcessIndex = descriptionProcessIndex;
  api.PJRT_DeviceDescription_Attributes = descriptionAttributes;
  api.PJRT_DeviceDescription_Kind = descriptionKind;
  api.PJRT_DeviceDescription_DebugString = descriptionDebugString;
  api.PJRT_DeviceDescription_ToString = descriptionToString;

  api.PJRT_Device_GetDescription = deviceGetDescription;
  api.PJRT_Device_IsAddressable = deviceIsAddressable;
  api.PJRT_Device_LocalHardwareId = deviceLocalHardwareId;
}

} // namespace hlotrain::pjrt

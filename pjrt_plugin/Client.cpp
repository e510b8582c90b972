#include "pjrt_plugin/Client.h"

#include <cstdlib>
#include <string>
#include <string_view>

#include "pjrt_plugin/Errors.h"
#include "pjrt_plugin/Processes.h"

namespace hlotrain::pjrt {
namespace {

constexpr std::string_view kPlatformName = "cpu";
constexpr std::string_view kPlatformVersion = "hlotrain cpu lowerer (PJRT C API 0.113)";
constexpr std::string_view kDeviceKind = "cpu";

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

std::string devicesText(int count) {
  return std::to_string(count) + (count == 1 ? " device" : " devices");
}

// A device count within [1, kMaxDevices], or Failure naming where it came from.
int checkedCount(int64_t count, const std::string& from) {
  if (count < 1 || count > kMaxDevices)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, from + " must be a device count in [1, " +
                                                        std::to_string(kMaxDevices) + "], got " +
                                                        std::to_string(count));
  return static_cast<int>(count);
}

// HLOTRAIN_PJRT_DEVICES, else 1.
int countFromEnvironment() {
  const char* text = std::getenv("HLOTRAIN_PJRT_DEVICES");
  if (!text || !*text) return 1;
  char* end = nullptr;
  const long long count = std::strtoll(text, &end, 10);
  if (*end)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "HLOTRAIN_PJRT_DEVICES must be a device count, got '" + std::string(text) + "'");
  return checkedCount(count, "HLOTRAIN_PJRT_DEVICES");
}

// What the create options ask for: XLA CPU's `cpu_device_count` (it overrides
// HLOTRAIN_PJRT_DEVICES), and a multi-process client's `node_id` and `num_nodes` (as XLA's GPU
// plugin takes them); nothing else: a silently ignored option would hide a client that expects
// what we do not give (as XLA's GPU plugin rejects unknown options).
struct CreateOptions {
  int count = 1;
  int64_t node = 0, nodes = 1;
};

int64_t int64Option(const PJRT_NamedValue& option, const std::string& name) {
  if (option.type != PJRT_NamedValue_kInt64)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "create option " + name + " must be an int64, got a value of another type");
  return option.int64_value;
}

CreateOptions createOptions(const PJRT_Client_Create_Args& args) {
  if (args.num_options && !args.create_options)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "`create_options` is NULL");
  CreateOptions o;
  o.count = countFromEnvironment();
  for (size_t i = 0; i < args.num_options; ++i) {
    const PJRT_NamedValue& option = args.create_options[i];
    const std::string name(option.name, option.name_size);
    if (name == "cpu_device_count")
      o.count = checkedCount(int64Option(option, name), "create option cpu_device_count");
    else if (name == "node_id")
      o.node = int64Option(option, name);
    else if (name == "num_nodes")
      o.nodes = int64Option(option, name);
    else
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "unknown create option '" + name +
                        "' (hlotrain's plugin accepts cpu_device_count, node_id and num_nodes)");
  }
  if (o.nodes < 1 || o.nodes > 1024 || o.node < 0 || o.node >= o.nodes)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "create options node_id " + std::to_string(o.node) + " and num_nodes " +
                      std::to_string(o.nodes) + ": a node is one of [0, num_nodes)");
  return o;
}

PJRT_Error* clientCreate(PJRT_Client_Create_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_Create_Args, args);
    const CreateOptions o = createOptions(*args);
    if (o.nodes == 1) { // one process: its store, if any, has nothing to exchange
      args->client = new PJRT_Client({o.count}, 0);
      return;
    }
    auto store = std::make_unique<Store>(*args);
    const std::vector<int> counts = exchangeDeviceCounts(*store, o.node, o.nodes, o.count);
    auto client = std::make_unique<PJRT_Client>(counts, o.node);
    client->store = std::move(store);
    args->client = client.release();
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
    args->process_index = static_cast<int>(deref(args->client, "client").node);
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
    const PJRT_Client& client = deref(args->client, "client");
    args->devices = client.devices.data();
    args->num_devices = client.devices.size();
  });
}

PJRT_Error* clientAddressableDevices(PJRT_Client_AddressableDevices_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_AddressableDevices_Args, args);
    const PJRT_Client& client = deref(args->client, "client");
    args->addressable_devices = client.addressable.data();
    args->num_addressable_devices = client.addressable.size();
  });
}

PJRT_Error* clientLookupDevice(PJRT_Client_LookupDevice_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_LookupDevice_Args, args);
    args->device = &deviceWithId(deref(args->client, "client"), args->id, "id");
  });
}

PJRT_Error* clientLookupAddressableDevice(PJRT_Client_LookupAddressableDevice_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_LookupAddressableDevice_Args, args);
    args->addressable_device =
        &addressableWithLocalId(deref(args->client, "client"), args->local_hardware_id);
  });
}

// Replica r, partition p on device r * partitions + p, as XLA's CPU client assigns them.
PJRT_Error* clientDefaultDeviceAssignment(PJRT_Client_DefaultDeviceAssignment_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_DefaultDeviceAssignment_Args, args);
    const PJRT_Client& client = deref(args->client, "client");
    const int64_t count = int64_t{args->num_replicas} * args->num_partitions;
    if (args->num_replicas < 1 || args->num_partitions < 1 ||
        count > static_cast<int64_t>(client.devices.size()))
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "hlotrain's plugin has " +
                        devicesText(static_cast<int>(client.devices.size())) +
                        " and cannot assign " + std::to_string(args->num_replicas) +
                        " replicas x " + std::to_string(args->num_partitions) + " partitions");
    if (static_cast<int64_t>(args->default_assignment_size) < count)
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "`default_assignment_size` must be >= " + std::to_string(count));
    int* assignment = &deref(args->default_assignment, "default_assignment");
    for (int64_t i = 0; i < count; ++i) assignment[i] = static_cast<int>(i);
  });
}

PJRT_Error* descriptionId(PJRT_DeviceDescription_Id_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_DeviceDescription_Id_Args, args);
    args->id = deref(args->device_description, "device_description").id;
  });
}

PJRT_Error* descriptionProcessIndex(PJRT_DeviceDescription_ProcessIndex_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_DeviceDescription_ProcessIndex_Args, args);
    args->process_index = deref(args->device_description, "device_description").process;
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
    const PJRT_DeviceDescription& description =
        deref(args->device_description, "device_description");
    args->debug_string = description.debugString.data();
    args->debug_string_size = description.debugString.size();
  });
}

PJRT_Error* descriptionToString(PJRT_DeviceDescription_ToString_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_DeviceDescription_ToString_Args, args);
    const PJRT_DeviceDescription& description =
        deref(args->device_description, "device_description");
    args->to_string = description.toString.data();
    args->to_string_size = description.toString.size();
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
    args->is_addressable = deref(args->device, "device").description.addressable;
  });
}

PJRT_Error* deviceLocalHardwareId(PJRT_Device_LocalHardwareId_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Device_LocalHardwareId_Args, args);
    args->local_hardware_id = deref(args->device, "device").description.localId;
  });
}

} // namespace

PJRT_Device& deviceOf(PJRT_Client& client, PJRT_Device* device, const char* what) {
  if (!device) return *client.addressable[0];
  for (PJRT_Device* d : client.addressable)
    if (d == device) return *d;
  throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                "`" + std::string(what) + "` is not a device of this client");
}

PJRT_Device& addressableWithLocalId(PJRT_Client& client, int64_t id) {
  if (id < 0 || id >= static_cast<int64_t>(client.addressable.size()))
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "no device with local hardware id " + std::to_string(id) +
                      ": this process of hlotrain's plugin has " +
                      devicesText(static_cast<int>(client.addressable.size())));
  return *client.addressable[static_cast<size_t>(id)];
}

PJRT_Device& deviceWithId(PJRT_Client& client, int64_t id, const char* what) {
  const int64_t count = static_cast<int64_t>(client.devices.size());
  if (id < 0 || id >= count)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "no device with " + std::string(what) + " " + std::to_string(id) +
                      ": hlotrain's plugin has " + devicesText(static_cast<int>(count)) +
                      (count == 1 ? ", 0" : ", 0 to " + std::to_string(count - 1)));
  return *client.devices[static_cast<size_t>(id)];
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

PJRT_Client::PJRT_Client(const std::vector<int>& counts, int64_t node)
    : node(node), nodes(static_cast<int64_t>(counts.size())) {
  int id = 0;
  for (size_t n = 0; n < counts.size(); ++n)
    for (int local = 0; local < counts[n]; ++local, ++id) {
      auto device = std::make_unique<PJRT_Device>();
      PJRT_DeviceDescription& d = device->description;
      d.id = id;
      d.process = static_cast<int>(n);
      d.localId = local;
      d.addressable = static_cast<int64_t>(n) == node;
      d.debugString =
          "hlotrain cpu device " + std::to_string(id) + " (process " + std::to_string(n) + ")";
      d.toString = "CpuDevice(id=" + std::to_string(id) + ")";
      devices.push_back(device.get());
      if (d.addressable) addressable.push_back(device.get());
      owned.push_back(std::move(device));
    }
}

PJRT_Client::~PJRT_Client() = default;

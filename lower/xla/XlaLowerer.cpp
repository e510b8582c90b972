#include "lower/xla/XlaLowerer.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string_view>

#include "ir/Verifier.h"
#include "lower/xla/BufferType.h"
#include "lower/xla/PjrtCApi.h"
#include "mlir/Parser.h"
#include "support/Error.h"

namespace hlotrain::xla {

namespace {

// The oldest PJRT_Api layout this client drives: 0.57 rearranged the function table
// (CHANGELOG), and every argument struct is declared at our header's layout.
constexpr int kMinimumMinor = 57;

// Every argument struct starts with its size and a null extension chain.
template <class Args> Args args(size_t size) {
  Args a{};
  a.struct_size = size;
  a.extension_start = nullptr;
  return a;
}
#define HLOTRAIN_PJRT_ARGS(Type) args<Type>(Type##_STRUCT_SIZE)

// A function of the table, or an UnsupportedError naming it when the plugin's table is too
// short to hold it or leaves it null.
template <class Fn>
Fn* function(const PJRT_Api* api, Fn* PJRT_Api::*member, size_t offset, const char* name) {
  if (api->struct_size < offset + sizeof(void*) || !(api->*member))
    throw UnsupportedError(std::string("xla: the PJRT plugin does not provide ") + name);
  return api->*member;
}
#define HLOTRAIN_PJRT_FN(api, Name) function(api, &PJRT_Api::Name, offsetof(PJRT_Api, Name), #Name)

// Throws a PJRT error (destroyed here) with what was being done; nothing when `error` is null.
// UNIMPLEMENTED is our UnsupportedError (an op or type the plugin does not take), the rest a
// RuntimeError.
void check(const PJRT_Api* api, PJRT_Error* error, const std::string& doing) {
  if (!error) return;
  auto message = HLOTRAIN_PJRT_ARGS(PJRT_Error_Message_Args);
  message.error = error;
  api->PJRT_Error_Message(&message);
  std::string text = "xla: " + doing + ": " + std::string(message.message, message.message_size);
  auto code = HLOTRAIN_PJRT_ARGS(PJRT_Error_GetCode_Args);
  code.error = error;
  const bool unimplemented =
      !api->PJRT_Error_GetCode(&code) && code.code == PJRT_Error_Code_UNIMPLEMENTED;
  auto destroy = HLOTRAIN_PJRT_ARGS(PJRT_Error_Destroy_Args);
  destroy.error = error;
  api->PJRT_Error_Destroy(&destroy);
  if (unimplemented) throw UnsupportedError(text);
  throw RuntimeError(text);
}

// Waits for an event and destroys it; its error, if any, is thrown.
void await(const PJRT_Api* api, PJRT_Event* event, const std::string& doing) {
  if (!event) return;
  auto wait = HLOTRAIN_PJRT_ARGS(PJRT_Event_Await_Args);
  wait.event = event;
  PJRT_Error* error = api->PJRT_Event_Await(&wait);
  auto destroy = HLOTRAIN_PJRT_ARGS(PJRT_Event_Destroy_Args);
  destroy.event = event;
  api->PJRT_Event_Destroy(&destroy);
  check(api, error, doing);
}

class PjrtBuffer : public lower::Buffer {
public:
  PjrtBuffer(const PJRT_Api* api, PJRT_Buffer* handle, ir::TensorType type)
      : api_(api), handle_(handle), type_(std::move(type)) {}
  ~PjrtBuffer() override {
    auto destroy = HLOTRAIN_PJRT_ARGS(PJRT_Buffer_Destroy_Args);
    destroy.buffer = handle_;
    api_->PJRT_Buffer_Destroy(&destroy);
  }
  PjrtBuffer(const PjrtBuffer&) = delete;
  PjrtBuffer& operator=(const PjrtBuffer&) = delete;

  const ir::TensorType& type() const override { return type_; }
  bool consumed() const override { return consumed_; }
  PJRT_Buffer* handle() const { return handle_; }
  // A donated buffer is deleted by the run; its handle is still destroyed with this object.
  void consume() { consumed_ = true; }

private:
  const PJRT_Api* api_;
  PJRT_Buffer* handle_;
  ir::TensorType type_;
  bool consumed_ = false;
};

const PjrtBuffer& pjrtBuffer(const lower::Buffer& buffer) {
  const auto* b = dynamic_cast<const PjrtBuffer*>(&buffer);
  if (!b) throw RuntimeError("xla: the buffer is not one of the xla lowerer's");
  if (b->consumed())
    throw RuntimeError("xla: the buffer was donated to an earlier run and no longer holds data");
  return *b;
}

class PjrtSession : public lower::Session {
public:
  PjrtSession(XlaLowerer& lowerer, const PJRT_Api* api, PJRT_LoadedExecutable* executable,
              const ir::Function& main, int64_t replicas, double seconds, std::string name)
      : Session(lowerer), api_(api), executable_(executable), arguments_(main.argumentTypes()),
        results_(main.resultTypes), donation_(mlir::aliasingOutputs(main)), replicas_(replicas),
        seconds_(seconds), name_(std::move(name)) {}
  ~PjrtSession() override {
    auto destroy = HLOTRAIN_PJRT_ARGS(PJRT_LoadedExecutable_Destroy_Args);
    destroy.executable = executable_;
    api_->PJRT_LoadedExecutable_Destroy(&destroy);
  }
  PjrtSession(const PjrtSession&) = delete;
  PjrtSession& operator=(const PjrtSession&) = delete;

  const std::vector<ir::TensorType>& argumentTypes() const override { return arguments_; }
  const std::vector<ir::TensorType>& resultTypes() const override { return results_; }
  const std::vector<std::optional<int64_t>>& donation() const override { return donation_; }
  double compileSeconds() const override { return seconds_; }
  int64_t replicas() const override { return replicas_; }

  std::vector<std::unique_ptr<lower::Buffer>> execute(std::span<lower::Buffer* const> arguments,
                                                      bool donate) override {
    const std::vector<lower::Buffer*> list(arguments.begin(), arguments.end());
    return std::move(executeReplicas(std::span(&list, 1), donate)[0]);
  }

  // One PJRT execution of every replica (LOWERERS.md "Execute on N devices"): row r of the
  // argument and output lists is replica r, on the device the compile options assigned it.
  std::vector<std::vector<std::unique_ptr<lower::Buffer>>>
  executeReplicas(std::span<const std::vector<lower::Buffer*>> argumentLists,
                  bool donate) override {
    if (argumentLists.size() != static_cast<size_t>(replicas_))
      throw RuntimeError(name_ + ": runs " + std::to_string(replicas_) + " replicas, given " +
                         std::to_string(argumentLists.size()) + " argument lists");
    std::vector<int64_t> kept; // donated by the graph, kept for this call
    for (size_t i = 0; i < donation_.size(); ++i)
      if (donation_[i] && !donate) kept.push_back(static_cast<int64_t>(i));
    std::vector<std::vector<PJRT_Buffer*>> handles;
    for (const std::vector<lower::Buffer*>& arguments : argumentLists)
      handles.push_back(handlesOf(arguments, donate));
    auto options = HLOTRAIN_PJRT_ARGS(PJRT_ExecuteOptions);
    options.non_donatable_input_indices = kept.data();
    options.num_non_donatable_input_indices = kept.size();
    std::vector<std::vector<PJRT_Buffer*>> outputs(handles.size(),
                                                   std::vector<PJRT_Buffer*>(results_.size()));
    std::vector<PJRT_Buffer* const*> argumentRows;
    std::vector<PJRT_Buffer**> outputRows;
    for (size_t r = 0; r < handles.size(); ++r) {
      argumentRows.push_back(handles[r].data());
      outputRows.push_back(outputs[r].data());
    }
    std::vector<PJRT_Event*> complete(handles.size(), nullptr);
    auto run = HLOTRAIN_PJRT_ARGS(PJRT_LoadedExecutable_Execute_Args);
    run.executable = executable_;
    run.options = &options;
    run.argument_lists = argumentRows.data();
    run.num_devices = handles.size();
    run.num_args = arguments_.size();
    run.output_lists = outputRows.data();
    run.device_complete_events = complete.data();
    check(api_, api_->PJRT_LoadedExecutable_Execute(&run), "running " + name_);
    std::vector<std::vector<std::unique_ptr<lower::Buffer>>> buffers(handles.size());
    for (size_t r = 0; r < handles.size(); ++r)
      for (size_t k = 0; k < results_.size(); ++k)
        buffers[r].push_back(std::make_unique<PjrtBuffer>(api_, outputs[r][k], results_[k]));
    if (donate)
      for (const std::vector<lower::Buffer*>& arguments : argumentLists)
        for (size_t i = 0; i < arguments.size(); ++i)
          if (donation_[i]) static_cast<PjrtBuffer*>(arguments[i])->consume();
    for (PJRT_Event* event : complete) await(api_, event, "running " + name_);
    return buffers;
  }

private:
  // One replica's argument handles, each of its argument's type; a buffer passed twice may not be
  // donated.
  std::vector<PJRT_Buffer*> handlesOf(const std::vector<lower::Buffer*>& arguments, bool donate) {
    if (arguments.size() != arguments_.size())
      throw RuntimeError(name_ + ": @main takes " + std::to_string(arguments_.size()) +
                         " arguments, got " + std::to_string(arguments.size()));
    std::vector<PJRT_Buffer*> handles;
    for (size_t i = 0; i < arguments.size(); ++i) {
      const PjrtBuffer& b = pjrtBuffer(*arguments[i]);
      if (b.type() != arguments_[i])
        throw RuntimeError(name_ + ": argument " + std::to_string(i) + " is " +
                           ir::toString(arguments_[i]) + " but the buffer holds " +
                           ir::toString(b.type()));
      const bool donated = donation_[i].has_value();
      for (size_t j = 0; j < i; ++j)
        if (handles[j] == b.handle() && donate && (donated || donation_[j]))
          throw RuntimeError(name_ + ": arguments " + std::to_string(j) + " and " +
                             std::to_string(i) +
                             " are one buffer, and the graph donates one of them");
      handles.push_back(b.handle());
    }
    return handles;
  }

  const PJRT_Api* api_;
  PJRT_LoadedExecutable* executable_;
  std::vector<ir::TensorType> arguments_, results_;
  std::vector<std::optional<int64_t>> donation_;
  int64_t replicas_;
  double seconds_;
  std::string name_;
};

// Appends a protobuf varint.
void varint(std::string& out, uint64_t v) {
  do {
    uint8_t byte = v & 0x7f;
    v >>= 7;
    out.push_back(static_cast<char>(byte | (v ? 0x80 : 0)));
  } while (v);
}

// Appends a length-delimited field.
void message(std::string& out, uint64_t field, const std::string& bytes) {
  varint(out, (field << 3) | 2);
  varint(out, bytes.size());
  out += bytes;
}

} // namespace

std::string compileOptionsProto(int64_t replicas, int64_t partitions, bool exactRoundings,
                                std::span<const int64_t> replicaDevices) {
  std::string build;
  varint(build, 1 << 3); // device_ordinal = -1: not pinned to one device
  varint(build, static_cast<uint64_t>(int64_t{-1}));
  varint(build, 4 << 3);
  varint(build, static_cast<uint64_t>(replicas));
  varint(build, 5 << 3);
  varint(build, static_cast<uint64_t>(partitions));
  if (!replicaDevices.empty()) {
    varint(build, 6 << 3); // use_spmd_partitioning, as JAX sends it; with 1 partition a no-op
    varint(build, 1);
    std::string ids; // packed int64 replica_device_ids
    for (int64_t id : replicaDevices) varint(ids, static_cast<uint64_t>(id));
    std::string computation;
    message(computation, 1, ids);
    std::string assignment; // DeviceAssignmentProto: replica_count, computation_count, devices
    varint(assignment, 1 << 3);
    varint(assignment, static_cast<uint64_t>(replicas));
    varint(assignment, 2 << 3);
    varint(assignment, static_cast<uint64_t>(partitions));
    message(assignment, 3, computation);
    message(build, 9, assignment); // device_assignment
  }
  std::string options;
  message(options, 3, build); // executable_build_options
  if (exactRoundings) {
    std::string value;     // OptionOverrideProto
    varint(value, 2 << 3); // bool_field = false (a oneof member: written although false)
    varint(value, 0);
    std::string entry; // map<string, OptionOverrideProto> entry: 1 key, 2 value
    message(entry, 1, "xla_allow_excess_precision");
    message(entry, 2, value);
    message(options, 7, entry); // env_option_overrides
  }
  return options;
}

namespace {

std::string keyOf(const char* key, size_t size) {
  return std::string(key, size);
}

PJRT_Error* callbackError(PJRT_CallbackError* error, PJRT_Error_Code code,
                          const std::string& message) {
  return (*error)(code, message.data(), message.size());
}

char* copyOut(const std::string& value) {
  char* copy = new char[value.size() + 1];
  std::memcpy(copy, value.data(), value.size());
  return copy;
}
void deleteCopy(char* value) {
  delete[] value;
}

// The three key-value callbacks of a multi-process client, over the coordinator's store; the
// user_arg is the KeyValueClient. They must not throw into the plugin.
// A get's answer: the value, copied out for the plugin to free with the deleter given; NOT_FOUND
// when the store has none; UNAVAILABLE when the store cannot be reached.
template <class Args, class Lookup> PJRT_Error* answer(Args* args, Lookup lookup) {
  const std::string key = keyOf(args->key, args->key_size);
  try {
    const std::optional<std::string> value =
        lookup(*static_cast<KeyValueClient*>(args->user_arg), key);
    if (!value)
      return callbackError(args->callback_error, PJRT_Error_Code_NOT_FOUND,
                           "the key-value store has no " + key);
    args->value = copyOut(*value);
    args->value_size = value->size();
    args->value_deleter_callback = deleteCopy;
    return nullptr;
  } catch (const std::exception& e) {
    return callbackError(args->callback_error, PJRT_Error_Code_UNAVAILABLE, e.what());
  }
}

PJRT_Error* storeGet(PJRT_KeyValueGetCallback_Args* args) {
  const auto timeout = std::chrono::milliseconds(std::max(args->timeout_in_ms, 0));
  return answer(
      args, [&](KeyValueClient& store, const std::string& key) { return store.get(key, timeout); });
}

PJRT_Error* storeTryGet(PJRT_KeyValueTryGetCallback_Args* args) {
  return answer(args,
                [](KeyValueClient& store, const std::string& key) { return store.tryGet(key); });
}

PJRT_Error* storePut(PJRT_KeyValuePutCallback_Args* args) {
  try {
    static_cast<KeyValueClient*>(args->user_arg)
        ->put(keyOf(args->key, args->key_size), std::string(args->value, args->value_size));
    return nullptr;
  } catch (const std::exception& e) {
    return callbackError(args->callback_error, PJRT_Error_Code_UNAVAILABLE, e.what());
  }
}

PJRT_NamedValue int64Option(const char* name, int64_t value) {
  PJRT_NamedValue option{};
  option.struct_size = PJRT_NamedValue_STRUCT_SIZE;
  option.name = name;
  option.name_size = std::strlen(name);
  option.type = PJRT_NamedValue_kInt64;
  option.int64_value = value;
  option.value_size = 1;
  return option;
}

} // namespace

XlaLowerer::XlaLowerer(const std::string& pluginPath, const ProcessGroup& group)
    : group_(group), path_(pluginPath) {
  if (path_.empty())
    throw UnsupportedError("xla: no PJRT plugin given: set PJRT_PLUGIN or --pjrt-plugin to a PJRT "
                           "plugin library (e.g. JAX's xla_cuda_plugin.so, or this build's "
                           "libhlotrain_pjrt.so)");
  // Never unloaded: plugins keep threads and static state for the life of the process.
  void* library = dlopen(path_.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!library)
    throw UnsupportedError("xla: cannot load the PJRT plugin " + path_ + ": " + dlerror());
  using GetPjrtApi = const PJRT_Api* (*)();
  auto get = reinterpret_cast<GetPjrtApi>(dlsym(library, "GetPjrtApi"));
  if (!get)
    throw UnsupportedError("xla: " + path_ + " is not a PJRT plugin: it has no GetPjrtApi (" +
                           dlerror() + ")");
  api_ = get();
  if (!api_) throw UnsupportedError("xla: " + path_ + ": GetPjrtApi returned null");
  const int major = api_->pjrt_api_version.major_version;
  const int minor = api_->pjrt_api_version.minor_version;
  const std::string versions =
      std::to_string(major) + "." + std::to_string(minor) + "; this client speaks " +
      std::to_string(PJRT_API_MAJOR) + "." + std::to_string(kMinimumMinor) + " to " +
      std::to_string(PJRT_API_MAJOR) + "." + std::to_string(PJRT_API_MINOR);
  if (major != PJRT_API_MAJOR || minor < kMinimumMinor)
    throw UnsupportedError("xla: " + path_ + " implements PJRT C API " + versions);

  if (api_->struct_size > offsetof(PJRT_Api, PJRT_Plugin_Initialize) &&
      api_->PJRT_Plugin_Initialize) {
    auto init = HLOTRAIN_PJRT_ARGS(PJRT_Plugin_Initialize_Args);
    check(api_, api_->PJRT_Plugin_Initialize(&init), "initialising " + path_);
  }
  auto create = HLOTRAIN_PJRT_ARGS(PJRT_Client_Create_Args);
  std::vector<PJRT_NamedValue> options;
  if (group_.processes > 1) {
    coordination_ = joinProcesses(group_);
    options = {int64Option("node_id", group_.processId),
               int64Option("num_nodes", group_.processes)};
    create.create_options = options.data();
    create.num_options = options.size();
    void* store = coordination_.store.get();
    create.kv_get_callback = storeGet;
    create.kv_get_user_arg = store;
    create.kv_try_get_callback = storeTryGet;
    create.kv_try_get_user_arg = store;
    create.kv_put_callback = storePut;
    create.kv_put_user_arg = store;
  }
  check(api_, HLOTRAIN_PJRT_FN(api_, PJRT_Client_Create)(&create), "creating a client of " + path_);
  client_ = create.client;

  auto platform = HLOTRAIN_PJRT_ARGS(PJRT_Client_PlatformName_Args);
  platform.client = client_;
  check(api_, HLOTRAIN_PJRT_FN(api_, PJRT_Client_PlatformName)(&platform), "naming the platform");
  platform_.assign(platform.platform_name, platform.platform_name_size);

  auto devices = HLOTRAIN_PJRT_ARGS(PJRT_Client_AddressableDevices_Args);
  devices.client = client_;
  check(api_, HLOTRAIN_PJRT_FN(api_, PJRT_Client_AddressableDevices)(&devices),
        "listing the devices");
  if (devices.num_addressable_devices == 0)
    throw RuntimeError("xla: " + path_ + " (" + platform_ + ") has no addressable device");
  devices_.assign(devices.addressable_devices,
                  devices.addressable_devices + devices.num_addressable_devices);
  if (group_.processes > 1) {
    auto all = HLOTRAIN_PJRT_ARGS(PJRT_Client_Devices_Args);
    all.client = client_;
    check(api_, HLOTRAIN_PJRT_FN(api_, PJRT_Client_Devices)(&all), "listing the devices");
    globalDevices_.assign(all.devices, all.devices + all.num_devices);
    // By (process, id), so that replica r is the same device in every process.
    std::vector<std::pair<std::pair<int64_t, int64_t>, PJRT_Device*>> keyed;
    for (PJRT_Device* d : globalDevices_) keyed.push_back({{processOf(d), deviceId(d)}, d});
    std::sort(keyed.begin(), keyed.end());
    globalDevices_.clear();
    for (const auto& [key, d] : keyed) globalDevices_.push_back(d);
    std::vector<std::pair<int64_t, PJRT_Device*>> local;
    for (PJRT_Device* d : devices_) local.push_back({deviceId(d), d});
    std::sort(local.begin(), local.end());
    devices_.clear();
    for (const auto& [id, d] : local) devices_.push_back(d);
  }
}

XlaLowerer::~XlaLowerer() {
  if (coordination_.store) {
    // Process 0 serves the store: it stays until every process is done with it.
    try {
      coordination_.store->put("hlotrain/done/" + std::to_string(group_.processId), "");
      if (coordination_.server)
        for (int64_t p = 0; p < group_.processes; ++p)
          coordination_.store->get("hlotrain/done/" + std::to_string(p), group_.timeout);
    } catch (const std::exception&) { // a process that died has nothing left to read
    }
  }
  if (!client_) return;
  auto destroy = HLOTRAIN_PJRT_ARGS(PJRT_Client_Destroy_Args);
  destroy.client = client_;
  if (PJRT_Error* error = api_->PJRT_Client_Destroy(&destroy)) {
    auto d = HLOTRAIN_PJRT_ARGS(PJRT_Error_Destroy_Args);
    d.error = error;
    api_->PJRT_Error_Destroy(&d);
  }
}

int64_t XlaLowerer::localReplicas(const std::vector<PJRT_Device*>& placed, int64_t replicas) const {
  int64_t local = 0;
  for (int64_t r = 0; r < replicas; ++r)
    local += std::find(devices_.begin(), devices_.end(), placed[static_cast<size_t>(r)]) !=
             devices_.end();
  return local;
}

PJRT_DeviceDescription* XlaLowerer::descriptionOf(PJRT_Device* device) const {
  auto description = HLOTRAIN_PJRT_ARGS(PJRT_Device_GetDescription_Args);
  description.device = device;
  check(api_, HLOTRAIN_PJRT_FN(api_, PJRT_Device_GetDescription)(&description),
        "describing a device");
  return description.device_description;
}

int64_t XlaLowerer::processOf(PJRT_Device* device) const {
  auto process = HLOTRAIN_PJRT_ARGS(PJRT_DeviceDescription_ProcessIndex_Args);
  process.device_description = descriptionOf(device);
  check(api_, HLOTRAIN_PJRT_FN(api_, PJRT_DeviceDescription_ProcessIndex)(&process),
        "placing a device");
  return process.process_index;
}

int64_t XlaLowerer::deviceId(PJRT_Device* device) const {
  auto id = HLOTRAIN_PJRT_ARGS(PJRT_DeviceDescription_Id_Args);
  id.device_description = descriptionOf(device);
  check(api_, HLOTRAIN_PJRT_FN(api_, PJRT_DeviceDescription_Id)(&id), "naming a device");
  return id.id;
}

std::string XlaLowerer::describe() const {
  return "xla (" + platform_ + ", PJRT " + std::to_string(api_->pjrt_api_version.major_version) +
         "." + std::to_string(api_->pjrt_api_version.minor_version) + " plugin " + path_ + ")";
}

std::unique_ptr<lower::Session> XlaLowerer::compile(std::string_view mlirText,
                                                    const std::string& name) {
  // The signature (types, donation) is read from the text on the host; the plugin compiles the
  // very same text.
  ir::Module module = mlir::parse(mlirText, name);
  ir::verify(module);
  const ir::Function* main = module.lookup("main");
  if (!main) throw VerifyError(name + ": no function @main");

  auto start = std::chrono::steady_clock::now();
  std::string code(mlirText);
  auto program = HLOTRAIN_PJRT_ARGS(PJRT_Program);
  program.code = code.data();
  program.code_size = code.size();
  program.format = "mlir";
  program.format_size = 4;
  // A user who sets the option in XLA_FLAGS has chosen; the compile options would override it.
  const char* flags = std::getenv("XLA_FLAGS");
  const bool userChoseExcessPrecision =
      flags && std::string_view(flags).find("xla_allow_excess_precision") != std::string_view::npos;
  // Replica r on the client's addressable device r, said explicitly (LOWERERS.md: "always send a
  // device assignment") for several; one replica keeps the client's default. With several
  // processes, replica r is on the r-th device of every process's list, and a one-replica graph
  // (evaluation) on this process's first device.
  const int64_t replicas = lower::replicaCount(module);
  const std::vector<PJRT_Device*>& placed =
      group_.processes > 1 && replicas > 1 ? globalDevices_ : devices_;
  if (replicas > static_cast<int64_t>(placed.size()))
    throw RuntimeError("xla: " + name + " runs as " + std::to_string(replicas) + " replicas, but " +
                       path_ + " has " + std::to_string(placed.size()) + " device" +
                       (placed.size() == 1 ? "" : "s") +
                       (group_.processes > 1 ? " in its processes" : " to address"));
  std::vector<int64_t> assignment;
  if (replicas > 1 || group_.processes > 1)
    for (int64_t r = 0; r < replicas; ++r)
      assignment.push_back(deviceId(placed[static_cast<size_t>(r)]));
  const std::string options =
      compileOptionsProto(replicas, 1, !userChoseExcessPrecision, assignment);
  auto compile = HLOTRAIN_PJRT_ARGS(PJRT_Client_Compile_Args);
  compile.client = client_;
  compile.program = &program;
  compile.compile_options = options.data();
  compile.compile_options_size = options.size();
  check(api_, HLOTRAIN_PJRT_FN(api_, PJRT_Client_Compile)(&compile), "compiling " + name);
  auto session = std::make_unique<PjrtSession>(
      *this, api_, compile.executable, *main, localReplicas(placed, replicas),
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), name);

  auto get = HLOTRAIN_PJRT_ARGS(PJRT_LoadedExecutable_GetExecutable_Args);
  get.loaded_executable = compile.executable;
  check(api_, HLOTRAIN_PJRT_FN(api_, PJRT_LoadedExecutable_GetExecutable)(&get),
        "inspecting " + name);
  auto outputs = HLOTRAIN_PJRT_ARGS(PJRT_Executable_NumOutputs_Args);
  outputs.executable = get.executable;
  PJRT_Error* error = HLOTRAIN_PJRT_FN(api_, PJRT_Executable_NumOutputs)(&outputs);
  auto destroy = HLOTRAIN_PJRT_ARGS(PJRT_Executable_Destroy_Args);
  destroy.executable = get.executable;
  api_->PJRT_Executable_Destroy(&destroy);
  check(api_, error, "inspecting " + name);
  if (outputs.num_outputs != main->resultTypes.size())
    throw RuntimeError("xla: " + name + ": the plugin compiled " +
                       std::to_string(outputs.num_outputs) + " outputs, @main returns " +
                       std::to_string(main->resultTypes.size()));
  return session;
}

std::unique_ptr<lower::Buffer> XlaLowerer::upload(const ir::Tensor& tensor) {
  return uploadTo(tensor, 0);
}

std::unique_ptr<lower::Buffer> XlaLowerer::uploadTo(const ir::Tensor& tensor, int64_t device) {
  if (device < 0 || device >= devices())
    throw RuntimeError("xla: no device " + std::to_string(device) + " among the " +
                       std::to_string(devices()) + " addressable devices of " + path_);
  const ir::Shape& dims = tensor.shape();
  auto from = HLOTRAIN_PJRT_ARGS(PJRT_Client_BufferFromHostBuffer_Args);
  from.client = client_;
  from.data = tensor.bytes();
  from.type = pjrtType(tensor.elementType());
  from.dims = dims.data();
  from.num_dims = dims.size();
  // The host copy may go as soon as the call returns: batches are refilled in place.
  from.host_buffer_semantics = PJRT_HostBufferSemantics_kImmutableOnlyDuringCall;
  from.device = devices_[static_cast<size_t>(device)];
  check(api_, HLOTRAIN_PJRT_FN(api_, PJRT_Client_BufferFromHostBuffer)(&from),
        "uploading a " + ir::toString(tensor.type()));
  auto buffer = std::make_unique<PjrtBuffer>(api_, from.buffer, tensor.type());
  await(api_, from.done_with_host_buffer, "uploading a " + ir::toString(tensor.type()));
  return buffer;
}

ir::Tensor XlaLowerer::download(const lower::Buffer& buffer) {
  const PjrtBuffer& b = pjrtBuffer(buffer);
  ir::Tensor tensor(b.type());
  auto to = HLOTRAIN_PJRT_ARGS(PJRT_Buffer_ToHostBuffer_Args);
  to.src = b.handle();
  to.dst = tensor.bytes();
  to.dst_size = tensor.byteSize();
  const std::string doing = "downloading a " + ir::toString(b.type());
  check(api_, HLOTRAIN_PJRT_FN(api_, PJRT_Buffer_ToHostBuffer)(&to), doing);
  await(api_, to.event, doing);
  return tensor;
}

} // namespace hlotrain::xla

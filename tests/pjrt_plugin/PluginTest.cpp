// libhlotrain_pjrt.so driven the way a PJRT client drives a plugin: dlopen, GetPjrtApi, and
// nothing but the C declarations of lower/xla/PjrtCApi.h (plus the exported counters of
// pjrt_plugin/Stats.h).

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "lower/xla/PjrtCApi.h"
#include "pjrt_plugin/Stats.h"

namespace {

// Zero-filled args of the newest layout, as LOWERERS.md §1.1 recommends.
template <class Args> Args newArgs(size_t size) {
  Args args{};
  args.struct_size = size;
  return args;
}
#define ARGS(Type) newArgs<Type>(Type##_STRUCT_SIZE)

// The serialized CompileOptionsProto for one device: executable_build_options {device_ordinal
// -1, num_replicas 1, num_partitions 1} (LOWERERS.md §1.7).
const std::string kOneDevice("\x1a\x0f\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x20\x01\x28\x01",
                             17);
// num_replicas 2, num_partitions 1.
const std::string kTwoReplicas("\x1a\x04\x20\x02\x28\x01", 6);

// a + b, with a donated to the result.
const char* kAddDonating = R"(
func.func public @main(%a: tensor<2x3xf32> {tf.aliasing_output = 0 : i32},
                       %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %a, %b : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
)";

struct Failure {
  PJRT_Error_Code code = PJRT_Error_Code_OK;
  std::string message;
};

class PluginTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    // RTLD_NODELETE as ZML loads plugins: a plugin is never unloaded.
    handle_ = dlopen(HLOTRAIN_PJRT_PLUGIN, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    ASSERT_NE(handle_, nullptr) << dlerror();
    auto get = reinterpret_cast<PJRT_GetPjrtApi_Fn>(dlsym(handle_, "GetPjrtApi"));
    ASSERT_NE(get, nullptr) << dlerror();
    api_ = get();
    auto init = ARGS(PJRT_Plugin_Initialize_Args);
    ASSERT_EQ(api_->PJRT_Plugin_Initialize(&init), nullptr);
  }

  void SetUp() override {
    ASSERT_NE(api_, nullptr);
    auto create = ARGS(PJRT_Client_Create_Args);
    expectOk(api_->PJRT_Client_Create(&create));
    client_ = create.client;
    auto devices = ARGS(PJRT_Client_AddressableDevices_Args);
    devices.client = client_;
    expectOk(api_->PJRT_Client_AddressableDevices(&devices));
    ASSERT_EQ(devices.num_addressable_devices, 1u);
    device_ = devices.addressable_devices[0];
  }

  void TearDown() override {
    for (PJRT_Buffer* buffer : buffers_) {
      auto destroy = ARGS(PJRT_Buffer_Destroy_Args);
      destroy.buffer = buffer;
      expectOk(api_->PJRT_Buffer_Destroy(&destroy));
    }
    for (PJRT_LoadedExecutable* executable : executables_) {
      auto destroy = ARGS(PJRT_LoadedExecutable_Destroy_Args);
      destroy.executable = executable;
      expectOk(api_->PJRT_LoadedExecutable_Destroy(&destroy));
    }
    auto destroy = ARGS(PJRT_Client_Destroy_Args);
    destroy.client = client_;
    expectOk(api_->PJRT_Client_Destroy(&destroy));
  }

  static std::string messageOf(PJRT_Error* error) {
    auto message = ARGS(PJRT_Error_Message_Args);
    message.error = error;
    api_->PJRT_Error_Message(&message);
    return std::string(message.message, message.message_size);
  }

  static void destroyError(PJRT_Error* error) {
    auto destroy = ARGS(PJRT_Error_Destroy_Args);
    destroy.error = error;
    api_->PJRT_Error_Destroy(&destroy);
  }

  static void expectOk(PJRT_Error* error) {
    if (!error) return;
    ADD_FAILURE() << "unexpected PJRT error: " << messageOf(error);
    destroyError(error);
  }

  // The error a call must have returned, consumed.
  static Failure failureOf(PJRT_Error* error) {
    if (!error) {
      ADD_FAILURE() << "the call succeeded";
      return {};
    }
    auto code = ARGS(PJRT_Error_GetCode_Args);
    code.error = error;
    expectOk(api_->PJRT_Error_GetCode(&code));
    Failure failure{code.code, messageOf(error)};
    destroyError(error);
    return failure;
  }

  static void destroyEvent(PJRT_Event* event) {
    auto destroy = ARGS(PJRT_Event_Destroy_Args);
    destroy.event = event;
    expectOk(api_->PJRT_Event_Destroy(&destroy));
  }

  // Awaits and destroys `event`, returning what it carried.
  static PJRT_Error* awaitEvent(PJRT_Event* event) {
    auto wait = ARGS(PJRT_Event_Await_Args);
    wait.event = event;
    PJRT_Error* error = api_->PJRT_Event_Await(&wait);
    destroyEvent(event);
    return error;
  }

  PJRT_Error* tryCompile(const std::string& code, std::string_view format,
                         const std::string& options, PJRT_LoadedExecutable** out) {
    auto program = ARGS(PJRT_Program);
    program.code = const_cast<char*>(code.data());
    program.code_size = code.size();
    program.format = format.data();
    program.format_size = format.size();
    auto compile = ARGS(PJRT_Client_Compile_Args);
    compile.client = client_;
    compile.program = &program;
    compile.compile_options = options.data();
    compile.compile_options_size = options.size();
    PJRT_Error* error = api_->PJRT_Client_Compile(&compile);
    if (!error) {
      executables_.push_back(compile.executable);
      *out = compile.executable;
    }
    return error;
  }

  PJRT_LoadedExecutable* compile(const std::string& code) {
    PJRT_LoadedExecutable* executable = nullptr;
    expectOk(tryCompile(code, "mlir", kOneDevice, &executable));
    return executable;
  }

  PJRT_Buffer* upload(PJRT_Buffer_Type type, const std::vector<int64_t>& dims, const void* data,
                      const int64_t* byteStrides = nullptr) {
    auto args = ARGS(PJRT_Client_BufferFromHostBuffer_Args);
    args.client = client_;
    args.data = data;
    args.type = type;
    args.dims = dims.data();
    args.num_dims = dims.size();
    args.byte_strides = byteStrides;
    args.num_byte_strides = byteStrides ? dims.size() : 0;
    args.host_buffer_semantics = PJRT_HostBufferSemantics_kImmutableOnlyDuringCall;
    args.device = device_;
    PJRT_Error* error = api_->PJRT_Client_BufferFromHostBuffer(&args);
    if (error) {
      lastUploadFailure_ = failureOf(error);
      return nullptr;
    }
    expectOk(awaitEvent(args.done_with_host_buffer));
    buffers_.push_back(args.buffer);
    return args.buffer;
  }

  PJRT_Buffer* uploadF32(const std::vector<float>& values, const std::vector<int64_t>& dims) {
    return upload(PJRT_Buffer_Type_F32, dims, values.data());
  }

  // A fresh buffer's bytes, or the error of the copy.
  PJRT_Error* tryDownload(PJRT_Buffer* buffer, std::vector<uint8_t>& bytes) {
    auto query = ARGS(PJRT_Buffer_ToHostBuffer_Args);
    query.src = buffer;
    if (PJRT_Error* error = api_->PJRT_Buffer_ToHostBuffer(&query)) return error;
    bytes.assign(query.dst_size, 0);
    auto copy = ARGS(PJRT_Buffer_ToHostBuffer_Args);
    copy.src = buffer;
    copy.dst = bytes.data();
    copy.dst_size = bytes.size();
    if (PJRT_Error* error = api_->PJRT_Buffer_ToHostBuffer(&copy)) return error;
    return awaitEvent(copy.event);
  }

  template <class T> std::vector<T> download(PJRT_Buffer* buffer) {
    std::vector<uint8_t> bytes;
    expectOk(tryDownload(buffer, bytes));
    std::vector<T> values(bytes.size() / sizeof(T));
    std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
    return values;
  }

  PJRT_Error* tryExecute(PJRT_LoadedExecutable* executable, std::vector<PJRT_Buffer*> arguments,
                         std::vector<PJRT_Buffer*>& outputs,
                         const std::vector<int64_t>& nonDonatable = {}) {
    auto options = ARGS(PJRT_ExecuteOptions);
    options.non_donatable_input_indices = nonDonatable.data();
    options.num_non_donatable_input_indices = nonDonatable.size();
    PJRT_Buffer* const* argumentLists[] = {arguments.data()};
    outputs.assign(numOutputs(executable), nullptr);
    PJRT_Buffer** outputLists[] = {outputs.data()};
    PJRT_Event* done[1] = {nullptr};
    auto run = ARGS(PJRT_LoadedExecutable_Execute_Args);
    run.executable = executable;
    run.options = &options;
    run.argument_lists = argumentLists;
    run.num_devices = 1;
    run.num_args = arguments.size();
    run.output_lists = outputLists;
    run.device_complete_events = done;
    if (PJRT_Error* error = api_->PJRT_LoadedExecutable_Execute(&run)) return error;
    buffers_.insert(buffers_.end(), outputs.begin(), outputs.end());
    return awaitEvent(done[0]);
  }

  PJRT_Buffer* execute(PJRT_LoadedExecutable* executable, std::vector<PJRT_Buffer*> arguments,
                       const std::vector<int64_t>& nonDonatable = {}) {
    std::vector<PJRT_Buffer*> outputs;
    expectOk(tryExecute(executable, std::move(arguments), outputs, nonDonatable));
    return outputs.empty() ? nullptr : outputs[0];
  }

  PJRT_Executable* executableOf(PJRT_LoadedExecutable* loaded) {
    auto get = ARGS(PJRT_LoadedExecutable_GetExecutable_Args);
    get.loaded_executable = loaded;
    expectOk(api_->PJRT_LoadedExecutable_GetExecutable(&get));
    return get.executable;
  }

  void destroyExecutable(PJRT_Executable* executable) {
    auto destroy = ARGS(PJRT_Executable_Destroy_Args);
    destroy.executable = executable;
    expectOk(api_->PJRT_Executable_Destroy(&destroy));
  }

  size_t numOutputs(PJRT_LoadedExecutable* loaded) {
    PJRT_Executable* executable = executableOf(loaded);
    auto count = ARGS(PJRT_Executable_NumOutputs_Args);
    count.executable = executable;
    expectOk(api_->PJRT_Executable_NumOutputs(&count));
    destroyExecutable(executable);
    return count.num_outputs;
  }

  bool isDeleted(PJRT_Buffer* buffer) {
    auto query = ARGS(PJRT_Buffer_IsDeleted_Args);
    query.buffer = buffer;
    expectOk(api_->PJRT_Buffer_IsDeleted(&query));
    return query.is_deleted;
  }

  static HlotrainPjrtStats stats() {
    auto read = reinterpret_cast<HlotrainPjrt_StatsFn>(dlsym(handle_, "HlotrainPjrt_Stats"));
    HlotrainPjrtStats out{};
    read(&out);
    return out;
  }

  static void resetStats() {
    reinterpret_cast<HlotrainPjrt_ResetStatsFn>(dlsym(handle_, "HlotrainPjrt_ResetStats"))();
  }

  static inline void* handle_ = nullptr;
  static inline const PJRT_Api* api_ = nullptr;
  PJRT_Client* client_ = nullptr;
  PJRT_Device* device_ = nullptr;
  std::vector<PJRT_Buffer*> buffers_;
  std::vector<PJRT_LoadedExecutable*> executables_;
  Failure lastUploadFailure_;
};

const std::vector<float> kA = {1, 2, 3, 4, 5, 6};
const std::vector<float> kB = {10, 20, 30, 40, 50, 60};
const std::vector<float> kSum = {11, 22, 33, 44, 55, 66};

TEST_F(PluginTest, ReportsVersionZeroPoint113AndTheWholeTable) {
  EXPECT_EQ(api_->pjrt_api_version.major_version, 0);
  EXPECT_EQ(api_->pjrt_api_version.minor_version, 113);
  EXPECT_EQ(api_->pjrt_api_version.struct_size, size_t{PJRT_Api_Version_STRUCT_SIZE});
  EXPECT_EQ(api_->struct_size, size_t{PJRT_Api_STRUCT_SIZE});
  EXPECT_NE(api_->PJRT_Client_Compile, nullptr);
  EXPECT_NE(api_->PJRT_LoadedExecutable_Execute, nullptr);
  EXPECT_NE(api_->PJRT_Executable_OutputDimensions, nullptr);
  EXPECT_EQ(api_->PJRT_Compile, nullptr); // offered slots only; a client checks for NULL
  EXPECT_EQ(api_->PJRT_TopologyDescription_GetMemorySpaceKindIds, nullptr);
}

TEST_F(PluginTest, ExportsOnlyItsCEntryPoints) {
  EXPECT_NE(dlsym(handle_, "HlotrainPjrt_Stats"), nullptr);
  EXPECT_NE(dlsym(handle_, "HlotrainPjrt_ResetStats"), nullptr);
  // hlotrain::pjrt::counters() (the plugin's own code) and hlotrain::ir::verify(const Module&)
  // (a layer linked in) stay hidden.
  EXPECT_EQ(dlsym(handle_, "_ZN8hlotrain4pjrt8countersEv"), nullptr);
  EXPECT_EQ(dlsym(handle_, "_ZN8hlotrain2ir6verifyERKNS0_6ModuleE"), nullptr);
}

TEST_F(PluginTest, AttributesGiveXlaAndStablehloVersions) {
  auto args = ARGS(PJRT_Plugin_Attributes_Args);
  expectOk(api_->PJRT_Plugin_Attributes(&args));
  ASSERT_EQ(args.num_attributes, 3u);
  std::vector<std::string> names;
  for (size_t i = 0; i < args.num_attributes; ++i) {
    const PJRT_NamedValue& a = args.attributes[i];
    names.emplace_back(a.name, a.name_size);
    if (names.back() == "xla_version") {
      EXPECT_EQ(a.type, PJRT_NamedValue_kInt64);
      EXPECT_EQ(a.int64_value, 2);
    } else {
      ASSERT_EQ(a.type, PJRT_NamedValue_kInt64List);
      ASSERT_EQ(a.value_size, 3u);
      const std::vector<int64_t> version(a.int64_array_value, a.int64_array_value + 3);
      EXPECT_EQ(version,
                (names.back() == "stablehlo_current_version" ? std::vector<int64_t>{1, 20, 0}
                                                             : std::vector<int64_t>{1, 0, 0}));
    }
  }
  EXPECT_EQ(names, (std::vector<std::string>{"xla_version", "stablehlo_current_version",
                                             "stablehlo_minimum_version"}));
}

TEST_F(PluginTest, ClientMakesTheCpuDevicesAskedForAndRejectsOtherOptions) {
  auto option = ARGS(PJRT_NamedValue);
  option.name = "cpu_device_count";
  option.name_size = std::strlen(option.name);
  option.type = PJRT_NamedValue_kInt64;
  option.int64_value = 1;
  option.value_size = 1;
  auto create = ARGS(PJRT_Client_Create_Args);
  create.create_options = &option;
  create.num_options = 1;
  expectOk(api_->PJRT_Client_Create(&create));
  auto destroy = ARGS(PJRT_Client_Destroy_Args);
  destroy.client = create.client;
  expectOk(api_->PJRT_Client_Destroy(&destroy));

  option.int64_value = 4; // XLA CPU's default
  expectOk(api_->PJRT_Client_Create(&create));
  auto devices = ARGS(PJRT_Client_Devices_Args);
  devices.client = create.client;
  expectOk(api_->PJRT_Client_Devices(&devices));
  EXPECT_EQ(devices.num_devices, 4u);
  destroy.client = create.client;
  expectOk(api_->PJRT_Client_Destroy(&destroy));

  option.int64_value = 0;
  Failure failure = failureOf(api_->PJRT_Client_Create(&create));
  EXPECT_EQ(failure.code, PJRT_Error_Code_INVALID_ARGUMENT);
  EXPECT_NE(failure.message.find("cpu_device_count"), std::string::npos) << failure.message;
  EXPECT_NE(failure.message.find("got 0"), std::string::npos) << failure.message;

  option.name = "allocator";
  option.name_size = std::strlen(option.name);
  failure = failureOf(api_->PJRT_Client_Create(&create));
  EXPECT_EQ(failure.code, PJRT_Error_Code_INVALID_ARGUMENT);
  EXPECT_NE(failure.message.find("'allocator'"), std::string::npos) << failure.message;
}

TEST_F(PluginTest, HasOneAddressableCpuDevice) {
  auto name = ARGS(PJRT_Client_PlatformName_Args);
  name.client = client_;
  expectOk(api_->PJRT_Client_PlatformName(&name));
  EXPECT_EQ(std::string(name.platform_name, name.platform_name_size), "cpu");
  auto version = ARGS(PJRT_Client_PlatformVersion_Args);
  version.client = client_;
  expectOk(api_->PJRT_Client_PlatformVersion(&version));
  EXPECT_EQ(std::string(version.platform_version, version.platform_version_size).rfind("hlotrain"),
            0u);
  auto index = ARGS(PJRT_Client_ProcessIndex_Args);
  index.client = client_;
  expectOk(api_->PJRT_Client_ProcessIndex(&index));
  EXPECT_EQ(index.process_index, 0);

  auto all = ARGS(PJRT_Client_Devices_Args);
  all.client = client_;
  expectOk(api_->PJRT_Client_Devices(&all));
  ASSERT_EQ(all.num_devices, 1u);
  EXPECT_EQ(all.devices[0], device_);

  auto describe = ARGS(PJRT_Device_GetDescription_Args);
  describe.device = device_;
  expectOk(api_->PJRT_Device_GetDescription(&describe));
  auto id = ARGS(PJRT_DeviceDescription_Id_Args);
  id.device_description = describe.device_description;
  expectOk(api_->PJRT_DeviceDescription_Id(&id));
  EXPECT_EQ(id.id, 0);
  auto kind = ARGS(PJRT_DeviceDescription_Kind_Args);
  kind.device_description = describe.device_description;
  expectOk(api_->PJRT_DeviceDescription_Kind(&kind));
  EXPECT_EQ(std::string(kind.device_kind, kind.device_kind_size), "cpu");
  auto addressable = ARGS(PJRT_Device_IsAddressable_Args);
  addressable.device = device_;
  expectOk(api_->PJRT_Device_IsAddressable(&addressable));
  EXPECT_TRUE(addressable.is_addressable);

  auto lookup = ARGS(PJRT_Client_LookupDevice_Args);
  lookup.client = client_;
  expectOk(api_->PJRT_Client_LookupDevice(&lookup));
  EXPECT_EQ(lookup.device, device_);
  lookup.id = 1;
  EXPECT_EQ(failureOf(api_->PJRT_Client_LookupDevice(&lookup)).code,
            PJRT_Error_Code_INVALID_ARGUMENT);

  int assignment = -1;
  auto assign = ARGS(PJRT_Client_DefaultDeviceAssignment_Args);
  assign.client = client_;
  assign.num_replicas = assign.num_partitions = 1;
  assign.default_assignment_size = 1;
  assign.default_assignment = &assignment;
  expectOk(api_->PJRT_Client_DefaultDeviceAssignment(&assign));
  EXPECT_EQ(assignment, 0);
}

TEST_F(PluginTest, AddsAndConsumesTheDonatedArgument) {
  PJRT_LoadedExecutable* add = compile(kAddDonating);
  PJRT_Buffer* a = uploadF32(kA, {2, 3});
  PJRT_Buffer* b = uploadF32(kB, {2, 3});
  PJRT_Buffer* sum = execute(add, {a, b});
  ASSERT_NE(sum, nullptr);
  EXPECT_EQ(download<float>(sum), kSum);

  EXPECT_TRUE(isDeleted(a));
  std::vector<uint8_t> bytes;
  Failure failure = failureOf(tryDownload(a, bytes));
  EXPECT_EQ(failure.code, PJRT_Error_Code_INVALID_ARGUMENT);
  EXPECT_NE(failure.message.find("buffer was donated or deleted"), std::string::npos);
  auto ready = ARGS(PJRT_Buffer_ReadyEvent_Args);
  ready.buffer = a;
  expectOk(api_->PJRT_Buffer_ReadyEvent(&ready));
  EXPECT_NE(failureOf(awaitEvent(ready.event)).message.find("donated"), std::string::npos);

  EXPECT_FALSE(isDeleted(b));
  EXPECT_EQ(download<float>(b), kB);
}

TEST_F(PluginTest, DescribesTheCompiledProgram) {
  PJRT_Executable* executable = executableOf(compile(kAddDonating));
  auto types = ARGS(PJRT_Executable_OutputElementTypes_Args);
  types.executable = executable;
  expectOk(api_->PJRT_Executable_OutputElementTypes(&types));
  ASSERT_EQ(types.num_output_types, 1u);
  EXPECT_EQ(types.output_types[0], PJRT_Buffer_Type_F32);
  auto dims = ARGS(PJRT_Executable_OutputDimensions_Args);
  dims.executable = executable;
  expectOk(api_->PJRT_Executable_OutputDimensions(&dims));
  ASSERT_EQ(dims.num_outputs, 1u);
  ASSERT_EQ(dims.dim_sizes[0], 2u);
  EXPECT_EQ(std::vector<int64_t>(dims.dims, dims.dims + 2), (std::vector<int64_t>{2, 3}));
  auto replicas = ARGS(PJRT_Executable_NumReplicas_Args);
  replicas.executable = executable;
  expectOk(api_->PJRT_Executable_NumReplicas(&replicas));
  EXPECT_EQ(replicas.num_replicas, 1u);
  auto fingerprint = ARGS(PJRT_Executable_Fingerprint_Args);
  fingerprint.executable = executable;
  EXPECT_EQ(failureOf(api_->PJRT_Executable_Fingerprint(&fingerprint)).code,
            PJRT_Error_Code_UNIMPLEMENTED);
  destroyExecutable(executable);
}

TEST_F(PluginTest, ExecutableHandleOutlivesItsLoadedExecutable) {
  PJRT_LoadedExecutable* loaded = compile(kAddDonating);
  PJRT_Executable* executable = executableOf(loaded);
  auto destroy = ARGS(PJRT_LoadedExecutable_Destroy_Args);
  destroy.executable = loaded;
  expectOk(api_->PJRT_LoadedExecutable_Destroy(&destroy));
  executables_.clear();
  auto count = ARGS(PJRT_Executable_NumOutputs_Args);
  count.executable = executable;
  expectOk(api_->PJRT_Executable_NumOutputs(&count));
  EXPECT_EQ(count.num_outputs, 1u);
  destroyExecutable(executable);
}

TEST_F(PluginTest, NonDonatableIndicesKeepTheArgumentAlive) {
  PJRT_LoadedExecutable* add = compile(kAddDonating);
  PJRT_Buffer* a = uploadF32(kA, {2, 3});
  PJRT_Buffer* b = uploadF32(kB, {2, 3});
  EXPECT_EQ(download<float>(execute(add, {a, b}, {0})), kSum);
  EXPECT_FALSE(isDeleted(a));
  EXPECT_EQ(download<float>(a), kA);
}

TEST_F(PluginTest, DonatedResultFeedsTheNextRunInPlace) {
  PJRT_LoadedExecutable* add = compile(kAddDonating);
  PJRT_Buffer* state = uploadF32(kA, {2, 3});
  PJRT_Buffer* b = uploadF32(kB, {2, 3});
  for (int step = 0; step < 3; ++step) state = execute(add, {state, b});
  std::vector<float> expected = kA;
  for (size_t i = 0; i < expected.size(); ++i) expected[i] += 3 * kB[i];
  EXPECT_EQ(download<float>(state), expected);
}

TEST_F(PluginTest, ABufferPassedTwiceIsNeverDonated) {
  PJRT_LoadedExecutable* add = compile(kAddDonating);
  PJRT_Buffer* a = uploadF32(kA, {2, 3});
  std::vector<PJRT_Buffer*> outputs;
  Failure failure = failureOf(tryExecute(add, {a, a}, outputs));
  EXPECT_EQ(failure.code, PJRT_Error_Code_INVALID_ARGUMENT);
  EXPECT_NE(failure.message.find("same buffer"), std::string::npos) << failure.message;
  EXPECT_NE(failure.message.find("non_donatable_input_indices"), std::string::npos);
  EXPECT_FALSE(isDeleted(a));
  EXPECT_EQ(download<float>(a), kA);

  EXPECT_EQ(download<float>(execute(add, {a, a}, {0})), (std::vector<float>{2, 4, 6, 8, 10, 12}));
  EXPECT_EQ(download<float>(a), kA);
}

TEST_F(PluginTest, RoundTripsI32AndPred) {
  PJRT_LoadedExecutable* pick = compile(R"(
func.func public @main(%p: tensor<4xi1>, %x: tensor<4xi32>, %y: tensor<4xi32>)
    -> (tensor<4xi32>, tensor<4xi1>) {
  %0 = stablehlo.select %p, %x, %y : tensor<4xi1>, tensor<4xi32>
  %1 = stablehlo.compare GT, %x, %y, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi32>, tensor<4xi1>
}
)");
  const uint8_t p[] = {1, 0, 2, 0}; // any non-zero byte is true
  const int32_t x[] = {1, -2, 3, 40};
  const int32_t y[] = {-1, 2, 30, 4};
  PJRT_Buffer* pred = upload(PJRT_Buffer_Type_PRED, {4}, p);
  PJRT_Buffer* xs = upload(PJRT_Buffer_Type_S32, {4}, x);
  PJRT_Buffer* ys = upload(PJRT_Buffer_Type_S32, {4}, y);
  EXPECT_EQ(download<uint8_t>(pred), (std::vector<uint8_t>{1, 0, 1, 0}));
  EXPECT_EQ(download<int32_t>(xs), (std::vector<int32_t>{1, -2, 3, 40}));

  std::vector<PJRT_Buffer*> outputs;
  expectOk(tryExecute(pick, {pred, xs, ys}, outputs));
  ASSERT_EQ(outputs.size(), 2u);
  EXPECT_EQ(download<int32_t>(outputs[0]), (std::vector<int32_t>{1, 2, 3, 4}));
  auto type = ARGS(PJRT_Buffer_ElementType_Args);
  type.buffer = outputs[1];
  expectOk(api_->PJRT_Buffer_ElementType(&type));
  EXPECT_EQ(type.type, PJRT_Buffer_Type_PRED);
  EXPECT_EQ(download<uint8_t>(outputs[1]), (std::vector<uint8_t>{1, 0, 0, 1}));
}

TEST_F(PluginTest, CompileErrorsCarryTheirKindAndPlace) {
  PJRT_LoadedExecutable* unused = nullptr;
  const std::string bad = "func.func public @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                          "  %0 = stablehlo.add %a, ) : tensor<2xf32>\n";
  Failure failure = failureOf(tryCompile(bad, "mlir", kOneDevice, &unused));
  EXPECT_EQ(failure.code, PJRT_Error_Code_INVALID_ARGUMENT);
  EXPECT_EQ(failure.message.rfind("<program>:2:", 0), 0u) << failure.message;

  failure = failureOf(tryCompile(kAddDonating, "hlo", kOneDevice, &unused));
  EXPECT_EQ(failure.code, PJRT_Error_Code_INVALID_ARGUMENT);
  EXPECT_EQ(failure.message, "Unknown program format 'hlo'.");

  failure = failureOf(tryCompile(kAddDonating, "mlir", kTwoReplicas, &unused));
  EXPECT_EQ(failure.code, PJRT_Error_Code_INVALID_ARGUMENT);
  EXPECT_NE(failure.message.find("2 replicas x 1 partition, but hlotrain's plugin has 1 device"),
            std::string::npos)
      << failure.message;

  failure = failureOf(tryCompile(kAddDonating, "mlir", std::string("\x1a\x7f", 2), &unused));
  EXPECT_EQ(failure.code, PJRT_Error_Code_INVALID_ARGUMENT);
  EXPECT_NE(failure.message.find("CompileOptionsProto"), std::string::npos) << failure.message;

  failure = failureOf(tryCompile(R"(
func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.fft"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
)",
                                 "mlir", kOneDevice, &unused));
  EXPECT_EQ(failure.code, PJRT_Error_Code_UNIMPLEMENTED);
  EXPECT_NE(failure.message.find("stablehlo.fft"), std::string::npos) << failure.message;

  failure = failureOf(tryCompile(R"(
func.func public @step(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
)",
                                 "mlir", kOneDevice, &unused));
  EXPECT_NE(failure.message.find("@main"), std::string::npos) << failure.message;
}

TEST_F(PluginTest, EmptyCompileOptionsMeanOneDevice) {
  PJRT_LoadedExecutable* add = nullptr;
  expectOk(tryCompile(kAddDonating, "mlir", "", &add));
  EXPECT_NE(add, nullptr);
}

TEST_F(PluginTest, ExecuteChecksEachArgumentsType) {
  PJRT_LoadedExecutable* add = compile(kAddDonating);
  PJRT_Buffer* a = uploadF32(kA, {2, 3});
  const int32_t ints[6] = {};
  PJRT_Buffer* wrong = upload(PJRT_Buffer_Type_S32, {2, 3}, ints);
  std::vector<PJRT_Buffer*> outputs;
  Failure failure = failureOf(tryExecute(add, {a, wrong}, outputs));
  EXPECT_EQ(failure.code, PJRT_Error_Code_INVALID_ARGUMENT);
  EXPECT_NE(failure.message.find("argument 1 of @main: expected tensor<2x3xf32>, got "
                                 "tensor<2x3xi32>"),
            std::string::npos)
      << failure.message;
  EXPECT_FALSE(isDeleted(a)); // a refused call donates nothing

  failure = failureOf(tryExecute(add, {a}, outputs));
  EXPECT_NE(failure.message.find("takes 2 arguments"), std::string::npos) << failure.message;
}

TEST_F(PluginTest, ShortStructsAreRefusedWithXlasMessage) {
  const std::string code = kAddDonating;
  auto program = ARGS(PJRT_Program);
  program.code = const_cast<char*>(code.data());
  program.code_size = code.size();
  program.format = "mlir";
  program.format_size = 4;
  auto compile = ARGS(PJRT_Client_Compile_Args);
  compile.struct_size = 40; // a header from before `executable`
  compile.client = client_;
  compile.program = &program;
  Failure failure = failureOf(api_->PJRT_Client_Compile(&compile));
  EXPECT_EQ(failure.code, PJRT_Error_Code_INVALID_ARGUMENT);
  EXPECT_EQ(failure.message, "Unexpected PJRT_Client_Compile_Args size: expected 56, got 40. "
                             "Check installed software versions.");

  // A caller's struct newer than ours is fine.
  compile.struct_size = PJRT_Client_Compile_Args_STRUCT_SIZE + 8;
  compile.compile_options = kOneDevice.data();
  compile.compile_options_size = kOneDevice.size();
  expectOk(api_->PJRT_Client_Compile(&compile));
  executables_.push_back(compile.executable);

  PJRT_Buffer* a = uploadF32(kA, {2, 3});
  PJRT_Buffer* b = uploadF32(kB, {2, 3});
  std::vector<PJRT_Buffer*> arguments = {a, b}, outputs(1);
  PJRT_Buffer* const* argumentLists[] = {arguments.data()};
  PJRT_Buffer** outputLists[] = {outputs.data()};
  auto options = ARGS(PJRT_ExecuteOptions);
  options.struct_size = 112; // minor 76, before multi_slice_config
  auto run = ARGS(PJRT_LoadedExecutable_Execute_Args);
  run.executable = compile.executable;
  run.options = &options;
  run.argument_lists = argumentLists;
  run.num_devices = 1;
  run.num_args = 2;
  run.output_lists = outputLists;
  failure = failureOf(api_->PJRT_LoadedExecutable_Execute(&run));
  EXPECT_EQ(failure.message, "Unexpected PJRT_ExecuteOptions size: expected 144, got 112. "
                             "Check installed software versions.");
  EXPECT_FALSE(isDeleted(a));
}

TEST_F(PluginTest, ToHostBufferQueriesTheSizeAndChecksTheDestination) {
  PJRT_Buffer* a = uploadF32(kA, {2, 3});
  auto query = ARGS(PJRT_Buffer_ToHostBuffer_Args);
  query.src = a;
  expectOk(api_->PJRT_Buffer_ToHostBuffer(&query));
  EXPECT_EQ(query.dst_size, 24u);
  EXPECT_EQ(query.event, nullptr);

  float small[2];
  auto copy = ARGS(PJRT_Buffer_ToHostBuffer_Args);
  copy.src = a;
  copy.dst = small;
  copy.dst_size = sizeof small;
  Failure failure = failureOf(api_->PJRT_Buffer_ToHostBuffer(&copy));
  EXPECT_EQ(failure.code, PJRT_Error_Code_INVALID_ARGUMENT);
  EXPECT_EQ(failure.message, "`dst_size` must be >= 24, got 8");

  auto layout = ARGS(PJRT_Buffer_MemoryLayout);
  copy.host_layout = &layout;
  EXPECT_EQ(failureOf(api_->PJRT_Buffer_ToHostBuffer(&copy)).code, PJRT_Error_Code_UNIMPLEMENTED);
}

TEST_F(PluginTest, UploadsOnlyDenseRowMajorDataOfOurTypes) {
  const int64_t dense[] = {12, 4};
  PJRT_Buffer* a = upload(PJRT_Buffer_Type_F32, {2, 3}, kA.data(), dense);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(download<float>(a), kA);

  const int64_t transposed[] = {4, 8};
  EXPECT_EQ(upload(PJRT_Buffer_Type_F32, {2, 3}, kA.data(), transposed), nullptr);
  EXPECT_EQ(lastUploadFailure_.code, PJRT_Error_Code_UNIMPLEMENTED);
  EXPECT_NE(lastUploadFailure_.message.find("[4, 8]"), std::string::npos);

  EXPECT_EQ(upload(PJRT_Buffer_Type_C64, {2, 3}, kA.data()), nullptr);
  EXPECT_EQ(lastUploadFailure_.code, PJRT_Error_Code_UNIMPLEMENTED);
  EXPECT_NE(lastUploadFailure_.message.find("C64 (14)"), std::string::npos);
}

// bf16 and f16 buffers are 2 bytes an element, stored as given.
TEST_F(PluginTest, UploadsHalfFloatBuffers) {
  const std::vector<uint16_t> bits = {0x3F80, 0xC000, 0x7FC0, 0x0001, 0x8000, 0x7F80};
  for (PJRT_Buffer_Type type : {PJRT_Buffer_Type_BF16, PJRT_Buffer_Type_F16}) {
    PJRT_Buffer* buffer = upload(type, {2, 3}, bits.data());
    ASSERT_NE(buffer, nullptr) << lastUploadFailure_.message;
    EXPECT_EQ(download<uint16_t>(buffer), bits);
  }
}

TEST_F(PluginTest, StatsCountTransfersNotSizeQueries) {
  PJRT_LoadedExecutable* add = compile(kAddDonating);
  resetStats();
  const int64_t alive = stats().buffers_alive;
  PJRT_Buffer* a = uploadF32(kA, {2, 3});
  PJRT_Buffer* b = uploadF32(kB, {2, 3});
  PJRT_Buffer* sum = execute(add, {a, b});
  auto query = ARGS(PJRT_Buffer_ToHostBuffer_Args);
  query.src = sum;
  expectOk(api_->PJRT_Buffer_ToHostBuffer(&query));
  download<float>(sum);

  const HlotrainPjrtStats s = stats();
  EXPECT_EQ(s.uploads, 2u);
  EXPECT_EQ(s.upload_bytes, 48u);
  EXPECT_EQ(s.downloads, 1u);
  EXPECT_EQ(s.download_bytes, 24u);
  EXPECT_EQ(s.compiles, 0u);
  EXPECT_EQ(s.executes, 1u);
  EXPECT_EQ(s.buffers_alive, alive + 3); // the donated `a` counts until destroyed

  auto destroy = ARGS(PJRT_Buffer_Destroy_Args);
  destroy.buffer = a;
  expectOk(api_->PJRT_Buffer_Destroy(&destroy));
  std::erase(buffers_, a);
  EXPECT_EQ(stats().buffers_alive, alive + 2);
}

TEST_F(PluginTest, ErrorsCanBeReadThroughTheirTable) {
  auto lookup = ARGS(PJRT_Client_LookupDevice_Args);
  lookup.client = client_;
  lookup.id = 7;
  PJRT_Error* error = api_->PJRT_Client_LookupDevice(&lookup);
  ASSERT_NE(error, nullptr);
  const char* text = nullptr;
  size_t size = 0;
  error->vtable->message(error, &text, &size);
  EXPECT_NE(std::string(text, size).find("id 7"), std::string::npos);
  EXPECT_EQ(error->vtable->get_code(error), PJRT_Error_Code_INVALID_ARGUMENT);
  error->vtable->destroy(error);
}

TEST_F(PluginTest, EventsAreBornReadyAndCallBackAtOnce) {
  PJRT_Buffer* a = uploadF32(kA, {2, 3});
  auto ready = ARGS(PJRT_Buffer_ReadyEvent_Args);
  ready.buffer = a;
  expectOk(api_->PJRT_Buffer_ReadyEvent(&ready));
  auto isReady = ARGS(PJRT_Event_IsReady_Args);
  isReady.event = ready.event;
  expectOk(api_->PJRT_Event_IsReady(&isReady));
  EXPECT_TRUE(isReady.is_ready);
  int calls = 0;
  auto onReady = ARGS(PJRT_Event_OnReady_Args);
  onReady.event = ready.event;
  onReady.user_arg = &calls;
  onReady.callback = [](PJRT_Error* error, void* user) {
    EXPECT_EQ(error, nullptr);
    ++*static_cast<int*>(user);
  };
  expectOk(api_->PJRT_Event_OnReady(&onReady));
  EXPECT_EQ(calls, 1);
  destroyEvent(ready.event);
}

TEST_F(PluginTest, DeletedExecutableRefusesToRun) {
  PJRT_LoadedExecutable* add = compile(kAddDonating);
  auto remove = ARGS(PJRT_LoadedExecutable_Delete_Args);
  remove.executable = add;
  expectOk(api_->PJRT_LoadedExecutable_Delete(&remove));
  auto deleted = ARGS(PJRT_LoadedExecutable_IsDeleted_Args);
  deleted.executable = add;
  expectOk(api_->PJRT_LoadedExecutable_IsDeleted(&deleted));
  EXPECT_TRUE(deleted.is_deleted);
  PJRT_Buffer* a = uploadF32(kA, {2, 3});
  PJRT_Buffer* b = uploadF32(kB, {2, 3});
  std::vector<PJRT_Buffer*> outputs;
  EXPECT_NE(failureOf(tryExecute(add, {a, b}, outputs)).message.find("deleted"), std::string::npos);
  EXPECT_FALSE(isDeleted(a));
}

// Data-parallel programs: replicas on the devices of one client, their all_reduce summed in the
// order of each group's ids, as written.
class PluginReplicasTest : public PluginTest {
protected:
  void SetUp() override {
    PluginTest::SetUp();
    auto destroy = ARGS(PJRT_Client_Destroy_Args);
    destroy.client = client_;
    expectOk(api_->PJRT_Client_Destroy(&destroy));
    auto option = ARGS(PJRT_NamedValue);
    option.name = "cpu_device_count";
    option.name_size = std::strlen(option.name);
    option.type = PJRT_NamedValue_kInt64;
    option.int64_value = 3;
    option.value_size = 1;
    auto create = ARGS(PJRT_Client_Create_Args);
    create.create_options = &option;
    create.num_options = 1;
    expectOk(api_->PJRT_Client_Create(&create));
    client_ = create.client;
    auto devices = ARGS(PJRT_Client_AddressableDevices_Args);
    devices.client = client_;
    expectOk(api_->PJRT_Client_AddressableDevices(&devices));
    ASSERT_EQ(devices.num_addressable_devices, 3u);
    devices_.assign(devices.addressable_devices, devices.addressable_devices + 3);
  }

  PJRT_Buffer* uploadTo(size_t device, const std::vector<float>& values) {
    device_ = devices_[device];
    return uploadF32(values, {static_cast<int64_t>(values.size())});
  }

  // Runs every replica: row r of `arguments` is replica r's; returns each row's outputs.
  PJRT_Error* tryExecuteRows(PJRT_LoadedExecutable* executable,
                             std::vector<std::vector<PJRT_Buffer*>> arguments,
                             std::vector<std::vector<PJRT_Buffer*>>& outputs) {
    auto options = ARGS(PJRT_ExecuteOptions);
    std::vector<PJRT_Buffer* const*> argumentLists;
    std::vector<PJRT_Buffer**> outputLists;
    outputs.assign(arguments.size(), std::vector<PJRT_Buffer*>(numOutputs(executable)));
    for (size_t r = 0; r < arguments.size(); ++r) {
      argumentLists.push_back(arguments[r].data());
      outputLists.push_back(outputs[r].data());
    }
    auto run = ARGS(PJRT_LoadedExecutable_Execute_Args);
    run.executable = executable;
    run.options = &options;
    run.argument_lists = argumentLists.data();
    run.num_devices = arguments.size();
    run.num_args = arguments[0].size();
    run.output_lists = outputLists.data();
    if (PJRT_Error* error = api_->PJRT_LoadedExecutable_Execute(&run)) return error;
    for (const std::vector<PJRT_Buffer*>& row : outputs)
      buffers_.insert(buffers_.end(), row.begin(), row.end());
    return nullptr;
  }

  std::vector<PJRT_Device*> devices_;
};

// Sums over the replicas of `groups` (a dense<...> literal of shape `shape`) and returns the
// replica's id.
std::string allReduceProgram(int replicas, const std::string& groups, const std::string& shape) {
  return "module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = " +
         std::to_string(replicas) + R"( : i32} {
  func.func public @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<ui32>) {
    %s = "stablehlo.all_reduce"(%x) <{replica_groups = dense<)" +
         groups + "> : tensor<" + shape + R"(xi64>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) : (tensor<2xf32>) -> tensor<2xf32>
    %id = "stablehlo.replica_id"() : () -> tensor<ui32>
    return %s, %id : tensor<2xf32>, tensor<ui32>
  }
})";
}

// CompileOptionsProto for `replicas` replicas on the device ids `ids`, one partition, with the
// device assignment LOWERERS.md "Compile options for N devices" encodes (its N = 2 example is the
// first).
std::string replicaOptions(const std::vector<uint8_t>& ids) {
  const auto n = static_cast<uint8_t>(ids.size());
  std::string computation = {'\x0a', static_cast<char>(n)};
  for (uint8_t id : ids) computation += static_cast<char>(id);
  std::string assignment = {
      '\x08', static_cast<char>(n), '\x10', '\x01', '\x1a', static_cast<char>(computation.size())};
  assignment += computation;
  std::string build("\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 11);
  build += {'\x20', static_cast<char>(n),
            '\x28', '\x01',
            '\x30', '\x01',
            '\x4a', static_cast<char>(assignment.size())};
  build += assignment;
  return std::string{'\x1a', static_cast<char>(build.size())} + build;
}

TEST_F(PluginReplicasTest, TheOptionsOfTwoReplicasAreLowerersMdsBytes) {
  EXPECT_EQ(replicaOptions({0, 1}),
            std::string("\x1a\x1d\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x20\x02\x28\x01\x30"
                        "\x01\x4a\x0a\x08\x02\x10\x01\x1a\x04\x0a\x02\x00\x01",
                        31));
}

TEST_F(PluginReplicasTest, ReplicasSumInTheirGroupsOrderOnTheirDevices) {
  PJRT_LoadedExecutable* exe = nullptr;
  // 1e8 + 1 rounds to 1e8 in f32: (1e8 + 1) - 1e8 is 0, (-1e8 + 1e8) + 1 is 1.
  expectOk(tryCompile(allReduceProgram(3, "[[2, 0, 1]]", "1x3"), "mlir", replicaOptions({0, 1, 2}),
                      &exe));
  ASSERT_NE(exe, nullptr);
  std::vector<std::vector<PJRT_Buffer*>> out;
  expectOk(tryExecuteRows(
      exe, {{uploadTo(0, {1e8f, 2.0f})}, {uploadTo(1, {1.0f, 3.0f})}, {uploadTo(2, {-1e8f, 4.0f})}},
      out));
  for (uint32_t r = 0; r < 3; ++r) {
    EXPECT_EQ(download<float>(out[r][0]), (std::vector<float>{1.0f, 9.0f})) << "replica " << r;
    EXPECT_EQ(download<uint32_t>(out[r][1]), (std::vector<uint32_t>{r}));
    auto device = ARGS(PJRT_Buffer_Device_Args);
    device.buffer = out[r][0];
    expectOk(api_->PJRT_Buffer_Device(&device));
    EXPECT_EQ(device.device, devices_[r]) << "replica " << r << "'s results stay on its device";
  }
  PJRT_LoadedExecutable* inOrder = nullptr;
  expectOk(tryCompile(allReduceProgram(3, "[[0, 1, 2]]", "1x3"), "mlir", replicaOptions({0, 1, 2}),
                      &inOrder));
  expectOk(tryExecuteRows(
      inOrder,
      {{uploadTo(0, {1e8f, 2.0f})}, {uploadTo(1, {1.0f, 3.0f})}, {uploadTo(2, {-1e8f, 4.0f})}},
      out));
  EXPECT_EQ(download<float>(out[0][0]), (std::vector<float>{0.0f, 9.0f}));
}

TEST_F(PluginReplicasTest, TheDeviceAssignmentPlacesTheReplicas) {
  PJRT_LoadedExecutable* exe = nullptr;
  expectOk(
      tryCompile(allReduceProgram(2, "[[0], [1]]", "2x1"), "mlir", replicaOptions({2, 0}), &exe));
  ASSERT_NE(exe, nullptr);
  auto addressable = ARGS(PJRT_LoadedExecutable_AddressableDevices_Args);
  addressable.executable = exe;
  expectOk(api_->PJRT_LoadedExecutable_AddressableDevices(&addressable));
  ASSERT_EQ(addressable.num_addressable_devices, 2u);
  EXPECT_EQ(addressable.addressable_devices[0], devices_[2]);
  EXPECT_EQ(addressable.addressable_devices[1], devices_[0]);
  std::vector<std::vector<PJRT_Buffer*>> out;
  expectOk(tryExecuteRows(exe, {{uploadTo(2, {1, 2})}, {uploadTo(0, {3, 4})}}, out));
  EXPECT_EQ(download<float>(out[0][0]), (std::vector<float>{1, 2})) << "groups of one";
  EXPECT_EQ(download<float>(out[1][0]), (std::vector<float>{3, 4}));

  Failure failure =
      failureOf(tryExecuteRows(exe, {{uploadTo(0, {1, 2})}, {uploadTo(2, {3, 4})}}, out));
  EXPECT_EQ(failure.message,
            "Buffer passed to Execute() as argument 0 to replica 0 is on device CpuDevice(id=0), "
            "but replica is assigned to device CpuDevice(id=2).");
  failure = failureOf(tryExecuteRows(exe, {{uploadTo(2, {1, 2})}}, out));
  EXPECT_NE(failure.message.find("Attempted to execute with 1 argument lists when local device "
                                 "count is 2"),
            std::string::npos)
      << failure.message;
}

TEST_F(PluginReplicasTest, BadAssignmentsAndGroupsAreRefused) {
  PJRT_LoadedExecutable* exe = nullptr;
  Failure failure = failureOf(
      tryCompile(allReduceProgram(2, "[[0, 1]]", "1x2"), "mlir", replicaOptions({1, 1}), &exe));
  EXPECT_NE(failure.message.find("two replicas on device 1"), std::string::npos) << failure.message;
  failure = failureOf(
      tryCompile(allReduceProgram(2, "[[0, 1]]", "1x2"), "mlir", replicaOptions({0, 7}), &exe));
  EXPECT_NE(failure.message.find("no device with id 7"), std::string::npos) << failure.message;
  failure = failureOf(tryCompile(allReduceProgram(4, "[[0, 1, 2, 3]]", "1x4"), "mlir",
                                 replicaOptions({0, 1, 2, 3}), &exe));
  EXPECT_NE(failure.message.find("has 3 devices"), std::string::npos) << failure.message;

  // Groups naming a replica the program does not run fail every replica alike, none waits.
  expectOk(
      tryCompile(allReduceProgram(2, "[[0, 2]]", "1x2"), "mlir", replicaOptions({0, 1}), &exe));
  std::vector<std::vector<PJRT_Buffer*>> out;
  failure = failureOf(tryExecuteRows(exe, {{uploadTo(0, {1, 2})}, {uploadTo(1, {3, 4})}}, out));
  EXPECT_EQ(failure.code, PJRT_Error_Code_INTERNAL);
  EXPECT_NE(failure.message.find("name replica 2, but the program runs 2 replicas"),
            std::string::npos)
      << failure.message;
}

// Two nodes of one run, as two processes create them (node_id, num_nodes and the key-value
// callbacks), here two clients of this process over one in-memory store: each sees both nodes'
// devices and addresses its own, and an all_reduce over a replica on each runs through the store.
class InMemoryStore {
public:
  static PJRT_Error* get(PJRT_KeyValueGetCallback_Args* args) {
    auto* self = static_cast<InMemoryStore*>(args->user_arg);
    std::unique_lock lock(self->mutex_);
    const std::string key(args->key, args->key_size);
    if (!self->changed_.wait_for(lock, std::chrono::milliseconds(args->timeout_in_ms),
                                 [&] { return self->values_.count(key) > 0; }))
      return (*args->callback_error)(PJRT_Error_Code_NOT_FOUND, "no key", 6);
    return self->give(key, args->value, args->value_size, args->value_deleter_callback);
  }
  static PJRT_Error* tryGet(PJRT_KeyValueTryGetCallback_Args* args) {
    auto* self = static_cast<InMemoryStore*>(args->user_arg);
    std::lock_guard lock(self->mutex_);
    const std::string key(args->key, args->key_size);
    if (!self->values_.count(key))
      return (*args->callback_error)(PJRT_Error_Code_NOT_FOUND, "no key", 6);
    return self->give(key, args->value, args->value_size, args->value_deleter_callback);
  }
  static PJRT_Error* put(PJRT_KeyValuePutCallback_Args* args) {
    auto* self = static_cast<InMemoryStore*>(args->user_arg);
    std::lock_guard lock(self->mutex_);
    self->values_[std::string(args->key, args->key_size)] =
        std::string(args->value, args->value_size);
    self->changed_.notify_all();
    return nullptr;
  }

private:
  template <class Deleter>
  PJRT_Error* give(const std::string& key, char*& value, size_t& size, Deleter& deleter) {
    const std::string& v = values_.at(key);
    value = new char[v.size() + 1];
    std::memcpy(value, v.data(), v.size());
    size = v.size();
    deleter = [](char* p) { delete[] p; };
    return nullptr;
  }
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, std::string> values_;
};

TEST_F(PluginTest, NodesOfOneRunExchangeDevicesAndReduceThroughTheStore) {
  InMemoryStore store;
  std::vector<PJRT_Client*> clients(2, nullptr);
  PJRT_NamedValue options[2][2]; // per node: node_id, num_nodes
  auto create = [&](int node) {
    const char* names[2] = {"node_id", "num_nodes"};
    for (int i = 0; i < 2; ++i) {
      options[node][i] = ARGS(PJRT_NamedValue);
      options[node][i].name = names[i];
      options[node][i].name_size = std::strlen(names[i]);
      options[node][i].type = PJRT_NamedValue_kInt64;
      options[node][i].int64_value = i == 0 ? node : 2;
      options[node][i].value_size = 1;
    }
    auto args = ARGS(PJRT_Client_Create_Args);
    args.create_options = options[node];
    args.num_options = 2;
    args.kv_get_callback = InMemoryStore::get;
    args.kv_get_user_arg = &store;
    args.kv_try_get_callback = InMemoryStore::tryGet;
    args.kv_try_get_user_arg = &store;
    args.kv_put_callback = InMemoryStore::put;
    args.kv_put_user_arg = &store;
    return args;
  };
  {
    std::thread other([&] {
      auto args = create(1);
      expectOk(api_->PJRT_Client_Create(&args));
      clients[1] = args.client;
    });
    auto args = create(0);
    expectOk(api_->PJRT_Client_Create(&args));
    clients[0] = args.client;
    other.join();
  }
  ASSERT_TRUE(clients[0] && clients[1]);
  std::vector<PJRT_Device*> mine(2);
  for (int node = 0; node < 2; ++node) {
    auto all = ARGS(PJRT_Client_Devices_Args);
    all.client = clients[node];
    expectOk(api_->PJRT_Client_Devices(&all));
    EXPECT_EQ(all.num_devices, 2u);
    auto local = ARGS(PJRT_Client_AddressableDevices_Args);
    local.client = clients[node];
    expectOk(api_->PJRT_Client_AddressableDevices(&local));
    ASSERT_EQ(local.num_addressable_devices, 1u);
    mine[node] = local.addressable_devices[0];
    EXPECT_EQ(mine[node], all.devices[node]) << "node n's device is global device n";
    auto description = ARGS(PJRT_Device_GetDescription_Args);
    description.device = all.devices[1 - node];
    expectOk(api_->PJRT_Device_GetDescription(&description));
    auto process = ARGS(PJRT_DeviceDescription_ProcessIndex_Args);
    process.device_description = description.device_description;
    expectOk(api_->PJRT_DeviceDescription_ProcessIndex(&process));
    EXPECT_EQ(process.process_index, 1 - node);
  }

  // Each node compiles the program of two replicas and runs its one; a third run is the first to
  // reuse a key of the store (the run's parity), over the values of two runs before.
  std::vector<PJRT_LoadedExecutable*> exes(2);
  std::vector<std::vector<float>> results(2);
  auto node = [&](int n, float scale) {
    const std::string code = allReduceProgram(2, "[[1, 0]]", "1x2");
    auto program = ARGS(PJRT_Program);
    program.code = const_cast<char*>(code.data());
    program.code_size = code.size();
    program.format = "mlir";
    program.format_size = 4;
    const std::string options = replicaOptions({0, 1});
    if (!exes[n]) {
      auto compile = ARGS(PJRT_Client_Compile_Args);
      compile.client = clients[n];
      compile.program = &program;
      compile.compile_options = options.data();
      compile.compile_options_size = options.size();
      expectOk(api_->PJRT_Client_Compile(&compile));
      exes[n] = compile.executable;
    }
    const std::vector<float> values = {scale * (n + 1), scale * 10 * (n + 1)};
    auto upload = ARGS(PJRT_Client_BufferFromHostBuffer_Args);
    const int64_t dims[] = {2};
    upload.client = clients[n];
    upload.data = values.data();
    upload.type = PJRT_Buffer_Type_F32;
    upload.dims = dims;
    upload.num_dims = 1;
    upload.host_buffer_semantics = PJRT_HostBufferSemantics_kImmutableOnlyDuringCall;
    upload.device = mine[n];
    expectOk(api_->PJRT_Client_BufferFromHostBuffer(&upload));
    expectOk(awaitEvent(upload.done_with_host_buffer));
    auto options2 = ARGS(PJRT_ExecuteOptions);
    PJRT_Buffer* const arguments[] = {upload.buffer};
    PJRT_Buffer* const* argumentLists[] = {arguments};
    PJRT_Buffer* outputs[2] = {nullptr, nullptr};
    PJRT_Buffer** outputLists[] = {outputs};
    auto run = ARGS(PJRT_LoadedExecutable_Execute_Args);
    run.executable = exes[n];
    run.options = &options2;
    run.argument_lists = argumentLists;
    run.num_devices = 1;
    run.num_args = 1;
    run.output_lists = outputLists;
    expectOk(api_->PJRT_LoadedExecutable_Execute(&run));
    results[n] = download<float>(outputs[0]);
    EXPECT_EQ(download<uint32_t>(outputs[1]), (std::vector<uint32_t>{static_cast<uint32_t>(n)}));
    for (PJRT_Buffer* b : {upload.buffer, outputs[0], outputs[1]}) {
      auto destroy = ARGS(PJRT_Buffer_Destroy_Args);
      destroy.buffer = b;
      expectOk(api_->PJRT_Buffer_Destroy(&destroy));
    }
  };
  for (float scale : {1.0f, 2.0f, 3.0f}) {
    std::thread other(node, 1, scale);
    node(0, scale);
    other.join();
    for (int n = 0; n < 2; ++n)
      EXPECT_EQ(results[n], (std::vector<float>{3 * scale, 30 * scale})) << "node " << n;
  }
  for (int n = 0; n < 2; ++n) {
    auto destroyExe = ARGS(PJRT_LoadedExecutable_Destroy_Args);
    destroyExe.executable = exes[n];
    expectOk(api_->PJRT_LoadedExecutable_Destroy(&destroyExe));
    auto destroy = ARGS(PJRT_Client_Destroy_Args);
    destroy.client = clients[n];
    expectOk(api_->PJRT_Client_Destroy(&destroy));
  }

  auto lone = create(0);
  lone.kv_try_get_callback = nullptr;
  Failure failure = failureOf(api_->PJRT_Client_Create(&lone));
  EXPECT_NE(failure.message.find("needs the key-value store"), std::string::npos)
      << failure.message;
}

} // namespace

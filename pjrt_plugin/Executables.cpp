#include "pjrt_plugin/Executables.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/Verifier.h"
#include "lower/cpu/Executable.h"
#include "lower/xla/BufferType.h"
#include "mlir/Parser.h"
#include "pjrt_plugin/Buffers.h"
#include "pjrt_plugin/Client.h"
#include "pjrt_plugin/CompileOptions.h"
#include "pjrt_plugin/Counters.h"
#include "pjrt_plugin/Errors.h"
#include "pjrt_plugin/Events.h"

namespace {

// What a compiled program looks like from outside; shared, because a PJRT_Executable handle may
// outlive the loaded executable it came from.
struct Signature {
  std::string name;
  std::vector<hlotrain::ir::TensorType> arguments, results;
  std::vector<PJRT_Buffer_Type> resultTypes;
  std::vector<int64_t> resultDims; // every result's dimensions, concatenated
  std::vector<size_t> resultRanks;
  std::vector<bool> donated; // per argument: declared `tf.aliasing_output`
};

} // namespace

struct PJRT_Executable {
  std::shared_ptr<const Signature> signature;
};

struct PJRT_LoadedExecutable {
  PJRT_Client* client = nullptr;
  std::shared_ptr<const Signature> signature;
  // The plan reads the module, so the module is declared first and destroyed last. Both are
  // NULL once deleted; guarded by storageMutex(), which every run holds.
  std::unique_ptr<hlotrain::ir::Module> module;
  std::unique_ptr<hlotrain::cpu::Executable> plan;
};

namespace hlotrain::pjrt {
namespace {

std::string argumentName(size_t i) {
  return "argument " + std::to_string(i) + " of @main";
}

std::shared_ptr<const Signature> signatureOf(const ir::Module& module, const ir::Function& main) {
  auto signature = std::make_shared<Signature>();
  signature->name = module.name.empty() ? "main" : module.name;
  signature->arguments = main.argumentTypes();
  signature->results = main.resultTypes;
  for (const ir::TensorType& result : signature->results) {
    signature->resultTypes.push_back(xla::pjrtType(result.elementType));
    signature->resultDims.insert(signature->resultDims.end(), result.shape.begin(),
                                 result.shape.end());
    signature->resultRanks.push_back(result.shape.size());
  }
  for (const std::optional<int64_t>& output : mlir::aliasingOutputs(main))
    signature->donated.push_back(output.has_value());
  return signature;
}

// Parse and verify errors keep the parser's "<program>:line:col" location; see Errors.h for how
// each kind of error is reported.
std::unique_ptr<PJRT_LoadedExecutable> compile(PJRT_Client& client, std::string_view text) {
  auto loaded = std::make_unique<PJRT_LoadedExecutable>();
  loaded->client = &client;
  loaded->module = std::make_unique<ir::Module>(mlir::parse(text, "<program>"));
  ir::verify(*loaded->module);
  const ir::Function* main = loaded->module->lookup("main");
  if (!main)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "the program has no function @main, the entry PJRT runs");
  loaded->signature = signatureOf(*loaded->module, *main);
  loaded->plan = cpu::Executable::compile(*loaded->module, "main");
  return loaded;
}

std::string_view viewOf(const char* data, size_t size, const char* what) {
  if (size && !data)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "`" + std::string(what) + "` is NULL");
  return {data, size};
}

PJRT_Error* clientCompile(PJRT_Client_Compile_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Client_Compile_Args, args);
    PJRT_Client& client = deref(args->client, "client");
    const PJRT_Program& program = deref(args->program, "program");
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Program, &program);
    const std::string_view format = viewOf(program.format, program.format_size, "format");
    if (format != "mlir")
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "Unknown program format '" + std::string(format) + "'.");
    const std::string_view code = viewOf(program.code, program.code_size, "code");
    if (code.starts_with("ML\xEFR"))
      throw Failure(PJRT_Error_Code_UNIMPLEMENTED,
                    "MLIR bytecode is not supported by hlotrain's plugin: pass StableHLO text");
    const BuildOptions build = readBuildOptions(
        viewOf(args->compile_options, args->compile_options_size, "compile_options"));
    if (build.numReplicas != 1 || build.numPartitions != 1)
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "hlotrain's plugin runs 1 replica x 1 partition on its one device; the "
                    "compile options ask for " +
                        std::to_string(build.numReplicas) + " replicas x " +
                        std::to_string(build.numPartitions) + " partitions");
    args->executable = compile(client, code).release();
    counters().compiles++;
  });
}

PJRT_Error* loadedExecutableDestroy(PJRT_LoadedExecutable_Destroy_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_LoadedExecutable_Destroy_Args, args);
    std::lock_guard lock(storageMutex());
    delete args->executable;
  });
}

PJRT_Error* loadedExecutableGetExecutable(PJRT_LoadedExecutable_GetExecutable_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_LoadedExecutable_GetExecutable_Args, args);
    args->executable =
        new PJRT_Executable{deref(args->loaded_executable, "loaded_executable").signature};
  });
}

PJRT_Error*
loadedExecutableAddressableDevices(PJRT_LoadedExecutable_AddressableDevices_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_LoadedExecutable_AddressableDevices_Args, args);
    args->addressable_devices = deref(args->executable, "executable").client->devices;
    args->num_addressable_devices = 1;
  });
}

PJRT_Error* loadedExecutableDelete(PJRT_LoadedExecutable_Delete_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_LoadedExecutable_Delete_Args, args);
    PJRT_LoadedExecutable& loaded = deref(args->executable, "executable");
    std::lock_guard lock(storageMutex());
    loaded.plan.reset();
    loaded.module.reset();
  });
}

PJRT_Error* loadedExecutableIsDeleted(PJRT_LoadedExecutable_IsDeleted_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_LoadedExecutable_IsDeleted_Args, args);
    PJRT_LoadedExecutable& loaded = deref(args->executable, "executable");
    std::lock_guard lock(storageMutex());
    args->is_deleted = !loaded.plan;
  });
}

// The declared donations minus this call's vetoes.
std::vector<bool> donations(const Signature& signature, const PJRT_ExecuteOptions& options) {
  std::vector<bool> donated = signature.donated;
  const size_t vetoes = options.num_non_donatable_input_indices;
  if (vetoes && !options.non_donatable_input_indices)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "`non_donatable_input_indices` is NULL");
  for (size_t k = 0; k < vetoes; ++k) {
    const int64_t i = options.non_donatable_input_indices[k];
    if (i < 0 || static_cast<size_t>(i) >= donated.size())
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "non_donatable_input_indices holds " + std::to_string(i) +
                        ", but @main takes " + std::to_string(donated.size()) + " arguments");
    donated[static_cast<size_t>(i)] = false;
  }
  return donated;
}

// The argument buffers, each live and of its argument's type.
std::vector<PJRT_Buffer*> checkedArguments(const Signature& signature, PJRT_Buffer* const* list) {
  std::vector<PJRT_Buffer*> buffers(signature.arguments.size());
  for (size_t i = 0; i < buffers.size(); ++i) {
    PJRT_Buffer& buffer = deref(list[i], argumentName(i).c_str());
    requireLive(buffer, argumentName(i));
    if (buffer.type != signature.arguments[i])
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, argumentName(i) + ": expected " +
                                                          ir::toString(signature.arguments[i]) +
                                                          ", got " + ir::toString(buffer.type));
    buffers[i] = &buffer;
  }
  return buffers;
}

// For each argument, the first position holding the same buffer. A donated buffer may appear
// only once: its storage is consumed, so a second use would read what the run writes there.
std::vector<size_t> firstUses(const std::vector<PJRT_Buffer*>& buffers,
                              const std::vector<bool>& donated) {
  std::vector<size_t> first(buffers.size());
  for (size_t i = 0; i < buffers.size(); ++i) {
    first[i] = i;
    for (size_t j = 0; j < i; ++j) {
      if (buffers[j] != buffers[i]) continue;
      if (donated[i] || donated[j])
        throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                      "arguments " + std::to_string(j) + " and " + std::to_string(i) +
                          " of @main are the same buffer and argument " +
                          std::to_string(donated[j] ? j : i) +
                          " is donated; list a buffer passed more than once in "
                          "non_donatable_input_indices");
      first[i] = j;
      break;
    }
  }
  return first;
}

// Runs the plan over the arguments' own storage: each buffer's tensor is moved into the inputs
// and, unless donated, moved back afterwards; only a buffer passed more than once is copied, for
// its later uses. A donated buffer ends deleted even when the run fails, since the run may have
// taken its storage. Call with storageMutex() held.
std::vector<ir::Tensor> runOnArguments(cpu::Executable& plan,
                                       const std::vector<PJRT_Buffer*>& buffers,
                                       const std::vector<bool>& donated) {
  const std::vector<size_t> first = firstUses(buffers, donated);
  std::vector<ir::Tensor> inputs(buffers.size());
  for (size_t i = 0; i < buffers.size(); ++i)
    inputs[i] = first[i] == i ? std::move(buffers[i]->storage) : inputs[first[i]];
  auto giveBack = [&] {
    for (size_t i = 0; i < buffers.size(); ++i) {
      if (first[i] != i) continue;
      if (donated[i]) {
        buffers[i]->storage = ir::Tensor();
        buffers[i]->deleted = true;
      } else {
        buffers[i]->storage = std::move(inputs[i]);
      }
    }
  };
  std::vector<ir::Tensor> outputs;
  try {
    outputs = plan.runDonating(inputs, donated);
  } catch (const std::exception& e) {
    giveBack();
    throw Failure(PJRT_Error_Code_INTERNAL, std::string("executing @main failed: ") + e.what());
  }
  giveBack();
  return outputs;
}

PJRT_Error* loadedExecutableExecute(PJRT_LoadedExecutable_Execute_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_LoadedExecutable_Execute_Args, args);
    PJRT_LoadedExecutable& loaded = deref(args->executable, "executable");
    const PJRT_ExecuteOptions& options = deref(args->options, "options");
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_ExecuteOptions, &options);
    if (args->num_devices != 1)
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "the executable runs on 1 device, got num_devices = " +
                        std::to_string(args->num_devices));
    PJRT_Client& client = *loaded.client;
    deviceOf(client, args->execute_device, "execute_device");
    const Signature& signature = *loaded.signature;
    if (args->num_args != signature.arguments.size())
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "@main takes " + std::to_string(signature.arguments.size()) +
                        " arguments, got num_args = " + std::to_string(args->num_args));
    PJRT_Buffer* const* arguments = deref(args->argument_lists, "argument_lists");
    if (args->num_args && !arguments)
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "`argument_lists[0]` is NULL");
    PJRT_Buffer** outputList = deref(args->output_lists, "output_lists");
    if (!outputList) throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "`output_lists[0]` is NULL");
    const std::vector<bool> donated = donations(signature, options);

    std::vector<ir::Tensor> results;
    {
      std::lock_guard lock(storageMutex());
      if (!loaded.plan)
        throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "the executable was deleted");
      results = runOnArguments(*loaded.plan, checkedArguments(signature, arguments), donated);
    }
    // Made outside the lock: destroying one (if a later allocation fails) takes it.
    std::vector<OwnedBuffer> outputs;
    for (ir::Tensor& result : results) outputs.push_back(newBuffer(client, std::move(result)));
    std::unique_ptr<PJRT_Event> done(args->device_complete_events ? newReadyEvent() : nullptr);
    for (size_t i = 0; i < outputs.size(); ++i) outputList[i] = outputs[i].release();
    if (args->device_complete_events) args->device_complete_events[0] = done.release();
    counters().executes++;
  });
}

PJRT_Error* executableDestroy(PJRT_Executable_Destroy_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Executable_Destroy_Args, args);
    delete args->executable;
  });
}

PJRT_Error* executableName(PJRT_Executable_Name_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Executable_Name_Args, args);
    const std::string& name = deref(args->executable, "executable").signature->name;
    args->executable_name = name.c_str();
    args->executable_name_size = name.size();
  });
}

PJRT_Error* executableNumReplicas(PJRT_Executable_NumReplicas_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Executable_NumReplicas_Args, args);
    deref(args->executable, "executable");
    args->num_replicas = 1;
  });
}

PJRT_Error* executableNumPartitions(PJRT_Executable_NumPartitions_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Executable_NumPartitions_Args, args);
    deref(args->executable, "executable");
    args->num_partitions = 1;
  });
}

PJRT_Error* executableNumOutputs(PJRT_Executable_NumOutputs_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Executable_NumOutputs_Args, args);
    args->num_outputs = deref(args->executable, "executable").signature->results.size();
  });
}

PJRT_Error* executableOutputElementTypes(PJRT_Executable_OutputElementTypes_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Executable_OutputElementTypes_Args, args);
    const Signature& signature = *deref(args->executable, "executable").signature;
    // The API's field is not const, but the array belongs to the executable.
    args->output_types = const_cast<PJRT_Buffer_Type*>(signature.resultTypes.data());
    args->num_output_types = signature.resultTypes.size();
  });
}

PJRT_Error* executableOutputDimensions(PJRT_Executable_OutputDimensions_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Executable_OutputDimensions_Args, args);
    const Signature& signature = *deref(args->executable, "executable").signature;
    args->num_outputs = signature.resultRanks.size();
    args->dims = signature.resultDims.data();
    args->dim_sizes = signature.resultRanks.data();
  });
}

Failure noFingerprint() {
  return Failure(PJRT_Error_Code_UNIMPLEMENTED, "hlotrain's plugin computes no fingerprints");
}

PJRT_Error* executableFingerprint(PJRT_Executable_Fingerprint_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Executable_Fingerprint_Args, args);
    throw noFingerprint();
  });
}

PJRT_Error* loadedExecutableFingerprint(PJRT_LoadedExecutable_Fingerprint_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_LoadedExecutable_Fingerprint_Args, args);
    throw noFingerprint();
  });
}

} // namespace

void fillExecutableSlots(PJRT_Api& api) {
  api.PJRT_Client_Compile = clientCompile;

  api.PJRT_LoadedExecutable_Destroy = loadedExecutableDestroy;
  api.PJRT_LoadedExecutable_GetExecutable = loadedExecutableGetExecutable;
  api.PJRT_LoadedExecutable_AddressableDevices = loadedExecutableAddressableDevices;
  api.PJRT_LoadedExecutable_Delete = loadedExecutableDelete;
  api.PJRT_LoadedExecutable_IsDeleted = loadedExecutableIsDeleted;
  api.PJRT_LoadedExecutable_Execute = loadedExecutableExecute;
  api.PJRT_LoadedExecutable_Fingerprint = loadedExecutableFingerprint;

  api.PJRT_Executable_Destroy = executableDestroy;
  api.PJRT_Executable_Name = executableName;
  api.PJRT_Executable_NumReplicas = executableNumReplicas;
  api.PJRT_Executable_NumPartitions = executableNumPartitions;
  api.PJRT_Executable_NumOutputs = executableNumOutputs;
  api.PJRT_Executable_OutputElementTypes = executableOutputElementTypes;
  api.PJRT_Executable_OutputDimensions = executableOutputDimensions;
  api.PJRT_Executable_Fingerprint = executableFingerprint;
}

} // namespace hlotrain::pjrt

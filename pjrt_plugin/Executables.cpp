#include "pjrt_plugin/Executables.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
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
#include "pjrt_plugin/Processes.h"

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
  int64_t replicas = 1;
};

} // namespace

struct PJRT_Executable {
  std::shared_ptr<const Signature> signature;
};

// One plan per replica of this process, each run on its replica's device by a thread of its
// own; their collectives meet at a Rendezvous, or through the store when some replicas run in
// other processes.
struct PJRT_LoadedExecutable {
  PJRT_Client* client = nullptr;
  std::shared_ptr<const Signature> signature;
  std::vector<PJRT_Device*> devices; // this process's replicas' devices, in replica order
  std::vector<int64_t> replicas;     // their indices among all the program's replicas
  // The plans read the module and meet at the collectives, so both are declared first and
  // destroyed last. Plans and module are empty once deleted; guarded by storageMutex(*client),
  // which every run holds.
  std::unique_ptr<hlotrain::ir::Module> module;
  std::unique_ptr<hlotrain::cpu::Collectives> collectives;
  std::vector<std::unique_ptr<hlotrain::cpu::Executable>> plans;
};

namespace hlotrain::pjrt {
namespace {

std::string argumentName(size_t i) {
  return "argument " + std::to_string(i) + " of @main";
}

std::shared_ptr<const Signature> signatureOf(const ir::Module& module, const ir::Function& main,
                                             int64_t replicas) {
  auto signature = std::make_shared<Signature>();
  signature->replicas = replicas;
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

// The devices of the replicas: the device assignment's, checked as XLA's computation placer
// does, or replica r on device r (the client's default assignment).
std::vector<PJRT_Device*> replicaDevices(PJRT_Client& client, const BuildOptions& build) {
  const int64_t replicas = build.numReplicas;
  if (build.numPartitions != 1)
    throw Failure(PJRT_Error_Code_UNIMPLEMENTED,
                  "hlotrain's plugin runs replicas, not partitions; the compile options ask for " +
                      std::to_string(build.numPartitions) + " partitions");
  if (replicas > static_cast<int64_t>(client.devices.size()))
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "the compile options ask for " + std::to_string(replicas) +
                      " replicas x 1 "
                      "partition, but hlotrain's plugin has " +
                      std::to_string(client.devices.size()) +
                      (client.devices.size() == 1 ? " device" : " devices") +
                      " (set HLOTRAIN_PJRT_DEVICES or the create option cpu_device_count)");
  std::vector<PJRT_Device*> devices;
  if (!build.deviceAssignment) {
    for (int64_t r = 0; r < replicas; ++r)
      devices.push_back(client.devices[static_cast<size_t>(r)]);
    return devices;
  }
  const DeviceAssignment& da = *build.deviceAssignment;
  if (da.replicaCount != replicas || da.computationCount != 1 || da.replicaDevices.size() != 1 ||
      static_cast<int64_t>(da.replicaDevices[0].size()) != replicas)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "the device assignment (" + std::to_string(da.replicaCount) + " replicas x " +
                      std::to_string(da.computationCount) + " computations, " +
                      std::to_string(da.replicaDevices.size()) +
                      " lists of devices) does not place the " + std::to_string(replicas) +
                      " replicas x 1 partition of the compile options");
  for (int64_t id : da.replicaDevices[0]) {
    PJRT_Device* device = &deviceWithId(client, id, "id");
    if (std::find(devices.begin(), devices.end(), device) != devices.end())
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "the device assignment places two replicas on device " + std::to_string(id));
    devices.push_back(device);
  }
  return devices;
}

// Parse and verify errors keep the parser's "<program>:line:col" location; see Errors.h for how
// each kind of error is reported.
std::unique_ptr<PJRT_LoadedExecutable> compile(PJRT_Client& client, std::string_view text,
                                               const BuildOptions& build) {
  auto loaded = std::make_unique<PJRT_LoadedExecutable>();
  loaded->client = &client;
  const std::vector<PJRT_Device*> placed = replicaDevices(client, build);
  for (size_t r = 0; r < placed.size(); ++r)
    if (placed[r]->description.addressable) {
      loaded->devices.push_back(placed[r]);
      loaded->replicas.push_back(static_cast<int64_t>(r));
    }
  const int64_t program = client.compiled++;
  loaded->module = std::make_unique<ir::Module>(mlir::parse(text, "<program>"));
  ir::verify(*loaded->module);
  const ir::Function* main = loaded->module->lookup("main");
  if (!main)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "the program has no function @main, the entry PJRT runs");
  const int64_t replicas = build.numReplicas;
  loaded->signature = signatureOf(*loaded->module, *main, replicas);
  if (loaded->devices.size() == placed.size())
    loaded->collectives = std::make_unique<cpu::Rendezvous>(replicas);
  else
    loaded->collectives =
        std::make_unique<StoreCollectives>(*client.store, std::to_string(program), replicas);
  cpu::CompileOptions options;
  // The replicas share the host's cores.
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int local = static_cast<int>(std::max<size_t>(loaded->devices.size(), 1));
  options.threads = std::max(1, std::min(options.threads, cores / local));
  for (int64_t r : loaded->replicas) {
    options.replica = {r, loaded->collectives.get()};
    loaded->plans.push_back(cpu::Executable::compile(*loaded->module, "main", options));
  }
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
    args->executable = compile(client, code, build).release();
    counters().compiles++;
  });
}

PJRT_Error* loadedExecutableDestroy(PJRT_LoadedExecutable_Destroy_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_LoadedExecutable_Destroy_Args, args);
    if (!args->executable) return;
    std::lock_guard lock(storageMutex(*args->executable->client));
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
    PJRT_LoadedExecutable& loaded = deref(args->executable, "executable");
    args->addressable_devices = loaded.devices.data();
    args->num_addressable_devices = loaded.devices.size();
  });
}

PJRT_Error* loadedExecutableDelete(PJRT_LoadedExecutable_Delete_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_LoadedExecutable_Delete_Args, args);
    PJRT_LoadedExecutable& loaded = deref(args->executable, "executable");
    std::lock_guard lock(storageMutex(*loaded.client));
    loaded.plans.clear();
    loaded.module.reset();
  });
}

PJRT_Error* loadedExecutableIsDeleted(PJRT_LoadedExecutable_IsDeleted_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_LoadedExecutable_IsDeleted_Args, args);
    PJRT_LoadedExecutable& loaded = deref(args->executable, "executable");
    std::lock_guard lock(storageMutex(*loaded.client));
    args->is_deleted = loaded.plans.empty();
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

// The argument buffers of one replica, each live, of its argument's type and on the replica's
// device.
std::vector<PJRT_Buffer*> checkedArguments(const Signature& signature, PJRT_Buffer* const* list,
                                           size_t replica, const PJRT_Device& device) {
  std::vector<PJRT_Buffer*> buffers(signature.arguments.size());
  const std::string row = signature.replicas > 1 ? " of replica " + std::to_string(replica) : "";
  for (size_t i = 0; i < buffers.size(); ++i) {
    PJRT_Buffer& buffer = deref(list[i], (argumentName(i) + row).c_str());
    requireLive(buffer, argumentName(i) + row);
    if (buffer.type != signature.arguments[i])
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, argumentName(i) + row + ": expected " +
                                                          ir::toString(signature.arguments[i]) +
                                                          ", got " + ir::toString(buffer.type));
    if (buffer.device != &device)
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "Buffer passed to Execute() as argument " + std::to_string(i) + " to replica " +
                        std::to_string(replica) + " is on device " +
                        buffer.device->description.toString +
                        ", but replica is assigned to device " + device.description.toString + ".");
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

// One replica's arguments lent to its run: each buffer's tensor is moved into the inputs and,
// unless donated, moved back afterwards; only a buffer passed more than once is copied, for its
// later uses. A donated buffer ends deleted even when the run fails, since the run may have taken
// its storage. Make and give back with storageMutex(client) held.
class LentArguments {
public:
  LentArguments(std::vector<PJRT_Buffer*> buffers, const std::vector<bool>& donated)
      : buffers_(std::move(buffers)), donated_(donated), first_(firstUses(buffers_, donated)),
        inputs_(buffers_.size()) {
    for (size_t i = 0; i < buffers_.size(); ++i)
      inputs_[i] = first_[i] == i ? std::move(buffers_[i]->storage) : inputs_[first_[i]];
  }
  std::vector<ir::Tensor>& inputs() { return inputs_; }

  void giveBack() {
    for (size_t i = 0; i < buffers_.size(); ++i) {
      if (first_[i] != i) continue;
      if (donated_[i]) {
        buffers_[i]->storage = ir::Tensor();
        buffers_[i]->deleted = true;
      } else {
        buffers_[i]->storage = std::move(inputs_[i]);
      }
    }
  }

private:
  std::vector<PJRT_Buffer*> buffers_;
  const std::vector<bool>& donated_;
  std::vector<size_t> first_;
  std::vector<ir::Tensor> inputs_;
};

// Runs every replica's plan on its lent arguments, each on a thread of its own when there are
// several (their collectives wait for one another). A replica that fails aborts the rendezvous, so
// the others leave their collectives; the error reported is the first replica's own. Call with
// storageMutex(client) held: the plans run on storage lent out of buffers.
std::vector<std::vector<ir::Tensor>> runReplicas(PJRT_LoadedExecutable& loaded,
                                                 std::vector<LentArguments>& lent,
                                                 const std::vector<bool>& donated) {
  const size_t replicas = lent.size();
  std::vector<std::vector<ir::Tensor>> results(replicas);
  std::mutex failureMutex;
  std::optional<std::string> failure;
  auto run = [&](size_t r) {
    try {
      results[r] = loaded.plans[r]->runDonating(lent[r].inputs(), donated);
    } catch (const std::exception& e) {
      const std::string what =
          (replicas > 1 ? "replica " + std::to_string(r) + ": " : "") + std::string(e.what());
      {
        std::lock_guard lock(failureMutex);
        if (!failure) failure = what;
      }
      loaded.collectives->abort("another replica failed (" + what + ")");
    }
  };
  if (auto* store = dynamic_cast<StoreCollectives*>(loaded.collectives.get())) store->beginRun();
  if (replicas == 1) {
    run(0);
  } else {
    std::vector<std::thread> threads;
    for (size_t r = 0; r < replicas; ++r) threads.emplace_back(run, r);
    for (std::thread& t : threads) t.join();
  }
  loaded.collectives->reset();
  for (LentArguments& arguments : lent) arguments.giveBack();
  if (failure) throw Failure(PJRT_Error_Code_INTERNAL, "executing @main failed: " + *failure);
  return results;
}

PJRT_Error* loadedExecutableExecute(PJRT_LoadedExecutable_Execute_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_LoadedExecutable_Execute_Args, args);
    PJRT_LoadedExecutable& loaded = deref(args->executable, "executable");
    const PJRT_ExecuteOptions& options = deref(args->options, "options");
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_ExecuteOptions, &options);
    const size_t replicas = loaded.devices.size();
    if (args->num_devices != replicas)
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "Attempted to execute with " + std::to_string(args->num_devices) +
                        " argument lists when local device count is " + std::to_string(replicas) +
                        " (total replica count: " + std::to_string(loaded.signature->replicas) +
                        ", partition count: 1)");
    PJRT_Client& client = *loaded.client;
    if (args->execute_device && (replicas != 1 || &deviceOf(client, args->execute_device,
                                                            "execute_device") != loaded.devices[0]))
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "`execute_device` must be NULL or the device of the executable's one replica");
    const Signature& signature = *loaded.signature;
    if (args->num_args != signature.arguments.size())
      throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                    "@main takes " + std::to_string(signature.arguments.size()) +
                        " arguments, got num_args = " + std::to_string(args->num_args));
    PJRT_Buffer* const* const* argumentLists = &deref(args->argument_lists, "argument_lists");
    PJRT_Buffer** const* outputLists = &deref(args->output_lists, "output_lists");
    for (size_t r = 0; r < replicas; ++r) {
      if (args->num_args && !argumentLists[r])
        throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                      "`argument_lists[" + std::to_string(r) + "]` is NULL");
      if (!outputLists[r])
        throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                      "`output_lists[" + std::to_string(r) + "]` is NULL");
    }
    const std::vector<bool> donated = donations(signature, options);

    std::vector<std::vector<ir::Tensor>> results;
    {
      std::lock_guard lock(storageMutex(*loaded.client));
      if (loaded.plans.empty())
        throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "the executable was deleted");
      std::vector<std::vector<PJRT_Buffer*>> checked;
      for (size_t r = 0; r < replicas; ++r)
        checked.push_back(checkedArguments(signature, argumentLists[r],
                                           static_cast<size_t>(loaded.replicas[r]),
                                           *loaded.devices[r]));
      for (size_t r = 0; r < replicas; ++r)
        for (size_t q = 0; q < r; ++q)
          for (PJRT_Buffer* buffer : checked[r])
            if (std::find(checked[q].begin(), checked[q].end(), buffer) != checked[q].end())
              throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "replicas " + std::to_string(q) +
                                                                  " and " + std::to_string(r) +
                                                                  " are passed the same buffer");
      std::vector<LentArguments> lent;
      lent.reserve(replicas);
      for (size_t r = 0; r < replicas; ++r) lent.emplace_back(std::move(checked[r]), donated);
      results = runReplicas(loaded, lent, donated);
    }
    // Made outside the lock: destroying one (if a later allocation fails) takes it.
    std::vector<std::vector<OwnedBuffer>> outputs(replicas);
    for (size_t r = 0; r < replicas; ++r)
      for (ir::Tensor& result : results[r])
        outputs[r].push_back(newBuffer(client, *loaded.devices[r], std::move(result)));
    std::vector<std::unique_ptr<PJRT_Event>> done;
    if (args->device_complete_events)
      for (size_t r = 0; r < replicas; ++r) done.emplace_back(newReadyEvent());
    for (size_t r = 0; r < replicas; ++r) {
      for (size_t i = 0; i < outputs[r].size(); ++i) outputLists[r][i] = outputs[r][i].release();
      if (args->device_complete_events) args->device_complete_events[r] = done[r].release();
    }
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
    args->num_replicas =
        static_cast<size_t>(deref(args->executable, "executable").signature->replicas);
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

#pragma once
// The xla lowerer: a PJRT C API client. The plugin (XLA's CUDA plugin from JAX, or our own
// libhlotrain_pjrt.so over the cpu lowerer) is loaded with dlopen at run time, so this binary
// links no XLA; the emitted .mlir text is what the plugin compiles. LOWERERS.md has the facts
// (struct layouts, versions, compile options, donation) this client is written to.

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "lower/Lowerer.h"
#include "lower/xla/KeyValueStore.h"

struct PJRT_Api;
struct PJRT_Client;
struct PJRT_Device;
struct PJRT_DeviceDescription;

namespace hlotrain::xla {

class XlaLowerer : public lower::Lowerer {
public:
  // Loads the plugin at `pluginPath` and creates its client. Throws UnsupportedError, one line
  // naming the path and the cause (no path given, dlopen's text, no GetPjrtApi, a PJRT version
  // this client cannot drive), and RuntimeError for a plugin that fails to start. With several
  // processes, it first joins the others through the coordinator (joinProcesses), then creates
  // the client as node `processId` of `processes` with the store's callbacks.
  explicit XlaLowerer(const std::string& pluginPath, const ProcessGroup& group = {});
  ~XlaLowerer() override;

  std::string_view name() const override { return "xla"; }
  std::string describe() const override;
  std::unique_ptr<lower::Session> compile(std::string_view mlirText,
                                          const std::string& name) override;
  using lower::Lowerer::upload;
  std::unique_ptr<lower::Buffer> upload(const ir::Tensor& tensor) override;
  ir::Tensor download(const lower::Buffer& buffer) override;
  int64_t devices() const override { return static_cast<int64_t>(devices_.size()); }
  std::unique_ptr<lower::Buffer> uploadTo(const ir::Tensor& tensor, int64_t device) override;
  int64_t processes() const override { return group_.processes; }
  int64_t processId() const override { return group_.processId; }

private:
  ProcessGroup group_;
  Coordination coordination_;
  std::string path_;
  const PJRT_Api* api_ = nullptr;
  PJRT_Client* client_ = nullptr;
  // The client's addressable devices by id: replica r of a one-process graph runs on device r.
  std::vector<PJRT_Device*> devices_;
  // Every process's devices by (process, id): replica r of a graph runs on globalDevices_[r], the
  // same device assignment in every process.
  std::vector<PJRT_Device*> globalDevices_;
  // A device's PJRT id, what a device assignment names, and its process.
  int64_t deviceId(PJRT_Device* device) const;
  int64_t processOf(PJRT_Device* device) const;
  PJRT_DeviceDescription* descriptionOf(PJRT_Device* device) const;
  // How many of the first `replicas` of `placed` are this process's.
  int64_t localReplicas(const std::vector<PJRT_Device*>& placed, int64_t replicas) const;
  std::string platform_;
};

// The serialized xla.CompileOptionsProto for `replicas` x `partitions` (LOWERERS.md §1.7): the
// fields proto3 would otherwise read as 0 are always written. With `replicaDevices` (replica r on
// device id replicaDevices[r], one partition), its device assignment and use_spmd_partitioning
// as LOWERERS.md "Compile options for N devices" encodes them. With `exactRoundings`, its
// env_option_overrides set XLA's xla_allow_excess_precision to false: by default XLA may keep a
// value in f32 where the graph converts it to bf16 (a bf16 graph's convolution inputs), so the
// run would not be the one the .mlir artifact describes; measured on XLA:CUDA, that was most of
// the cpu-to-xla difference of the bf16 graphs (tests/device/README.md).
std::string compileOptionsProto(int64_t replicas, int64_t partitions, bool exactRoundings,
                                std::span<const int64_t> replicaDevices = {});

} // namespace hlotrain::xla

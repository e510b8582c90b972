#pragma once
// The lowerer interface: how train/, the CLI and the C++ API run an emitted graph without knowing
// what executes it. Backends: `cpu` (built in), `xla` (a PJRT plugin loaded with dlopen) and
// `iree` (iree-compile, then a runtime shim loaded with dlopen). DESIGN.md "External lowerers".
//
// State lives where the lowerer runs: a Buffer is a tensor in the lowerer's memory (host memory
// on cpu, device memory through PJRT). A training loop uploads the parameters once, feeds each
// step's results back as the next step's arguments, and downloads only what the host reads (the
// loss, BatchNorm batch statistics; parameters for checkpoints).

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ir/Op.h"
#include "ir/Tensor.h"
#include "support/RunFiles.h"

namespace hlotrain::lower {

// A tensor held by a lowerer. Buffers of one Lowerer can be passed to every Session it loaded.
class Buffer {
public:
  virtual ~Buffer() = default;
  virtual const ir::TensorType& type() const = 0;
  // True once a run consumed it (a donated argument): passing it again is a RuntimeError.
  virtual bool consumed() const = 0;
  // The tensor itself when the lowerer keeps it in host memory (cpu), else null: the host may
  // read it without a transfer.
  virtual const ir::Tensor* hostTensor() const { return nullptr; }
};

// A loaded graph (`main` of one module), ready to run many times.
class Session {
public:
  virtual ~Session() = default;
  virtual const std::vector<ir::TensorType>& argumentTypes() const = 0;
  virtual const std::vector<ir::TensorType>& resultTypes() const = 0;
  // Per argument, the result it is donated to (`tf.aliasing_output` in the graph), or nullopt.
  virtual const std::vector<std::optional<int64_t>>& donation() const = 0;
  // Seconds the lowerer spent compiling this graph when it was loaded.
  virtual double compileSeconds() const = 0;

  // Runs on buffers of this session's lowerer. With `donate`, the arguments the graph donates
  // are consumed (their storage may hold the results); without it every argument stays valid,
  // for a caller that may discard the results (a skipped step). Throws RuntimeError naming the
  // argument when one has the wrong type or was consumed.
  virtual std::vector<std::unique_ptr<Buffer>> execute(std::span<Buffer* const> arguments,
                                                       bool donate = true) = 0;

  // The replicas of the graph this process runs (all its mhlo.num_replicas but in a multi-process
  // run): 1 but for a data-parallel train step.
  virtual int64_t replicas() const { return 1; }
  // Runs this process's replicas at once, its r-th on argumentLists[r], whose buffers are on the
  // lowerer's device r; returns each one's results. One list on a one-replica graph is execute().
  virtual std::vector<std::vector<std::unique_ptr<Buffer>>>
  executeReplicas(std::span<const std::vector<Buffer*>> argumentLists, bool donate = true);

  // Host tensors in and out, nothing donated: a graph run once (`hlotrain run`, `diff`, tests).
  std::vector<ir::Tensor> run(std::span<const ir::Tensor> inputs);

protected:
  explicit Session(class Lowerer& lowerer) : lowerer_(lowerer) {}
  class Lowerer& lowerer_;
};

class Lowerer {
public:
  virtual ~Lowerer() = default;
  virtual std::string_view name() const = 0;
  // One line for a run's header: the name and what it runs on (a plugin's path and version).
  virtual std::string describe() const { return std::string(name()); }
  // The file this lowerer loads for `graph` of a run (support/RunFiles.h): by default the .mlir
  // itself. Call graphArtifact() rather than this directly.
  virtual std::string artifactPath(const RunFiles& run, Graph graph) const;
  // Makes the graph's artifact ready from its .mlir (iree compiles it unless its cache key
  // matches) and says how, for the start-up line ("" when the .mlir is the artifact). A run
  // prepares every graph it will load before its first step, so a graph that cannot be built
  // stops the run before any training.
  virtual std::string prepare(const RunFiles& run, Graph graph);
  // Loads graphArtifact(run, graph) and returns a session for its `main`; by default the artifact
  // is the .mlir text, compiled with compile().
  virtual std::unique_ptr<Session> load(const RunFiles& run, Graph graph);
  // Compiles StableHLO text whose entry is `main`; `name` labels errors (a file name).
  virtual std::unique_ptr<Session> compile(std::string_view mlirText, const std::string& name) = 0;

  virtual std::unique_ptr<Buffer> upload(const ir::Tensor& tensor) = 0;
  // The same for a tensor the caller gives up, which is left empty: the cpu lowerer keeps its
  // storage and the others release the host copy, so a training run holds its parameters once.
  virtual std::unique_ptr<Buffer> upload(ir::Tensor&& tensor) {
    std::unique_ptr<Buffer> buffer = upload(static_cast<const ir::Tensor&>(tensor));
    tensor = ir::Tensor();
    return buffer;
  }
  // Throws RuntimeError for a consumed buffer.
  virtual ir::Tensor download(const Buffer& buffer) = 0;

  // The devices this lowerer can run replicas on: 1 but for a PJRT plugin with several.
  virtual int64_t devices() const { return 1; }
  // `tensor` on device `device` of devices(); upload() is device 0.
  virtual std::unique_ptr<Buffer> uploadTo(const ir::Tensor& tensor, int64_t device);
  // The processes of a multi-process run and this one's index (xla with --num-processes): each
  // runs the replicas of its own devices(), process p those after p's predecessors'.
  virtual int64_t processes() const { return 1; }
  virtual int64_t processId() const { return 0; }
};

// The replica count a module is compiled for: its `mhlo.num_replicas` attribute, 1 without one.
// VerifyError when the attribute is not a positive integer.
int64_t replicaCount(const ir::Module& module);

// The one function that says which file a lowerer loads (`.mlir` on cpu and xla, `.vmfb` on
// iree); every "does the artifact exist" guard and every load goes through it.
std::string graphArtifact(const Lowerer& lowerer, const RunFiles& run, Graph graph);
// The whole text of a file; RuntimeError naming it when it cannot be read.
std::string readText(const std::string& path);

} // namespace hlotrain::lower

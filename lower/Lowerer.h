#pragma once
// The lowerer interface: how train/ runs an emitted graph without knowing what executes it.
// Backends: `cpu` (built in), `xla` and `iree` (shared libraries loaded at run time; until they
// exist, asking for them is a clear error, never a silent fallback).

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ir/Tensor.h"

namespace hlotrain::lower {

// A loaded graph, ready to run many times.
class Session {
public:
  virtual ~Session() = default;
  // Throws RuntimeError when the inputs do not match the graph's signature.
  virtual std::vector<ir::Tensor> run(std::span<const ir::Tensor> inputs) = 0;
  // Like run(), but the inputs flagged in `donated` (one flag per input) are consumed and left
  // empty; a lowerer may return results in their storage, written in place. A training loop
  // donates the parameters and optimizer state it gets back as results, so a step holds them
  // once rather than twice and allocates nothing large. This default runs run() and then
  // empties the donated inputs.
  virtual std::vector<ir::Tensor> runDonating(std::span<ir::Tensor> inputs,
                                              const std::vector<bool>& donated);
};

class Lowerer {
public:
  virtual ~Lowerer() = default;
  virtual std::string_view name() const = 0;
  // The file this lowerer loads for graph `suffix` ("fwd", "fwd_eval", "train_step") of a
  // prefix. Call graphArtifact() rather than this directly.
  virtual std::string artifactPath(const std::string& prefix, std::string_view suffix) const = 0;
  // Loads `<prefix>_<suffix>.mlir` (compiling it to the lowerer's own artifact first when it
  // has one) and returns a session for its `main`.
  virtual std::unique_ptr<Session> load(const std::string& prefix, std::string_view suffix) = 0;
};

// The emitted StableHLO text of a graph: `<prefix>_<suffix>.mlir`.
std::string mlirPath(const std::string& prefix, std::string_view suffix);
// The one function that says which file a lowerer loads; every "does the artifact exist" guard
// goes through it.
std::string graphArtifact(const Lowerer& lowerer, const std::string& prefix,
                          std::string_view suffix);

// "cpu", "xla" or "iree"; throws UnsupportedError naming what is missing for an unavailable one.
std::unique_ptr<Lowerer> makeLowerer(std::string_view name);
// HLOTRAIN_LOWERER, default "cpu".
std::unique_ptr<Lowerer> lowererFromEnvironment();

} // namespace hlotrain::lower

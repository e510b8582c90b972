#pragma once
// The iree lowerer: iree-compile turns each emitted graph into `<prefix>_<graph>.vmfb` (cached on
// a key over the MLIR text and the target flags, lower/iree/Compile.h), and an IREE runtime
// runs it. The runtime is a shim library built only where an IREE runtime install was found at
// configure time; no such install exists for Debian, so in this build the compile step and its
// cache work and running says that the runtime is missing.

#include "lower/Lowerer.h"
#include "lower/iree/Compile.h"

namespace hlotrain::iree {

class IreeLowerer : public lower::Lowerer {
public:
  // Resolves iree-compile and the target from the environment (ireeTargetFromEnvironment).
  IreeLowerer();

  std::string_view name() const override { return "iree"; }
  std::string describe() const override;
  std::string artifactPath(const RunFiles& run, Graph graph) const override;
  // Compiles the graph's .mlir unless its .vmfb's key matches: "compiled to .vmfb in 2.1 s" or
  // "(cached)".
  std::string prepare(const RunFiles& run, Graph graph) override;
  std::unique_ptr<lower::Session> load(const RunFiles& run, Graph graph) override;
  std::unique_ptr<lower::Session> compile(std::string_view mlirText,
                                          const std::string& name) override;
  using lower::Lowerer::upload;
  std::unique_ptr<lower::Buffer> upload(const ir::Tensor& tensor) override;
  ir::Tensor download(const lower::Buffer& buffer) override;

private:
  [[noreturn]] void noRuntime(const std::string& what) const;
  IreeTarget target_;
};

} // namespace hlotrain::iree

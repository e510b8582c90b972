#include "lower/Lowerer.h"

#include <cstdlib>

#include "lower/cpu/CpuLowerer.h"
#include "support/Error.h"

namespace hlotrain::lower {

std::vector<ir::Tensor> Session::runDonating(std::span<ir::Tensor> inputs,
                                             const std::vector<bool>& donated) {
  if (donated.size() != inputs.size())
    throw RuntimeError(std::to_string(donated.size()) + " donation flags for " +
                       std::to_string(inputs.size()) + " inputs");
  std::vector<ir::Tensor> results = run(inputs);
  for (size_t i = 0; i < inputs.size(); ++i)
    if (donated[i]) inputs[i] = ir::Tensor();
  return results;
}

std::string mlirPath(const std::string& prefix, std::string_view suffix) {
  return prefix + "_" + std::string(suffix) + ".mlir";
}

std::string graphArtifact(const Lowerer& lowerer, const std::string& prefix,
                          std::string_view suffix) {
  return lowerer.artifactPath(prefix, suffix);
}

std::unique_ptr<Lowerer> makeLowerer(std::string_view name) {
  if (name == "cpu") return std::make_unique<cpu::CpuLowerer>();
  if (name == "xla")
    throw UnsupportedError("lowerer 'xla' is not available in this build (it needs the PJRT "
                           "plugin loader, not built yet); use HLOTRAIN_LOWERER=cpu");
  if (name == "iree")
    throw UnsupportedError("lowerer 'iree' is not available in this build (it needs the IREE "
                           "runtime loader, not built yet); use HLOTRAIN_LOWERER=cpu");
  throw UnsupportedError("unknown lowerer '" + std::string(name) + "' (expected cpu, xla or iree)");
}

std::unique_ptr<Lowerer> lowererFromEnvironment() {
  const char* name = std::getenv("HLOTRAIN_LOWERER");
  return makeLowerer(name && *name ? name : "cpu");
}

} // namespace hlotrain::lower

#include "lower/iree/IreeLowerer.h"

#include "support/Error.h"
#include "support/Format.h"

namespace hlotrain::iree {

IreeLowerer::IreeLowerer() : target_(ireeTargetFromEnvironment()) {}

std::string IreeLowerer::describe() const {
  return "iree (" + target_.backend + (target_.chip.empty() ? "" : " " + target_.chip) + ", " +
         target_.compiler + ")";
}

std::string IreeLowerer::artifactPath(const RunFiles& run, Graph graph) const {
  return run.compiledGraph(graph);
}

std::string IreeLowerer::prepare(const RunFiles& run, Graph graph) {
  CompiledGraph g = compileGraph(target_, run.graph(graph), lower::graphArtifact(*this, run, graph),
                                 graphName(graph));
  return g.cached ? "(cached)" : "compiled to .vmfb in " + formatFixed(g.seconds, 1) + " s";
}

void IreeLowerer::noRuntime(const std::string& what) const {
  throw UnsupportedError("iree: " + what +
                         ", but this build has no IREE runtime: none was installed when it was "
                         "configured, and IREE's runtime is a static library only, so hlotrain "
                         "cannot load one at run time (run the .vmfb with iree-run-module, or use "
                         "--lowerer cpu or xla)");
}

std::unique_ptr<lower::Session> IreeLowerer::load(const RunFiles& run, Graph graph) {
  noRuntime(lower::graphArtifact(*this, run, graph) + " is ready");
}

std::unique_ptr<lower::Session> IreeLowerer::compile(std::string_view, const std::string& name) {
  noRuntime("cannot run " + name);
}

std::unique_ptr<lower::Buffer> IreeLowerer::upload(const ir::Tensor&) {
  noRuntime("cannot hold a buffer");
}

ir::Tensor IreeLowerer::download(const lower::Buffer&) {
  noRuntime("cannot hold a buffer");
}

} // namespace hlotrain::iree

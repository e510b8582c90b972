#include "lower/Lowerer.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "support/Error.h"

namespace hlotrain::lower {

std::vector<ir::Tensor> Session::run(std::span<const ir::Tensor> inputs) {
  std::vector<std::unique_ptr<Buffer>> uploaded;
  std::vector<Buffer*> arguments;
  for (const ir::Tensor& t : inputs) {
    uploaded.push_back(lowerer_.upload(t));
    arguments.push_back(uploaded.back().get());
  }
  std::vector<std::unique_ptr<Buffer>> results = execute(arguments, /*donate=*/false);
  std::vector<ir::Tensor> tensors;
  for (const std::unique_ptr<Buffer>& r : results) tensors.push_back(lowerer_.download(*r));
  return tensors;
}

std::string Lowerer::prepare(const RunFiles&, Graph) {
  return "";
}

std::string Lowerer::artifactPath(const RunFiles& run, Graph graph) const {
  return run.graph(graph);
}

std::unique_ptr<Session> Lowerer::load(const RunFiles& run, Graph graph) {
  const std::string path = graphArtifact(*this, run, graph);
  return compile(readText(path), path);
}

std::string graphArtifact(const Lowerer& lowerer, const RunFiles& run, Graph graph) {
  return lowerer.artifactPath(run, graph);
}

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RuntimeError(path + ": cannot open (" + std::strerror(errno) + ")");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw RuntimeError(path + ": read error");
  return text.str();
}

} // namespace hlotrain::lower

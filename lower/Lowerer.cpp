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

std::vector<std::vector<std::unique_ptr<Buffer>>>
Session::executeReplicas(std::span<const std::vector<Buffer*>> argumentLists, bool donate) {
  if (argumentLists.size() != static_cast<size_t>(replicas()))
    throw RuntimeError("the graph runs " + std::to_string(replicas()) + " replicas, given " +
                       std::to_string(argumentLists.size()) + " argument lists");
  if (replicas() != 1)
    throw UnsupportedError("the " + std::string(lowerer_.name()) +
                           " lowerer runs one replica of a graph");
  std::vector<std::vector<std::unique_ptr<Buffer>>> results;
  results.push_back(execute(argumentLists[0], donate));
  return results;
}

std::unique_ptr<Buffer> Lowerer::uploadTo(const ir::Tensor& tensor, int64_t device) {
  if (device != 0)
    throw RuntimeError("the " + std::string(name()) + " lowerer has one device, not device " +
                       std::to_string(device));
  return upload(tensor);
}

int64_t replicaCount(const ir::Module& module) {
  constexpr std::string_view key = "mhlo.num_replicas";
  const std::string& text = module.attributes;
  const size_t at = text.find(key);
  if (at == std::string::npos) return 1;
  size_t i = at + key.size();
  auto skipSpaces = [&] {
    while (i < text.size() && text[i] == ' ') ++i;
  };
  skipSpaces();
  int64_t count = 0;
  bool digits = false;
  if (i < text.size() && text[i] == '=') {
    ++i;
    skipSpaces();
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9' && count < (int64_t{1} << 40); ++i) {
      count = count * 10 + (text[i] - '0');
      digits = true;
    }
  }
  if (!digits || count < 1)
    throw VerifyError(module.name + ": mhlo.num_replicas is not a positive integer in " + text);
  return count;
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

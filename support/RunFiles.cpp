#include "support/RunFiles.h"

#include <algorithm>
#include <vector>

namespace hlotrain {

namespace {

constexpr std::string_view kCheckpoint = "_checkpoint.bin",
                           kBestCheckpoint = "_best_checkpoint.bin", kParams = "_params.bin",
                           kBnStats = "_bn_stats.bin", kMetrics = "_metrics.jsonl",
                           kSamples = "_samples.json", kReport = "_report.html",
                           kVocabulary = "_vocab.txt", kTokenizer = "_tokenizer.model",
                           kMlir = ".mlir", kCompiled = ".vmfb";
constexpr Graph kGraphs[] = {Graph::fwd, Graph::fwdEval, Graph::trainStep};

std::string withSuffix(const std::string& prefix, std::string_view suffix) {
  return prefix + std::string(suffix);
}

std::string graphFile(const std::string& prefix, Graph g, std::string_view extension) {
  return prefix + "_" + std::string(graphName(g)) + std::string(extension);
}

} // namespace

std::string_view graphName(Graph graph) {
  switch (graph) {
  case Graph::fwd:
    return "fwd";
  case Graph::fwdEval:
    return "fwd_eval";
  case Graph::trainStep:
    return "train_step";
  }
  return "?";
}

std::string RunFiles::graph(Graph g) const {
  return graphFile(prefix, g, kMlir);
}
std::string RunFiles::compiledGraph(Graph g) const {
  return graphFile(prefix, g, kCompiled);
}
std::string RunFiles::checkpoint() const {
  return withSuffix(prefix, kCheckpoint);
}
std::string RunFiles::bestCheckpoint() const {
  return withSuffix(prefix, kBestCheckpoint);
}
std::string RunFiles::params() const {
  return withSuffix(prefix, kParams);
}
std::string RunFiles::bnStats() const {
  return withSuffix(prefix, kBnStats);
}
std::string RunFiles::metrics() const {
  return withSuffix(prefix, kMetrics);
}
std::string RunFiles::samples() const {
  return withSuffix(prefix, kSamples);
}
std::string RunFiles::report() const {
  return withSuffix(prefix, kReport);
}
std::string RunFiles::vocabulary() const {
  return withSuffix(prefix, kVocabulary);
}
std::string RunFiles::tokenizer() const {
  return withSuffix(prefix, kTokenizer);
}

std::span<const std::string> runFileSuffixes() {
  static const std::vector<std::string> suffixes = [] {
    std::vector<std::string> s;
    for (std::string_view suffix : {kCheckpoint, kBestCheckpoint, kParams, kBnStats, kMetrics,
                                    kSamples, kReport, kVocabulary, kTokenizer})
      s.emplace_back(suffix);
    for (Graph g : kGraphs) {
      const RunFiles none{""};
      s.push_back(none.graph(g));
      s.push_back(none.compiledGraph(g));
      s.push_back(none.compiledGraph(g) + std::string(kCompiledKeySuffix));
    }
    std::stable_sort(s.begin(), s.end(), [](const std::string& a, const std::string& b) {
      return a.size() > b.size();
    });
    return s;
  }();
  return suffixes;
}

} // namespace hlotrain

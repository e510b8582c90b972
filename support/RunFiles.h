#pragma once
// Every file of a run, named in one place (DESIGN.md "Artifacts and names"). A run's files share
// its artifacts prefix `<artifacts>/<sanitized>[_<tag>]` and differ by suffix; the graphs are
// named by the Graph they hold. Whoever writes, reads, lists or cleans a run's files asks here.

#include <span>
#include <string>
#include <string_view>

namespace hlotrain {

// The three graphs a spec becomes (program/ builds them, a lowerer loads them).
enum class Graph { fwd, fwdEval, trainStep };
// "fwd", "fwd_eval", "train_step": the graph's part of its file and module names.
std::string_view graphName(Graph graph);

struct RunFiles {
  std::string prefix; // `<artifacts>/<sanitized>[_<tag>]`

  std::string graph(Graph graph) const; // `<prefix>_<graphName>.mlir`, the emitted StableHLO
  // What a lowerer that does not run the .mlir itself compiles it to: `<prefix>_<graphName>.vmfb`
  // (iree), and beside it its cache key, that name + kCompiledKeySuffix.
  std::string compiledGraph(Graph graph) const;
  std::string checkpoint() const;     // `_checkpoint.bin`: the last one, what --resume reads
  std::string bestCheckpoint() const; // `_best_checkpoint.bin`: the best evaluation's
  std::string params() const;         // `_params.bin`: raw f32 parameters in spec order
  std::string bnStats() const;        // `_bn_stats.bin`: the BatchNorm running statistics
  std::string metrics() const;        // `_metrics.jsonl`: the run's log
  std::string samples() const;        // `_samples.json`: the last evaluation's gallery
  std::string report() const;         // `_report.html`: `hlotrain report`'s page
  std::string vocabulary() const;     // `_vocab.txt`: a text's characters (`id\tcode point`)
  std::string tokenizer() const;      // `_tokenizer.model`: the SentencePiece model of its tokens
};

constexpr std::string_view kCompiledKeySuffix = ".hash";

// The suffix of every file above, graphs included, longest first, so that a name ending in
// `_best_checkpoint.bin` is not taken for one ending in `_checkpoint.bin`.
std::span<const std::string> runFileSuffixes();

} // namespace hlotrain

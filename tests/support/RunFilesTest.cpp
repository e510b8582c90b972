// support/RunFiles.h: every file of a run named once, and the suffixes `hlotrain runs` and the
// report group a folder's files by.

#include "support/RunFiles.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace hlotrain;

namespace {

TEST(RunFilesTest, NamesEveryFileOfARunByItsPrefix) {
  const RunFiles run{".hlotrain/mnist_cnn_ablation"};
  EXPECT_EQ(run.graph(Graph::fwd), ".hlotrain/mnist_cnn_ablation_fwd.mlir");
  EXPECT_EQ(run.graph(Graph::fwdEval), ".hlotrain/mnist_cnn_ablation_fwd_eval.mlir");
  EXPECT_EQ(run.graph(Graph::trainStep), ".hlotrain/mnist_cnn_ablation_train_step.mlir");
  EXPECT_EQ(run.compiledGraph(Graph::trainStep), ".hlotrain/mnist_cnn_ablation_train_step.vmfb");
  EXPECT_EQ(run.checkpoint(), ".hlotrain/mnist_cnn_ablation_checkpoint.bin");
  EXPECT_EQ(run.bestCheckpoint(), ".hlotrain/mnist_cnn_ablation_best_checkpoint.bin");
  EXPECT_EQ(run.params(), ".hlotrain/mnist_cnn_ablation_params.bin");
  EXPECT_EQ(run.bnStats(), ".hlotrain/mnist_cnn_ablation_bn_stats.bin");
  EXPECT_EQ(run.metrics(), ".hlotrain/mnist_cnn_ablation_metrics.jsonl");
  EXPECT_EQ(run.samples(), ".hlotrain/mnist_cnn_ablation_samples.json");
  EXPECT_EQ(run.report(), ".hlotrain/mnist_cnn_ablation_report.html");
}

TEST(RunFilesTest, SuffixesCoverEveryFileLongestFirst) {
  const std::span<const std::string> suffixes = runFileSuffixes();
  EXPECT_TRUE(std::is_sorted(
      suffixes.begin(), suffixes.end(),
      [](const std::string& a, const std::string& b) { return a.size() > b.size(); }));
  const RunFiles none{""};
  for (const std::string& name : {none.checkpoint(), none.bestCheckpoint(), none.params(),
                                  none.bnStats(), none.metrics(), none.samples(), none.report(),
                                  none.vocabulary(), none.tokenizer(), none.graph(Graph::fwdEval),
                                  none.compiledGraph(Graph::fwd) + std::string(kCompiledKeySuffix)})
    EXPECT_NE(std::find(suffixes.begin(), suffixes.end(), name), suffixes.end()) << name;
  EXPECT_EQ(suffixes.size(), 9u + 3u * 3u);
  // `_best_checkpoint.bin` is met before `_checkpoint.bin`, which it ends with.
  EXPECT_LT(std::find(suffixes.begin(), suffixes.end(), none.bestCheckpoint()),
            std::find(suffixes.begin(), suffixes.end(), none.checkpoint()));
}

} // namespace

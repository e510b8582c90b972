// What a process killed mid-run leaves behind, and how the resumed run tidies it: temporary files
// of interrupted atomic writes, and metrics records written after the last checkpoint.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/AtomicFile.h"
#include "tests/data/IdxFiles.h"
#include "train/MetricsLog.h"

using namespace hlotrain;
using namespace hlotrain::train;

namespace {

class KilledRunFilesTest : public data::testing::ScratchDir {
protected:
  std::string read(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  void write(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path) << text;
  }
};

// The id of a process that has exited (and been reaped), so no process has it for now.
pid_t deadPid() {
  pid_t pid = fork();
  if (pid == 0) _exit(0);
  int status = 0;
  waitpid(pid, &status, 0);
  return pid;
}

TEST_F(KilledRunFilesTest, TemporariesOfDeadWritersAreRemovedAndLiveOnesKept) {
  const std::string dead = std::to_string(deadPid());
  const std::string live = std::to_string(getpid());
  write(dir / ("net_checkpoint.bin.tmp." + dead), "half a checkpoint");
  write(dir / ("net_fwd.mlir.tmp." + dead), "half a graph");
  write(dir / ("net_params.bin.tmp." + live), "being written right now");
  write(dir / "net_checkpoint.bin", "the last checkpoint");
  write(dir / "notes.tmp.txt", "not a temporary of ours");
  removeStaleTemporaries(dir);
  EXPECT_FALSE(std::filesystem::exists(dir / ("net_checkpoint.bin.tmp." + dead)));
  EXPECT_FALSE(std::filesystem::exists(dir / ("net_fwd.mlir.tmp." + dead)));
  EXPECT_TRUE(std::filesystem::exists(dir / ("net_params.bin.tmp." + live)));
  EXPECT_EQ(read(dir / "net_checkpoint.bin"), "the last checkpoint");
  EXPECT_TRUE(std::filesystem::exists(dir / "notes.tmp.txt"));
  removeStaleTemporaries(dir / "absent"); // nothing to do, nothing thrown
}

// Resumed at step 10, the log keeps the records up to step 10 and drops those a killed process
// wrote later (and a line it was cut off in); a fresh run starts the file over.
TEST_F(KilledRunFilesTest, AResumedMetricsLogDropsRecordsAfterItsCheckpoint) {
  const std::string path = (dir / "m.jsonl").string();
  const std::string kept = "{\"type\":\"epoch\",\"epoch\":1,\"step\":10,\"steps\":10}\n"
                           "{\"type\":\"eval\",\"epoch\":1,\"step\":10,\"accuracy\":0.5}\n";
  write(path, kept + "{\"type\":\"epoch\",\"epoch\":2,\"step\":20,\"steps\":10}\n"
                     "{\"type\":\"eval\",\"epoch\":2,\"st");
  std::ostringstream out;
  {
    MetricsLog log(out, path, 10);
    log.eval({2, 20, 0.5, task::ClassificationScores{5, 5, 0, {}}});
  }
  EXPECT_EQ(read(path), kept + "{\"type\":\"eval\",\"epoch\":2,\"step\":20,\"accuracy\":1,"
                               "\"correct\":5,\"total\":5,\"seconds\":0.5}\n");
  { MetricsLog fresh(out, path, std::nullopt); }
  EXPECT_EQ(read(path), "");
}

// The best evaluation before a resume is found among the kept records only.
TEST_F(KilledRunFilesTest, AResumedLogKnowsTheBestKeptEvaluation) {
  const std::string path = (dir / "m.jsonl").string();
  write(path, "{\"type\":\"eval\",\"epoch\":1,\"step\":10,\"dice_mean\":0.5,\"x\":1}\n"
              "{\"type\":\"epoch\",\"epoch\":2,\"step\":20,\"dice_mean\":0.9}\n"
              "{\"type\":\"eval\",\"epoch\":2,\"step\":20,\"dice_mean\":0.7}\n"
              "{\"type\":\"eval\",\"epoch\":3,\"step\":30,\"dice_mean\":0.8}\n");
  std::ostringstream out;
  MetricsLog resumed(out, path, 20);
  EXPECT_EQ(resumed.bestKeptEval(*task::taskNamed("segmentation")), 0.7);
  EXPECT_EQ(resumed.bestKeptEval(*task::taskNamed("classification")), std::nullopt);
  MetricsLog fresh(out, (dir / "n.jsonl").string(), std::nullopt);
  EXPECT_EQ(fresh.bestKeptEval(*task::taskNamed("segmentation")), std::nullopt);
}

TEST_F(KilledRunFilesTest, ALanguageModelsBestKeptEvaluationIsItsLowestLoss) {
  const std::string path = (dir / "m.jsonl").string();
  write(path, "{\"type\":\"eval\",\"epoch\":1,\"step\":10,\"loss\":2.5}\n"
              "{\"type\":\"eval\",\"epoch\":2,\"step\":20,\"loss\":1.5}\n"
              "{\"type\":\"eval\",\"epoch\":3,\"step\":30,\"loss\":2.0}\n"
              "{\"type\":\"eval\",\"epoch\":4,\"step\":40,\"loss\":1.0}\n");
  std::ostringstream out;
  MetricsLog resumed(out, path, 30);
  EXPECT_EQ(resumed.bestKeptEval(*task::taskNamed("language-model")), 1.5);
}

// A fresh log starts with the run's facts; a resumed one keeps its header (whatever the step) and
// does not repeat it, and one from before headers existed gets it after its older records. Step
// records go and stay by their step like the others.
TEST_F(KilledRunFilesTest, TheRunHeaderComesFirstAndSurvivesAResume) {
  RunHeader header;
  header.net = "MNIST-Linear";
  header.task = "classification";
  header.classes = {"0", "1"};
  const std::string path = (dir / "h.jsonl").string();
  std::ostringstream out;
  {
    MetricsLog log(out, path, std::nullopt);
    log.header(header);
    log.step(5, 1.5, 0.25);
    log.step(10, 1.25, 0.5);
    log.step(15, 1, 0.5);
  }
  const std::string first = header.json() + "\n";
  EXPECT_EQ(RunHeader::fromJson(header.json())->json(), header.json());
  EXPECT_EQ(read(path), first + "{\"type\":\"step\",\"step\":5,\"loss\":1.5,\"lr\":0.25}\n"
                                "{\"type\":\"step\",\"step\":10,\"loss\":1.25,\"lr\":0.5}\n"
                                "{\"type\":\"step\",\"step\":15,\"loss\":1,\"lr\":0.5}\n");
  {
    MetricsLog resumed(out, path, 10);
    resumed.header(header);
  }
  EXPECT_EQ(read(path), first + "{\"type\":\"step\",\"step\":5,\"loss\":1.5,\"lr\":0.25}\n"
                                "{\"type\":\"step\",\"step\":10,\"loss\":1.25,\"lr\":0.5}\n");
  const std::string older = "{\"type\":\"epoch\",\"epoch\":1,\"step\":10,\"steps\":10}\n";
  write(path, older);
  {
    MetricsLog resumed(out, path, 10);
    resumed.header(header);
  }
  EXPECT_EQ(read(path), older + first);
  EXPECT_EQ(RunHeader::fromJson(older), std::nullopt);
}

} // namespace

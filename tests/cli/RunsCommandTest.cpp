// `hlotrain runs` through the real dispatcher: a folder of runs of every task (metrics logs
// spelled as train/MetricsLog.cpp writes them, checkpoints written by train::saveCheckpoint) listed
// as one exact table, a real training run's line, corrupt logs and checkpoints marking only their
// own run, and a missing, empty or wrong DIR.

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "Harness.h"
#include "nn/Zoo.h"
#include "support/Format.h"
#include "tests/report/RunScratch.h"
#include "tests/train/TrainFixtures.h"
#include "train/Checkpoint.h"

using namespace hlotrain;
using hlotrain::testing::CliResult;
using hlotrain::testing::expectUsageError;
using hlotrain::testing::runInProcess;

namespace {

namespace fs = std::filesystem;

constexpr const char* kHeader =
    "RUN                  NET           DATASET  EPOCHS  METRIC       BEST  AT EPOCH  STEP"
    "       SIZE\n";

class RunsCommandTest : public train::fixtures::TrainScratch {
protected:
  fs::path runs() const { return dir / "runs"; }

  void SetUp() override {
    TrainScratch::SetUp();
    fs::create_directories(runs());
  }

  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream out(runs() / name, std::ios::binary);
    out << text;
    return (runs() / name).string();
  }

  static std::vector<char> checkpointBytes(const nn::NetSpec& spec, program::Optimizer optimizer,
                                           train::DataPosition position, std::string config = "") {
    train::TrainState state = train::initialState(spec, optimizer);
    state.position = position;
    state.config = std::move(config);
    return train::encodeCheckpoint(state);
  }

  void writeCheckpoint(const std::string& name, const std::vector<char>& bytes) const {
    write(name, std::string(bytes.begin(), bytes.end()));
  }

  CliResult list() const { return runInProcess({"runs", runs().string()}); }
};

// Runs of the three tasks, with and without checkpoints and evaluations, a tag, files that belong
// to no run and one that belongs to a run by its name only.
TEST_F(RunsCommandTest, ListsEveryRunAsOneAlignedTable) {
  using report::testing::kClassificationLog;
  using report::testing::kDetectionLog;
  using report::testing::kSegmentationLog;
  // mnist-linear: 2 epochs, accuracy 0.7733 then 0.816, a checkpoint at step 936.
  write("mnist_linear_metrics.jsonl", kClassificationLog);
  const std::vector<char> adam =
      checkpointBytes(nn::mnistLinear(), program::Optimizer::adam, {936, 2, 0, 0, true, 128},
                      R"({"net":"mnist-linear","dataset":"mnist","epochs":2})");
  writeCheckpoint("mnist_linear_checkpoint.bin", adam);
  writeCheckpoint("mnist_linear_best_checkpoint.bin", adam);
  write("mnist_linear_fwd.mlir", std::string(1000, 'x'));
  // Its tag `ce`: a checkpoint killed mid-epoch 1 (SGD), no log; eval --logits beside it.
  const std::vector<char> sgd =
      checkpointBytes(nn::mnistLinear(), program::Optimizer::sgd, {25, 0, 25, 3, true, 16});
  writeCheckpoint("mnist_linear_ce_checkpoint.bin", sgd);
  write("mnist_linear_ce_logits.npy", std::string(2000, 'y'));
  // unet-brats: mean region Dice 0.375, then 0.416666667.
  write("unet_brats_metrics.jsonl", kSegmentationLog);
  // r34-yolov1 with a tag, a log and no checkpoint: no stored config names its dataset.
  write("r34_yolov1_visdrone_metrics.jsonl", kDetectionLog);
  // A net outside the zoo; a run that has just started (an empty log).
  writeCheckpoint("tiny_bn_checkpoint.bin",
                  checkpointBytes(train::fixtures::tinyBnNet(), program::Optimizer::adam,
                                  {40, 4, 0, 0, true, 16}));
  write("mnist_cnn_metrics.jsonl", "");
  // Not runs: a best checkpoint alone, a writer's temporary, a file of no run.
  writeCheckpoint("resnet_34_best_checkpoint.bin", adam);
  write("mnist_linear_checkpoint.bin.tmp.123", std::string(40000, 't'));
  write("notes.txt", "hello");

  // The bytes of a run's files, as SIZE shows them (the checkpoints' lengths are the format's).
  const auto size = [&](std::initializer_list<const char*> names) {
    uintmax_t bytes = 0;
    for (const char* name : names) bytes += fs::file_size(runs() / name);
    return formatFixed(static_cast<double>(bytes) / 1024, 1) + " KiB";
  };
  const std::string linear = size({"mnist_linear_metrics.jsonl", "mnist_linear_checkpoint.bin",
                                   "mnist_linear_best_checkpoint.bin", "mnist_linear_fwd.mlir"});
  const std::string tagged = size({"mnist_linear_ce_checkpoint.bin", "mnist_linear_ce_logits.npy"});
  const std::string tiny = size({"tiny_bn_checkpoint.bin"});
  ASSERT_EQ(linear.size(), 9u); // 185.x KiB: the column's width
  ASSERT_EQ(tagged.size(), 8u);
  ASSERT_EQ(tiny.size(), 8u);
  ASSERT_EQ(std::strlen(kDetectionLog), 258u);
  CliResult r = list();
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, std::string(kHeader) +
                       "mnist_cnn            mnist-cnn     ?             -  -               -  "
                       "       -     -        0 B\n"
                       "mnist_linear         mnist-linear  mnist         2  accuracy   0.8160  "
                       "       2   936  " +
                       linear +
                       "\n"
                       "mnist_linear_ce      mnist-linear  ?             0  -               -  "
                       "       -    25   " +
                       tagged +
                       "\n"
                       "r34_yolov1_visdrone  r34-yolov1    ?             1  map50      0.1250  "
                       "       1     -      258 B\n"
                       "tiny_bn              ?             ?             4  -               -  "
                       "       -    40   " +
                       tiny +
                       "\n"
                       "unet_brats           unet-brats    ?             2  dice_mean  0.4167  "
                       "       2     -      " +
                       std::to_string(std::strlen(kSegmentationLog)) + " B\n");
}

// The line of a real run agrees with its files: the epochs and the best accuracy of its log, the
// step of its checkpoint, the bytes of everything it wrote.
TEST_F(RunsCommandTest, ShowsARealTrainingRun) {
  CliResult t = runInProcess({"train", "--net", "mnist-linear", "--data", dir.string(), "--batch",
                              "16", "--epochs", "2", "--log-every", "0", "--artifacts",
                              runs().string(), "--tag", "real"});
  ASSERT_EQ(t.exitCode, 0) << t.err << t.out;
  double best = -1;
  int bestEpoch = 0;
  std::ifstream log(runs() / "mnist_linear_real_metrics.jsonl");
  for (std::string line; std::getline(log, line);) {
    const size_t at = line.find("\"accuracy\":");
    if (at == std::string::npos) continue;
    const double accuracy = std::stod(line.substr(at + 11));
    const int epoch = std::stoi(line.substr(line.find("\"epoch\":") + 8));
    if (accuracy > best) best = accuracy, bestEpoch = epoch;
  }
  ASSERT_GT(bestEpoch, 0);
  uintmax_t bytes = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(runs())) bytes += e.file_size();
  ASSERT_GT(bytes, 1024u);
  CliResult r = list();
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string accuracy = formatFixed(best, 4);
  const std::string size = formatFixed(static_cast<double>(bytes) / 1024, 1) + " KiB";
  // 160 training records, batch 16: 10 steps an epoch.
  std::vector<std::string> cells = {
      "mnist_linear_real",       "mnist-linear", "mnist", "2", "accuracy", accuracy,
      std::to_string(bestEpoch), "20",           size};
  const std::string row = r.out.substr(r.out.find('\n') + 1);
  std::istringstream words(row);
  std::vector<std::string> got;
  for (std::string w; words >> w;) got.push_back(w);
  got[got.size() - 2] += " " + got.back(); // the size and its unit
  got.pop_back();
  EXPECT_EQ(got, cells) << r.out;
}

// A corrupt log or checkpoint marks its own run's line; every other run is listed as usual.
TEST_F(RunsCommandTest, ACorruptFileMarksOnlyItsRun) {
  using report::testing::kClassificationLog;
  const std::vector<char> good =
      checkpointBytes(nn::mnistLinear(), program::Optimizer::adam, {936, 2, 0, 0, true, 128},
                      R"({"net":"mnist-linear","dataset":"mnist","epochs":2})");
  write("good_metrics.jsonl", kClassificationLog);
  write("bad_log_metrics.jsonl", "{\"type\":\"epoch\",\"epoch\":1,\"step\":10}\n{\"type\":\n"
                                 "{\"type\":\"epoch\",\"epoch\":2,\"step\":20}\n");
  write("no_magic_checkpoint.bin", std::string(200, '\0'));
  writeCheckpoint("cut_checkpoint.bin", std::vector<char>(good.begin(), good.begin() + 40));
  std::vector<char> v9 = good;
  v9[8] = 9;
  writeCheckpoint("v9_checkpoint.bin", v9);
  std::vector<char> counts = good;
  counts[24] = 5; // T: 6 tensors for P = 2, L = 0 with Adam
  writeCheckpoint("counts_checkpoint.bin", counts);
  std::vector<char> optimizer = good;
  optimizer[12] = 7;
  writeCheckpoint("optimizer_checkpoint.bin", optimizer);
  writeCheckpoint("short_checkpoint.bin", std::vector<char>(good.begin(), good.begin() + 90));
  // Bytes after a version-2 checkpoint's config section.
  std::vector<char> v2 = good;
  for (char c : std::string("trailing")) v2.push_back(c);
  writeCheckpoint("v2_checkpoint.bin", v2);
  CliResult r = list();
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const std::string expected =
      "RUN        NET  DATASET  EPOCHS  METRIC      BEST  AT EPOCH  STEP   SIZE\n"
      "bad_log    ?    unreadable: bad_log_metrics.jsonl:2: malformed JSON record: ";
  EXPECT_EQ(r.out.substr(0, expected.size()), expected) << r.out;
  const std::string rest = r.out.substr(r.out.find("\ncounts "));
  EXPECT_EQ(rest,
            "\ncounts     ?    unreadable: counts_checkpoint.bin: tensor count 5 does not match 2 "
            "parameters and 0 BatchNorm layers\n"
            "cut        ?    unreadable: cut_checkpoint.bin: truncated at byte 36: expected the "
            "epoch (8 more bytes), file is 40 bytes\n"
            "good       ?    ?             2  accuracy  0.8160         2     -  507 B\n"
            "no_magic   ?    unreadable: no_magic_checkpoint.bin: not an hlotrain checkpoint "
            "(expected the magic \"HLOTCKPT\" at byte 0)\n"
            "optimizer  ?    unreadable: optimizer_checkpoint.bin: unknown optimizer code 7 "
            "(expected 0 adam, 1 sgd)\n"
            "short      ?    unreadable: short_checkpoint.bin: tensor 0: dimension 784 does not "
            "fit the file\n"
            "v2         ?    unreadable: v2_checkpoint.bin: expected " +
                std::to_string(good.size()) + " bytes, found " + std::to_string(v2.size()) +
                " (trailing data after the config)\n"
                "v9         ?    unreadable: v9_checkpoint.bin: checkpoint version 9 is not "
                "supported (expected 1 or 2)\n");
}

TEST_F(RunsCommandTest, AnEmptyFolderHasNoRuns) {
  write("notes.txt", "no run here");
  write("resnet_34_best_checkpoint.bin", "a best checkpoint alone is no run");
  CliResult r = list();
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "no runs in " + runs().string() +
                       " (no <name>_metrics.jsonl or <name>_checkpoint.bin)\n");
}

TEST_F(RunsCommandTest, DefaultsToDotHlotrain) {
  const fs::path before = fs::current_path();
  fs::current_path(dir);
  CliResult missing = runInProcess({"runs"});
  fs::create_directories(dir / ".hlotrain");
  { std::ofstream(dir / ".hlotrain" / "mnist_cnn_metrics.jsonl") << ""; }
  CliResult found = runInProcess({"runs"});
  fs::current_path(before);
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_NE(missing.err.find("runs: no directory '.hlotrain'"), std::string::npos) << missing.err;
  EXPECT_EQ(found.exitCode, 0) << found.err;
  EXPECT_NE(found.out.find("\nmnist_cnn  mnist-cnn"), std::string::npos) << found.out;
}

TEST_F(RunsCommandTest, RefusesAMissingOrWrongFolder) {
  expectUsageError({"runs", (dir / "nowhere").string()}, "runs: no directory '");
  expectUsageError({"runs", write("file.txt", "x")}, "is not a directory");
  expectUsageError({"runs", runs().string(), "extra"}, "runs: unexpected argument 'extra'");
  expectUsageError({"runs", "--all"}, "unknown flag '--all'");
}

// A language model's best evaluation is its lowest validation loss.
TEST_F(RunsCommandTest, ALanguageModelsBestIsItsLowestLoss) {
  write("gpt_nano_metrics.jsonl",
        "{\"type\":\"epoch\",\"epoch\":1,\"step\":10,\"loss\":3.5}\n"
        "{\"type\":\"eval\",\"epoch\":1,\"step\":10,\"loss\":3.25,\"bits_per_char\":4.69}\n"
        "{\"type\":\"epoch\",\"epoch\":2,\"step\":20,\"loss\":2.5}\n"
        "{\"type\":\"eval\",\"epoch\":2,\"step\":20,\"loss\":2.75,\"bits_per_char\":3.97}\n"
        "{\"type\":\"epoch\",\"epoch\":3,\"step\":30,\"loss\":2.4}\n"
        "{\"type\":\"eval\",\"epoch\":3,\"step\":30,\"loss\":2.875,\"bits_per_char\":4.15}\n");
  const CliResult r = list();
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("loss    2.7500         2"), std::string::npos) << r.out;
}

TEST_F(RunsCommandTest, HelpDescribesTheColumns) {
  CliResult r = runInProcess({"runs", "--help"});
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_NE(r.out.find("usage: hlotrain runs [DIR]"), std::string::npos);
  EXPECT_NE(r.out.find("unreadable: <file>: <reason>"), std::string::npos);
  EXPECT_NE(runInProcess({"--help"}).out.find("  runs  "), std::string::npos);
}

} // namespace

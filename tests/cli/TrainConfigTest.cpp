// `hlotrain train --config FILE`, `--save-config FILE` and a `--resume` that needs no flag but
// those that locate the checkpoint: each against the same run given as flags, checkpoint bytes
// compared (the stored config included).

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>

#include "Harness.h"
#include "Json.h"
#include "tests/support/ScopedEnv.h"
#include "tests/train/TrainFixtures.h"
#include "train/Settings.h"

using namespace hlotrain;
using hlotrain::testing::CliResult;
using hlotrain::testing::expectUsageError;
using hlotrain::testing::runInProcess;

namespace {

namespace fs = std::filesystem;
using hlotrain::testing::slurp;

class TrainConfigTest : public train::fixtures::TrainScratch {
protected:
  // The run every test trains, as flags: short (3 steps of 16) but with every kind of value.
  std::vector<std::string> runFlags(const std::string& artifacts) const {
    return {"--net",
            "mnist-linear",
            "--data",
            dir.string(),
            "--batch",
            "16",
            "--lr",
            "0.02",
            "--seed",
            "3",
            "--epochs",
            "2",
            "--warmup-epochs",
            "0",
            "--no-cosine",
            "--max-steps",
            "3",
            "--artifacts",
            (dir / artifacts).string()};
  }
  // The same run as a TOML file (artifacts aside).
  std::string runToml() const {
    return "# the run of runFlags\n"
           "net = \"mnist-linear\"\n"
           "data = '" +
           dir.string() +
           "'\n"
           "batch = 16\n"
           "lr = 2e-2          # a float as TOML writes it\n"
           "seed = 3\n"
           "epochs = 2\n"
           "warmup-epochs = 0\n"
           "cosine = false\n"
           "max-steps = 3\n";
  }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
    return (dir / name).string();
  }
  CliResult train(std::vector<std::string> args) const {
    args.insert(args.begin(), "train");
    return runInProcess(args);
  }
  // The run's checkpoint; fails the test where there is none.
  std::string checkpoint(const std::string& artifacts) const {
    const fs::path path = dir / artifacts / "mnist_linear_checkpoint.bin";
    EXPECT_TRUE(fs::exists(path)) << path;
    return slurp(path);
  }
  // The stored config: the JSON after the last tensor (mnist-linear: two tensors, Adam).
  std::string storedConfig(const std::string& artifacts) const {
    const std::string bytes = checkpoint(artifacts);
    uint32_t length = 0;
    const size_t tensors = 8 + 4 * 5 + 8 * 6 + 3 * (4 + 16 + 784 * 10 * 4) + 3 * (4 + 8 + 10 * 4);
    if (bytes.size() < tensors + 4) return "";
    std::memcpy(&length, bytes.data() + tensors, 4);
    return bytes.substr(tensors + 4, length);
  }
};

TEST_F(TrainConfigTest, TomlAndJsonConfigsTrainAsTheirFlagsDo) {
  CliResult r = train(runFlags("flags"));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string toml =
      write("run.toml", runToml() + "artifacts = \"" + (dir / "toml").string() + "\"\n");
  r = train({"--config", toml});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(checkpoint("toml"), checkpoint("flags"));
  // JSON, and a flag beside the file overrides it (the file's lr would train otherwise).
  const std::string json = write("run.json", R"({"net": "mnist-linear", "data": ")" + dir.string() +
                                                 R"(", "batch": 16, "lr": 0.5, "seed": 3,
       "epochs": 2, "warmup-epochs": 0, "cosine": false, "max-steps": 3,
       "clip-grad-norm": null})");
  r = train({"--config", json, "--lr", "0.020", "--artifacts", (dir / "json").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(checkpoint("json"), checkpoint("flags"));
  const std::string stored = storedConfig("flags");
  EXPECT_NE(stored.find(R"("net":"mnist-linear","dataset":"mnist","data":")"), std::string::npos)
      << stored;
  EXPECT_NE(stored.find(R"("lr":0.02,)"), std::string::npos) << stored;
  EXPECT_NE(stored.find(R"("clip-grad-norm":"off")"), std::string::npos) << stored;
  EXPECT_EQ(stored.find("artifacts"), std::string::npos) << stored; // where it is, not stored
}

TEST_F(TrainConfigTest, FlagsOverrideTheFileBooleansIncluded) {
  const std::string toml = write("run.toml", runToml() + "max-steps = 1\n");
  expectUsageError({"train", "--config", toml}, "run.toml:11: key 'max-steps' is given twice");
  write("run.toml", runToml());
  CliResult r = train({"--config", toml, "--cosine", "--warmup-epochs", "1", "--max-steps", "1",
                       "--artifacts", (dir / "a").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("adam lr 0.02, cosine after 1 warmup epoch(s)"), std::string::npos) << r.out;
}

// Each refused before anything is built, exit 2, one line naming the file and the line (TOML) or
// the key (JSON), with the flag's own message where the flag would refuse the value too.
TEST_F(TrainConfigTest, BadKeysTypesAndValuesNameTheFileAndTheLineOrKey) {
  const std::pair<std::string, std::string> toml[] = {
      {"lr = 0.1\nlearning-rate = 1", "run.toml:2: unknown key 'learning-rate'"},
      {"epochs = \"2\"", "run.toml:1: epochs takes an integer, got a string (\"2\")"},
      {"lr = -1", "run.toml:1: --lr must be a finite value > 0, got -1"},
      {"batch = 2.5", "run.toml:1: --batch: expected an integer, got '2.5'"},
      {"epochs = 99999999999999999999", "run.toml:1: --epochs: '99999999999999999999' is out"},
      {"lr = inf", "run.toml:1: --lr: expected a finite number, got 'inf'"},
      {"\n\noptimizer = \"lion\"", "run.toml:3: --optimizer: expected adam or sgd, got 'lion'"},
      {"momentum = 0.5", "run.toml:1: --momentum must be left at 0.9 with the adam optimizer"},
      {"warmup-epochs = 20", "run.toml:1: --warmup-epochs must be in [0, epochs] = [0, 15]"},
      {"cosine = 1", "run.toml:1: cosine takes a boolean (true or false), got an integer"},
      {"no-cosine = true", "run.toml:1: unknown key 'no-cosine' (write cosine = false)"},
      {"lowerer = \"cpu\"", "run.toml:1: lowerer is not a config key"},
      {"[train]", "run.toml:1: tables ([section]) are not supported"},
      {"lr = 0.1 0.2", "run.toml:1: unexpected text after the value of 'lr'"},
      {"class-weights = [1, 2]", "run.toml:1: arrays are not supported"},
      {"seed = 0x10", "run.toml:1: unsupported value '0x10'"},
      {"dataset = \"cifar\"", "run.toml:1: --dataset: unknown dataset 'cifar'"},
  };
  for (const auto& [text, message] : toml)
    expectUsageError({"train", "--net", "mnist-linear", "--data", dir.string(), "--config",
                      write("run.toml", text + "\n")},
                     message);
  const std::pair<std::string, std::string> json[] = {
      {R"({"lr": "fast"})", R"(run.json: key "lr": lr takes a number, got a string ("fast"))"},
      {R"({"lr": -1})", R"(run.json: key "lr": --lr must be a finite value > 0, got -1)"},
      {R"({"batch": 0})", R"(run.json: key "batch": --batch must be at least 1, got 0)"},
      {R"({"nope": 1})", R"(run.json: key "nope": unknown key 'nope')"},
      {R"({"lr": [1]})", R"(run.json: key "lr": expected a string, number, boolean or null)"},
      {R"({"lr": 0.1, "lr": 0.2})", R"(run.json: key "lr" is given twice)"},
      {R"([1])", "run.json: expected a JSON object of settings"},
      {R"({"lr": 0.1)", "run.json: parse error at line 1, column 11"},
  };
  for (const auto& [text, message] : json)
    expectUsageError({"train", "--net", "mnist-linear", "--data", dir.string(), "--config",
                      write("run.json", text)},
                     message);
  expectUsageError({"train", "--config", write("run.yaml", "lr: 1")},
                   "run.yaml: expected a .toml or .json file");
  expectUsageError({"train", "--config", (dir / "absent.toml").string()},
                   "absent.toml: no config file there");
  expectUsageError({"train", "--net", "mnist-linear", "--data", dir.string(), "--save-config",
                    (dir / "saved.yaml").string()},
                   "saved.yaml: expected a .toml or .json file");
}

// --save-config writes every key (defaults included) and the run goes on; training from the file
// alone gives the same checkpoint, through TOML and JSON.
TEST_F(TrainConfigTest, SavedConfigsRoundTrip) {
  const std::string toml = (dir / "saved.toml").string(), json = (dir / "saved.json").string();
  std::vector<std::string> flags = runFlags("flags");
  flags.insert(flags.end(), {"--save-config", toml});
  CliResult r = train(flags);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("config written to " + toml), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("final test accuracy"), std::string::npos) << r.out;
  const std::string saved = slurp(toml);
  for (const char* line : {"\nnet = \"mnist-linear\"\n", "\ndataset = \"mnist\"\n", "\nlr = 0.02\n",
                           "\ncosine = false\n", "\nmomentum = 0.9\n", "\nloss = \"ce\"\n",
                           "\nclip-grad-norm = \"off\"\n", "\nshuffle = true\n", "\ntag = \"\"\n",
                           "\nlog-every = 50\n", "\nmax-steps = 3\n"})
    EXPECT_NE(saved.find(line), std::string::npos) << line << " in\n" << saved;
  r = train({"--config", toml, "--artifacts", (dir / "toml").string(), "--save-config", json});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(checkpoint("toml"), checkpoint("flags"));
  EXPECT_NE(slurp(json).find("\n  \"weight-decay\": 0.0001,\n"), std::string::npos) << slurp(json);
  r = train({"--config", json, "--artifacts", (dir / "json").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(checkpoint("json"), checkpoint("flags"));
}

// A run stopped at step 7 and resumed with --resume, --net and --artifacts only ends as the run
// that never stopped: every setting (the data directory included) comes from the checkpoint;
// --max-steps, this invocation's own, does not.
TEST_F(TrainConfigTest, ResumeWithOnlyTheLocatingFlagsContinuesBitIdentically) {
  std::vector<std::string> straight = runFlags("straight");
  straight.erase(std::find(straight.begin(), straight.end(), "--max-steps"),
                 std::find(straight.begin(), straight.end(), "--max-steps") + 2);
  CliResult r = train(straight);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<std::string> stopped = runFlags("stopped");
  *(std::find(stopped.begin(), stopped.end(), "--max-steps") + 1) = "7";
  r = train(stopped);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  r = train({"--resume", "--net", "mnist-linear", "--artifacts", (dir / "stopped").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("resuming from " + (dir / "stopped").string() +
                       "/mnist_linear_checkpoint.bin at step 7"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("epoch 2/2 done"), std::string::npos) << r.out;
  EXPECT_EQ(checkpoint("stopped"), checkpoint("straight"));
  EXPECT_EQ(slurp(dir / "stopped" / "mnist_linear_params.bin"),
            slurp(dir / "straight" / "mnist_linear_params.bin"));
}

TEST_F(TrainConfigTest, AFlagThatContradictsTheCheckpointIsRefusedNamingBothValues) {
  CliResult r = train(runFlags("a"));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string path = (dir / "a" / "mnist_linear_checkpoint.bin").string();
  const std::vector<std::string> resume = {"train",        "--resume",    "--net",
                                           "mnist-linear", "--artifacts", (dir / "a").string()};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = resume;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  expectUsageError(with({"--lr", "0.5"}), "--lr is 0.5 but " + path + " was written with 0.02");
  expectUsageError(with({"--cosine"}), "--cosine is true but " + path + " was written with false");
  expectUsageError(with({"--dataset", "cifar10"}), "--dataset is cifar10 but ");
  expectUsageError(with({"--loss", "focal"}),
                   "--loss is focal but " + path + " was written with ce");
  expectUsageError(with({"--clip-grad-norm", "1"}),
                   "--clip-grad-norm is 1 but " + path + " was written without it");
  expectUsageError(with({"--config", write("c.toml", "\nbatch = 8\n")}),
                   "c.toml:2: --batch is 8 but " + path + " was written with 16");
  // What agrees, and what may change: the run goes on (one more step).
  r = runInProcess(with({"--lr", "2e-2", "--batch", "16", "--no-cosine", "--log-every", "1",
                         "--eval-every", "0", "--max-steps", "4", "--quiet"}));
  EXPECT_EQ(r.exitCode, 0) << r.err;
}

// A version 1 checkpoint (no stored config) still resumes, with the run's flags given again.
TEST_F(TrainConfigTest, AVersion1CheckpointStillResumesWithItsFlags) {
  CliResult r = train(runFlags("a"));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const fs::path path = dir / "a" / "mnist_linear_checkpoint.bin";
  std::string v1 = checkpoint("a");
  const std::string config = storedConfig("a");
  ASSERT_FALSE(config.empty());
  v1.erase(v1.end() - static_cast<std::ptrdiff_t>(4 + config.size()), v1.end());
  v1[8] = 1;
  std::ofstream(path, std::ios::binary) << v1;
  expectUsageError(
      {"train", "--resume", "--net", "mnist-linear", "--artifacts", (dir / "a").string()},
      "--data is required: " + path.string() + " is a version 1 checkpoint");
  std::vector<std::string> flags = runFlags("a");
  *(std::find(flags.begin(), flags.end(), "--max-steps") + 1) = "5";
  flags.push_back("--resume");
  r = train(flags);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("resuming from " + path.string() + " at step 3"), std::string::npos)
      << r.out;
  EXPECT_EQ(storedConfig("a").substr(0, 8), R"({"net":")"); // its checkpoints are version 2
}

// Every setting is one row of train/Settings.cpp, and the row is all it takes: this test walks the
// rows, so a row added tomorrow is checked by it unchanged. Per row: `train --help` shows its
// flag, text and default; --save-config writes its key and --config reads every key back (the
// saved file is a fixed point); the checkpoint stores it unless it only locates the run; a resume
// refuses another value of a fixed row naming it, and takes another value of a row that may
// change. The one thing a new string row asks of this test is another valid value (`other`),
// since no rule can invent one.
TEST_F(TrainConfigTest, EveryRowReachesHelpConfigFilesCheckpointsAndResume) {
  const std::map<std::string_view, std::string> other = {{"--optimizer", "sgd"},
                                                         {"--loss", "focal"},
                                                         {"--class-weights", "1,2"},
                                                         {"--box-loss", "diou"},
                                                         {"--box-param", "sqrt-of-prediction"},
                                                         {"--precision", "bf16"},
                                                         {"--init", "trunc-normal"}};
  const auto squeezed = [](const std::string& text) {
    std::string out;
    for (char c : text)
      if (!std::isspace(static_cast<unsigned char>(c)) || (!out.empty() && out.back() != ' '))
        out += std::isspace(static_cast<unsigned char>(c)) ? ' ' : c;
    return out;
  };
  const std::string help = squeezed(runInProcess({"train", "--help"}).out);
  const std::string toml = (dir / "saved.toml").string(), again = (dir / "again.toml").string();
  std::vector<std::string> flags = runFlags("a");
  flags.insert(flags.end(), {"--save-config", toml});
  CliResult r = train(flags);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string saved = slurp(toml);
  r = train({"--config", toml, "--save-config", again});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(slurp(again), saved);
  const hlotrain::testing::Json stored = hlotrain::testing::parseJson(storedConfig("a"));
  const std::vector<std::string> resume = {"train",        "--resume",    "--net",
                                           "mnist-linear", "--artifacts", (dir / "a").string()};
  int64_t steps = 3;
  for (const train::SettingRow& row : train::settingRows()) {
    if (row.name == "--out") continue; // emit's spelling of --artifacts
    const std::string flag(row.name), key(row.key());
    SCOPED_TRACE(flag);
    std::string shown = flag;
    if (!row.negation.empty())
      shown += " | " + std::string(row.negation);
    else if (!row.metavar.empty())
      shown += " " + std::string(row.metavar);
    const std::string note = train::defaultNote(row);
    EXPECT_NE(help.find(squeezed("  " + shown + " " + std::string(row.help) +
                                 (note.empty() ? "" : " " + note))),
              std::string::npos);
    EXPECT_TRUE(saved.find("\n" + key + " = ") != std::string::npos ||
                saved.find("\n# " + key + ":") != std::string::npos)
        << saved;
    if (row.onResume == train::OnResume::locates) {
      EXPECT_TRUE(stored[key].isNull()) << "a located run stores no " << key;
      continue;
    }
    ASSERT_TRUE(stored.object.count(key)) << "the checkpoint stores no " << key;
    const hlotrain::testing::Json& value = stored[key];
    std::vector<std::string> changed;
    switch (row.type) {
    case train::SettingType::boolean:
      changed = {value.boolean ? std::string(row.negation) : flag};
      ASSERT_FALSE(changed[0].empty());
      break;
    case train::SettingType::integer:
      // --max-steps, this invocation's own, also paces the resumed runs: one step further.
      changed = {flag, std::to_string(row.name == "--max-steps"
                                          ? steps + 1
                                          : static_cast<int64_t>(value.number) + 1)};
      break;
    case train::SettingType::number:
      changed = {flag, std::to_string(value.number * 2 + 0.5)};
      break;
    case train::SettingType::optionalNumber:
      changed = {flag, value.kind == hlotrain::testing::Json::Kind::string ? "1" : "off"};
      break;
    case train::SettingType::string:
      ASSERT_TRUE(other.count(row.name)) << "give `other` a valid value of the new row " << flag;
      ASSERT_NE(value.string, other.at(row.name));
      changed = {flag, other.at(row.name)};
      break;
    }
    std::vector<std::string> args = resume;
    args.insert(args.end(), changed.begin(), changed.end());
    if (row.onResume == train::OnResume::fixed) {
      expectUsageError(args, flag + " is ");
      continue;
    }
    // One more step with the new value, where the row may change on resume.
    if (row.name != "--max-steps")
      args.insert(args.end(), {"--max-steps", std::to_string(++steps)});
    else
      steps = std::stoll(changed[1]);
    args.push_back("--quiet");
    {
      // Several devices are the xla lowerer's, over our plugin's.
      const bool devices = row.name == "--devices";
      std::optional<hlotrain::testing::ScopedEnv> lowerer, plugin, count;
      if (devices) {
        lowerer.emplace("HLOTRAIN_LOWERER", "xla");
        plugin.emplace("PJRT_PLUGIN", HLOTRAIN_PJRT_PLUGIN);
        count.emplace("HLOTRAIN_PJRT_DEVICES", changed[1]);
      }
      r = runInProcess(args);
      EXPECT_EQ(r.exitCode, 0) << r.err;
      if (devices) { // and back to one: a checkpoint resumes on any count
        args = resume;
        args.insert(args.end(), {flag, "1", "--max-steps", std::to_string(++steps), "--quiet"});
        r = runInProcess(args);
      }
    }
    EXPECT_EQ(r.exitCode, 0) << r.err;
  }
}

} // namespace

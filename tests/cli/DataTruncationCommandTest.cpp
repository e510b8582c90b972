// A dataset file truncated while `hlotrain train` reads it: the real binary stops with one line
// naming the file and exit 1, not with SIGBUS.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

#include "Harness.h"
#include "tests/data/RecordFiles.h"

extern char** environ;

namespace {

namespace fs = std::filesystem;
using hlotrain::testing::slurp;
using hlotrain::testing::TempDir;

TEST(DataTruncationCommandTest, ADatasetTruncatedMidRunIsAOneLineErrorAndExit1) {
  TempDir dir;
  const fs::path data = dir.path() / "data", cifar = data / "cifar-10";
  fs::create_directories(cifar);
  std::vector<fs::path> files;
  for (int i = 1; i <= 5; ++i)
    files.push_back(cifar / ("data_batch_" + std::to_string(i) + ".bin"));
  files.push_back(cifar / "test_batch.bin");
  for (size_t i = 0; i < files.size(); ++i)
    hlotrain::data::testing::writeBytes(
        files[i], hlotrain::data::testing::labelledRecords(16 * static_cast<int64_t>(i), 16, 32),
        false);

  // Epochs enough that the run cannot end on its own before the files shrink under it; a
  // checkpoint every two steps says when it is under way.
  const std::string binary = HLOTRAIN_BINARY, out = dir.file("out"), err = dir.file("err");
  std::vector<std::string> args = {binary,
                                   "train",
                                   "--net",
                                   "cifar-10-bn",
                                   "--dataset",
                                   "cifar10",
                                   "--data",
                                   data.string(),
                                   "--batch",
                                   "8",
                                   "--epochs",
                                   "100000",
                                   "--checkpoint-every-steps",
                                   "2",
                                   "--artifacts",
                                   dir.file("a")};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  // The run, killed if the test stops before it has ended.
  struct Run {
    pid_t pid = 0;
    bool ended = false;
    ~Run() {
      if (pid > 0 && !ended) {
        kill(pid, SIGKILL);
        waitpid(pid, nullptr, 0);
      }
    }
  } run;
  ASSERT_EQ(posix_spawn(&run.pid, binary.c_str(), &actions, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);

  // Waits up to `seconds` for the run to end; its wait status, or nullopt while it runs.
  auto waitFor = [&](double seconds) -> std::optional<int> {
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    do {
      int status = 0;
      if (waitpid(run.pid, &status, WNOHANG) == run.pid) {
        run.ended = true;
        return status;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    } while (std::chrono::steady_clock::now() < until);
    return std::nullopt;
  };
  // Once the first checkpoint (step 2) is there, every file shrinks to nothing.
  const fs::path checkpoint = dir.path() / "a" / "cifar_10_bn_checkpoint.bin";
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  std::optional<int> status;
  while (!status && !fs::exists(checkpoint) && std::chrono::steady_clock::now() < until)
    status = waitFor(0.02);
  ASSERT_FALSE(status) << "the run ended before its first checkpoint: " << slurp(err);
  ASSERT_TRUE(fs::exists(checkpoint)) << "no checkpoint after 5 minutes";
  for (const fs::path& file : files) fs::resize_file(file, 0);
  status = waitFor(300);
  ASSERT_TRUE(status) << "the run went on after its data files were truncated";
  ASSERT_FALSE(WIFSIGNALED(*status)) << "killed by signal " << WTERMSIG(*status);
  ASSERT_TRUE(WIFEXITED(*status));
  EXPECT_EQ(WEXITSTATUS(*status), 1);
  const std::string message = slurp(err);
  EXPECT_EQ(message.find('\n'), message.size() - 1) << message;
  EXPECT_EQ(message.rfind("error: " + cifar.string() + "/", 0), 0u) << message;
  EXPECT_NE(
      message.find(".bin: the file changed while it was being read (truncated or rewritten?)"),
      std::string::npos)
      << message;
}

} // namespace

// A training run killed with SIGKILL at random moments and restarted with `--resume` until it
// completes ends bit-identical to a run that was never interrupted: the final parameters, BN
// statistics and checkpoint, byte for byte, and the same metrics records.
//
// Each trial runs the real binary (fork + exec, robust under the sanitizers) on a small generated
// dataset: mnist-linear, Adam, cosine schedule, 3 epochs of 10 steps, a checkpoint every 2 steps.
// Each launch of a trial is killed (up to kMaxKillsPerTrial times, then it runs to the end) by one
// of four schedules, drawn at random: at a random moment of the run's span; at a random moment
// within the time the reference run took to its first checkpoint; as the n-th checkpoint file
// write of the launch begins (n random); as the n-th of the three graph writes of its start
// begins. Each kill is classified from what it left on disk (no checkpoint yet; a temporary file
// of a checkpoint write; neither), and the test requires every class to have occurred.
//
// HLOTRAIN_KILL_TRIALS overrides the number of trials (default 20; 8 under AddressSanitizer,
// which makes each launch slower, to keep the sanitizer build's run of the suite short).

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/inotify.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <sstream>

#include "tests/train/TrainFixtures.h"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

#if defined(__SANITIZE_ADDRESS__)
constexpr int kDefaultTrials = 8;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr int kDefaultTrials = 8;
#else
constexpr int kDefaultTrials = 20;
#endif
#else
constexpr int kDefaultTrials = 20;
#endif

constexpr int kMaxKillsPerTrial = 3;
constexpr const char* kPrefix = "mnist_linear";

int trials() {
  const char* text = std::getenv("HLOTRAIN_KILL_TRIALS");
  return text && std::atoi(text) > 0 ? std::atoi(text) : kDefaultTrials;
}

// The kill schedule's seed: fixed, so a run repeats its schedule; HLOTRAIN_KILL_SEED draws
// another (the failure message names the seed either way). What the test asserts does not hang
// on it: the first launches take every schedule in turn, and the event-driven ones (a kill at a
// graph write, at a checkpoint write, after a checkpoint) land where they aim whatever the draws.
uint64_t killSeed() {
  const char* text = std::getenv("HLOTRAIN_KILL_SEED");
  return text ? std::strtoull(text, nullptr, 10) : 0x5eed'1e55'0b5e'55edull;
}

std::vector<char> bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

std::string text(const fs::path& path) {
  std::vector<char> b = bytes(path);
  return {b.begin(), b.end()};
}

// Whether `name` is the temporary file of one of the three files a checkpoint writes.
bool isCheckpointTemporary(const std::string& name) {
  for (const char* file : {"_checkpoint.bin.tmp.", "_params.bin.tmp.", "_bn_stats.bin.tmp."})
    if (name.rfind(std::string(kPrefix) + file, 0) == 0) return true;
  return false;
}

// Whether `name` is the temporary file of a graph the run emits as it starts.
bool isGraphTemporary(const std::string& name) {
  return name.rfind(kPrefix, 0) == 0 && name.find(".mlir.tmp.") != std::string::npos;
}

// The global step a checkpoint file holds (FORMATS: the i64 after the 8-byte magic and five u32).
int64_t checkpointStep(const fs::path& path) {
  std::vector<char> b = bytes(path);
  int64_t step = -1;
  if (b.size() >= 36) std::memcpy(&step, b.data() + 28, 8);
  return step;
}

const char* const kScheduleNames[] = {"as a graph write began", "as a checkpoint write began",
                                      "at a random moment", "at a random early moment",
                                      "as a checkpoint landed"};
constexpr int kSchedules = 5;

enum class Moment { beforeFirstCheckpoint, duringCheckpointWrite, betweenCheckpoints };
const char* momentName(Moment m) {
  switch (m) {
  case Moment::beforeFirstCheckpoint:
    return "before the first checkpoint";
  case Moment::duringCheckpointWrite:
    return "during a checkpoint write";
  case Moment::betweenCheckpoints:
    return "between checkpoints";
  }
  return "";
}

// How a launch is to be killed: after `delay`, as the n-th checkpoint file write begins, as the
// n-th graph write of its start begins, or as its n-th checkpoint is renamed into place (the
// last file of a save, so the kill lands between checkpoints however slow the machine is, where
// a random moment may not).
struct KillPlan {
  std::optional<Clock::duration> delay;
  int atWrite = 0;      // n >= 1, or 0 for none
  int atGraphWrite = 0; // n >= 1, or 0 for none
  int atCheckpoint = 0; // n >= 1, or 0 for none
};

struct Launch {
  bool killed = false;
  int exitCode = -1;
  double seconds = 0;
  double firstCheckpointSeconds = -1; // when the first checkpoint appeared, if it did
};

class KillResumeTest : public hlotrain::train::fixtures::TrainScratch {
protected:
  std::vector<std::string> args(const fs::path& artifacts) const {
    return {HLOTRAIN_BINARY,
            "train",
            "--net",
            "mnist-linear",
            "--data",
            dir.string(),
            "--batch",
            "16",
            "--epochs",
            "3",
            "--lr",
            "0.01",
            "--seed",
            "7",
            "--checkpoint-every-steps",
            "2",
            "--log-every",
            "1",
            "--artifacts",
            artifacts.string(),
            "--resume"};
  }

  // Runs the binary on `artifacts` (which must exist), killing it as `plan` says.
  Launch launch(const fs::path& artifacts, const KillPlan& plan, const fs::path& logPath) {
    std::vector<std::string> argStrings = args(artifacts);
    std::vector<char*> argv;
    for (std::string& a : argStrings) argv.push_back(a.data());
    argv.push_back(nullptr);
    int inotify = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
    EXPECT_GE(inotify, 0);
    inotify_add_watch(inotify, artifacts.c_str(), IN_CREATE | IN_MOVED_TO);
    int logFd = ::open(logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    Clock::time_point start = Clock::now();
    pid_t pid = fork();
    if (pid == 0) { // only async-signal-safe calls until exec
      dup2(logFd, 1);
      dup2(logFd, 2);
      execv(argv[0], argv.data());
      _exit(127);
    }
    ::close(logFd);
    Launch result;
    int writes = 0, graphWrites = 0, checkpoints = 0, status = 0;
    bool sent = false;
    auto kill9 = [&] {
      if (!sent) ::kill(pid, SIGKILL);
      sent = true;
    };
    while (waitpid(pid, &status, WNOHANG) == 0) {
      pollfd fd{inotify, POLLIN, 0};
      poll(&fd, 1, 2);
      alignas(inotify_event) char buffer[4096];
      for (ssize_t n; (n = read(inotify, buffer, sizeof buffer)) > 0;) {
        for (char* p = buffer; p < buffer + n;) {
          auto* event = reinterpret_cast<inotify_event*>(p);
          std::string name = event->len ? event->name : "";
          if ((event->mask & IN_CREATE) && isCheckpointTemporary(name) && ++writes == plan.atWrite)
            kill9();
          if ((event->mask & IN_CREATE) && isGraphTemporary(name) &&
              ++graphWrites == plan.atGraphWrite)
            kill9();
          const bool landed =
              (event->mask & IN_MOVED_TO) && name == std::string(kPrefix) + "_checkpoint.bin";
          if (landed && result.firstCheckpointSeconds < 0)
            result.firstCheckpointSeconds =
                std::chrono::duration<double>(Clock::now() - start).count();
          if (landed && ++checkpoints == plan.atCheckpoint) kill9();
          p += sizeof(inotify_event) + event->len;
        }
      }
      if (plan.delay && Clock::now() - start >= *plan.delay) kill9();
    }
    ::close(inotify);
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    result.killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
  }

  // Where a kill landed, from what it left: a temporary file of a checkpoint write, no
  // checkpoint at all, or neither.
  static Moment classify(const fs::path& artifacts) {
    for (const auto& entry : fs::directory_iterator(artifacts))
      if (isCheckpointTemporary(entry.path().filename().string()))
        return Moment::duringCheckpointWrite;
    return fs::exists(artifacts / (std::string(kPrefix) + "_checkpoint.bin"))
               ? Moment::betweenCheckpoints
               : Moment::beforeFirstCheckpoint;
  }

  // The metrics records without what differs between processes (loss, timings, step counts).
  static std::vector<std::string> recordKeys(const fs::path& artifacts) {
    std::istringstream in(text(artifacts / (std::string(kPrefix) + "_metrics.jsonl")));
    std::vector<std::string> keys;
    for (std::string line; std::getline(in, line);) {
      size_t at = line.find(",\"steps\"");
      keys.push_back(line.substr(0, at != std::string::npos ? at : line.find(",\"seconds\"")));
    }
    return keys;
  }
};

TEST_F(KillResumeTest, SigkillAtRandomMomentsThenResumeEndsBitIdentical) {
  Clock::time_point testStart = Clock::now();
  const fs::path reference = dir / "reference";
  fs::create_directories(reference);
  Launch straight = launch(reference, {}, dir / "reference.log");
  ASSERT_EQ(straight.exitCode, 0) << text(dir / "reference.log");
  ASSERT_GT(straight.firstCheckpointSeconds, 0);
  const auto span = std::chrono::duration<double>(straight.seconds);
  const auto firstCheckpoint = std::chrono::duration<double>(straight.firstCheckpointSeconds);
  // 15 checkpoints (every 2 of 30 steps), three files each.
  const int writesPerRun = 45;

  const uint64_t seed = killSeed();
  SCOPED_TRACE("kill schedule seed " + std::to_string(seed));
  std::mt19937_64 random(seed);
  auto uniform = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(random);
  };

  std::map<Moment, int> moments;
  std::ostringstream killLog; // one line per kill: its schedule, where it landed
  int launches = 0;
  const int n = trials();
  for (int trial = 0; trial < n; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    const fs::path artifacts = dir / ("trial" + std::to_string(trial));
    const fs::path logPath = dir / ("trial" + std::to_string(trial) + ".log");
    fs::create_directories(artifacts);
    for (int kills = 0;; ++kills) {
      KillPlan plan;
      int schedule = -1;
      if (kills < kMaxKillsPerTrial) {
        // The first launches take each schedule in turn, so each kind of moment is aimed at
        // whatever the random draws do (the first launch of a trial has no checkpoint yet, so a
        // kill as it writes its graphs lands before the first one); the rest draw the schedule.
        schedule = launches < kSchedules ? launches : static_cast<int>(random() % kSchedules);
        if (schedule == 0) plan.atGraphWrite = 1 + static_cast<int>(random() % 3);
        if (schedule == 1) plan.atWrite = 1 + static_cast<int>(random() % writesPerRun);
        if (schedule == 2)
          plan.delay = std::chrono::duration_cast<Clock::duration>(uniform(0.0, 1.0) * span);
        if (schedule == 3)
          plan.delay =
              std::chrono::duration_cast<Clock::duration>(uniform(0.0, 1.0) * firstCheckpoint);
        if (schedule == 4) plan.atCheckpoint = 1 + static_cast<int>(random() % 14);
      }
      ++launches;
      Launch l = launch(artifacts, plan, logPath);
      if (!l.killed) {
        ASSERT_EQ(l.exitCode, 0) << text(logPath);
        break;
      }
      ASSERT_LT(kills, kMaxKillsPerTrial) << "killed without a kill planned";
      Moment m = classify(artifacts);
      ++moments[m];
      fs::path checkpoint = artifacts / (std::string(kPrefix) + "_checkpoint.bin");
      killLog << "\n  " << kScheduleNames[schedule] << ": " << momentName(m);
      if (fs::exists(checkpoint))
        killLog << " (checkpoint at step " << checkpointStep(checkpoint) << ")";
    }
    for (const char* suffix : {"_params.bin", "_bn_stats.bin", "_checkpoint.bin"}) {
      std::string file = std::string(kPrefix) + suffix;
      ASSERT_TRUE(fs::exists(artifacts / file)) << file;
      EXPECT_EQ(bytes(artifacts / file), bytes(reference / file)) << file << "\n" << text(logPath);
    }
    EXPECT_EQ(recordKeys(artifacts), recordKeys(reference)) << text(logPath);
    for (const auto& entry : fs::directory_iterator(artifacts))
      EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos)
          << "a killed write's temporary file survived the resumed run: " << entry.path();
  }

  std::ostringstream summary;
  summary << "reference run " << straight.seconds << " s, its first checkpoint at "
          << straight.firstCheckpointSeconds << " s; " << n << " trials, " << launches
          << " launches, " << moments[Moment::beforeFirstCheckpoint] << " kills "
          << momentName(Moment::beforeFirstCheckpoint) << ", "
          << moments[Moment::duringCheckpointWrite] << " "
          << momentName(Moment::duringCheckpointWrite) << ", "
          << moments[Moment::betweenCheckpoints] << " " << momentName(Moment::betweenCheckpoints)
          << "; " << std::chrono::duration<double>(Clock::now() - testStart).count()
          << " s in all. Kills:" << killLog.str();
  std::cout << summary.str() << std::endl;
  RecordProperty("summary", summary.str());
  for (Moment m :
       {Moment::beforeFirstCheckpoint, Moment::duringCheckpointWrite, Moment::betweenCheckpoints})
    EXPECT_GT(moments[m], 0) << "no kill landed " << momentName(m) << ": " << summary.str();
}

} // namespace

// What a person sees: on a terminal (a pseudo-terminal here) `hlotrain train` redraws one
// progress line with an ETA between its summaries; written to a pipe it prints plain lines with
// no control characters; --quiet prints only the summaries.

#include <gtest/gtest.h>

#include <cerrno>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include "Harness.h"
#include "support/Progress.h"
#include "tests/train/TrainFixtures.h"

using namespace hlotrain;
using hlotrain::testing::CliResult;

namespace {

class ProgressTest : public train::fixtures::TrainScratch {
protected:
  std::vector<std::string> trainArgs(const std::string& artifacts) {
    return {"train",
            "--net",
            "mnist-linear",
            "--data",
            dir.string(),
            "--batch",
            "16",
            "--epochs",
            "2",
            "--log-every",
            "3",
            "--artifacts",
            (dir / artifacts).string()};
  }

  // The binary's output when its standard output and error are a terminal.
  std::string onTerminal(const std::vector<std::string>& args) {
    int master = -1;
    winsize size{};
    size.ws_col = 200;
    size.ws_row = 50;
    pid_t pid = forkpty(&master, nullptr, nullptr, &size);
    if (pid == 0) {
      std::vector<std::string> all = {HLOTRAIN_BINARY};
      all.insert(all.end(), args.begin(), args.end());
      std::vector<char*> argv;
      for (std::string& a : all) argv.push_back(a.data());
      argv.push_back(nullptr);
      setenv("TERM", "xterm", 1);
      execv(argv[0], argv.data());
      _exit(127);
    }
    EXPECT_GT(pid, 0);
    std::string output;
    char buffer[4096];
    for (;;) {
      ssize_t n = read(master, buffer, sizeof buffer);
      if (n > 0) {
        output.append(buffer, static_cast<size_t>(n));
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      break; // EIO once the child has closed the terminal
    }
    int status = 0;
    waitpid(pid, &status, 0);
    close(master);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << output;
    return output;
  }
};

TEST_F(ProgressTest, ATerminalShowsAProgressLineWithAnEta) {
  const std::string out = onTerminal(trainArgs("tty"));
  EXPECT_NE(out.find("\r\033[Kepoch 1/2 step "), std::string::npos) << out;
  EXPECT_NE(out.find(" ETA "), std::string::npos) << out;
  EXPECT_NE(out.find(" img/s"), std::string::npos) << out;
  EXPECT_NE(out.find("\r\033[Keval "), std::string::npos) << "the evaluation's own line: " << out;
  EXPECT_NE(out.find("epoch 2/2 done: loss"), std::string::npos) << out;
  EXPECT_EQ(out.find("(global 3): loss"), std::string::npos)
      << "the step lines are the progress line's on a terminal: " << out;
}

TEST_F(ProgressTest, APipeGetsPlainLinesOnly) {
  CliResult r = hlotrain::testing::runBinary(trainArgs("pipe"));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.find('\r'), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\033'), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(global 3): loss"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("epoch 2/2 done: loss"), std::string::npos) << r.out;
}

TEST_F(ProgressTest, QuietPrintsOnlyTheSummaries) {
  std::vector<std::string> args = trainArgs("quiet");
  args.push_back("--quiet");
  CliResult r = hlotrain::testing::runBinary(args);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.find("training "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("checkpoint "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("(global 3)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("epoch 1/2 done: loss"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("eval after epoch 2: accuracy"), std::string::npos) << r.out;
}

// A pass that --max-steps cuts is not reported as a finished epoch, nor its evaluation as one
// after the epoch; the resumed run then finishes that epoch under its own line.
TEST_F(ProgressTest, AStopInsideAnEpochSaysWhereItStopped) {
  std::vector<std::string> args = trainArgs("cut");
  args.insert(args.end(), {"--max-steps", "1"});
  CliResult cut = hlotrain::testing::runBinary(args);
  ASSERT_EQ(cut.exitCode, 0) << cut.err;
  EXPECT_NE(cut.out.find("epoch 1/2 stopped after batch 1/"), std::string::npos) << cut.out;
  EXPECT_NE(cut.out.find("eval at step 1, inside epoch 1: accuracy"), std::string::npos) << cut.out;
  EXPECT_EQ(cut.out.find(" done: loss"), std::string::npos) << cut.out;

  args = trainArgs("cut");
  args.push_back("--resume");
  CliResult resumed = hlotrain::testing::runBinary(args);
  ASSERT_EQ(resumed.exitCode, 0) << resumed.err;
  EXPECT_NE(resumed.out.find("epoch 1/2 done: loss"), std::string::npos) << resumed.out;
  EXPECT_NE(resumed.out.find("eval after epoch 2: accuracy"), std::string::npos) << resumed.out;
  EXPECT_EQ(resumed.out.find("stopped after batch"), std::string::npos) << resumed.out;
}

TEST(FormatDuration, MinutesAndHours) {
  EXPECT_EQ(formatDuration(7.4), "0:07");
  EXPECT_EQ(formatDuration(247), "4:07");
  EXPECT_EQ(formatDuration(3903), "1:05:03");
  EXPECT_EQ(formatDuration(-1), "?");
  EXPECT_EQ(formatDuration(1.0 / 0.0), "?");
}

TEST(ProgressLine, RedrawsInPlaceCutToTheWidthAndClears) {
  std::ostringstream out;
  {
    ProgressLine line(out, true, 10);
    line.show("0123456789abcdef");
    line.show("later", false); // within 100 ms: skipped
    line.show("forced", true);
  }
  EXPECT_EQ(out.str(), "\r\033[K012345678\r\033[Kforced\r\033[K");
  std::ostringstream off;
  ProgressLine none(off, false);
  none.show("x", true);
  none.clear();
  EXPECT_EQ(off.str(), "");
}

// A preprocessor's count, written to anything but a terminal: a plain line every N items and at
// the last, and nothing to erase.
TEST(CountProgress, PlainLinesEveryNAndAtTheEnd) {
  std::ostringstream out;
  CountProgress progress(out, "train", "images", 5, 2);
  for (size_t i = 1; i <= 5; ++i) progress.advance(i);
  progress.clear();
  EXPECT_EQ(out.str(), "train: 2/5 images\ntrain: 4/5 images\ntrain: 5/5 images\n");
}

} // namespace

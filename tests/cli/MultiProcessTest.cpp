// Several processes training together (`hlotrain train --num-processes P --process-id I
// --coordinator HOST:PORT`) over our PJRT plugin, each process a node whose devices are its
// threads: two processes of one device each end with the checkpoint of one process with two
// devices, byte for byte; a process that never arrives is named within the timeout; bad
// combinations stop before anything is built.

#include <gtest/gtest.h>

#include <algorithm>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

#include "Harness.h"
#include "tests/support/ScopedEnv.h"
#include "tests/train/TrainFixtures.h"

namespace hlotrain::testing {
namespace {

namespace fs = std::filesystem;

// A port nothing listens on now (the kernel's pick for a socket bound to port 0).
int freePort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t size = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
  ::close(fd);
  return ntohs(address.sin_port);
}

class MultiProcessTest : public data::testing::ScratchDir {
protected:
  void SetUp() override {
    ScratchDir::SetUp();
    train::fixtures::writeLearnableSplit(dir, "train", 640, 1);
    train::fixtures::writeLearnableSplit(dir, "t10k", 50, 2);
  }

  // 10 SGD steps of MNIST-MLP at batch 64 on two devices, over our plugin.
  std::vector<std::string> run(const std::string& artifacts) const {
    return {"train",
            "--net",
            "mnist-mlp",
            "--dataset",
            "mnist",
            "--data",
            dir.string(),
            "--devices",
            "2",
            "--batch",
            "64",
            "--optimizer",
            "sgd",
            "--lr",
            "0.01",
            "--epochs",
            "1",
            "--warmup-epochs",
            "0",
            "--lowerer",
            "xla",
            "--pjrt-plugin",
            HLOTRAIN_PJRT_PLUGIN,
            "--artifacts",
            (dir / artifacts).string(),
            "--quiet"};
  }
  static std::vector<std::string> as(std::vector<std::string> args, int process, int port,
                                     int timeout = 60) {
    args.insert(args.end(), {"--num-processes", "2", "--process-id", std::to_string(process),
                             "--coordinator", "127.0.0.1:" + std::to_string(port),
                             "--coordinator-timeout", std::to_string(timeout)});
    return args;
  }
  std::string checkpoint(const std::string& artifacts) const {
    return slurp(dir / artifacts / "mnist_mlp_checkpoint.bin");
  }
};

TEST_F(MultiProcessTest, TwoProcessesEndWithTheCheckpointOfOneProcessWithTwoDevices) {
  const int port = freePort();
  CliResult first, second;
  {
    ScopedEnv devices("HLOTRAIN_PJRT_DEVICES", "1");
    std::thread zero([&] { first = runBinary(as(run("p0"), 0, port)); });
    second = runBinary(as(run("p1"), 1, port));
    zero.join();
  }
  ASSERT_EQ(first.exitCode, 0) << first.err;
  ASSERT_EQ(second.exitCode, 0) << second.err;
  CliResult alone;
  {
    ScopedEnv devices("HLOTRAIN_PJRT_DEVICES", "2");
    alone = runBinary(run("alone"));
  }
  ASSERT_EQ(alone.exitCode, 0) << alone.err;
  EXPECT_FALSE(checkpoint("alone").empty());
  EXPECT_EQ(checkpoint("p0"), checkpoint("alone"));
  EXPECT_EQ(checkpoint("p1"), checkpoint("alone"));
}

TEST_F(MultiProcessTest, AProcessThatNeverArrivesIsNamedWithinTheTimeout) {
  ScopedEnv devices("HLOTRAIN_PJRT_DEVICES", "1");
  const CliResult r = runBinary(as(run("lonely"), 0, freePort(), 1));
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.err.find("process 1 did not arrive at the coordinator 127.0.0.1:"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("within 1 s"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "lonely" / "mnist_mlp_train_step.mlir")) << "before any graph";

  const CliResult orphan = runBinary(as(run("orphan"), 1, freePort(), 1));
  EXPECT_NE(orphan.exitCode, 0);
  EXPECT_NE(orphan.err.find("--coordinator 127.0.0.1:"), std::string::npos) << orphan.err;
  EXPECT_NE(orphan.err.find("answered at 127.0.0.1:"), std::string::npos) << orphan.err;
  EXPECT_NE(orphan.err.find("within 1 s"), std::string::npos) << orphan.err;
  EXPECT_FALSE(fs::exists(dir / "orphan" / "mnist_mlp_train_step.mlir")) << "before any graph";
}

TEST_F(MultiProcessTest, BadCombinationsAreRefusedNamingTheFlag) {
  std::vector<std::string> args = as(run("bad"), 2, 1);
  expectUsageError(args, "--process-id must be in [0, 2), got 2");
  args = as(run("bad"), 0, 1);
  *(std::find(args.begin(), args.end(), "--devices") + 1) = "3";
  *(std::find(args.begin(), args.end(), "--batch") + 1) = "96";
  expectUsageError(args, "--devices 3 is not a multiple of --num-processes 2");
  args = run("bad");
  args.insert(args.end(), {"--process-id", "1"});
  expectUsageError(args, "--process-id needs --num-processes");
  args = as(run("bad"), 0, 1);
  args.back() = "x"; // the timeout
  expectUsageError(args, "--coordinator-timeout");
  args = as(run("bad"), 0, 1);
  args[args.size() - 3] = "nowhere";
  expectUsageError(args, "--coordinator must be HOST:PORT");
}

} // namespace
} // namespace hlotrain::testing

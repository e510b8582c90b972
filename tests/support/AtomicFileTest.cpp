// support/AtomicFile.h: the one writer of every file, streaming to `<path>.tmp.<pid>` and renamed
// into place by commit(); without a commit nothing is left, and temporaries of dead processes are
// found by the one name they all share.

#include "support/AtomicFile.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <unistd.h>

#include "support/Error.h"

using namespace hlotrain;

namespace {

namespace fs = std::filesystem;

class AtomicFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir = fs::temp_directory_path() / ("hlotrain_atomic_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }
  std::string path(const std::string& name) const { return (dir / name).string(); }
  static std::string slurp(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  fs::path dir;
};

TEST_F(AtomicFileTest, StreamsPatchesAndAppearsOnlyAtCommit) {
  const std::string target = path("out.bin");
  std::ofstream(target) << "old";
  AtomicFile file(target);
  file.write(std::string_view("....body"));
  file.writeAt(0, std::string_view("head"));
  EXPECT_EQ(slurp(target), "old"); // the old file until the rename
  EXPECT_TRUE(fs::exists(temporaryPath(target)));
  file.sync();
  EXPECT_THROW(file.write(std::string_view("late")), RuntimeError);
  file.commit();
  EXPECT_EQ(slurp(target), "headbody");
  EXPECT_FALSE(fs::exists(temporaryPath(target)));
}

TEST_F(AtomicFileTest, WithoutACommitNothingIsLeft) {
  const std::string target = path("never.bin");
  {
    AtomicFile file(target);
    file.write(std::string_view("partial"));
  }
  EXPECT_FALSE(fs::exists(target));
  EXPECT_TRUE(fs::is_empty(dir));
  EXPECT_THROW(AtomicFile(path("missing/dir/x.bin")), RuntimeError);
}

TEST_F(AtomicFileTest, TemporariesOfDeadProcessesAreRemovedLiveOnesKept) {
  EXPECT_TRUE(isTemporaryName("a_checkpoint.bin.tmp.123"));
  EXPECT_FALSE(isTemporaryName("a_checkpoint.bin"));
  EXPECT_FALSE(isTemporaryName("a.tmp.x"));
  // A pid no process has (above the kernel's pid_max of 4194304) and this process's own.
  const std::string dead = path("a.bin.tmp.99999999"), live = temporaryPath(path("b.bin"));
  std::ofstream(dead) << "x";
  std::ofstream(live) << "x";
  std::ofstream(path("c.bin")) << "x";
  removeStaleTemporaries(dir);
  EXPECT_FALSE(fs::exists(dead));
  EXPECT_TRUE(fs::exists(live));
  EXPECT_TRUE(fs::exists(path("c.bin")));
}

} // namespace

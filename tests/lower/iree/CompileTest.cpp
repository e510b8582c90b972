// The iree compile step against a stand-in compiler (fake-iree-compile beside this file): the
// command line per backend, the cache and what invalidates it, failures that leave nothing
// behind, and finding the compiler. Every path has a space in it, since argv never meets a shell.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "lower/iree/Compile.h"
#include "support/Error.h"
#include "support/Sha256.h"

using namespace hlotrain;
using namespace hlotrain::iree;
namespace fs = std::filesystem;

namespace {

const std::string kFakeCompiler = HLOTRAIN_SOURCE_DIR "/tests/lower/iree/fake-iree-compile";

std::string readText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void writeText(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::vector<std::string> splitOn(const std::string& text, char separator) {
  std::vector<std::string> pieces;
  std::istringstream in(text);
  for (std::string piece; std::getline(in, piece, separator);) pieces.push_back(piece);
  return pieces;
}

size_t countOf(const std::string& text, const std::string& part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// The message of the `E` that `run` throws; a test failure when it throws nothing.
template <class E, class F> std::string thrownMessage(F run) {
  try {
    run();
  } catch (const E& e) {
    return e.what();
  }
  ADD_FAILURE() << "nothing was thrown";
  return "";
}

// A scratch directory with a space in its name, the fake compiler in IREE_COMPILE, and the
// other IREE_* variables unset; every variable it touches is put back afterwards.
class CompileTest : public ::testing::Test {
protected:
  fs::path dir;

  void SetUp() override {
    for (const char* name :
         {"IREE_COMPILE", "IREE_BACKEND", "IREE_CHIP", "IREE_EXTRA_FLAGS", "FAKE_IREE_LOG", "PATH"})
      if (const char* value = std::getenv(name))
        saved_[name] = value;
      else
        saved_[name] = std::nullopt;
    dir = fs::temp_directory_path() /
          ("hlotrain iree " + std::to_string(::getpid()) + " " +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
    setenv("IREE_COMPILE", kFakeCompiler.c_str(), 1);
    setenv("FAKE_IREE_LOG", logPath().c_str(), 1);
    for (const char* name : {"IREE_BACKEND", "IREE_CHIP", "IREE_EXTRA_FLAGS"}) unsetenv(name);
  }
  void TearDown() override {
    for (const auto& [name, value] : saved_)
      if (value)
        setenv(name.c_str(), value->c_str(), 1);
      else
        unsetenv(name.c_str());
    fs::remove_all(dir);
  }

  std::string logPath() const { return (dir / "compiler log.txt").string(); }
  // One entry per compiler run, its arguments in order.
  std::vector<std::vector<std::string>> compilerRuns() const {
    std::vector<std::vector<std::string>> runs;
    for (const std::string& line : splitOn(readText(logPath()), '\n'))
      runs.push_back(splitOn(line, '\t'));
    return runs;
  }
  std::string mlir(const std::string& graph) const {
    return (dir / ("my net_" + graph + ".mlir")).string();
  }
  std::string vmfb(const std::string& graph) const {
    return (dir / ("my net_" + graph + ".vmfb")).string();
  }
  CompiledGraph compile(const std::string& graph) {
    return compileGraph(ireeTargetFromEnvironment(), mlir(graph), vmfb(graph), graph);
  }
  // Every file in the scratch directory but the compiler's log.
  std::vector<std::string> filesLeft() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir))
      if (entry.path() != logPath()) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

private:
  std::map<std::string, std::optional<std::string>> saved_;
};

TEST_F(CompileTest, FirstCompileRunsTheCompilerIntoATemporaryBesideTheVmfb) {
  const std::string text = "module @jit_net_fwd {}\n";
  writeText(mlir("fwd"), text);
  CompiledGraph compiled = compile("fwd");
  EXPECT_EQ(compiled.artifact, vmfb("fwd"));
  EXPECT_FALSE(compiled.cached);
  EXPECT_GE(compiled.seconds, 0.0);

  auto runs = compilerRuns();
  ASSERT_EQ(runs.size(), 1u);
  const std::string out = runs[0].back();
  EXPECT_EQ(runs[0], compileArguments(ireeTargetFromEnvironment(), mlir("fwd"), out));
  EXPECT_NE(out, vmfb("fwd"));
  EXPECT_EQ(fs::path(out).parent_path(), dir);
  EXPECT_FALSE(fs::exists(out));

  EXPECT_EQ(readText(vmfb("fwd")), "fake vmfb\n" + sha256Hex(text) + "\n");
  EXPECT_EQ(readText(vmfb("fwd") + ".hash"), cacheKey(ireeTargetFromEnvironment(), text) + "\n");
  EXPECT_EQ(filesLeft(), (std::vector<std::string>{"my net_fwd.mlir", "my net_fwd.vmfb",
                                                   "my net_fwd.vmfb.hash"}));
}

TEST_F(CompileTest, SecondIdenticalCompileIsCachedAndRunsNothing) {
  writeText(mlir("fwd"), "module @jit_net_fwd {}\n");
  compile("fwd");
  const std::string vmfbBytes = readText(vmfb("fwd"));
  CompiledGraph again = compile("fwd");
  EXPECT_TRUE(again.cached);
  EXPECT_EQ(again.artifact, vmfb("fwd"));
  EXPECT_EQ(again.seconds, 0.0);
  EXPECT_EQ(compilerRuns().size(), 1u);
  EXPECT_EQ(readText(vmfb("fwd")), vmfbBytes);
}

TEST_F(CompileTest, ChangedMlirRecompilesOnlyThatGraph) {
  writeText(mlir("fwd"), "module @jit_net_fwd {}\n");
  writeText(mlir("train_step"), "module @jit_net_train_step {}\n");
  compile("fwd");
  compile("train_step");
  writeText(mlir("fwd"), "module @jit_net_fwd { func.func public @main() { return } }\n");
  EXPECT_FALSE(compile("fwd").cached);
  EXPECT_TRUE(compile("train_step").cached);
  auto runs = compilerRuns();
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[2][runs[2].size() - 3], mlir("fwd"));
  EXPECT_EQ(readText(vmfb("fwd")),
            "fake vmfb\n" + sha256Hex(readText(mlir("fwd"))) + "\n"); // the new text's
}

TEST_F(CompileTest, EachTargetSettingRecompiles) {
  writeText(mlir("fwd"), "module @jit_net_fwd {}\n");
  compile("fwd");
  size_t expectedRuns = 1;
  for (auto [name, value] : {std::pair{"IREE_CHIP", "znver4"},
                             {"IREE_EXTRA_FLAGS", "--iree-opt-level=O3"},
                             {"IREE_BACKEND", "cuda"},
                             {"IREE_CHIP", "sm_90"}}) {
    SCOPED_TRACE(std::string(name) + "=" + value);
    setenv(name, value, 1);
    EXPECT_FALSE(compile("fwd").cached);
    EXPECT_TRUE(compile("fwd").cached);
    EXPECT_EQ(compilerRuns().size(), ++expectedRuns);
  }
  EXPECT_EQ(compilerRuns().back()[1], "--iree-hal-target-device=cuda");
}

// The key is over the flags, not the settings' spelling.
TEST_F(CompileTest, SettingsThatGiveTheSameFlagsStayCached) {
  writeText(mlir("fwd"), "module @jit_net_fwd {}\n");
  setenv("IREE_EXTRA_FLAGS", "--a --b", 1);
  compile("fwd");
  setenv("IREE_EXTRA_FLAGS", "  --a\t --b\n", 1);
  setenv("IREE_CHIP", "host", 1); // llvm-cpu's default
  setenv("IREE_BACKEND", "llvm-cpu", 1);
  EXPECT_TRUE(compile("fwd").cached);
  EXPECT_EQ(compilerRuns().size(), 1u);
}

TEST_F(CompileTest, DeletedVmfbWithItsHashIntactRecompiles) {
  writeText(mlir("fwd"), "module @jit_net_fwd {}\n");
  compile("fwd");
  fs::remove(vmfb("fwd"));
  EXPECT_FALSE(compile("fwd").cached);
  EXPECT_EQ(compilerRuns().size(), 2u);
  EXPECT_TRUE(fs::exists(vmfb("fwd")));
}

TEST_F(CompileTest, FailedCompileNamesTheGraphShowsTwentyLinesAndLeavesNothing) {
  writeText(mlir("train_step"), "module @jit_net_train_step {}\n");
  compile("train_step"); // a good vmfb and hash, now stale
  writeText(mlir("train_step"), "module @jit_net_train_step { FAIL_COMPILE }\n");
  const std::string message = thrownMessage<RuntimeError>([&] { compile("train_step"); });
  EXPECT_NE(message.find("graph 'train_step'"), std::string::npos) << message;
  EXPECT_NE(message.find(mlir("train_step")), std::string::npos) << message;
  EXPECT_NE(message.find("exited with status 1"), std::string::npos) << message;
  EXPECT_NE(message.find("first 20 of 30 output lines"), std::string::npos) << message;
  EXPECT_NE(message.find("\n    " + mlir("train_step") + ":1:1: error: fake failure line 1\n"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("fake failure line 20"), std::string::npos) << message;
  EXPECT_EQ(message.find("fake failure line 21"), std::string::npos) << message;
  EXPECT_EQ(countOf(message, "\n    "), 20u) << message;
  EXPECT_EQ(filesLeft(), std::vector<std::string>{"my net_train_step.mlir"});
}

TEST_F(CompileTest, CompilerKilledBySignalLeavesNothing) {
  writeText(mlir("fwd"), "module @jit_net_fwd { KILL_COMPILE }\n");
  const std::string message = thrownMessage<RuntimeError>([&] { compile("fwd"); });
  EXPECT_NE(message.find("was killed by signal 9"), std::string::npos) << message;
  EXPECT_NE(message.find("printed nothing"), std::string::npos) << message;
  EXPECT_EQ(filesLeft(), std::vector<std::string>{"my net_fwd.mlir"});
}

TEST_F(CompileTest, MissingMlirIsNamedAndRunsNothing) {
  EXPECT_EQ(thrownMessage<RuntimeError>([&] { compile("fwd"); }),
            "iree: cannot read " + mlir("fwd") + " for graph 'fwd' (No such file or directory)");
  EXPECT_FALSE(fs::exists(logPath()));
}

TEST_F(CompileTest, CompilerIsFoundOnPath) {
  fs::create_directories(dir / "no compiler");
  fs::create_directories(dir / "bin dir");
  fs::create_symlink(kFakeCompiler, dir / "bin dir" / "iree-compile");
  unsetenv("IREE_COMPILE");
  setenv("PATH", ((dir / "no compiler").string() + ":" + (dir / "bin dir").string()).c_str(), 1);
  EXPECT_EQ(ireeTargetFromEnvironment().compiler, (dir / "bin dir" / "iree-compile").string());
}

TEST_F(CompileTest, MissingCompilerIsOneLineNamingWhatWasTried) {
  fs::create_directories(dir / "a");
  writeText(dir / "b", "not a directory");
  unsetenv("IREE_COMPILE");
  const std::string a = (dir / "a").string(), b = (dir / "b").string();
  setenv("PATH", (a + ":" + b + ":").c_str(), 1);
  EXPECT_EQ(thrownMessage<UnsupportedError>(ireeTargetFromEnvironment),
            "iree: no iree-compile: IREE_COMPILE is unset and none of " + a + ", " + b +
                ", . has iree-compile");
  setenv("PATH", "", 1);
  EXPECT_EQ(thrownMessage<UnsupportedError>(ireeTargetFromEnvironment),
            "iree: no iree-compile: IREE_COMPILE is unset and PATH is empty");
}

TEST_F(CompileTest, IreeCompileThatIsNotAnExecutableFileIsRefused) {
  writeText(mlir("fwd"), "module @jit_net_fwd {}\n");
  for (const std::string& path : {mlir("fwd"), dir.string(), (dir / "absent").string()}) {
    setenv("IREE_COMPILE", path.c_str(), 1);
    EXPECT_EQ(thrownMessage<UnsupportedError>(ireeTargetFromEnvironment),
              "iree: IREE_COMPILE=" + path + " is not an executable file");
  }
}

TEST_F(CompileTest, UnknownBackendIsRefused) {
  setenv("IREE_BACKEND", "metal", 1);
  EXPECT_EQ(thrownMessage<ConfigError>(ireeTargetFromEnvironment),
            "iree: IREE_BACKEND=metal is not a backend (expected one of llvm-cpu, cuda, rocm, "
            "vulkan)");
}

TEST(CompileArgumentsTest, EachBackend) {
  using Args = std::vector<std::string>;
  const std::string in = "/a b/net_fwd.mlir", out = "/a b/net_fwd.vmfb.tmp.7";
  auto args = [&](std::string backend, std::string chip, std::string extra = "") {
    return compileArguments({"/bin/iree-compile", backend, chip, extra}, in, out);
  };
  EXPECT_EQ(args("llvm-cpu", ""),
            (Args{"--iree-input-type=stablehlo", "--iree-hal-target-device=local",
                  "--iree-hal-local-target-device-backends=llvm-cpu",
                  "--iree-llvmcpu-target-cpu=host", in, "-o", out}));
  EXPECT_EQ(
      args("llvm-cpu", "znver4", " --iree-opt-level=O3\t--x=1 "),
      (Args{"--iree-input-type=stablehlo", "--iree-hal-target-device=local",
            "--iree-hal-local-target-device-backends=llvm-cpu", "--iree-llvmcpu-target-cpu=znver4",
            "--iree-opt-level=O3", "--x=1", in, "-o", out}));
  EXPECT_EQ(args("cuda", "sm_90"),
            (Args{"--iree-input-type=stablehlo", "--iree-hal-target-device=cuda",
                  "--iree-cuda-target=sm_90", in, "-o", out}));
  EXPECT_EQ(args("cuda", ""),
            (Args{"--iree-input-type=stablehlo", "--iree-hal-target-device=cuda", in, "-o", out}));
  EXPECT_EQ(args("rocm", "gfx942"),
            (Args{"--iree-input-type=stablehlo", "--iree-hal-target-device=hip",
                  "--iree-rocm-target=gfx942", in, "-o", out}));
  EXPECT_EQ(args("vulkan", "rdna3"),
            (Args{"--iree-input-type=stablehlo", "--iree-hal-target-device=vulkan",
                  "--iree-vulkan-target=rdna3", in, "-o", out}));
  EXPECT_THROW(args("metal", ""), ConfigError);
}

// No concatenation of fields can pass for another: each is length-prefixed.
TEST(CacheKeyTest, FieldsCannotRunIntoEachOther) {
  const IreeTarget a{"/bin/iree-compile", "llvm-cpu", "", "--x"};
  const IreeTarget b{"/bin/iree-compile", "llvm-cpu", "", ""};
  EXPECT_NE(cacheKey(a, "m"), cacheKey(b, "m--x"));
  EXPECT_NE(cacheKey(a, "m"), cacheKey(b, "m"));
  EXPECT_EQ(cacheKey(a, "m"), cacheKey({"/other/iree-compile", "llvm-cpu", "host", " --x "}, "m"));
  EXPECT_EQ(cacheKey(a, "m").size(), 64u);
}

} // namespace

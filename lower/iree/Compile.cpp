#include "lower/iree/Compile.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>

#include "support/AtomicFile.h"
#include "support/Error.h"
#include "support/RunFiles.h"
#include "support/Sha256.h"

extern char** environ;

namespace hlotrain::iree {

namespace fs = std::filesystem;

namespace {

// One row per IREE_BACKEND value: the flags LOWERERS.md §4 gives for it.
struct Backend {
  std::string_view name;
  std::string_view device;       // --iree-hal-target-device
  std::string_view localBackend; // --iree-hal-local-target-device-backends, for `local` only
  std::string_view chipFlag;
  std::string_view defaultChip; // empty: leave the choice to iree-compile
};

constexpr Backend kBackends[] = {
    {"llvm-cpu", "local", "llvm-cpu", "--iree-llvmcpu-target-cpu", "host"},
    {"cuda", "cuda", "", "--iree-cuda-target", ""},
    {"rocm", "hip", "", "--iree-rocm-target", ""},
    {"vulkan", "vulkan", "", "--iree-vulkan-target", ""},
};

const Backend& findBackend(std::string_view name) {
  for (const Backend& backend : kBackends)
    if (backend.name == name) return backend;
  std::string choices;
  for (const Backend& backend : kBackends)
    choices += (choices.empty() ? "" : ", ") + std::string(backend.name);
  throw ConfigError("iree: IREE_BACKEND=" + std::string(name) +
                    " is not a backend (expected one of " + choices + ")");
}

std::string environmentValue(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

std::vector<std::string> splitWhitespace(std::string_view text) {
  constexpr std::string_view kWhitespace = " \t\n\r\f\v";
  std::vector<std::string> pieces;
  size_t at = 0;
  while ((at = text.find_first_not_of(kWhitespace, at)) != std::string_view::npos) {
    size_t end = std::min(text.find_first_of(kWhitespace, at), text.size());
    pieces.emplace_back(text.substr(at, end - at));
    at = end;
  }
  return pieces;
}

bool isExecutableFile(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

// PATH's directories in order; an empty entry is the current directory, as for the shell.
std::vector<std::string> pathDirectories() {
  const std::string path = environmentValue("PATH");
  std::vector<std::string> dirs;
  if (path.empty()) return dirs;
  for (size_t at = 0;;) {
    size_t end = path.find(':', at);
    std::string dir = path.substr(at, end == std::string::npos ? end : end - at);
    dirs.push_back(dir.empty() ? "." : dir);
    if (end == std::string::npos) return dirs;
    at = end + 1;
  }
}

std::string findCompiler() {
  if (std::string explicitPath = environmentValue("IREE_COMPILE"); !explicitPath.empty()) {
    if (!isExecutableFile(explicitPath))
      throw UnsupportedError("iree: IREE_COMPILE=" + explicitPath + " is not an executable file");
    return fs::absolute(explicitPath).string();
  }
  const std::vector<std::string> dirs = pathDirectories();
  for (const std::string& dir : dirs)
    if (isExecutableFile(fs::path(dir) / "iree-compile"))
      return fs::absolute(fs::path(dir) / "iree-compile").string();
  std::string tried;
  for (const std::string& dir : dirs) tried += (tried.empty() ? "" : ", ") + dir;
  throw UnsupportedError(
      "iree: no iree-compile: IREE_COMPILE is unset and " +
      (dirs.empty() ? "PATH is empty" : "none of " + tried + " has iree-compile"));
}

// Every flag of the command line, without the input and output paths.
std::vector<std::string> targetFlags(const IreeTarget& target) {
  const Backend& backend = findBackend(target.backend);
  std::vector<std::string> flags = {"--iree-input-type=stablehlo",
                                    "--iree-hal-target-device=" + std::string(backend.device)};
  if (!backend.localBackend.empty())
    flags.push_back("--iree-hal-local-target-device-backends=" + std::string(backend.localBackend));
  std::string chip = target.chip.empty() ? std::string(backend.defaultChip) : target.chip;
  if (!chip.empty()) flags.push_back(std::string(backend.chipFlag) + "=" + chip);
  for (std::string& flag : splitWhitespace(target.extraFlags)) flags.push_back(std::move(flag));
  return flags;
}

std::optional<std::string> readFile(const std::string& path) {
  FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) return std::nullopt;
  std::string text;
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, n);
  bool failed = std::ferror(file);
  std::fclose(file);
  if (failed) return std::nullopt;
  return text;
}

void removeIfPresent(const std::string& path) {
  std::error_code ec;
  fs::remove(path, ec);
  if (ec) throw RuntimeError("iree: cannot remove the stale " + path + " (" + ec.message() + ")");
}

// A file that is deleted when the scope is left, unless it has been kept: an exception between
// starting the compiler and renaming its output leaves no temporary behind.
class RemovedUnlessKept {
public:
  explicit RemovedUnlessKept(std::string path) : path_(std::move(path)) {}
  ~RemovedUnlessKept() {
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  RemovedUnlessKept(const RemovedUnlessKept&) = delete;
  RemovedUnlessKept& operator=(const RemovedUnlessKept&) = delete;
  void keep() { path_.clear(); }

private:
  std::string path_;
};

constexpr size_t kShownLines = 20;
// A single MLIR diagnostic line can quote a whole dense constant; the message stays readable.
constexpr size_t kShownLineChars = 300;

// What a program printed: its first lines, clipped, and how many lines it printed in all.
struct OutputHead {
  std::vector<std::string> lines;
  size_t lineCount = 0;
};

// Reads `fd` to its end, keeping only the head, so a compiler that dumps IR costs no memory.
OutputHead readOutputHead(int fd) {
  OutputHead head;
  std::string line;
  bool lineOpen = false;
  auto endLine = [&] {
    if (head.lines.size() < kShownLines)
      head.lines.push_back(line.size() > kShownLineChars ? line.substr(0, kShownLineChars) + " ..."
                                                         : line);
    ++head.lineCount;
    line.clear();
    lineOpen = false;
  };
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    for (ssize_t i = 0; i < n; ++i) {
      if (buffer[i] == '\n') {
        endLine();
        continue;
      }
      lineOpen = true;
      if (head.lines.size() < kShownLines && line.size() <= kShownLineChars) line += buffer[i];
    }
  }
  if (lineOpen) endLine();
  return head;
}

struct ProcessResult {
  int waitStatus;
  OutputHead output;
};

// Runs `program` with `args` directly (no shell, so paths need no quoting), stdin from
// /dev/null, stdout and stderr into one pipe.
ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args) {
  int pipeFds[2];
  if (::pipe2(pipeFds, O_CLOEXEC) != 0)
    throw RuntimeError("iree: cannot create a pipe (" + std::string(std::strerror(errno)) + ")");
  // Both pipe ends are close-on-exec; the child keeps only the copies dup2 makes on 1 and 2.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, pipeFds[1], 1);
  posix_spawn_file_actions_adddup2(&actions, pipeFds[1], 2);
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  int spawnError = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipeFds[1]);
  if (spawnError != 0) {
    ::close(pipeFds[0]);
    throw RuntimeError("iree: cannot run " + program + " (" + std::strerror(spawnError) + ")");
  }
  OutputHead output = readOutputHead(pipeFds[0]);
  ::close(pipeFds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return {status, std::move(output)};
}

std::string describeWaitStatus(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return "was killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  return "ended with wait status " + std::to_string(status);
}

std::string compileFailure(const IreeTarget& target, const std::string& mlirPath,
                           std::string_view graphName, const ProcessResult& result) {
  std::string message = "iree: compiling graph '" + std::string(graphName) + "' (" + mlirPath +
                        ") failed: " + target.compiler + " " +
                        describeWaitStatus(result.waitStatus);
  const OutputHead& output = result.output;
  if (output.lineCount == 0) return message + " and printed nothing";
  message += output.lineCount > output.lines.size()
                 ? "; its first " + std::to_string(output.lines.size()) + " of " +
                       std::to_string(output.lineCount) + " output lines:"
                 : "; its output:";
  for (const std::string& line : output.lines) message += "\n    " + line;
  return message;
}

} // namespace

IreeTarget ireeTargetFromEnvironment() {
  std::string backend = environmentValue("IREE_BACKEND");
  IreeTarget target;
  target.backend = findBackend(backend.empty() ? "llvm-cpu" : backend).name;
  target.compiler = findCompiler();
  target.chip = environmentValue("IREE_CHIP");
  target.extraFlags = environmentValue("IREE_EXTRA_FLAGS");
  return target;
}

std::vector<std::string> compileArguments(const IreeTarget& target, const std::string& mlir,
                                          const std::string& out) {
  std::vector<std::string> args = targetFlags(target);
  args.insert(args.end(), {mlir, "-o", out});
  return args;
}

std::string cacheKey(const IreeTarget& target, std::string_view mlirText) {
  // Each field is prefixed with its length, so no two field lists hash the same bytes.
  Sha256 hash;
  auto field = [&hash](std::string_view bytes) {
    hash.update(std::to_string(bytes.size())).update(":").update(bytes);
  };
  field(mlirText);
  for (const std::string& flag : targetFlags(target)) field(flag);
  return hash.hexDigest();
}

CompiledGraph compileGraph(const IreeTarget& target, const std::string& mlirPath,
                           const std::string& vmfbPath, std::string_view graphName) {
  std::optional<std::string> mlirText = readFile(mlirPath);
  if (!mlirText)
    throw RuntimeError("iree: cannot read " + mlirPath + " for graph '" + std::string(graphName) +
                       "' (" + std::strerror(errno) + ")");
  const std::string sidecar = cacheKey(target, *mlirText) + "\n";
  const std::string hashPath = vmfbPath + std::string(kCompiledKeySuffix);
  std::error_code ec;
  if (fs::exists(vmfbPath, ec) && readFile(hashPath) == sidecar) return {vmfbPath, true, 0.0};

  // A stale vmfb goes too: left alone, a failed compile would leave it to be loaded as current.
  removeIfPresent(hashPath);
  removeIfPresent(vmfbPath);
  const std::string tempPath = temporaryPath(vmfbPath);
  RemovedUnlessKept temp(tempPath);
  auto start = std::chrono::steady_clock::now();
  ProcessResult result = runProcess(target.compiler, compileArguments(target, mlirPath, tempPath));
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!WIFEXITED(result.waitStatus) || WEXITSTATUS(result.waitStatus) != 0)
    throw RuntimeError(compileFailure(target, mlirPath, graphName, result));
  if (std::rename(tempPath.c_str(), vmfbPath.c_str()) != 0)
    throw RuntimeError("iree: " + target.compiler + " succeeded on graph '" +
                       std::string(graphName) + "' but its output " + tempPath +
                       " cannot be renamed to " + vmfbPath + " (" + std::strerror(errno) + ")");
  temp.keep();
  try {
    writeFileAtomically(hashPath, sidecar);
  } catch (const RuntimeError&) {
    ::unlink(vmfbPath.c_str()); // no vmfb stays without the sidecar that vouches for it
    throw;
  }
  return {vmfbPath, false, seconds};
}

} // namespace hlotrain::iree

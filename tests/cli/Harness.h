#pragma once
// Shared helpers of the CLI tests: run `hlotrain` in-process or as a subprocess, find files of
// the source tree, and scratch directories that clean up after themselves.

#include <filesystem>
#include <string>
#include <vector>

namespace hlotrain::testing {

struct CliResult {
  int exitCode = -1;
  bool signaled = false; // subprocess only: killed by a signal
  std::string out, err;
};

// cli::runCli with captured streams; `args` excludes the program name.
CliResult runInProcess(const std::vector<std::string>& args);
// `args` with `extra` added: a flag of `extra` that `args` already has replaces its value.
std::vector<std::string> withFlags(std::vector<std::string> args,
                                   const std::vector<std::string>& extra);
// Runs `args` in-process and expects exit 2 with one line on stderr that contains `needle`.
void expectUsageError(const std::vector<std::string>& args, const std::string& needle);
// The real binary (HLOTRAIN_BINARY) with stdout and stderr captured.
CliResult runBinary(const std::vector<std::string>& args);
// A file's bytes ("" when it cannot be read).
std::string slurp(const std::filesystem::path& path);

std::filesystem::path sourcePath(const std::string& relative);
// Files directly in `dir` ending with `suffix`, sorted; empty when `dir` does not exist.
std::vector<std::filesystem::path> filesIn(const std::filesystem::path& dir,
                                           const std::string& suffix);
// A gtest-safe name: every character outside [A-Za-z0-9] becomes '_'.
std::string testName(const std::string& text);

class TempDir {
public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  // Writes `text` to `name` inside the directory and returns its path.
  std::string write(const std::string& name, const std::string& text) const;

private:
  std::filesystem::path path_;
};

} // namespace hlotrain::testing

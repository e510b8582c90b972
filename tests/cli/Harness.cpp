#include "Harness.h"

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

#include "cli/Cli.h"

namespace hlotrain::testing {

namespace fs = std::filesystem;

CliResult runInProcess(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  CliResult result;
  result.exitCode = cli::runCli(args, out, err);
  result.out = out.str();
  result.err = err.str();
  return result;
}

namespace {
std::string shellQuote(const std::string& s) {
  std::string quoted = "'";
  for (char c : s) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}
} // namespace

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> withFlags(std::vector<std::string> args,
                                   const std::vector<std::string>& extra) {
  for (size_t i = 0; i < extra.size(); ++i) {
    auto flag =
        extra[i].starts_with("--") ? std::find(args.begin(), args.end(), extra[i]) : args.end();
    if (flag != args.end() && i + 1 < extra.size())
      *(flag + 1) = extra[++i];
    else
      args.push_back(extra[i]);
  }
  return args;
}

void expectUsageError(const std::vector<std::string>& args, const std::string& needle) {
  CliResult r = runInProcess(args);
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}

CliResult runBinary(const std::vector<std::string>& args) {
  TempDir dir;
  std::string command = shellQuote(HLOTRAIN_BINARY);
  for (const std::string& arg : args) command += " " + shellQuote(arg);
  command += " >" + shellQuote(dir.file("out")) + " 2>" + shellQuote(dir.file("err"));
  int status = std::system(command.c_str());
  CliResult result;
  // The shell reports a child killed by signal N as exit status 128 + N.
  if (WIFEXITED(status)) {
    result.exitCode = WEXITSTATUS(status);
    result.signaled = result.exitCode > 128;
  } else {
    result.signaled = true;
  }
  result.out = slurp(dir.path() / "out");
  result.err = slurp(dir.path() / "err");
  return result;
}

fs::path sourcePath(const std::string& relative) {
  return fs::path(HLOTRAIN_SOURCE_DIR) / relative;
}

std::vector<fs::path> filesIn(const fs::path& dir, const std::string& suffix) {
  std::vector<fs::path> files;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.size() > suffix.size() && name.ends_with(suffix))
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string testName(const std::string& text) {
  std::string name = text;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

TempDir::TempDir() {
  static std::atomic<int> counter{0};
  std::random_device random;
  path_ = fs::temp_directory_path() / ("hlotrain_test_" + std::to_string(getpid()) + "_" +
                                       std::to_string(counter++) + "_" + std::to_string(random()));
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

std::string TempDir::write(const std::string& name, const std::string& text) const {
  std::ofstream out(path_ / name, std::ios::binary);
  out << text;
  return file(name);
}

} // namespace hlotrain::testing

#include "support/AtomicFile.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>

#include "support/Error.h"

namespace hlotrain {

namespace {

constexpr std::string_view kTempInfix = ".tmp.";

// Closes and, unless committed, deletes the temporary file on every early exit.
class TempFile {
public:
  explicit TempFile(std::string path) : path_(std::move(path)) {
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  }
  ~TempFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_) ::unlink(path_.c_str());
  }
  int fd() const { return fd_; }
  bool closeFd() {
    int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0;
  }
  void commit() { committed_ = true; }

private:
  std::string path_;
  int fd_ = -1;
  bool committed_ = false;
};

[[noreturn]] void fail(const std::string& path, const char* what) {
  throw RuntimeError(path + ": cannot " + what + " (" + std::strerror(errno) + ")");
}

} // namespace

std::string temporaryPath(const std::string& path) {
  return path + std::string(kTempInfix) + std::to_string(::getpid());
}

void writeFileAtomically(const std::string& path, std::span<const char> bytes) {
  std::string tempPath = temporaryPath(path);
  TempFile temp(tempPath);
  if (temp.fd() < 0) fail(tempPath, "create the file");
  size_t written = 0;
  while (written < bytes.size()) {
    ssize_t n = ::write(temp.fd(), bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(tempPath, "write");
    written += static_cast<size_t>(n);
  }
  if (::fsync(temp.fd()) != 0) fail(tempPath, "fsync");
  if (!temp.closeFd()) fail(tempPath, "close");
  if (std::rename(tempPath.c_str(), path.c_str()) != 0)
    fail(path, "replace the file with its temporary copy");
  temp.commit();
}

void removeStaleTemporaries(const std::filesystem::path& dir) {
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    size_t at = name.rfind(kTempInfix);
    if (at == std::string::npos) continue;
    std::string_view digits = std::string_view(name).substr(at + kTempInfix.size());
    pid_t pid = 0;
    auto [last, parsed] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
    if (parsed != std::errc() || last != digits.data() + digits.size() || pid <= 0) continue;
    if (::kill(pid, 0) != 0 && errno == ESRCH) {
      std::error_code ignored;
      std::filesystem::remove(it->path(), ignored);
    }
  }
}

} // namespace hlotrain

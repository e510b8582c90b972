#include "train/AtomicFile.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "support/Error.h"

namespace hlotrain::train {

namespace {

// Closes and, unless released, deletes the temporary file on every early exit.
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

void writeFileAtomically(const std::string& path, std::span<const char> bytes) {
  std::string tempPath = path + ".tmp." + std::to_string(::getpid());
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

} // namespace hlotrain::train

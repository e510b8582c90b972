#include "support/AtomicFile.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <optional>

#include "support/Error.h"

namespace hlotrain {

namespace {

constexpr std::string_view kTempInfix = ".tmp.";

[[noreturn]] void fail(const std::string& path, const char* what) {
  throw RuntimeError(path + ": cannot " + what + " (" + std::strerror(errno) + ")");
}

// The pid a temporary's name ends with, if it is one.
std::optional<pid_t> temporaryOwner(std::string_view name) {
  const size_t at = name.rfind(kTempInfix);
  if (at == std::string::npos) return std::nullopt;
  const std::string_view digits = name.substr(at + kTempInfix.size());
  pid_t pid = 0;
  auto [last, parsed] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
  if (parsed != std::errc() || last != digits.data() + digits.size() || pid <= 0)
    return std::nullopt;
  return pid;
}

} // namespace

std::string temporaryPath(const std::string& path) {
  return path + std::string(kTempInfix) + std::to_string(::getpid());
}

bool isTemporaryName(std::string_view name) {
  return temporaryOwner(name).has_value();
}

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)), temp_(temporaryPath(path_)) {
  fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) fail(temp_, "create the file");
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_) ::unlink(temp_.c_str());
}

void AtomicFile::write(std::span<const char> bytes) {
  if (fd_ < 0) fail(temp_, "write after the file was synced");
  size_t written = 0;
  while (written < bytes.size()) {
    ssize_t n = ::write(fd_, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(temp_, "write");
    written += static_cast<size_t>(n);
  }
}

void AtomicFile::writeAt(uint64_t offset, std::span<const char> bytes) {
  if (fd_ < 0) fail(temp_, "write after the file was synced");
  size_t written = 0;
  while (written < bytes.size()) {
    ssize_t n = ::pwrite(fd_, bytes.data() + written, bytes.size() - written,
                         static_cast<off_t>(offset + written));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(temp_, "write");
    written += static_cast<size_t>(n);
  }
}

void AtomicFile::sync() {
  if (fd_ < 0) return;
  if (::fsync(fd_) != 0) fail(temp_, "fsync");
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail(temp_, "close");
}

void AtomicFile::commit() {
  sync();
  if (std::rename(temp_.c_str(), path_.c_str()) != 0)
    fail(path_, "replace the file with its temporary copy");
  committed_ = true;
}

void writeFileAtomically(const std::string& path, std::span<const char> bytes) {
  AtomicFile file(path);
  file.write(bytes);
  file.commit();
}

void removeStaleTemporaries(const std::filesystem::path& dir) {
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::optional<pid_t> owner = temporaryOwner(it->path().filename().string());
    if (owner && ::kill(*owner, 0) != 0 && errno == ESRCH) {
      std::error_code ignored;
      std::filesystem::remove(it->path(), ignored);
    }
  }
}

} // namespace hlotrain

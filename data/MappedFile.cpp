#include "data/MappedFile.h"

#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csetjmp>
#include <csignal>
#include <cstring>
#include <mutex>

#include "support/Error.h"

namespace hlotrain::data {
namespace {

std::string systemError() {
  return std::strerror(errno);
}

struct FdCloser {
  int fd;
  ~FdCloser() { ::close(fd); }
};

// The copy in progress on one thread: where to jump back to, and the pages it reads. It lives in
// copyGuarded's frame; nothing in that frame has a destructor, so the jump skips none.
struct CopyGuard {
  sigjmp_buf jump;
  uintptr_t begin = 0, end = 0;
};

// This thread's copy in progress, if any. Initial-exec TLS: the handler reads it without calling
// into the dynamic linker, which is not async-signal-safe, even where this code is linked into a
// shared library (the PJRT plugin).
thread_local CopyGuard* tGuard [[gnu::tls_model("initial-exec")]] = nullptr;

// The SIGBUS disposition before ours; written once, before ours is installed.
struct sigaction gPrevious {};

// A SIGBUS that is not ours goes where it would have gone without us.
void passOn(int sig, siginfo_t* info, void* context) {
  if (gPrevious.sa_flags & SA_SIGINFO) return gPrevious.sa_sigaction(sig, info, context);
  if (gPrevious.sa_handler != SIG_DFL && gPrevious.sa_handler != SIG_IGN)
    return gPrevious.sa_handler(sig);
  const bool sent = info->si_code <= 0; // kill(), raise(), sigqueue(): no faulting instruction
  if (gPrevious.sa_handler == SIG_IGN && sent) return;
  // The default action (an ignored fault ends the process all the same): put it back. A fault
  // runs its instruction again and ends the process there, with the core it would have left; a
  // sent signal is raised again and delivered when this handler returns.
  struct sigaction byDefault {};
  byDefault.sa_handler = SIG_DFL;
  sigemptyset(&byDefault.sa_mask);
  sigaction(sig, &byDefault, nullptr);
  if (sent) raise(sig);
}

// Async-signal-safe: reads this thread's guard and jumps, or passes the signal on.
void onSigbus(int sig, siginfo_t* info, void* context) {
  CopyGuard* guard = tGuard;
  const auto at = reinterpret_cast<uintptr_t>(info->si_addr);
  if (guard && info->si_code > 0 && at >= guard->begin && at < guard->end) {
    tGuard = nullptr;
    siglongjmp(guard->jump, 1);
  }
  passOn(sig, info, context);
}

void installSigbusHandler() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction ours {};
    ours.sa_sigaction = onSigbus;
    ours.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&ours.sa_mask);
    // The previous disposition is read first, so that ours never runs before it is known.
    // Without our handler a truncated file ends the process as before; nothing to report.
    sigaction(SIGBUS, nullptr, &gPrevious);
    sigaction(SIGBUS, &ours, nullptr);
  });
}

const uintptr_t kPageMask = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE)) - 1;

// Copies n > 0 bytes from `src`, inside a mapping, to `dst`: false when a page of `src` is gone
// (the SIGBUS of that read was turned into the jump back here).
bool copyGuarded(uint8_t* dst, const uint8_t* src, size_t n) {
  CopyGuard guard;
  // Whole pages: faults come page by page, whatever the width of memcpy's loads.
  guard.begin = reinterpret_cast<uintptr_t>(src) & ~kPageMask;
  guard.end = (reinterpret_cast<uintptr_t>(src) + n + kPageMask) & ~kPageMask;
  if (sigsetjmp(guard.jump, 0) != 0) {
    // The handler never returned, so SIGBUS is still blocked on this thread; unblock it for the
    // next read.
    sigset_t sigbus;
    sigemptyset(&sigbus);
    sigaddset(&sigbus, SIGBUS);
    pthread_sigmask(SIG_UNBLOCK, &sigbus, nullptr);
    return false;
  }
  tGuard = &guard;
  // The compiler may not move the guard's stores across the copy: the handler reads them.
  std::atomic_signal_fence(std::memory_order_seq_cst);
  std::memcpy(dst, src, n);
  std::atomic_signal_fence(std::memory_order_seq_cst);
  tGuard = nullptr;
  return true;
}

} // namespace

std::shared_ptr<const MappedFile> MappedFile::open(const std::string& path) {
  installSigbusHandler();
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw ParseError(path + ": cannot open for reading (" + systemError() + ")");
  FdCloser closer{fd}; // the mapping outlives the descriptor
  struct stat info {};
  if (::fstat(fd, &info) != 0)
    throw ParseError(path + ": cannot read the file size (" + systemError() + ")");
  if (!S_ISREG(info.st_mode)) throw ParseError(path + ": not a regular file");
  size_t size = static_cast<size_t>(info.st_size);
  if (size == 0) // mmap refuses empty ranges; an empty file holds no records
    return std::shared_ptr<const MappedFile>(new MappedFile(path, nullptr, 0));
  void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (data == MAP_FAILED) throw ParseError(path + ": cannot map (" + systemError() + ")");
  return std::shared_ptr<const MappedFile>(
      new MappedFile(path, static_cast<const uint8_t*>(data), size));
}

MappedFile::MappedFile(std::string path, const uint8_t* data, size_t size)
    : path_(std::move(path)), data_(data), size_(size) {}

MappedFile::~MappedFile() {
  if (data_) ::munmap(const_cast<uint8_t*>(data_), size_);
}

void MappedFile::read(uint64_t offset, std::span<uint8_t> out) const {
  if (offset > size_ || out.size() > size_ - offset)
    throw RuntimeError(path_ + ": cannot read bytes " + std::to_string(offset) + ".." +
                       std::to_string(offset + out.size()) + " of a file of " +
                       std::to_string(size_));
  if (out.empty() || copyGuarded(out.data(), data_ + offset, out.size())) return;
  std::string now;
  struct stat info {};
  if (::stat(path_.c_str(), &info) == 0) now = ", " + std::to_string(info.st_size) + " now";
  throw RuntimeError(
      path_ + ": the file changed while it was being read (truncated or " + "rewritten?); bytes " +
      std::to_string(offset) + ".." + std::to_string(offset + out.size()) + " are gone (it held " +
      std::to_string(size_) + " bytes when opened" + now + "); restore it and run again");
}

void MappedFile::expectSize(uint64_t expected, const std::string& layout) const {
  if (size_ != expected)
    throw ParseError(path_ + ": expected " + std::to_string(expected) + " bytes (" + layout +
                     "), found " + std::to_string(size_));
}

void MappedFile::adviseRandomAccess(bool random) const {
  // Advice only: a kernel that ignores it reads more than needed, never something else.
  if (data_) ::madvise(const_cast<uint8_t*>(data_), size_, random ? MADV_RANDOM : MADV_NORMAL);
}

} // namespace hlotrain::data

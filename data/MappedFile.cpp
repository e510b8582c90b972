#include "data/MappedFile.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

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

} // namespace

std::shared_ptr<const MappedFile> MappedFile::open(const std::string& path) {
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

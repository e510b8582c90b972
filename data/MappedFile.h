#pragma once
// A whole file mapped read-only into memory. Records stay in the page cache instead of the heap,
// so a dataset larger than RAM still trains: the kernel pages records in as batches touch them
// and drops them under pressure.
//
// A mapped file can shrink under the mapping (truncated, or rewritten in place by a copy or a
// preprocessor run into the same folder); touching a page it no longer holds raises SIGBUS, which
// would end the process. So every read of the mapped bytes goes through read(), which copies them
// out under a guard: a SIGBUS inside that copy, at the copied addresses and on the reading thread,
// becomes a RuntimeError naming the file. Any other SIGBUS goes on to the handler that was there
// before (by default the process ends, as without us). The handler is installed once, when the
// first file is mapped.

#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace hlotrain::data {

class MappedFile {
public:
  // Throws ParseError naming the path when it is not a readable regular file or cannot be mapped.
  static std::shared_ptr<const MappedFile> open(const std::string& path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  const std::string& path() const { return path_; }
  // The mapped bytes, for offsets and views. Reading them directly is unguarded: a file that shrank
  // since open() kills the process there. Read through read() instead.
  std::span<const uint8_t> bytes() const { return {data_, size_}; }
  uint64_t size() const { return size_; }
  // Copies bytes [offset, offset + out.size()) of the file, as mapped at open(), into `out`; safe
  // on any thread. Throws RuntimeError "<path>: the file changed while it was being read (truncated
  // or rewritten?); …" when those bytes are no longer in the file, and RuntimeError when the range
  // lies outside size().
  void read(uint64_t offset, std::span<uint8_t> out) const;
  // Throws ParseError "<path>: expected <expected> bytes (<layout>), found <size>" on mismatch.
  void expectSize(uint64_t expected, const std::string& layout) const;
  // Hints that reads jump around (true: the kernel reads only the pages touched, for a scan of
  // one byte per large record) or run in order (false: the default read-ahead).
  void adviseRandomAccess(bool random) const;

private:
  MappedFile(std::string path, const uint8_t* data, size_t size);

  std::string path_;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

} // namespace hlotrain::data

#pragma once
// A whole file mapped read-only into memory. Records stay in the page cache instead of the heap,
// so a dataset larger than RAM still trains: the kernel pages records in as batches touch them
// and drops them under pressure.

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
  std::span<const uint8_t> bytes() const { return {data_, size_}; }
  uint64_t size() const { return size_; }
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

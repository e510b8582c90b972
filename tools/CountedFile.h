#pragma once
// The output file of a dataset preprocessor: a little-endian u32 count followed by records,
// written under a temporary name beside its target. The count is patched in by close() once the
// records are all written; commit() renames the file into place, and without a commit the
// temporary is removed (also when the constructor fails after creating it). A preprocessor
// commits its files only when all of them are complete, so a failure leaves no partial output.

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <span>

namespace hlotrain::tools {

class CountedFile {
public:
  // Throws RuntimeError when the temporary cannot be created.
  explicit CountedFile(std::filesystem::path target);

  // Each throws RuntimeError naming the temporary on an I/O failure.
  void write(std::span<const uint8_t> bytes);
  // Patches `count` in, flushes the data to disk and closes the file.
  void close(int64_t count);
  void commit();

private:
  struct Temporary {
    std::filesystem::path path;
    bool committed = false;
    ~Temporary();
  };
  struct Close {
    void operator()(std::FILE* file) const { std::fclose(file); }
  };

  void writeCount(uint32_t n);

  std::filesystem::path target_;
  Temporary temp_; // destroyed after file_: closed first, then removed
  std::unique_ptr<std::FILE, Close> file_;
};

} // namespace hlotrain::tools

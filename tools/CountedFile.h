#pragma once
// The output file of a dataset preprocessor: a little-endian u32 count followed by records,
// written to its temporary (support/AtomicFile.h). The count is patched in by close() once the
// records are all written; commit() renames the file into place, and without a commit the
// temporary is removed. A preprocessor commits its files only when all of them are complete, so a
// failure leaves no partial output.

#include <cstdint>
#include <filesystem>
#include <span>

#include "support/AtomicFile.h"

namespace hlotrain::tools {

class CountedFile {
public:
  // Throws RuntimeError when the temporary cannot be created.
  explicit CountedFile(const std::filesystem::path& target);

  // Each throws RuntimeError naming the temporary on an I/O failure.
  void write(std::span<const uint8_t> bytes) { file_.write(bytes); }
  // Patches `count` in, flushes the data to disk and closes the file.
  void close(int64_t count);
  void commit() { file_.commit(); }

private:
  AtomicFile file_;
};

} // namespace hlotrain::tools

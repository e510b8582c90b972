#pragma once
// Every file hlotrain writes goes to disk through here (checkpoints, graphs, .npy outputs, the
// preprocessors' bins, reports): the bytes go to a temporary file beside the target, are fsync'ed,
// and replace the target with one rename, so a crash or an error leaves either the old file or the
// new one, never half of one. One naming of temporaries serves every writer, so
// removeStaleTemporaries() and `hlotrain runs` know them all.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

namespace hlotrain {

// `<path>.tmp.<pid>`: the one naming of temporaries, so removeStaleTemporaries() finds those of
// any writer, including a file another program writes for us (a compiler's output).
std::string temporaryPath(const std::string& path);
// Whether a file name is such a temporary's ("x.bin.tmp.123").
bool isTemporaryName(std::string_view name);

// A file written as a stream to its temporary and put in place by commit(). Destroyed without a
// commit (an exception on the way), it removes the temporary. Every method throws RuntimeError
// naming the file and the system's reason on an I/O failure.
class AtomicFile {
public:
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(std::span<const char> bytes);
  void write(std::span<const uint8_t> bytes) {
    write(std::span<const char>(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  }
  // Overwrites bytes already written at `offset` (a count known only at the end).
  void writeAt(uint64_t offset, std::span<const char> bytes);
  // Flushes the data to disk and closes the temporary; no write may follow. Several files that
  // must appear together are each synced before any is committed.
  void sync();
  // Syncs (unless done) and renames the temporary over the target.
  void commit();

  const std::string& path() const { return path_; }

private:
  std::string path_, temp_;
  int fd_ = -1;
  bool committed_ = false;
};

// Throws RuntimeError naming the path on any I/O failure; the temporary file is removed then.
void writeFileAtomically(const std::string& path, std::span<const char> bytes);
inline void writeFileAtomically(const std::string& path, const std::string& text) {
  writeFileAtomically(path, std::span<const char>(text.data(), text.size()));
}

// Removes the temporary files in `dir` that a process killed while writing left behind; a live
// process's temporaries stay. Nothing is thrown: what cannot be removed stays.
void removeStaleTemporaries(const std::filesystem::path& dir);

} // namespace hlotrain

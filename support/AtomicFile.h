#pragma once
// Every artifact goes to disk through here: the bytes go to a temporary file beside the target,
// are fsync'ed, and replace the target with one rename, so a crash or an error leaves either the
// old file or the new one, never half of one.

#include <filesystem>
#include <span>
#include <string>

namespace hlotrain {

// `<path>.tmp.<pid>`: the one naming of temporaries, so removeStaleTemporaries() finds those of
// any writer, including a file another program writes for us (a compiler's output).
std::string temporaryPath(const std::string& path);

// Throws RuntimeError naming the path on any I/O failure; the temporary file is removed then.
void writeFileAtomically(const std::string& path, std::span<const char> bytes);
inline void writeFileAtomically(const std::string& path, const std::string& text) {
  writeFileAtomically(path, std::span<const char>(text.data(), text.size()));
}

// Removes the temporary files in `dir` that a process killed while writing left behind; a live
// process's temporaries stay. Nothing is thrown: what cannot be removed stays.
void removeStaleTemporaries(const std::filesystem::path& dir);

} // namespace hlotrain

#pragma once
// Every artifact the trainer writes goes through here: the bytes go to a temporary file beside
// the target, are fsync'ed, and replace the target with one rename, so a crash or an error leaves
// either the old file or the new one, never half of one.

#include <filesystem>
#include <span>
#include <string>

namespace hlotrain::train {

// Throws RuntimeError naming the path on any I/O failure; the temporary file is removed then.
void writeFileAtomically(const std::string& path, std::span<const char> bytes);
inline void writeFileAtomically(const std::string& path, const std::string& text) {
  writeFileAtomically(path, std::span<const char>(text.data(), text.size()));
}

// Removes the temporary files (`<name>.tmp.<pid>`) in `dir` that a process killed while writing
// left behind; a live process's temporaries stay. Nothing is thrown: what cannot be removed stays.
void removeStaleTemporaries(const std::filesystem::path& dir);

} // namespace hlotrain::train

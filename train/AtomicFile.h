#pragma once
// Every artifact the trainer writes goes through here: the bytes go to a temporary file beside
// the target, are fsync'ed, and replace the target with one rename, so a crash or an error leaves
// either the old file or the new one, never half of one.

#include <span>
#include <string>

namespace hlotrain::train {

// Throws RuntimeError naming the path on any I/O failure; the temporary file is removed then.
void writeFileAtomically(const std::string& path, std::span<const char> bytes);
inline void writeFileAtomically(const std::string& path, const std::string& text) {
  writeFileAtomically(path, std::span<const char>(text.data(), text.size()));
}

} // namespace hlotrain::train

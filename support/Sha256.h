#pragma once
// SHA-256 (FIPS 180-4), for cache keys: whether a compiled artifact still matches its inputs is
// decided by a digest, so it must be a real one, not std::hash (which differs between builds).

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace hlotrain {

// Incremental, so a key over several fields needs no concatenated copy of them.
class Sha256 {
public:
  Sha256& update(std::string_view bytes);
  // The digest of everything passed to update() so far, as 64 lowercase hex digits. The hash
  // itself is left as it was, so more bytes may follow.
  std::string hexDigest() const;

private:
  void compressBlock();

  std::array<uint32_t, 8> state_ = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::array<uint8_t, 64> block_{};
  size_t blockUsed_ = 0;
  uint64_t totalBytes_ = 0;
};

inline std::string sha256Hex(std::string_view bytes) {
  return Sha256().update(bytes).hexDigest();
}

} // namespace hlotrain

#pragma once
// One dataset file on disk. A file that starts with the gzip magic (1f 8b) is read through zlib,
// so a loader never cares which spelling it was given; everything else is read as it is.
// Lengths are content lengths (decompressed for gzip), found by streaming, so a loader can check a
// header's claims against the real file before it allocates anything.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hlotrain::data {

class DataFile {
public:
  // Throws ParseError when the path is not a readable regular file.
  explicit DataFile(std::string path);

  const std::string& path() const { return path_; }
  bool gzipped() const { return gzipped_; }

  // Content length in bytes. Throws ParseError on corrupt or truncated gzip data.
  uint64_t length() const;
  // Content bytes [offset, offset + count); the caller has checked them against length().
  std::vector<uint8_t> read(uint64_t offset, uint64_t count) const;
  // Throws ParseError "<path>: expected <expected> bytes (<layout>), found <length()>" on mismatch.
  void expectLength(uint64_t expected, const std::string& layout) const;

private:
  std::string path_;
  bool gzipped_ = false;
  mutable std::optional<uint64_t> length_;
};

// The first of `names` that exists in `dir`, as a path. Throws ParseError listing every path tried
// when none does (`what` says which file was wanted, e.g. "mnist train images").
std::string findFile(const std::string& dir, const std::vector<std::string>& names,
                     const std::string& what);

} // namespace hlotrain::data

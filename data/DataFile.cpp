#include "data/DataFile.h"

#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>

#include "support/Error.h"

namespace hlotrain::data {
namespace {

namespace fs = std::filesystem;

// gzread takes an unsigned length and returns an int: read in chunks well below INT_MAX.
constexpr uint64_t kChunk = uint64_t{1} << 20;

struct GzClose {
  void operator()(gzFile_s* file) const { gzclose(file); }
};
using GzHandle = std::unique_ptr<gzFile_s, GzClose>;

bool startsWithGzipMagic(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  unsigned char magic[2] = {0, 0};
  in.read(reinterpret_cast<char*>(magic), 2);
  return in.gcount() == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
}

// zlib reads plain files transparently and gunzips files with the magic, which is exactly the
// detection we want; for plain files we only use it as a buffered reader.
GzHandle openForReading(const std::string& path) {
  GzHandle file(gzopen(path.c_str(), "rb"));
  if (!file) throw ParseError(path + ": cannot open for reading");
  gzbuffer(file.get(), 1 << 17);
  return file;
}

// Throws when zlib has recorded an error on `file`; a truncated stream is Z_BUF_ERROR.
void checkStream(gzFile file, const std::string& path, uint64_t produced) {
  int code = Z_OK;
  std::string message = gzerror(file, &code);
  if (code == Z_OK) return;
  if (message.starts_with(path + ": ")) message.erase(0, path.size() + 2); // zlib names the path
  throw ParseError(path + ": corrupt gzip data after " + std::to_string(produced) +
                   " decompressed bytes (" + message + ")");
}

// Reads up to `count` bytes into `out` (null: discard them); returns how many were read.
uint64_t readInto(gzFile file, const std::string& path, uint8_t* out, uint64_t count) {
  std::vector<uint8_t> scratch(out ? 0 : std::min(count, kChunk));
  uint64_t done = 0;
  while (done < count) {
    unsigned want = static_cast<unsigned>(std::min(count - done, kChunk));
    int got = gzread(file, out ? out + done : scratch.data(), want);
    if (got < 0) checkStream(file, path, done);
    if (got <= 0) break;
    done += static_cast<uint64_t>(got);
  }
  checkStream(file, path, done);
  return done;
}

} // namespace

DataFile::DataFile(std::string path) : path_(std::move(path)) {
  std::error_code ec;
  if (!fs::is_regular_file(path_, ec)) throw ParseError(path_ + ": not a regular file");
  gzipped_ = startsWithGzipMagic(path_);
}

uint64_t DataFile::length() const {
  if (length_) return *length_;
  if (!gzipped_) {
    std::error_code ec;
    uint64_t size = fs::file_size(path_, ec);
    if (ec) throw ParseError(path_ + ": cannot read the file size (" + ec.message() + ")");
    return *(length_ = size);
  }
  GzHandle file = openForReading(path_);
  return *(length_ = readInto(file.get(), path_, nullptr, UINT64_MAX));
}

std::vector<uint8_t> DataFile::read(uint64_t offset, uint64_t count) const {
  if (offset > length() || count > length() - offset)
    throw ParseError(path_ + ": expected at least " + std::to_string(offset + count) +
                     " bytes, found " + std::to_string(length()));
  GzHandle file = openForReading(path_);
  readInto(file.get(), path_, nullptr, offset);
  std::vector<uint8_t> bytes(count);
  uint64_t got = readInto(file.get(), path_, bytes.data(), count);
  if (got != count) // the file changed since length() measured it
    throw ParseError(path_ + ": expected " + std::to_string(offset + count) + " bytes, found " +
                     std::to_string(offset + got));
  return bytes;
}

void DataFile::expectLength(uint64_t expected, const std::string& layout) const {
  if (length() != expected)
    throw ParseError(path_ + ": expected " + std::to_string(expected) + " bytes (" + layout +
                     "), found " + std::to_string(length()));
}

std::string findFile(const std::string& dir, const std::vector<std::string>& names,
                     const std::string& what) {
  std::string tried;
  for (const std::string& name : names) {
    fs::path path = fs::path(dir) / name;
    std::error_code ec;
    if (fs::exists(path, ec)) return path.string();
    tried += (tried.empty() ? "" : " or ") + path.string();
  }
  throw ParseError(what + ": no file found (tried " + tried + ")");
}

} // namespace hlotrain::data

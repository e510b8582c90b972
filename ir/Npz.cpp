#include "ir/Npz.h"

#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <vector>

#include "ir/Npy.h"
#include "support/Error.h"

namespace hlotrain::ir {

namespace {

// The zip format's records (PKWARE APPNOTE 6.3): little-endian fields at fixed offsets.
constexpr uint32_t kEndOfDirectory = 0x06054b50, kZip64Locator = 0x07064b50,
                   kZip64EndOfDirectory = 0x06064b50, kDirectoryEntry = 0x02014b50,
                   kLocalHeader = 0x04034b50;
constexpr uint16_t kZip64Extra = 0x0001;
constexpr uint16_t kStored = 0, kDeflated = 8;

class Bytes {
public:
  Bytes(std::string_view data, std::string where) : data_(data), where_(std::move(where)) {}

  uint64_t read(uint64_t at, int width, const char* what) const {
    if (at > data_.size() || data_.size() - at < static_cast<uint64_t>(width))
      throw ParseError(where_ + ": truncated zip (" + what + " past the end of the file)");
    uint64_t v = 0;
    for (int i = width; i-- > 0;) v = (v << 8) | static_cast<uint8_t>(data_[at + i]);
    return v;
  }
  std::string_view slice(uint64_t at, uint64_t size, const char* what) const {
    if (at > data_.size() || data_.size() - at < size)
      throw ParseError(where_ + ": truncated zip (" + what + " past the end of the file)");
    return data_.substr(at, size);
  }
  uint64_t size() const { return data_.size(); }

private:
  std::string_view data_;
  std::string where_;
};

struct Member {
  std::string name;
  uint16_t method;
  uint32_t crc;
  uint64_t compressedSize, size, localHeader;
};

// The directory's entry count and offset, through the zip64 records when the plain ones are full.
std::pair<uint64_t, uint64_t> findDirectory(const Bytes& zip, const std::string& path) {
  // The end record is 22 bytes plus a comment of at most 65535.
  const uint64_t lowest = zip.size() > 22 + 65535 ? zip.size() - 22 - 65535 : 0;
  if (zip.size() < 22) throw ParseError(path + ": not a zip archive (too short)");
  for (uint64_t at = zip.size() - 22 + 1; at-- > lowest;) {
    if (zip.read(at, 4, "end record") != kEndOfDirectory) continue;
    uint64_t count = zip.read(at + 10, 2, "entry count");
    uint64_t offset = zip.read(at + 16, 4, "directory offset");
    if ((count == 0xffff || offset == 0xffffffff) && at >= 20 &&
        zip.read(at - 20, 4, "zip64 locator") == kZip64Locator) {
      const uint64_t end64 = zip.read(at - 20 + 8, 8, "zip64 end offset");
      if (zip.read(end64, 4, "zip64 end record") != kZip64EndOfDirectory)
        throw ParseError(path + ": corrupt zip64 end record");
      count = zip.read(end64 + 32, 8, "zip64 entry count");
      offset = zip.read(end64 + 48, 8, "zip64 directory offset");
    }
    return {count, offset};
  }
  throw ParseError(path + ": not a zip archive (no end of central directory)");
}

std::vector<Member> readDirectory(const Bytes& zip, const std::string& path) {
  auto [count, at] = findDirectory(zip, path);
  std::vector<Member> members;
  for (uint64_t i = 0; i < count; ++i) {
    if (zip.read(at, 4, "directory entry") != kDirectoryEntry)
      throw ParseError(path + ": corrupt zip directory at entry " + std::to_string(i));
    Member m;
    m.method = static_cast<uint16_t>(zip.read(at + 10, 2, "method"));
    m.crc = static_cast<uint32_t>(zip.read(at + 16, 4, "crc"));
    m.compressedSize = zip.read(at + 20, 4, "compressed size");
    m.size = zip.read(at + 24, 4, "size");
    const uint64_t nameLength = zip.read(at + 28, 2, "name length"),
                   extraLength = zip.read(at + 30, 2, "extra length"),
                   commentLength = zip.read(at + 32, 2, "comment length");
    m.localHeader = zip.read(at + 42, 4, "local header offset");
    m.name = std::string(zip.slice(at + 46, nameLength, "member name"));
    // A zip64 extra field holds, in this order, those of the three that are 0xffffffff above.
    for (uint64_t e = at + 46 + nameLength, end = e + extraLength; e + 4 <= end;) {
      const uint64_t id = zip.read(e, 2, "extra id"), length = zip.read(e + 2, 2, "extra size");
      if (id == kZip64Extra) {
        uint64_t field = e + 4;
        for (uint64_t* value : {&m.size, &m.compressedSize, &m.localHeader})
          if (*value == 0xffffffff) {
            *value = zip.read(field, 8, "zip64 extra field");
            field += 8;
          }
      }
      e += 4 + length;
    }
    members.push_back(std::move(m));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return members;
}

// The member's data inflated, piece by piece: its output grows only as the data do (never to a
// size the header merely claims), and data that inflate to other than `size` bytes are refused.
std::string inflated(std::string_view compressed, uint64_t size, const std::string& where) {
  std::string out;
  z_stream z{};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK) throw ParseError(where + ": cannot start inflate");
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  constexpr uint64_t kPiece = uint64_t{1} << 20;
  uint64_t inLeft = compressed.size();
  std::vector<char> piece(kPiece);
  int status = Z_OK;
  bool tooLong = false;
  while (status == Z_OK) {
    if (z.avail_in == 0) {
      z.avail_in = static_cast<uInt>(std::min(inLeft, kPiece));
      inLeft -= z.avail_in;
    }
    z.next_out = reinterpret_cast<Bytef*>(piece.data());
    z.avail_out = static_cast<uInt>(kPiece);
    status = inflate(&z, Z_NO_FLUSH);
    const uint64_t produced = kPiece - z.avail_out;
    tooLong = out.size() + produced > size;
    if (tooLong) break;
    out.append(piece.data(), produced);
    if (status == Z_BUF_ERROR && z.avail_in == 0 && inLeft == 0) break; // input ran out
    if (status == Z_BUF_ERROR) status = Z_OK;
  }
  inflateEnd(&z);
  if (tooLong || status != Z_STREAM_END || out.size() != size)
    throw ParseError(where + ": corrupt deflated data (not the " + std::to_string(size) +
                     " bytes its header gives)");
  return out;
}

} // namespace

std::vector<NpzEntry> readNpz(const std::string& path) {
  std::error_code error;
  const uintmax_t fileSize = std::filesystem::file_size(path, error);
  if (error) throw ParseError(path + ": cannot read: " + error.message());
  std::ifstream in(path, std::ios::binary);
  std::string file(static_cast<size_t>(fileSize), '\0');
  if (!in || !in.read(file.data(), static_cast<std::streamsize>(fileSize)))
    throw ParseError(path + ": cannot read " + std::to_string(fileSize) + " bytes");
  const Bytes zip(file, path);

  std::vector<NpzEntry> entries;
  for (const Member& m : readDirectory(zip, path)) {
    const std::string where = path + ": " + m.name;
    if (m.name.size() < 4 || m.name.compare(m.name.size() - 4, 4, ".npy") != 0)
      throw ParseError(where + ": not a .npy member");
    if (zip.read(m.localHeader, 4, "local header") != kLocalHeader)
      throw ParseError(where + ": corrupt local header");
    const uint64_t data = m.localHeader + 30 + zip.read(m.localHeader + 26, 2, "name length") +
                          zip.read(m.localHeader + 28, 2, "extra length");
    const std::string_view stored = zip.slice(data, m.compressedSize, "member data");
    std::string bytes;
    if (m.method == kStored) {
      if (m.compressedSize != m.size) throw ParseError(where + ": stored sizes disagree");
      bytes = std::string(stored);
    } else if (m.method == kDeflated) {
      bytes = inflated(stored, m.size, where);
    } else {
      throw ParseError(where + ": unsupported zip compression method " + std::to_string(m.method) +
                       " (stored and deflated are read)");
    }
    uLong crc = crc32(0L, Z_NULL, 0);
    for (uint64_t at = 0; at < bytes.size(); at += uint64_t{1} << 30) {
      const uint64_t piece = std::min<uint64_t>(bytes.size() - at, uint64_t{1} << 30);
      crc = crc32(crc, reinterpret_cast<const Bytef*>(bytes.data() + at), static_cast<uInt>(piece));
    }
    if (crc != m.crc) throw ParseError(where + ": CRC-32 mismatch (corrupt member)");
    entries.push_back({m.name.substr(0, m.name.size() - 4), parseNpy(bytes, where)});
  }
  return entries;
}

} // namespace hlotrain::ir

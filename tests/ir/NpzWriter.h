#pragma once
// Test fixtures: .npz archives written byte by byte as NumPy's np.savez (stored members) and
// np.savez_compressed (deflated) lay them out, with the zip64 extra fields np.savez adds when
// forced, so ir::readNpz and the state_dict import are tested on the real format without NumPy.

#include <zlib.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "ir/Tensor.h"

namespace hlotrain::testnpz {

// A .npy v1.0 file of `t` (f32 '<f4' or i64 '<i8'), its header padded as NumPy pads it.
inline std::string npyBytes(const ir::Tensor& t) {
  std::string shape = "(";
  for (int64_t d : t.shape()) shape += std::to_string(d) + ", ";
  if (t.shape().size() == 1)
    shape.pop_back();
  else if (!t.shape().empty())
    shape.resize(shape.size() - 2);
  shape += ")";
  const char* descr = t.elementType() == ir::ElementType::i64 ? "<i8" : "<f4";
  std::string header =
      std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
  header += '\n';
  std::string bytes("\x93NUMPY\x01\x00", 8);
  bytes += static_cast<char>(header.size() & 0xff);
  bytes += static_cast<char>(header.size() >> 8);
  return bytes + header + std::string(reinterpret_cast<const char*>(t.bytes()), t.byteSize());
}

struct Member {
  std::string name; // with ".npy"
  std::string data; // the member's uncompressed bytes
  bool deflate = false;
  bool zip64 = false;       // sizes and offset in a zip64 extra field of the directory entry
  bool badCrc = false;      // a CRC-32 that does not match the data
  uint16_t method = 0xff;   // overrides the compression method when not 0xff
  int64_t claimedSize = -1; // overrides the uncompressed size the headers give when not -1
};

inline void put(std::string& out, uint64_t v, int width) {
  for (int i = 0; i < width; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

inline std::string deflated(const std::string& data) {
  z_stream z{};
  deflateInit2(&z, 6, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, static_cast<uLong>(data.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// The bytes of a zip archive of `members`, in order.
inline std::string zipArchive(const std::vector<Member>& members) {
  std::string file, directory;
  for (const Member& m : members) {
    const std::string stored = m.deflate ? deflated(m.data) : m.data;
    uint32_t crc = static_cast<uint32_t>(
        crc32(0L, reinterpret_cast<const Bytef*>(m.data.data()), static_cast<uInt>(m.data.size())));
    if (m.badCrc) crc ^= 1;
    const uint16_t method = m.method != 0xff ? m.method : (m.deflate ? 8 : 0);
    const uint64_t size = m.claimedSize >= 0 ? uint64_t(m.claimedSize) : m.data.size();
    const uint64_t offset = file.size();
    put(file, 0x04034b50, 4);
    put(file, 20, 2);
    put(file, 0, 2);
    put(file, method, 2);
    put(file, 0, 4); // time, date
    put(file, crc, 4);
    put(file, stored.size(), 4);
    put(file, size, 4);
    put(file, m.name.size(), 2);
    put(file, 0, 2);
    file += m.name + stored;
    std::string extra;
    if (m.zip64) {
      put(extra, 0x0001, 2);
      put(extra, 24, 2);
      put(extra, size, 8);
      put(extra, stored.size(), 8);
      put(extra, offset, 8);
    }
    put(directory, 0x02014b50, 4);
    put(directory, 45, 2);
    put(directory, 45, 2);
    put(directory, 0, 2);
    put(directory, method, 2);
    put(directory, 0, 4);
    put(directory, crc, 4);
    put(directory, m.zip64 ? 0xffffffff : stored.size(), 4);
    put(directory, m.zip64 ? 0xffffffff : size, 4);
    put(directory, m.name.size(), 2);
    put(directory, extra.size(), 2);
    put(directory, 0, 2); // comment
    put(directory, 0, 2); // disk
    put(directory, 0, 2); // internal attributes
    put(directory, 0, 4); // external attributes
    put(directory, m.zip64 ? 0xffffffff : offset, 4);
    directory += m.name + extra;
  }
  const uint64_t directoryOffset = file.size();
  file += directory;
  put(file, 0x06054b50, 4);
  put(file, 0, 4);
  put(file, members.size(), 2);
  put(file, members.size(), 2);
  put(file, directory.size(), 4);
  put(file, directoryOffset, 4);
  put(file, 0, 2);
  return file;
}

inline void writeFile(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary)
      .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

} // namespace hlotrain::testnpz

#include "data/RecordFile.h"

#include <algorithm>

#include "support/Error.h"

namespace hlotrain::data {

RecordRun labelledRecords(std::shared_ptr<const MappedFile> file, uint64_t headerBytes,
                          uint64_t count, const Geometry& geometry) {
  const uint64_t recordBytes = 1 + static_cast<uint64_t>(geometry.imageBytes());
  file->adviseRandomAccess(true); // one byte per record: do not read whole images ahead
  for (uint64_t i = 0; i < count; ++i) {
    uint8_t label = 0;
    const uint64_t at = headerBytes + i * recordBytes;
    file->read(at, {&label, 1});
    if (label < geometry.numClasses) continue;
    file->adviseRandomAccess(false);
    throw ParseError(file->path() + ": expected labels below " +
                     std::to_string(geometry.numClasses) + ", found " + std::to_string(label) +
                     " for record " + std::to_string(i) + " (byte offset " + std::to_string(at) +
                     ")");
  }
  file->adviseRandomAccess(false);
  std::span<const uint8_t> bytes = file->bytes().subspan(headerBytes);
  const int64_t stride = static_cast<int64_t>(recordBytes);
  const MappedFile* mapped = file.get();
  return RecordRun{std::move(file), bytes.subspan(std::min<uint64_t>(1, bytes.size())),
                   stride,          bytes,
                   stride,          static_cast<int64_t>(count),
                   mapped};
}

Geometry byteLabelledRgb(int64_t side, int64_t numClasses) {
  return Geometry{3, side, side, {}, 1, numClasses};
}

void ByteLabelIO::decodeLabel(std::span<const uint8_t> stored, std::span<int32_t> out) const {
  if (stored.size() != 1 || out.size() != 1)
    throw RuntimeError("a one-byte label record decodes to one int32, got " +
                       std::to_string(stored.size()) + " bytes for " + std::to_string(out.size()) +
                       " values");
  out[0] = stored[0];
}

} // namespace hlotrain::data

#include "tools/CountedFile.h"

#include <array>
#include <string>

#include "support/Error.h"

namespace hlotrain::tools {
namespace {

std::array<char, 4> littleEndian(uint32_t n) {
  return {static_cast<char>(n), static_cast<char>(n >> 8), static_cast<char>(n >> 16),
          static_cast<char>(n >> 24)};
}

} // namespace

CountedFile::CountedFile(const std::filesystem::path& target) : file_(target.string()) {
  file_.write(littleEndian(0));
}

void CountedFile::close(int64_t count) {
  if (count < 0 || count > int64_t{UINT32_MAX})
    throw RuntimeError(file_.path() + ": " + std::to_string(count) +
                       " entries do not fit the u32 count");
  file_.writeAt(0, littleEndian(static_cast<uint32_t>(count)));
  file_.sync();
}

} // namespace hlotrain::tools

#include "tools/CountedFile.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "support/Error.h"

namespace hlotrain::tools {
namespace {

std::string systemError() {
  return std::strerror(errno);
}

} // namespace

CountedFile::Temporary::~Temporary() {
  std::error_code ec;
  if (!committed) std::filesystem::remove(path, ec);
}

CountedFile::CountedFile(std::filesystem::path target) : target_(std::move(target)) {
  temp_.path = target_;
  temp_.path += ".tmp";
  file_.reset(std::fopen(temp_.path.c_str(), "wb"));
  if (!file_) throw RuntimeError(temp_.path.string() + ": cannot create (" + systemError() + ")");
  writeCount(0);
}

void CountedFile::write(std::span<const uint8_t> bytes) {
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_.get()) != bytes.size())
    throw RuntimeError(temp_.path.string() + ": write failed (" + systemError() + ")");
}

void CountedFile::close(int64_t count) {
  if (count < 0 || count > int64_t{UINT32_MAX})
    throw RuntimeError(temp_.path.string() + ": " + std::to_string(count) +
                       " entries do not fit the u32 count");
  if (std::fseek(file_.get(), 0, SEEK_SET) != 0)
    throw RuntimeError(temp_.path.string() + ": cannot seek (" + systemError() + ")");
  writeCount(static_cast<uint32_t>(count));
  const bool ok = std::fflush(file_.get()) == 0 && ::fsync(::fileno(file_.get())) == 0;
  const bool closed = std::fclose(file_.release()) == 0;
  if (!ok || !closed)
    throw RuntimeError(temp_.path.string() + ": cannot flush to disk (" + systemError() + ")");
}

void CountedFile::commit() {
  std::error_code ec;
  std::filesystem::rename(temp_.path, target_, ec);
  if (ec)
    throw RuntimeError(temp_.path.string() + ": cannot rename to " + target_.string() + " (" +
                       ec.message() + ")");
  temp_.committed = true;
}

void CountedFile::writeCount(uint32_t n) {
  const uint8_t bytes[4] = {static_cast<uint8_t>(n), static_cast<uint8_t>(n >> 8),
                            static_cast<uint8_t>(n >> 16), static_cast<uint8_t>(n >> 24)};
  write(bytes);
}

} // namespace hlotrain::tools

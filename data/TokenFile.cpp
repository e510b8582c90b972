#include "data/TokenFile.h"

#include <cstring>
#include <filesystem>

#include "data/MappedFile.h"
#include "data/TokenWindows.h"
#include "support/AtomicFile.h"
#include "support/Error.h"
#include "support/ReadFile.h"

namespace hlotrain::data {

namespace {

constexpr char kMagic[4] = {'H', 'T', 'O', 'K'};
constexpr uint64_t kHeaderBytes = 24;

template <class T> T little(const uint8_t* p) {
  T v = 0;
  for (size_t i = 0; i < sizeof(T); ++i) v |= static_cast<T>(p[i]) << (8 * i);
  return v;
}

template <class T> void putLittle(std::string& out, T v) {
  for (size_t i = 0; i < sizeof(T); ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

} // namespace

TokenFile readTokenFile(const std::string& path) {
  const std::shared_ptr<const MappedFile> file = MappedFile::open(path);
  const auto fail = [&](const std::string& what) -> void { throw ParseError(path + ": " + what); };
  if (file->size() < kHeaderBytes)
    fail("expected at least a 24-byte header (HTOK, version, vocabulary, width, count), found " +
         std::to_string(file->size()) + " bytes");
  uint8_t header[kHeaderBytes];
  file->read(0, header);
  if (std::memcmp(header, kMagic, 4) != 0) fail("expected the magic HTOK of a token file");
  const uint32_t version = little<uint32_t>(header + 4), vocabulary = little<uint32_t>(header + 8),
                 width = little<uint32_t>(header + 12);
  const uint64_t count = little<uint64_t>(header + 16);
  if (version != 1) fail("version " + std::to_string(version) + " (this build reads version 1)");
  if (width != 2 && width != 4) fail("id width " + std::to_string(width) + " (expected 2 or 4)");
  if (vocabulary == 0) fail("an empty vocabulary");
  if (vocabulary > static_cast<uint32_t>(INT32_MAX)) fail("a vocabulary beyond 2^31 − 1 ids");
  if (count > (file->size() - kHeaderBytes) / width || kHeaderBytes + count * width != file->size())
    fail("expected " + std::to_string(kHeaderBytes) + " + " + std::to_string(count) + " × " +
         std::to_string(width) + " bytes (the header and its ids), found " +
         std::to_string(file->size()));
  TokenFile out;
  out.vocabulary = vocabulary;
  out.ids.resize(count);
  std::vector<uint8_t> bytes(count * width);
  file->read(kHeaderBytes, bytes);
  for (uint64_t i = 0; i < count; ++i) {
    const uint32_t id = width == 2 ? little<uint16_t>(bytes.data() + 2 * i)
                                   : little<uint32_t>(bytes.data() + 4 * i);
    if (id >= vocabulary)
      fail("id " + std::to_string(id) + " at index " + std::to_string(i) +
           " is not below the vocabulary of " + std::to_string(vocabulary));
    out.ids[i] = static_cast<int32_t>(id);
  }
  return out;
}

void writeTokenFile(const std::string& path, int64_t vocabulary, int width,
                    const std::vector<int32_t>& ids) {
  if (width != 2 && width != 4) throw ConfigError("a token file's ids are 2 or 4 bytes wide");
  if (vocabulary < 1 || vocabulary > INT32_MAX)
    throw ConfigError("a vocabulary of " + std::to_string(vocabulary) +
                      " (expected 1 to 2^31 − 1)");
  std::string out(kMagic, 4);
  putLittle<uint32_t>(out, 1);
  putLittle<uint32_t>(out, static_cast<uint32_t>(vocabulary));
  putLittle<uint32_t>(out, static_cast<uint32_t>(width));
  putLittle<uint64_t>(out, ids.size());
  for (size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] < 0 || ids[i] >= vocabulary || (width == 2 && ids[i] > 0xffff))
      throw ConfigError("id " + std::to_string(ids[i]) + " at index " + std::to_string(i) +
                        " is not below the vocabulary of " + std::to_string(vocabulary) +
                        (width == 2 ? " and 65,536" : ""));
    if (width == 2)
      putLittle<uint16_t>(out, static_cast<uint16_t>(ids[i]));
    else
      putLittle<uint32_t>(out, static_cast<uint32_t>(ids[i]));
  }
  writeFileAtomically(path, out);
}

const DatasetIO& tokenFilesIO(const std::string& dir, int64_t window) {
  const std::filesystem::path root(dir);
  const std::string trainPath = (root / "train.tok").string(),
                    valPath = (root / "val.tok").string();
  return cachedTokenIO({trainPath, valPath}, window, [&] {
    TokenFile train = readTokenFile(trainPath);
    TokenFile val = readTokenFile(valPath);
    if (train.vocabulary != val.vocabulary)
      throw ParseError(valPath + ": a vocabulary of " + std::to_string(val.vocabulary) +
                       " but train.tok's is " + std::to_string(train.vocabulary));
    TokenStreams streams;
    streams.kind = DatasetKind::tokens;
    streams.name = dir;
    streams.vocabulary = train.vocabulary;
    for (int64_t id = 0; id < train.vocabulary; ++id)
      streams.classNames.push_back(std::to_string(id));
    streams.unit = "tokens";
    streams.train = std::move(train.ids);
    streams.val = std::move(val.ids);
    streams.tokenizer = readWholeFile((root / kTokenizerModelFile).string()).value_or("");
    return streams;
  });
}

} // namespace hlotrain::data

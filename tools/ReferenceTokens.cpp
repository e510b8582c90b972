#include "tools/ReferenceTokens.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include "support/Error.h"

namespace hlotrain::tools {

namespace {

// meta.txt's `key value` lines (the separator any run of spaces, tabs, ':' or '='), integers.
std::map<std::string, int64_t> readMeta(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ParseError(path + ": cannot be read (the reference's meta.txt: vocab_size)");
  std::map<std::string, int64_t> meta;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    size_t key = 0;
    while (key < line.size() &&
           (std::isalnum(static_cast<unsigned char>(line[key])) || line[key] == '_'))
      ++key;
    if (key == 0) continue; // blank lines and comments
    size_t value = line.find_first_not_of(" \t:=", key);
    if (value == std::string::npos || value == key)
      throw ParseError(path + ": line " + std::to_string(n) + ": expected 'key value', got '" +
                       line + "'");
    size_t end = 0;
    int64_t number = 0;
    try {
      number = std::stoll(line.substr(value), &end);
    } catch (const std::exception&) {
      end = 0;
    }
    if (end == 0 || line.find_first_not_of(" \t\r", value + end) != std::string::npos)
      throw ParseError(path + ": line " + std::to_string(n) + ": expected an integer after '" +
                       line.substr(0, key) + "', got '" + line.substr(value) + "'");
    meta[line.substr(0, key)] = number;
  }
  return meta;
}

std::vector<int32_t> readIds(const std::string& path, int64_t vocabulary,
                             std::optional<int64_t> expected) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path + ": cannot be read");
  std::error_code ec;
  const auto bytes = static_cast<int64_t>(std::filesystem::file_size(path, ec));
  if (ec) throw ParseError(path + ": cannot be read (" + ec.message() + ")");
  if (bytes % 4 != 0)
    throw ParseError(path + ": " + std::to_string(bytes) +
                     " bytes are not whole int32 ids (a multiple of 4)");
  if (expected && *expected != bytes / 4)
    throw ParseError(path + ": holds " + std::to_string(bytes / 4) + " ids but meta.txt says " +
                     std::to_string(*expected));
  std::vector<int32_t> ids(static_cast<size_t>(bytes / 4));
  std::vector<unsigned char> raw(static_cast<size_t>(bytes));
  in.read(reinterpret_cast<char*>(raw.data()), bytes);
  if (!in) throw ParseError(path + ": cannot be read to its end");
  for (size_t i = 0; i < ids.size(); ++i) {
    const uint32_t v =
        static_cast<uint32_t>(raw[4 * i]) | static_cast<uint32_t>(raw[4 * i + 1]) << 8 |
        static_cast<uint32_t>(raw[4 * i + 2]) << 16 | static_cast<uint32_t>(raw[4 * i + 3]) << 24;
    const auto id = static_cast<int32_t>(v);
    if (id < 0 || id >= vocabulary)
      throw ParseError(path + ": id " + std::to_string(id) + " at index " + std::to_string(i) +
                       " is not in [0, " + std::to_string(vocabulary) +
                       ") (meta.txt's vocab_size)");
    ids[i] = id;
  }
  if (ids.empty()) throw ParseError(path + ": holds no ids");
  return ids;
}

} // namespace

ReferenceTokens readReferenceTokens(const std::string& dir) {
  const std::filesystem::path folder(dir);
  const std::string metaPath = (folder / "meta.txt").string();
  const std::map<std::string, int64_t> meta = readMeta(metaPath);
  const auto field = [&](const char* key) -> std::optional<int64_t> {
    const auto at = meta.find(key);
    return at == meta.end() ? std::nullopt : std::optional(at->second);
  };
  ReferenceTokens out;
  const std::optional<int64_t> vocabulary = field("vocab_size");
  if (!vocabulary || *vocabulary < 1 || *vocabulary > INT32_MAX)
    throw ParseError(metaPath + ": expected a vocab_size in [1, 2^31 − 1]");
  out.vocabulary = *vocabulary;
  out.train = readIds((folder / "train.bin").string(), out.vocabulary, field("train_tokens"));
  out.val = readIds((folder / "val.bin").string(), out.vocabulary, field("val_tokens"));
  return out;
}

} // namespace hlotrain::tools

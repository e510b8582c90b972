#include "data/Text.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

#include "data/TokenWindows.h"
#include "support/Error.h"
#include "support/ReadFile.h"

namespace hlotrain::data {

namespace {

[[noreturn]] void badByte(const std::string& name, size_t offset, const std::string& what) {
  throw ParseError(name + ": byte " + std::to_string(offset) + ": " + what +
                   " (a text must be UTF-8)");
}

} // namespace

// By the rules of RFC 3629.
std::vector<char32_t> decodeUtf8(std::string_view bytes, const std::string& name) {
  std::vector<char32_t> out;
  out.reserve(bytes.size());
  for (size_t i = 0; i < bytes.size();) {
    const auto lead = static_cast<uint8_t>(bytes[i]);
    int length = 0;
    char32_t cp = 0, least = 0;
    if (lead < 0x80) {
      out.push_back(lead);
      ++i;
      continue;
    }
    if (lead >= 0xc2 && lead <= 0xdf) {
      length = 2, cp = lead & 0x1f, least = 0x80;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3, cp = lead & 0x0f, least = 0x800;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4, cp = lead & 0x07, least = 0x10000;
    } else {
      badByte(name, i,
              lead < 0xc0 ? "a continuation byte with no lead byte"
                          : "0x" + std::string(1, "0123456789abcdef"[lead >> 4]) +
                                "0123456789abcdef"[lead & 15] + " starts no UTF-8 sequence");
    }
    if (i + static_cast<size_t>(length) > bytes.size())
      badByte(name, i, "a sequence cut off by the end of the file");
    for (int k = 1; k < length; ++k) {
      const auto next = static_cast<uint8_t>(bytes[i + static_cast<size_t>(k)]);
      if ((next & 0xc0) != 0x80)
        badByte(name, i,
                "a sequence of " + std::to_string(length) + " bytes cut off at byte " +
                    std::to_string(i + static_cast<size_t>(k)));
      cp = (cp << 6) | (next & 0x3f);
    }
    if (cp < least) badByte(name, i, "an overlong encoding");
    if (cp >= 0xd800 && cp <= 0xdfff) badByte(name, i, "a surrogate code point");
    if (cp > 0x10ffff) badByte(name, i, "a code point beyond U+10FFFF");
    out.push_back(cp);
    i += static_cast<size_t>(length);
  }
  return out;
}

CharacterText decodeCharacterText(std::string_view bytes, const std::string& name) {
  const std::vector<char32_t> points = decodeUtf8(bytes, name);
  if (points.empty()) throw ParseError(name + ": an empty text");
  CharacterText text;
  text.vocabulary = points;
  std::sort(text.vocabulary.begin(), text.vocabulary.end());
  text.vocabulary.erase(std::unique(text.vocabulary.begin(), text.vocabulary.end()),
                        text.vocabulary.end());
  text.ids.reserve(points.size());
  for (char32_t c : points)
    text.ids.push_back(
        static_cast<int32_t>(std::lower_bound(text.vocabulary.begin(), text.vocabulary.end(), c) -
                             text.vocabulary.begin()));
  return text;
}

CharacterText readCharacterText(const std::string& path) {
  const std::optional<std::string> bytes = readWholeFile(path);
  if (!bytes) throw ParseError(path + ": cannot be read");
  return decodeCharacterText(*bytes, path);
}

std::string encodeUtf8(char32_t c) {
  std::string out;
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xc0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3f));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xe0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (c & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (c & 0x3f));
  }
  return out;
}

int64_t trainCharacters(int64_t n) {
  return n * 9 / 10;
}

std::string vocabularyFile(const CharacterText& text) {
  std::string out;
  for (size_t i = 0; i < text.vocabulary.size(); ++i)
    out +=
        std::to_string(i) + "\t" + std::to_string(static_cast<uint32_t>(text.vocabulary[i])) + "\n";
  return out;
}

std::vector<char32_t> readVocabularyFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ParseError(path + ": cannot be read (a run on a text writes it)");
  std::vector<char32_t> vocabulary;
  std::string line;
  for (int64_t n = 1; std::getline(in, line); ++n) {
    const size_t tab = line.find('\t');
    char* end = nullptr;
    const std::string id = line.substr(0, tab),
                      point = tab == line.npos ? "" : line.substr(tab + 1);
    const long long parsedId = std::strtoll(id.c_str(), &end, 10);
    const bool idOk =
        !id.empty() && *end == '\0' && parsedId == static_cast<long long>(vocabulary.size());
    const unsigned long long cp = std::strtoull(point.c_str(), &end, 10);
    const bool pointOk = !point.empty() && *end == '\0' && cp <= 0x10ffff &&
                         (cp < 0xd800 || cp > 0xdfff) &&
                         (vocabulary.empty() || cp > vocabulary.back());
    if (!idOk || !pointOk)
      throw ParseError(path + ": line " + std::to_string(n) + ": expected '" +
                       std::to_string(vocabulary.size()) +
                       "<TAB><code point>' with code points ascending, got '" + line + "'");
    vocabulary.push_back(static_cast<char32_t>(cp));
  }
  if (vocabulary.empty()) throw ParseError(path + ": an empty vocabulary");
  return vocabulary;
}

const DatasetIO& textIO(const std::string& path, int64_t window) {
  return cachedTokenIO({path}, window, [&] {
    CharacterText text = readCharacterText(path);
    TokenStreams streams;
    streams.kind = DatasetKind::text;
    streams.name = path;
    streams.vocabulary = static_cast<int64_t>(text.vocabulary.size());
    // The characters themselves, as a report shows them (control characters by their escapes).
    for (char32_t c : text.vocabulary)
      streams.classNames.push_back(c == '\n'   ? "\\n"
                                   : c == '\t' ? "\\t"
                                   : c < 0x20  ? "\\x" + std::to_string(static_cast<int>(c))
                                               : encodeUtf8(c));
    streams.vocabularyFile = vocabularyFile(text);
    const auto split = static_cast<size_t>(trainCharacters(static_cast<int64_t>(text.ids.size())));
    streams.val.assign(text.ids.begin() + static_cast<std::ptrdiff_t>(split), text.ids.end());
    text.ids.resize(split);
    streams.train = std::move(text.ids);
    return streams;
  });
}

} // namespace hlotrain::data

#include "data/Text.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

#include "support/Error.h"

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

namespace {

std::shared_ptr<const std::vector<int32_t>> share(std::vector<int32_t> ids) {
  return std::make_shared<const std::vector<int32_t>>(std::move(ids));
}

std::span<const uint8_t> bytesOf(const int32_t* ids, size_t count) {
  return {reinterpret_cast<const uint8_t*>(ids), count * sizeof(int32_t)};
}

class TextIO final : public DatasetIO {
public:
  TextIO(std::string path, int64_t window)
      : path_(std::move(path)), window_(window), text_(readCharacterText(path_)) {}

  DatasetKind kind() const override { return DatasetKind::text; }
  InputShape inputShape() const override { return {1, 1, window_, numClasses()}; }
  int64_t numClasses() const override { return static_cast<int64_t>(text_.vocabulary.size()); }
  // The characters themselves, as a report shows them (control characters by their escapes).
  std::vector<std::string> classNames() const override {
    std::vector<std::string> names;
    for (char32_t c : text_.vocabulary)
      names.push_back(c == '\n'   ? "\\n"
                      : c == '\t' ? "\\t"
                      : c < 0x20  ? "\\x" + std::to_string(static_cast<int>(c))
                                  : encodeUtf8(c));
    return names;
  }
  LabelKind labelKind() const override { return LabelKind::nextTokens; }
  std::vector<int64_t> labelShape() const override { return {window_}; }
  std::vector<int64_t> pictureChannels() const override { return {}; }
  std::string vocabulary() const override { return vocabularyFile(text_); }
  float decodePixel(int64_t, uint8_t) const override { return 0.0f; } // rows are ids, not pixels
  int64_t epochRecords(const Dataset& set) const override {
    return std::min(set.size(), std::max<int64_t>(1, set.size() / std::max<int64_t>(window_, 1)));
  }

  Dataset load(const std::string& file, Split split) const override {
    if (file != path_)
      throw RuntimeError("internal: text " + path_ + "'s io asked to load " + file);
    if (window_ < 1)
      throw RuntimeError("internal: text records need the net's context as their window");
    const Geometry g{1, 1, window_, {window_}, window_ * 4, numClasses(), true};
    const auto n = static_cast<int64_t>(text_.ids.size());
    const int64_t trainLength = trainCharacters(n);
    if (split == Split::train) {
      if (trainLength < window_ + 1)
        throw ParseError(path_ + ": its training split holds " + std::to_string(trainLength) +
                         " characters, fewer than one window of " + std::to_string(window_) +
                         " and its next character");
      auto ids = share({text_.ids.begin(), text_.ids.begin() + trainLength});
      const auto count = trainLength - window_;
      RecordRun run{ids, bytesOf(ids->data(), static_cast<size_t>(trainLength - 1)),
                    4,   bytesOf(ids->data() + 1, static_cast<size_t>(trainLength - 1)),
                    4,   count};
      return Dataset(g, {run});
    }
    const int64_t length = n - trainLength; // the validation characters
    if (length < 2)
      throw ParseError(path_ + ": its validation split (the last 10%) holds " +
                       std::to_string(length) + " characters, too few to predict one");
    const int32_t* val = text_.ids.data() + trainLength;
    const int64_t windows = (length - 1 + window_ - 1) / window_;
    std::vector<int32_t> inputs(static_cast<size_t>(windows * window_), 0);
    std::vector<int32_t> targets(inputs.size(), -1);
    for (int64_t p = 0; p + 1 < length; ++p) {
      inputs[static_cast<size_t>(p)] = val[p];
      targets[static_cast<size_t>(p)] = val[p + 1];
    }
    std::vector<uint8_t> inputBytes(inputs.size() * 4), targetBytes(targets.size() * 4);
    std::memcpy(inputBytes.data(), inputs.data(), inputBytes.size());
    std::memcpy(targetBytes.data(), targets.data(), targetBytes.size());
    return Dataset(g, std::move(inputBytes), std::move(targetBytes));
  }

private:
  std::string path_;
  int64_t window_;
  CharacterText text_;
};

} // namespace

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
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path + ": cannot be read");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (in.bad()) throw ParseError(path + ": cannot be read");
  return decodeCharacterText(bytes.str(), path);
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
  static std::mutex mutex;
  static std::map<std::pair<std::string, int64_t>, std::unique_ptr<TextIO>> ios;
  std::lock_guard lock(mutex);
  auto& io = ios[{path, window}];
  if (!io) io = std::make_unique<TextIO>(path, window);
  return *io;
}

} // namespace hlotrain::data

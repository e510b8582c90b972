#pragma once
// A UTF-8 text as a character-level language-modelling dataset (FAMILIES.md 6 (a)): its code
// points, the vocabulary their sorted set (an id is a code point's rank), the first ⌊0.9n⌋
// characters to train on and the rest to validate. For ASCII input the ids and the split are the
// reference system's.
//
// As records: a training record is the window at one offset o, its input the ids [o, o + T) and
// its label the next ids [o + 1, o + T + 1), every offset with a whole window being one record;
// an epoch draws as many of them as the training text has windows of T without overlap. The
// validation records are the non-overlapping windows o = 0, T, 2T, … covering every position,
// the last one padded (input id 0, label −1: scored nowhere), none dropped.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "data/Dataset.h"

namespace hlotrain::data {

struct CharacterText {
  std::vector<char32_t> vocabulary; // sorted, unique
  std::vector<int32_t> ids;         // the text's characters as vocabulary ranks
};

// Decodes `bytes` (the contents of `name`); throws ParseError "<name>: byte <offset>: <what>" at
// the first sequence that is not UTF-8 (a stray continuation byte, a truncated or overlong
// sequence, a surrogate, a code point beyond U+10FFFF), and for an empty text.
CharacterText decodeCharacterText(std::string_view bytes, const std::string& name);
// Reads and decodes the file at `path` (ParseError naming it when it cannot be read).
CharacterText readCharacterText(const std::string& path);
std::string encodeUtf8(char32_t codePoint);
// The code points of `bytes` (the contents of `name`), refused as decodeCharacterText refuses.
std::vector<char32_t> decodeUtf8(std::string_view bytes, const std::string& name);
// The characters of the training split: the first ⌊0.9n⌋.
int64_t trainCharacters(int64_t n);
// `<id>\t<code point>\n` per vocabulary entry (FAMILIES.md 6: the run's <prefix>_vocab.txt).
std::string vocabularyFile(const CharacterText& text);
// The vocabulary of such a file, checked (ParseError naming the file and line): ids 0, 1, …
// in order, code points ascending and valid.
std::vector<char32_t> readVocabularyFile(const std::string& path);

// The IO of --dataset text over the file at `path` (read once, here: the vocabulary is the net's
// output width) in windows of `window` tokens (0: only the vocabulary is asked for, and load()
// refuses). Alive for the whole program, one per (path, window).
const DatasetIO& textIO(const std::string& path, int64_t window);

} // namespace hlotrain::data

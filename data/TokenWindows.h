#pragma once
// A token stream as language-modelling records (FAMILIES.md 6), whatever it was read from (a
// text's characters, token files): a training record is the window at one offset o, its input the
// ids [o, o + T) and its label the next ids [o + 1, o + T + 1), every offset with a whole window
// being one record; an epoch draws as many of them as the training stream has windows of T
// without overlap. The validation records are the non-overlapping windows o = 0, T, 2T, …
// covering every position, the last one padded (input id 0, label −1: scored nowhere), none
// dropped.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "data/Dataset.h"

namespace hlotrain::data {

struct TokenStreams {
  DatasetKind kind = DatasetKind::text;
  std::string name;                // what errors name: the text's path, the token folder
  std::vector<int32_t> train, val; // ids below `vocabulary`
  int64_t vocabulary = 0;
  std::vector<std::string> classNames; // what a report shows of each id
  std::string vocabularyFile;          // DatasetIO::vocabulary(); empty: none
  std::string tokenizer;               // DatasetIO::tokenizer(); empty: none
  const char* unit = "characters";     // what errors count ("tokens")
};

// The records of `streams` in windows of `window` ids (0: only the vocabulary is asked for, and
// load() refuses).
std::unique_ptr<DatasetIO> tokenWindowsIO(TokenStreams streams, int64_t window);

// The io of `files` (read by `read`, once) in windows of `window`, kept for the program's life
// under the files' paths, sizes and modification times and the window: a file changed since is
// read again (a C++ program that rewrites a text between runs trains on what it wrote).
const DatasetIO& cachedTokenIO(const std::vector<std::string>& files, int64_t window,
                               const std::function<TokenStreams()>& read);

} // namespace hlotrain::data

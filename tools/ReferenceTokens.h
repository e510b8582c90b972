#pragma once
// The reference system's token files as hlotrain's (FAMILIES.md 6): its data folders hold
// train.bin and val.bin, flat little-endian int32 ids with no header, and meta.txt, whose
// `vocab_size` gives the vocabulary (and `train_tokens`, `val_tokens` the counts, checked when
// present). hlotrain's files carry that in a header and are checked when read; these are checked
// here, once: a length that is not whole ids, a count other than meta.txt's, an id outside the
// vocabulary, each named by file and index.

#include <cstdint>
#include <string>
#include <vector>

namespace hlotrain::tools {

struct ReferenceTokens {
  int64_t vocabulary = 0;
  std::vector<int32_t> train, val;
};

// Reads DIR/meta.txt, DIR/train.bin and DIR/val.bin; ParseError naming the file and what is wrong.
ReferenceTokens readReferenceTokens(const std::string& dir);

} // namespace hlotrain::tools

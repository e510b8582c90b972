#pragma once
// Token files (FAMILIES.md 6 (b)): a 24-byte header — the magic `HTOK`, u32 version 1, u32
// vocabulary size V, u32 id width w ∈ {2, 4}, u64 count n — then n ids of w bytes, little-endian,
// each below V. `--dataset tokens --data DIR` trains on DIR/train.tok and validates on
// DIR/val.tok, the vocabulary the headers' V.

#include <cstdint>
#include <string>
#include <vector>

#include "data/Dataset.h"

namespace hlotrain::data {

struct TokenFile {
  int64_t vocabulary = 0;
  std::vector<int32_t> ids;
};

// Reads the file memory-mapped and checks it, throwing ParseError "<path>: …" that names what is
// wrong: a short or foreign header, another version, a width other than 2 or 4, an empty
// vocabulary, a length other than 24 + n·w (truncated or with bytes past the ids), the first id
// (by its index) not below V.
TokenFile readTokenFile(const std::string& path);
// The SentencePiece model's file beside a folder's token files (`hlotrain tokenize`).
inline constexpr const char* kTokenizerModelFile = "tokenizer.model";

// Writes one atomically; `width` 2 needs every id below 65,536. Throws ConfigError for ids, a
// vocabulary or a width the format cannot hold.
void writeTokenFile(const std::string& path, int64_t vocabulary, int width,
                    const std::vector<int32_t>& ids);

// The IO of --dataset tokens over DIR (its two files read once, here), in windows of `window`
// tokens; one per (dir, window). The two files must agree on V.
const DatasetIO& tokenFilesIO(const std::string& dir, int64_t window);

} // namespace hlotrain::data

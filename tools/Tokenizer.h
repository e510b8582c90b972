#pragma once
// Subword tokens for a language model (FAMILIES.md 6 (b)): SentencePiece (Debian's
// libsentencepiece) trains a BPE or unigram model on a UTF-8 text's training split and encodes
// the text into hlotrain's token files, which `hlotrain train --dataset tokens` reads.
//
// The text splits as --dataset text splits it: the first ⌊0.9n⌋ characters train (the tokenizer
// too, so it has not seen the validation text), the rest validate. The model keeps the text as it
// is: no normalisation, whitespace kept, a newline one piece, and byte fallback (a character the
// training split lacks becomes its UTF-8 bytes), so decoding the two files in order gives the text
// back byte for byte. Each line is a sentence: no piece spans a newline. Training runs on one
// thread, so the same text and settings give the same model every time.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sentencepiece {
class SentencePieceProcessor;
}

namespace hlotrain::tools {

enum class TokenizerKind { bpe, unigram };

struct TokenizedText {
  std::string model; // the serialized SentencePiece model (tokenizer.model)
  int64_t vocabulary = 0;
  std::vector<int32_t> train, val;
  int64_t trainCharacters = 0, valCharacters = 0;
};

// The text in `bytes` (named `name` in errors) tokenized with a fresh model of `vocabulary`
// pieces. Throws ParseError for a text that is not UTF-8 (naming the byte) or too short to split,
// ConfigError for a vocabulary SentencePiece cannot train from this text (its reason).
TokenizedText tokenizeText(std::string_view bytes, const std::string& name, TokenizerKind kind,
                           int64_t vocabulary);

// A trained model (tokenizer.model's bytes) that encodes and decodes.
class SubwordModel {
public:
  // ParseError when `model` is not a SentencePiece model.
  explicit SubwordModel(const std::string& model);
  ~SubwordModel();
  SubwordModel(const SubwordModel&) = delete;
  SubwordModel& operator=(const SubwordModel&) = delete;

  int64_t pieces() const;
  // The ids of `text`, line by line as tokenizeText encodes.
  std::vector<int32_t> encode(std::string_view text) const;
  std::string decode(std::span<const int32_t> ids) const;

private:
  std::unique_ptr<sentencepiece::SentencePieceProcessor> processor_;
};

// Writes DIR/train.tok and DIR/val.tok (u16 ids when the vocabulary allows, else u32), each
// atomically, creating DIR; a tokenizer.model there, of other files, is removed.
void writeTokenFiles(const std::string& dir, int64_t vocabulary, const std::vector<int32_t>& train,
                     const std::vector<int32_t>& val);
// The same, and DIR/tokenizer.model.
void writeTokenized(const TokenizedText& tokens, const std::string& dir);

} // namespace hlotrain::tools

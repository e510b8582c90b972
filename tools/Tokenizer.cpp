#include "tools/Tokenizer.h"

#include <sentencepiece_processor.h>
#include <sentencepiece_trainer.h>

#include <filesystem>

#include "data/Text.h"
#include "data/TokenFile.h"
#include "support/AtomicFile.h"
#include "support/Error.h"

namespace hlotrain::tools {

namespace {

// SentencePiece's limit on a sentence's bytes; a longer line is cut at character boundaries.
constexpr size_t kMaxSentenceBytes = 1 << 16;

// `text` as SentencePiece's sentences: its lines, each with its newline.
std::vector<std::string> sentences(std::string_view text) {
  std::vector<std::string> out;
  while (!text.empty()) {
    size_t end = text.find('\n');
    end = end == std::string_view::npos ? text.size() : end + 1;
    if (end > kMaxSentenceBytes) {
      end = kMaxSentenceBytes;
      while ((static_cast<unsigned char>(text[end]) & 0xc0) == 0x80) --end;
    }
    out.emplace_back(text.substr(0, end));
    text.remove_prefix(end);
  }
  return out;
}

class Sentences final : public sentencepiece::SentenceIterator {
public:
  explicit Sentences(std::vector<std::string> lines) : lines_(std::move(lines)) {}
  bool done() const override { return next_ >= lines_.size(); }
  void Next() override { ++next_; }
  const std::string& value() const override { return lines_[next_]; }
  sentencepiece::util::Status status() const override { return {}; }

private:
  std::vector<std::string> lines_;
  size_t next_ = 0;
};

std::vector<int32_t> encode(const sentencepiece::SentencePieceProcessor& sp,
                            std::string_view text) {
  std::vector<int32_t> ids;
  for (const std::string& line : sentences(text)) {
    std::vector<int> piece;
    if (const auto status = sp.Encode(line, &piece); !status.ok())
      throw RuntimeError("SentencePiece could not encode a line: " + status.ToString());
    ids.insert(ids.end(), piece.begin(), piece.end());
  }
  return ids;
}

} // namespace

TokenizedText tokenizeText(std::string_view bytes, const std::string& name, TokenizerKind kind,
                           int64_t vocabulary) {
  const std::vector<char32_t> characters = data::decodeUtf8(bytes, name);
  const auto n = static_cast<int64_t>(characters.size());
  const int64_t trainCharacters = data::trainCharacters(n);
  if (trainCharacters == 0 || trainCharacters == n)
    throw ParseError(name + ": " + std::to_string(n) +
                     " characters do not split into a training and a validation text");
  // The byte where the validation text starts: after trainCharacters lead bytes.
  size_t cut = 0;
  for (int64_t seen = 0; cut < bytes.size(); ++cut)
    if ((static_cast<unsigned char>(bytes[cut]) & 0xc0) != 0x80 && seen++ == trainCharacters) break;
  const std::string_view trainText = bytes.substr(0, cut), valText = bytes.substr(cut);

  Sentences lines(sentences(trainText));
  std::string model;
  const sentencepiece::util::Status trained = sentencepiece::SentencePieceTrainer::Train(
      {{"model_type", kind == TokenizerKind::bpe ? "bpe" : "unigram"},
       {"vocab_size", std::to_string(vocabulary)},
       {"character_coverage", "1.0"},
       {"byte_fallback", "true"},
       {"normalization_rule_name", "identity"},
       {"remove_extra_whitespaces", "false"},
       {"add_dummy_prefix", "false"},
       {"user_defined_symbols", "\n"},
       {"max_sentence_length", std::to_string(kMaxSentenceBytes)},
       // One thread: the unigram trainer's threads sum in varying orders, so its pieces (and
       // how many fit: 299 or 300 for one text, measured) could differ between runs.
       {"num_threads", "1"},
       {"minloglevel", "2"}},
      &lines, &model);
  if (!trained.ok()) {
    // Its message after the source place and the failed check ("file.cc(660) [a == b] why").
    std::string why = trained.error_message();
    if (const size_t check = why.find("] "); check != std::string::npos) why.erase(0, check + 2);
    throw ConfigError("--vocab " + std::to_string(vocabulary) + ": SentencePiece cannot train on " +
                      name + ": " + why);
  }
  sentencepiece::SentencePieceProcessor sp;
  if (const auto loaded = sp.LoadFromSerializedProto(model); !loaded.ok())
    throw RuntimeError("SentencePiece could not load the model it trained: " + loaded.ToString());
  TokenizedText out;
  out.model = std::move(model);
  out.vocabulary = sp.GetPieceSize();
  out.train = encode(sp, trainText);
  out.val = encode(sp, valText);
  out.trainCharacters = trainCharacters;
  out.valCharacters = n - trainCharacters;
  return out;
}

SubwordModel::SubwordModel(const std::string& model)
    : processor_(std::make_unique<sentencepiece::SentencePieceProcessor>()) {
  if (const auto loaded = processor_->LoadFromSerializedProto(model); !loaded.ok())
    throw ParseError("not a SentencePiece model: " + loaded.ToString());
}

SubwordModel::~SubwordModel() = default;

int64_t SubwordModel::pieces() const {
  return processor_->GetPieceSize();
}

std::vector<int32_t> SubwordModel::encode(std::string_view text) const {
  return tools::encode(*processor_, text);
}

std::string SubwordModel::decode(std::span<const int32_t> ids) const {
  std::string text;
  if (const auto decoded = processor_->Decode(std::vector<int>(ids.begin(), ids.end()), &text);
      !decoded.ok())
    throw RuntimeError("SentencePiece could not decode: " + decoded.ToString());
  return text;
}

void writeTokenFiles(const std::string& dir, int64_t vocabulary, const std::vector<int32_t>& train,
                     const std::vector<int32_t>& val) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw RuntimeError(dir + ": cannot be created (" + ec.message() + ")");
  const int width = vocabulary <= 65536 ? 2 : 4;
  const std::filesystem::path folder(dir);
  std::filesystem::remove(folder / data::kTokenizerModelFile, ec);
  data::writeTokenFile((folder / "train.tok").string(), vocabulary, width, train);
  data::writeTokenFile((folder / "val.tok").string(), vocabulary, width, val);
}

void writeTokenized(const TokenizedText& tokens, const std::string& dir) {
  writeTokenFiles(dir, tokens.vocabulary, tokens.train, tokens.val);
  writeFileAtomically((std::filesystem::path(dir) / data::kTokenizerModelFile).string(),
                      tokens.model);
}

} // namespace hlotrain::tools

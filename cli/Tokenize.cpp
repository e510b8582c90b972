#include "cli/Tokenize.h"

#include "cli/Args.h"
#include "cli/Cli.h"
#include "data/TokenFile.h"
#include "support/Error.h"
#include "support/Format.h"
#include "support/ReadFile.h"
#include "tools/ReferenceTokens.h"
#include "tools/Tokenizer.h"

namespace hlotrain::cli {

const char* const kTokenizeUsage =
    R"(usage: hlotrain tokenize --data FILE.txt --out DIR [--vocab V] [--model-type bpe|unigram]
       hlotrain tokenize --reference SRC --out DIR

Trains a SentencePiece tokenizer (Debian's libsentencepiece) on a UTF-8 text and writes the text
as token files: DIR/train.tok and DIR/val.tok (FAMILIES.md 6: the HTOK header, then u16 ids, or
u32 past 65,536 pieces) and DIR/tokenizer.model, the SentencePiece model that reads them back.
`hlotrain train --net gpt-nano --dataset tokens --data DIR` then trains on them, scored in bits
per token.

The text splits as `--dataset text` splits it: the first 90% of its characters train, the
tokenizer included (it never sees the validation text), the rest validate. The model keeps the
text exactly: no normalisation, every space kept, a newline its own piece, no piece across a
line, and byte fallback (a character the training text lacks becomes its UTF-8 bytes), so the
two files decode to the text byte for byte.

  --data FILE       the UTF-8 text
  --out DIR         where the three files go (created; files there are replaced)
  --vocab V         the pieces of the model, 256 byte pieces and 3 control pieces among them
                    (default 1024)
  --model-type T    bpe (byte-pair merges, GPT-2's kind) or unigram (SentencePiece's default)
                    (default bpe)

--reference SRC imports the reference system's token files instead (FAMILIES.md 6): SRC/train.bin
and SRC/val.bin, flat little-endian int32 ids without a header, and SRC/meta.txt, whose vocab_size
is the vocabulary (train_tokens and val_tokens, when there, must be the files' counts). Every id is
checked once here (a length that is not whole ids, an id outside the vocabulary: named by file and
index) and written to DIR/train.tok and DIR/val.tok.
)";

namespace {

constexpr FlagSpec kFlags[] = {
    {"--data"}, {"--reference"}, {"--out"}, {"--vocab"}, {"--model-type"}};

std::string readText(const std::string& path) {
  std::optional<std::string> text = readWholeFile(path);
  if (!text) throw ParseError(path + ": cannot be read");
  return std::move(*text);
}

} // namespace

int tokenizeCommand(std::span<const std::string> argv, std::ostream& out) {
  const ParsedArgs args = parseArgs(argv, kFlags);
  if (!args.positional.empty())
    throw UsageError("tokenize: unexpected argument '" + args.positional[0] + "'");
  if (!args.has("--out")) throw UsageError("--out is required");
  if (args.has("--reference")) {
    for (const char* flag : {"--data", "--vocab", "--model-type"})
      if (args.has(flag))
        throw UsageError(std::string(flag) + " does not apply to --reference (its files are "
                                             "tokens already)");
    const std::string dir = args.value("--out");
    const tools::ReferenceTokens tokens = tools::readReferenceTokens(args.value("--reference"));
    tools::writeTokenFiles(dir, tokens.vocabulary, tokens.train, tokens.val);
    out << "imported " << args.value("--reference") << " (vocabulary " << tokens.vocabulary << ")\n"
        << dir << "/train.tok: " << tokens.train.size() << " tokens\n"
        << dir << "/val.tok: " << tokens.val.size() << " tokens\n";
    return kOk;
  }
  if (!args.has("--data"))
    throw UsageError("--data (a text) or --reference (token files) is required");
  const int64_t vocabulary = positiveIntFlag(args, "--vocab", 1024, 1 << 20);
  const std::string type = args.value("--model-type", "bpe");
  if (type != "bpe" && type != "unigram")
    throw UsageError("--model-type: expected bpe or unigram, got '" + type + "'");
  const std::string path = args.value("--data");
  const tools::TokenizedText tokens = tools::tokenizeText(
      readText(path), path,
      type == "bpe" ? tools::TokenizerKind::bpe : tools::TokenizerKind::unigram, vocabulary);
  const std::string dir = args.value("--out");
  tools::writeTokenized(tokens, dir);
  const auto perToken = [](int64_t characters, size_t ids) {
    return formatFixed(static_cast<double>(characters) / static_cast<double>(ids), 2);
  };
  out << type << " tokenizer of " << tokens.vocabulary << " pieces, trained on "
      << tokens.trainCharacters << " characters of " << path << "\n"
      << dir << "/train.tok: " << tokens.train.size() << " tokens ("
      << perToken(tokens.trainCharacters, tokens.train.size()) << " characters each)\n"
      << dir << "/val.tok: " << tokens.val.size() << " tokens ("
      << perToken(tokens.valCharacters, tokens.val.size()) << " characters each)\n"
      << dir << "/" << data::kTokenizerModelFile << "\n";
  return kOk;
}

} // namespace hlotrain::cli

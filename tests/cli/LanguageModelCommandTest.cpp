// `hlotrain train` and `eval` on a text (--dataset text): a language model fitted to the text's
// characters, evaluated in bits per character over every validation position, resumed inside an
// epoch to the very checkpoint of an uninterrupted run; and the one-line refusals of texts and
// settings it cannot take.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "Harness.h"
#include "data/TokenFile.h"
#include "support/Xorshift.h"
#include "tests/data/IdxFiles.h"
#include "tools/Tokenizer.h"

using namespace hlotrain;
using hlotrain::testing::CliResult;
using hlotrain::testing::runInProcess;

namespace {

// Sentences from a small grammar, with one two-byte character: some 6,000 characters.
std::string generatedText() {
  const char* subjects[] = {"the cat", "a dog", "my friend", "the caf\xc3\xa9", "our teacher"};
  const char* verbs[] = {"sees", "likes", "finds", "opens", "paints"};
  const char* objects[] = {"the door", "a red ball", "the garden", "an old book", "the sea"};
  std::string text;
  uint64_t s = 7;
  while (text.size() < 6000) {
    auto pick = [&](const char* const* words) {
      s = xorshift64(s);
      return std::string(words[s % 5]);
    };
    text += pick(subjects) + " " + pick(verbs) + " " + pick(objects) + ".\n";
  }
  return text;
}

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

class LanguageModelCommandTest : public data::testing::ScratchDir {
protected:
  void SetUp() override {
    ScratchDir::SetUp();
    text = (dir / "sentences.txt").string();
    std::ofstream(text, std::ios::binary) << generatedText();
  }
  std::vector<std::string> trainArgs(const std::string& artifacts, std::vector<std::string> extra) {
    std::vector<std::string> args = {"train",  "--net",       "gpt-nano", "--dataset", "text",
                                     "--data", text,          "--batch",  "8",         "--epochs",
                                     "2",      "--artifacts", artifacts};
    return hlotrain::testing::withFlags(std::move(args), extra);
  }
  std::string text;
};

TEST_F(LanguageModelCommandTest, TrainsOnTheTextsCharactersAndReportsBitsPerCharacter) {
  const std::string artifacts = (dir / "a").string();
  CliResult r = runInProcess(trainArgs(artifacts, {}));
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  // 24 distinct characters: gpt-nano's table and head are fitted to them (212,545 at 65).
  EXPECT_NE(r.out.find("training GPT-nano (207256 parameters) on text (language-model)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("cosine after 100 warmup step(s) to 0.1 of it"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("final test validation loss"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" bits per character, perplexity "), std::string::npos) << r.out;
  // Its windows are counted as sequences, not images.
  EXPECT_NE(r.out.find(" sequences/s (step "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("images/s"), std::string::npos) << r.out;
  const std::string metrics = readFile(dir / "a" / "gpt_nano_metrics.jsonl");
  EXPECT_NE(metrics.find("\"bits_per_char\":"), std::string::npos) << metrics;
  // Each evaluation records what the net then writes, in the text's characters.
  const size_t sample = metrics.find("\"sample\":\"");
  ASSERT_NE(sample, std::string::npos) << metrics;
  EXPECT_GT(metrics.find('"', sample + 10), sample + 10 + 200) << metrics;
  const std::string vocabulary = readFile(dir / "a" / "gpt_nano_vocab.txt");
  EXPECT_EQ(std::count(vocabulary.begin(), vocabulary.end(), '\n'), 24) << vocabulary;
  EXPECT_NE(vocabulary.find("\t233\n"), std::string::npos) << vocabulary; // é

  r = runInProcess(
      {"eval", "--net", "gpt-nano", "--dataset", "text", "--data", text, "--artifacts", artifacts});
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("bits per character"), std::string::npos) << r.out;
}

// Stopped inside its first epoch and resumed, a run ends on the very parameters, optimizer state
// and position of one that ran through: the windows of each step are the same.
TEST_F(LanguageModelCommandTest, AResumedRunEndsBitForBitEqual) {
  const std::string whole = (dir / "whole").string(), split = (dir / "split").string();
  ASSERT_EQ(runInProcess(trainArgs(whole, {})).exitCode, 0);
  CliResult r = runInProcess(trainArgs(split, {"--max-steps", "4"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  r = runInProcess(trainArgs(split, {"--resume"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("resuming from"), std::string::npos) << r.out;
  const std::string a = readFile(dir / "whole" / "gpt_nano_params.bin");
  ASSERT_FALSE(a.empty());
  EXPECT_TRUE(a == readFile(dir / "split" / "gpt_nano_params.bin"));
  EXPECT_TRUE(readFile(dir / "whole" / "gpt_nano_checkpoint.bin") ==
              readFile(dir / "split" / "gpt_nano_checkpoint.bin"));
}

// `hlotrain generate` samples in the run's characters from its best checkpoint: the same seed the
// same text, another seed another; what it cannot do is one line naming why.
TEST_F(LanguageModelCommandTest, GenerateSamplesTheSameTextForTheSameSeed) {
  const std::string artifacts = (dir / "g").string();
  ASSERT_EQ(runInProcess(trainArgs(artifacts, {})).exitCode, 0);
  auto generate = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {"generate",         "--net",    "gpt-nano",
                                     "--artifacts",      artifacts,  "--prompt",
                                     "the caf\xc3\xa9 ", "--tokens", "150"};
    return runInProcess(hlotrain::testing::withFlags(std::move(args), extra));
  };
  CliResult a = generate({"--seed", "3"}), b = generate({"--seed", "3"}),
            c = generate({"--seed", "4"});
  ASSERT_EQ(a.exitCode, 0) << a.err;
  EXPECT_EQ(a.out.rfind("the caf\xc3\xa9 ", 0), 0u) << a.out;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
  // 150 characters after the prompt: past the context of 64, the caches start again.
  EXPECT_GE(a.out.size(), 9u + 150u) << a.out;
  CliResult greedy = generate({"--temperature", "0", "--seed", "5"});
  EXPECT_EQ(greedy.out, generate({"--temperature", "0", "--seed", "6"}).out);

  CliResult r = generate({"--prompt", "xyz"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--prompt: 'x' (U+120) is not among the run's 24 characters"),
            std::string::npos)
      << r.err;
  r = runInProcess({"generate", "--net", "gpt-nano", "--artifacts", (dir / "none").string()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("gpt_nano_vocab.txt: cannot be read"), std::string::npos) << r.err;
  r = runInProcess({"generate", "--net", "mnist-cnn"});
  EXPECT_NE(r.err.find("not a language model"), std::string::npos) << r.err;
  r = generate({"--temperature", "-1"});
  EXPECT_NE(r.err.find("--temperature must be a finite value >= 0"), std::string::npos) << r.err;
}

// The shape flags shape the model (a tied head and RoPE among them); its checkpoint stores them,
// so eval, generate and a resumed run build the same net without them, and a resumed run refuses
// another shape.
TEST_F(LanguageModelCommandTest, SizeFlagsShapeTheModelAndTheCheckpointKeepsThem) {
  const std::string artifacts = (dir / "s").string();
  CliResult r = runInProcess(
      trainArgs(artifacts, {"--context", "16", "--width", "32", "--heads", "4", "--layers", "1",
                            "--mlp", "48", "--tie-embeddings", "--rope", "--max-steps", "6"}));
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  // 9,640 with learned positions (16x32) and an untied head (32x24 + 24).
  EXPECT_NE(r.out.find("training GPT-nano (8336 parameters)"), std::string::npos) << r.out;
  r = runInProcess(
      {"eval", "--net", "gpt-nano", "--dataset", "text", "--data", text, "--artifacts", artifacts});
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  // Every validation position scored, in windows of 16.
  EXPECT_NE(r.out.find("on 38 test records"), std::string::npos) << r.out;
  r = runInProcess({"generate", "--net", "gpt-nano", "--artifacts", artifacts, "--tokens", "40"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_GE(r.out.size(), 41u) << r.out;
  r = runInProcess(trainArgs(artifacts, {"--resume", "--width", "64"}));
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(
      r.err.find("--width is 64 but " + artifacts + "/gpt_nano_checkpoint.bin was written with 32"),
      std::string::npos)
      << r.err;
  r = runInProcess(trainArgs(artifacts, {"--resume"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("8336 parameters"), std::string::npos) << r.out;

  const std::pair<std::vector<std::string>, std::string> refusals[] = {
      {{"--heads", "3"}, "--heads: 3 heads do not divide the width 64"},
      {{"--vocab", "30"}, "--vocab is 30 but dataset text holds 24 ids"},
      {{"--context", "0"}, "--context: expected an integer in [1, 1048576], got '0'"},
      {{"--net", "mnist-cnn", "--width", "8"},
       "--width applies to a language model such as gpt-nano; mnist-cnn reads images"},
  };
  for (const auto& [flags, message] : refusals) {
    r = runInProcess(trainArgs((dir / "x").string(), flags));
    EXPECT_EQ(r.exitCode, 2) << message;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "x"));
}

// `hlotrain tokenize` (SentencePiece, BPE or unigram) writes token files that decode to the text
// byte for byte (the é a two-byte character, newlines kept) and that train a language model in
// bits per token; what it cannot do is one line naming why, leaving nothing behind.
TEST_F(LanguageModelCommandTest, TokenizeWritesTokenFilesThatDecodeToTheTextAndTrain) {
  for (const char* type : {"bpe", "unigram"}) {
    SCOPED_TRACE(type);
    const std::filesystem::path out = dir / type;
    CliResult r = runInProcess({"tokenize", "--data", text, "--out", out.string(), "--vocab", "290",
                                "--model-type", type});
    ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
    EXPECT_NE(r.out.find(std::string(type) + " tokenizer of 290 pieces, trained on "),
              std::string::npos)
        << r.out;
    const data::TokenFile train = data::readTokenFile((out / "train.tok").string());
    const data::TokenFile val = data::readTokenFile((out / "val.tok").string());
    EXPECT_EQ(train.vocabulary, 290);
    std::vector<int32_t> ids = train.ids;
    ids.insert(ids.end(), val.ids.begin(), val.ids.end());
    // Subwords: fewer tokens than characters (this text's few words leave room for some 300
    // pieces, 283 of them bytes, controls and its characters).
    EXPECT_LT(ids.size(), generatedText().size() * 9 / 10);
    const tools::SubwordModel model(readFile(out / "tokenizer.model"));
    EXPECT_EQ(model.pieces(), 290);
    EXPECT_TRUE(model.decode(ids) == generatedText());
    const std::string trainText = model.decode(train.ids);
    EXPECT_TRUE(trainText == generatedText().substr(0, trainText.size()));
    EXPECT_EQ(model.encode(trainText), train.ids);
  }
  CliResult r = runInProcess({"train", "--net", "gpt-nano", "--dataset", "tokens", "--data",
                              (dir / "bpe").string(), "--context", "16", "--batch", "8", "--epochs",
                              "1", "--artifacts", (dir / "t").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  EXPECT_NE(r.out.find(" bits per token, "), std::string::npos) << r.out;
  // The run keeps the tokenizer, so generate reads any prompt and writes text.
  EXPECT_TRUE(readFile(dir / "t" / "gpt_nano_tokenizer.model") ==
              readFile(dir / "bpe" / "tokenizer.model"));
  r = runInProcess({"generate", "--net", "gpt-nano", "--artifacts", (dir / "t").string(),
                    "--prompt", "the zebra", "--tokens", "30"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.rfind("the zebra", 0), 0u) << r.out;
  EXPECT_GT(r.out.size(), 40u) << r.out;
  // Its evaluation recorded a sample in the tokenizer's pieces: generate's default draw from the
  // checkpoint of that evaluation (the run's best, its only one), without the prompt.
  const std::string metrics = readFile(dir / "t" / "gpt_nano_metrics.jsonl");
  const size_t evalAt = metrics.rfind("{\"type\":\"eval\"");
  ASSERT_NE(evalAt, std::string::npos) << metrics;
  const nlohmann::json eval =
      nlohmann::json::parse(metrics.substr(evalAt, metrics.find('\n', evalAt) - evalAt));
  ASSERT_TRUE(eval.contains("sample")) << eval.dump();
  const std::string sample = eval["sample"].get<std::string>();
  EXPECT_GT(sample.size(), 200u) << sample; // 200 pieces, most of several characters
  r = runInProcess({"generate", "--net", "gpt-nano", "--artifacts", (dir / "t").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(r.out.ends_with(sample + "\n")) << r.out << "\n---\n" << sample;

  const std::string latin1 = (dir / "latin1.txt").string();
  std::ofstream(latin1, std::ios::binary) << "caf\xe9 au lait";
  const std::pair<std::vector<std::string>, std::string> refusals[] = {
      {{"--vocab", "10"}, "--vocab 10: SentencePiece cannot train on " + text + ": "},
      {{"--vocab", "400", "--model-type", "unigram"},
       "cannot train on " + text +
           ": Vocabulary size too high (400). Please set it to a value <= "},
      {{"--model-type", "wordpiece"}, "--model-type: expected bpe or unigram, got 'wordpiece'"},
      {{"--data", latin1}, latin1 + ": byte 3: "},
      {{"--data", (dir / "none.txt").string()}, "none.txt: cannot be read"},
  };
  for (const auto& [flags, message] : refusals) {
    r = runInProcess(hlotrain::testing::withFlags(
        {"tokenize", "--data", text, "--out", (dir / "x").string()}, flags));
    EXPECT_EQ(r.exitCode, 2) << message;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "x"));
  r = runInProcess({"tokenize", "--data", text});
  EXPECT_NE(r.err.find("--out is required"), std::string::npos) << r.err;
}

// The reference system's headerless int32 files and meta.txt (FAMILIES.md 6) import as token
// files with the same ids; a file that is not whole ids, an id outside vocab_size or a count
// other than meta.txt's is named on one line.
TEST_F(LanguageModelCommandTest, TokenizeImportsTheReferencesTokenFiles) {
  const std::filesystem::path ref = dir / "ref";
  std::filesystem::create_directories(ref);
  const auto writeIds = [&](const char* name, const std::vector<int32_t>& ids) {
    std::ofstream file(ref / name, std::ios::binary);
    for (int32_t id : ids)
      for (int b = 0; b < 4; ++b) file.put(static_cast<char>((uint32_t(id) >> (8 * b)) & 0xff));
  };
  std::vector<int32_t> train, val;
  for (int32_t i = 0; i < 500; ++i) train.push_back(i * 7 % 65);
  for (int32_t i = 0; i < 60; ++i) val.push_back(i % 65);
  writeIds("train.bin", train);
  writeIds("val.bin", val);
  std::ofstream(ref / "meta.txt") << "vocab_size: 65\ntrain_tokens: 500\nval_tokens: 60\n";
  const std::string out = (dir / "imported").string();
  CliResult r = runInProcess({"tokenize", "--reference", ref.string(), "--out", out});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const data::TokenFile imported = data::readTokenFile(out + "/train.tok");
  EXPECT_EQ(imported.vocabulary, 65);
  EXPECT_EQ(imported.ids, train);
  EXPECT_EQ(data::readTokenFile(out + "/val.tok").ids, val);

  const auto refused = [&](const std::string& message) {
    r = runInProcess({"tokenize", "--reference", ref.string(), "--out", (dir / "x").string()});
    EXPECT_EQ(r.exitCode, 2) << message;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  };
  std::ofstream(ref / "meta.txt") << "vocab_size: 65\ntrain_tokens: 499\n";
  refused("train.bin: holds 500 ids but meta.txt says 499");
  std::ofstream(ref / "meta.txt") << "vocab_size=60\n";
  refused("train.bin: id 63 at index 9 is not in [0, 60) (meta.txt's vocab_size)");
  std::ofstream(ref / "meta.txt") << "vocab_size 65\n";
  std::filesystem::resize_file(ref / "val.bin", 4 * 60 - 1);
  refused("val.bin: 239 bytes are not whole int32 ids (a multiple of 4)");
  std::ofstream(ref / "meta.txt") << "train_tokens 500\n";
  refused("meta.txt: expected a vocab_size in [1, 2^31 − 1]");
  EXPECT_FALSE(std::filesystem::exists(dir / "x"));
}

// Token files (FAMILIES.md 6 (b)) train the same way, their headers' vocabulary the net's; a
// truncated one is refused on one line naming it.
TEST_F(LanguageModelCommandTest, TrainsOnTokenFiles) {
  std::vector<int32_t> ids;
  uint64_t s = 11;
  for (int i = 0; i < 3000; ++i) {
    s = xorshift64(s);
    ids.push_back(static_cast<int32_t>(i % 3 == 0 ? 50 : s % 50));
  }
  const std::filesystem::path tokens = dir / "tokens";
  std::filesystem::create_directories(tokens);
  data::writeTokenFile((tokens / "train.tok").string(), 51, 2, ids);
  data::writeTokenFile((tokens / "val.tok").string(), 51, 2,
                       std::vector<int32_t>(ids.begin(), ids.begin() + 400));
  CliResult r =
      runInProcess({"train", "--net", "gpt-nano", "--dataset", "tokens", "--data", tokens.string(),
                    "--batch", "8", "--epochs", "1", "--artifacts", (dir / "t").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  EXPECT_NE(r.out.find(" bits per token, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(399 positions)"), std::string::npos) << r.out;

  std::filesystem::resize_file(tokens / "val.tok", 24 + 2 * 400 - 1);
  r = runInProcess({"train", "--net", "gpt-nano", "--dataset", "tokens", "--data", tokens.string(),
                    "--artifacts", (dir / "u").string()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("val.tok: expected 24 + 400 × 2 bytes (the header and its ids), found 823"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST_F(LanguageModelCommandTest, BadTextsAndSettingsAreOneLineErrors) {
  const std::string bad = (dir / "latin1.txt").string();
  std::ofstream(bad, std::ios::binary) << "caf\xe9 au lait";
  CliResult r = runInProcess(trainArgs((dir / "b").string(), {"--data", bad}));
  EXPECT_EQ(r.exitCode, 2); // malformed input
  EXPECT_NE(r.err.find(bad + ": byte 3: a sequence of 3 bytes cut off at byte 4"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "b"));

  r = runInProcess(trainArgs((dir / "b").string(), {"--loss", "dice"}));
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.err.find("a language model trains with ce"), std::string::npos) << r.err;
  r = runInProcess(trainArgs((dir / "b").string(), {"--net", "mnist-cnn"}));
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.err.find("MNIST-CNN takes images but dataset text gives token ids"),
            std::string::npos)
      << r.err;
  r = runInProcess(trainArgs((dir / "b").string(), {"--lr-floor", "1"}));
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.err.find("--lr-floor must be in [0, 1)"), std::string::npos) << r.err;
  r = runInProcess(trainArgs((dir / "b").string(), {"--data", (dir / "none.txt").string()}));
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.err.find("none.txt: cannot be read"), std::string::npos) << r.err;
}

} // namespace

// A UTF-8 text as a character dataset (FAMILIES.md 6 (a)): decoding and its refusals, the
// vocabulary and ids, the 90/10 split, and the records: every training offset's window with the
// next characters as its labels, validation windows side by side covering every position, the
// last one padded and its padding unlabelled.

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>

#include "data/Text.h"
#include "support/Error.h"
#include "tests/data/IdxFiles.h"

using namespace hlotrain;
using namespace hlotrain::data;

namespace {

std::string errorOf(std::string_view bytes) {
  try {
    decodeCharacterText(bytes, "t.txt");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

TEST(TextTest, DecodesUtf8IntoSortedCharacterIds) {
  // "bé€😀ab": 1-, 2-, 3- and 4-byte sequences.
  const CharacterText t = decodeCharacterText("b\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"
                                              "ab",
                                              "t");
  EXPECT_EQ(t.vocabulary, (std::vector<char32_t>{U'a', U'b', U'é', U'€', U'😀'}));
  EXPECT_EQ(t.ids, (std::vector<int32_t>{1, 2, 3, 4, 0, 1}));
  for (char32_t c : t.vocabulary)
    EXPECT_EQ(decodeCharacterText(encodeUtf8(c), "t").vocabulary, std::vector<char32_t>{c});
  EXPECT_EQ(vocabularyFile(t), "0\t97\n1\t98\n2\t233\n3\t8364\n4\t128512\n");
}

TEST(TextTest, RefusesWhatIsNotUtf8NamingTheByte) {
  EXPECT_EQ(errorOf("ab\x80"),
            "t.txt: byte 2: a continuation byte with no lead byte (a text must be UTF-8)");
  EXPECT_EQ(errorOf("a\xff"),
            "t.txt: byte 1: 0xff starts no UTF-8 sequence (a text must be UTF-8)");
  EXPECT_EQ(errorOf("abc\xe2\x82"),
            "t.txt: byte 3: a sequence cut off by the end of the file (a text must be UTF-8)");
  EXPECT_EQ(errorOf("\xe2\x82x"), "t.txt: byte 0: a sequence of 3 bytes cut off at byte 2 (a text "
                                  "must be UTF-8)");
  EXPECT_EQ(errorOf("\xe0\x80\x80"), "t.txt: byte 0: an overlong encoding (a text must be UTF-8)");
  EXPECT_EQ(errorOf("\xc0\xaf"), "t.txt: byte 0: 0xc0 starts no UTF-8 sequence (a text must be "
                                 "UTF-8)");
  EXPECT_EQ(errorOf("x\xed\xa0\x80"),
            "t.txt: byte 1: a surrogate code point (a text must be UTF-8)");
  EXPECT_EQ(errorOf("\xf4\x90\x80\x80"),
            "t.txt: byte 0: a code point beyond U+10FFFF (a text must be UTF-8)");
  EXPECT_EQ(errorOf(""), "t.txt: an empty text");
}

class TextRecords : public data::testing::ScratchDir {
protected:
  std::string write(const std::string& text) {
    const std::string path = (dir / "text.txt").string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  static std::vector<int32_t> words(std::span<const uint8_t> bytes) {
    std::vector<int32_t> out(bytes.size() / 4);
    std::memcpy(out.data(), bytes.data(), bytes.size());
    return out;
  }
};

TEST_F(TextRecords, TrainOnEveryOffsetValidateOnEveryPosition) {
  // 50 characters: 45 train, 5 validate; ids are the characters' ranks among 'a'..'y'.
  std::string text;
  for (int i = 0; i < 50; ++i) text += static_cast<char>('a' + i % 25);
  const std::string path = write(text);
  const DatasetIO& io = textIO(path, 4);
  EXPECT_EQ(io.numClasses(), 25);
  EXPECT_EQ(io.inputShape(), (InputShape{1, 1, 4, 25}));
  EXPECT_EQ(io.labelKind(), LabelKind::nextTokens);
  EXPECT_EQ(trainCharacters(50), 45);

  const Dataset train = io.load(path, Split::train);
  ASSERT_EQ(train.size(), 41); // offsets 0..40: 4 inputs and the next character each
  EXPECT_EQ(words(train.image(0)), (std::vector<int32_t>{0, 1, 2, 3}));
  EXPECT_EQ(words(train.label(0)), (std::vector<int32_t>{1, 2, 3, 4}));
  EXPECT_EQ(words(train.image(40)), (std::vector<int32_t>{15, 16, 17, 18}));
  EXPECT_EQ(words(train.label(40)), (std::vector<int32_t>{16, 17, 18, 19}));
  EXPECT_EQ(io.epochRecords(train), 10); // 41 windows, 10 of them without overlap

  // Validation: characters 45..49 ('u'..'y'), 4 positions with a next character: one window,
  // then nothing left; with windows of 3, two: the second padded.
  const Dataset val = io.load(path, Split::test);
  ASSERT_EQ(val.size(), 1);
  EXPECT_EQ(words(val.image(0)), (std::vector<int32_t>{20, 21, 22, 23}));
  EXPECT_EQ(words(val.label(0)), (std::vector<int32_t>{21, 22, 23, 24}));
  const Dataset val3 = textIO(path, 3).load(path, Split::test);
  ASSERT_EQ(val3.size(), 2);
  EXPECT_EQ(words(val3.image(1)), (std::vector<int32_t>{23, 0, 0}));
  EXPECT_EQ(words(val3.label(1)), (std::vector<int32_t>{24, -1, -1}));
  EXPECT_NE(io.vocabulary().find("24\t121\n"), std::string::npos);
}

TEST_F(TextRecords, TooShortTextsAreRefused) {
  const std::string path = write("abcdefghijklmnopqrst"); // 18 train, 2 val
  try {
    textIO(path, 20).load(path, Split::train);
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("fewer than one window of 20"), std::string::npos);
  }
  const std::string one = (dir / "one.txt").string();
  std::ofstream(one) << "abcdefghi"; // 8 train, 1 val
  try {
    textIO(one, 2).load(one, Split::test);
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("too few to predict one"), std::string::npos);
  }
}

} // namespace

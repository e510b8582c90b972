// Token files (FAMILIES.md 6 (b)): written and read back at both widths, every malformed header,
// a truncated or overlong file and an id beyond the vocabulary refused naming the problem and
// where; and --dataset tokens' records, windows as a text's.

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "data/TokenFile.h"
#include "support/Error.h"
#include "tests/data/IdxFiles.h"

using namespace hlotrain;
using namespace hlotrain::data;

namespace {

class TokenFiles : public data::testing::ScratchDir {
protected:
  std::string path(const char* name) const { return (dir / name).string(); }
  std::string bytesOf(const std::string& file) const {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  void writeBytes(const std::string& file, const std::string& bytes) const {
    std::ofstream(file, std::ios::binary) << bytes;
  }
  std::string errorOf(const std::string& file) const {
    try {
      readTokenFile(file);
    } catch (const ParseError& e) {
      return e.what();
    }
    return "";
  }
};

TEST_F(TokenFiles, RoundTripAtBothWidths) {
  const std::vector<int32_t> ids = {0, 7, 65535, 3, 3};
  writeTokenFile(path("a.tok"), 65536, 2, ids);
  EXPECT_EQ(bytesOf(path("a.tok")).size(), 24u + 2 * 5);
  EXPECT_EQ(bytesOf(path("a.tok")).substr(0, 4), "HTOK");
  TokenFile a = readTokenFile(path("a.tok"));
  EXPECT_EQ(a.vocabulary, 65536);
  EXPECT_EQ(a.ids, ids);
  writeTokenFile(path("b.tok"), 100000, 4, {99999, 0});
  EXPECT_EQ(readTokenFile(path("b.tok")).ids, (std::vector<int32_t>{99999, 0}));
  EXPECT_THROW(writeTokenFile(path("c.tok"), 80000, 2, {70000}), ConfigError);
  writeTokenFile(path("d.tok"), 80000, 2, {7}); // a u16 file of a larger vocabulary's small ids
  EXPECT_EQ(readTokenFile(path("d.tok")).vocabulary, 80000);
  EXPECT_THROW(writeTokenFile(path("c.tok"), 10, 4, {10}), ConfigError);
}

TEST_F(TokenFiles, MalformedFilesNameTheProblem) {
  writeTokenFile(path("good.tok"), 300, 2, {1, 2, 3, 299});
  const std::string good = bytesOf(path("good.tok"));
  auto variant = [&](const char* name, std::string bytes) {
    writeBytes(path(name), bytes);
    return errorOf(path(name));
  };
  EXPECT_NE(variant("short", good.substr(0, 10)).find("expected at least a 24-byte header"),
            std::string::npos);
  std::string magic = good;
  magic[0] = 'X';
  EXPECT_NE(variant("magic", magic).find("expected the magic HTOK"), std::string::npos);
  std::string version = good;
  version[4] = 2;
  EXPECT_NE(variant("version", version).find("version 2 (this build reads version 1)"),
            std::string::npos);
  std::string width = good;
  width[12] = 3;
  EXPECT_NE(variant("width", width).find("id width 3 (expected 2 or 4)"), std::string::npos);
  EXPECT_EQ(variant("truncated", good.substr(0, good.size() - 1)),
            path("truncated") + ": expected 24 + 4 × 2 bytes (the header and its ids), found 31");
  EXPECT_NE(variant("long", good + "xx").find("found 34"), std::string::npos);
  std::string bad = good;
  bad[24 + 2 * 2] = static_cast<char>(0x2c); // id 300 (0x012c) at index 2
  bad[24 + 2 * 2 + 1] = 1;
  EXPECT_EQ(variant("bad", bad),
            path("bad") + ": id 300 at index 2 is not below the vocabulary of 300");
  EXPECT_NE(errorOf(path("none.tok")).find("none.tok"), std::string::npos);
}

TEST_F(TokenFiles, TrainAndValidateAsATextDoes) {
  std::vector<int32_t> train, val;
  for (int32_t i = 0; i < 40; ++i) train.push_back(i % 9);
  for (int32_t i = 0; i < 9; ++i) val.push_back(8 - i);
  writeTokenFile(path("train.tok"), 9, 2, train);
  writeTokenFile(path("val.tok"), 9, 2, val);
  const DatasetIO& io = tokenFilesIO(dir.string(), 4);
  EXPECT_EQ(io.kind(), DatasetKind::tokens);
  EXPECT_EQ(io.numClasses(), 9);
  EXPECT_EQ(io.inputShape(), (InputShape{1, 1, 4, 9}));
  const Dataset t = io.load(dir.string(), Split::train);
  EXPECT_EQ(t.size(), 36);
  EXPECT_EQ(io.epochRecords(t), 9);
  const Dataset v = io.load(dir.string(), Split::test);
  EXPECT_EQ(v.size(), 2); // 8 next tokens in windows of 4
  std::vector<int32_t> label(4);
  std::memcpy(label.data(), v.label(1).data(), 16);
  EXPECT_EQ(label, (std::vector<int32_t>{3, 2, 1, 0}));
  std::filesystem::create_directories(dir / "sub");
  writeTokenFile(path("sub/train.tok"), 9, 2, train);
  writeTokenFile(path("sub/val.tok"), 10, 2, val);
  try {
    tokenFilesIO((dir / "sub").string(), 4);
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("a vocabulary of 10 but train.tok's is 9"),
              std::string::npos);
  }
}

} // namespace

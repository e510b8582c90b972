// .npz archives as np.savez and np.savez_compressed write them (tests/ir/NpzWriter.h): members in
// order, stored and deflated, zip64 fields; and broken archives refused naming the member.

#include <gtest/gtest.h>

#include <filesystem>

#include "ir/Npz.h"
#include "support/Error.h"
#include "tests/ir/NpzWriter.h"

using namespace hlotrain;
using namespace hlotrain::ir;

namespace {

class NpzTest : public ::testing::Test {
protected:
  std::filesystem::path dir;

  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("hlotrain_npz_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
           "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  std::string write(const std::vector<testnpz::Member>& members) {
    const std::string path = (dir / "a.npz").string();
    testnpz::writeFile(path, testnpz::zipArchive(members));
    return path;
  }

  // readNpz(path) throws ParseError whose message holds every one of `parts`.
  void expectRefused(const std::string& path, std::initializer_list<const char*> parts) {
    try {
      readNpz(path);
      ADD_FAILURE() << "expected a ParseError";
    } catch (const ParseError& e) {
      for (const char* part : parts)
        EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
  }
};

Tensor ramp(const Shape& shape) {
  Tensor t(TensorType{ElementType::f32, shape});
  for (int64_t i = 0; i < t.numElements(); ++i) t.set<float>(i, 0.25f * float(i) - 3.0f);
  return t;
}

TEST_F(NpzTest, MembersComeInArchiveOrderStoredDeflatedOrZip64) {
  const Tensor weight = ramp({4, 3, 2, 2}), bias = ramp({4});
  const Tensor count = Tensor::fromVector<int64_t>({}, {7});
  for (bool deflate : {false, true})
    for (bool zip64 : {false, true}) {
      const std::string path =
          write({{"features.0.weight.npy", testnpz::npyBytes(weight), deflate, zip64},
                 {"features.0.bias.npy", testnpz::npyBytes(bias), deflate, zip64},
                 {"bn.num_batches_tracked.npy", testnpz::npyBytes(count), deflate, zip64}});
      const std::vector<NpzEntry> entries = readNpz(path);
      ASSERT_EQ(entries.size(), 3u);
      EXPECT_EQ(entries[0].name, "features.0.weight");
      EXPECT_EQ(entries[0].tensor, weight);
      EXPECT_EQ(entries[1].name, "features.0.bias");
      EXPECT_EQ(entries[1].tensor, bias);
      EXPECT_EQ(entries[2].name, "bn.num_batches_tracked");
      EXPECT_EQ(entries[2].tensor, count);
    }
}

// Archives NumPy itself wrote (the fuzzer's seeds): np.savez and np.savez_compressed.
TEST_F(NpzTest, ReadsWhatNumPyWrites) {
  const std::string corpus = std::string(HLOTRAIN_SOURCE_DIR) + "/fuzz/corpus/npz_read/";
  const std::vector<NpzEntry> stored = readNpz(corpus + "stored.npz");
  ASSERT_EQ(stored.size(), 3u);
  EXPECT_EQ(stored[0].name, "features.0.weight");
  EXPECT_EQ(stored[0].tensor.type(), (TensorType{ElementType::f32, {2, 3, 1, 2}}));
  for (int64_t i = 0; i < 12; ++i) EXPECT_EQ(stored[0].tensor.get<float>(i), float(i));
  EXPECT_EQ(stored[1].name, "features.0.bias");
  EXPECT_EQ(stored[2].name, "bn.num_batches_tracked");
  EXPECT_EQ(stored[2].tensor, Tensor::fromVector<int64_t>({}, {7}));
  const std::vector<NpzEntry> deflated = readNpz(corpus + "deflated.npz");
  ASSERT_EQ(deflated.size(), 2u);
  EXPECT_EQ(deflated[0].name, "w");
  EXPECT_EQ(deflated[0].tensor.type(), (TensorType{ElementType::f32, {5, 8}}));
  EXPECT_EQ(deflated[0].tensor.get<float>(0), -1.0f);
  EXPECT_EQ(deflated[0].tensor.get<float>(39), 1.0f);
  EXPECT_TRUE(readNpz(corpus + "empty.npz").empty());
}

TEST_F(NpzTest, BrokenArchivesAreRefusedNamingTheMember) {
  const std::string npy = testnpz::npyBytes(ramp({8}));
  expectRefused(write({{"w.npy", npy, false, false, true}}), {"a.npz: w.npy", "CRC-32"});
  expectRefused(write({{"w.npy", npy, true, false, true}}), {"w.npy", "CRC-32"});
  expectRefused(write({{"w.txt", npy}}), {"w.txt", "not a .npy member"});
  expectRefused(write({{"w.npy", npy, false, false, false, 12}}),
                {"w.npy", "compression method 12"});
  expectRefused(write({{"w.npy", "not an array"}}), {"w.npy", "not a .npy file"});
  // Cut inside the member's data: the directory is gone with the tail.
  std::string bytes = testnpz::zipArchive({{"w.npy", npy}});
  const std::string cut = (dir / "cut.npz").string();
  testnpz::writeFile(cut, bytes.substr(0, bytes.size() / 2));
  expectRefused(cut, {"cut.npz", "not a zip archive"});
  // A directory pointing past the end of the file.
  bytes[bytes.size() - 3] = '\x7f';
  testnpz::writeFile(cut, bytes);
  expectRefused(cut, {"cut.npz", "truncated zip"});
  // Deflated data corrupted in the middle.
  std::string packed = testnpz::zipArchive({{"w.npy", npy + std::string(4096, 'x'), true}});
  packed[60] = static_cast<char>(packed[60] ^ 0x5a);
  testnpz::writeFile(cut, packed);
  expectRefused(cut, {"cut.npz: w.npy"});
  // A deflated member whose header claims 4 GiB (the fuzzer's find: nothing of that size may be
  // allocated before the data are seen), and one whose data inflate past what it claims.
  testnpz::Member huge{"w.npy", npy, true};
  huge.claimedSize = int64_t{1} << 32;
  huge.zip64 = true;
  expectRefused(write({huge}), {"w.npy", "corrupt deflated data"});
  testnpz::Member longer{"w.npy", npy, true};
  longer.claimedSize = static_cast<int64_t>(npy.size()) - 1;
  expectRefused(write({longer}), {"w.npy", "corrupt deflated data"});
  testnpz::writeFile(cut, "");
  expectRefused(cut, {"cut.npz", "not a zip archive"});
}

} // namespace

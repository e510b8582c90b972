#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>

#include "TrainFixtures.h"
#include "nn/Zoo.h"
#include "support/Error.h"
#include "train/Checkpoint.h"

using namespace hlotrain;
using namespace hlotrain::train;

namespace {

class CheckpointTest : public data::testing::ScratchDir {
protected:
  nn::NetSpec spec = fixtures::tinyBnNet();

  // A state in which every tensor holds distinct values, so a swapped tensor cannot go unnoticed.
  TrainState sampleState() {
    TrainState s = initialState(spec, program::Optimizer::adam);
    float v = 0.5f;
    for (auto* group : {&s.params, &s.bnMean, &s.bnVar, &s.optState})
      for (ir::Tensor& t : *group)
        for (int64_t i = 0; i < t.numElements(); ++i) t.set<float>(i, v += 0.25f);
    s.position = {123, 2, 7, 99, false, 32};
    return s;
  }
  std::vector<char> encoded() { return encodeCheckpoint(sampleState()); }
  std::string write(const std::vector<char>& bytes) {
    std::string path = (dir / "ckpt.bin").string();
    std::ofstream(path, std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return path;
  }
  // The ParseError of loading `bytes`; fails the test when it loads.
  std::string loadError(const std::vector<char>& bytes, const nn::NetSpec& as) {
    std::string path = write(bytes);
    try {
      loadCheckpoint(path, as);
    } catch (const ParseError& e) {
      std::string m = e.what();
      EXPECT_EQ(m.rfind(path + ": ", 0), 0u) << m;
      EXPECT_EQ(m.find('\n'), std::string::npos) << m;
      return m;
    }
    ADD_FAILURE() << "loading succeeded";
    return "";
  }
  std::string loadError(const std::vector<char>& bytes) { return loadError(bytes, spec); }
  static void putU32(std::vector<char>& bytes, size_t offset, uint32_t v) {
    std::memcpy(bytes.data() + offset, &v, 4);
  }
};

void expectSameState(const TrainState& a, const TrainState& b) {
  EXPECT_EQ(a.params, b.params);
  EXPECT_EQ(a.bnMean, b.bnMean);
  EXPECT_EQ(a.bnVar, b.bnVar);
  EXPECT_EQ(a.optState, b.optState);
  EXPECT_EQ(a.optimizer, b.optimizer);
  EXPECT_EQ(a.position.step, b.position.step);
  EXPECT_EQ(a.position.epoch, b.position.epoch);
  EXPECT_EQ(a.position.batchIndex, b.position.batchIndex);
  EXPECT_EQ(a.position.seed, b.position.seed);
  EXPECT_EQ(a.position.shuffle, b.position.shuffle);
  EXPECT_EQ(a.position.batch, b.position.batch);
  EXPECT_EQ(a.config, b.config);
}

TEST_F(CheckpointTest, RoundTripsEveryTensorAndThePosition) {
  TrainState s = sampleState();
  std::string path = (dir / "x_checkpoint.bin").string();
  saveCheckpoint(path, s);
  expectSameState(loadCheckpoint(path, spec), s);
  // Nothing but the checkpoint itself is left in the directory (the temporary was renamed).
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1);

  TrainState sgd = initialState(spec, program::Optimizer::sgd);
  sgd.position = {5, 0, 5, 1, true, 8};
  saveCheckpoint(path, sgd);
  TrainState back = loadCheckpoint(path, spec);
  EXPECT_EQ(back.optState.size(), back.params.size());
  expectSameState(back, sgd);
}

TEST_F(CheckpointTest, RawExportsHaveTheDocumentedLayout) {
  TrainState s = sampleState();
  writeRawParams((dir / "p.bin").string(), s.params);
  writeBnStats((dir / "bn.bin").string(), s);
  EXPECT_EQ(std::filesystem::file_size(dir / "p.bin"),
            static_cast<uintmax_t>(nn::parameterCount(spec)) * 4);
  std::ifstream in(dir / "bn.bin", std::ios::binary);
  std::vector<float> bn(2 * (4 + 4));
  in.read(reinterpret_cast<char*>(bn.data()), static_cast<std::streamsize>(bn.size() * 4));
  ASSERT_TRUE(in.good());
  EXPECT_EQ(in.peek(), EOF);
  EXPECT_EQ(bn[0], s.bnMean[0].get<float>(0)); // all means, then all vars
  EXPECT_EQ(bn[4], s.bnMean[1].get<float>(0));
  EXPECT_EQ(bn[8], s.bnVar[0].get<float>(0));
  EXPECT_EQ(bn[15], s.bnVar[1].get<float>(3));
}

TEST_F(CheckpointTest, TruncatedAtEveryRegionIsRejected) {
  std::vector<char> bytes = encoded();
  for (size_t keep : {size_t{0}, size_t{5}, size_t{20}, size_t{60}, size_t{90}, bytes.size() / 2,
                      bytes.size() - 1}) {
    std::vector<char> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(keep));
    EXPECT_NE(loadError(cut).find("truncated"), std::string::npos) << keep;
  }
  // Longer than the tensors and the longest config (1 MiB) after them.
  std::vector<char> longer = bytes;
  longer.resize(bytes.size() + (size_t{1} << 20) + 1);
  EXPECT_NE(loadError(longer).find("longer than any checkpoint of this net"), std::string::npos);
  TrainState sgd = initialState(spec, program::Optimizer::sgd);
  sgd.position.batch = 8;
  longer = encodeCheckpoint(sgd);
  longer.push_back(0);
  EXPECT_NE(loadError(longer).find("trailing data after the config"), std::string::npos);
}

TEST_F(CheckpointTest, WrongMagicVersionAndCountsAreNamed) {
  std::vector<char> bytes = encoded();
  bytes[0] = 'X';
  EXPECT_NE(loadError(bytes).find("expected the magic \"HLOTCKPT\""), std::string::npos);
  bytes = encoded();
  putU32(bytes, 8, 7);
  EXPECT_NE(loadError(bytes).find("version 7 is not supported (expected 1 or 2)"),
            std::string::npos);
  bytes = encoded();
  putU32(bytes, 12, 9);
  EXPECT_NE(loadError(bytes).find("unknown optimizer code 9"), std::string::npos);
  bytes = encoded();
  putU32(bytes, 24, 1000);
  EXPECT_NE(loadError(bytes).find("tensor count: expected 28 for Tiny-BN, found 1000"),
            std::string::npos)
      << loadError(bytes);
}

TEST_F(CheckpointTest, AnotherNetsCheckpointNamesTheFirstMismatch) {
  nn::NetSpec wider = spec;
  wider.layers[2] = nn::convBn(8, 3); // second conv: 4 -> 8 channels, same tensor count
  std::string m = loadError(encoded(), wider);
  EXPECT_NE(m.find("tensor 3 (conv2.w): expected shape [8, 4, 3, 3], found [4, 4, 3, 3]"),
            std::string::npos)
      << m;
  m = loadError(encoded(), nn::mnistCnn());
  EXPECT_NE(m.find("parameter tensor count: expected"), std::string::npos) << m;
}

TEST_F(CheckpointTest, HugeRankOrDimensionsNeverAllocate) {
  std::vector<char> bytes = encoded();
  putU32(bytes, 76, 0xFFFFFFFFu); // rank of tensor 0
  EXPECT_NE(loadError(bytes).find("tensor 0"), std::string::npos);
  bytes = encoded();
  int64_t huge = int64_t{1} << 62;
  std::memcpy(bytes.data() + 80, &huge, 8); // first dimension of tensor 0
  EXPECT_NE(loadError(bytes).find("tensor 0"), std::string::npos);
}

// Version 2 appends the run's config after the last tensor: u32 length, then the JSON text,
// stored verbatim and read back as written.
TEST_F(CheckpointTest, Version2StoresTheConfigAfterTheLastTensor) {
  TrainState s = sampleState();
  s.config = R"({"net":"tiny-bn","lr":0.01,"cosine":true,"clip-grad-norm":null})";
  const std::vector<char> bytes = encodeCheckpoint(s);
  const std::vector<char> bare = encoded();
  ASSERT_EQ(bytes.size(), bare.size() + s.config.size());
  uint32_t version = 0, length = 0;
  std::memcpy(&version, bytes.data() + 8, 4);
  EXPECT_EQ(version, 2u);
  std::memcpy(&length, bytes.data() + bare.size() - 4, 4);
  EXPECT_EQ(length, s.config.size());
  EXPECT_EQ(std::string(bytes.end() - static_cast<std::ptrdiff_t>(length), bytes.end()), s.config);
  EXPECT_TRUE(std::equal(bare.begin(), bare.end() - 4, bytes.begin())); // the rest is version 1's

  const std::string path = write(bytes);
  expectSameState(loadCheckpoint(path, spec), s);
  EXPECT_EQ(readCheckpointConfig(path), s.config);
  EXPECT_EQ(encodeCheckpoint(decodeCheckpoint(bytes, spec, "x")), bytes);
  EXPECT_EQ(readCheckpointConfig(write(bare)), std::nullopt); // none stored
}

TEST_F(CheckpointTest, Version1FilesStillLoadWithoutAConfig) {
  std::vector<char> v1 = encoded();
  v1.erase(v1.end() - 4, v1.end()); // version 1 ends after the last tensor
  putU32(v1, 8, 1);
  const std::string path = write(v1);
  TrainState back = loadCheckpoint(path, spec);
  expectSameState(back, sampleState());
  EXPECT_EQ(back.config, "");
  EXPECT_EQ(readCheckpointConfig(path), std::nullopt);
  // Re-encoded, it is version 2 with no config.
  EXPECT_EQ(encodeCheckpoint(back), encoded());
  v1.push_back(0);
  EXPECT_NE(loadError(v1).find("trailing data after the last tensor"), std::string::npos);
}

TEST_F(CheckpointTest, TheStoredConfigMustBeAJsonObjectOfItsLength) {
  TrainState s = sampleState();
  for (const auto& [config, message] :
       std::vector<std::pair<std::string, std::string>>{{R"({"lr": 0.01)", "is not valid JSON"},
                                                        {"[1, 2]", "is not a JSON object"},
                                                        {R"("lr")", "is not a JSON object"},
                                                        {"{\"a\":\"\xff\"}", "is not valid JSON"},
                                                        {"{} {}", "is not valid JSON"}}) {
    s.config = config;
    const std::vector<char> bytes = encodeCheckpoint(s);
    EXPECT_NE(loadError(bytes).find(message), std::string::npos) << config;
    try {
      readCheckpointConfig(write(bytes));
      ADD_FAILURE() << config;
    } catch (const ParseError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }
  s.config = "{}";
  std::vector<char> bytes = encodeCheckpoint(s);
  putU32(bytes, bytes.size() - 2 - 4, 3); // the length says 3 of the 2 bytes
  EXPECT_NE(loadError(bytes).find("truncated"), std::string::npos);
  putU32(bytes, bytes.size() - 2 - 4, (1u << 20) + 1);
  EXPECT_NE(loadError(bytes).find("exceeds 1048576 bytes"), std::string::npos);
  s.config = "{\"x\":\"" + std::string(1u << 20, 'a') + "\"}";
  EXPECT_THROW(encodeCheckpoint(s), ConfigError);
}

// readCheckpointConfig walks the tensors without a net, as strictly as a load.
TEST_F(CheckpointTest, ReadingTheConfigChecksTheLayout) {
  TrainState s = sampleState();
  s.config = R"({"batch":32})";
  const std::vector<char> bytes = encodeCheckpoint(s);
  auto refusal = [&](const std::vector<char>& b) -> std::string {
    try {
      readCheckpointConfig(write(b));
    } catch (const ParseError& e) {
      return e.what();
    }
    return "accepted";
  };
  for (size_t keep : {size_t{0}, size_t{20}, size_t{90}, bytes.size() / 2, bytes.size() - 1}) {
    const std::vector<char> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(keep));
    const std::string m = refusal(cut); // a tensor cut short does not fit what is left
    EXPECT_TRUE(m.find("truncated") != std::string::npos ||
                m.find("does not fit the file") != std::string::npos)
        << keep << ": " << m;
  }
  std::vector<char> longer = bytes;
  longer.push_back('\n');
  EXPECT_NE(refusal(longer).find("trailing data after the config"), std::string::npos);
  std::vector<char> bad = bytes;
  putU32(bad, 24, 5);
  EXPECT_NE(refusal(bad).find("tensor count 5 does not match"), std::string::npos);
  bad = bytes;
  int64_t huge = int64_t{1} << 62;
  std::memcpy(bad.data() + 80, &huge, 8);
  EXPECT_NE(refusal(bad).find("tensor 0: dimension"), std::string::npos);
  EXPECT_THROW(readCheckpointConfig((dir / "absent.bin").string()), RuntimeError);
}

// readCheckpointHeader reads the 76 bytes of the fixed header and nothing after them, checked as
// a load checks them; each refusal names the file.
TEST_F(CheckpointTest, TheHeaderReadsBackWithoutTheRest) {
  TrainState s = sampleState();
  s.config = R"({"lr":0.01})";
  const std::string path = (dir / "x_checkpoint.bin").string();
  saveCheckpoint(path, s);
  const CheckpointHeader h = readCheckpointHeader(path);
  EXPECT_EQ(h.version, 2u);
  EXPECT_EQ(h.optimizer, program::Optimizer::adam);
  EXPECT_EQ(h.parameters, s.params.size());
  EXPECT_EQ(h.bnLayers, s.bnMean.size());
  EXPECT_EQ(h.tensors, 28u); // 8 parameters, 2 BN layers, Adam: 8 + 2·2 + 2·8
  EXPECT_EQ(h.position.step, 123);
  EXPECT_EQ(h.position.epoch, 2);
  EXPECT_EQ(h.position.batchIndex, 7);
  EXPECT_EQ(h.position.seed, 99u);
  EXPECT_FALSE(h.position.shuffle);
  EXPECT_EQ(h.position.batch, 32);

  // Only the header is read: what follows it may be anything.
  std::vector<char> bytes = encodeCheckpoint(s);
  bytes.resize(76);
  putU32(bytes, 8, 1);
  const CheckpointHeader v1 = readCheckpointHeader(write(bytes));
  EXPECT_EQ(v1.version, 1u);
  EXPECT_EQ(v1.position.step, 123);

  auto refusal = [&](const std::vector<char>& b) -> std::string {
    const std::string at = write(b);
    try {
      readCheckpointHeader(at);
    } catch (const ParseError& e) {
      const std::string m = e.what();
      EXPECT_EQ(m.rfind(at + ": ", 0), 0u) << m;
      return m;
    }
    return "accepted";
  };
  EXPECT_NE(refusal(std::vector<char>(bytes.begin(), bytes.begin() + 40))
                .find("truncated at byte 36: expected the epoch (8 more bytes), file is 40 bytes"),
            std::string::npos);
  std::vector<char> bad = bytes;
  bad[0] = 'X';
  EXPECT_NE(refusal(bad).find("not an hlotrain checkpoint (expected the magic \"HLOTCKPT\""),
            std::string::npos);
  bad = bytes;
  putU32(bad, 24, 27);
  EXPECT_NE(refusal(bad).find("tensor count 27 does not match 8 parameters and 2 BatchNorm layers"),
            std::string::npos);
  bad = bytes;
  const int64_t shuffle = 2;
  std::memcpy(bad.data() + 60, &shuffle, 8);
  EXPECT_NE(refusal(bad).find("invalid data position (step 123, epoch 2, batch index 7, shuffle 2, "
                              "batch 32)"),
            std::string::npos);
  bad = bytes;
  const int64_t batch = 0;
  std::memcpy(bad.data() + 68, &batch, 8);
  EXPECT_NE(refusal(bad).find("invalid data position"), std::string::npos);
  EXPECT_THROW(readCheckpointHeader((dir / "absent.bin").string()), RuntimeError);
}

TEST_F(CheckpointTest, MissingFileIsARuntimeError) {
  EXPECT_THROW(loadCheckpoint((dir / "absent.bin").string(), spec), RuntimeError);
  EXPECT_THROW(loadCheckpoint(dir.string(), spec), RuntimeError);
}

TEST_F(CheckpointTest, FailedWriteLeavesNothingBehind) {
  std::string path = (dir / "missing-dir" / "ckpt.bin").string();
  EXPECT_THROW(saveCheckpoint(path, sampleState()), RuntimeError);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 0);
}

} // namespace

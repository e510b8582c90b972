#pragma once
// Writes MNIST-format IDX files byte for byte as they are stored on disk (big-endian headers),
// plain or gzipped with zlib, into a scratch directory that each test owns.

#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace hlotrain::data::testing {

inline std::vector<uint8_t> idxFile(uint32_t magic, const std::vector<uint32_t>& header,
                                    const std::vector<uint8_t>& payload) {
  std::vector<uint8_t> bytes;
  auto word = [&](uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) bytes.push_back(static_cast<uint8_t>(v >> shift));
  };
  word(magic);
  for (uint32_t v : header) word(v);
  bytes.insert(bytes.end(), payload.begin(), payload.end());
  return bytes;
}

inline void writeBytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes,
                       bool gzip) {
  if (!gzip) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    ASSERT_TRUE(out.good()) << path;
    return;
  }
  gzFile file = gzopen(path.c_str(), "wb");
  ASSERT_NE(file, nullptr) << path;
  if (!bytes.empty()) {
    EXPECT_EQ(gzwrite(file, bytes.data(), static_cast<unsigned>(bytes.size())),
              static_cast<int>(bytes.size()));
  }
  EXPECT_EQ(gzclose(file), Z_OK);
}

// Pixel p of record i is (7i + p) % 256; record i has label i % 10.
inline std::vector<uint8_t> testPixels(uint32_t n) {
  std::vector<uint8_t> pixels(n * 784);
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t p = 0; p < 784; ++p)
      pixels[i * 784 + p] = static_cast<uint8_t>((7 * i + p) % 256);
  return pixels;
}

inline std::vector<uint8_t> testLabels(uint32_t n) {
  std::vector<uint8_t> labels(n);
  for (uint32_t i = 0; i < n; ++i) labels[i] = static_cast<uint8_t>(i % 10);
  return labels;
}

class ScratchDir : public ::testing::Test {
protected:
  std::filesystem::path dir;

  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir = std::filesystem::temp_directory_path() /
          ("hlotrain_data_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" +
           std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
};

} // namespace hlotrain::data::testing

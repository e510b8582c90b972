#include <gtest/gtest.h>

#include "support/Error.h"
#include "tools/Resize.h"

using namespace hlotrain;
using namespace hlotrain::tools;

namespace {

// Resizes a single-channel image given as rows.
std::vector<uint8_t> resize(const std::vector<std::vector<uint8_t>>& rows, int64_t dstWidth,
                            int64_t dstHeight, int64_t channels = 1) {
  const int64_t width = static_cast<int64_t>(rows[0].size()) / channels;
  AreaResizer resizer(width, static_cast<int64_t>(rows.size()), dstWidth, dstHeight, channels);
  for (const auto& row : rows) resizer.addRow(row);
  std::vector<uint8_t> out(static_cast<size_t>(dstWidth * dstHeight * channels));
  resizer.finish(out);
  return out;
}

TEST(AreaResize, AveragesWholePixelsWhenHalving) {
  EXPECT_EQ(resize({{10, 20, 30, 40}, {30, 40, 50, 60}}, 2, 1), (std::vector<uint8_t>{25, 45}));
}

TEST(AreaResize, WeighsFractionalCoverage) {
  // 3 -> 2: output 0 covers [0, 1.5): (0 + 0.5 * 90) / 1.5 = 30; output 1: (0.5 * 90 + 180) / 1.5.
  EXPECT_EQ(resize({{0, 90, 180}}, 2, 1), (std::vector<uint8_t>{30, 150}));
  EXPECT_EQ(resize({{0}, {90}, {180}}, 1, 2), (std::vector<uint8_t>{30, 150}));
}

TEST(AreaResize, KeepsTheSameSizeExactly) {
  std::vector<std::vector<uint8_t>> rows = {{1, 2, 3}, {250, 251, 252}};
  EXPECT_EQ(resize(rows, 3, 2), (std::vector<uint8_t>{1, 2, 3, 250, 251, 252}));
}

TEST(AreaResize, EnlargesByRepeating) {
  EXPECT_EQ(resize({{7, 200}}, 4, 2), (std::vector<uint8_t>{7, 7, 200, 200, 7, 7, 200, 200}));
}

TEST(AreaResize, WritesChannelMajorPlanes) {
  // Two RGB pixels -> planes R, G, B.
  EXPECT_EQ(resize({{1, 2, 3, 4, 5, 6}}, 2, 1, 3), (std::vector<uint8_t>{1, 4, 2, 5, 3, 6}));
}

TEST(AreaResize, RejectsMisuse) {
  EXPECT_THROW(AreaResizer(0, 1, 1, 1, 1), RuntimeError);
  AreaResizer resizer(2, 2, 1, 1, 1);
  std::vector<uint8_t> out(1);
  EXPECT_THROW(resizer.addRow(std::vector<uint8_t>{1, 2, 3}), RuntimeError);
  resizer.addRow(std::vector<uint8_t>{1, 2});
  EXPECT_THROW(resizer.finish(out), RuntimeError); // a row is missing
  resizer.addRow(std::vector<uint8_t>{3, 4});
  EXPECT_THROW(resizer.addRow(std::vector<uint8_t>{5, 6}), RuntimeError);
  std::vector<uint8_t> wrong(2);
  EXPECT_THROW(resizer.finish(wrong), RuntimeError);
  resizer.finish(out);
  EXPECT_EQ(out[0], 3); // 2.5 rounds to nearest, away from zero
}

} // namespace

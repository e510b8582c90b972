#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "data/Yolo.h"
#include "support/Error.h"

using namespace hlotrain;
using namespace hlotrain::data;

namespace {

static_assert(yolo::gridOf(224) == 7 && yolo::gridOf(448) == 14);
static_assert(YoloLabelLayout(224).bytes == 7200); // FORMATS.md's figure
static_assert(YoloLabelLayout(448).bytes == 4 * (30 * 196 + 196) + 4 + 56 * 20);

// A target and mask of `grid`, filled with a value no encoding writes, so a cell the encoder
// forgot to clear shows.
struct Encoded {
  int64_t grid;
  std::vector<float> target, mask;

  explicit Encoded(int64_t g)
      : grid(g), target(static_cast<size_t>(30 * g * g), -7.0f),
        mask(static_cast<size_t>(g * g), -7.0f) {}
  float at(int64_t c, int64_t i, int64_t j) const {
    return target[static_cast<size_t>((c * grid + i) * grid + j)];
  }
  float maskAt(int64_t i, int64_t j) const { return mask[static_cast<size_t>(i * grid + j)]; }
  void encode(const std::vector<LabelBox>& boxes) { encodeYoloTarget(boxes, grid, target, mask); }
};

// Every channel of cell (i, j) against FORMATS.md's list, worked out by hand for the box (the
// coordinates to 1e-6: the hand values carry the float inputs' rounding differently). They are
// scalars because GCC 12.2 at -O2 with AVX-512 built a braced {1, 1, 0, 0} of doubles as
// {1, 1, 1, 1} here.
void expectCell(const Encoded& e, int64_t i, int64_t j, double x, double y, double w, double h,
                int32_t cls) {
  const double coords[4] = {x, y, w, h};
  for (int64_t c = 0; c < 4; ++c) EXPECT_NEAR(e.at(c, i, j), coords[c], 1e-6) << "channel " << c;
  EXPECT_EQ(e.at(4, i, j), 1.0f);
  for (int64_t c = 5; c < 10; ++c) EXPECT_EQ(e.at(c, i, j), 0.0f) << "channel " << c;
  for (int64_t c = 10; c < 30; ++c)
    EXPECT_EQ(e.at(c, i, j), c == 10 + cls ? 1.0f : 0.0f) << "channel " << c;
  EXPECT_EQ(e.maskAt(i, j), 1.0f);
}

// The number of cells whose mask is set, and that no channel of any other cell is non-zero.
int64_t occupiedCells(const Encoded& e) {
  int64_t occupied = 0;
  for (int64_t i = 0; i < e.grid; ++i)
    for (int64_t j = 0; j < e.grid; ++j) {
      if (e.maskAt(i, j) == 1.0f) {
        ++occupied;
        continue;
      }
      EXPECT_EQ(e.maskAt(i, j), 0.0f);
      for (int64_t c = 0; c < 30; ++c) EXPECT_EQ(e.at(c, i, j), 0.0f) << c << " " << i << " " << j;
    }
  return occupied;
}

TEST(YoloTarget, ABoxFillsTheChannelsOfItsCentresCell) {
  // Centre (0.3, 0.45), size (0.4, 0.5): cy * 7 = 3.15, cx * 7 = 2.1, so cell (3, 2).
  Encoded e(7);
  e.encode({{3, 0.1f, 0.2f, 0.5f, 0.7f}});
  expectCell(e, 3, 2, 0.1, 0.15, 0.4, 0.5, 3);
  EXPECT_EQ(occupiedCells(e), 1);
  // The offsets are computed in double from the floats and rounded once.
  const double cx = (double{0.1f} + double{0.5f}) / 2, cy = (double{0.2f} + double{0.7f}) / 2;
  EXPECT_EQ(e.at(0, 3, 2), static_cast<float>(cx * 7 - 2));
  EXPECT_EQ(e.at(1, 3, 2), static_cast<float>(cy * 7 - 3));
  EXPECT_EQ(e.at(2, 3, 2), static_cast<float>(double{0.5f} - double{0.1f}));
}

TEST(YoloTarget, ACentreOnTheFarEdgeStaysInTheLastCell) {
  Encoded e(7);
  // cx = cy = 1.0 would be cell 7: clamped to 6, with an offset of 1 in it.
  e.encode({{0, 1.0f, 1.0f, 1.0f, 1.0f}, {9, 0.0f, 0.0f, 0.0f, 0.0f}});
  expectCell(e, 6, 6, 1.0, 1.0, 0.0, 0.0, 0);
  expectCell(e, 0, 0, 0.0, 0.0, 0.0, 0.0, 9);
  // Only cx on the edge: the row from cy = 0.2 (1.4 -> row 1), the column clamped.
  Encoded column(7);
  column.encode({{5, 1.0f, 0.1f, 1.0f, 0.3f}});
  expectCell(column, 1, 6, 1.0, 0.4, 0.0, 0.2, 5);
  EXPECT_EQ(occupiedCells(column), 1);
}

TEST(YoloTarget, ALaterBoxReplacesAnEarlierOneInItsCellEntirely) {
  Encoded e(7);
  e.encode({{2, 0.0f, 0.0f, 0.1f, 0.1f},    // cell (0, 0), class 2
            {7, 0.5f, 0.5f, 0.6f, 0.7f},    // cell (4, 3), replaced below
            {1, 0.52f, 0.55f, 0.58f, 0.6f}, // cell (4, 3) too: class 1 only
            {2, 0.9f, 0.0f, 0.95f, 0.1f}});
  expectCell(e, 4, 3, 0.55 * 7 - 3, 0.575 * 7 - 4, 0.06, 0.05, 1);
  EXPECT_EQ(e.at(10 + 7, 4, 3), 0.0f); // no stale class slot
  expectCell(e, 0, 0, 0.35, 0.35, 0.1, 0.1, 2);
  expectCell(e, 0, 6, 0.925 * 7 - 6, 0.35, 0.05, 0.1, 2);
  EXPECT_EQ(occupiedCells(e), 3);
}

TEST(YoloTarget, TheFinerGridOf448SplitsCellsOf224) {
  // Two boxes sharing a 7x7 cell (2, 2) fall in different 14x14 cells.
  const std::vector<LabelBox> boxes = {{4, 0.30f, 0.30f, 0.32f, 0.32f},
                                       {6, 0.38f, 0.38f, 0.40f, 0.40f}};
  Encoded coarse(7), fine(14);
  coarse.encode(boxes);
  fine.encode(boxes);
  EXPECT_EQ(occupiedCells(coarse), 1);
  expectCell(coarse, 2, 2, 0.39 * 7 - 2, 0.39 * 7 - 2, 0.02, 0.02, 6);
  EXPECT_EQ(occupiedCells(fine), 2);
  expectCell(fine, 4, 4, 0.31 * 14 - 4, 0.31 * 14 - 4, 0.02, 0.02, 4);
  expectCell(fine, 5, 5, 0.39 * 14 - 5, 0.39 * 14 - 5, 0.02, 0.02, 6);
}

TEST(YoloTarget, NoBoxesClearEverything) {
  Encoded e(14);
  e.encode({});
  EXPECT_EQ(occupiedCells(e), 0);
}

TEST(YoloTarget, RefusesWhatItCannotEncode) {
  Encoded e(7);
  std::vector<float> small(30 * 49 - 1), mask(49);
  EXPECT_THROW(encodeYoloTarget({}, 7, small, mask), RuntimeError);
  EXPECT_THROW(encodeYoloTarget({}, 0, std::span<float>(), std::span<float>()), RuntimeError);
  EXPECT_THROW(e.encode({{20, 0.1f, 0.1f, 0.2f, 0.2f}}), RuntimeError);
  EXPECT_THROW(e.encode({{-1, 0.1f, 0.1f, 0.2f, 0.2f}}), RuntimeError);
  EXPECT_THROW(e.encode({{0, std::numeric_limits<float>::quiet_NaN(), 0.1f, 0.2f, 0.2f}}),
               RuntimeError);
  // Far outside the image is still finite: clamped to the edge cell, not undefined.
  e.encode({{0, 1e30f, -1e30f, 1e30f, -1e30f}});
  EXPECT_EQ(e.maskAt(0, 6), 1.0f);
}

} // namespace

// IoU and region Dice read off a confusion matrix, against counts worked out by hand.

#include <gtest/gtest.h>

#include "metrics/Segmentation.h"
#include "support/Error.h"

using namespace hlotrain::metrics;

namespace {

// conf[gt][pred] for 3 classes.
ConfusionMatrix matrix(const std::vector<std::vector<int64_t>>& rows) {
  ConfusionMatrix m(static_cast<int64_t>(rows.size()));
  for (size_t g = 0; g < rows.size(); ++g)
    for (size_t p = 0; p < rows[g].size(); ++p)
      for (int64_t k = 0; k < rows[g][p]; ++k)
        m.add(static_cast<int64_t>(g), static_cast<int64_t>(p));
  return m;
}

TEST(SegmentationMetrics, IouPerClassFromRowsAndColumns) {
  ConfusionMatrix m = matrix({{5, 1, 0}, {2, 3, 1}, {0, 0, 0}});
  std::vector<double> iou = classIou(m);
  ASSERT_EQ(iou.size(), 3u);
  EXPECT_DOUBLE_EQ(iou[0], 5.0 / (6 + 7 - 5)); // row 6, column 7
  EXPECT_DOUBLE_EQ(iou[1], 3.0 / (6 + 4 - 3));
  EXPECT_DOUBLE_EQ(iou[2], 0.0); // predicted once, never present: 0 / (0 + 1 - 0)
  EXPECT_DOUBLE_EQ(classIou(matrix({{1, 0}, {0, 0}}))[1], 0.0); // absent and never predicted
  EXPECT_DOUBLE_EQ(mean(iou), (iou[0] + iou[1]) / 3);
}

TEST(SegmentationMetrics, RegionDiceSumsTheRegionsBlocks) {
  // 4 classes; region {2, 3}: inter = C22+C23+C32+C33, gt = rows 2,3, pred = columns 2,3.
  ConfusionMatrix m = matrix({{9, 1, 0, 1}, {0, 4, 2, 0}, {1, 0, 3, 1}, {0, 1, 2, 5}});
  const int32_t core[] = {2, 3};
  const double inter = 3 + 1 + 2 + 5, gt = 5 + 8, pred = (0 + 2 + 3 + 2) + (1 + 0 + 1 + 5);
  EXPECT_DOUBLE_EQ(regionDice(m, core), 2 * inter / (gt + pred));
  const int32_t bad[] = {4};
  EXPECT_THROW(regionDice(m, bad), hlotrain::RuntimeError);
}

// BraTS's convention where the ground truth lacks the region: an empty prediction is perfect, a
// non-empty one scores 0.
TEST(SegmentationMetrics, AnEmptyRegionScoresOneOnlyWhenNothingIsPredicted) {
  const int32_t enhancing[] = {3};
  EXPECT_DOUBLE_EQ(
      regionDice(matrix({{4, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}), enhancing), 1.0);
  EXPECT_DOUBLE_EQ(
      regionDice(matrix({{4, 0, 0, 1}, {0, 2, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}), enhancing), 0.0);
}

} // namespace

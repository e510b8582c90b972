#include <gtest/gtest.h>

#include <cmath>

#include "metrics/Classification.h"
#include "metrics/Confusion.h"
#include "support/Error.h"

using namespace hlotrain;
using namespace hlotrain::metrics;

namespace {

TEST(Argmax, FirstMaximumWins) {
  std::vector<float> v = {1, 3, 3, 2};
  EXPECT_EQ(argmax(v.data(), 4), 1);
  std::vector<float> strided = {0, 9, 5, 9, 5, 9}; // column 0: 0, 5, 5
  EXPECT_EQ(argmax(strided.data(), 3, 2), 1);
  std::vector<float> nan = {std::nanf(""), 1, 2};
  EXPECT_EQ(argmax(nan.data(), 3), 0);
}

TEST(Accuracy, ScoresOnlyRealRows) {
  // Three rows of 3 classes; the last is padding that would be wrong.
  std::vector<float> logits = {0, 1, 0, 5, 5, 1, 0, 0, 9};
  std::vector<int32_t> labels = {1, 0, 0};
  Accuracy acc;
  acc.add(logits, 3, labels, 2);
  EXPECT_EQ(acc.correct(), 2);
  EXPECT_EQ(acc.total(), 2);
  acc.add(logits, 3, labels, 3);
  EXPECT_EQ(acc.correct(), 4);
  EXPECT_EQ(acc.total(), 5);
  EXPECT_DOUBLE_EQ(acc.value(), 0.8);
  EXPECT_EQ(Accuracy().value(), 0.0);
  EXPECT_THROW(acc.add(logits, 3, labels, 4), RuntimeError);
}

TEST(EvalBatches, PadTheTailWithTheLastRealRecord) {
  std::vector<EvalBatch> batches = evalBatches(10, 4);
  ASSERT_EQ(batches.size(), 3u);
  EXPECT_EQ(batches[0].records, (std::vector<int64_t>{0, 1, 2, 3}));
  EXPECT_EQ(batches[0].realRows, 4);
  EXPECT_EQ(batches[2].records, (std::vector<int64_t>{8, 9, 9, 9}));
  EXPECT_EQ(batches[2].realRows, 2);
  EXPECT_EQ(evalBatches(8, 4).size(), 2u);
  EXPECT_EQ(evalBatches(8, 4)[1].realRows, 4);
  EXPECT_TRUE(evalBatches(0, 4).empty());
  EXPECT_EQ(evalBatches(1, 128)[0].records, std::vector<int64_t>(128, 0));
  EXPECT_THROW(evalBatches(5, 0), RuntimeError);
}

TEST(EvalBatches, CoverEveryRecordOnce) {
  // Scoring padded batches gives exactly the accuracy over all records.
  const int64_t n = 10000, nc = 10, batch = 128;
  auto logitsOf = [](int64_t record, float* row) {
    for (int64_t c = 0; c < nc; ++c) row[c] = static_cast<float>((record * 31 + c * 7) % 11);
  };
  auto labelOf = [](int64_t record) { return static_cast<int32_t>(record % nc); };
  Accuracy direct;
  std::vector<float> row(nc);
  for (int64_t r = 0; r < n; ++r) {
    logitsOf(r, row.data());
    direct.add(row, nc, std::vector<int32_t>{labelOf(r)}, 1);
  }
  Accuracy batched;
  std::vector<float> logits(batch * nc);
  std::vector<int32_t> labels(batch);
  for (const EvalBatch& b : evalBatches(n, batch)) {
    for (int64_t i = 0; i < batch; ++i) {
      logitsOf(b.records[i], logits.data() + i * nc);
      labels[i] = labelOf(b.records[i]);
    }
    batched.add(logits, nc, labels, b.realRows);
  }
  EXPECT_EQ(batched.total(), n);
  EXPECT_EQ(batched.correct(), direct.correct());
}

TEST(ConfusionMatrix, CountsArgmaxOverChannels) {
  ConfusionMatrix conf(3);
  // One row, 3 classes x 4 pixels (NCHW), labels per pixel; label 7 is ignored.
  std::vector<float> logits = {
      1, 0, 0, 2, // class 0
      0, 1, 0, 2, // class 1 (ties class 0 at pixel 3: class 0 wins)
      0, 0, 1, 0, // class 2
  };
  std::vector<int32_t> labels = {0, 2, 2, 7};
  conf.addLogits(logits, labels, 1, 4);
  EXPECT_EQ(conf.at(0, 0), 1);
  EXPECT_EQ(conf.at(2, 1), 1);
  EXPECT_EQ(conf.at(2, 2), 1);
  int64_t total = 0;
  for (int64_t c : conf.counts()) total += c;
  EXPECT_EQ(total, 3);
  EXPECT_THROW(conf.at(0, 3), RuntimeError);
  EXPECT_THROW(conf.addLogits(logits, labels, 2, 4), RuntimeError);
}

} // namespace

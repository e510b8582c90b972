#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>

#include "data/Imagenette.h"
#include "data/Mnist.h"
#include "data/Prefetch.h"
#include "data/Random.h"
#include "support/Error.h"

using namespace hlotrain;
using namespace hlotrain::data;

namespace {

// Imagenette-shaped records in memory (so crops and flips both apply), 256x256, byte pixels
// that differ per record.
Dataset imagenetteLike(int64_t n) {
  std::vector<uint8_t> images(static_cast<size_t>(n * 3 * 256 * 256));
  for (size_t i = 0; i < images.size(); ++i)
    images[i] = static_cast<uint8_t>((i * 131 + i / 7) % 251);
  std::vector<uint8_t> labels(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) labels[i] = static_cast<uint8_t>(i % 10);
  return Dataset({3, 256, 256, {}, 1, 10}, std::move(images), std::move(labels));
}

struct Expected {
  std::vector<float> x;
  std::vector<int32_t> y;
};

// Batch k of `order` assembled directly, augmented at (epoch, k) when an epoch is given.
Expected direct(const DatasetIO& io, const Dataset& data, const std::vector<int64_t>& order,
                int64_t batch, int64_t k, std::optional<int64_t> epoch) {
  BatchAssembler assembler(io, data);
  Expected e{std::vector<float>(static_cast<size_t>(batch * assembler.rowElements())),
             std::vector<int32_t>(static_cast<size_t>(batch * assembler.labelElements()))};
  std::optional<BatchPosition> at;
  if (epoch) at = BatchPosition{*epoch, k};
  assembler.assemble(
      std::span(order).subspan(static_cast<size_t>(k * batch), static_cast<size_t>(batch)), e.x,
      e.y, at);
  return e;
}

void expectBatch(const BatchPrefetcher::Batch& b, const Expected& e) {
  ASSERT_TRUE(std::equal(b.x.begin(), b.x.end(), e.x.begin(), e.x.end())) << "batch " << b.index;
  ASSERT_TRUE(std::equal(b.y.begin(), b.y.end(), e.y.begin(), e.y.end())) << "batch " << b.index;
}

TEST(Prefetch, MatchesDirectAssemblyInOrderAndDropsTheShortTail) {
  Dataset data = imagenetteLike(11);
  std::vector<int64_t> order = shuffleOrder(11, epochShuffleSeed(42, 2));
  BatchPrefetcher batches(imagenetteIO(), data, 3);
  EXPECT_EQ(batches.rowElements(), 3 * 224 * 224);
  EXPECT_EQ(batches.labelElements(), 1);
  batches.start(order, 0, 2);
  std::set<const float*> buffers;
  for (int64_t k = 0; k < 3; ++k) {
    std::optional<BatchPrefetcher::Batch> b = batches.next();
    ASSERT_TRUE(b);
    EXPECT_EQ(b->index, k);
    expectBatch(*b, direct(imagenetteIO(), data, order, 3, k, 2));
    buffers.insert(b->x.data());
  }
  EXPECT_FALSE(batches.next());
  EXPECT_FALSE(batches.next());
  EXPECT_EQ(buffers.size(), 2u); // double-buffered, nothing allocated per batch
}

TEST(Prefetch, ResumesAtABatchAndRunsWithoutAugmentation) {
  Dataset data = imagenetteLike(8);
  std::vector<int64_t> order = shuffleOrder(8, 5);
  BatchPrefetcher batches(imagenetteIO(), data, 2);
  batches.start(order, 2);
  for (int64_t k = 2; k < 4; ++k) {
    std::optional<BatchPrefetcher::Batch> b = batches.next();
    ASSERT_TRUE(b);
    EXPECT_EQ(b->index, k);
    expectBatch(*b, direct(imagenetteIO(), data, order, 2, k, std::nullopt));
  }
  EXPECT_FALSE(batches.next());
}

TEST(Prefetch, AHeldBatchIsNotOverwrittenWhileTheNextIsPrepared) {
  Dataset data = imagenetteLike(6);
  std::vector<int64_t> order = {0, 1, 2, 3, 4, 5};
  BatchPrefetcher batches(imagenetteIO(), data, 1);
  batches.start(order, 0, 0);
  std::optional<BatchPrefetcher::Batch> first = batches.next();
  ASSERT_TRUE(first);
  std::this_thread::sleep_for(std::chrono::milliseconds(50)); // let the thread fill the other
  expectBatch(*first, direct(imagenetteIO(), data, order, 1, 0, 0));
  std::optional<BatchPrefetcher::Batch> second = batches.next();
  ASSERT_TRUE(second);
  expectBatch(*second, direct(imagenetteIO(), data, order, 1, 1, 0));
}

TEST(Prefetch, StartAbandonsThePassInProgress) {
  Dataset data = imagenetteLike(6);
  BatchPrefetcher batches(imagenetteIO(), data, 2);
  std::vector<int64_t> first = {0, 1, 2, 3, 4, 5}, second = {5, 4, 3, 2, 1, 0};
  batches.start(first, 0, 0);
  ASSERT_TRUE(batches.next());
  batches.start(second, 0, 1);
  for (int64_t k = 0; k < 3; ++k) {
    std::optional<BatchPrefetcher::Batch> b = batches.next();
    ASSERT_TRUE(b);
    expectBatch(*b, direct(imagenetteIO(), data, second, 2, k, 1));
  }
  EXPECT_FALSE(batches.next());
}

TEST(Prefetch, RethrowsAnAssemblyErrorInItsBatchsTurn) {
  Dataset data = imagenetteLike(4);
  BatchPrefetcher batches(imagenetteIO(), data, 2);
  batches.start({0, 1, 2, 3, 9, 0, 1, 2}, 0, 0);
  ASSERT_TRUE(batches.next());
  ASSERT_TRUE(batches.next());
  try {
    batches.next();
    FAIL() << "no error";
  } catch (const RuntimeError& e) {
    EXPECT_EQ(std::string(e.what()), "record 9 is outside the dataset of 4");
  }
  EXPECT_FALSE(batches.next()); // the pass ended with the error
  batches.start({3, 2}, 0, 0);  // and a new one works
  EXPECT_TRUE(batches.next());
}

TEST(Prefetch, ShutsDownMidPassAndWithoutAPass) {
  Dataset data = imagenetteLike(8);
  {
    BatchPrefetcher batches(imagenetteIO(), data, 2);
    EXPECT_FALSE(batches.next());
  }
  {
    BatchPrefetcher batches(imagenetteIO(), data, 2);
    batches.start(shuffleOrder(8, 1), 0, 0);
  }
  {
    BatchPrefetcher batches(imagenetteIO(), data, 2);
    batches.start(shuffleOrder(8, 1), 0, 0);
    ASSERT_TRUE(batches.next());
  }
}

TEST(Prefetch, ServesMnistToo) {
  std::vector<uint8_t> images(10 * 784);
  for (size_t i = 0; i < images.size(); ++i) images[i] = static_cast<uint8_t>(i % 256);
  std::vector<uint8_t> labels(10 * 4, 0);
  for (int32_t i = 0; i < 10; ++i) labels[static_cast<size_t>(4 * i)] = static_cast<uint8_t>(i);
  Dataset data({1, 28, 28, {}, 4, 10}, std::move(images), std::move(labels));
  std::vector<int64_t> order = shuffleOrder(10, 3);
  BatchPrefetcher batches(mnistIO(), data, 5);
  batches.start(order, 0, 0);
  for (int64_t k = 0; k < 2; ++k) {
    std::optional<BatchPrefetcher::Batch> b = batches.next();
    ASSERT_TRUE(b);
    expectBatch(*b, direct(mnistIO(), data, order, 5, k, 0));
  }
  EXPECT_FALSE(batches.next());
}

TEST(Prefetch, RejectsBadArguments) {
  Dataset data = imagenetteLike(2);
  EXPECT_THROW(BatchPrefetcher(imagenetteIO(), data, 0), RuntimeError);
  BatchPrefetcher batches(imagenetteIO(), data, 1);
  EXPECT_THROW(batches.start({0, 1}, -1), RuntimeError);
  batches.start({0, 1}, 5); // past the end: an empty pass
  EXPECT_FALSE(batches.next());
}

} // namespace

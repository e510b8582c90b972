#pragma once
// Prepares batch k+1 on a background thread while the caller runs step k: the stored records
// are decoded, normalised and augmented (BatchAssembler) into float NCHW inputs and int32 labels.
// Two buffers, allocated once: the caller reads one while the thread fills the other, so page
// faults on a memory-mapped dataset and the conversion both stay off the caller's thread.
//
//   BatchPrefetcher batches(io, dataset, 128);
//   batches.start(shuffleOrder(n, seed), 0, epoch);
//   while (auto b = batches.next()) step(b->x, b->y); // b->index is the batch index k

#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include "data/Batch.h"

namespace hlotrain::data {

class BatchPrefetcher {
public:
  // Keeps references to both. Throws RuntimeError like BatchAssembler, or when batch < 1.
  BatchPrefetcher(const DatasetIO& io, const Dataset& dataset, int64_t batch);
  // Abandons the pass in progress and joins the thread.
  ~BatchPrefetcher();
  BatchPrefetcher(const BatchPrefetcher&) = delete;
  BatchPrefetcher& operator=(const BatchPrefetcher&) = delete;

  // One prepared batch: x [batch, C, h, w] and y [batch, labelElements]. The views stay valid
  // until the next call of next() or start(), or the prefetcher's end.
  // For a token dataset, `ids` [batch, T] instead of x (empty).
  struct Batch {
    int64_t index = 0;
    std::span<const float> x;
    std::span<const int32_t> y;
    std::span<const int32_t> ids;
  };

  // Begins a pass over `order`: batch k holds records order[k*batch, (k+1)*batch), for k from
  // firstBatch while whole batches remain (pad the order to keep a short tail). With
  // augmentEpoch, batch k is augmented at BatchPosition{*augmentEpoch, k}; without, center crop
  // and no flip. Abandons a pass in progress. Throws RuntimeError when firstBatch is negative.
  void start(std::vector<int64_t> order, int64_t firstBatch = 0,
             std::optional<int64_t> augmentEpoch = std::nullopt);
  // The pass's next batch in order, waiting for it if needed; nullopt after the last one (or
  // when no pass was started). An exception thrown while preparing a batch is rethrown here, in
  // that batch's turn, and ends the pass.
  std::optional<Batch> next();

  int64_t batchSize() const { return batch_; }
  int64_t rowElements() const { return assembler_.rowElements(); }
  int64_t labelElements() const { return assembler_.labelElements(); }

private:
  enum class SlotState { free, filling, ready, held };
  struct Slot {
    std::vector<float> x;
    std::vector<int32_t> ids;
    std::vector<int32_t> y;
    SlotState state = SlotState::free;
    int64_t index = -1;
    std::exception_ptr error;
  };

  void produce(); // the background thread's body
  void stopPass();

  BatchAssembler assembler_;
  int64_t batch_;
  Slot slots_[2];

  // The pass; written by start() while no thread runs, then read-only.
  std::vector<int64_t> order_;
  int64_t firstBatch_ = 0;
  int64_t endBatch_ = 0;
  std::optional<int64_t> augmentEpoch_;

  std::mutex mutex_; // guards the slots' state, index and error, nextBatch_ and stop_
  std::condition_variable changed_;
  int64_t nextBatch_ = 0; // the next batch next() hands out
  bool stop_ = false;
  std::thread thread_;
};

} // namespace hlotrain::data

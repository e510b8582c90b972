#include "data/Prefetch.h"

#include <algorithm>
#include <utility>

#include "support/Error.h"

namespace hlotrain::data {

BatchPrefetcher::BatchPrefetcher(const DatasetIO& io, const Dataset& dataset, int64_t batch)
    : assembler_(io, dataset), batch_(batch) {
  if (batch < 1)
    throw RuntimeError("a batch needs at least one record, not " + std::to_string(batch));
  for (Slot& slot : slots_) {
    (assembler_.tokens() ? slot.ids.resize(static_cast<size_t>(batch * assembler_.rowElements()))
                         : slot.x.resize(static_cast<size_t>(batch * assembler_.rowElements())));
    slot.y.resize(static_cast<size_t>(batch * assembler_.labelElements()));
  }
}

BatchPrefetcher::~BatchPrefetcher() {
  stopPass();
}

void BatchPrefetcher::stopPass() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
  for (Slot& slot : slots_) {
    slot.state = SlotState::free;
    slot.error = nullptr;
  }
  nextBatch_ = endBatch_ = firstBatch_ = 0;
}

void BatchPrefetcher::start(std::vector<int64_t> order, int64_t firstBatch,
                            std::optional<int64_t> augmentEpoch) {
  if (firstBatch < 0)
    throw RuntimeError("a pass cannot start at batch " + std::to_string(firstBatch));
  stopPass();
  order_ = std::move(order);
  firstBatch_ = nextBatch_ = firstBatch;
  endBatch_ = std::max(firstBatch, static_cast<int64_t>(order_.size()) / batch_);
  augmentEpoch_ = augmentEpoch;
  stop_ = false;
  thread_ = std::thread([this] { produce(); });
}

void BatchPrefetcher::produce() {
  for (int64_t k = firstBatch_; k < endBatch_; ++k) {
    Slot* slot = nullptr;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] {
        if (stop_) return true;
        for (Slot& s : slots_)
          if (s.state == SlotState::free) slot = &s;
        return slot != nullptr;
      });
      if (stop_) return;
      slot->state = SlotState::filling;
    }
    std::exception_ptr error;
    try {
      std::optional<BatchPosition> position;
      if (augmentEpoch_) position = BatchPosition{*augmentEpoch_, k};
      const auto records =
          std::span(order_).subspan(static_cast<size_t>(k * batch_), static_cast<size_t>(batch_));
      if (assembler_.tokens())
        assembler_.assembleTokens(records, slot->ids, slot->y);
      else
        assembler_.assemble(records, slot->x, slot->y, position);
    } catch (...) {
      error = std::current_exception();
    }
    const bool failed = error != nullptr;
    {
      std::lock_guard lock(mutex_);
      slot->index = k;
      slot->error = std::move(error); // the caller's thread alone owns the exception from here
      slot->state = SlotState::ready;
    }
    changed_.notify_all();
    if (failed) return;
  }
}

std::optional<BatchPrefetcher::Batch> BatchPrefetcher::next() {
  std::unique_lock lock(mutex_);
  for (Slot& slot : slots_)
    if (slot.state == SlotState::held) slot.state = SlotState::free;
  changed_.notify_all();
  if (nextBatch_ >= endBatch_) return std::nullopt;
  Slot* slot = nullptr;
  changed_.wait(lock, [&] {
    for (Slot& s : slots_)
      if (s.state == SlotState::ready && s.index == nextBatch_) slot = &s;
    return slot != nullptr;
  });
  if (slot->error) {
    std::exception_ptr error = std::exchange(slot->error, nullptr);
    slot->state = SlotState::free;
    nextBatch_ = endBatch_;
    std::rethrow_exception(error);
  }
  slot->state = SlotState::held;
  return Batch{nextBatch_++, slot->x, slot->y, slot->ids};
}

} // namespace hlotrain::data

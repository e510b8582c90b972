#pragma once
// The counters behind HlotrainPjrt_Stats (Stats.h), bumped by the entry points that move data.

#include <atomic>
#include <cstdint>

namespace hlotrain::pjrt {

struct Counters {
  std::atomic<uint64_t> uploads{0}, uploadBytes{0}, downloads{0}, downloadBytes{0};
  std::atomic<uint64_t> compiles{0}, executes{0};
  std::atomic<int64_t> buffersAlive{0};
};

Counters& counters();

} // namespace hlotrain::pjrt

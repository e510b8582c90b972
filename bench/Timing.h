#pragma once
// How the benchmarks time a piece of work: the best of several runs, since on a shared machine
// the least disturbed run is the closest to the work's own speed.

#include <algorithm>
#include <chrono>
#include <functional>

namespace hlotrain::bench {

inline double secondsOf(const std::function<void()>& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// `before`, when given, runs untimed ahead of every run (to evict the caches, say).
inline double bestSeconds(const std::function<void()>& f, int repeats,
                          const std::function<void()>& before = {}) {
  double best = 1e30;
  for (int r = 0; r < repeats; ++r) {
    if (before) before();
    best = std::min(best, secondsOf(f));
  }
  return best;
}

} // namespace hlotrain::bench

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

inline double bestSeconds(const std::function<void()>& f, int repeats) {
  double best = 1e30;
  for (int r = 0; r < repeats; ++r) best = std::min(best, secondsOf(f));
  return best;
}

} // namespace hlotrain::bench

#pragma once
// Wall time since a start, for the progress lines and the timings a run logs.

#include <chrono>

namespace hlotrain {

class Stopwatch {
public:
  // Started on construction.
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

private:
  std::chrono::steady_clock::time_point start_;
};

} // namespace hlotrain

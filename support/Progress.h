#pragma once
// What a person watching a long job sees. On a terminal: one line redrawn in place (carriage
// return, erase to the end of the line) at most ten times a second, cut to the terminal's width
// so it never wraps. Anywhere else (a file, a pipe, CI) the line is never drawn, so a log holds
// only plain lines and no control characters.

#include <chrono>
#include <ostream>
#include <string>

namespace hlotrain {

// How a job reports: a progress line on a terminal, plain lines elsewhere, or (quiet) only its
// summaries and errors.
enum class Display { plain, terminal, quiet };

// Display::terminal when file descriptor `fd` is a terminal whose TERM is not "dumb", else plain.
Display displayFor(int fd);

// How `out` should report: terminal when it is the process's std::cout or std::cerr and that is a
// terminal (displayFor), else plain (a file, a string stream in a test, a pipe).
Display displayOf(const std::ostream& out);

// "0:07", "4:07", "1:05:03"; "?" for a negative or non-finite time.
std::string formatDuration(double seconds);

class ProgressLine {
public:
  // Draws on `out` only when `enabled`; `width` is the terminal's (0: ask the terminal on
  // standard output, 80 when it does not say).
  ProgressLine(std::ostream& out, bool enabled, int width = 0);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  bool enabled() const { return enabled_; }
  // Redraws the line with `text`, unless the last redraw was under 100 ms ago and not `force`.
  void show(const std::string& text, bool force = false);
  // Erases the line, so that the next line printed starts at its first column.
  void clear();

private:
  std::ostream& out_;
  bool enabled_;
  size_t width_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point last_{};
};

// Progress through `total` items of a long job (images, cases): on a terminal a redrawn line with
// the count, the rate and the time left; elsewhere a plain line every `plainEvery` items and at
// the last.
class CountProgress {
public:
  // Lines read "<what>: <done>/<total> <unit>" ("train: 200/6471 images").
  CountProgress(std::ostream& out, std::string what, std::string unit, size_t total,
                size_t plainEvery);
  // `done` items are done.
  void advance(size_t done);
  // Erases the terminal line before the job prints a line of its own.
  void clear() { line_.clear(); }

private:
  std::ostream& out_;
  std::string what_, unit_;
  size_t total_, plainEvery_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  ProgressLine line_;
};

} // namespace hlotrain

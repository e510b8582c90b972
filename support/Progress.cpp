#include "support/Progress.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string_view>
#include <sys/ioctl.h>
#include <unistd.h>

namespace hlotrain {

Display displayFor(int fd) {
  const char* term = std::getenv("TERM");
  if (!::isatty(fd) || (term && std::string_view(term) == "dumb")) return Display::plain;
  return Display::terminal;
}

Display displayOf(const std::ostream& out) {
  if (&out == &std::cout) return displayFor(STDOUT_FILENO);
  if (&out == &std::cerr) return displayFor(STDERR_FILENO);
  return Display::plain;
}

std::string formatDuration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const auto total = static_cast<long long>(std::llround(seconds));
  char text[32];
  if (total >= 3600)
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", total / 3600, total / 60 % 60,
                  total % 60);
  else
    std::snprintf(text, sizeof text, "%lld:%02lld", total / 60, total % 60);
  return text;
}

ProgressLine::ProgressLine(std::ostream& out, bool enabled, int width)
    : out_(out), enabled_(enabled), width_(80) {
  winsize size{};
  if (width > 0)
    width_ = static_cast<size_t>(width);
  else if (enabled && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
    width_ = size.ws_col;
}

ProgressLine::~ProgressLine() {
  clear();
}

void ProgressLine::show(const std::string& text, bool force) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && !force && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  // One column short of the width: a line that fills the last column wraps on some terminals.
  out_ << "\r\033[K" << text.substr(0, width_ > 1 ? width_ - 1 : 0) << std::flush;
  shown_ = true;
}

void ProgressLine::clear() {
  if (!shown_) return;
  out_ << "\r\033[K" << std::flush;
  shown_ = false;
}

CountProgress::CountProgress(std::ostream& out, std::string what, std::string unit, size_t total,
                             size_t plainEvery)
    : out_(out), what_(std::move(what)), unit_(std::move(unit)), total_(total),
      plainEvery_(plainEvery), line_(out, displayOf(out) == Display::terminal) {}

void CountProgress::advance(size_t done) {
  const std::string count =
      what_ + ": " + std::to_string(done) + "/" + std::to_string(total_) + " " + unit_;
  if (!line_.enabled()) {
    if (done == total_ || (plainEvery_ > 0 && done % plainEvery_ == 0)) out_ << count << std::endl;
    return;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = static_cast<double>(done) / seconds;
  line_.show(count + "  " + std::to_string(static_cast<long long>(rate)) + "/s  " +
                 formatDuration(seconds) + " ETA " +
                 formatDuration(static_cast<double>(total_ - done) / rate),
             done == total_);
  if (done == total_) line_.clear();
}

} // namespace hlotrain

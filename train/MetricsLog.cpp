#include "train/MetricsLog.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "support/Error.h"
#include "train/AtomicFile.h"

namespace hlotrain::train {

std::string formatFixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string jsonNumber(double v) {
  if (!std::isfinite(v)) return "null";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

namespace {

// The global step a record line names; nullopt for a line without one (a cut last line).
std::optional<int64_t> recordStep(const std::string& line) {
  static constexpr std::string_view key = "\"step\":";
  size_t at = line.find(key);
  if (at == std::string::npos || line.empty() || line.back() != '}') return std::nullopt;
  int64_t step = 0;
  const char* begin = line.data() + at + key.size();
  auto [end, ec] = std::from_chars(begin, line.data() + line.size(), step);
  if (ec != std::errc() || end == begin) return std::nullopt;
  return step;
}

// Rewrites the log with the records of steps up to `step` (atomically, so a kill now loses
// nothing either).
void keepRecordsThrough(const std::string& path, int64_t step) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return;
  std::ifstream in(path);
  if (!in) throw RuntimeError(path + ": cannot read the metrics log");
  std::string kept;
  for (std::string line; std::getline(in, line);) {
    std::optional<int64_t> at = recordStep(line);
    if (at && *at <= step) kept += line + "\n";
  }
  writeFileAtomically(path, kept);
}

} // namespace

MetricsLog::MetricsLog(std::ostream& out, const std::string& jsonlPath,
                       std::optional<int64_t> resumedAt)
    : out_(out), path_(jsonlPath) {
  if (resumedAt) keepRecordsThrough(jsonlPath, *resumedAt);
  jsonl_.open(jsonlPath, resumedAt ? std::ios::app : std::ios::trunc | std::ios::out);
  if (!jsonl_) throw RuntimeError(jsonlPath + ": cannot open the metrics log for writing");
}

void MetricsLog::line(const std::string& json) {
  jsonl_ << json << "\n";
  jsonl_.flush();
  if (!jsonl_) throw RuntimeError(path_ + ": cannot write the metrics log");
}

void MetricsLog::epoch(const EpochRecord& r, int64_t epochs) {
  char lr[32];
  std::snprintf(lr, sizeof lr, "%.3g", r.lr);
  out_ << "epoch " << r.epoch << "/" << epochs << " done: loss " << formatFixed(r.loss, 4)
       << ", lr " << lr << ", " << formatFixed(r.seconds, 1) << " s, "
       << formatFixed(r.imagesPerSecond, 1) << " images/s (step " << r.step << ")"
       << (r.skipped > 0 ? ", " + std::to_string(r.skipped) + " non-finite step(s) skipped" : "")
       << std::endl;
  line("{\"type\":\"epoch\",\"epoch\":" + std::to_string(r.epoch) +
       ",\"step\":" + std::to_string(r.step) + ",\"steps\":" + std::to_string(r.steps) +
       ",\"skipped\":" + std::to_string(r.skipped) + ",\"loss\":" + jsonNumber(r.loss) +
       ",\"lr\":" + jsonNumber(r.lr) + ",\"seconds\":" + jsonNumber(r.seconds) +
       ",\"images_per_s\":" + jsonNumber(r.imagesPerSecond) + "}");
}

void MetricsLog::eval(const EvalRecord& r) {
  out_ << "eval after epoch " << r.epoch << ": accuracy " << formatFixed(100 * r.accuracy, 2)
       << "% (" << r.correct << "/" << r.total << ") in " << formatFixed(r.seconds, 1) << " s"
       << std::endl;
  line("{\"type\":\"eval\",\"epoch\":" + std::to_string(r.epoch) +
       ",\"step\":" + std::to_string(r.step) + ",\"accuracy\":" + jsonNumber(r.accuracy) +
       ",\"correct\":" + std::to_string(r.correct) + ",\"total\":" + std::to_string(r.total) +
       ",\"seconds\":" + jsonNumber(r.seconds) + "}");
}

} // namespace hlotrain::train

#include "train/MetricsLog.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "support/AtomicFile.h"
#include "support/Error.h"
#include "support/Format.h"

namespace hlotrain::train {

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

// The number after `"key":` in a record line; nullopt when absent or null.
std::optional<double> numberField(const std::string& line, std::string_view key) {
  const std::string quoted = "\"" + std::string(key) + "\":";
  size_t at = line.find(quoted);
  if (at == std::string::npos) return std::nullopt;
  double v = 0;
  const char* begin = line.data() + at + quoted.size();
  auto [end, ec] = std::from_chars(begin, line.data() + line.size(), v);
  if (ec != std::errc() || end == begin) return std::nullopt;
  return v;
}

// Rewrites the log with the records of steps up to `step` (atomically, so a kill now loses
// nothing either), and returns the eval records kept.
std::vector<std::string> keepRecordsThrough(const std::string& path, int64_t step) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {};
  std::ifstream in(path);
  if (!in) throw RuntimeError(path + ": cannot read the metrics log");
  std::string kept;
  std::vector<std::string> evals;
  for (std::string line; std::getline(in, line);) {
    std::optional<int64_t> at = recordStep(line);
    if (!at || *at > step) continue;
    kept += line + "\n";
    if (line.starts_with("{\"type\":\"eval\"")) evals.push_back(line);
  }
  writeFileAtomically(path, kept);
  return evals;
}

} // namespace

MetricsLog::MetricsLog(std::ostream& out, const std::string& jsonlPath,
                       std::optional<int64_t> resumedAt)
    : out_(out), path_(jsonlPath) {
  if (resumedAt) keptEvals_ = keepRecordsThrough(jsonlPath, *resumedAt);
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
  out_ << "epoch " << r.epoch << "/" << epochs
       << (r.batches < r.batchesPerEpoch ? " stopped after batch " + std::to_string(r.batches) +
                                               "/" + std::to_string(r.batchesPerEpoch)
                                         : std::string(" done"))
       << ": loss " << formatFixed(r.loss, 4) << ", lr " << lr << ", " << formatFixed(r.seconds, 1)
       << " s, " << formatFixed(r.imagesPerSecond, 1) << " images/s (step " << r.step << ")"
       << (r.skipped > 0 ? ", " + std::to_string(r.skipped) + " non-finite step(s) skipped" : "")
       << std::endl;
  line("{\"type\":\"epoch\",\"epoch\":" + std::to_string(r.epoch) +
       ",\"step\":" + std::to_string(r.step) + ",\"steps\":" + std::to_string(r.steps) +
       ",\"skipped\":" + std::to_string(r.skipped) + ",\"loss\":" + jsonNumber(r.loss) +
       ",\"lr\":" + jsonNumber(r.lr) + ",\"seconds\":" + jsonNumber(r.seconds) +
       ",\"images_per_s\":" + jsonNumber(r.imagesPerSecond) + "}");
}

void MetricsLog::eval(const EvalRecord& r) {
  out_ << (r.insideEpoch ? "eval at step " + std::to_string(r.step) + ", inside epoch "
                         : std::string("eval after epoch "))
       << r.epoch << ": " << task::summaryLine(r.scores) << " in " << formatFixed(r.seconds, 1)
       << " s\n"
       << task::summaryTable(r.scores) << std::flush;
  line("{\"type\":\"eval\",\"epoch\":" + std::to_string(r.epoch) +
       ",\"step\":" + std::to_string(r.step) + "," + task::jsonFields(r.scores) +
       ",\"seconds\":" + jsonNumber(r.seconds) + "}");
}

std::optional<double> MetricsLog::bestKeptEval(std::string_view key) const {
  std::optional<double> best;
  for (const std::string& record : keptEvals_)
    if (std::optional<double> v = numberField(record, key); v && (!best || *v > *best)) best = v;
  return best;
}

} // namespace hlotrain::train

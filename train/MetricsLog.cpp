#include "train/MetricsLog.h"

#include <cmath>
#include <cstdio>

#include "support/Error.h"

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

MetricsLog::MetricsLog(std::ostream& out, const std::string& jsonlPath, bool append)
    : out_(out), path_(jsonlPath),
      jsonl_(jsonlPath, append ? std::ios::app : std::ios::trunc | std::ios::out) {
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
       << formatFixed(r.imagesPerSecond, 1) << " images/s (step " << r.step << ")" << std::endl;
  line("{\"type\":\"epoch\",\"epoch\":" + std::to_string(r.epoch) +
       ",\"step\":" + std::to_string(r.step) + ",\"steps\":" + std::to_string(r.steps) +
       ",\"loss\":" + jsonNumber(r.loss) + ",\"lr\":" + jsonNumber(r.lr) + ",\"seconds\":" +
       jsonNumber(r.seconds) + ",\"images_per_s\":" + jsonNumber(r.imagesPerSecond) + "}");
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

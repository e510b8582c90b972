#include "train/MetricsLog.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

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

constexpr std::string_view kRunRecord = "{\"type\":\"run\"";

// The records a resumed run keeps: its header, and the eval records among the rest.
struct Kept {
  std::vector<std::string> evals;
  bool header = false;
};

// Rewrites the log with its header and the records of steps up to `step` (atomically, so a kill
// now loses nothing either).
Kept keepRecordsThrough(const std::string& path, int64_t step) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {};
  std::ifstream in(path);
  if (!in) throw RuntimeError(path + ": cannot read the metrics log");
  std::string text;
  Kept kept;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with(kRunRecord) && line.ends_with("}")) {
      kept.header = true;
      text += line + "\n";
      continue;
    }
    std::optional<int64_t> at = recordStep(line);
    if (!at || *at > step) continue;
    text += line + "\n";
    if (line.starts_with("{\"type\":\"eval\"")) kept.evals.push_back(line);
  }
  writeFileAtomically(path, text);
  return kept;
}

} // namespace

MetricsLog::MetricsLog(std::ostream& out, const std::string& jsonlPath,
                       std::optional<int64_t> resumedAt)
    : out_(out), path_(jsonlPath) {
  if (resumedAt) {
    Kept kept = keepRecordsThrough(jsonlPath, *resumedAt);
    keptEvals_ = std::move(kept.evals);
    keptHeader_ = kept.header;
  }
  jsonl_.open(jsonlPath, resumedAt ? std::ios::app : std::ios::trunc | std::ios::out);
  if (!jsonl_) throw RuntimeError(jsonlPath + ": cannot open the metrics log for writing");
}

void MetricsLog::line(const std::string& json) {
  jsonl_ << json << "\n";
  jsonl_.flush();
  if (!jsonl_) throw RuntimeError(path_ + ": cannot write the metrics log");
}

std::string RunHeader::json() const {
  nlohmann::ordered_json j;
  j["type"] = "run";
  j["hlotrain"] = hlotrain;
  j["net"] = net;
  j["parameters"] = parameters;
  j["parameter_tensors"] = parameterTensors;
  j["batchnorm_layers"] = batchNormLayers;
  j["dataset"] = dataset;
  j["task"] = task;
  j["classes"] = classes;
  j["input"] = input;
  j["output"] = output;
  j["train_records"] = trainRecords;
  j["test_records"] = testRecords;
  j["batch"] = batch;
  j["steps_per_epoch"] = stepsPerEpoch;
  j["epochs"] = epochs;
  j["lowerer"] = lowerer;
  j["precision"] = precision;
  j["train_step_arguments"] = signatureArguments;
  j["train_step_results"] = signatureResults;
  j["optimizer_state_tensors"] = optimizerStateTensors;
  return j.dump();
}

std::optional<RunHeader> RunHeader::fromJson(const std::string& line) {
  const nlohmann::json j = nlohmann::json::parse(line);
  if (!j.is_object() || j.value("type", "") != "run") return std::nullopt;
  RunHeader h;
  j.at("hlotrain").get_to(h.hlotrain);
  j.at("net").get_to(h.net);
  j.at("parameters").get_to(h.parameters);
  j.at("parameter_tensors").get_to(h.parameterTensors);
  j.at("batchnorm_layers").get_to(h.batchNormLayers);
  j.at("dataset").get_to(h.dataset);
  j.at("task").get_to(h.task);
  j.at("classes").get_to(h.classes);
  j.at("input").get_to(h.input);
  j.at("output").get_to(h.output);
  j.at("train_records").get_to(h.trainRecords);
  j.at("test_records").get_to(h.testRecords);
  j.at("batch").get_to(h.batch);
  j.at("steps_per_epoch").get_to(h.stepsPerEpoch);
  j.at("epochs").get_to(h.epochs);
  j.at("lowerer").get_to(h.lowerer);
  j.at("precision").get_to(h.precision);
  j.at("train_step_arguments").get_to(h.signatureArguments);
  j.at("train_step_results").get_to(h.signatureResults);
  j.at("optimizer_state_tensors").get_to(h.optimizerStateTensors);
  return h;
}

void MetricsLog::header(const RunHeader& h) {
  if (keptHeader_) return;
  line(h.json());
  keptHeader_ = true;
}

void MetricsLog::step(int64_t step, double loss, double lr) {
  line("{\"type\":\"step\",\"step\":" + std::to_string(step) + ",\"loss\":" + jsonNumber(loss) +
       ",\"lr\":" + jsonNumber(lr) + "}");
}

void MetricsLog::epoch(const EpochRecord& r, int64_t epochs) {
  char lr[32];
  std::snprintf(lr, sizeof lr, "%.3g", r.lr);
  out_ << "epoch " << r.epoch << "/" << epochs
       << (r.batches < r.batchesPerEpoch ? " stopped after batch " + std::to_string(r.batches) +
                                               "/" + std::to_string(r.batchesPerEpoch)
                                         : std::string(" done"))
       << ": loss " << formatFixed(r.loss, 4) << ", lr " << lr << ", " << formatFixed(r.seconds, 1)
       << " s, " << formatFixed(r.imagesPerSecond, 1) << " " << r.records << "/s (step " << r.step
       << ")"
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
       ",\"seconds\":" + jsonNumber(r.seconds) +
       (r.sample.empty()
            ? ""
            : ",\"" + std::string(kEvalSampleField) + "\":" + nlohmann::json(r.sample).dump()) +
       "}");
}

std::optional<double> MetricsLog::bestKeptEval(const task::Task& task) const {
  std::optional<double> best;
  for (const std::string& record : keptEvals_)
    if (std::optional<double> v = numberField(record, task.headlineField());
        v && (!best || task.isBetter(*v, *best)))
      best = v;
  return best;
}

} // namespace hlotrain::train

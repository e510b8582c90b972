#pragma once
// A run's report: one self-contained HTML page built from the run's artifacts (DESIGN.md
// "Artifacts and names"). Its figures come from `<prefix>_metrics.jsonl`, whose records
// train/MetricsLog.cpp writes (the run's facts first, a step record every --log-every steps, an
// epoch record per pass, an eval record per evaluation with the task's fields of task/Task.h
// jsonFields()); what the net and the run were comes from that first record (train::RunHeader)
// and the checkpoint (its header and the config a version 2 checkpoint stores, read by
// train/Checkpoint.h). A log written before run records existed still renders: the net's facts
// then come from the graphs' text (`_fwd.mlir`) or the raw parameters (`_params.bin`), the task
// from the eval records' fields, with a note; what no file records is named as unknown. The plots
// are inline SVG (report/Svg.h); the page has no scripts and a Content-Security-Policy that forbids
// every load but its own inline PNGs (the last evaluation's samples, `<prefix>_samples.json`,
// task/Task.h Gallery), so it opens offline.

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "train/MetricsLog.h"

namespace hlotrain::report {

constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();

// `{"type":"epoch",...}`. An epoch cut by a kill and finished by `--resume` has two records; they
// are combined into one (`records` > 1): steps and seconds summed, the loss weighted by the steps
// applied, images/s over the summed seconds, the last step's rate.
struct EpochRecord {
  int64_t epoch = 0, step = 0, steps = 0, skipped = 0;
  double loss = kMissing, lr = kMissing, seconds = kMissing, imagesPerSecond = kMissing;
  int records = 1;
  size_t line = 0; // of the (last) record in the log, 1-based
};

// `{"type":"step","step":…,"loss":…,"lr":…}`: the step loss every --log-every steps.
struct StepRecord {
  int64_t step = 0;
  double loss = kMissing, lr = kMissing;
};

using NamedValues = std::vector<std::pair<std::string, double>>;

// `{"type":"eval","epoch":…,"step":…,<the task's fields>,"seconds":…}`, its fields kept in record
// order by shape: numbers, objects of numbers ("dice"), lists of numbers ("iou", "ap50") and the
// confusion matrix. A null number is kMissing; a null object ("dice_per_case" without cases) is
// absent.
struct EvalRecord {
  int64_t epoch = 0, step = 0;
  double seconds = kMissing;
  NamedValues scalars;
  std::vector<std::pair<std::string, NamedValues>> groups;
  std::vector<std::pair<std::string, std::vector<double>>> lists;
  std::vector<std::pair<std::string, std::string>> texts;
  std::vector<std::vector<int64_t>> confusion; // [truth][predicted]; empty when not recorded
  size_t line = 0;

  std::optional<double> scalar(std::string_view name) const;
  const NamedValues* group(std::string_view name) const;
  const std::vector<double>* list(std::string_view name) const;
};

struct RunLog {
  std::string path;
  std::optional<train::RunHeader> header; // the run's facts; none in a log from before them
  std::vector<EpochRecord> epochs;        // in epoch order
  std::vector<StepRecord> steps;
  std::vector<EvalRecord> evals;                       // in log order
  std::vector<std::pair<std::string, int>> otherTypes; // record types the report does not know
  std::vector<std::string> notes;                      // what was skipped or combined, and why
};

// Reads a metrics log. Throws ParseError "<path>:<line>: …" for a line that is not a record of
// the shapes above, "<path>: …" for a log without records, RuntimeError when it cannot be read. A
// last line the file ends inside (a process killed while writing it) is skipped with a note.
RunLog readRunLog(const std::string& path);

// classification, segmentation or detection: the run record's task, or for a log without one
// the task the eval records' fields belong to; "unknown" when neither says.
std::string runTask(const RunLog& log);

// The prefix of the run RUN names: an artifacts prefix (`.hlotrain/mnist_cnn`), the run's
// `_metrics.jsonl`, or a directory holding the files of exactly one run. Throws ConfigError when
// there is no metrics log there, or the directory holds several runs (naming them).
std::string resolveRun(const std::string& run);

// The run and the suffix of a run's file ("mnist_cnn", "_best_checkpoint.bin"), if its name ends
// with one of support/RunFiles.h's runFileSuffixes().
std::optional<std::pair<std::string, std::string>> splitRunFile(const std::string& name);

struct Report {
  std::string html;
  std::string task;
  size_t plots = 0;    // one <svg> each
  size_t pictures = 0; // one <img> each: the last evaluation's samples
  size_t epochs = 0, evals = 0;
  std::vector<std::string> notes;
};

// The page of the run at `prefix` (resolved: `<prefix>_metrics.jsonl` exists).
Report buildReport(const std::string& prefix);

} // namespace hlotrain::report

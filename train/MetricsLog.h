#pragma once
// The record of a run: human-readable lines on a stream and one JSON object per line in
// `<prefix>_metrics.jsonl`, flushed as they happen so a long run can be followed with `tail -f`:
// first the run's facts ("run"), then the step loss every --log-every steps ("step"), one record
// per epoch ("epoch") and one per evaluation ("eval").

#include <cstdint>
#include <fstream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "task/Task.h"

namespace hlotrain::train {

// The facts of a run, its log's first record: what report/ and `hlotrain runs` read instead of
// guessing them from the other files.
struct RunHeader {
  std::string hlotrain; // the version line of the build that trained (support/Version.h)
  std::string net;      // the spec's name
  int64_t parameters = 0, parameterTensors = 0, batchNormLayers = 0;
  std::string dataset, task; // data::datasetKindName, task::Task::name
  std::vector<std::string> classes;
  std::vector<int64_t> input, output; // one record's: [C, H, W] and the net's output
  int64_t trainRecords = 0, testRecords = 0;
  int64_t batch = 0, stepsPerEpoch = 0, epochs = 0;
  std::string lowerer, precision;
  // The train step's signature by role: how many arguments and results of each kind.
  int64_t signatureArguments = 0, signatureResults = 0, optimizerStateTensors = 0;

  std::string json() const; // {"type":"run",...}: one line
  // The record `json` holds; nullopt for another type. Throws std::exception (nlohmann's) for a
  // run record whose fields are not of their types.
  static std::optional<RunHeader> fromJson(const std::string& line);
};

struct EpochRecord {
  int64_t epoch = 0;   // 1-based
  int64_t step = 0;    // global step at the end of the epoch
  int64_t steps = 0;   // steps run in this epoch by this process
  int64_t skipped = 0; // of them, skipped for a non-finite result (--skip-nonfinite)
  double loss = 0;     // mean step loss
  double lr = 0;       // rate of the last step
  double seconds = 0;
  double imagesPerSecond = 0; // records per second ("images_per_s" in the log, of every task)
  std::string_view records = task::RecordNames{}.plural; // what the printed line calls them
  // Where the pass stopped: batchesPerEpoch for a finished epoch, fewer for one that --max-steps
  // cut; only the terminal line tells them apart.
  int64_t batches = 0;
  int64_t batchesPerEpoch = 0;
};

// The eval record's field holding EvalRecord::sample.
inline constexpr std::string_view kEvalSampleField = "sample";

struct EvalRecord {
  int64_t epoch = 0;
  int64_t step = 0;
  double seconds = 0;
  task::Scores scores;      // the task's: accuracy, or the segmentation figures
  bool insideEpoch = false; // the state evaluated stopped before the epoch's last batch
  // A language model trained on a text: what it wrote after the evaluation (kEvalSample).
  std::string sample = {};
};

class MetricsLog {
public:
  // A run resumed from its checkpoint at global step `resumedAt` keeps the records of steps up to
  // it and drops the later ones, which a killed process wrote after its last checkpoint and the
  // resumed run writes again; otherwise the file starts empty. Throws RuntimeError when the file
  // cannot be read or opened.
  MetricsLog(std::ostream& out, const std::string& jsonlPath, std::optional<int64_t> resumedAt);

  // Writes the run's facts first in a fresh log; a resumed run keeps the header its log has (one
  // from before run headers existed gets this one after its older records).
  void header(const RunHeader& h);
  // `{"type":"step","step":…,"loss":…,"lr":…}`: one step's loss, every --log-every steps.
  void step(int64_t step, double loss, double lr);
  void epoch(const EpochRecord& r, int64_t epochs);
  // `{"type":"eval","epoch":…,"step":…,<the task's fields>,"seconds":…[,"sample":"…"]}`; prints
  // the task's summary.
  void eval(const EvalRecord& r);
  // The best headline of `task` (Task::headlineField, by Task::isBetter) among the eval records
  // kept from before a resume; nullopt when there are none.
  std::optional<double> bestKeptEval(const task::Task& task) const;

private:
  void line(const std::string& json);

  std::ostream& out_;
  std::string path_;
  std::ofstream jsonl_;
  std::vector<std::string> keptEvals_;
  bool keptHeader_ = false;
};

} // namespace hlotrain::train

#pragma once
// One Task per kind of problem (DESIGN.md "task/"): what its train step learns from (the label
// tensors, the losses it accepts) and how an evaluation is scored, logged and printed. The
// trainer, the CLI and the bench stay generic over it; detection will be one more Task.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "data/Dataset.h"
#include "ir/Tensor.h"
#include "ir/Type.h"
#include "metrics/Detection.h"
#include "program/Loss.h"

namespace hlotrain::task {

struct ClassificationScores {
  int64_t correct = 0;
  int64_t total = 0;
  int64_t numClasses = 0;
  std::vector<int64_t> confusion; // [truth * numClasses + predicted]; empty: not counted
  double accuracy() const;        // 0 for an empty set
};

struct RegionScore {
  std::string name;
  double dice = 0;                   // from the whole set's matrix
  std::optional<double> perCaseDice; // mean over cases of each case's Dice, when cases are known
};

struct SegmentationScores {
  int64_t numClasses = 0;
  std::vector<int64_t> confusion; // [truth * numClasses + predicted], the whole set
  std::vector<double> iou;        // per class
  double meanIou = 0;
  std::vector<RegionScore> regions;
  int64_t cases = 0; // how many cases the per-case means run over (0: unknown)

  // The mean over regions of their Dice; the mean IoU when the dataset names no regions.
  double meanRegionDice() const;
};

// Detection: mAP@0.5 (VOC all-point), mAP@[.5:.95] (COCO-style), AP@0.5 per class.
using DetectionScores = metrics::DetectionScores;

// Language modelling: the cross-entropy summed in nats over every scored position.
struct LanguageModelScores {
  double nats = 0;
  int64_t positions = 0;
  bool characters = false;   // a character vocabulary: bits per character
  double loss() const;       // mean nats per position (0 for none)
  double bits() const;       // loss / ln 2
  double perplexity() const; // 2^bits
};

using Scores =
    std::variant<ClassificationScores, SegmentationScores, DetectionScores, LanguageModelScores>;

// The figure runs are compared by (the best checkpoint, the final line): accuracy, the mean
// region Dice, mAP@0.5, or (lower being better) the validation loss.
double headline(const Scores& scores);
std::string_view headlineName(const Scores& scores);
// The task's fields of an eval record in `_metrics.jsonl`, comma-separated without braces:
// classification `"accuracy":…,"correct":…,"total":…,"confusion":[[…]]` (the matrix when
// counted); segmentation `"dice":{"WT":…,…},
// "dice_mean":…,"dice_per_case":{…} (null without cases),"iou":[…],"miou":…,"confusion":[[…]]`;
// detection `"map50":…,"map":…,"ap50":[…] (null for classes without ground truth),
// "detections":…,"ground_truths":…`.
std::string jsonFields(const Scores& scores);
// What train and eval print of an evaluation: one line without its newline ("accuracy 93.44%
// (9344/10000)", "mean region Dice 0.8123 (WT …, TC …, ET …), mIoU 0.7395"), then a table for
// segmentation (lines ending in newlines; empty for classification).
std::string summaryLine(const Scores& scores);
std::string summaryTable(const Scores& scores);

// What an evaluation shows of a run that learns nothing, for the trainer's one warning: the
// symptom and its usual causes (`text`), and whether it counts only when the evaluation before
// showed the same one (`id`) too, as a net that is still quiet early on may be.
struct Symptom {
  std::string id;
  std::string text;
  bool needsRepeat = false;
};

// Exact counts accumulated batch by batch (STYLE.md: update, then compute once).
class Evaluation {
public:
  virtual ~Evaluation() = default;
  // One batch: `logits` [rows, ...] as the eval forward returns them, `labels` [rows, label
  // elements] as the batch holds them; only the first records.size() rows are real, `records`
  // their indices in the dataset.
  virtual void add(std::span<const float> logits, std::span<const int32_t> labels,
                   std::span<const int64_t> records) = 0;
  virtual Scores scores() const = 0;
  virtual std::optional<Symptom> symptom() const { return std::nullopt; }
};

// A few records of an evaluation drawn for the report: the input as a picture, the truth and
// the prediction as the task shows them (classes, masks overlaid on the picture, boxes). The
// trainer writes json() to `<prefix>_samples.json` after each evaluation; report/ shows it.
class Gallery {
public:
  virtual ~Gallery() = default;
  // A batch as Evaluation::add sees it, with the inputs [rows, C, H, W] the net read (rows >=
  // records.size(); the padding rows are ignored).
  virtual void add(std::span<const float> inputs, std::span<const float> logits,
                   std::span<const int32_t> labels, std::span<const int64_t> records) = 0;
  // `{"task":…,"samples":[…]}` without its braces, the samples in record order: each
  // `{"record":i,"image":<PNG data URI>,…}` with classification's `"truth":c,"predicted":c`,
  // segmentation's `"truth"` and `"predicted"` as the picture with the mask overlaid (PNG data
  // URIs), detection's `"truth":[[class,xmin,ymin,xmax,ymax],…]` and
  // `"predicted":[[class,confidence,xmin,ymin,xmax,ymax],…]` in coordinates normalised to the
  // picture.
  virtual std::string jsonFields() const = 0;
};

// What `hlotrain eval` writes of every record besides its logits, as the task reads a net's
// output: the class of every row or pixel (classification, segmentation: `.npy` uint8 [records,
// ...]) or the detections after NMS (detection: CSV `record,class,confidence,xmin,ymin,xmax,ymax`
// in normalised corners, after a header line).
enum class RecordOutput { predictions, detections };

// Writes one RecordOutput file batch by batch in record order: nothing is under its path until
// commit(), which moves it there whole.
class RecordWriter {
public:
  virtual ~RecordWriter() = default;
  // One batch's logits [rows, ...] as the eval forward returns them; the first realRows are
  // records, the rest padding.
  virtual void add(std::span<const float> logits, int64_t realRows) = 0;
  virtual void commit() = 0;
};

// How many records a gallery draws (fewer when the split is smaller), spread evenly over it.
constexpr int64_t kGallerySamples = 8;

// What a task's records are called where a rate of them is printed: images, for every image task
// (a BraTS record, a detection image).
struct RecordNames {
  std::string_view plural = "images";
  std::string_view abbreviated = "img"; // on the terminal's progress lines
};

class Task {
public:
  virtual ~Task() = default;
  virtual std::string_view name() const = 0;
  // The eval record's field holding headline() ("accuracy", "dice_mean"), to find the best
  // evaluation among those logged before a resume.
  virtual std::string_view headlineField() const = 0;
  // Whether a larger headline is a better evaluation (a loss is not).
  virtual bool higherIsBetter() const { return true; }
  // Whether headline `a` beats `b`.
  bool isBetter(double a, double b) const { return higherIsBetter() ? a > b : a < b; }
  // A language model's windows are sequences.
  virtual RecordNames recordNames() const { return {}; }
  // The train step's label tensors for a batch of `batch` rows of `io`'s records, trained with
  // `loss` (classification reads soft targets f32 [B, NC] where loss.softTargets()).
  virtual std::vector<ir::TensorType> labelTypes(const data::DatasetIO& io, int64_t batch,
                                                 const program::LossOptions& loss) const = 0;
  // Splits a batch's label words (the batch's rows of io.labelShape() int32 words each) into the
  // train step's label tensors; by default they are the one int32 tensor.
  virtual void fillLabels(std::span<const int32_t> words, std::span<ir::Tensor> labels) const;
  // Throws ConfigError naming --loss when the task does not take the loss.
  virtual void checkLoss(const program::LossOptions& loss, const data::DatasetIO& io) const = 0;
  // A fresh accumulator for an evaluation over `set` of a net trained with `loss`.
  virtual std::unique_ptr<Evaluation> evaluation(const data::DatasetIO& io,
                                                 const data::Dataset& set,
                                                 const program::LossOptions& loss) const = 0;
  // A gallery of kGallerySamples records of `set`.
  virtual std::unique_ptr<Gallery> gallery(const data::DatasetIO& io, const data::Dataset& set,
                                           const program::LossOptions& loss) const = 0;
  // Throws ConfigError naming the output's flag when the task cannot write `output` for `io`'s
  // records: checked with the run's other settings, before any graph is written.
  virtual void checkRecordOutput(RecordOutput output, const data::DatasetIO& io) const = 0;
  // A writer of `output` (checkRecordOutput passed) to `path`, for `records` records whose
  // logits rows have the shape `row`, of a net trained with `loss`.
  virtual std::unique_ptr<RecordWriter> recordWriter(RecordOutput output, const std::string& path,
                                                     const data::DatasetIO& io,
                                                     const ir::Shape& row, int64_t records,
                                                     const program::LossOptions& loss) const = 0;
};

// The task of a dataset, by its labels: classification, segmentation (masks) or detection
// (YOLOv1 targets).
const Task& taskOf(const data::DatasetIO& io);
// Every task, and the one of a name (Task::name(): "classification", ...; nullptr for none).
std::vector<const Task*> allTasks();
const Task* taskNamed(std::string_view name);

// The detections the detection task scores for one record's head [30, G, G]: decoded (σ of the
// confidence when `loss` trained focal objectness, else the raw channel) and suppressed per
// class (NMS at IoU 0.5), in cell order.
std::vector<metrics::Detection> detectionsOf(std::span<const float> head, const data::DatasetIO& io,
                                             const program::LossOptions& loss);

} // namespace hlotrain::task

// Detection: a YOLOv1 target per record. The train step reads the target f32 [B, 30, G, G] and
// the object mask f32 [B, G, G], split from the stored label record (data/Yolo.h); evaluation
// decodes the head, suppresses duplicates per class and scores mAP against every ground-truth
// box (the dataset's full ground truth when it keeps one, else each record's own ≤ 56 boxes).

#include <algorithm>
#include <cstring>
#include <limits>

#include "data/Yolo.h"
#include "support/AtomicFile.h"
#include "support/Error.h"
#include "support/Format.h"
#include "task/Tasks.h"

namespace hlotrain::task {
namespace {

int64_t gridOf(const data::DatasetIO& io) {
  return yolo::gridOf(io.inputShape().height);
}

metrics::YoloDecoding decodingFor(const data::DatasetIO& io, const program::LossOptions& loss) {
  metrics::YoloDecoding how;
  how.grid = gridOf(io);
  how.numClasses = io.numClasses();
  how.sigmoidConfidence = loss.focalGamma.has_value();
  how.sqrtSizes = loss.boxParam == program::BoxParam::sqrt;
  return how;
}

metrics::GroundTruth truthOf(const data::LabelBox& b) {
  return {b.cls, {b.xmin, b.ymin, b.xmax, b.ymax}};
}

// The confidence from which a detection is shown (the gallery) and counts as found (the
// learning-nothing symptom): what a person would call a box the net sees.
constexpr float kShownConfidence = 0.25f;

// Row `row` of a batch's label words as the label part's bytes they were copied from.
std::span<const uint8_t> rowBytes(std::span<const int32_t> words, size_t row,
                                  const data::YoloLabelLayout& layout) {
  const std::span<const int32_t> w = words.subspan(row * layout.bytes / 4, layout.bytes / 4);
  return {reinterpret_cast<const uint8_t*>(w.data()), layout.bytes};
}

class MapEvaluation final : public Evaluation {
public:
  MapEvaluation(const data::DatasetIO& io, const data::Dataset& set,
                const program::LossOptions& loss)
      : io_(io), loss_(loss), layout_(io.inputShape().height), full_(set.recordBoxes()),
        map_(io.numClasses()) {}

  void add(std::span<const float> logits, std::span<const int32_t> labels,
           std::span<const int64_t> records) override {
    const size_t head = static_cast<size_t>(yolo::kChannels * gridOf(io_) * gridOf(io_));
    if (logits.size() < records.size() * head || labels.size() < records.size() * layout_.bytes / 4)
      throw RuntimeError("a detection batch of " + std::to_string(records.size()) + " rows got " +
                         std::to_string(logits.size()) + " head values and " +
                         std::to_string(labels.size()) + " label words");
    for (size_t r = 0; r < records.size(); ++r) {
      const std::span<const float> row = logits.subspan(r * head, head);
      std::vector<metrics::Detection> found = detectionsOf(row, io_, loss_);
      shown_ += std::count_if(found.begin(), found.end(), [](const metrics::Detection& d) {
        return d.confidence >= kShownConfidence;
      });
      watchSizes(row);
      std::vector<metrics::GroundTruth> truth;
      for (const data::LabelBox& b : full_
                                         ? full_->at(static_cast<size_t>(records[r]))
                                         : data::listedBoxes(rowBytes(labels, r, layout_), layout_))
        truth.push_back(truthOf(b));
      map_.add(static_cast<int32_t>(records[r]), found, truth);
    }
  }

  Scores scores() const override { return map_.compute(); }

  // A size channel that decodes to one value on every cell the net is confident of (at least two)
  // has stopped learning: the reference form's dead zone ends there, max(p, 0) = 0 on each. The
  // cells the net does not claim get no size gradient, so their sizes say nothing either way. No
  // box shown twice in a row is a detector that learns nothing.
  std::optional<Symptom> symptom() const override {
    const std::string causes =
        " Usual causes: a learning rate too high for the net (r34-yolov1's recipe: Adam 7e-4, "
        "gradients clipped at 4, focal objectness; hlotrain list), or --box-param "
        "sqrt-of-prediction, whose sqrt(max(p, 1e-6)) has no gradient at or below 1e-6, where "
        "Adam's first steps can push a whole size channel for good.";
    for (int s = 0; s < 2; ++s)
      if (confidentCells_ >= 2 && sizeLow_[s] == sizeHigh_[s])
        return Symptom{
            "constant-size",
            "all " + std::to_string(confidentCells_) + " cells of the test set " +
                "where the net sees an object (confidence >= " + formatNumber(kShownConfidence) +
                ") predict the same box " + (s == 0 ? "width" : "height") + ", " +
                formatNumber(sizeLow_[s] + 0.0f) + // -0 (max(-0, 0)) printed as 0

                ": its size channel has stopped learning." + causes,
            false};
    if (shown_ == 0)
      return Symptom{"no-boxes",
                     "no detection reached confidence " + formatNumber(kShownConfidence) +
                         " in two evaluations in a row: the detector is learning nothing." + causes,
                     true};
    return std::nullopt;
  }

private:
  void watchSizes(std::span<const float> head) {
    const metrics::YoloDecoding how = decodingFor(io_, loss_);
    const size_t cells = static_cast<size_t>(how.grid * how.grid);
    const auto at = [&](int64_t channel, size_t cell) {
      return head[static_cast<size_t>(channel) * cells + cell];
    };
    for (size_t cell = 0; cell < cells; ++cell) {
      if (!(metrics::decodedConfidence(at(yolo::kConfidence, cell), how) >= kShownConfidence))
        continue;
      ++confidentCells_;
      for (int s = 0; s < 2; ++s) {
        const float size = metrics::decodedSize(at(yolo::kW + s, cell), how);
        sizeLow_[s] = std::min(sizeLow_[s], size);
        sizeHigh_[s] = std::max(sizeHigh_[s], size);
      }
    }
  }

  const data::DatasetIO& io_;
  program::LossOptions loss_;
  data::YoloLabelLayout layout_;
  std::optional<std::vector<std::vector<data::LabelBox>>> full_;
  metrics::MeanAveragePrecision map_;
  int64_t shown_ = 0;          // detections after NMS of confidence >= kShownConfidence
  int64_t confidentCells_ = 0; // cells of confidence >= kShownConfidence
  // The decoded w, h over the confident cells.
  float sizeLow_[2] = {std::numeric_limits<float>::infinity(),
                       std::numeric_limits<float>::infinity()};
  float sizeHigh_[2] = {-std::numeric_limits<float>::infinity(),
                        -std::numeric_limits<float>::infinity()};
};

// Every detection after NMS, one CSV line each, the records numbered in order.
class DetectionsWriter final : public RecordWriter {
public:
  DetectionsWriter(std::string path, const data::DatasetIO& io, const ir::Shape& row,
                   program::LossOptions loss)
      : path_(std::move(path)), io_(io), loss_(std::move(loss)) {
    for (int64_t d : row) perRow_ *= d;
  }

  void add(std::span<const float> logits, int64_t realRows) override {
    for (int64_t r = 0; r < realRows; ++r, ++record_)
      for (const metrics::Detection& d : detectionsOf(
               logits.subspan(static_cast<size_t>(r * perRow_), static_cast<size_t>(perRow_)), io_,
               loss_))
        text_ += std::to_string(record_) + "," + std::to_string(d.cls) + "," +
                 jsonNumber(d.confidence) + "," + jsonNumber(d.box.xmin) + "," +
                 jsonNumber(d.box.ymin) + "," + jsonNumber(d.box.xmax) + "," +
                 jsonNumber(d.box.ymax) + "\n";
  }

  void commit() override { writeFileAtomically(path_, text_); }

private:
  std::string path_;
  const data::DatasetIO& io_;
  program::LossOptions loss_;
  int64_t perRow_ = 1;
  int64_t record_ = 0;
  std::string text_ = "record,class,confidence,xmin,ymin,xmax,ymax\n";
};

class Detection final : public Task {
public:
  std::string_view name() const override { return "detection"; }
  std::string_view headlineField() const override { return "map50"; }

  std::vector<ir::TensorType> labelTypes(const data::DatasetIO& io, int64_t batch,
                                         const program::LossOptions&) const override {
    const int64_t g = gridOf(io);
    return {{ir::ElementType::f32, {batch, yolo::kChannels, g, g}},
            {ir::ElementType::f32, {batch, g, g}}};
  }

  void fillLabels(std::span<const int32_t> words, std::span<ir::Tensor> labels) const override {
    const int64_t grid =
        labels.size() == 2 && labels[1].shape().size() == 3 ? labels[1].shape()[1] : 0;
    const data::YoloLabelLayout layout(grid * yolo::kStride);
    const size_t perRow = layout.bytes / 4;
    const size_t rows = words.size() / perRow;
    if (grid == 0 || rows * perRow != words.size() ||
        static_cast<size_t>(labels[1].shape()[0]) != rows)
      throw RuntimeError("a batch of " + std::to_string(words.size()) +
                         " label words does not fill a YOLOv1 target and mask");
    const size_t target = layout.mask - layout.target, mask = layout.count - layout.mask;
    for (size_t r = 0; r < rows; ++r) {
      const std::span<const uint8_t> row = rowBytes(words, r, layout);
      std::memcpy(labels[0].data<float>() + r * target / 4, row.data() + layout.target, target);
      std::memcpy(labels[1].data<float>() + r * mask / 4, row.data() + layout.mask, mask);
    }
  }

  void checkLoss(const program::LossOptions& loss, const data::DatasetIO& io) const override {
    if (!program::isDetection(loss.kind))
      throw ConfigError("--loss " + std::string(program::lossName(loss.kind)) + " is a " +
                        (program::isPerPixelOnly(loss.kind) ? "per-pixel" : "classification") +
                        " loss, but dataset " + std::string(data::datasetKindName(io.kind())) +
                        " has YOLOv1 box targets (detection takes --loss yolov1)");
  }

  std::unique_ptr<Evaluation> evaluation(const data::DatasetIO& io, const data::Dataset& set,
                                         const program::LossOptions& loss) const override {
    return std::make_unique<MapEvaluation>(io, set, loss);
  }

  // The record's own boxes (at most 56) and the detections of confidence >= 0.25, the 50 most
  // confident: what a person can tell apart on a picture of 224 or 448 pixels.
  std::unique_ptr<Gallery> gallery(const data::DatasetIO& io, const data::Dataset& set,
                                   const program::LossOptions& loss) const override {
    const data::YoloLabelLayout layout(io.inputShape().height);
    return makeGallery(
        io, set, name(),
        [&io, loss, layout](const Picture&, std::span<const float> head,
                            std::span<const int32_t> labels) {
          std::string truth, predicted;
          for (const data::LabelBox& b : data::listedBoxes(rowBytes(labels, 0, layout), layout))
            truth += (truth.empty() ? "[" : ",[") + std::to_string(b.cls) + "," +
                     jsonNumber(b.xmin) + "," + jsonNumber(b.ymin) + "," + jsonNumber(b.xmax) +
                     "," + jsonNumber(b.ymax) + "]";
          std::vector<metrics::Detection> found = detectionsOf(head, io, loss);
          std::erase_if(found, [](const metrics::Detection& d) {
            return !(d.confidence >= kShownConfidence);
          });
          std::stable_sort(found.begin(), found.end(),
                           [](const metrics::Detection& a, const metrics::Detection& b) {
                             return a.confidence > b.confidence;
                           });
          if (found.size() > 50) found.resize(50);
          for (const metrics::Detection& d : found)
            predicted += (predicted.empty() ? "[" : ",[") + std::to_string(d.cls) + "," +
                         jsonNumber(d.confidence) + "," + jsonNumber(d.box.xmin) + "," +
                         jsonNumber(d.box.ymin) + "," + jsonNumber(d.box.xmax) + "," +
                         jsonNumber(d.box.ymax) + "]";
          return ",\"truth\":[" + truth + "],\"predicted\":[" + predicted + "]";
        });
  }

  void checkRecordOutput(RecordOutput output, const data::DatasetIO&) const override {
    if (output == RecordOutput::predictions)
      throw ConfigError("--predictions applies to classification and segmentation; a "
                        "detector's are --detections FILE.csv");
  }

  std::unique_ptr<RecordWriter> recordWriter(RecordOutput, const std::string& path,
                                             const data::DatasetIO& io, const ir::Shape& row,
                                             int64_t,
                                             const program::LossOptions& loss) const override {
    return std::make_unique<DetectionsWriter>(path, io, row, loss);
  }
};

} // namespace

const Task& detection() {
  static const Detection task;
  return task;
}

std::vector<metrics::Detection> detectionsOf(std::span<const float> head, const data::DatasetIO& io,
                                             const program::LossOptions& loss) {
  return metrics::nonMaxSuppression(metrics::decodeYolo(head, decodingFor(io, loss)));
}

} // namespace hlotrain::task

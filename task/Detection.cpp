// Detection: a YOLOv1 target per record. The train step reads the target f32 [B, 30, G, G] and
// the object mask f32 [B, G, G], split from the stored label record (data/Yolo.h); evaluation
// decodes the head, suppresses duplicates per class and scores mAP against every ground-truth
// box (the dataset's full ground truth when it keeps one, else each record's own ≤ 56 boxes).

#include <algorithm>
#include <cstring>

#include "data/Yolo.h"
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
  return how;
}

metrics::GroundTruth truthOf(const data::LabelBox& b) {
  return {b.cls, {b.xmin, b.ymin, b.xmax, b.ymax}};
}

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
      std::vector<metrics::Detection> found =
          detectionsOf(logits.subspan(r * head, head), io_, loss_);
      std::vector<metrics::GroundTruth> truth;
      for (const data::LabelBox& b : full_
                                         ? full_->at(static_cast<size_t>(records[r]))
                                         : data::listedBoxes(rowBytes(labels, r, layout_), layout_))
        truth.push_back(truthOf(b));
      map_.add(static_cast<int32_t>(records[r]), found, truth);
    }
  }

  Scores scores() const override { return map_.compute(); }

private:
  const data::DatasetIO& io_;
  program::LossOptions loss_;
  data::YoloLabelLayout layout_;
  std::optional<std::vector<std::vector<data::LabelBox>>> full_;
  metrics::MeanAveragePrecision map_;
};

class Detection final : public Task {
public:
  std::string_view name() const override { return "detection"; }
  std::string_view headlineField() const override { return "map50"; }

  std::vector<ir::TensorType> labelTypes(const data::DatasetIO& io, int64_t batch) const override {
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
          std::erase_if(found,
                        [](const metrics::Detection& d) { return !(d.confidence >= 0.25f); });
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

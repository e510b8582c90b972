// Segmentation: a class per pixel, labels i32 [B, H, W] (masks cropped and flipped with their
// images), scored by an exact confusion matrix over every pixel of the split, the per-class IoU
// and the dataset's region Dice read off it, and, when the dataset gives every record's case, the
// mean over cases of each case's region Dice (the convention BraTS and nnU-Net report).

#include <algorithm>
#include <map>

#include "metrics/Classification.h"
#include "metrics/Segmentation.h"
#include "support/Error.h"
#include "task/Tasks.h"

namespace hlotrain::task {
namespace {

class ConfusionEvaluation final : public Evaluation {
public:
  ConfusionEvaluation(const data::DatasetIO& io, const data::Dataset& set)
      : numClasses_(io.numClasses()), regions_(io.regions().begin(), io.regions().end()),
        groups_(set.recordGroups()), pooled_(numClasses_) {
    const std::vector<int64_t> shape = io.labelShape();
    pixels_ = shape.empty() ? 1 : shape[0] * shape[1];
  }

  void add(std::span<const float> logits, std::span<const int32_t> labels,
           std::span<const int64_t> records) override {
    const int64_t rows = static_cast<int64_t>(records.size());
    if (static_cast<int64_t>(logits.size()) < rows * numClasses_ * pixels_ ||
        static_cast<int64_t>(labels.size()) < rows * pixels_)
      throw RuntimeError("an evaluation batch of " + std::to_string(rows) + " rows of " +
                         std::to_string(pixels_) + " pixels got " + std::to_string(logits.size()) +
                         " logits and " + std::to_string(labels.size()) + " labels");
    for (int64_t r = 0; r < rows; ++r) {
      metrics::ConfusionMatrix* perCase = caseMatrix(records[static_cast<size_t>(r)]);
      const float* row = logits.data() + r * numClasses_ * pixels_;
      const int32_t* truth = labels.data() + r * pixels_;
      for (int64_t p = 0; p < pixels_; ++p) {
        const int64_t predicted = metrics::argmax(row + p, numClasses_, pixels_);
        pooled_.add(truth[p], predicted);
        if (perCase) perCase->add(truth[p], predicted);
      }
    }
  }

  Scores scores() const override {
    SegmentationScores s;
    s.numClasses = numClasses_;
    s.confusion = pooled_.counts();
    s.iou = metrics::classIou(pooled_);
    s.meanIou = metrics::mean(s.iou);
    s.cases = static_cast<int64_t>(cases_.size());
    for (const data::LabelRegion& region : regions_) {
      RegionScore r{std::string(region.name), metrics::regionDice(pooled_, region.classes), {}};
      if (!cases_.empty()) {
        double sum = 0;
        for (const auto& [id, matrix] : cases_) sum += metrics::regionDice(matrix, region.classes);
        r.perCaseDice = sum / static_cast<double>(cases_.size());
      }
      s.regions.push_back(std::move(r));
    }
    return s;
  }

private:
  metrics::ConfusionMatrix* caseMatrix(int64_t record) {
    if (!groups_) return nullptr;
    const int32_t id = groups_->at(static_cast<size_t>(record));
    return &cases_.try_emplace(id, numClasses_).first->second;
  }

  int64_t numClasses_;
  std::vector<data::LabelRegion> regions_;
  std::optional<std::vector<int32_t>> groups_;
  int64_t pixels_ = 1;
  metrics::ConfusionMatrix pooled_;
  std::map<int32_t, metrics::ConfusionMatrix> cases_; // the cases seen so far
};

class Segmentation final : public PredictingTask {
public:
  std::string_view name() const override { return "segmentation"; }
  std::string_view headlineField() const override { return "dice_mean"; }

  std::vector<ir::TensorType> labelTypes(const data::DatasetIO& io, int64_t batch,
                                         const program::LossOptions&) const override {
    ir::Shape shape{batch};
    for (int64_t d : io.labelShape()) shape.push_back(d);
    return {{ir::ElementType::i32, shape}};
  }

  // Every loss kind but the detector's has a per-pixel form.
  void checkLoss(const program::LossOptions& loss, const data::DatasetIO& io) const override {
    if (program::isDetection(loss.kind))
      throw ConfigError("--loss yolov1 is a detection loss, but dataset " +
                        std::string(data::datasetKindName(io.kind())) +
                        " has per-pixel masks (segmentation takes --loss ce, weighted-ce, focal, "
                        "dice or dice-ce)");
  }

  std::unique_ptr<Evaluation> evaluation(const data::DatasetIO& io, const data::Dataset& set,
                                         const program::LossOptions&) const override {
    return std::make_unique<ConfusionEvaluation>(io, set);
  }

  std::unique_ptr<Gallery> gallery(const data::DatasetIO& io, const data::Dataset& set,
                                   const program::LossOptions&) const override {
    const int64_t numClasses = io.numClasses();
    return makeGallery(
        io, set, name(),
        [numClasses](const Picture& input, std::span<const float> logits,
                     std::span<const int32_t> labels) {
          const int64_t pixels = input.width * input.height;
          std::vector<int32_t> predicted(static_cast<size_t>(pixels));
          for (int64_t p = 0; p < pixels; ++p)
            predicted[static_cast<size_t>(p)] =
                static_cast<int32_t>(metrics::argmax(logits.data() + p, numClasses, pixels));
          return ",\"truth\":\"" + pngUri(overlayClasses(input, labels)) + "\",\"predicted\":\"" +
                 pngUri(overlayClasses(input, predicted)) + "\"";
        },
        overlayColoursJson(numClasses));
  }
};

} // namespace

const Task& segmentation() {
  static const Segmentation task;
  return task;
}

} // namespace hlotrain::task

// Classification: one class index per record, labels i32 [B], scored by top-1 accuracy over every
// record of the split.

#include "metrics/Classification.h"
#include "metrics/Confusion.h"
#include "support/Error.h"
#include "task/Tasks.h"

namespace hlotrain::task {
namespace {

class AccuracyEvaluation final : public Evaluation {
public:
  explicit AccuracyEvaluation(int64_t numClasses)
      : numClasses_(numClasses), confusion_(numClasses) {}

  void add(std::span<const float> logits, std::span<const int32_t> labels,
           std::span<const int64_t> records) override {
    const int64_t rows = static_cast<int64_t>(records.size());
    accuracy_.add(logits, numClasses_, labels, rows);
    confusion_.addLogits(logits, labels, rows, 1);
  }

  Scores scores() const override {
    return ClassificationScores{accuracy_.correct(), accuracy_.total(), numClasses_,
                                confusion_.counts()};
  }

private:
  int64_t numClasses_;
  metrics::Accuracy accuracy_;
  metrics::ConfusionMatrix confusion_;
};

class Classification final : public PredictingTask {
public:
  std::string_view name() const override { return "classification"; }
  std::string_view headlineField() const override { return "accuracy"; }

  std::vector<ir::TensorType> labelTypes(const data::DatasetIO& io, int64_t batch,
                                         const program::LossOptions& loss) const override {
    if (loss.softTargets()) return {{ir::ElementType::f32, {batch, io.numClasses()}}};
    return {{ir::ElementType::i32, {batch}}};
  }

  void checkLoss(const program::LossOptions& loss, const data::DatasetIO& io) const override {
    if (program::isPerPixelOnly(loss.kind) || program::isDetection(loss.kind))
      throw ConfigError(
          "--loss " + std::string(program::lossName(loss.kind)) +
          (program::isDetection(loss.kind) ? " is a detection loss" : " is a per-pixel loss") +
          ", but dataset " + std::string(data::datasetKindName(io.kind())) +
          " has one class label per record (classification takes --loss ce or "
          "focal)");
  }

  std::unique_ptr<Evaluation> evaluation(const data::DatasetIO& io, const data::Dataset&,
                                         const program::LossOptions&) const override {
    return std::make_unique<AccuracyEvaluation>(io.numClasses());
  }

  std::unique_ptr<Gallery> gallery(const data::DatasetIO& io, const data::Dataset& set,
                                   const program::LossOptions&) const override {
    const int64_t numClasses = io.numClasses();
    return makeGallery(io, set, name(),
                       [numClasses](const Picture&, std::span<const float> logits,
                                    std::span<const int32_t> labels) {
                         return ",\"truth\":" + std::to_string(labels[0]) + ",\"predicted\":" +
                                std::to_string(metrics::argmax(logits.data(), numClasses));
                       });
  }
};

} // namespace

const Task& classification() {
  static const Classification task;
  return task;
}

} // namespace hlotrain::task

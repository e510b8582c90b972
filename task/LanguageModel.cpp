// Language modelling: records are windows of token ids, labels the next id at every position
// (i32 [B, T]; −1 where a padded window has no next token), scored by the mean cross-entropy in
// nats over every labelled position of the validation split (summed in double), in bits per token
// (per character for a character vocabulary) and as perplexity (FAMILIES.md 6). Lower is better.

#include <cmath>

#include "support/Error.h"
#include "task/Tasks.h"

namespace hlotrain::task {
namespace {

class CrossEntropyEvaluation final : public Evaluation {
public:
  CrossEntropyEvaluation(int64_t vocabulary, int64_t window, bool characters)
      : vocabulary_(vocabulary), window_(window), characters_(characters) {}

  // The batch's padding rows (past records.size()) are left out.
  void add(std::span<const float> logits, std::span<const int32_t> labels,
           std::span<const int64_t> records) override {
    const size_t positions = records.size() * static_cast<size_t>(window_);
    if (labels.size() < positions || logits.size() < positions * static_cast<size_t>(vocabulary_))
      throw RuntimeError("an evaluation batch of " + std::to_string(records.size()) +
                         " windows of " + std::to_string(window_) + " holds " +
                         std::to_string(labels.size()) + " labels");
    for (size_t i = 0; i < positions; ++i) {
      const int32_t target = labels[i];
      if (target < 0 || target >= vocabulary_) continue;
      const float* z = logits.data() + i * static_cast<size_t>(vocabulary_);
      double top = z[0];
      for (int64_t v = 1; v < vocabulary_; ++v) top = std::max(top, double(z[v]));
      double sum = 0;
      for (int64_t v = 0; v < vocabulary_; ++v) sum += std::exp(double(z[v]) - top);
      nats_ += top + std::log(sum) - double(z[target]);
      ++positions_;
    }
  }

  Scores scores() const override { return LanguageModelScores{nats_, positions_, characters_}; }

private:
  int64_t vocabulary_, window_;
  bool characters_;
  double nats_ = 0;
  int64_t positions_ = 0;
};

// What a language model's evaluation shows of records: nothing yet (a sample of generated text
// belongs to `hlotrain generate`, issue 37 item 5).
class NoGallery final : public Gallery {
public:
  void add(std::span<const float>, std::span<const float>, std::span<const int32_t>,
           std::span<const int64_t>) override {}
  std::string jsonFields() const override { return "\"task\":\"language-model\",\"samples\":[]"; }
};

class LanguageModel final : public Task {
public:
  std::string_view name() const override { return "language-model"; }
  std::string_view headlineField() const override { return "loss"; }
  bool higherIsBetter() const override { return false; }
  RecordNames recordNames() const override { return {"sequences", "seq"}; }

  std::vector<ir::TensorType> labelTypes(const data::DatasetIO& io, int64_t batch,
                                         const program::LossOptions&) const override {
    return {{ir::ElementType::i32, {batch, io.inputShape().width}}};
  }

  void checkLoss(const program::LossOptions& loss, const data::DatasetIO& io) const override {
    if (loss.kind != program::LossKind::crossEntropy || loss.softTargets())
      throw ConfigError(std::string(loss.softTargets()
                                        ? "--cutmix and --mixup mix images"
                                        : "--loss " + std::string(program::lossName(loss.kind))) +
                        ": dataset " + std::string(data::datasetKindName(io.kind())) +
                        " trains a language model, with --loss ce");
  }

  std::unique_ptr<Evaluation> evaluation(const data::DatasetIO& io, const data::Dataset&,
                                         const program::LossOptions&) const override {
    return std::make_unique<CrossEntropyEvaluation>(io.numClasses(), io.inputShape().width,
                                                    io.kind() == data::DatasetKind::text);
  }

  std::unique_ptr<Gallery> gallery(const data::DatasetIO&, const data::Dataset&,
                                   const program::LossOptions&) const override {
    return std::make_unique<NoGallery>();
  }

  void checkRecordOutput(RecordOutput output, const data::DatasetIO&) const override {
    throw ConfigError(
        std::string(output == RecordOutput::predictions ? "--predictions" : "--detections") +
        ": a language model writes no per-record output (its evaluation is the "
        "validation loss)");
  }

  std::unique_ptr<RecordWriter> recordWriter(RecordOutput output, const std::string&,
                                             const data::DatasetIO& io, const ir::Shape&, int64_t,
                                             const program::LossOptions&) const override {
    checkRecordOutput(output, io);
    return nullptr;
  }
};

} // namespace

const Task& languageModel() {
  static const LanguageModel task;
  return task;
}

} // namespace hlotrain::task

// The predictions output classification and segmentation share: the argmax class of every row
// (classification) or pixel (segmentation) of the eval forward's logits, as uint8.

#include <limits>

#include "ir/Npy.h"
#include "metrics/Classification.h"
#include "support/Error.h"
#include "task/Tasks.h"

namespace hlotrain::task {
namespace {

class PredictionsWriter final : public RecordWriter {
public:
  PredictionsWriter(const std::string& path, const ir::Shape& row, int64_t records)
      : numClasses_(row.at(0)), pixels_(row.begin() + 1, row.end()),
        file_(path, ir::TensorType{ir::ElementType::ui8, withRecords(records)}) {
    for (int64_t d : pixels_) spatial_ *= d;
  }

  void add(std::span<const float> logits, int64_t realRows) override {
    const int64_t perRow = numClasses_ * spatial_;
    classes_.resize(static_cast<size_t>(realRows * spatial_));
    for (int64_t r = 0; r < realRows; ++r)
      for (int64_t p = 0; p < spatial_; ++p)
        classes_[static_cast<size_t>(r * spatial_ + p)] = static_cast<uint8_t>(
            metrics::argmax(logits.data() + r * perRow + p, numClasses_, spatial_));
    file_.append(classes_.data(), classes_.size());
  }

  void commit() override { file_.commit(); }

private:
  ir::Shape withRecords(int64_t records) const {
    ir::Shape shape{records};
    shape.insert(shape.end(), pixels_.begin(), pixels_.end());
    return shape;
  }

  int64_t numClasses_;
  ir::Shape pixels_; // of one record: [] or [H, W]
  int64_t spatial_ = 1;
  ir::NpyWriter file_;
  std::vector<uint8_t> classes_; // one batch's
};

} // namespace

void PredictingTask::checkRecordOutput(RecordOutput output, const data::DatasetIO& io) const {
  if (output == RecordOutput::detections)
    throw ConfigError("--detections applies to detection datasets, not " +
                      std::string(data::datasetKindName(io.kind())));
  if (io.numClasses() > std::numeric_limits<uint8_t>::max() + 1)
    throw ConfigError("--predictions stores classes as uint8; dataset " +
                      std::string(data::datasetKindName(io.kind())) + " has " +
                      std::to_string(io.numClasses()) + " classes");
}

std::unique_ptr<RecordWriter> PredictingTask::recordWriter(RecordOutput, const std::string& path,
                                                           const data::DatasetIO&,
                                                           const ir::Shape& row, int64_t records,
                                                           const program::LossOptions&) const {
  return std::make_unique<PredictionsWriter>(path, row, records);
}

} // namespace hlotrain::task

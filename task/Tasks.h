#pragma once
// The tasks, one per file; taskOf() picks among them.

#include <functional>

#include "task/Task.h"

namespace hlotrain::task {

// An 8-bit grey (channels 1) or RGB (3) picture, row-major, interleaved.
struct Picture {
  int64_t width = 0, height = 0;
  int channels = 1;
  std::vector<uint8_t> pixels;
};

// One record a gallery draws: its input as a picture (the dataset's pictureChannels, each
// stretched from its minimum to its maximum over the record), its logits row and its label
// words. Returns the sample's JSON fields after "record" and "image" (",\"truth\":…"), or "".
using DrawSample = std::function<std::string(const Picture& input, std::span<const float> logits,
                                             std::span<const int32_t> labels)>;

// The gallery every task uses: it picks the records and pictures their inputs; `draw` adds what
// the task shows of them.
// `fields` are more of the gallery's JSON fields (",\"colours\":[…]"), or "".
std::unique_ptr<Gallery> makeGallery(const data::DatasetIO& io, const data::Dataset& set,
                                     std::string_view task, DrawSample draw,
                                     std::string fields = "");

std::string pngUri(const Picture& picture);
// The picture in colour with each pixel of class c >= 1 of `classes` (one per pixel) blended
// with class c's colour.
Picture overlayClasses(const Picture& picture, std::span<const int32_t> classes);
// `,"colours":["#rrggbb",…]`: the colours overlayClasses gives classes 1 … numClasses - 1.
std::string overlayColoursJson(int64_t numClasses);

// A task that scores classes (classification, segmentation): its per-record output is the
// predictions, the argmax class of every row or pixel as uint8 (task/Predictions.cpp), refused
// for more than 256 classes; a detector's --detections it refuses.
class PredictingTask : public Task {
public:
  void checkRecordOutput(RecordOutput output, const data::DatasetIO& io) const final;
  std::unique_ptr<RecordWriter> recordWriter(RecordOutput output, const std::string& path,
                                             const data::DatasetIO& io, const ir::Shape& row,
                                             int64_t records,
                                             const program::LossOptions& loss) const final;
};

const Task& classification();
const Task& segmentation();
const Task& detection();
const Task& languageModel();
const Task& languageModel();

} // namespace hlotrain::task

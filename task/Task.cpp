// How each task's scores are compared, logged and printed: the one place the eval record's
// fields are spelled.

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "support/Error.h"
#include "support/Format.h"
#include "task/Tasks.h"

namespace hlotrain::task {
namespace {

template <class... F> struct Overloaded : F... { using F::operator()...; };
template <class... F> Overloaded(F...) -> Overloaded<F...>;

std::string jsonList(const std::vector<double>& values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) out += (i ? "," : "") + jsonNumber(values[i]);
  return out + "]";
}

// Rows by truth: [[conf[0][0], conf[0][1], …], …].
std::string jsonMatrix(int64_t numClasses, const std::vector<int64_t>& confusion) {
  std::string out = "[";
  for (int64_t g = 0; g < numClasses; ++g) {
    out += g ? ",[" : "[";
    for (int64_t p = 0; p < numClasses; ++p)
      out += (p ? "," : "") + std::to_string(confusion[static_cast<size_t>(g * numClasses + p)]);
    out += "]";
  }
  return out + "]";
}

std::string regionsJson(const SegmentationScores& s, bool perCase) {
  if (perCase && s.cases == 0) return "null";
  std::string out = "{";
  for (size_t i = 0; i < s.regions.size(); ++i) {
    const RegionScore& r = s.regions[i];
    out += (i ? ",\"" : "\"") + r.name + "\":" + jsonNumber(perCase ? *r.perCaseDice : r.dice);
  }
  return out + "}";
}

std::string detectionJson(const DetectionScores& s) {
  return "\"map50\":" + jsonNumber(s.map50) + ",\"map\":" + jsonNumber(s.map) +
         ",\"ap50\":" + jsonList(s.ap50) + ",\"detections\":" + std::to_string(s.detections) +
         ",\"ground_truths\":" + std::to_string(s.groundTruths);
}

std::string detectionLine(const DetectionScores& s) {
  return "mAP@0.5 " + formatFixed(s.map50, 4) + ", mAP@[.5:.95] " + formatFixed(s.map, 4) + " (" +
         std::to_string(s.detections) + " detections, " + std::to_string(s.groundTruths) +
         " ground-truth boxes)";
}

std::string detectionTable(const DetectionScores& s) {
  std::string out = "  AP@0.5 per class";
  for (double ap : s.ap50) out += std::isfinite(ap) ? " " + formatFixed(ap, 4) : " -";
  return out + " (- : no ground truth)\n";
}

// "bits_per_char" for a character vocabulary, else "bits_per_token".
std::string languageModelJson(const LanguageModelScores& s) {
  return "\"loss\":" + jsonNumber(s.loss()) + ",\"" +
         (s.characters ? "bits_per_char" : "bits_per_token") + "\":" + jsonNumber(s.bits()) +
         ",\"perplexity\":" + jsonNumber(s.perplexity()) +
         ",\"positions\":" + std::to_string(s.positions);
}

std::string languageModelLine(const LanguageModelScores& s) {
  return "validation loss " + formatFixed(s.loss(), 4) + " nats, " + formatFixed(s.bits(), 4) +
         (s.characters ? " bits per character" : " bits per token") + ", perplexity " +
         formatFixed(s.perplexity(), 2) + " (" + std::to_string(s.positions) + " positions)";
}

std::string classificationJson(const ClassificationScores& s) {
  return "\"accuracy\":" + jsonNumber(s.accuracy()) + ",\"correct\":" + std::to_string(s.correct) +
         ",\"total\":" + std::to_string(s.total) +
         (s.confusion.empty() ? "" : ",\"confusion\":" + jsonMatrix(s.numClasses, s.confusion));
}

std::string segmentationJson(const SegmentationScores& s) {
  return "\"dice\":" + regionsJson(s, false) + ",\"dice_mean\":" + jsonNumber(s.meanRegionDice()) +
         ",\"dice_per_case\":" + regionsJson(s, true) + ",\"cases\":" + std::to_string(s.cases) +
         ",\"iou\":" + jsonList(s.iou) + ",\"miou\":" + jsonNumber(s.meanIou) +
         ",\"confusion\":" + jsonMatrix(s.numClasses, s.confusion);
}

std::string classificationLine(const ClassificationScores& s) {
  return "accuracy " + formatFixed(100 * s.accuracy(), 2) + "% (" + std::to_string(s.correct) +
         "/" + std::to_string(s.total) + ")";
}

std::string segmentationLine(const SegmentationScores& s) {
  std::string out = std::string(s.regions.empty() ? "mIoU " : "mean region Dice ") +
                    formatFixed(s.meanRegionDice(), 4);
  for (size_t i = 0; i < s.regions.size(); ++i)
    out += (i ? ", " : " (") + s.regions[i].name + " " + formatFixed(s.regions[i].dice, 4) +
           (i + 1 == s.regions.size() ? ")" : "");
  return s.regions.empty() ? out : out + ", mIoU " + formatFixed(s.meanIou, 4);
}

std::string segmentationTable(const SegmentationScores& s) {
  char line[128];
  std::string out;
  if (!s.regions.empty()) {
    const std::string perCase =
        s.cases ? "per-case Dice (" + std::to_string(s.cases) + " cases)" : "";
    std::snprintf(line, sizeof line, "  %-8s %-8s %s\n", "region", "Dice", perCase.c_str());
    out += line;
    double perCaseSum = 0;
    for (const RegionScore& r : s.regions) {
      const std::string pc = r.perCaseDice ? formatFixed(*r.perCaseDice, 4) : "";
      std::snprintf(line, sizeof line, "  %-8s %-8s %s\n", r.name.c_str(),
                    formatFixed(r.dice, 4).c_str(), pc.c_str());
      out += line;
      if (r.perCaseDice) perCaseSum += *r.perCaseDice;
    }
    const std::string meanPerCase =
        s.cases ? formatFixed(perCaseSum / static_cast<double>(s.regions.size()), 4) : "";
    std::snprintf(line, sizeof line, "  %-8s %-8s %s\n", "mean",
                  formatFixed(s.meanRegionDice(), 4).c_str(), meanPerCase.c_str());
    out += line;
  }
  out += "  IoU per class";
  for (double v : s.iou) out += " " + formatFixed(v, 4);
  return out + " (mIoU " + formatFixed(s.meanIou, 4) + ")\n";
}

} // namespace

const Task& taskOf(const data::DatasetIO& io) {
  switch (io.labelKind()) {
  case data::LabelKind::mask:
    return segmentation();
  case data::LabelKind::boxes:
    return detection();
  case data::LabelKind::nextTokens:
    return languageModel();
  case data::LabelKind::classIndex:
    break;
  }
  return classification();
}

std::vector<const Task*> allTasks() {
  return {&classification(), &segmentation(), &detection(), &languageModel()};
}

const Task* taskNamed(std::string_view name) {
  for (const Task* task : allTasks())
    if (task->name() == name) return task;
  return nullptr;
}

void Task::fillLabels(std::span<const int32_t> words, std::span<ir::Tensor> labels) const {
  if (labels.size() != 1 || static_cast<size_t>(labels[0].numElements()) != words.size())
    throw RuntimeError("a batch of " + std::to_string(words.size()) +
                       " label words does not fill the train step's labels");
  std::copy(words.begin(), words.end(), labels[0].data<int32_t>());
}

double ClassificationScores::accuracy() const {
  return total == 0 ? 0.0 : static_cast<double>(correct) / static_cast<double>(total);
}

double SegmentationScores::meanRegionDice() const {
  if (regions.empty()) return meanIou;
  double sum = 0;
  for (const RegionScore& r : regions) sum += r.dice;
  return sum / static_cast<double>(regions.size());
}

double LanguageModelScores::loss() const {
  return positions == 0 ? 0.0 : nats / static_cast<double>(positions);
}
double LanguageModelScores::bits() const {
  return loss() / 0.6931471805599453;
}
double LanguageModelScores::perplexity() const {
  return std::exp2(bits());
}

double headline(const Scores& scores) {
  return std::visit(Overloaded{[](const ClassificationScores& s) { return s.accuracy(); },
                               [](const SegmentationScores& s) { return s.meanRegionDice(); },
                               [](const DetectionScores& s) { return s.map50; },
                               [](const LanguageModelScores& s) { return s.loss(); }},
                    scores);
}

std::string_view headlineName(const Scores& scores) {
  return std::visit(
      Overloaded{[](const ClassificationScores&) { return std::string_view("accuracy"); },
                 [](const SegmentationScores& s) {
                   return std::string_view(s.regions.empty() ? "mIoU" : "mean region Dice");
                 },
                 [](const DetectionScores&) { return std::string_view("mAP@0.5"); },
                 [](const LanguageModelScores&) { return std::string_view("validation loss"); }},
      scores);
}

std::string jsonFields(const Scores& scores) {
  return std::visit(Overloaded{[](const ClassificationScores& s) { return classificationJson(s); },
                               [](const SegmentationScores& s) { return segmentationJson(s); },
                               [](const DetectionScores& s) { return detectionJson(s); },
                               [](const LanguageModelScores& s) { return languageModelJson(s); }},
                    scores);
}

std::string summaryLine(const Scores& scores) {
  return std::visit(Overloaded{[](const ClassificationScores& s) { return classificationLine(s); },
                               [](const SegmentationScores& s) { return segmentationLine(s); },
                               [](const DetectionScores& s) { return detectionLine(s); },
                               [](const LanguageModelScores& s) { return languageModelLine(s); }},
                    scores);
}

std::string summaryTable(const Scores& scores) {
  return std::visit(Overloaded{[](const ClassificationScores&) { return std::string(); },
                               [](const SegmentationScores& s) { return segmentationTable(s); },
                               [](const DetectionScores& s) { return detectionTable(s); },
                               [](const LanguageModelScores&) { return std::string(); }},
                    scores);
}

} // namespace hlotrain::task

#pragma once
// Detection scoring of the YOLOv1 head (FORMATS.md "Metrics"): decode one candidate per cell,
// per-class greedy NMS, then an accumulator that matches each record's detections to its ground
// truth as the record arrives and derives VOC's all-point mAP@0.5 and a COCO-style
// mAP@[.5:.95] once from the matched flags.

#include <cstdint>
#include <limits>
#include <span>
#include <unordered_set>
#include <vector>

#include "support/YoloLayout.h"

namespace hlotrain::metrics {

// Normalised image coordinates, (0, 0) the top-left corner.
struct Box {
  float xmin, ymin, xmax, ymax;
};

struct Detection {
  int32_t cls;
  float confidence;
  Box box;
};

struct GroundTruth {
  int32_t cls;
  Box box;
};

// Intersection over union; 0 when the union is empty (two degenerate boxes). A box with
// xmax < xmin or ymax < ymin has area 0, and a non-finite coordinate overlaps nothing.
double iou(const Box& a, const Box& b);

// The head is f32 [30, G, G] channel-major, laid out as support/YoloLayout.h says.
struct YoloDecoding {
  int64_t grid = 7;                       // G
  int64_t numClasses = yolo::kClassSlots; // the class argmax runs over the first numClasses slots
  bool sigmoidConfidence = true; // the model was trained with focal (sigmoid-BCE) objectness
  // The size channels hold √w, √h (YOLOv1's paper, program::BoxParam::sqrt): a box's size is
  // their square, at most 1. Else they hold w, h, read as max(·, 0).
  bool sqrtSizes = true;
  // Cells below this confidence yield nothing; the default keeps every cell, as AP wants (not 0:
  // a raw ch4 can be negative).
  float minConfidence = -std::numeric_limits<float>::infinity();
};

// A cell's confidence as the head's ch4 value `p` decodes: σ(p) or p (sigmoidConfidence).
float decodedConfidence(float p, const YoloDecoding& how);
// A box side as the head's size channel value `p` decodes: min(p², 1) or max(p, 0) (sqrtSizes).
float decodedSize(float p, const YoloDecoding& how);

// One candidate per cell in cell order (row-major (i, j)): confidence σ(ch4) or raw ch4, class
// the argmax over the class slots (first maximum wins), centre ((j + x)/G, (i + y)/G), size
// (min(w², 1), min(h², 1)) or (max(w, 0), max(h, 0)) as `sqrtSizes` says, and the box clipped to
// [0, 1] so a box leaving the image keeps only its visible part. A cell whose confidence is NaN
// cannot be ranked and yields nothing. Throws RuntimeError unless head holds exactly 30·G·G values
// and 1 <= numClasses <= 20.
std::vector<Detection> decodeYolo(std::span<const float> head, const YoloDecoding& how);

// Per-class greedy NMS: within each class, in confidence order (ties: input order), a box is
// kept unless its IoU with a box already kept of its class is > iouThreshold (strictly: two
// boxes of IoU exactly 0.5 both stay). Returns the kept ones in input order, so the output of
// decodeYolo stays in cell order. Throws RuntimeError on a NaN confidence.
std::vector<Detection> nonMaxSuppression(std::span<const Detection> candidates,
                                         double iouThreshold = 0.5);

struct DetectionScores {
  // VOC all-point AP at IoU >= 0.5, averaged over the classes with ground truth (NaN if none).
  double map50 = 0;
  // COCO-style: IoU thresholds 0.50:0.05:0.95, 101-point AP, averaged over the thresholds and
  // the classes with ground truth (NaN if none). Unlike pycocotools there is no cap of 100
  // detections per image (G = 14 gives up to 196), no area ranges and no crowd boxes.
  double map = 0;
  // VOC AP50 per class; NaN for a class without ground truth (it is not in the means). A class
  // with ground truth and no detection scores 0.
  std::vector<double> ap50;
  int64_t detections = 0; // every detection added (the caller adds them after NMS)
  int64_t groundTruths = 0;
};

// Mean average precision over a whole evaluation set: add each record once, compute once. The
// state is one entry per detection (its confidence, where it ranks among ties, and whether it
// matched under each rule and threshold) plus the ground-truth count per class: exact, and
// independent of how the records are batched or ordered.
class MeanAveragePrecision {
public:
  explicit MeanAveragePrecision(int64_t numClasses);

  // One record's detections (after NMS; their order is the tie order within the record, so pass
  // decodeYolo's cell order) and its ground truth. Matching is per record, in confidence order
  // (ties: input order). VOC (AP50): a detection's best-IoU ground truth of its class (first
  // maximum wins) makes it a TP if that IoU is >= 0.5 and the truth is still unmatched, else it
  // is an FP. COCO (per threshold t, as pycocotools): the best-IoU truth of its class among the
  // still unmatched ones with IoU >= t (first maximum wins; pycocotools keeps the last). Throws
  // RuntimeError for a record added before, a class outside [0, numClasses) or a NaN confidence.
  void add(int32_t record, std::span<const Detection> detections,
           std::span<const GroundTruth> truth);

  // Per class, the detections of every record ranked by confidence descending (ties: record
  // number, then input order within the record) give the precision/recall curve.
  DetectionScores compute() const;

private:
  struct Ranked {
    float confidence;
    int32_t record;
    int32_t order;     // index in the record's detections
    bool voc50;        // TP under the VOC rule at IoU 0.5
    uint16_t cocoMask; // bit k: TP under the COCO rule at IoU threshold 0.50 + 0.05·k
  };

  int64_t numClasses_;
  std::vector<std::vector<Ranked>> ranked_; // per class
  std::vector<int64_t> truthCount_;         // per class
  std::unordered_set<int32_t> records_;
  int64_t detections_ = 0;
};

} // namespace hlotrain::metrics

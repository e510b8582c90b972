#pragma once
// What the labels of one loaded split hold, read the way the tasks read them (Batch.cpp, task/):
// a class index per record (DatasetIO::decodeLabel), a mask byte per pixel, or the boxes a YOLOv1
// label part lists (listedBoxes) and, when the dataset keeps them, every ground-truth box
// (Dataset::recordBoxes). `hlotrain data check` prints them.

#include <cstdint>
#include <optional>
#include <vector>

#include "data/Dataset.h"

namespace hlotrain::data {

// How many boxes the records of a split hold.
struct BoxCounts {
  int64_t minimum = 0, maximum = 0, total = 0;
  // histogram[k]: records with 0 boxes (k = 0), else with [2^(k-1), 2^k - 1] boxes; up to the
  // maximum's bin.
  std::vector<int64_t> histogram;
  std::vector<int64_t> perClass; // boxes of each class
  int64_t atCap = 0;             // records listing kYoloMaxBoxes boxes (the record's cap)

  double mean(int64_t records) const {
    return records == 0 ? 0.0 : static_cast<double>(total) / static_cast<double>(records);
  }
};

struct SplitStatistics {
  LabelKind kind = LabelKind::classIndex;
  int64_t records = 0;
  int64_t numClasses = 0;
  // classIndex: records per class; mask: pixels per class over every mask.
  std::vector<int64_t> classCounts;
  int64_t pixels = 0;                 // mask: every pixel of every mask
  std::optional<int64_t> groups;      // distinct record groups (BraTS cases), when known
  std::optional<BoxCounts> listed;    // boxes: what each record lists
  std::optional<BoxCounts> fullTruth; // boxes: every ground-truth box, when the dataset keeps them
};

// The bin of `boxes` in BoxCounts::histogram, and the bin's range.
int64_t boxBin(int64_t boxes);
int64_t boxBinLow(int64_t bin);
int64_t boxBinHigh(int64_t bin);

// Reads every label record of `set` (copied out, so a file truncated since it was loaded is a
// RuntimeError naming it). Throws RuntimeError for a class outside [0, numClasses), which the
// loaders refuse before.
SplitStatistics splitStatistics(const DatasetIO& io, const Dataset& set);

} // namespace hlotrain::data

#include "data/Statistics.h"

#include <algorithm>
#include <bit>
#include <set>
#include <string>

#include "data/Yolo.h"
#include "support/Error.h"

namespace hlotrain::data {
namespace {

void countClass(std::vector<int64_t>& counts, int64_t value, int64_t record, const char* what) {
  if (value < 0 || value >= static_cast<int64_t>(counts.size()))
    throw RuntimeError("record " + std::to_string(record) + " has " + what + " " +
                       std::to_string(value) + ", outside 0.." + std::to_string(counts.size() - 1));
  ++counts[static_cast<size_t>(value)];
}

class BoxTally {
public:
  explicit BoxTally(int64_t numClasses) { counts_.perClass.assign(numClasses, 0); }

  void add(const std::vector<LabelBox>& boxes, int64_t record) {
    const auto n = static_cast<int64_t>(boxes.size());
    counts_.minimum = first_ ? n : std::min(counts_.minimum, n);
    counts_.maximum = first_ ? n : std::max(counts_.maximum, n);
    first_ = false;
    counts_.total += n;
    if (n == kYoloMaxBoxes) ++counts_.atCap;
    const auto bin = static_cast<size_t>(boxBin(n));
    if (counts_.histogram.size() <= bin) counts_.histogram.resize(bin + 1, 0);
    ++counts_.histogram[bin];
    for (const LabelBox& box : boxes)
      countClass(counts_.perClass, box.cls, record, "a box of class");
  }

  BoxCounts counts() const { return counts_; }

private:
  BoxCounts counts_;
  bool first_ = true;
};

} // namespace

int64_t boxBin(int64_t boxes) {
  return boxes <= 0 ? 0 : std::bit_width(static_cast<uint64_t>(boxes));
}

int64_t boxBinLow(int64_t bin) {
  return bin == 0 ? 0 : int64_t{1} << (bin - 1);
}

int64_t boxBinHigh(int64_t bin) {
  return bin == 0 ? 0 : (int64_t{1} << bin) - 1;
}

SplitStatistics splitStatistics(const DatasetIO& io, const Dataset& set) {
  const Geometry& g = set.geometry();
  SplitStatistics s;
  s.kind = io.labelKind();
  s.records = set.size();
  s.numClasses = io.numClasses();
  std::vector<uint8_t> stored(static_cast<size_t>(g.labelBytes));
  if (s.kind == LabelKind::boxes) {
    const YoloLabelLayout layout(io.inputShape().height);
    BoxTally listed(s.numClasses);
    for (int64_t r = 0; r < set.size(); ++r) {
      set.copyLabel(r, stored);
      listed.add(listedBoxes(stored, layout), r);
    }
    s.listed = listed.counts();
    if (const auto& full = set.recordBoxes()) {
      BoxTally all(s.numClasses);
      for (int64_t r = 0; r < set.size(); ++r) all.add((*full)[static_cast<size_t>(r)], r);
      s.fullTruth = all.counts();
    }
    return s;
  }
  s.classCounts.assign(static_cast<size_t>(s.numClasses), 0);
  if (s.kind == LabelKind::mask) {
    // A mask is stored and read one byte per pixel (Batch.cpp).
    for (int64_t r = 0; r < set.size(); ++r) {
      set.copyLabel(r, stored);
      for (uint8_t v : stored) countClass(s.classCounts, v, r, "mask value");
    }
    s.pixels = set.size() * g.labelBytes;
  } else {
    std::vector<int32_t> decoded(static_cast<size_t>(g.labelElements()));
    for (int64_t r = 0; r < set.size(); ++r) {
      set.copyLabel(r, stored);
      io.decodeLabel(stored, decoded);
      countClass(s.classCounts, decoded.at(0), r, "class");
    }
  }
  if (const auto& groups = set.recordGroups())
    s.groups = static_cast<int64_t>(std::set<int32_t>(groups->begin(), groups->end()).size());
  return s;
}

} // namespace hlotrain::data

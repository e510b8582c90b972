#pragma once
// Files of fixed-size records, each one label byte followed by a uint8 image, after an optional
// header: the layout CIFAR-10's binary batches and our Imagenette bins share (FORMATS.md). The
// file is memory-mapped and the records are used where they lie.

#include <cstdint>
#include <memory>
#include <string>

#include "data/Dataset.h"
#include "data/MappedFile.h"

namespace hlotrain::data {

// The run of `count` records of `geometry` (labelBytes 1) starting at byte `headerBytes` of
// `file`, whose length the caller has checked. Throws ParseError naming the path, the record and
// its byte offset when a label is not below geometry.numClasses.
RecordRun labelledRecords(std::shared_ptr<const MappedFile> file, uint64_t headerBytes,
                          uint64_t count, const Geometry& geometry);

// The geometry of such a file: a 3-channel side x side image and a one-byte class label.
Geometry byteLabelledRgb(int64_t side, int64_t numClasses);

// A DatasetIO whose label records are one byte holding the class index.
class ByteLabelIO : public DatasetIO {
public:
  void decodeLabel(std::span<const uint8_t> stored, std::span<int32_t> out) const override;
};

} // namespace hlotrain::data

// The MNIST IDX loader on an arbitrary file, plain or gzipped (the loader detects gzip by its
// magic, so the seeds hold both): the input is the train images beside valid plain labels, and
// the test labels beside valid gzipped images, each set holding 2 records.

#include <zlib.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "data/Mnist.h"
#include "fuzz/Scratch.h"

using namespace hlotrain;

namespace {

constexpr uint32_t kRecords = 2;
constexpr size_t kImageBytes = 28 * 28;

std::vector<uint8_t> idx(std::vector<uint32_t> header, size_t payload) {
  std::vector<uint8_t> bytes;
  for (uint32_t word : header)
    for (int shift = 24; shift >= 0; shift -= 8)
      bytes.push_back(static_cast<uint8_t>(word >> shift));
  for (size_t i = 0; i < payload; ++i) bytes.push_back(static_cast<uint8_t>(i % 10));
  return bytes;
}

void writeGzip(const std::string& name, const std::vector<uint8_t>& bytes) {
  const std::string path = (fuzz::scratchDir() / name).string();
  gzFile file = gzopen(path.c_str(), "wb");
  if (!file || gzwrite(file, bytes.data(), static_cast<unsigned>(bytes.size())) <= 0 ||
      gzclose(file) != Z_OK)
    std::abort(); // a harness failure, not a finding
}

// The partner files never change: write them once.
void writePartners() {
  static const bool written = [] {
    fuzz::writeScratch("train-labels-idx1-ubyte", idx({2049, kRecords}, kRecords));
    writeGzip("t10k-images-idx3-ubyte.gz", idx({2051, kRecords, 28, 28}, kRecords * kImageBytes));
    return true;
  }();
  (void)written;
}

// Every record must be readable, of the right size, and decode to a class below 10; plain images
// must be the input's own bytes.
void checkRecords(const data::Dataset& set, const uint8_t* plainImages) {
  if (set.size() != kRecords) std::abort();
  for (int64_t i = 0; i < set.size(); ++i) {
    std::span<const uint8_t> image = set.image(i);
    if (image.size() != kImageBytes) std::abort();
    if (plainImages && std::memcmp(image.data(), plainImages + 16 + i * kImageBytes, kImageBytes))
      std::abort();
    int32_t label = -1;
    data::mnistIO().decodeLabel(set.label(i), {&label, 1});
    if (label < 0 || label >= 10) std::abort();
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  writePartners();
  fuzz::writeScratch("train-images-idx3-ubyte", {data, size});
  fuzz::writeScratch("t10k-labels-idx1-ubyte.gz", {data, size});
  const std::string dir = fuzz::scratchDir().string();
  const bool gzipped = size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
  fuzz::expectTypedErrors([&] {
    checkRecords(data::mnistIO().load(dir, data::Split::train), gzipped ? nullptr : data);
  });
  fuzz::expectTypedErrors(
      [&] { checkRecords(data::mnistIO().load(dir, data::Split::test), nullptr); });
  return 0;
}

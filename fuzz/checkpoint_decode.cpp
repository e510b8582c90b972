// train::decodeCheckpoint on arbitrary bytes, against a small net with a BatchNorm layer. A
// checkpoint it accepts must re-encode to exactly the same bytes: the format has one spelling. A
// version 1 file re-encodes as version 2: the same bytes with the version 2 and an empty config
// (u32 0) appended.

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "fuzz/Scratch.h"
#include "train/Checkpoint.h"

using namespace hlotrain;

namespace {

// Also the net of the seed corpus (fuzz/README.md): conv 3x3 (2 channels) + BN, flatten, dense 3.
const nn::NetSpec& tinyNet() {
  static const nn::NetSpec spec = [] {
    nn::NetSpec s;
    s.name = "fuzz_tiny";
    s.layers = {nn::convBn(2, 3), nn::flatten(), nn::dense(3)};
    s.input = {1, 4, 4};
    s.numClasses = 3;
    return s;
  }();
  return spec;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::vector<char> bytes(data, data + size);
  fuzz::expectTypedErrors([&] {
    const train::TrainState state = train::decodeCheckpoint(bytes, tinyNet(), "<fuzz>");
    std::vector<char> expected = bytes;
    uint32_t version = 0;
    std::memcpy(&version, expected.data() + 8, 4); // accepted: the header is there
    if (version == 1) {
      const uint32_t two = 2;
      std::memcpy(expected.data() + 8, &two, 4);
      expected.insert(expected.end(), 4, '\0');
    }
    if (train::encodeCheckpoint(state) != expected) std::abort();
  });
  return 0;
}

// ir::readNpz on arbitrary file contents (a zip of .npy members, stored or deflated). Every member
// it accepts must survive writeNpy -> readNpy unchanged, and its name carry no ".npy".

#include <cstdlib>

#include "fuzz/Scratch.h"
#include "ir/Npy.h"
#include "ir/Npz.h"

using namespace hlotrain;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = fuzz::writeScratch("input.npz", {data, size});
  fuzz::expectTypedErrors([&] {
    for (const ir::NpzEntry& entry : ir::readNpz(path)) {
      if (entry.name.ends_with(".npy")) std::abort(); // the suffix is the member's, not the name's
      const std::string copy = (fuzz::scratchDir() / "member.npy").string();
      ir::writeNpy(copy, entry.tensor);
      if (!(ir::readNpy(copy) == entry.tensor)) std::abort();
    }
  });
  return 0;
}

// ir::readNpy on arbitrary file contents. A file it accepts must survive writeNpy -> readNpy
// unchanged, which also exercises the writer on every shape and element type the reader admits.

#include <cstdlib>

#include "fuzz/Scratch.h"
#include "ir/Npy.h"

using namespace hlotrain;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = fuzz::writeScratch("input.npy", {data, size});
  fuzz::expectTypedErrors([&] {
    const ir::Tensor tensor = ir::readNpy(path);
    const std::string copy = (fuzz::scratchDir() / "copy.npy").string();
    ir::writeNpy(copy, tensor);
    if (!(ir::readNpy(copy) == tensor)) std::abort(); // the round trip changed the tensor
  });
  return 0;
}

#pragma once
// NumPy .npz archives (np.savez, np.savez_compressed): a zip of .npy members, read whole, in the
// archive's order (np.savez keeps its keyword order: a torchvision state_dict's order).

#include <string>
#include <vector>

#include "ir/Tensor.h"

namespace hlotrain::ir {

struct NpzEntry {
  std::string name; // the member's name without ".npy"
  Tensor tensor;
};

// Stored and deflated members, zip64 sizes and offsets, each member's CRC-32 checked. Throws
// ParseError naming the path, and the member where one is at fault (not a zip, a truncated or
// corrupt member, a member that is not a .npy, an unsupported compression).
std::vector<NpzEntry> readNpz(const std::string& path);

} // namespace hlotrain::ir

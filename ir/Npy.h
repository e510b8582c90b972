#pragma once
// NumPy .npy (format 1.0/2.0/3.0, little-endian, C order) <-> Tensor, so other tools can feed
// and read hlotrain's inputs and outputs.

#include <string>

#include "ir/Tensor.h"

namespace hlotrain::ir {

// Throws ParseError naming the path and what was wrong (magic, header, dtype, length).
Tensor readNpy(const std::string& path);
// Writes atomically (temp file + rename). Throws RuntimeError on I/O failure.
void writeNpy(const std::string& path, const Tensor& tensor);

} // namespace hlotrain::ir

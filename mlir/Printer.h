#pragma once
// IR -> StableHLO text, in the pretty form XLA/JAX print. The output re-parses to the same IR, so
// print(parse(print(m))) == print(m) byte for byte.

#include <string>

#include "ir/Op.h"

namespace hlotrain::mlir {

std::string print(const ir::Module& module);

// `dense<...>` for a constant (without the trailing `: tensor<...>`): a splat when every element is
// equal, nested lists for small tensors, raw little-endian hex bytes for large ones.
std::string printDenseLiteral(const ir::Tensor& value);

// A float in MLIR syntax that re-parses to the same bits: `1.000000e+00` when six digits suffice,
// the shortest round-trip decimal otherwise, and hex bits (`0x7FC00000`) for NaN and infinities.
std::string formatFloat(float value);
std::string formatFloat(double value);
std::string formatFloat(ir::BFloat16 value);
std::string formatFloat(ir::Float16 value);

} // namespace hlotrain::mlir

#pragma once
// StableHLO text -> IR. Reads the pretty form XLA/JAX print and MLIR's generic form
// (`"stablehlo.add"(%a, %b) : (...) -> ...`), plus the `check` dialect of the StableHLO test
// suites. Ops are built through ir::Builder, so result types come from ir/ShapeInference and the
// types written in the text are checked against them.
//
// Errors: ParseError "file:line:col: message" for malformed text; UnsupportedError
// "unsupported: <what> at file:line:col" for well-formed ops, types or attributes outside our
// subset; VerifyError (prefixed with the location) when the builder rejects an ill-typed op.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "ir/Op.h"

namespace hlotrain::mlir {

// Parses exactly one module (an explicit `module`, a generic `"builtin.module"`, or bare
// functions).
ir::Module parse(std::string_view text, std::string_view fileName = "<input>");

// Parses a file holding several modules separated by lines `// -----`; chunks holding only
// comments are skipped.
std::vector<ir::Module> parseSplit(std::string_view text, std::string_view fileName = "<input>");

// Per argument of `f`, the result it is donated to (`tf.aliasing_output = k : i32` in its
// attribute dictionary, the declaration XLA, IREE and our cpu lowerer read), or nullopt. Throws
// ParseError for a malformed dictionary and VerifyError for an index outside the results or one
// result aliased twice.
std::vector<std::optional<int64_t>> aliasingOutputs(const ir::Function& f);

} // namespace hlotrain::mlir

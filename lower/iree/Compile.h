#pragma once
// The iree lowerer's compile step: `<prefix>_<graph>.mlir` becomes `<prefix>_<graph>.vmfb` by
// running iree-compile, skipped when the sidecar `<vmfb>.hash` holds the key of the same inputs.
// Compiling a training step takes minutes, so the cache is what makes a second run start fast;
// the key is what makes it safe.

#include <string>
#include <string_view>
#include <vector>

namespace hlotrain::iree {

// What iree-compile is run as; see LOWERERS.md §4 for the flags each field becomes.
struct IreeTarget {
  std::string compiler;   // an absolute path to iree-compile
  std::string backend;    // llvm-cpu, cuda, rocm or vulkan
  std::string chip;       // empty: the backend's default (the host's CPU on llvm-cpu)
  std::string extraFlags; // passed on after ours, split on whitespace
};

// From IREE_COMPILE (else iree-compile on PATH), IREE_BACKEND (default llvm-cpu), IREE_CHIP and
// IREE_EXTRA_FLAGS. Throws UnsupportedError, naming where it looked, when there is no compiler,
// and ConfigError for a backend outside the four.
IreeTarget ireeTargetFromEnvironment();

// iree-compile's arguments (the program itself not included) to compile `mlir` into `out`.
// Throws ConfigError for an unknown backend.
std::vector<std::string> compileArguments(const IreeTarget& target, const std::string& mlir,
                                          const std::string& out);

// 64 hex digits over everything that decides the vmfb's bytes: the MLIR text and the flags the
// backend, chip and extra flags become. Keyed on the flags rather than the raw settings, so that
// spacing in IREE_EXTRA_FLAGS changes nothing and a change in how we spell a target recompiles.
// The compiler's path is not part of it: the same compiler reached another way must not
// recompile.
std::string cacheKey(const IreeTarget& target, std::string_view mlirText);

struct CompiledGraph {
  std::string artifact; // the vmfb
  bool cached;          // true: the vmfb was already up to date and nothing ran
  double seconds;       // wall time of the compile; 0 when cached
};

// Makes `vmfbPath` from `mlirPath` unless its sidecar holds the current key. A vmfb never sits
// beside a hash it does not match: the stale sidecar and vmfb go first, the new vmfb appears by
// rename, then its sidecar. Throws RuntimeError naming `graphName` and `mlirPath` when the MLIR
// cannot be read or the compiler fails (with its exit status and first 20 output lines); a
// failed compile leaves neither vmfb, sidecar nor temporary file.
CompiledGraph compileGraph(const IreeTarget& target, const std::string& mlirPath,
                           const std::string& vmfbPath, std::string_view graphName);

} // namespace hlotrain::iree

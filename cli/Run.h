#pragma once
// `hlotrain run`: execute any StableHLO .mlir file on a lowerer and judge its check ops.
// The pieces are separate so tests can run a file in-process and look at the results.

#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "ir/Tensor.h"
#include "lower/cpu/Checks.h"
#include "lower/select/Select.h"

namespace hlotrain::cli {

struct RunOptions {
  std::string file;
  std::string entry;               // empty: `main`, else the module's only public function
  std::vector<std::string> inputs; // .npy files, one per entry argument, in order
  std::string outputDir;           // empty: results are not written
  bool reference = false;          // the reference interpreter instead of the fast path
  lower::LowererChoice lowerer;    // where the modules run (default cpu)
};

struct RunOutcome {
  cpu::CheckLog checks; // over all modules; execution stops at the first failing module
  std::vector<std::vector<ir::Tensor>> results; // per module that ran, the entry's results
};

// Reads, parses, verifies and plans every module of the file before running any, so malformed
// (ParseError, VerifyError) and unsupported (UnsupportedError) input is reported up front; then
// runs each module's entry. Throws the typed errors of support/Error.h and cli::UsageError.
RunOutcome executeFile(const RunOptions& options);

// Where result `index` of module `module` goes: out<K>.npy, or out<M>_<K>.npy when the file
// holds several modules.
std::string outputPath(const std::string& dir, size_t moduleCount, size_t module, size_t index);

// The `run` subcommand: argument parsing, execution, the report and the exit code (0 passed,
// 1 a check failed or the run failed). Typed errors propagate to the dispatcher.
int runCommand(std::span<const std::string> args, std::ostream& out);
extern const char* const kRunUsage;

} // namespace hlotrain::cli

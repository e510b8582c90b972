#include "cli/Run.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "cli/Args.h"
#include "ir/Npy.h"
#include "ir/Verifier.h"
#include "lower/cpu/Executable.h"
#include "lower/cpu/Interpreter.h"
#include "mlir/Parser.h"
#include "support/Error.h"

namespace hlotrain::cli {

const char* const kRunUsage =
    R"(usage: hlotrain run FILE.mlir [--entry NAME] [--input FILE.npy]... [--output DIR] [--reference]

Parses FILE (modules separated by `// -----`), verifies it, plans it on the cpu lowerer and runs
each module's entry function, evaluating its check ops.

  --entry NAME      function to run in every module (default: `main`, else the only public one)
  --input FILE.npy  one per entry argument, in argument order (repeat the flag)
  --output DIR      after a fully successful run, write result K to DIR/outK.npy
                    (DIR/outM_K.npy for module M when the file holds several modules)
  --reference       run on the reference interpreter instead of the fast path

Prints `N checks passed`, or the first failing check. Exit codes: 0 passed; 1 a check failed or
the run failed (inputs of the wrong count, type or shape; I/O); 2 malformed input (.mlir or .npy)
or command line; 3 unsupported op, type or attribute (reported before anything runs).
)";

namespace {

std::string readFile(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw UsageError("cannot read '" + path + "': is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read '" + path + "': " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw UsageError("cannot read '" + path + "': I/O error");
  return text.str();
}

const ir::Function& selectEntry(const ir::Module& module, const std::string& requested,
                                const std::string& where) {
  if (!requested.empty()) {
    if (const ir::Function* f = module.lookup(requested)) return *f;
    throw UsageError(where + ": no function @" + requested);
  }
  if (const ir::Function* f = module.lookup("main")) return *f;
  const ir::Function* only = nullptr;
  int publicCount = 0;
  for (const auto& f : module.functions) {
    if (!f->isPublic) continue;
    only = f.get();
    ++publicCount;
  }
  if (publicCount != 1)
    throw UsageError(where + ": no @main and " + std::to_string(publicCount) +
                     " public functions; choose one with --entry");
  return *only;
}

// Inputs are checked before anything runs so a mismatch names the argument and the file.
void checkInputs(const ir::Function& entry, const std::vector<ir::Tensor>& inputs,
                 const std::vector<std::string>& paths, const std::string& where) {
  std::vector<ir::TensorType> types = entry.argumentTypes();
  if (types.size() != inputs.size())
    throw RuntimeError(where + ": @" + entry.name + " takes " + std::to_string(types.size()) +
                       (types.size() == 1 ? " argument" : " arguments") + " but " +
                       std::to_string(inputs.size()) + " --input given");
  for (size_t i = 0; i < types.size(); ++i) {
    if (inputs[i].type() == types[i]) continue;
    throw RuntimeError(where + ": argument %arg" + std::to_string(i) + " of @" + entry.name +
                       " is " + ir::toString(types[i]) + " but '" + paths[i] + "' holds " +
                       ir::toString(inputs[i].type()));
  }
}

std::string moduleLabel(const RunOptions& options, size_t index, size_t count) {
  if (count == 1) return options.file;
  return options.file + " (module " + std::to_string(index + 1) + " of " + std::to_string(count) +
         ")";
}

// Writes every result or none: files already written are removed when a later one fails.
void writeOutputs(const std::string& dir, const std::vector<std::vector<ir::Tensor>>& results) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw RuntimeError("cannot create output directory '" + dir + "': " + ec.message());
  std::vector<std::string> written;
  try {
    for (size_t m = 0; m < results.size(); ++m) {
      for (size_t k = 0; k < results[m].size(); ++k) {
        std::string path = outputPath(dir, results.size(), m, k);
        ir::writeNpy(path, results[m][k]);
        written.push_back(path);
      }
    }
  } catch (...) {
    for (const std::string& path : written) std::filesystem::remove(path, ec);
    throw;
  }
}

std::string describe(const cpu::CheckFailure& failure) {
  std::string line = "FAIL: " + failure.op;
  if (failure.elementIndex >= 0) line += " at element " + std::to_string(failure.elementIndex);
  line += ": actual " + failure.actual + ", expected " + failure.expected;
  if (!failure.detail.empty()) line += " (" + failure.detail + ")";
  return line;
}

} // namespace

std::string outputPath(const std::string& dir, size_t moduleCount, size_t module, size_t index) {
  std::string name = moduleCount == 1
                         ? "out" + std::to_string(index)
                         : "out" + std::to_string(module) + "_" + std::to_string(index);
  return (std::filesystem::path(dir) / (name + ".npy")).string();
}

RunOutcome executeFile(const RunOptions& options) {
  std::string text = readFile(options.file);
  std::vector<ir::Module> modules = mlir::parseSplit(text, options.file);
  if (modules.empty()) throw ParseError(options.file + ": no module to run");
  for (const ir::Module& module : modules) ir::verify(module);

  std::vector<ir::Tensor> inputs;
  for (const std::string& path : options.inputs) inputs.push_back(ir::readNpy(path));

  std::vector<const ir::Function*> entries;
  for (size_t m = 0; m < modules.size(); ++m) {
    std::string where = moduleLabel(options, m, modules.size());
    entries.push_back(&selectEntry(modules[m], options.entry, where));
    checkInputs(*entries.back(), inputs, options.inputs, where);
  }

  // Plan everything first: an unsupported construct in the last module stops the run before the
  // first module executes.
  std::vector<std::unique_ptr<cpu::Executable>> executables;
  if (!options.reference)
    for (size_t m = 0; m < modules.size(); ++m)
      executables.push_back(cpu::Executable::compile(modules[m], entries[m]->name));

  RunOutcome outcome;
  for (size_t m = 0; m < modules.size() && !outcome.checks.firstFailure; ++m) {
    outcome.results.push_back(options.reference
                                  ? cpu::interpret(modules[m], *entries[m], inputs, &outcome.checks)
                                  : executables[m]->run(inputs, &outcome.checks));
  }
  return outcome;
}

int runCommand(std::span<const std::string> args, std::ostream& out) {
  static constexpr FlagSpec kFlags[] = {
      {"--entry"}, {"--input", true, true}, {"--output"}, {"--reference", false}};
  ParsedArgs parsed = parseArgs(args, kFlags);
  if (parsed.positional.size() != 1)
    throw UsageError(parsed.positional.empty()
                         ? "run: missing FILE.mlir"
                         : "run: unexpected argument '" + parsed.positional[1] + "'");
  RunOptions options{parsed.positional[0], parsed.value("--entry"), parsed.values("--input"),
                     parsed.value("--output"), parsed.has("--reference")};
  if (parsed.has("--output") && options.outputDir.empty())
    throw UsageError("flag '--output' needs a directory");

  RunOutcome outcome = executeFile(options);
  if (outcome.checks.firstFailure) {
    out << describe(*outcome.checks.firstFailure) << "\n";
    return 1;
  }
  if (!options.outputDir.empty()) writeOutputs(options.outputDir, outcome.results);
  out << outcome.checks.passed << " checks passed\n";
  return 0;
}

} // namespace hlotrain::cli

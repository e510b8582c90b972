#include "cli/Run.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "cli/Args.h"
#include "cli/LowererFlags.h"
#include "ir/Npy.h"
#include "ir/Verifier.h"
#include "lower/cpu/Checks.h"
#include "mlir/Parser.h"
#include "mlir/Printer.h"
#include "support/Error.h"

namespace hlotrain::cli {

const char* const kRunUsage =
    R"(usage: hlotrain run FILE.mlir [--entry NAME] [--input FILE.npy]... [--output DIR] [--reference]
                    [--lowerer NAME] [--pjrt-plugin PATH]

Parses FILE (modules separated by `// -----`), verifies it, compiles every module on the lowerer
(default cpu) and runs each module's entry function, evaluating its check ops. The check ops of
the entry function become extra results of the graph the lowerer runs (renamed @main, as PJRT
expects) and are judged on the host, so a file is judged the same way on every lowerer; check
ops in other functions are refused.

  --entry NAME      function to run in every module (default: `main`, else the only public one)
  --input FILE.npy  one per entry argument, in argument order (repeat the flag)
  --output DIR      after a fully successful run, write result K to DIR/outK.npy
                    (DIR/outM_K.npy for module M when the file holds several modules)
  --reference       run on the cpu lowerer's reference interpreter instead of its fast path
  --lowerer NAME, --pjrt-plugin PATH
                    where the modules run (see `hlotrain --help`)

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

ir::Function& selectEntry(const ir::Module& module, const std::string& requested,
                          const std::string& where) {
  if (!requested.empty()) {
    if (ir::Function* f = module.lookup(requested)) return *f;
    throw UsageError(where + ": no function @" + requested);
  }
  if (ir::Function* f = module.lookup("main")) return *f;
  ir::Function* only = nullptr;
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

// A module's check ops taken out of its entry function: what they judged became results of the
// entry (after its own), so any lowerer can run the module and the host judges them.
struct HoistedChecks {
  struct Check {
    std::unique_ptr<ir::Op> op; // operands still point into the module
    size_t firstResult;
  };
  std::vector<Check> checks;
  size_t entryResults = 0; // the entry's own results, before the judged values
};

// Check ops outside the entry's top level are refused: they would have no result to become.
void refuseNestedChecks(const ir::Region& region, const std::string& where) {
  for (const std::unique_ptr<ir::Op>& op : region.ops) {
    if (ir::isCheck(op->kind))
      throw UnsupportedError(where + ": check ops are judged in the entry function only");
    for (const std::unique_ptr<ir::Region>& r : op->regions) refuseNestedChecks(*r, where);
  }
}

HoistedChecks hoistChecks(ir::Module& module, ir::Function& entry, const std::string& where) {
  for (const std::unique_ptr<ir::Function>& f : module.functions)
    if (f.get() != &entry) refuseNestedChecks(f->body, where + " (@" + f->name + ")");
  for (const std::unique_ptr<ir::Op>& op : entry.body.ops)
    for (const std::unique_ptr<ir::Region>& r : op->regions) refuseNestedChecks(*r, where);
  if (entry.name != "main" && module.lookup("main"))
    throw UsageError(where + ": the entry @" + entry.name +
                     " would run as @main, but the module already has one");
  HoistedChecks hoisted;
  hoisted.entryResults = entry.body.results.size();
  std::vector<ir::Value*> results = entry.body.results;
  std::vector<std::unique_ptr<ir::Op>> kept;
  for (std::unique_ptr<ir::Op>& op : entry.body.ops) {
    if (!ir::isCheck(op->kind)) {
      kept.push_back(std::move(op));
      continue;
    }
    hoisted.checks.push_back({nullptr, results.size()});
    results.insert(results.end(), op->operands.begin(), op->operands.end());
    hoisted.checks.back().op = std::move(op);
  }
  entry.body.ops = std::move(kept);
  entry.setResults(std::move(results));
  entry.resultAttributes.resize(entry.body.results.size());
  entry.name = "main";
  entry.isPublic = true;
  return hoisted;
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

  std::vector<ir::Function*> entries;
  for (size_t m = 0; m < modules.size(); ++m) {
    std::string where = moduleLabel(options, m, modules.size());
    entries.push_back(&selectEntry(modules[m], options.entry, where));
    checkInputs(*entries.back(), inputs, options.inputs, where);
  }

  // Compile everything first: an unsupported construct in the last module stops the run before
  // the first module executes.
  lower::LowererChoice choice = options.lowerer;
  choice.reference = choice.reference || options.reference;
  std::unique_ptr<lower::Lowerer> lowerer = lower::makeLowerer(choice);
  std::vector<HoistedChecks> checks;
  std::vector<std::unique_ptr<lower::Session>> sessions;
  for (size_t m = 0; m < modules.size(); ++m) {
    std::string where = moduleLabel(options, m, modules.size());
    checks.push_back(hoistChecks(modules[m], *entries[m], where));
    sessions.push_back(lowerer->compile(mlir::print(modules[m]), where));
  }

  RunOutcome outcome;
  for (size_t m = 0; m < modules.size() && !outcome.checks.firstFailure; ++m) {
    std::vector<ir::Tensor> results = sessions[m]->run(inputs);
    for (const HoistedChecks::Check& c : checks[m].checks)
      cpu::evaluateCheck(
          *c.op, std::span<const ir::Tensor>(results).subspan(c.firstResult, c.op->operands.size()),
          outcome.checks);
    results.resize(checks[m].entryResults);
    outcome.results.push_back(std::move(results));
  }
  return outcome;
}

int runCommand(std::span<const std::string> args, std::ostream& out) {
  static constexpr FlagSpec kFlags[] = {{"--entry"},      {"--input", true, true},
                                        {"--output"},     {"--reference", false},
                                        kLowererFlags[0], kLowererFlags[1]};
  ParsedArgs parsed = parseArgs(args, kFlags);
  if (parsed.positional.size() != 1)
    throw UsageError(parsed.positional.empty()
                         ? "run: missing FILE.mlir"
                         : "run: unexpected argument '" + parsed.positional[1] + "'");
  RunOptions options{parsed.positional[0],     parsed.value("--entry"),   parsed.values("--input"),
                     parsed.value("--output"), parsed.has("--reference"), lowererChoice(parsed)};
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

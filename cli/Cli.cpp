#include "cli/Cli.h"

#include <algorithm>
#include <new>
#include <string_view>

#include "cli/Args.h"
#include "cli/Bench.h"
#include "cli/DataCheck.h"
#include "cli/Diff.h"
#include "cli/Generate.h"
#include "cli/LowererFlags.h"
#include "cli/Report.h"
#include "cli/Run.h"
#include "cli/Runs.h"
#include "cli/Tokenize.h"
#include "cli/Train.h"
#include "support/Error.h"
#include "support/Version.h"

namespace hlotrain::cli {

namespace {

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*main)(std::span<const std::string> args, std::ostream& out);
  std::string (*usage)(); // its --help
};

// A new subcommand is one row here plus its own file.
constexpr Command kCommands[] = {
    {"run", "execute a StableHLO .mlir file on a lowerer and evaluate its checks", runCommand,
     [] { return std::string(kRunUsage); }},
    {"train", "train a net on a dataset (graphs, schedule, evaluation, checkpoints)", trainCommand,
     trainUsage},
    {"eval", "evaluate a checkpoint on every test record", evalCommand, evalUsage},
    {"emit", "write a net's forward, eval-forward and train-step StableHLO", emitCommand,
     emitUsage},
    {"bench", "train-step and eval throughput of a net on synthetic input, as one JSON line",
     benchCommand, [] { return std::string(kBenchUsage); }},
    {"diff", "one train step and one eval forward through two lowerers, compared", diffCommand,
     [] { return std::string(kDiffUsage); }},
    {"list", "list the nets with their parameter counts and input geometry", listCommand,
     [] { return std::string(kListUsage); }},
    {"report", "a run's metrics, config and plots as one self-contained HTML page", reportCommand,
     [] { return std::string(kReportUsage); }},
    {"runs", "one line per run in an artifacts folder: net, epochs, best score, step, size",
     runsCommand, [] { return std::string(kRunsUsage); }},
    {"data", "data check: load every file of a dataset, print its splits' label statistics",
     dataCommand, [] { return std::string(kDataUsage); }},
    {"generate", "sample text from a language model trained on a text", generateCommand,
     [] { return std::string(kGenerateUsage); }},
    {"tokenize", "train a SentencePiece tokenizer on a text and write the text as token files",
     tokenizeCommand, [] { return std::string(kTokenizeUsage); }},
};

void printUsage(std::ostream& out) {
  out << "usage: hlotrain COMMAND [ARGS...]\n\ncommands:\n";
  for (const Command& c : kCommands) out << "  " << c.name << "  " << c.summary << "\n";
  out << "\nrun, train, eval, bench and diff run graphs on a lowerer:\n" << kLowererUsage;
  out << "\n`hlotrain COMMAND --help` describes a command; `hlotrain --version` prints the "
         "version and the git commit built.\n";
}

bool wantsHelp(std::span<const std::string> args) {
  for (const std::string& arg : args) {
    if (arg == "--") return false;
    if (arg == "--help" || arg == "-h") return true;
  }
  return false;
}

int dispatch(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    printUsage(err);
    return kMalformed;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    printUsage(out);
    return kOk;
  }
  if (args[0] == "--version") {
    if (args.size() > 1) throw UsageError("--version takes no argument");
    out << versionLine() << "\n";
    return kOk;
  }
  auto command = std::find_if(std::begin(kCommands), std::end(kCommands),
                              [&](const Command& c) { return c.name == args[0]; });
  if (command == std::end(kCommands))
    throw UsageError("unknown command '" + args[0] + "' (try `hlotrain --help`)");
  std::span<const std::string> rest = args.subspan(1);
  if (wantsHelp(rest)) {
    out << command->usage();
    return kOk;
  }
  return command->main(rest, out);
}

} // namespace

int runCli(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
  // The one place where errors become exit codes; nothing below calls exit().
  try {
    return dispatch(args, out, err);
  } catch (const UsageError& e) {
    err << "error: " << e.what() << "\n";
    return kMalformed;
  } catch (const ParseError& e) {
    err << e.what() << "\n";
    return kMalformed;
  } catch (const VerifyError& e) {
    err << e.what() << "\n";
    return kMalformed;
  } catch (const ConfigError& e) {
    err << "error: " << e.what() << "\n";
    return kMalformed;
  } catch (const UnsupportedError& e) {
    std::string_view message = e.what();
    err << (message.starts_with("unsupported") ? "" : "unsupported: ") << message << "\n";
    return kUnsupported;
  } catch (const RuntimeError& e) {
    err << "error: " << e.what() << "\n";
    return kFailed;
  } catch (const std::bad_alloc&) {
    err << "error: out of memory\n";
    return kFailed;
  } catch (const std::exception& e) {
    err << "internal error: " << e.what() << "\n";
    return kFailed;
  } catch (...) {
    err << "internal error: unknown exception\n";
    return kFailed;
  }
}

} // namespace hlotrain::cli

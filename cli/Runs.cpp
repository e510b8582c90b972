#include "cli/Runs.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <vector>

#include "cli/Args.h"
#include "cli/Cli.h"
#include "nn/Zoo.h"
#include "program/Program.h"
#include "report/Report.h"
#include "support/AtomicFile.h"
#include "support/Error.h"
#include "support/Format.h"
#include "support/RunFiles.h"
#include "task/Task.h"
#include "train/Checkpoint.h"

namespace hlotrain::cli {

const char* const kRunsUsage = R"(usage: hlotrain runs [DIR]

Lists the training runs in an artifacts folder (DIR, default .hlotrain: `hlotrain train
--artifacts`), one line each, sorted by name. A run is a prefix with a `_metrics.jsonl` and/or a
`_checkpoint.bin` (`<net>[_<tag>]`). Its line shows:

  RUN       the prefix's name
  NET       the net the log's run record names; for a log without one, the zoo net the prefix
            names (`hlotrain list`), ? when it names none
  DATASET   the dataset the checkpoint's stored config (or the run record) names; ? when none does
  EPOCHS    epochs done: the last epoch record of the log, else the checkpoint's epoch
  METRIC    the eval records' headline field: accuracy, dice_mean (mean region Dice), map50
            or a language model's loss
  BEST      its best value (a language model's lowest loss), and AT EPOCH the (first) epoch
            that scored it
  STEP      the global step of the last checkpoint (`_checkpoint.bin`)
  SIZE      every file of the run on disk (graphs, checkpoints, logs, reports, ...)

`-` marks what the files do not hold (no evaluation yet, no checkpoint). A run whose log or
checkpoint cannot be read shows `unreadable: <file>: <reason>` instead of its figures; the
others are listed as usual.

Exit codes: 0 listed (also when DIR holds no run, or a run is unreadable); 2 DIR does not exist
or is not a directory, or a bad command line.
)";

namespace {

namespace fs = std::filesystem;

// A run's files by its name in `dir` (support/RunFiles.h); with no name, their suffixes.
RunFiles filesOf(const fs::path& dir, const std::string& name) {
  return {(dir / name).string()};
}
const RunFiles kSuffixes{""};

// The eval records' headline fields, one per task (task::Task::headlineField), and whether more is
// better there (a language model's loss is not).
const std::vector<std::pair<std::string, bool>>& headlineFields() {
  static const std::vector<std::pair<std::string, bool>> fields = [] {
    std::vector<std::pair<std::string, bool>> f;
    for (const task::Task* task : task::allTasks())
      f.emplace_back(task->headlineField(), task->higherIsBetter());
    return f;
  }();
  return fields;
}

// The zoo net a run's prefix name names: `<sanitized net>[_<tag>]`, the longest net name that
// fits (program::buildPrefix).
std::optional<std::string> netOfPrefix(const std::string& stem) {
  std::optional<std::string> net;
  size_t longest = 0;
  for (const nn::NetSpec& spec : nn::zoo()) {
    const std::string s = program::sanitizedName(spec.name);
    if ((stem == s || stem.starts_with(s + "_")) && s.size() > longest) {
      longest = s.size();
      net = nn::cliName(spec);
    }
  }
  return net;
}

std::string readText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RuntimeError(path.filename().string() + ": cannot read: " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The dataset a version-2 checkpoint's stored config names (its "dataset" key), if any.
std::optional<std::string> storedDataset(const fs::path& checkpoint) {
  const std::optional<std::string> config = train::readCheckpointConfig(checkpoint.string());
  if (!config) return std::nullopt;
  const nlohmann::json stored = nlohmann::json::parse(*config, nullptr, false);
  if (stored.is_object() && stored.contains("dataset") && stored["dataset"].is_string())
    return stored["dataset"].get<std::string>();
  return std::nullopt;
}

std::string sizeText(uintmax_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + " B";
  static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes) / 1024;
  size_t unit = 0;
  for (; v >= 1024 && unit + 1 < std::size(kUnits); ++unit) v /= 1024;
  return formatFixed(v, 1) + " " + kUnits[unit];
}

struct Run {
  std::string name;
  std::vector<fs::path> files;
  uintmax_t bytes = 0;
  bool hasLog = false, hasCheckpoint = false;
};

// The row of one run: its cells, or its name, net and what could not be read.
std::vector<std::string> runRow(const fs::path& dir, const Run& run) {
  std::string net = netOfPrefix(run.name).value_or("?");
  std::string dataset = "?", epochs = "-", metric = "-", best = "-", atEpoch = "-", step = "-";
  try {
    if (run.hasCheckpoint) {
      const fs::path checkpoint = filesOf(dir, run.name).checkpoint();
      const train::DataPosition position =
          train::readCheckpointHeader(checkpoint.string()).position;
      step = std::to_string(position.step);
      epochs = std::to_string(position.epoch);
      dataset = storedDataset(checkpoint).value_or("?");
    }
    const fs::path logPath = filesOf(dir, run.name).metrics();
    const std::string text = run.hasLog ? readText(logPath) : "";
    if (text.find_first_not_of(" \t\r\n") != std::string::npos) {
      const report::RunLog log = report::readRunLog(logPath.string());
      if (log.header) { // what the run says it was, not what its name suggests
        net = nn::cliName(log.header->net);
        if (dataset == "?") dataset = log.header->dataset;
      }
      if (!log.epochs.empty()) epochs = std::to_string(log.epochs.back().epoch);
      std::optional<double> top;
      for (const report::EvalRecord& e : log.evals)
        for (const auto& [field, higher] : headlineFields()) {
          const std::optional<double> v = e.scalar(field);
          if (!v) continue;
          if (std::isfinite(*v) && (!top || (higher ? *v > *top : *v < *top))) {
            top = *v;
            metric = field;
            atEpoch = std::to_string(e.epoch);
          }
          break;
        }
      if (top) best = formatFixed(*top, 4);
    }
  } catch (const std::exception& e) { // ParseError, RuntimeError: this run's files only
    std::string why = e.what();
    const std::string where = (dir / "").string();
    if (why.starts_with(where)) why.erase(0, where.size());
    return {run.name, net, "unreadable: " + why};
  }
  return {run.name, net, dataset, epochs, metric, best, atEpoch, step, sizeText(run.bytes)};
}

// The runs in `dir`, sorted by name, each with every file that belongs to it: a file with a run
// suffix belongs to the run it names; any other file (`eval --logits` written beside the run,
// say) to the run with the longest name it starts with followed by `_`.
std::vector<Run> runsIn(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
    std::error_code fileEc;
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file(fileEc) && !isTemporaryName(name)) files.push_back(entry.path());
  }
  if (ec) throw ConfigError(dir.string() + ": cannot list the directory: " + ec.message());
  std::map<std::string, Run> runs;
  for (const fs::path& file : files)
    if (auto split = report::splitRunFile(file.filename().string())) {
      if (split->second == kSuffixes.metrics()) runs[split->first].hasLog = true;
      if (split->second == kSuffixes.checkpoint()) runs[split->first].hasCheckpoint = true;
    }
  for (auto& [name, run] : runs) run.name = name;
  for (const fs::path& file : files) {
    const std::string name = file.filename().string();
    Run* owner = nullptr;
    if (auto split = report::splitRunFile(name)) {
      if (auto it = runs.find(split->first); it != runs.end()) owner = &it->second;
    } else {
      for (auto& [stem, run] : runs)
        if (name.starts_with(stem + "_") && (!owner || stem.size() > owner->name.size()))
          owner = &run;
    }
    if (!owner) continue;
    owner->files.push_back(file);
    std::error_code sizeEc;
    const uintmax_t bytes = fs::file_size(file, sizeEc);
    if (!sizeEc) owner->bytes += bytes;
  }
  std::vector<Run> sorted;
  for (auto& [name, run] : runs) sorted.push_back(std::move(run));
  return sorted;
}

// Every row's cells padded to its column's width (left-aligned where `left`, else right), two
// spaces apart. A row shorter than the header ends in one cell that spans the rest.
std::string alignedTable(const std::vector<std::vector<std::string>>& rows,
                         const std::vector<bool>& left) {
  std::vector<size_t> widths(left.size(), 0);
  for (const auto& row : rows)
    for (size_t c = 0; c < row.size(); ++c)
      if (row.size() == left.size() || c + 1 < row.size())
        widths[c] = std::max(widths[c], row[c].size());
  std::string text;
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      const bool spans = row.size() < left.size() && c + 1 == row.size();
      const std::string pad(spans ? 0 : widths[c] - row[c].size(), ' ');
      line += (c == 0 ? "" : "  ") + (left[c] || spans ? row[c] + pad : pad + row[c]);
    }
    line.erase(line.find_last_not_of(' ') + 1);
    text += line + "\n";
  }
  return text;
}

} // namespace

int runsCommand(std::span<const std::string> args, std::ostream& out) {
  const ParsedArgs parsed = parseArgs(args, {});
  if (parsed.positional.size() > 1)
    throw UsageError("runs: unexpected argument '" + parsed.positional[1] + "'");
  const fs::path dir = parsed.positional.empty() ? ".hlotrain" : parsed.positional[0];
  std::error_code ec;
  if (!fs::exists(dir, ec))
    throw ConfigError("runs: no directory '" + dir.string() +
                      "' (the artifacts folder of `hlotrain train --artifacts`, default "
                      ".hlotrain)");
  if (!fs::is_directory(dir, ec))
    throw ConfigError("runs: '" + dir.string() + "' is not a directory");
  const std::vector<Run> runs = runsIn(dir);
  if (runs.empty()) {
    out << "no runs in " << dir.string() << " (no <name>_metrics.jsonl or <name>_checkpoint.bin)\n";
    return kOk;
  }
  std::vector<std::vector<std::string>> rows = {
      {"RUN", "NET", "DATASET", "EPOCHS", "METRIC", "BEST", "AT EPOCH", "STEP", "SIZE"}};
  for (const Run& run : runs) rows.push_back(runRow(dir, run));
  out << alignedTable(rows, {true, true, true, false, true, false, false, false, false});
  return kOk;
}

} // namespace hlotrain::cli

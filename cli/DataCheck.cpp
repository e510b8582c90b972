#include "cli/DataCheck.h"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "cli/Args.h"
#include "cli/Cli.h"
#include "cli/Train.h"
#include "data/Dataset.h"
#include "data/Statistics.h"
#include "data/Yolo.h"
#include "support/Format.h"
#include "support/YoloLayout.h"

namespace hlotrain::cli {

const char* const kDataUsage =
    R"(usage: hlotrain data check --dataset KIND --data DIR [--context K] [--input-size S]

Loads every split of the dataset (train, then test) through the loaders `hlotrain train` uses, so
every file gets their checks: headers, exact lengths, labels below the class count, BraTS mask
values and val_cases.bin, VisDrone box counts, classes and corners and val.full_gt.bin. Then
prints per split the record count and what its labels hold: the records of each class
(classification), the pixels of each label over every mask (segmentation), the boxes per image
(min, mean, max and a histogram) and the boxes of each class (detection; for the test split
also over val.full_gt.bin when present). Nothing is written.

  --dataset KIND    mnist, cifar10, imagenette, brats, brats224, brats25d or visdrone (the
                    files of each: `hlotrain train --help` and the README)
  --data DIR        the dataset directory
  --context K       BraTS: K slices on each side of the centre slice (as `hlotrain train`)
  --input-size S    visdrone: the records' side, 224 (the default) or 448

Exit codes: 0 every file loaded; 2 a bad command line, or the first missing or malformed file
(one line naming the file and what is wrong with it); 1 a file that changed while it was read.
)";

namespace {

constexpr std::array<std::pair<data::Split, const char*>, 2> kSplits = {
    std::pair{data::Split::train, "train"}, std::pair{data::Split::test, "test"}};

std::string percent(int64_t part, int64_t whole) {
  return formatFixed(whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / double(whole), 2) + "%";
}

// Rows of cells as lines, each column as wide as its widest cell plus two spaces, the first
// column left-aligned and the others right-aligned, every line indented by two spaces.
std::string table(const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> widths;
  for (const auto& row : rows)
    for (size_t c = 0; c < row.size(); ++c) {
      if (widths.size() <= c) widths.push_back(0);
      widths[c] = std::max(widths[c], row[c].size());
    }
  std::string text;
  for (const auto& row : rows) {
    std::string line = " ";
    for (size_t c = 0; c < row.size(); ++c) {
      const std::string pad(widths[c] - row[c].size(), ' ');
      line += " " + (c == 0 ? row[c] + pad : pad + row[c]);
      if (c + 1 < row.size()) line += " ";
    }
    line.erase(line.find_last_not_of(' ') + 1);
    text += line + "\n";
  }
  return text;
}

// A class column ("class", "label") with the count and share of each class.
std::string classTable(const char* head, const char* counted, const std::vector<int64_t>& counts) {
  int64_t total = 0;
  for (int64_t n : counts) total += n;
  std::vector<std::vector<std::string>> rows = {{head, counted, "share"}};
  for (size_t c = 0; c < counts.size(); ++c)
    rows.push_back({std::to_string(c), std::to_string(counts[c]), percent(counts[c], total)});
  return table(rows);
}

std::string boxesText(const data::BoxCounts& b, int64_t records, bool capped) {
  std::string text = "min " + std::to_string(b.minimum) + ", mean " +
                     formatFixed(b.mean(records), 2) + ", max " + std::to_string(b.maximum) + "; " +
                     std::to_string(b.total) + " boxes";
  if (capped)
    text += ", " + std::to_string(b.atCap) + " record" + (b.atCap == 1 ? "" : "s") + " at the " +
            std::to_string(data::kYoloMaxBoxes) + "-box cap";
  text += "\n";
  std::vector<std::vector<std::string>> rows = {{"boxes", "images"}};
  for (size_t k = 0; k < b.histogram.size(); ++k) {
    const int64_t lo = data::boxBinLow(static_cast<int64_t>(k));
    const int64_t hi = data::boxBinHigh(static_cast<int64_t>(k));
    rows.push_back({lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi),
                    std::to_string(b.histogram[k])});
  }
  return text + table(rows) + classTable("class", "boxes", b.perClass);
}

// The split's header line (its stored record geometry) and tables.
std::string splitText(const char* name, const data::Geometry& g, const data::SplitStatistics& s) {
  std::string text = std::string(name) + ": " + std::to_string(s.records) +
                     (s.records == 1 ? " record" : " records") + " of " +
                     std::to_string(g.channels) + "x" + std::to_string(g.height) + "x" +
                     std::to_string(g.width);
  if (s.groups) text += " from " + std::to_string(*s.groups) + " cases (val_cases.bin)";
  switch (s.kind) {
  case data::LabelKind::nextTokens:
    text += " token, a vocabulary of " + std::to_string(s.numClasses) +
            " (language model), each record one token and its next\n";
    return text + classTable("id", "next", s.classCounts);
  case data::LabelKind::classIndex:
    text += ", " + std::to_string(s.numClasses) + " classes (classification)\n";
    return text + classTable("class", "records", s.classCounts);
  case data::LabelKind::mask:
    text += ", " + std::to_string(s.numClasses) + " labels per pixel (segmentation), " +
            std::to_string(s.pixels) + " pixels\n";
    return text + classTable("label", "pixels", s.classCounts);
  case data::LabelKind::boxes: {
    const int64_t grid = yolo::gridOf(g.height);
    text += ", " + std::to_string(s.numClasses) + " classes (detection, " + std::to_string(grid) +
            "x" + std::to_string(grid) + " grid)\n";
    text += "  boxes per image listed in the records: " + boxesText(*s.listed, s.records, true);
    if (s.fullTruth)
      text += "  boxes per image in val.full_gt.bin: " + boxesText(*s.fullTruth, s.records, false);
    return text;
  }
  }
  return text;
}

int checkCommand(std::span<const std::string> argv, std::ostream& out) {
  static constexpr FlagSpec kFlags[] = {{"--dataset"}, {"--data"}, {"--context"}, {"--input-size"}};
  const ParsedArgs args = parseArgs(argv, kFlags);
  if (!args.positional.empty())
    throw UsageError("data check: unexpected argument '" + args.positional[0] + "'");
  if (!args.has("--dataset")) throw UsageError("--dataset is required");
  if (!args.has("--data") || args.value("--data").empty())
    throw UsageError("--data is required (the dataset directory)");
  data::DatasetSpec spec = datasetFlag(args);
  // A text checks as records of one character and the next: its statistics count characters.
  if (spec.kind == data::DatasetKind::text || spec.kind == data::DatasetKind::tokens)
    spec.window = 1;
  const data::DatasetIO& io = data::datasetIO(spec);
  const std::string dir = args.value("--data");
  // Every split loads (each loader's checks) before anything is printed: a dataset either checks
  // or fails on one line.
  std::vector<data::Dataset> sets;
  for (const auto& [split, name] : kSplits) sets.push_back(io.load(dir, split));
  std::string text;
  std::string counts;
  for (size_t i = 0; i < kSplits.size(); ++i) {
    const data::SplitStatistics s = data::splitStatistics(io, sets[i]);
    text += splitText(kSplits[i].second, sets[i].geometry(), s);
    counts += std::string(i == 0 ? "" : ", ") + kSplits[i].second + " " +
              std::to_string(s.records) + (s.records == 1 ? " record" : " records");
  }
  out << text << "ok: every file of " << data::datasetKindName(spec.kind) << " in " << dir
      << " loads (" << counts << ")\n";
  return kOk;
}

} // namespace

int dataCommand(std::span<const std::string> args, std::ostream& out) {
  if (args.empty()) throw UsageError("data: missing subcommand (try `hlotrain data check --help`)");
  if (args[0] != "check")
    throw UsageError("data: unknown subcommand '" + args[0] + "' (known: check)");
  return checkCommand(args.subspan(1), out);
}

} // namespace hlotrain::cli

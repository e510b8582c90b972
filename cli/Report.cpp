#include "cli/Report.h"

#include <filesystem>

#include "cli/Args.h"
#include "report/Report.h"
#include "support/AtomicFile.h"
#include "support/RunFiles.h"

namespace hlotrain::cli {

const char* const kReportUsage =
    R"(usage: hlotrain report RUN [--out FILE.html]

Writes one self-contained HTML page about a training run from its artifacts: inline CSS and SVG,
no scripts, nothing fetched, so it opens offline. RUN is the run's artifacts prefix (for
`hlotrain train --net mnist-cnn`, `.hlotrain/mnist_cnn`: the prefix of
`.hlotrain/mnist_cnn_metrics.jsonl`, `_checkpoint.bin`, `_fwd.mlir`, ...), its `_metrics.jsonl`,
or a directory holding the files of exactly one run.

The page opens with a summary (final and best headline figure, time, throughput, the step loss
raw and smoothed), then shows the run as its files record it (net, task, classes, parameters and
shapes from the log's run record, or for an older log from `_fwd.mlir`; optimizer, batch and data
order from the checkpoint's header; every setting of the run from the config a version-2
checkpoint stores; what no file records is named as unknown), the loss, learning rate and
images/s per epoch, every evaluation figure over the epochs
(accuracy; Dice per region, IoU; mAP@0.5, mAP@[.5:.95]), the last evaluation's confusion matrix
as a heatmap with per-class IoU and accuracy or recall, or its AP@0.5 per class (detection), its
samples (`_samples.json`: 8 val records drawn with their truth and prediction: classes, masks
overlaid, boxes; inline PNG), and tables of every record.
`hlotrain train --report` writes the same page after each evaluation.

  --out FILE.html   where the page goes (default `<prefix>_report.html`); written atomically

Prints `report FILE: ...` (its plots and pictures counted). Exit codes: 0 written; 1 the page cannot be written; 2 a bad command
line, no run at RUN (or several in the directory, named), an empty or malformed metrics log (the
message names file:line).
)";

std::string writeReport(const std::string& prefix, const std::string& path) {
  report::Report page = report::buildReport(prefix);
  writeFileAtomically(path, page.html);
  const auto count = [](size_t n, const std::string& what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
  };
  std::string said = "report " + path + ": " + page.task + ", " +
                     count(page.epochs, "epoch record") + ", " + count(page.evals, "evaluation") +
                     ", " + count(page.plots, "plot") +
                     (page.pictures ? ", " + count(page.pictures, "picture") : "") + "\n";
  for (const std::string& note : page.notes) said += "note: " + note + "\n";
  return said;
}

int reportCommand(std::span<const std::string> args, std::ostream& out) {
  static constexpr FlagSpec kFlags[] = {{"--out"}};
  ParsedArgs parsed = parseArgs(args, kFlags);
  if (parsed.positional.size() != 1)
    throw UsageError(parsed.positional.empty()
                         ? "report: missing RUN (a run's artifacts prefix or directory)"
                         : "report: unexpected argument '" + parsed.positional[1] + "'");
  if (parsed.has("--out") && parsed.value("--out").empty())
    throw UsageError("flag '--out' needs a file name");
  const std::string prefix = report::resolveRun(parsed.positional[0]);
  const std::string path = parsed.value("--out", RunFiles{prefix}.report());
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw UsageError("--out: '" + path + "' is a directory; name the page's file");

  out << writeReport(prefix, path);
  return 0;
}

} // namespace hlotrain::cli

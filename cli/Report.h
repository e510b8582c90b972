#pragma once
// `hlotrain report`: one self-contained HTML page about a run, from its artifacts
// (report/Report.h): its config as far as the files give it, the loss, learning rate and
// throughput per epoch, every evaluation figure over the epochs and the last evaluation's
// confusion matrix or per-class figures, plotted as inline SVG.

#include <ostream>
#include <span>
#include <string>

namespace hlotrain::cli {

// Writes the page (atomically) and prints one line naming it. Typed errors propagate to the
// dispatcher: ConfigError for a RUN that names no run (or several), ParseError naming file:line
// for a malformed metrics log, RuntimeError when the page cannot be written; UsageError for the
// command line.
int reportCommand(std::span<const std::string> args, std::ostream& out);
// Writes the page of the run at `prefix` to `path` (atomically); returns what the command prints
// of it: the line "report PATH: …" and a "note: …" line per note, each ending in a newline.
std::string writeReport(const std::string& prefix, const std::string& path);
extern const char* const kReportUsage;

} // namespace hlotrain::cli

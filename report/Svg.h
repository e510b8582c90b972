#pragma once
// The run report's plots as inline SVG text: line charts (axes, ticks, labels, legend), bar charts
// and heatmaps. Every piece of text is escaped; nothing refers outside the element (no scripts,
// no links, no ids, no xmlns: an HTML5 page embeds the elements as they are), so a page holding
// them opens offline. Tooltips are SVG <title> children, which browsers show without scripts.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hlotrain::report {

// `&`, `<`, `>`, `"` and `'` as entities: safe in the text and the attribute values of HTML and
// XML alike.
std::string escapeXml(std::string_view text);

// A value as a tooltip or a table shows it: up to `digits` significant digits ("0.25", "1e-05",
// "417596"); "-" for NaN, "inf"/"-inf" for infinities.
std::string formatValue(double v, int digits = 4);

// An axis over [lo, hi] with ticks at multiples of a 1, 2 or 5 × 10^k step, lo and hi being
// ticks. A single value v (min == max) gets a range around it; `integer` keeps the step whole
// (epochs).
struct Axis {
  double lo = 0, hi = 1;
  double step = 0.2;
  std::vector<double> ticks;
};
Axis niceAxis(double min, double max, int targetTicks = 5, bool integer = false);
// A tick's label with as many decimals as the axis step needs ("0.25", "1200", "3e-05").
std::string tickLabel(double v, double step);

struct Series {
  std::string name;
  // Same length. A non-finite x or y is a missing point: the line breaks there, and a point with
  // no finite neighbour is drawn as a dot.
  std::vector<double> x, y;
  bool dashed = false;
};

struct LineChart {
  std::string title, xLabel, yLabel;
  std::vector<Series> series;
  bool integerX = false; // x are epochs or steps: whole-number ticks
  // A range the y axis covers at least ([0, 1] for a Dice); the data widen it when outside.
  std::optional<std::pair<double, double>> yRange;
  int width = 560, height = 320;
};
std::string lineChart(const LineChart& chart);

struct BarChart {
  std::string title, xLabel, yLabel;
  std::vector<std::string> labels;
  std::vector<double> values; // one per label; NaN: no value, drawn as "-"
  std::optional<std::pair<double, double>> yRange;
  int width = 560, height = 320;
};
std::string barChart(const BarChart& chart);

struct Heatmap {
  std::string title, rowTitle, columnTitle;
  std::vector<std::string> rowLabels, columnLabels;
  // Row-major, rows × columns; the colour of a value in [0, 1] (clamped), a NaN cell is blank.
  std::vector<double> values;
  std::vector<std::string> cellText;    // empty, or one per cell: written in the cell
  std::vector<std::string> cellTooltip; // empty, or one per cell
  int cellSize = 56;
};
// Throws std::invalid_argument when the sizes disagree.
std::string heatmap(const Heatmap& map);

} // namespace hlotrain::report

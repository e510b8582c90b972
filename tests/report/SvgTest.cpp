// The report's SVG module: well-formed output, every text escaped, axis ranges and ticks over
// ordinary, constant, negative and missing data, heatmaps and bar charts.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "XmlCheck.h"
#include "report/Svg.h"

using namespace hlotrain::report;
using hlotrain::report::testing::occurrences;
using hlotrain::report::testing::xmlProblem;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

LineChart oneSeries(std::vector<double> x, std::vector<double> y) {
  LineChart c;
  c.title = "loss";
  c.xLabel = "epoch";
  c.yLabel = "mean loss";
  c.series = {{"train", std::move(x), std::move(y)}};
  c.integerX = true;
  return c;
}

// The y pixel of every tick label of an axis is not needed: the ticks' labels are the texts
// right-aligned at the left margin.
std::vector<std::string> yTickLabels(const std::string& svg) {
  std::vector<std::string> labels;
  const std::string marker = "text-anchor=\"end\">";
  for (size_t at = svg.find(marker); at != std::string::npos; at = svg.find(marker, at + 1)) {
    size_t begin = at + marker.size();
    labels.push_back(svg.substr(begin, svg.find('<', begin) - begin));
  }
  return labels;
}

TEST(XmlCheck, FindsWhatIsWrong) {
  EXPECT_EQ(xmlProblem("<a x=\"1\"><b/>t &amp; u</a>"), "");
  EXPECT_NE(xmlProblem("<a><b></a></b>"), "");
  EXPECT_NE(xmlProblem("<a>x < y</a>"), "");
  EXPECT_NE(xmlProblem("<a>x & y</a>"), "");
  EXPECT_NE(xmlProblem("<a x=\"1\" x=\"2\"/>"), "");
  EXPECT_NE(xmlProblem("<a x=1/>"), "");
  EXPECT_NE(xmlProblem("<a>"), "");
}

TEST(Svg, EscapesEveryMarkupCharacter) {
  EXPECT_EQ(escapeXml("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
  EXPECT_EQ(escapeXml("plain text"), "plain text");
}

TEST(Svg, FormatsValues) {
  EXPECT_EQ(formatValue(0.25), "0.25");
  EXPECT_EQ(formatValue(417595.586), "417596");
  EXPECT_EQ(formatValue(1e-5), "1e-05");
  EXPECT_EQ(formatValue(kNaN), "-");
  EXPECT_EQ(formatValue(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(tickLabel(0.30000000000000004, 0.1), "0.3");
  EXPECT_EQ(tickLabel(1200, 200), "1200");
  EXPECT_EQ(tickLabel(4e-5, 1e-5), "0.00004");
  EXPECT_EQ(tickLabel(3e-9, 1e-9), "3e-09");
  EXPECT_EQ(tickLabel(-1e-17, 0.1), "0");
}

TEST(Svg, NiceAxesCoverTheDataWithRoundTicks) {
  Axis a = niceAxis(0.4951, 1.2316);
  EXPECT_LE(a.lo, 0.4951);
  EXPECT_GE(a.hi, 1.2316);
  EXPECT_DOUBLE_EQ(a.step, 0.2);
  EXPECT_DOUBLE_EQ(a.ticks.front(), a.lo);
  EXPECT_DOUBLE_EQ(a.ticks.back(), a.hi);
  EXPECT_GE(a.ticks.size(), 3u);
  EXPECT_LE(a.ticks.size(), 11u);

  Axis negative = niceAxis(-3.5, -0.2);
  EXPECT_LE(negative.lo, -3.5);
  EXPECT_GE(negative.hi, -0.2);

  Axis epochs = niceAxis(1, 3, 6, true);
  EXPECT_GE(epochs.step, 1.0);
  EXPECT_EQ(std::floor(epochs.step), epochs.step);
  for (double t : epochs.ticks) EXPECT_EQ(std::floor(t), t);

  Axis wide = niceAxis(0, 4.5e5);
  EXPECT_LE(wide.ticks.size(), 11u);
  EXPECT_GE(wide.hi, 4.5e5);
}

TEST(Svg, ConstantAndDegenerateRangesGetARangeAroundThem) {
  Axis constant = niceAxis(0.1143, 0.1143);
  EXPECT_LT(constant.lo, 0.1143);
  EXPECT_GT(constant.hi, 0.1143);
  EXPECT_GE(constant.ticks.size(), 3u);

  Axis zero = niceAxis(0, 0);
  EXPECT_LT(zero.lo, 0);
  EXPECT_GT(zero.hi, 0);

  Axis epoch = niceAxis(1, 1, 6, true);
  EXPECT_LE(epoch.lo, 0);
  EXPECT_GE(epoch.hi, 2);

  Axis nonFinite = niceAxis(kNaN, 3);
  EXPECT_DOUBLE_EQ(nonFinite.lo, 0);
  EXPECT_DOUBLE_EQ(nonFinite.hi, 1);
}

TEST(Svg, LineChartIsWellFormedWithAxesTicksLabelsAndLegend) {
  LineChart c = oneSeries({1, 2, 3, 4}, {1.23, 0.58, 0.51, 0.49});
  c.series.push_back({"val", {1, 2, 3, 4}, {1.3, 0.7, 0.6, 0.62}, true});
  const std::string svg = lineChart(c);
  EXPECT_EQ(xmlProblem(svg), "") << svg;
  EXPECT_EQ(svg.rfind("<svg ", 0), 0u);
  EXPECT_EQ(occurrences(svg, "<svg "), 1u);
  EXPECT_EQ(occurrences(svg, "<path "), 2u);           // one line per series, no gaps
  EXPECT_EQ(occurrences(svg, "stroke-dasharray"), 2u); // the dashed series and its legend entry
  EXPECT_EQ(occurrences(svg, "<circle "), 8u);
  EXPECT_NE(svg.find(">loss</text>"), std::string::npos);
  EXPECT_NE(svg.find(">epoch</text>"), std::string::npos);
  EXPECT_NE(svg.find(">mean loss</text>"), std::string::npos);
  EXPECT_NE(svg.find(">train</text>"), std::string::npos);
  EXPECT_NE(svg.find(">val</text>"), std::string::npos);
  EXPECT_EQ(svg.find("http"), std::string::npos); // no xmlns, no link of any kind
  EXPECT_EQ(svg.find("href"), std::string::npos);
  // y ticks: round values covering [0.49, 1.3]
  std::vector<std::string> ticks = yTickLabels(svg);
  ASSERT_GE(ticks.size(), 3u);
  EXPECT_LE(std::stod(ticks.front()), 0.49);
  EXPECT_GE(std::stod(ticks.back()), 1.3);
}

TEST(Svg, EveryTextIsEscaped) {
  LineChart c = oneSeries({1, 2}, {1, 2});
  c.title = "a <b> & \"c\"";
  c.xLabel = "x'<";
  c.yLabel = "&y";
  c.series[0].name = "</svg><script>alert(1)</script>";
  const std::string svg = lineChart(c);
  EXPECT_EQ(xmlProblem(svg), "") << svg;
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  EXPECT_NE(svg.find("a &lt;b&gt; &amp; &quot;c&quot;"), std::string::npos);
  EXPECT_NE(svg.find("&lt;/svg&gt;&lt;script&gt;"), std::string::npos);
  EXPECT_EQ(occurrences(svg, "</svg>"), 1u);

  Heatmap h;
  h.title = "<m>";
  h.rowTitle = "t&";
  h.columnTitle = "p\"";
  h.rowLabels = h.columnLabels = {"<0>", "&1"};
  h.values = {1, 0, 0.5, 0.5};
  h.cellTooltip = {"<a>", "<b>", "<c>", "<d>"};
  EXPECT_EQ(xmlProblem(heatmap(h)), "");

  BarChart b;
  b.title = "<ap>";
  b.labels = {"<car>", "a&b"};
  b.values = {0.5, kNaN};
  EXPECT_EQ(xmlProblem(barChart(b)), "");
}

TEST(Svg, MissingValuesBreakTheLine) {
  const std::string svg = lineChart(oneSeries({1, 2, 3, 4, 5}, {1, 2, kNaN, 4, 5}));
  EXPECT_EQ(xmlProblem(svg), "");
  // One path with two runs: M x y L x y M x y L x y
  EXPECT_EQ(occurrences(svg, "<path "), 1u);
  const size_t path = svg.find("<path d=\"");
  const std::string d = svg.substr(path, svg.find('"', path + 9) - path);
  EXPECT_EQ(occurrences(d, "M"), 2u) << d;
  EXPECT_EQ(occurrences(d, "L"), 2u) << d;
  EXPECT_EQ(svg.find("nan"), std::string::npos);
  EXPECT_EQ(occurrences(svg, "<circle "), 4u);

  // A point between two missing ones is still drawn (as a dot).
  const std::string lone = lineChart(oneSeries({1, 2, 3}, {kNaN, 7, kNaN}));
  EXPECT_EQ(occurrences(lone, "<circle "), 1u);
  EXPECT_EQ(lone.find("nan"), std::string::npos);

  // Many points: no markers, except an isolated one.
  std::vector<double> x, y;
  for (int i = 0; i < 300; ++i) {
    x.push_back(i);
    y.push_back(i == 150 || i == 152 ? kNaN : std::sin(i / 10.0));
  }
  EXPECT_EQ(occurrences(lineChart(oneSeries(x, y)), "<circle "), 1u);
}

TEST(Svg, NoDataAndConstantSeriesStillDrawAxes) {
  const std::string empty = lineChart(oneSeries({1, 2}, {kNaN, kNaN}));
  EXPECT_EQ(xmlProblem(empty), "");
  EXPECT_NE(empty.find(">no data</text>"), std::string::npos);
  EXPECT_EQ(empty.find("<path "), std::string::npos);
  EXPECT_GE(yTickLabels(empty).size(), 2u);

  const std::string constant = lineChart(oneSeries({1, 2, 3}, {0.5, 0.5, 0.5}));
  EXPECT_EQ(xmlProblem(constant), "");
  EXPECT_EQ(constant.find("nan"), std::string::npos);
  EXPECT_EQ(constant.find("inf"), std::string::npos);
  std::vector<std::string> ticks = yTickLabels(constant);
  ASSERT_GE(ticks.size(), 3u);
  EXPECT_LT(std::stod(ticks.front()), 0.5);
  EXPECT_GT(std::stod(ticks.back()), 0.5);

  // A fixed range is kept, and widened by data outside it.
  LineChart dice = oneSeries({1, 2}, {0.2, 0.3});
  dice.yRange = std::pair{0.0, 1.0};
  ticks = yTickLabels(lineChart(dice));
  EXPECT_EQ(std::stod(ticks.front()), 0.0);
  EXPECT_EQ(std::stod(ticks.back()), 1.0);
  dice.series[0].y = {-0.5, 1.5};
  ticks = yTickLabels(lineChart(dice));
  EXPECT_LE(std::stod(ticks.front()), -0.5);
  EXPECT_GE(std::stod(ticks.back()), 1.5);

  // A single point of a single epoch.
  const std::string single = lineChart(oneSeries({1}, {2.4667}));
  EXPECT_EQ(xmlProblem(single), "");
  EXPECT_EQ(occurrences(single, "<circle "), 1u);
}

TEST(Svg, BarChartDrawsABarPerValueAndMarksMissingOnes) {
  BarChart b;
  b.title = "AP@0.5 per class";
  b.labels = {"pedestrian", "people", "bicycle", "car"};
  b.values = {0.5, kNaN, 0.0, 0.75};
  b.yRange = std::pair{0.0, 1.0};
  const std::string svg = barChart(b);
  EXPECT_EQ(xmlProblem(svg), "") << svg;
  EXPECT_EQ(occurrences(svg, "<rect "), 1u + 3u); // the background and three bars
  EXPECT_NE(svg.find(">pedestrian</text>"), std::string::npos);
  EXPECT_NE(svg.find("people: -"), std::string::npos);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
}

TEST(Svg, HeatmapHasACellPerValueAndRefusesMismatchedSizes) {
  Heatmap h;
  h.title = "confusion";
  h.rowTitle = "truth";
  h.columnTitle = "predicted";
  h.rowLabels = h.columnLabels = {"0", "1", "2"};
  h.values = {0.9, 0.1, 0, 0.2, 0.8, 0, kNaN, kNaN, kNaN};
  h.cellText = {"90%", "10%", "0%", "20%", "80%", "0%", "-", "-", "-"};
  const std::string svg = heatmap(h);
  EXPECT_EQ(xmlProblem(svg), "") << svg;
  EXPECT_EQ(occurrences(svg, "<rect "), 1u + 9u + 5u); // background, cells, colour scale
  EXPECT_NE(svg.find(">90%</text>"), std::string::npos);
  EXPECT_NE(svg.find(">predicted</text>"), std::string::npos);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
  h.values.pop_back();
  EXPECT_THROW(heatmap(h), std::invalid_argument);
}

} // namespace

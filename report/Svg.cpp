#include "report/Svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace hlotrain::report {

namespace {

// Distinct on white and for the common colour-vision deficiencies (Okabe–Ito, then greys).
constexpr const char* kPalette[] = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00",
                                    "#56b4e9", "#000000", "#f0e442", "#999999", "#6a3d9a"};
constexpr size_t kPaletteSize = sizeof kPalette / sizeof kPalette[0];
constexpr double kCharWidth = 6.5; // of an 11px sans-serif character, for layout estimates

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  if (s == "-0.00") s = "0.00";
  return s;
}

double textWidth(std::string_view text) {
  return kCharWidth * static_cast<double>(text.size());
}

std::string text(double x, double y, std::string_view body, std::string_view attributes = {}) {
  std::string out = "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\"";
  if (!attributes.empty()) out += " " + std::string(attributes);
  return out + ">" + escapeXml(body) + "</text>";
}

std::string openSvg(int width, int height, std::string_view label) {
  const std::string w = std::to_string(width), h = std::to_string(height);
  return "<svg class=\"chart\" width=\"" + w + "\" height=\"" + h + "\" viewBox=\"0 0 " + w + " " +
         h + "\" role=\"img\" aria-label=\"" + escapeXml(label) +
         "\" font-family=\"sans-serif\" font-size=\"11\"><rect x=\"0\" y=\"0\" width=\"" + w +
         "\" height=\"" + h + "\" fill=\"#ffffff\"/>";
}

std::string titleText(int width, std::string_view title) {
  return text(width / 2.0, 18, title,
              "text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\"");
}

// Maps data to pixels along one axis.
struct Scale {
  double lo, hi, from, to;
  double operator()(double v) const { return from + (v - lo) / (hi - lo) * (to - from); }
};

// The union of the finite values and `range`; nullopt when there is neither.
std::optional<std::pair<double, double>>
extent(const std::vector<double>& values, const std::optional<std::pair<double, double>>& range) {
  std::optional<std::pair<double, double>> e = range;
  for (double v : values) {
    if (!std::isfinite(v)) continue;
    if (!e)
      e = std::pair{v, v};
    else
      e = std::pair{std::min(e->first, v), std::max(e->second, v)};
  }
  return e;
}

// Grid lines, tick labels and the two axis lines of a plot area [x0, x1] × [y0, y1].
std::string axes(const Axis& xAxis, const Axis& yAxis, const Scale& sx, const Scale& sy,
                 bool xTicks) {
  std::string out;
  for (double t : yAxis.ticks) {
    const double y = sy(t);
    out += "<line x1=\"" + num(sx.from) + "\" y1=\"" + num(y) + "\" x2=\"" + num(sx.to) +
           "\" y2=\"" + num(y) + "\" stroke=\"#e5e5e5\"/>";
    out += text(sx.from - 6, y + 4, tickLabel(t, yAxis.step), "text-anchor=\"end\"");
  }
  if (xTicks)
    for (double t : xAxis.ticks) {
      const double x = sx(t);
      out += "<line x1=\"" + num(x) + "\" y1=\"" + num(sy.from) + "\" x2=\"" + num(x) + "\" y2=\"" +
             num(sy.to) + "\" stroke=\"#f0f0f0\"/>";
      out += text(x, sy.from + 16, tickLabel(t, xAxis.step), "text-anchor=\"middle\"");
    }
  out += "<line x1=\"" + num(sx.from) + "\" y1=\"" + num(sy.from) + "\" x2=\"" + num(sx.to) +
         "\" y2=\"" + num(sy.from) + "\" stroke=\"#333333\"/>";
  out += "<line x1=\"" + num(sx.from) + "\" y1=\"" + num(sy.from) + "\" x2=\"" + num(sx.from) +
         "\" y2=\"" + num(sy.to) + "\" stroke=\"#333333\"/>";
  return out;
}

std::string axisLabels(int width, int height, double plotTop, double plotBottom,
                       std::string_view xLabel, std::string_view yLabel) {
  std::string out;
  if (!xLabel.empty()) out += text(width / 2.0, height - 10, xLabel, "text-anchor=\"middle\"");
  if (!yLabel.empty()) {
    const double cy = (plotTop + plotBottom) / 2;
    out +=
        text(14, cy, yLabel, "text-anchor=\"middle\" transform=\"rotate(-90 14 " + num(cy) + ")\"");
  }
  return out;
}

// The legend's rows from the left margin, wrapping before `right`; returns the SVG and sets the
// height it takes.
std::string legend(const std::vector<Series>& series, double left, double right, double top,
                   double& height) {
  std::string out;
  double x = left, y = top;
  height = series.empty() ? 0 : 16;
  for (size_t i = 0; i < series.size(); ++i) {
    const double w = 30 + textWidth(series[i].name) + 14;
    if (x > left && x + w > right) {
      x = left;
      y += 16;
      height += 16;
    }
    const char* colour = kPalette[i % kPaletteSize];
    out += "<line x1=\"" + num(x) + "\" y1=\"" + num(y - 4) + "\" x2=\"" + num(x + 24) +
           "\" y2=\"" + num(y - 4) + "\" stroke=\"" + colour + "\" stroke-width=\"2\"" +
           (series[i].dashed ? " stroke-dasharray=\"5 3\"" : "") + "/>";
    out += text(x + 30, y, series[i].name);
    x += w;
  }
  return out;
}

} // namespace

std::string escapeXml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

std::string formatValue(double v, int digits) {
  if (std::isnan(v)) return "-";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  if (std::fabs(v) >= std::pow(10.0, digits) && std::fabs(v) < 1e15)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  std::string s = buf;
  return s == "-0" ? "0" : s;
}

Axis niceAxis(double min, double max, int targetTicks, bool integer) {
  if (!std::isfinite(min) || !std::isfinite(max)) min = 0, max = 1;
  if (min > max) std::swap(min, max);
  targetTicks = std::max(targetTicks, 2);
  const double scale = std::max(std::fabs(min), std::fabs(max));
  if (max - min <= scale * 1e-12) { // one value: a range around it
    const double v = (min + max) / 2;
    const double pad = v == 0 ? 1 : std::max(std::fabs(v) * 0.1, integer ? 1.0 : 0.0);
    min = v - pad;
    max = v + pad;
  }
  const double raw = (max - min) / targetTicks;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double norm = raw / magnitude;
  double step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
  if (integer) step = std::max(1.0, std::round(step));
  Axis axis;
  axis.step = step;
  const double first = std::floor(min / step), last = std::ceil(max / step);
  axis.lo = first * step;
  axis.hi = last * step;
  for (double k = first; k <= last + 0.5; ++k) {
    const double t = k * step;
    axis.ticks.push_back(t == 0 ? 0.0 : t);
  }
  return axis;
}

std::string tickLabel(double v, double step) {
  if (std::fabs(v) < step * 1e-6) return "0";
  const int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
  char buf[64];
  if (decimals > 6 || std::fabs(v) >= 1e7)
    std::snprintf(buf, sizeof buf, "%.3g", v);
  else
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string lineChart(const LineChart& chart) {
  const int w = chart.width, h = chart.height;
  const double left = 72, right = w - 20.0, bottom = h - 46.0;
  double legendHeight = 0;
  const std::string legendSvg = legend(chart.series, left, right, 40, legendHeight);
  const double top = 30 + legendHeight + 10;

  // x spans every point, missing values included, so charts over the same epochs line up.
  std::vector<double> xs, ys;
  bool anyPoint = false;
  for (const Series& s : chart.series)
    for (size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i) {
      xs.push_back(s.x[i]);
      if (std::isfinite(s.x[i]) && std::isfinite(s.y[i])) {
        ys.push_back(s.y[i]);
        anyPoint = true;
      }
    }
  const auto xExtent = extent(xs, std::nullopt);
  const auto yExtent = extent(ys, chart.yRange);
  const Axis xAxis = xExtent ? niceAxis(xExtent->first, xExtent->second, 6, chart.integerX)
                             : niceAxis(0, 1, 6, chart.integerX);
  const Axis yAxis = yExtent ? niceAxis(yExtent->first, yExtent->second, 5) : niceAxis(0, 1, 5);
  const Scale sx{xAxis.lo, xAxis.hi, left, right}, sy{yAxis.lo, yAxis.hi, bottom, top};

  std::string out = openSvg(w, h, chart.title) + titleText(w, chart.title) + legendSvg;
  out += axes(xAxis, yAxis, sx, sy, true);
  out += axisLabels(w, h, top, bottom, chart.xLabel, chart.yLabel);
  if (!anyPoint)
    out += text((left + right) / 2, (top + bottom) / 2, "no data",
                "text-anchor=\"middle\" fill=\"#888888\" font-size=\"13\"");

  for (size_t si = 0; si < chart.series.size(); ++si) {
    const Series& s = chart.series[si];
    const char* colour = kPalette[si % kPaletteSize];
    const size_t n = std::min(s.x.size(), s.y.size());
    const auto finite = [&](size_t i) {
      return i < n && std::isfinite(s.x[i]) && std::isfinite(s.y[i]);
    };
    std::string path;
    for (size_t i = 0; i < n; ++i) {
      if (!finite(i)) continue;
      const bool starts = i == 0 || !finite(i - 1);
      path +=
          (starts ? (path.empty() ? "M" : " M") : " L") + num(sx(s.x[i])) + " " + num(sy(s.y[i]));
    }
    if (!path.empty())
      out += "<path d=\"" + path + "\" fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"2\"" +
             (s.dashed ? " stroke-dasharray=\"5 3\"" : "") + "/>";
    const bool markers = n <= 100;
    for (size_t i = 0; i < n; ++i) {
      if (!finite(i)) continue;
      const bool isolated = !(i > 0 && finite(i - 1)) && !finite(i + 1);
      if (!markers && !isolated) continue;
      out += "<circle cx=\"" + num(sx(s.x[i])) + "\" cy=\"" + num(sy(s.y[i])) +
             "\" r=\"3\" fill=\"" + colour + "\"><title>" +
             escapeXml(s.name + ": " + chart.xLabel + " " + formatValue(s.x[i], 6) + ", " +
                       formatValue(s.y[i], 6)) +
             "</title></circle>";
    }
  }
  return out + "</svg>";
}

std::string barChart(const BarChart& chart) {
  const int w = chart.width, h = chart.height;
  size_t longest = 0;
  for (const std::string& l : chart.labels) longest = std::max(longest, l.size());
  const double left = 72, right = w - 20.0, top = 40;
  const size_t n = chart.labels.size();
  const double band = n ? (right - left) / static_cast<double>(n) : right - left;
  const bool rotate = textWidth(std::string(longest, 'x')) > band - 4;
  const double labelHeight =
      rotate ? std::min(120.0, 0.72 * textWidth(std::string(longest, 'x'))) + 8 : 18;
  const double bottom = h - 28 - labelHeight;

  std::vector<double> values = chart.values;
  values.resize(n, std::numeric_limits<double>::quiet_NaN());
  values.push_back(0); // bars start at zero
  const auto yExtent = extent(values, chart.yRange);
  const Axis yAxis = niceAxis(yExtent->first, yExtent->second, 5);
  const Axis noX;
  const Scale sx{0, 1, left, right}, sy{yAxis.lo, yAxis.hi, bottom, top};

  std::string out = openSvg(w, h, chart.title) + titleText(w, chart.title);
  out += axes(noX, yAxis, sx, sy, false);
  out += axisLabels(w, h, top, bottom, chart.xLabel, chart.yLabel);
  const double zero = sy(std::clamp(0.0, yAxis.lo, yAxis.hi));
  for (size_t i = 0; i < n; ++i) {
    const double cx = left + band * (static_cast<double>(i) + 0.5);
    const double v = values[i];
    const std::string tip = escapeXml(chart.labels[i] + ": " + formatValue(v, 6));
    if (std::isfinite(v)) {
      const double y = sy(v);
      out += "<rect x=\"" + num(cx - band * 0.35) + "\" y=\"" + num(std::min(y, zero)) +
             "\" width=\"" + num(band * 0.7) + "\" height=\"" + num(std::fabs(zero - y)) +
             "\" fill=\"" + kPalette[0] + "\"><title>" + tip + "</title></rect>";
      if (n <= 24)
        out += text(cx, std::min(y, zero) - 3, formatValue(v, 3), "text-anchor=\"middle\"");
    } else {
      out += "<text x=\"" + num(cx) + "\" y=\"" + num(zero - 3) +
             "\" text-anchor=\"middle\" fill=\"#888888\"><title>" + tip + "</title>-</text>";
    }
    if (rotate)
      out += text(cx, bottom + 12, chart.labels[i],
                  "text-anchor=\"end\" transform=\"rotate(-40 " + num(cx) + " " + num(bottom + 12) +
                      ")\"");
    else
      out += text(cx, bottom + 14, chart.labels[i], "text-anchor=\"middle\"");
  }
  return out + "</svg>";
}

namespace {

// White through light blue to dark blue.
std::string heatColour(double v) {
  struct Rgb {
    double r, g, b;
  };
  constexpr Rgb stops[] = {{247, 251, 255}, {107, 174, 214}, {8, 48, 107}};
  v = std::clamp(v, 0.0, 1.0);
  const size_t k = v < 0.5 ? 0 : 1;
  const double t = (v - 0.5 * static_cast<double>(k)) * 2;
  const auto mix = [&](double a, double b) {
    return static_cast<int>(std::lround(a + (b - a) * t));
  };
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", mix(stops[k].r, stops[k + 1].r),
                mix(stops[k].g, stops[k + 1].g), mix(stops[k].b, stops[k + 1].b));
  return buf;
}

} // namespace

std::string heatmap(const Heatmap& map) {
  const size_t rows = map.rowLabels.size(), columns = map.columnLabels.size();
  const size_t cells = rows * columns;
  if (map.values.size() != cells || (!map.cellText.empty() && map.cellText.size() != cells) ||
      (!map.cellTooltip.empty() && map.cellTooltip.size() != cells))
    throw std::invalid_argument("heatmap: " + std::to_string(rows) + "x" + std::to_string(columns) +
                                " labels but " + std::to_string(map.values.size()) + " values");
  const double cs = map.cellSize;
  size_t rowLongest = 0, columnLongest = 0;
  for (const std::string& l : map.rowLabels) rowLongest = std::max(rowLongest, l.size());
  for (const std::string& l : map.columnLabels) columnLongest = std::max(columnLongest, l.size());
  const bool rotate = textWidth(std::string(columnLongest, 'x')) > cs - 4;
  const double columnLabelHeight =
      rotate ? 0.72 * textWidth(std::string(columnLongest, 'x')) + 10 : 18;
  const double left = 28 + textWidth(std::string(rowLongest, 'x')) + 8;
  const double top = 30 + 18 + columnLabelHeight;
  const double gridRight = left + cs * static_cast<double>(columns);
  const double gridBottom = top + cs * static_cast<double>(rows);
  const double titleWidth = textWidth(map.title) * 14 / 11 + 20;
  const int w = static_cast<int>(std::max(gridRight + 90, titleWidth));
  const int h = static_cast<int>(std::max(gridBottom + 20, top + 5 * 18.0 + 20));

  std::string out = openSvg(w, h, map.title) + titleText(w, map.title);
  out += text((left + gridRight) / 2, 44, map.columnTitle,
              "text-anchor=\"middle\" font-weight=\"bold\"");
  const double rowMid = (top + gridBottom) / 2;
  out += text(14, rowMid, map.rowTitle,
              "text-anchor=\"middle\" font-weight=\"bold\" transform=\"rotate(-90 14 " +
                  num(rowMid) + ")\"");
  for (size_t c = 0; c < columns; ++c) {
    const double cx = left + cs * (static_cast<double>(c) + 0.5);
    if (rotate)
      out += text(cx, top - 6, map.columnLabels[c],
                  "text-anchor=\"start\" transform=\"rotate(-40 " + num(cx) + " " + num(top - 6) +
                      ")\"");
    else
      out += text(cx, top - 6, map.columnLabels[c], "text-anchor=\"middle\"");
  }
  for (size_t r = 0; r < rows; ++r) {
    const double y = top + cs * static_cast<double>(r);
    out += text(left - 6, y + cs / 2 + 4, map.rowLabels[r], "text-anchor=\"end\"");
    for (size_t c = 0; c < columns; ++c) {
      const size_t i = r * columns + c;
      const double x = left + cs * static_cast<double>(c);
      const double v = map.values[i];
      const bool known = std::isfinite(v);
      out += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(cs) + "\" height=\"" +
             num(cs) + "\" fill=\"" + (known ? heatColour(v) : "#ffffff") +
             "\" stroke=\"#cccccc\">";
      if (!map.cellTooltip.empty()) out += "<title>" + escapeXml(map.cellTooltip[i]) + "</title>";
      out += "</rect>";
      const std::string body = !map.cellText.empty() ? map.cellText[i]
                               : known               ? formatValue(v, 2)
                                                     : "-";
      out += text(x + cs / 2, y + cs / 2 + 4, body,
                  std::string("text-anchor=\"middle\" fill=\"") +
                      (known && v > 0.55 ? "#ffffff" : "#222222") + "\"");
    }
  }
  // The colour scale: five swatches from 0 to 1.
  for (int k = 0; k < 5; ++k) {
    const double y = top + 18.0 * k, v = k / 4.0;
    out += "<rect x=\"" + num(gridRight + 16) + "\" y=\"" + num(y) +
           "\" width=\"16\" height=\"16\" fill=\"" + heatColour(v) + "\" stroke=\"#cccccc\"/>";
    out += text(gridRight + 38, y + 12, formatValue(v, 2));
  }
  return out + "</svg>";
}

} // namespace hlotrain::report

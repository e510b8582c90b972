#pragma once
// Numbers as text, for the JSON records and the human-readable lines every layer writes.

#include <cmath>
#include <cstdio>
#include <string>

namespace hlotrain {

// A number as JSON: up to 9 significant digits; null for NaN and infinities.
inline std::string jsonNumber(double v) {
  if (!std::isfinite(v)) return "null";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

// As a message shows a value it refuses: up to 6 significant digits, "nan", "inf" ("0.5", "-1",
// "1e-07").
inline std::string formatNumber(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// `digits` digits after the point.
inline std::string formatFixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

} // namespace hlotrain

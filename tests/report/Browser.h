#pragma once
// Headless Chromium for the tests that render report pages (tests/report, and tests/cli on the
// pages of real runs): running it on a page, its console lines, and a decoder of the PNG
// screenshots it writes.

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <zlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace hlotrain::report::testing {

inline constexpr const char* kChromium = "/usr/bin/chromium";

inline std::string shellQuote(const std::string& s) {
  std::string quoted = "'";
  for (char c : s) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

struct Decoded {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgb; // width * height * 3
  std::string problem;
};

inline uint32_t bigEndian(const std::string& s, size_t at) {
  return uint32_t(uint8_t(s[at])) << 24 | uint32_t(uint8_t(s[at + 1])) << 16 |
         uint32_t(uint8_t(s[at + 2])) << 8 | uint32_t(uint8_t(s[at + 3]));
}

// An 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes), unfiltered to RGB.
inline Decoded decodePng(const std::string& png) {
  Decoded d;
  if (png.size() < 8 || png.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) {
    d.problem = "no PNG signature";
    return d;
  }
  std::string idat;
  int colourType = -1, bitDepth = 0, interlace = 0;
  for (size_t at = 8; at + 12 <= png.size();) {
    const uint32_t length = bigEndian(png, at);
    const std::string type = png.substr(at + 4, 4);
    if (at + 12 + length > png.size()) break;
    if (type == "IHDR") {
      d.width = bigEndian(png, at + 8);
      d.height = bigEndian(png, at + 12);
      bitDepth = uint8_t(png[at + 16]);
      colourType = uint8_t(png[at + 17]);
      interlace = uint8_t(png[at + 20]);
    } else if (type == "IDAT") {
      idat += png.substr(at + 8, length);
    }
    at += 12 + length;
  }
  if (bitDepth != 8 || (colourType != 2 && colourType != 6) || interlace != 0) {
    d.problem = "not 8-bit non-interlaced RGB(A): depth " + std::to_string(bitDepth) +
                ", colour type " + std::to_string(colourType);
    return d;
  }
  const size_t channels = colourType == 6 ? 4 : 3, stride = d.width * channels;
  std::vector<uint8_t> raw((stride + 1) * d.height);
  uLongf size = raw.size();
  if (uncompress(raw.data(), &size, reinterpret_cast<const Bytef*>(idat.data()), idat.size()) !=
          Z_OK ||
      size != raw.size()) {
    d.problem = "IDAT does not inflate to " + std::to_string(raw.size()) + " bytes";
    return d;
  }
  std::vector<uint8_t> previous(stride, 0), row(stride);
  d.rgb.reserve(size_t(d.width) * d.height * 3);
  for (uint32_t y = 0; y < d.height; ++y) {
    const uint8_t filter = raw[y * (stride + 1)];
    const uint8_t* in = &raw[y * (stride + 1) + 1];
    for (size_t i = 0; i < stride; ++i) {
      const int a = i >= channels ? row[i - channels] : 0, b = previous[i],
                c = i >= channels ? previous[i - channels] : 0;
      int predicted = 0;
      switch (filter) {
      case 0:
        predicted = 0;
        break;
      case 1:
        predicted = a;
        break;
      case 2:
        predicted = b;
        break;
      case 3:
        predicted = (a + b) / 2;
        break;
      case 4: {
        const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
        break;
      }
      default:
        d.problem = "bad filter " + std::to_string(filter);
        return d;
      }
      row[i] = uint8_t(in[i] + predicted);
    }
    for (uint32_t x = 0; x < d.width; ++x)
      for (size_t k = 0; k < 3; ++k) d.rgb.push_back(row[x * channels + k]);
    previous = row;
  }
  return d;
}

struct Browser {
  int exitCode = -1;
  std::string out, err;
};

// Chromium on `page` with `flags`, its own profile and output files in `scratch`.
inline Browser runChromium(const std::filesystem::path& scratch, const std::string& page,
                           const std::string& flags) {
  const std::string out = (scratch / "browser.out").string(),
                    err = (scratch / "browser.err").string();
  const std::string command =
      std::string("timeout 60 ") + kChromium +
      " --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=" +
      shellQuote((scratch / "profile").string()) + " --enable-logging=stderr --v=0 " + flags + " " +
      shellQuote("file://" + std::filesystem::absolute(page).string()) + " >" + shellQuote(out) +
      " 2>" + shellQuote(err);
  Browser b;
  const int status = std::system(command.c_str());
  b.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  const auto slurp = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  b.out = slurp(out);
  b.err = slurp(err);
  return b;
}

inline std::vector<std::string> consoleLines(const std::string& log) {
  std::vector<std::string> lines;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);)
    if (line.find(":CONSOLE") != std::string::npos) lines.push_back(line);
  return lines;
}

inline size_t countOf(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The page as Chromium parses it: no console message (a blocked load, a broken picture's markup
// or CSS would log one), `plots` <svg> and `pictures` <img> elements. Skips without Chromium.
inline void expectRendered(const std::filesystem::path& scratch, const std::string& page,
                           size_t plots, size_t pictures) {
  if (!std::filesystem::exists(kChromium)) GTEST_SKIP() << kChromium << " is not installed";
  const Browser dom = runChromium(scratch, page, "--dump-dom");
  ASSERT_EQ(dom.exitCode, 0) << dom.err;
  EXPECT_EQ(consoleLines(dom.err), std::vector<std::string>{}) << dom.err;
  EXPECT_EQ(countOf(dom.out, "<svg "), plots);
  EXPECT_EQ(countOf(dom.out, "<img "), pictures);
  EXPECT_NE(dom.out.find("</html>"), std::string::npos);
}

} // namespace hlotrain::report::testing

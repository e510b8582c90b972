// The report page in a real browser: headless Chromium loads it from a file with no console
// message (a blocked load, a CSS or markup error would log one), its screenshot holds the plots
// (decoded here: not blank, coloured), and the DOM it parsed holds one <svg> per plot. A control
// page that loads an image under the same Content-Security-Policy shows that the check sees
// such messages. Skipped where /usr/bin/chromium is absent.

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <zlib.h>

#include <algorithm>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <vector>

#include "RunFiles.h"
#include "XmlCheck.h"
#include "report/Report.h"
#include "support/AtomicFile.h"

using namespace hlotrain;
using hlotrain::report::testing::occurrences;

namespace {

namespace fs = std::filesystem;

constexpr const char* kChromium = "/usr/bin/chromium";
constexpr int kWidth = 1200, kHeight = 2000;

std::string shellQuote(const std::string& s) {
  std::string quoted = "'";
  for (char c : s) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

struct Decoded {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgb; // width * height * 3
  std::string problem;
};

uint32_t bigEndian(const std::string& s, size_t at) {
  return uint32_t(uint8_t(s[at])) << 24 | uint32_t(uint8_t(s[at + 1])) << 16 |
         uint32_t(uint8_t(s[at + 2])) << 8 | uint32_t(uint8_t(s[at + 3]));
}

// An 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes), unfiltered to RGB.
Decoded decodePng(const std::string& png) {
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

class ChromiumTest : public hlotrain::report::testing::RunScratch {
protected:
  void SetUp() override {
    RunScratch::SetUp();
    if (!fs::exists(kChromium)) GTEST_SKIP() << kChromium << " is not installed";
  }

  // Chromium on `page` with `flags`, its own profile in the scratch directory.
  Browser run(const std::string& page, const std::string& flags) {
    const std::string out = (dir / "browser.out").string(), err = (dir / "browser.err").string();
    const std::string command =
        std::string("timeout 60 ") + kChromium +
        " --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=" +
        shellQuote((dir / "profile").string()) + " --enable-logging=stderr --v=0 " + flags + " " +
        shellQuote("file://" + page) + " >" + shellQuote(out) + " 2>" + shellQuote(err);
    Browser b;
    const int status = std::system(command.c_str());
    b.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    b.out = read(out);
    b.err = read(err);
    return b;
  }

  static std::vector<std::string> consoleLines(const std::string& log) {
    std::vector<std::string> lines;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);)
      if (line.find(":CONSOLE") != std::string::npos) lines.push_back(line);
    return lines;
  }
};

TEST_F(ChromiumTest, ThePageLoadsWithoutConsoleMessagesAndRendersItsPlots) {
  write("unet_brats_metrics.jsonl", hlotrain::report::testing::kSegmentationLog);
  const report::Report r = report::buildReport((dir / "unet_brats").string());
  const std::string page = fs::absolute(dir / "unet_brats_report.html").string();
  writeFileAtomically(page, r.html);
  const std::string png = (dir / "page.png").string();

  Browser shot =
      run(page, "--screenshot=" + shellQuote(png) + " --window-size=" + std::to_string(kWidth) +
                    "," + std::to_string(kHeight));
  ASSERT_EQ(shot.exitCode, 0) << shot.err;
  EXPECT_EQ(consoleLines(shot.err), std::vector<std::string>{}) << shot.err;
  const std::string image = read(png);
  ASSERT_GT(image.size(), 20000u) << "screenshot missing or near-empty";
  Decoded d = decodePng(image);
  ASSERT_EQ(d.problem, "");
  EXPECT_EQ(d.width, uint32_t(kWidth));
  EXPECT_EQ(d.height, uint32_t(kHeight));
  // Not blank: text, axes and plots cover part of the page, and the lines and the heatmap are in
  // colour (a pixel whose channels differ widely is neither text nor background).
  size_t inked = 0, coloured = 0;
  for (size_t i = 0; i + 2 < d.rgb.size(); i += 3) {
    const int r0 = d.rgb[i], g = d.rgb[i + 1], b = d.rgb[i + 2];
    if (r0 + g + b < 600) ++inked;
    if (std::max({r0, g, b}) - std::min({r0, g, b}) > 80) ++coloured;
  }
  const size_t pixels = size_t(kWidth) * kHeight;
  EXPECT_GT(inked, pixels / 100) << inked << " dark pixels";
  EXPECT_GT(coloured, size_t(2000)) << coloured << " coloured pixels";

  Browser dom = run(page, "--dump-dom");
  ASSERT_EQ(dom.exitCode, 0) << dom.err;
  EXPECT_EQ(consoleLines(dom.err), std::vector<std::string>{}) << dom.err;
  EXPECT_EQ(occurrences(dom.out, "<svg "), r.plots) << dom.out.substr(0, 2000);
  EXPECT_NE(dom.out.find("Confusion matrix (row-normalised)"), std::string::npos);
  EXPECT_NE(dom.out.find("</html>"), std::string::npos);
}

// The console check is not vacuous: a load the page's policy blocks is reported.
TEST_F(ChromiumTest, ABlockedLoadShowsOnTheConsole) {
  write("x_metrics.jsonl", hlotrain::report::testing::kDetectionLog);
  std::string html = report::buildReport((dir / "x").string()).html;
  html.insert(html.find("</body>"), "<img src=\"file:///etc/hostname\"/>");
  const std::string page = write("control.html", html);
  Browser b = run(fs::absolute(page).string(), "--dump-dom");
  ASSERT_EQ(b.exitCode, 0) << b.err;
  std::vector<std::string> lines = consoleLines(b.err);
  ASSERT_EQ(lines.size(), 1u) << b.err;
  EXPECT_NE(lines[0].find("Content Security Policy"), std::string::npos) << lines[0];
}

} // namespace

// The report page in a real browser: headless Chromium loads it from a file with no console
// message (a blocked load, a CSS or markup error would log one), its screenshot holds the plots
// (decoded here: not blank, coloured) and the samples' pictures, and the DOM it parsed holds one
// <svg> per plot and one <img> per picture. A control
// page that loads an image under the same Content-Security-Policy shows that the check sees
// such messages. Skipped where /usr/bin/chromium is absent.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <vector>

#include "Browser.h"
#include "RunScratch.h"
#include "XmlCheck.h"
#include "report/Report.h"
#include "support/AtomicFile.h"

using namespace hlotrain;
using namespace hlotrain::report::testing;

namespace {

namespace fs = std::filesystem;

constexpr int kWidth = 1200, kHeight = 4000;

class ChromiumTest : public hlotrain::report::testing::RunScratch {
protected:
  void SetUp() override {
    RunScratch::SetUp();
    if (!fs::exists(kChromium)) GTEST_SKIP() << kChromium << " is not installed";
  }

  Browser run(const std::string& page, const std::string& flags) {
    return runChromium(dir, page, flags);
  }
};

TEST_F(ChromiumTest, ThePageLoadsWithoutConsoleMessagesAndRendersItsPlotsAndPictures) {
  write("unet_brats_metrics.jsonl", hlotrain::report::testing::kSegmentationLog);
  write("unet_brats_samples.json", hlotrain::report::testing::samplesJson("segmentation", 4));
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
  // The samples' pictures are drawn: their truth overlays are flat green (46, 204, 64), shown
  // at 200x200 each; nothing else on the page comes near that many pixels of it.
  size_t inked = 0, coloured = 0, green = 0;
  for (size_t i = 0; i + 2 < d.rgb.size(); i += 3) {
    const int r0 = d.rgb[i], g = d.rgb[i + 1], b = d.rgb[i + 2];
    if (r0 + g + b < 600) ++inked;
    if (std::max({r0, g, b}) - std::min({r0, g, b}) > 80) ++coloured;
    if (std::abs(r0 - 46) < 4 && std::abs(g - 204) < 4 && std::abs(b - 64) < 4) ++green;
  }
  ASSERT_EQ(r.pictures, 12u);
  EXPECT_GT(green, size_t(4 * 200 * 200 * 9 / 10)) << green << " pixels of the truth overlays";
  const size_t pixels = size_t(kWidth) * kHeight;
  EXPECT_GT(inked, pixels / 100) << inked << " dark pixels";
  EXPECT_GT(coloured, size_t(2000)) << coloured << " coloured pixels";

  Browser dom = run(page, "--dump-dom");
  ASSERT_EQ(dom.exitCode, 0) << dom.err;
  EXPECT_EQ(consoleLines(dom.err), std::vector<std::string>{}) << dom.err;
  EXPECT_EQ(occurrences(dom.out, "<svg "), r.plots) << dom.out.substr(0, 2000);
  EXPECT_EQ(occurrences(dom.out, "<img "), r.pictures);
  EXPECT_NE(dom.out.find("Confusion matrix (row-normalised)"), std::string::npos);
  EXPECT_NE(dom.out.find("</html>"), std::string::npos);
}

// Every task's page, its samples included: detection's boxes are SVG over the picture.
TEST_F(ChromiumTest, EveryTasksPageRendersItsPlotsAndPictures) {
  const std::pair<const char*, const char*> runs[] = {
      {"classification", kClassificationConfusionLog},
      {"segmentation", kSegmentationLog},
      {"detection", kDetectionLog}};
  for (const auto& [task, log] : runs) {
    SCOPED_TRACE(task);
    write(std::string(task) + "_metrics.jsonl", log);
    write(std::string(task) + "_samples.json", samplesJson(task, 3));
    const report::Report r = report::buildReport((dir / task).string());
    EXPECT_GT(r.pictures, 0u);
    const std::string page = write(std::string(task) + ".html", r.html);
    expectRendered(dir, page, r.plots, r.pictures);
  }
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

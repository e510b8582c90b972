// `hlotrain report` through the real dispatcher: the page of a real (tiny) training run, of
// segmentation and detection logs written by train::MetricsLog itself, and every bad RUN, log or
// flag refused with a one-line error, exit 2 (exit 1 when the page cannot be written) and no
// page left behind.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "Harness.h"
#include "task/Task.h"
#include "tests/report/Browser.h"
#include "tests/report/XmlCheck.h"
#include "tests/train/TrainFixtures.h"
#include "train/MetricsLog.h"

using namespace hlotrain;
using hlotrain::report::testing::occurrences;
using hlotrain::report::testing::xmlProblem;
using hlotrain::testing::CliResult;
using hlotrain::testing::expectUsageError;
using hlotrain::testing::runInProcess;

namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<std::string> lines(const fs::path& path) {
  std::vector<std::string> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

void expectSelfContained(const std::string& html) {
  EXPECT_EQ(xmlProblem(html), "");
  EXPECT_EQ(html.find("://"), std::string::npos); // no http, https or file URL
  EXPECT_EQ(occurrences(html, "src="), occurrences(html, "src=\"data:image/png;base64,"));
  EXPECT_EQ(html.find("href"), std::string::npos);
  EXPECT_EQ(html.find("url("), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
}

class ReportCommandTest : public train::fixtures::TrainScratch {
protected:
  std::string artifacts() const { return (dir / "a").string(); }

  // mnist-linear, 2 epochs of 10 steps on the learnable synthetic split.
  CliResult trainTinyRun(std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {
        "train",    "--net", "mnist-linear", "--data", dir.string(),  "--batch",  "16",
        "--epochs", "2",     "--log-every",  "0",      "--artifacts", artifacts()};
    args.insert(args.end(), extra.begin(), extra.end());
    CliResult r = runInProcess(args);
    EXPECT_EQ(r.exitCode, 0) << r.err << r.out;
    return r;
  }

  // Refused with exit 2 and one line, and no page written anywhere in the scratch directory.
  void expectRefused(const std::vector<std::string>& args, const std::string& needle) {
    expectUsageError(args, needle);
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir))
      EXPECT_FALSE(e.path().string().ends_with(".html")) << e.path();
  }
};

TEST_F(ReportCommandTest, ReportsATrainedRun) {
  trainTinyRun();
  const std::string prefix = artifacts() + "/mnist_linear";
  CliResult r = runInProcess({"report", prefix});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "report " + prefix +
                       "_report.html: classification, 2 epoch records, 2 evaluations, 5 plots, 8 "
                       "pictures\n");
  EXPECT_EQ(r.err, "");
  const std::string html = slurp(prefix + "_report.html");
  EXPECT_EQ(occurrences(html, "<svg "), 5u); // loss, lr, images/s, accuracy, confusion matrix
  EXPECT_EQ(occurrences(html, "<img "), 8u); // the last evaluation's samples
  expectSelfContained(html);
  hlotrain::report::testing::expectRendered(dir, prefix + "_report.html", 5, 8);
  // The figures are the log's, and the facts the artifacts'.
  std::vector<std::string> records = lines(prefix + "_metrics.jsonl");
  ASSERT_EQ(records.size(), 5u); // the run record first
  const std::string total = "\"total\":50";
  EXPECT_NE(records[4].find(total), std::string::npos) << records[4];
  for (const char* text :
       {"MNIST-Linear", "7,850 in 2 tensors", "1x28x28 per record, batch 16", "adam",
        "global step 20 (next: epoch 3, batch 0)", "mnist_linear_checkpoint.bin",
        "mnist_linear_best_checkpoint.bin", ">Accuracy<", " of 50 test records"})
    EXPECT_NE(html.find(text), std::string::npos) << text;

  // The directory holds one run (its report among its files); --out puts the page elsewhere.
  r = runInProcess({"report", artifacts(), "--out", (dir / "page.html").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.rfind("report " + (dir / "page.html").string() + ": classification", 0), 0u);
  const std::string elsewhere = slurp(dir / "page.html");
  EXPECT_EQ(occurrences(elsewhere, "<svg "), 5u);
  EXPECT_NE(elsewhere.find(">mnist_linear_report.html</td>"), std::string::npos); // a run file now
  r = runInProcess({"report", prefix + "_metrics.jsonl", "--out=" + (dir / "p2.html").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "p2.html"));
}

// `train --report` rewrites the page after each evaluation, saying so unless --quiet.
TEST_F(ReportCommandTest, TrainWritesTheReportAfterEachEvaluation) {
  const std::string page = artifacts() + "/mnist_linear_report.html";
  CliResult r = trainTinyRun({"--report"});
  const size_t first = r.out.find("report " + page +
                                  ": classification, 1 epoch record, 1 evaluation, 5 plots, 8 "
                                  "pictures\n");
  const size_t second = r.out.find(
      "report " + page + ": classification, 2 epoch records, 2 evaluations, 5 plots, 8 pictures\n");
  ASSERT_NE(first, std::string::npos) << r.out;
  ASSERT_NE(second, std::string::npos) << r.out;
  EXPECT_LT(r.out.find("eval after epoch 1"), first);
  EXPECT_LT(first, r.out.find("epoch 2/2 done"));
  EXPECT_NE(slurp(page).find("Last evaluation (epoch 2, global step 20)"), std::string::npos);

  fs::remove_all(artifacts());
  r = trainTinyRun({"--report", "--quiet"});
  EXPECT_EQ(r.out.find("report "), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(page));
}

// Segmentation and detection records as the trainer writes them: through train::MetricsLog.
TEST_F(ReportCommandTest, ReportsSegmentationAndDetectionLogsAsMetricsLogWritesThem) {
  const std::string seg = (dir / "unet_brats").string();
  std::ostringstream printed;
  {
    train::MetricsLog log(printed, seg + "_metrics.jsonl", std::nullopt);
    task::SegmentationScores s;
    s.numClasses = 4;
    s.confusion = {900, 50, 30, 20, 10, 60, 20, 10, 5, 5, 10, 0, 0, 0, 1, 1};
    s.iou = {0.9, 0.3, 0.1, 0.04};
    s.meanIou = 0.335;
    s.regions = {{"WT", 0.5, 0.4}, {"TC", 0.25, 0.2}, {"ET", 0.1, 0.05}};
    s.cases = 2;
    log.epoch({1, 2, 2, 0, 1.875, 1e-3, 3.5, 1.14}, 2);
    log.eval({1, 2, 1.5, s});
    s.regions[0].dice = 0.625;
    log.epoch({2, 4, 2, 0, 1.5, 5e-4, 3.25, 1.23}, 2);
    log.eval({2, 4, 1.25, s});
  }
  CliResult r = runInProcess({"report", seg});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find(": segmentation, 2 epoch records, 2 evaluations, 6 plots"),
            std::string::npos)
      << r.out;
  std::string html = slurp(seg + "_report.html");
  EXPECT_EQ(occurrences(html, "<svg "), 6u);
  expectSelfContained(html);
  for (const char* text :
       {">Dice per region<", ">WT per case<", ">IoU<", ">Confusion matrix (row-normalised)<",
        "3 enhancing tumour", "Dice per case (2 cases)", "60.0%"})
    EXPECT_NE(html.find(text), std::string::npos) << text;

  const std::string det = (dir / "d" / "r34_yolov1").string();
  fs::create_directories(dir / "d");
  {
    train::MetricsLog log(printed, det + "_metrics.jsonl", std::nullopt);
    task::DetectionScores s;
    s.map50 = 0.125;
    s.map = 0.05;
    s.ap50 = std::vector<double>(10, 0.0);
    s.ap50[0] = 0.5;
    s.ap50[1] = std::numeric_limits<double>::quiet_NaN(); // no ground truth: null
    s.detections = 147;
    s.groundTruths = 12;
    log.epoch({1, 2, 2, 0, 61.25, 1e-2, 2.5, 1.6}, 1);
    log.eval({1, 2, 0.8, s});
  }
  r = runInProcess({"report", (dir / "d").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find(": detection, 1 epoch record, 1 evaluation, 5 plots"), std::string::npos)
      << r.out;
  html = slurp(det + "_report.html");
  EXPECT_EQ(occurrences(html, "<svg "), 5u);
  expectSelfContained(html);
  for (const char* text : {">mAP@0.5<", ">AP@0.5 per class<",
                           "1 people</td><td>- (no ground "
                           "truth)",
                           "147 detections, 12 ground-truth boxes"})
    EXPECT_NE(html.find(text), std::string::npos) << text;
}

// A language model's evaluations: its loss plotted, and what it wrote after each, oldest first,
// with control characters as visible signs (the page stays well-formed).
TEST_F(ReportCommandTest, ShowsWhatALanguageModelWroteAfterEachEvaluation) {
  const std::string lm = (dir / "gpt_nano").string();
  std::ostringstream printed;
  {
    train::MetricsLog log(printed, lm + "_metrics.jsonl", std::nullopt);
    log.epoch({1, 50, 50, 0, 3.5, 3e-3, 2.0, 800}, 2);
    log.eval({.epoch = 1,
              .step = 50,
              .seconds = 0.5,
              .scores = task::LanguageModelScores{2000, 1000, true},
              .sample = "teh cat <sat>\n\x07"});
    log.epoch({2, 100, 50, 0, 2.5, 3e-4, 2.0, 800}, 2);
    log.eval({.epoch = 2,
              .step = 100,
              .seconds = 0.5,
              .scores = task::LanguageModelScores{1500, 1000, true},
              .sample = "the cat sat"});
  }
  CliResult r = runInProcess({"report", lm});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find(": language-model, 2 epoch records, 2 evaluations"), std::string::npos)
      << r.out;
  const std::string html = slurp(lm + "_report.html");
  expectSelfContained(html);
  const size_t first = html.find("<pre class=\"text\">teh cat &lt;sat&gt;\n\xe2\x90\x87</pre>");
  const size_t second = html.find("<pre class=\"text\">the cat sat</pre>");
  ASSERT_NE(first, std::string::npos) << html;
  EXPECT_GT(second, first);
  EXPECT_NE(html.find("epoch 2, global step 100"), std::string::npos);
  EXPECT_NE(html.find(" sequences/s"), std::string::npos);
  EXPECT_EQ(html.find("images/s"), std::string::npos);
  EXPECT_EQ(html.find('\x07'), std::string::npos);
}

TEST_F(ReportCommandTest, BadRunsLogsAndFlagsAreOneLineErrors) {
  fs::create_directories(dir / "a");
  const std::string jsonl = artifacts() + "/mnist_cnn_metrics.jsonl";
  const std::string prefix = artifacts() + "/mnist_cnn";
  expectRefused({"report"}, "error: report: missing RUN");
  expectRefused({"report", "x", "y"}, "report: unexpected argument 'y'");
  expectRefused({"report", prefix, "--output", "x.html"}, "'--output'");
  expectRefused({"report", prefix, "--out", ""}, "flag '--out' needs a file name");
  expectRefused({"report", prefix},
                "error: no run at '" + prefix + "': " + jsonl + " does not exist");
  expectRefused({"report", artifacts()}, artifacts() + ": holds no run's files");

  std::ofstream(jsonl).flush(); // empty
  expectRefused({"report", prefix}, jsonl + ": no records (an empty metrics log");
  std::ofstream(jsonl) << R"({"type":"epoch","epoch":1,"step":4,"steps":4,"loss":1})"
                       << "\n"
                       << R"({"type":"eval","epoch":1,"step":4,"accuracy":0.5,)"
                       << "\n";
  expectRefused({"report", prefix}, jsonl + ":2: malformed JSON record: ");
  std::ofstream(jsonl) << R"({"type":"epoch","epoch":1,"step":"4"})"
                       << "\n";
  expectRefused({"report", prefix}, jsonl + ":1: field \"step\" is \"4\", expected an integer");

  std::ofstream(jsonl) << R"({"type":"epoch","epoch":1,"step":4,"steps":4,"loss":1})"
                       << "\n";
  std::ofstream(artifacts() + "/mnist_cnn_ce_fwd.mlir") << "x";
  expectRefused({"report", artifacts()},
                ": holds the files of 2 runs (mnist_cnn, mnist_cnn_ce); name one as RUN");
  expectRefused({"report", prefix, "--out", artifacts()}, "is a directory");

  // The page cannot be written: exit 1, one line, nothing left.
  const std::string nowhere = (dir / "missing" / "page.html").string();
  CliResult r = runInProcess({"report", prefix, "--out", nowhere});
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(nowhere), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_FALSE(fs::exists(dir / "missing"));

  r = runInProcess({"report", prefix});
  EXPECT_EQ(r.exitCode, 0) << r.err;
}

TEST_F(ReportCommandTest, IsListedAndHasHelp) {
  CliResult r = runInProcess({"--help"});
  EXPECT_NE(r.out.find("  report  a run's metrics, config and plots"), std::string::npos) << r.out;
  r = runInProcess({"report", "--help"});
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_EQ(r.out.rfind("usage: hlotrain report RUN [--out FILE.html]", 0), 0u) << r.out;
}

} // namespace

// The run report: the metrics log read record by record (every shape the trainer writes, resumed
// epochs, a cut last line, and each malformed line refused naming file:line), RUN resolved to a
// prefix, what the graphs, the checkpoint's header and its stored config add, and the page of each
// task: one <svg> per plot, well-formed, nothing external, every text escaped.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "RunScratch.h"
#include "XmlCheck.h"
#include "nn/Zoo.h"
#include "report/Report.h"
#include "support/Error.h"
#include "support/RunFiles.h"
#include "train/Checkpoint.h"

using namespace hlotrain;
using namespace hlotrain::report;
using hlotrain::report::testing::occurrences;
using hlotrain::report::testing::xmlProblem;

namespace {

class ReportTest : public hlotrain::report::testing::RunScratch {
protected:
  // The ParseError (or other typed error) message of reading `text` as a log.
  template <class Error> std::string errorOf(const std::string& text) {
    const std::string path = write("r_metrics.jsonl", text);
    try {
      readRunLog(path);
    } catch (const Error& e) {
      std::string message = e.what();
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
      return message;
    }
    ADD_FAILURE() << "no error for: " << text;
    return "";
  }
  std::string parseError(const std::string& text) { return errorOf<ParseError>(text); }

  std::string configError(const std::string& run) {
    try {
      resolveRun(run);
    } catch (const ConfigError& e) {
      return e.what();
    }
    ADD_FAILURE() << "no error for RUN " << run;
    return "";
  }
};

// Nothing in the page may be fetched, run or linked.
void expectSelfContained(const std::string& html) {
  EXPECT_EQ(xmlProblem(html), "");
  EXPECT_EQ(html.find("://"), std::string::npos);
  // The one thing a page may load is its own inline PNGs, in <img> elements.
  EXPECT_EQ(occurrences(html, "src="), occurrences(html, "<img "));
  EXPECT_EQ(occurrences(html, "src="), occurrences(html, "src=\"data:image/png;base64,"));
  EXPECT_EQ(html.find("href"), std::string::npos);
  EXPECT_EQ(html.find("url("), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_NE(html.find("Content-Security-Policy\" content=\"default-src 'none'; "
                      "style-src 'unsafe-inline'; img-src data:\""),
            std::string::npos);
  EXPECT_EQ(html.find("nan"), std::string::npos);
}

TEST_F(ReportTest, ReadsEpochAndClassificationEvalRecords) {
  RunLog log = readRunLog(write("r_metrics.jsonl", hlotrain::report::testing::kClassificationLog));
  ASSERT_EQ(log.epochs.size(), 2u);
  EXPECT_EQ(log.epochs[1].epoch, 2);
  EXPECT_EQ(log.epochs[1].step, 936);
  EXPECT_EQ(log.epochs[1].steps, 468);
  EXPECT_DOUBLE_EQ(log.epochs[0].loss, 1.23155312);
  EXPECT_DOUBLE_EQ(log.epochs[1].lr, 0.000750000007);
  EXPECT_DOUBLE_EQ(log.epochs[0].imagesPerSecond, 451170.552);
  EXPECT_EQ(log.epochs[1].line, 3u);
  ASSERT_EQ(log.evals.size(), 2u);
  EXPECT_EQ(log.evals[0].scalar("accuracy"), 0.7733);
  EXPECT_EQ(log.evals[1].scalar("correct"), 8160);
  EXPECT_DOUBLE_EQ(log.evals[1].seconds, 0.007652824);
  EXPECT_FALSE(log.evals[0].scalar("seconds")); // a record field, not a score
  EXPECT_TRUE(log.evals[0].confusion.empty());
  EXPECT_EQ(runTask(log), "classification");
  EXPECT_TRUE(log.notes.empty());
}

TEST_F(ReportTest, ReadsSegmentationAndDetectionFieldsByShape) {
  RunLog seg = readRunLog(write("s_metrics.jsonl", hlotrain::report::testing::kSegmentationLog));
  EXPECT_EQ(runTask(seg), "segmentation");
  ASSERT_EQ(seg.evals.size(), 2u);
  const EvalRecord& first = seg.evals[0];
  const NamedValues* dice = first.group("dice");
  ASSERT_NE(dice, nullptr);
  ASSERT_EQ(dice->size(), 3u);
  EXPECT_EQ((*dice)[0].first, "WT"); // record order, not sorted
  EXPECT_EQ((*dice)[2].first, "ET");
  EXPECT_TRUE(std::isnan((*dice)[2].second)); // null
  ASSERT_NE(first.group("dice_per_case"), nullptr);
  EXPECT_EQ(seg.evals[1].group("dice_per_case"), nullptr); // null: no cases
  EXPECT_FALSE(seg.evals[1].scalar("dice_per_case"));
  ASSERT_NE(first.list("iou"), nullptr);
  EXPECT_EQ(first.list("iou")->size(), 4u);
  ASSERT_EQ(first.confusion.size(), 4u);
  EXPECT_EQ(first.confusion[0][0], 900);
  EXPECT_EQ(first.confusion[2][1], 5);
  EXPECT_TRUE(std::isnan(seg.epochs[1].loss));
  EXPECT_EQ(seg.epochs[1].skipped, 1);

  RunLog det = readRunLog(write("d_metrics.jsonl", hlotrain::report::testing::kDetectionLog));
  EXPECT_EQ(runTask(det), "detection");
  const std::vector<double>* ap = det.evals[0].list("ap50");
  ASSERT_NE(ap, nullptr);
  ASSERT_EQ(ap->size(), 10u);
  EXPECT_DOUBLE_EQ((*ap)[0], 0.5);
  EXPECT_TRUE(std::isnan((*ap)[1]));
  EXPECT_EQ(det.evals[0].scalar("ground_truths"), 12);
}

// A run killed inside epoch 1 and resumed writes epoch 1 twice (MetricsLog keeps the records up
// to the checkpoint): one epoch, combined.
TEST_F(ReportTest, CombinesTheRecordsOfAResumedEpoch) {
  RunLog log = readRunLog(write(
      "r_metrics.jsonl",
      R"({"type":"epoch","epoch":1,"step":40,"steps":40,"skipped":0,"loss":2,"lr":0.001,"seconds":1,"images_per_s":640}
{"type":"epoch","epoch":1,"step":100,"steps":60,"skipped":0,"loss":1,"lr":0.0005,"seconds":2,"images_per_s":480}
{"type":"epoch","epoch":2,"step":200,"steps":100,"skipped":0,"loss":0.5,"lr":0.0001,"seconds":3,"images_per_s":533}
{"type":"checkpoint","step":200}
)"));
  ASSERT_EQ(log.epochs.size(), 2u);
  const EpochRecord& e = log.epochs[0];
  EXPECT_EQ(e.records, 2);
  EXPECT_EQ(e.steps, 100);
  EXPECT_EQ(e.step, 100);
  EXPECT_DOUBLE_EQ(e.loss, (2.0 * 40 + 1.0 * 60) / 100);
  EXPECT_DOUBLE_EQ(e.seconds, 3);
  EXPECT_DOUBLE_EQ(e.imagesPerSecond, (640.0 * 1 + 480.0 * 2) / 3);
  EXPECT_DOUBLE_EQ(e.lr, 0.0005);
  ASSERT_EQ(log.notes.size(), 2u);
  EXPECT_NE(log.notes[0].find("epoch 1 has 2 records"), std::string::npos);
  EXPECT_NE(log.notes[1].find("type \"checkpoint\""), std::string::npos);
}

TEST_F(ReportTest, SkipsALastLineTheFileEndsInside) {
  std::string text = hlotrain::report::testing::kClassificationLog;
  text += R"({"type":"epoch","epoch":3,"step":14)";
  RunLog log = readRunLog(write("r_metrics.jsonl", text));
  EXPECT_EQ(log.epochs.size(), 2u);
  ASSERT_EQ(log.notes.size(), 1u);
  EXPECT_NE(log.notes[0].find("line 5 is cut short"), std::string::npos) << log.notes[0];
  // The same line ended by a newline was written whole: it is malformed.
  EXPECT_NE(parseError(text + "\n").find("r_metrics.jsonl:5: malformed JSON record"),
            std::string::npos);
}

TEST_F(ReportTest, RefusesMalformedRecordsNamingFileAndLine) {
  const std::string epoch =
      R"({"type":"epoch","epoch":1,"step":4,"steps":4,"skipped":0,"loss":1,"lr":0.1,"seconds":1,"images_per_s":4})";
  const std::string path = (dir / "r_metrics.jsonl").string();
  const std::pair<std::string, std::string> cases[] = {
      {epoch + "\n{\"type\":\"eval\",\n", ":2: malformed JSON record: "},
      {epoch + "\nnot json\n", ":2: malformed JSON record: "},
      {"[1,2]\n", ":1: expected a JSON object, found [1,2]"},
      {"{\"epoch\":1}\n", ":1: the record has no \"type\" string"},
      {"{\"type\":3}\n", ":1: the record has no \"type\" string"},
      {R"({"type":"epoch","step":4,"loss":1})"
       "\n",
       ":1: the epoch record has no \"epoch\""},
      {R"({"type":"epoch","epoch":1,"step":4,"loss":"low"})"
       "\n",
       ":1: field \"loss\" is string, expected a number"},
      {R"({"type":"epoch","epoch":-1,"step":4})"
       "\n",
       ":1: field \"epoch\" is -1, expected an integer >= 0"},
      {R"({"type":"epoch","epoch":1.5,"step":4})"
       "\n",
       ":1: field \"epoch\" is 1.5, expected an integer >= 0"},
      {epoch + "\n" + R"({"type":"eval","epoch":1,"step":4,"confusion":[[1,2],[3]]})" + "\n",
       ":2: field \"confusion\" is not a square matrix of 2 rows"},
      {R"({"type":"eval","epoch":1,"step":4,"confusion":[[1,-2],[3,4]]})"
       "\n",
       ":1: field \"confusion\" holds -2, expected counts >= 0"},
      {R"({"type":"eval","epoch":1,"step":4,"dice":{"WT":"high"}})"
       "\n",
       ":1: field \"dice\".\"WT\" is string, expected a number or null"},
      {R"({"type":"eval","epoch":1,"step":4,"iou":[0.5,[1]]})"
       "\n",
       ":1: field \"iou\"[1] is array, expected a number or null"},
  };
  for (const auto& [text, message] : cases)
    EXPECT_NE(parseError(text).find(path + message), std::string::npos)
        << parseError(text) << "\nexpected: " << message;
  EXPECT_EQ(parseError(""), path + ": no records (an empty metrics log: has the run finished an "
                                   "epoch yet?)");
  EXPECT_NE(parseError("\n  \n").find(path + ": no records"), std::string::npos);
}

TEST_F(ReportTest, ResolvesRunAsPrefixMetricsFileOrDirectory) {
  std::filesystem::create_directories(dir / "one");
  std::ofstream((dir / "one" / "mnist_cnn_metrics.jsonl")) << "\n";
  std::ofstream((dir / "one" / "mnist_cnn_best_checkpoint.bin")) << "x";
  std::ofstream((dir / "one" / "mnist_cnn_train_step.mlir")) << "x";
  std::ofstream((dir / "one" / "mnist_cnn_report.html")) << "x";
  std::ofstream((dir / "one" / "mnist_cnn_checkpoint.bin.tmp.123")) << "x";
  std::ofstream((dir / "one" / "notes.txt")) << "x";
  const std::string prefix = (dir / "one" / "mnist_cnn").string();
  EXPECT_EQ(resolveRun(prefix), prefix);
  EXPECT_EQ(resolveRun(prefix + "_metrics.jsonl"), prefix);
  EXPECT_EQ(resolveRun((dir / "one").string()), prefix);
  EXPECT_EQ(RunFiles{prefix}.report(), prefix + "_report.html");

  // A second run (an ablation arm's build tag) makes the directory ambiguous.
  std::ofstream((dir / "one" / "mnist_cnn_ce_fwd.mlir")) << "x";
  EXPECT_EQ(configError((dir / "one").string()),
            (dir / "one").string() +
                ": holds the files of 2 runs (mnist_cnn, mnist_cnn_ce); name one as RUN, e.g. " +
                prefix);
  EXPECT_EQ(resolveRun(prefix), prefix); // the prefix still names one
  EXPECT_NE(configError((dir / "one" / "mnist_cnn_ce").string())
                .find("mnist_cnn_ce_metrics.jsonl does not exist"),
            std::string::npos);

  std::filesystem::create_directories(dir / "empty");
  EXPECT_NE(configError((dir / "empty").string()).find(": holds no run's files"),
            std::string::npos);
  EXPECT_NE(configError((dir / "nowhere").string())
                .find("no run at '" + (dir / "nowhere").string() + "'"),
            std::string::npos);
  EXPECT_NE(configError("").find("RUN is empty"), std::string::npos);
}

TEST_F(ReportTest, ClassificationPageHasAPlotPerFigureAndSaysWhatIsMissing) {
  write("mnist_linear_metrics.jsonl", hlotrain::report::testing::kClassificationLog);
  Report r = buildReport((dir / "mnist_linear").string());
  EXPECT_EQ(r.task, "classification");
  EXPECT_EQ(r.epochs, 2u);
  EXPECT_EQ(r.evals, 2u);
  EXPECT_EQ(r.plots, 4u); // loss, lr, images/s, accuracy
  EXPECT_EQ(occurrences(r.html, "<svg "), r.plots);
  EXPECT_EQ(occurrences(r.html, "<figure class=\"plot\">"), r.plots);
  expectSelfContained(r.html);
  for (const char* text : {">Training loss per epoch<", ">Learning rate per epoch<",
                           ">Throughput per epoch<", ">Accuracy<", "81.60%", "(8160 of 10000",
                           "no confusion matrix", "the planned number of epochs",
                           "the parameter count and input shape", "no readable _checkpoint.bin"})
    EXPECT_NE(r.html.find(text), std::string::npos) << text;
}

TEST_F(ReportTest, SegmentationPageHasTheConfusionHeatmapAndPerClassIou) {
  write("unet_brats_metrics.jsonl", hlotrain::report::testing::kSegmentationLog);
  Report r = buildReport((dir / "unet_brats").string());
  EXPECT_EQ(r.task, "segmentation");
  EXPECT_EQ(r.plots, 6u); // loss, lr, images/s, Dice, IoU, the confusion heatmap
  EXPECT_EQ(occurrences(r.html, "<svg "), r.plots);
  expectSelfContained(r.html);
  for (const char* text :
       {">Dice per region<", ">WT per case<", ">mean IoU<", ">Confusion matrix (row-normalised)<",
        "3 enhancing tumour", "0 background", "95.0%", "Dice per case (no cases)",
        "truth 1 edema, predicted 2 non-enhancing/necrotic core: 10 pixels",
        "Last evaluation "
        "(epoch 2"})
    EXPECT_NE(r.html.find(text), std::string::npos) << text;
}

TEST_F(ReportTest, DetectionPageHasMapOverEpochsAndApPerClass) {
  write("r34_yolov1_metrics.jsonl", hlotrain::report::testing::kDetectionLog);
  Report r = buildReport((dir / "r34_yolov1").string());
  EXPECT_EQ(r.task, "detection");
  EXPECT_EQ(r.plots, 5u); // loss, lr, images/s, mAP, AP@0.5 per class
  EXPECT_EQ(occurrences(r.html, "<svg "), r.plots);
  expectSelfContained(r.html);
  for (const char* text :
       {">Mean average precision<", ">mAP@0.5<", ">mAP@[.5:.95]<", ">AP@0.5 per class<",
        "0 pedestrian", "9 motor", "- (no ground truth)", "147 detections, 12 ground-truth boxes"})
    EXPECT_NE(r.html.find(text), std::string::npos) << text;
}

TEST_F(ReportTest, ClassificationPageShowsTheConfusionMatrixWithPerClassAccuracy) {
  write("c_metrics.jsonl", hlotrain::report::testing::kClassificationConfusionLog);
  Report r = buildReport((dir / "c").string());
  EXPECT_EQ(r.task, "classification");
  EXPECT_EQ(r.plots, 5u); // loss, lr, images/s, accuracy, the confusion heatmap
  EXPECT_EQ(r.pictures, 0u);
  expectSelfContained(r.html);
  for (const char* text : {">Confusion matrix (row-normalised)<", "records (truth)", ">accuracy<",
                           "truth 0, predicted 1: 1 records", "75.00%", "100.00%", "50.00%"})
    EXPECT_NE(r.html.find(text), std::string::npos) << text;
  EXPECT_EQ(r.html.find("no confusion matrix"), std::string::npos);
}

// The last evaluation's samples: classification's pictures with truth and prediction,
// segmentation's input, truth and prediction side by side with the overlay colours' legend,
// detection's pictures with their boxes drawn over them.
TEST_F(ReportTest, EachTaskShowsItsSamples) {
  using hlotrain::report::testing::samplesJson;
  write("c_metrics.jsonl", hlotrain::report::testing::kClassificationConfusionLog);
  write("c_samples.json", samplesJson("classification", 8));
  Report c = buildReport((dir / "c").string());
  EXPECT_EQ(c.pictures, 8u);
  EXPECT_EQ(occurrences(c.html, "<img "), 8u);
  expectSelfContained(c.html);
  EXPECT_NE(c.html.find("Validation samples (epoch 2, global step 4)"), std::string::npos);
  EXPECT_NE(c.html.find("record 3<br/>truth 1, predicted 1</figcaption>"), std::string::npos);
  EXPECT_NE(c.html.find("record 6<br/>truth 2, predicted 0 ✗</figcaption>"), std::string::npos);

  write("s_metrics.jsonl", hlotrain::report::testing::kSegmentationLog);
  write("s_samples.json", samplesJson("segmentation", 4));
  Report s = buildReport((dir / "s").string());
  EXPECT_EQ(s.pictures, 12u);
  EXPECT_EQ(s.plots, 6u);
  expectSelfContained(s.html);
  for (const char* text :
       {"background:#2ecc40\"></span>1 edema", "background:#ffdc00\"></span>3 enhancing tumour",
        "record 9: input, truth, prediction"})
    EXPECT_NE(s.html.find(text), std::string::npos) << text;

  write("d_metrics.jsonl", hlotrain::report::testing::kDetectionLog);
  write("d_samples.json", samplesJson("detection", 2));
  Report d = buildReport((dir / "d").string());
  EXPECT_EQ(d.pictures, 2u);
  EXPECT_EQ(d.plots, 5u + 2u); // a box overlay per sample
  EXPECT_EQ(occurrences(d.html, "<svg "), d.plots);
  expectSelfContained(d.html);
  EXPECT_EQ(occurrences(d.html, "stroke=\"#2ecc40\""), 2u);
  EXPECT_EQ(occurrences(d.html, "stroke=\"#ff4136\""), 4u);
  // The truth box [0.1, 0.1, 0.5, 0.4] on 300 pixels; the car's label.
  EXPECT_NE(d.html.find("<rect x=\"30.0\" y=\"30.0\" width=\"120.0\" height=\"90.0\""),
            std::string::npos);
  EXPECT_NE(d.html.find(">car 0.88</text>"), std::string::npos);
  EXPECT_NE(d.html.find("record 3: 1 true, 2 predicted"), std::string::npos);
}

// A samples file the page cannot show safely is named in the notes, and nothing of it is shown.
TEST_F(ReportTest, ASamplesFileThatIsNotPngPicturesIsANote) {
  write("c_metrics.jsonl", hlotrain::report::testing::kClassificationConfusionLog);
  for (const std::string& bad :
       {std::string(
            "{\"task\":\"classification\",\"epoch\":1,\"step\":2,\"samples\":[{\"record\":0,"
            "\"image\":\"data:text/html;base64,PHNjcmlwdD4=\",\"truth\":0,\"predicted\":0}]}"),
        std::string(
            "{\"task\":\"classification\",\"epoch\":1,\"step\":2,\"samples\":[{\"record\":0,"
            "\"image\":\"data:image/png;base64,AA\\\" onload=\\\"x\",\"truth\":0,"
            "\"predicted\":0}]}"),
        std::string("{\"task\":\"captioning\",\"epoch\":1,\"step\":2,\"samples\":[{\"record\":0,"
                    "\"image\":\"data:image/png;base64,AA==\"}]}"),
        std::string("not json")}) {
    write("c_samples.json", bad);
    Report r = buildReport((dir / "c").string());
    EXPECT_EQ(r.pictures, 0u) << bad;
    expectSelfContained(r.html);
    ASSERT_EQ(r.notes.size(), 2u) << bad; // the log's (it has no run record), then the samples'
    EXPECT_NE(r.notes[1].find("c_samples.json was not shown: "), std::string::npos) << r.notes[1];
  }
}

// Fields the report has no chart for are still plotted and tabled; record types it does not
// know are counted in the notes.
TEST_F(ReportTest, EveryOtherEvalFieldIsShown) {
  write(
      "x_metrics.jsonl",
      R"({"type":"eval","epoch":1,"step":4,"top5":0.9,"recall":{"a":0.5,"b":0.25},"hist":[1,2,3],"split":"val<1>","seconds":1}
{"type":"mystery","step":5}
)");
  Report r = buildReport((dir / "x").string());
  EXPECT_EQ(r.task, "unknown");
  EXPECT_EQ(r.plots, 3u); // top5, recall, hist
  expectSelfContained(r.html);
  EXPECT_NE(r.html.find("val&lt;1&gt;"), std::string::npos);
  EXPECT_NE(r.html.find("The log holds no epoch records."), std::string::npos);
  EXPECT_NE(r.html.find("type &quot;mystery&quot;"), std::string::npos);
}

// The facts the graphs' text and the checkpoint header give: parameters, input, optimizer, batch.
TEST_F(ReportTest, ReadsTheNetFromTheForwardGraphAndTheRunFromTheCheckpointHeader) {
  write("mnist_linear_metrics.jsonl", hlotrain::report::testing::kClassificationLog);
  write("mnist_linear_fwd.mlir",
        "module @jit_mnist_linear_fwd attributes {mhlo.num_partitions = 1 : i32} {\n"
        "  func.func public @main(%arg0: tensor<784x10xf32>, %arg1: tensor<10xf32>, %arg2: "
        "tensor<128x1x28x28xf32>) -> tensor<128x10xf32> {\n"
        "    return %arg2 : tensor<128x10xf32>\n  }\n}\n");
  std::string header = "HLOTCKPT";
  const auto u32 = [&](uint32_t v) { header.append(reinterpret_cast<const char*>(&v), 4); };
  const auto i64 = [&](int64_t v) { header.append(reinterpret_cast<const char*>(&v), 8); };
  u32(1); // version
  u32(1); // sgd
  u32(2); // P
  u32(0); // L
  u32(4); // T
  i64(936);
  i64(2);
  i64(0);
  i64(7);
  i64(1);
  i64(128);
  write("mnist_linear_checkpoint.bin", header + std::string(64, '\0'));
  Report r = buildReport((dir / "mnist_linear").string());
  expectSelfContained(r.html);
  for (const char* text :
       {"7,850 in 2 tensors", "128x1x28x28xf32 (batch 128)", "128x10xf32", "jit_mnist_linear_fwd",
        "sgd (momentum)", "<td class=\"l\">batch</td><td class=\"l\">128</td>",
        "global step 936 (next: epoch 3, batch 0)", "seed 7, shuffled", "mnist_linear_fwd.mlir"})
    EXPECT_NE(r.html.find(text), std::string::npos) << text;
  EXPECT_EQ(r.html.find("no readable _checkpoint.bin"), std::string::npos);

  // A version 1 checkpoint stores no config: the settings stay unknown.
  EXPECT_EQ(r.html.find("Settings (from"), std::string::npos);
  EXPECT_NE(r.html.find("the planned number of epochs"), std::string::npos);

  // train/Checkpoint.h's reader names what is wrong, in the row of the file.
  write("mnist_linear_checkpoint.bin", "NOTACKPT" + std::string(80, '\0'));
  const std::string html = buildReport((dir / "mnist_linear").string()).html;
  EXPECT_NE(html.find("<td class=\"l\">checkpoint</td><td class=\"l\">not an hlotrain checkpoint "
                      "(expected the magic &quot;HLOTCKPT&quot; at byte 0)</td>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("no readable _checkpoint.bin"), std::string::npos);
}

// A version 2 checkpoint (as train::saveCheckpoint writes it) stores the run's effective config:
// the page lists every setting, and what it records is no longer unknown.
TEST_F(ReportTest, ShowsTheSettingsAVersion2CheckpointStores) {
  write("mnist_linear_metrics.jsonl", hlotrain::report::testing::kClassificationLog);
  train::TrainState state = train::initialState(nn::mnistLinear(), program::Optimizer::adam);
  state.position = {936, 2, 0, 5, true, 128};
  state.config = R"({"net":"mnist-linear","dataset":"mnist","data":"/data/mnist<1>","lr":0.01,)"
                 R"("epochs":2,"batch":128,"optimizer":"adam","loss":"cross-entropy",)"
                 R"("weight-decay":0,"cosine":true,"warmup-epochs":1,"label-smoothing":0,)"
                 R"("clip-grad-norm":null,"augment":false,"seed":5})";
  train::saveCheckpoint((dir / "mnist_linear_checkpoint.bin").string(), state);
  Report r = buildReport((dir / "mnist_linear").string());
  expectSelfContained(r.html);
  const std::string settings = "<h3>Settings (from mnist_linear_checkpoint.bin)</h3>";
  ASSERT_NE(r.html.find(settings), std::string::npos) << r.html;
  const std::string table = r.html.substr(r.html.find(settings));
  const auto row = [](const std::string& key, const std::string& value) {
    return "<tr><td class=\"l\">" + key + "</td><td class=\"l\">" + value + "</td></tr>";
  };
  // In the config's order, null as off.
  EXPECT_EQ(table.find(row("net", "mnist-linear")), table.find("<tr><td"));
  for (const std::string& text :
       {row("dataset", "mnist"), row("data", "/data/mnist&lt;1&gt;"), row("lr", "0.01"),
        row("epochs", "2"), row("cosine", "true"), row("clip-grad-norm", "off"),
        row("augment", "false"), row("seed", "5")})
    EXPECT_NE(table.find(text), std::string::npos) << text;
  EXPECT_LT(table.find(row("lr", "0.01")), table.find(row("epochs", "2")));
  // The header's facts as before.
  EXPECT_NE(r.html.find("global step 936 (next: epoch 3, batch 0)"), std::string::npos);
  for (const char* recorded :
       {"the planned number of epochs", "the base learning rate", "the loss, weight decay",
        "the dataset and its path", "no readable _checkpoint.bin"})
    EXPECT_EQ(r.html.find(recorded), std::string::npos) << recorded;
  // What the config does not record stays unknown.
  for (const char* unknown : {"the initialisation seed", "the lowerer"})
    EXPECT_NE(r.html.find(unknown), std::string::npos) << unknown;

  // A checkpoint of the C++ API stores no config: unknown as before.
  state.config = "";
  train::saveCheckpoint((dir / "mnist_linear_checkpoint.bin").string(), state);
  r = buildReport((dir / "mnist_linear").string());
  EXPECT_EQ(r.html.find("Settings (from"), std::string::npos);
  EXPECT_NE(r.html.find("the planned number of epochs"), std::string::npos);
  EXPECT_NE(r.html.find("global step 936"), std::string::npos);
}

TEST_F(ReportTest, EscapesTheRunsNameAndPath) {
  std::filesystem::create_directories(dir / "a<b>&c");
  std::ofstream(dir / "a<b>&c" / "n'et_metrics.jsonl")
      << hlotrain::report::testing::kClassificationLog;
  Report r = buildReport((dir / "a<b>&c" / "n'et").string());
  expectSelfContained(r.html);
  EXPECT_NE(r.html.find("a&lt;b&gt;&amp;c"), std::string::npos);
  EXPECT_NE(r.html.find("<title>hlotrain report: n&#39;et</title>"), std::string::npos);
}

} // namespace

namespace {

// The run record train::MetricsLog writes first, for a classification run of 3 classes.
train::RunHeader runHeader() {
  train::RunHeader h;
  h.hlotrain = "hlotrain 0.1.0 (git 0123456789ab)";
  h.net = "Tiny-Net";
  h.parameters = 1234567;
  h.parameterTensors = 4;
  h.batchNormLayers = 1;
  h.dataset = "cifar10";
  h.task = "classification";
  h.classes = {"cat", "dog", "eel"};
  h.input = {3, 32, 32};
  h.output = {3};
  h.trainRecords = 50000;
  h.testRecords = 10000;
  h.batch = 128;
  h.stepsPerEpoch = 390;
  h.epochs = 15;
  h.lowerer = "cpu";
  h.precision = "bf16";
  h.signatureArguments = 19;
  h.signatureResults = 15;
  h.optimizerStateTensors = 8;
  return h;
}

} // namespace

// A log's run record says what the net, the data and the task were; the page shows them (and
// the class names) from it, puts the headline first (final and best accuracy, time, throughput,
// the step loss raw and smoothed), and a log without one still renders, with a note.
TEST_F(ReportTest, TheRunRecordStatesTheRunsFactsAndTheSummaryComesFirst) {
  const std::string steps = "{\"type\":\"step\",\"step\":2,\"loss\":1.5,\"lr\":0.001}\n"
                            "{\"type\":\"step\",\"step\":4,\"loss\":1.25,\"lr\":0.001}\n";
  write("c_metrics.jsonl",
        runHeader().json() + "\n" + steps + hlotrain::report::testing::kClassificationConfusionLog);
  RunLog log = readRunLog((dir / "c_metrics.jsonl").string());
  ASSERT_TRUE(log.header.has_value());
  EXPECT_EQ(log.header->json(), runHeader().json());
  EXPECT_EQ(log.steps.size(), 2u);
  EXPECT_EQ(runTask(log), "classification");
  Report r = buildReport((dir / "c").string());
  expectSelfContained(r.html);
  EXPECT_EQ(xmlProblem(r.html), "");
  for (const char* text :
       {"Tiny-Net", "cifar10: 50,000 train, 10,000 test records", "0 cat, 1 dog, 2 eel",
        "1,234,567 in 4 tensors; 1 BatchNorm layers", "3x32x32 per record, batch 128",
        "cpu, products in bf16", "hlotrain 0.1.0 (git 0123456789ab)", "(its run record)",
        ">final accuracy<", ">best accuracy<", "smoothed (0.6)", "images/s"})
    EXPECT_NE(r.html.find(text), std::string::npos) << text;
  EXPECT_LT(r.html.find(">Summary<"), r.html.find(">Run<"));
  EXPECT_EQ(r.html.find("has no run record"), std::string::npos);
  EXPECT_EQ(r.html.find("holds no step records"), std::string::npos);

  write("o_metrics.jsonl", hlotrain::report::testing::kClassificationConfusionLog);
  Report old = buildReport((dir / "o").string());
  EXPECT_NE(old.html.find("has no run record"), std::string::npos);
  EXPECT_NE(old.html.find("holds no step records"), std::string::npos);
  EXPECT_EQ(old.task, "classification"); // from the eval records' fields

  EXPECT_NE(
      parseError("{\"type\":\"run\",\"net\":7}\n").find("r_metrics.jsonl:1: malformed run record"),
      std::string::npos);
}

// Detection through the real dispatcher: r34-yolov1 trained (the yolov1 loss unasked) and
// evaluated on small VisDrone files in the FORMATS.md layout at 224 (a 7x7 grid), the eval
// record's fields, `eval --detections --logits` checked against a decoding of the logits written
// here from FORMATS.md "Metrics", `--init-from` a ResNet-34 checkpoint, and every bad flag or file
// refused with a one-line error, a non-zero exit and nothing written.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>

#include "Harness.h"
#include "Json.h"
#include "ir/Npy.h"
#include "nn/Init.h"
#include "nn/Zoo.h"
#include "support/Format.h"
#include "tests/data/YoloFiles.h"
#include "tests/report/Browser.h"
#include "tests/train/TrainFixtures.h"
#include "train/Checkpoint.h"

using namespace hlotrain;
using hlotrain::testing::CliResult;
using hlotrain::testing::runInProcess;

namespace {

namespace fs = std::filesystem;
using hlotrain::testing::slurp;

constexpr int64_t kSide = 224, kGrid = 7, kClasses = 10;
constexpr int64_t kTrain = 4, kVal = 3; // batch 2: two steps an epoch, a padded eval tail

// One detection as FORMATS.md "Metrics" decodes it.
struct Found {
  int64_t record, cls;
  float confidence;
  float box[4]; // xmin, ymin, xmax, ymax
};

double iou(const float* a, const float* b) {
  const auto side = [](double lo, double hi) { return std::max(0.0, hi - lo); };
  const double inter = side(std::max(a[0], b[0]), std::min(a[2], b[2])) *
                       side(std::max(a[1], b[1]), std::min(a[3], b[3]));
  const double uni =
      side(a[0], a[2]) * side(a[1], a[3]) + side(b[0], b[2]) * side(b[1], b[3]) - inter;
  return uni > 0 ? inter / uni : 0.0;
}

// How a run's head reads: σ(ch4) (focal objectness, r34-yolov1's recipe) or the raw ch4; sizes
// (ch2, ch3)² clamped to 1 (--box-param sqrt, the default) or max(ch, 0) (sqrt-of-prediction).
struct Reading {
  bool sigmoid = true;
  bool sqrtSizes = true;
};

// One record's head [30, G, G]: a candidate per cell (cell order), then per-class greedy NMS at
// IoU > 0.5 in confidence order; what is kept, in cell order.
std::vector<Found> decodeRecord(const float* head, int64_t record, Reading how) {
  const int64_t cells = kGrid * kGrid;
  const auto at = [&](int64_t c, int64_t cell) { return head[c * cells + cell]; };
  std::vector<Found> candidates;
  for (int64_t i = 0; i < kGrid; ++i)
    for (int64_t j = 0; j < kGrid; ++j) {
      const int64_t cell = i * kGrid + j;
      int64_t cls = 0;
      for (int64_t c = 1; c < kClasses; ++c)
        if (at(10 + c, cell) > at(10 + cls, cell)) cls = c;
      const float g = static_cast<float>(kGrid);
      const float cx = (static_cast<float>(j) + at(0, cell)) / g;
      const float cy = (static_cast<float>(i) + at(1, cell)) / g;
      const auto size = [&](int64_t c) {
        const float p = at(c, cell);
        return how.sqrtSizes ? std::min(p * p, 1.0f) : std::max(p, 0.0f);
      };
      const float w = size(2), h = size(3);
      const auto clip = [](float v) { return std::min(std::max(v, 0.0f), 1.0f); };
      const float confidence = how.sigmoid ? 1.0f / (1.0f + std::exp(-at(4, cell))) : at(4, cell);
      candidates.push_back(
          {record,
           cls,
           confidence,
           {clip(cx - w / 2), clip(cy - h / 2), clip(cx + w / 2), clip(cy + h / 2)}});
    }
  std::vector<size_t> order(candidates.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return candidates[a].confidence > candidates[b].confidence;
  });
  std::vector<bool> kept(candidates.size(), false);
  for (size_t n = 0; n < order.size(); ++n) {
    const Found& d = candidates[order[n]];
    bool suppressed = false;
    for (size_t m = 0; m < n && !suppressed; ++m) {
      const Found& k = candidates[order[m]];
      suppressed = kept[order[m]] && k.cls == d.cls && iou(k.box, d.box) > 0.5;
    }
    kept[order[n]] = !suppressed;
  }
  std::vector<Found> out;
  for (size_t c = 0; c < candidates.size(); ++c)
    if (kept[c]) out.push_back(candidates[c]);
  return out;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  for (std::string field; std::getline(in, field, ',');) fields.push_back(field);
  return fields;
}

// The last eval record of a metrics log.
hlotrain::testing::Json lastEval(const std::string& metrics) {
  std::ifstream in(metrics);
  std::string line, eval;
  while (std::getline(in, line))
    if (line.rfind("{\"type\":\"eval\"", 0) == 0) eval = line;
  EXPECT_FALSE(eval.empty()) << metrics;
  return eval.empty() ? hlotrain::testing::Json{} : hlotrain::testing::parseJson(eval);
}

// --detections `csv` as the logits `npy` decode (FORMATS.md "Metrics", read `how`): what it holds.
std::vector<Found> expectDetectionsOfTheLogits(const std::string& csv, const std::string& npy,
                                               Reading how) {
  const ir::Tensor logits = ir::readNpy(npy);
  EXPECT_EQ(logits.type(), (ir::TensorType{ir::ElementType::f32, {kVal, 30, kGrid, kGrid}}));
  std::vector<Found> expected;
  for (int64_t rec = 0; rec < kVal; ++rec)
    for (const Found& d : decodeRecord(logits.data<float>() + rec * 30 * kGrid * kGrid, rec, how))
      expected.push_back(d);

  std::istringstream text(slurp(csv));
  std::string header;
  std::getline(text, header);
  EXPECT_EQ(header, "record,class,confidence,xmin,ymin,xmax,ymax");
  std::vector<Found> written;
  for (std::string row; std::getline(text, row);) {
    const std::vector<std::string> f = split(row);
    EXPECT_EQ(f.size(), 7u) << row;
    if (f.size() != 7u) break;
    Found d{std::stoll(f[0]), std::stoll(f[1]), std::stof(f[2]), {}};
    for (int k = 0; k < 4; ++k) d.box[k] = std::stof(f[3 + static_cast<size_t>(k)]);
    EXPECT_GE(d.cls, 0) << row;
    EXPECT_LT(d.cls, kClasses) << row;
    for (int k = 0; k < 4; ++k) {
      EXPECT_GE(d.box[k], 0.0f) << row;
      EXPECT_LE(d.box[k], 1.0f) << row;
    }
    EXPECT_LE(d.box[0], d.box[2]) << row;
    EXPECT_LE(d.box[1], d.box[3]) << row;
    written.push_back(d);
  }
  EXPECT_EQ(written.size(), expected.size());
  for (size_t n = 0; n < std::min(written.size(), expected.size()); ++n) {
    const Found &w = written[n], &e = expected[n];
    EXPECT_EQ(w.record, e.record) << n;
    EXPECT_EQ(w.cls, e.cls) << n;
    EXPECT_EQ(w.confidence, e.confidence) << n; // 9 significant digits: the float exactly
    for (int k = 0; k < 4; ++k) EXPECT_NEAR(w.box[k], e.box[k], 1e-6f) << n << " " << k;
  }
  return written;
}

class DetectionCommandTest : public train::fixtures::TrainScratch {
protected:
  fs::path visdrone() const { return dir / "visdrone"; }
  std::string artifacts() const { return (dir / "a").string(); }
  std::string prefix() const { return artifacts() + "/r34_yolov1"; }

  // kTrain training and kVal val records (synthetic coloured shapes) of `side`, and the full
  // ground truth of the val records, in `where`.
  static void writeVisdrone(const fs::path& where, int64_t side = kSide) {
    fs::create_directories(where);
    const auto train = data::testing::syntheticDetections(side, kTrain, 1);
    const auto val = data::testing::syntheticDetections(side, kVal, 2);
    data::testing::writeBytes(where / "train.bin", data::testing::yoloBin(train, side), false);
    data::testing::writeBytes(where / "val.bin", data::testing::yoloBin(val, side), false);
    data::testing::writeBytes(where / "val.full_gt.bin", data::testing::fullGroundTruthBin(val),
                              false);
  }

  // One epoch of r34-yolov1 on the VisDrone files, no --loss; `extra` adds flags, and replaces
  // the value of a flag it repeats.
  std::vector<std::string> yoloArgs(std::vector<std::string> extra) const {
    std::vector<std::string> args = {"train",
                                     "--net",
                                     "r34-yolov1",
                                     "--dataset",
                                     "visdrone",
                                     "--data",
                                     visdrone().string(),
                                     "--batch",
                                     "2",
                                     "--epochs",
                                     "1",
                                     "--warmup-epochs",
                                     "0",
                                     "--log-every",
                                     "0",
                                     "--artifacts",
                                     artifacts()};
    return hlotrain::testing::withFlags(std::move(args), extra);
  }
  std::vector<std::string> evalArgs(std::vector<std::string> extra) const {
    std::vector<std::string> args = {"eval",     "--net",       "r34-yolov1",        "--dataset",
                                     "visdrone", "--data",      visdrone().string(), "--batch",
                                     "2",        "--artifacts", artifacts()};
    return hlotrain::testing::withFlags(std::move(args), extra);
  }

  // Refused before anything is built: exit 2, one line naming the problem, no artifacts.
  void expectUsageError(const std::vector<std::string>& args, const std::string& needle) {
    hlotrain::testing::expectUsageError(args, needle);
    EXPECT_FALSE(fs::exists(artifacts())) << needle;
  }
};

TEST_F(DetectionCommandTest, ListShowsR34Yolov1) {
  CliResult r = runInProcess({"list"});
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_NE(r.out.find("r34-yolov1             22472286  3x224x224  10\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\n  r34-yolov1: --batch 16 --lr 0.0007 --weight-decay 0 --warmup-epochs 3 "
                       "--clip-grad-norm 4 --focal-gamma 2\n"),
            std::string::npos)
      << r.out;
}

// r34-yolov1 trains with the reference system's recipe unasked; a flag overrides any of it,
// "off" included, and the saved config trains the same run again.
TEST_F(DetectionCommandTest, TheRecipeIsTheDefaultAndFlagsOverrideIt) {
  writeVisdrone(visdrone());
  const std::string recipe = (dir / "recipe.toml").string();
  CliResult r = runInProcess({"train", "--net", "r34-yolov1", "--dataset", "visdrone", "--data",
                              visdrone().string(), "--batch", "2", "--max-steps", "1",
                              "--artifacts", artifacts(), "--save-config", recipe});
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("adam lr 0.0007, cosine after 3 warmup epoch(s)"), std::string::npos)
      << r.out;
  const std::string saved = slurp(recipe);
  for (const char* line :
       {"\nbatch = 2\n", "\nlr = 7e-04\n", "\nweight-decay = 0\n", "\nwarmup-epochs = 3\n",
        "\nclip-grad-norm = 4\n", "\nfocal-gamma = 2\n", "\nbox-param = \"sqrt\"\n",
        "\nloss = \"yolov1\"\n", "\naugment = true\n", "\ncosine = true\n"})
    EXPECT_NE(saved.find(line), std::string::npos) << line << " in\n" << saved;

  const std::string mine = (dir / "mine.toml").string();
  r = runInProcess(
      yoloArgs({"--focal-gamma", "off", "--clip-grad-norm", "off", "--lr", "0.001", "--max-steps",
                "1", "--artifacts", (dir / "flags").string(), "--save-config", mine}));
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  for (const char* line :
       {"\nfocal-gamma = \"off\"\n", "\nclip-grad-norm = \"off\"\n", "\nlr = 0.001\n"})
    EXPECT_NE(slurp(mine).find(line), std::string::npos) << line << " in\n" << slurp(mine);
  r = runInProcess({"train", "--config", mine, "--artifacts", (dir / "file").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  EXPECT_EQ(slurp(dir / "file" / "r34_yolov1_checkpoint.bin"),
            slurp(dir / "flags" / "r34_yolov1_checkpoint.bin"));
  hlotrain::testing::expectUsageError(yoloArgs({"--focal-gamma", "of"}),
                                      "--focal-gamma: expected a number or off, got 'of'");
}

// The box form a run trained with is its checkpoint's: eval decodes with it and with its
// objectness unasked, refuses a flag that contradicts them, and a checkpoint stored before
// --box-param existed keeps the reference form.
TEST_F(DetectionCommandTest, ACheckpointKeepsItsBoxFormAndObjectness) {
  writeVisdrone(visdrone());
  CliResult r = runInProcess(
      yoloArgs({"--box-param", "sqrt-of-prediction", "--focal-gamma", "off", "--max-steps", "1"}));
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  const std::string csv = (dir / "d.csv").string(), npy = (dir / "l.npy").string();
  r = runInProcess(evalArgs({"--detections", csv, "--logits", npy}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  expectDetectionsOfTheLogits(csv, npy, {.sigmoid = false, .sqrtSizes = false});
  const std::string path = prefix() + "_checkpoint.bin";
  hlotrain::testing::expectUsageError(
      evalArgs({"--focal-gamma", "2"}),
      "--focal-gamma is 2 but " + path +
          " was written without it; an evaluation reads the net's outputs as its checkpoint's "
          "run trained them (leave --focal-gamma out)");
  hlotrain::testing::expectUsageError({"train", "--resume", "--net", "r34-yolov1", "--artifacts",
                                       artifacts(), "--box-param", "sqrt"},
                                      "--box-param is sqrt but " + path +
                                          " was written with sqrt-of-prediction");

  // A checkpoint whose stored settings predate --box-param: the reference form, said so.
  train::TrainState state = train::loadCheckpoint(path, nn::r34Yolov1());
  const std::string key = R"("box-param":"sqrt-of-prediction",)";
  const size_t at = state.config.find(key);
  ASSERT_NE(at, std::string::npos) << state.config;
  state.config.erase(at, key.size());
  train::saveCheckpoint(path, state);
  r = runInProcess(evalArgs({"--detections", csv, "--logits", npy}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  expectDetectionsOfTheLogits(csv, npy, {.sigmoid = false, .sqrtSizes = false});
  hlotrain::testing::expectUsageError(evalArgs({"--box-param", "sqrt"}),
                                      "--box-param is sqrt but " + path +
                                          " was written before --box-param existed, so with "
                                          "sqrt-of-prediction");
}

TEST_F(DetectionCommandTest, R34Yolov1TrainsEvaluatesAndWritesDetectionsTheLogitsDecodeTo) {
  writeVisdrone(visdrone());
  CliResult r = runInProcess(yoloArgs({"--report"}));
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("training R34-YOLOv1 (22472286 parameters) on visdrone (detection): 4 "
                       "train / 3 test records, batch 2, 2 steps/epoch, 1 epochs"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("final test mAP@0.5 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(", mAP@[.5:.95] "), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(prefix() + "_checkpoint.bin"));
  EXPECT_TRUE(fs::exists(prefix() + "_best_checkpoint.bin"));
  // The report: the plots, and the 3 val records drawn with their boxes (an SVG over each).
  EXPECT_NE(r.out.find("report " + prefix() +
                       "_report.html: detection, 1 epoch record, 1 "
                       "evaluation, 8 plots, 3 pictures"),
            std::string::npos)
      << r.out;
  hlotrain::report::testing::expectRendered(dir, prefix() + "_report.html", 8, 3);

  const hlotrain::testing::Json record = lastEval(prefix() + "_metrics.jsonl");
  using Kind = hlotrain::testing::Json::Kind;
  EXPECT_EQ(record["map50"].kind, Kind::number);
  EXPECT_EQ(record["map"].kind, Kind::number);
  ASSERT_EQ(record["ap50"].array.size(), static_cast<size_t>(kClasses));
  // Scored against val.full_gt.bin: every val box counts, and exactly the classes with ground
  // truth have an AP (the others are null, out of the means).
  std::vector<bool> hasTruth(kClasses, false);
  size_t truths = 0;
  for (const auto& rec : data::testing::syntheticDetections(kSide, kVal, 2)) {
    truths += rec.boxes.size();
    for (const data::LabelBox& b : rec.boxes) hasTruth[static_cast<size_t>(b.cls)] = true;
  }
  EXPECT_EQ(record["ground_truths"].number, static_cast<double>(truths));
  for (size_t c = 0; c < static_cast<size_t>(kClasses); ++c)
    EXPECT_EQ(record["ap50"].array[c].kind, hasTruth[c] ? Kind::number : Kind::null) << c;
  EXPECT_EQ(record["detections"].kind, Kind::number);
  EXPECT_GE(record["map50"].number, 0.0);
  EXPECT_LE(record["map50"].number, 1.0);

  // `eval` of the checkpoint: the run's final state, so the scores of its final evaluation; and
  // its detections are the ones the logits it writes decode to.
  const std::string csv = (dir / "d.csv").string(), npy = (dir / "l.npy").string();
  r = runInProcess(evalArgs({"--detections", csv, "--logits", npy}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string scores = "mAP@0.5 " + formatFixed(record["map50"].number, 4) +
                             ", mAP@[.5:.95] " + formatFixed(record["map"].number, 4) + " (" +
                             std::to_string(static_cast<int64_t>(record["detections"].number)) +
                             " detections, " + std::to_string(truths) + " ground-truth boxes)";
  EXPECT_NE(r.out.find("(step 2) on 3 test records: " + scores), std::string::npos) << r.out;

  const std::vector<Found> written = expectDetectionsOfTheLogits(csv, npy, Reading{});
  EXPECT_EQ(static_cast<double>(written.size()), record["detections"].number);
  // Every val record is there (each has a kept candidate at least) and the padded tail row of
  // the second batch is not.
  std::vector<int64_t> records;
  for (const Found& d : written) records.push_back(d.record);
  records.erase(std::unique(records.begin(), records.end()), records.end());
  EXPECT_EQ(records, (std::vector<int64_t>{0, 1, 2}));
}

TEST_F(DetectionCommandTest, InitFromAResNet34CheckpointStartsFromItsTrunk) {
  writeVisdrone(visdrone());
  // A ResNet-34 checkpoint of distinct values, through the real save path.
  const nn::NetSpec resnet = nn::resNet34(), yolo = nn::r34Yolov1();
  const std::string source = (dir / "resnet34.bin").string();
  std::vector<ir::Tensor> trunk;
  {
    train::TrainState s = train::initialState(resnet, program::Optimizer::sgd);
    float v = 0.001f;
    for (ir::Tensor& t : s.params) {
      std::fill_n(t.data<float>(), t.numElements(), v += 0.001f);
      trunk.push_back(t);
    }
    for (ir::Tensor& t : s.bnMean) std::fill_n(t.data<float>(), t.numElements(), 0.5f);
    for (ir::Tensor& t : s.bnVar) std::fill_n(t.data<float>(), t.numElements(), 2.0f);
    s.position.batch = 2;
    train::saveCheckpoint(source, s);
  }
  const std::vector<nn::ParamInfo> params = nn::parameters(yolo);
  const size_t copied = params.size() - 4; // all but the two head convs' w and b
  trunk.resize(copied);

  const std::string dump = (dir / "init.bin").string();
  ASSERT_EQ(setenv("HLOTRAIN_INIT_DUMP", dump.c_str(), 1), 0);
  CliResult r = runInProcess(yoloArgs({"--init-from", source, "--max-steps", "1"}));
  unsetenv("HLOTRAIN_INIT_DUMP");
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  EXPECT_NE(
      r.out.find("initialised the first " + std::to_string(copied) + " of " +
                 std::to_string(params.size()) + " parameters and 36 BatchNorm layers from " +
                 source + "; the first that does not match: " + params[copied].name +
                 " [256, 512, 3, 3] of R34-YOLOv1 against [512, 10]; the rest keep He init\n"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("final test mAP@0.5 "), std::string::npos) << r.out;

  // The parameters the run started from: the trunk of the checkpoint, then the head's He init.
  const std::string initial = slurp(dump);
  ASSERT_EQ(initial.size(), static_cast<size_t>(nn::parameterCount(yolo)) * 4);
  const std::vector<ir::Tensor> he = nn::initialParameters(yolo);
  size_t offset = 0;
  for (size_t i = 0; i < params.size(); ++i) {
    const ir::Tensor& want = i < copied ? trunk[i] : he[i];
    EXPECT_EQ(std::memcmp(initial.data() + offset, want.bytes(), want.byteSize()), 0)
        << params[i].name;
    offset += want.byteSize();
  }

  // A checkpoint of an unrelated net matches no leading parameter: refused, nothing written.
  const std::string mnist = (dir / "mnist.bin").string();
  train::TrainState unrelated = train::initialState(nn::mnistCnn(), program::Optimizer::adam);
  unrelated.position.batch = 1; // a data position in range: a checkpoint's header is checked
  train::saveCheckpoint(mnist, unrelated);
  const std::string other = (dir / "b").string();
  hlotrain::testing::expectUsageError(
      yoloArgs({"--init-from", mnist, "--artifacts", other}),
      "--init-from " + mnist +
          ": no leading parameter matches R34-YOLOv1; the first that does "
          "not match: " +
          params[0].name + " [64, 3, 7, 7] of R34-YOLOv1 against [32, 1, 3, 3]");
  EXPECT_FALSE(fs::exists(other));
}

TEST_F(DetectionCommandTest, BadFlagsAreRefusedNamingWhatIsWrong) {
  writeVisdrone(visdrone());
  expectUsageError(yoloArgs({"--input-size", "300"}),
                   "--input-size: expected 224 or 448, got '300'");
  expectUsageError(yoloArgs({"--loss", "ce"}),
                   "R34-YOLOv1: output [2, 30, 7, 7] is neither 10 class scores [B, 10] nor "
                   "per-pixel scores [B, 10, H, W] (a YOLOv1 head: --loss yolov1)");
  expectUsageError(yoloArgs({"--net", "mnist-cnn", "--loss", "yolov1", "--dataset", "mnist",
                             "--data", dir.string()}),
                   "MNIST-CNN: output [2, 10] is not a YOLOv1 head");
  expectUsageError(yoloArgs({"--label-smoothing", "0.1"}),
                   "--label-smoothing cannot be combined with --loss yolov1");
  expectUsageError({"train", "--net", "mnist-cnn", "--data", dir.string(), "--box-loss", "diou",
                    "--artifacts", artifacts()},
                   "--box-loss applies to --loss yolov1 only, not --loss ce");
  expectUsageError(yoloArgs({"--box-loss", "giou"}), "--box-loss: expected sqrt-wh or diou");
  expectUsageError(yoloArgs({"--clip-grad-norm", "0"}),
                   "--clip-grad-norm must be a finite value > 0");
  expectUsageError(yoloArgs({"--clip-grad-norm", "-1"}),
                   "--clip-grad-norm must be a finite value > 0");
  expectUsageError(yoloArgs({"--clip-grad-norm", "nan"}),
                   "--clip-grad-norm: expected a finite number, got 'nan'");

  // --init-from a file that is not there: exit 1, one line naming it, nothing written.
  const std::string missing = (dir / "absent.bin").string();
  CliResult r = runInProcess(yoloArgs({"--init-from", missing}));
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_EQ(r.err, "error: " + missing + ": no checkpoint there (not a readable regular file)\n");
  EXPECT_FALSE(fs::exists(artifacts()));
}

TEST_F(DetectionCommandTest, BadVisdroneFilesAndOutputsAreOneLineErrors) {
  // Records of 448 read at 224: the lengths and the layout they were expected to fit.
  writeVisdrone(visdrone(), 448);
  const int64_t record224 = 3 * 224 * 224 + 7200, record448 = 3 * 448 * 448 + 25428;
  expectUsageError(yoloArgs({}), "train.bin: expected " + std::to_string(4 + kTrain * record224) +
                                     " bytes (4-byte header + 4 records of 3x224x224 image bytes + "
                                     "7200 label bytes (target 30x7x7, mask 7x7, 56 boxes)), "
                                     "found " +
                                     std::to_string(4 + kTrain * record448));

  // --predictions is not a detector's output: refused, and none of the outputs is written.
  writeVisdrone(visdrone());
  ASSERT_EQ(runInProcess(yoloArgs({"--max-steps", "1"})).exitCode, 0);
  const std::string p = (dir / "p.npy").string(), l = (dir / "l.npy").string(),
                    d = (dir / "d.csv").string();
  hlotrain::testing::expectUsageError(
      evalArgs({"--predictions", p, "--logits", l, "--detections", d}),
      "--predictions applies to classification and segmentation; a detector's are --detections "
      "FILE.csv");
  for (const std::string& path : {p, l, d}) EXPECT_FALSE(fs::exists(path)) << path;
  for (const fs::directory_entry& e : fs::directory_iterator(dir))
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
  // --detections on a classification dataset likewise.
  CliResult r =
      runInProcess({"train", "--net", "mnist-linear", "--data", dir.string(), "--batch", "16",
                    "--epochs", "1", "--warmup-epochs", "0", "--artifacts", (dir / "m").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  hlotrain::testing::expectUsageError({"eval", "--net", "mnist-linear", "--data", dir.string(),
                                       "--artifacts", (dir / "m").string(), "--detections", d},
                                      "--detections applies to detection datasets, not mnist");
  EXPECT_FALSE(fs::exists(d));
}

} // namespace

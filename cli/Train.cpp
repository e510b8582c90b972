#include "cli/Train.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <type_traits>
#include <vector>

#include "cli/Args.h"
#include "cli/Cli.h"
#include "cli/LowererFlags.h"
#include "data/Dataset.h"
#include "ir/Npy.h"
#include "nn/Zoo.h"
#include "support/Error.h"
#include "task/Task.h"
#include "train/Trainer.h"

namespace hlotrain::cli {

const char* const kTrainUsage =
    R"(usage: hlotrain train --net NAME --data DIR [--dataset KIND] [OPTIONS]

Emits the net's forward, eval-forward and train-step graphs as StableHLO, runs them on the lowerer
--lowerer or HLOTRAIN_LOWERER selects (default cpu), evaluates on every test record and writes
checkpoints. The parameters and optimizer state stay in the lowerer between steps.
The dataset sets the task: classification (scored by accuracy), per-pixel segmentation (an exact
confusion matrix, IoU, region Dice) or YOLOv1 detection (mAP@0.5 and mAP@[.5:.95]). Defaults are
the reference config: Adam, lr 1e-3, batch 128, 15 epochs, cosine with 1 warmup epoch, weight
decay 1e-4, cross-entropy, no label smoothing.

  --net NAME              a net of `hlotrain list` (e.g. mnist-cnn); unet-brats and r34-yolov1
                          are built for the dataset's channels and side
  --dataset KIND          mnist (MNIST / Fashion-MNIST IDX, the default), cifar10 (binary
                          version, DIR/cifar-10/*.bin), imagenette (train.bin and val.bin of
                          hlotrain-imagenette-prep), brats (240x240), brats224 or brats25d
                          (2.5D, 240x240; train.bin, val.bin [, val_cases.bin] of
                          hlotrain-brats-prep) or visdrone (train.bin, val.bin
                          [, val.full_gt.bin] of hlotrain-visdrone-prep); see the README
  --context K             BraTS: K slices on each side of the centre slice, 4(2K+1) channels
                          (brats25d default 1, the others 0)
  --input-size S          visdrone: the records' side, 224 (7x7 grid, the default) or 448 (14x14)
  --data DIR              dataset directory
  --epochs N              epochs of the schedule (default 15)
  --batch B               batch size for training and evaluation (default 128)
  --lr X                  base learning rate (default 0.001)
  --optimizer adam|sgd    optimizer (default adam)
  --momentum M            SGD heavy-ball momentum (default 0.9; sgd only)
  --weight-decay W        decoupled weight decay on conv/dense weights (default 0.0001)
  --cosine | --no-cosine  cosine decay after linear warmup, or a constant rate (default cosine)
  --warmup-epochs N       warmup epochs of the cosine schedule (default 1)
  --loss KIND             ce, weighted-ce, focal, dice, dice-ce or yolov1 (default yolov1 for a
                          detector such as r34-yolov1, else ce); weighted-ce, dice and dice-ce
                          are per-pixel losses (segmentation only), yolov1 is the detector's
                          (detection datasets only)
  --label-smoothing X     label smoothing in [0, 1) for ce and weighted-ce (default 0)
  --class-weights W,...   weighted-ce: one positive weight per class (sum w_y*CE / sum w_y)
  --focal-gamma G         focal: the exponent of (1 - p), G >= 0 (default 2); yolov1: objectness
                          becomes sigmoid-BCE weighted by a detached (1 - p_t)^G
  --box-loss KIND         yolov1: sqrt-wh (squared errors of x, y, sqrt w, sqrt h; the default)
                          or diou (1 - DIoU of the boxes)
  --clip-grad-norm C      scale the gradients by min(1, C/(|g| + 1e-6)), |g| their global L2
                          norm, before each update (in the graph)
  --augment|--no-augment  the dataset's train-time augmentations (default on; MNIST has none)
  --eval-every N          evaluate every N epochs; 0: after the last one only (default 1)
  --checkpoint-every N    checkpoint every N epochs; 0: after the last one only (default 1)
  --checkpoint-every-steps N
                          also checkpoint every N global steps, mid-epoch included (default 0:
                          off); a checkpoint holds everything an exact resume needs
  --log-every N           print the step loss every N steps; 0: never (default 50)
  --seed S                data-order seed (default 0)
  --max-steps N           stop after global step N, keeping the full schedule (debugging)
  --no-shuffle            keep the stored record order (debugging)
  --skip-nonfinite        skip a step whose loss or results are NaN or infinite (its batch is
                          used up; the epoch's metrics record counts it) instead of stopping
  --tag TAG               build tag: separate artifacts for this run
  --artifacts DIR         artifacts directory (default .hlotrain)
  --init-from CHECKPOINT  start from the leading parameters (and BatchNorm statistics) of another
                          net's checkpoint whose shapes match (a ResNet-34 trunk for
                          r34-yolov1); names the first that does not match
  --resume                continue from <prefix>_checkpoint.bin, the run's last checkpoint, at
                          its exact step, data order and schedule position (pass the same
                          flags); with no checkpoint there yet, start a fresh run, so the same
                          command restarts a run killed at any moment
  --lowerer NAME, --pjrt-plugin PATH
                          where the graphs run (see `hlotrain --help`)
  --quiet                 print only the epoch and evaluation summaries and errors

On a terminal, one line redrawn in place shows the epoch and step, the smoothed loss, images/s,
and the time spent and left in the epoch and the run (evaluation has its own); written to a file
or a pipe, the output is plain lines: the step loss every --log-every steps.

Artifacts: <artifacts>/<net>[_<tag>]_{fwd,fwd_eval,train_step}.mlir, _checkpoint.bin,
_best_checkpoint.bin (the best evaluation so far: accuracy, mean region Dice or mAP@0.5), _params.bin,
_bn_stats.bin, _metrics.jsonl.
Environment: HLOTRAIN_EVAL_ONLY=1 evaluates the checkpoint instead of training;
HLOTRAIN_INIT_DUMP=PATH writes the initial parameters (raw f32, spec order) before training.
A non-finite loss or result stops the run (exit 1) naming the step, the epoch and the last good
checkpoint, and saves nothing from that state; --skip-nonfinite skips the step instead.
Exit codes: 0 done; 1 the run failed; 2 bad flags, values, data or checkpoint files.
)";

const char* const kEvalUsage =
    R"(usage: hlotrain eval --net NAME --data DIR [--dataset KIND] [--context K]
                     [--input-size S] [--checkpoint PATH] [--batch B] [--tag TAG]
                     [--artifacts DIR] [--loss KIND] [--focal-gamma G] [--logits FILE.npy]
                     [--predictions FILE.npy] [--detections FILE.csv] [--lowerer NAME]
                     [--pjrt-plugin PATH]

Scores a checkpoint on every test record, with the eval-forward graph and the checkpoint's
BatchNorm running statistics: accuracy, or for a segmentation dataset the confusion matrix, the
IoU per class and the region Dice (per case too when val_cases.bin is there), for a detection
dataset mAP@0.5 and mAP@[.5:.95] against val.full_gt.bin when present (else each record's own
boxes); a detector trained with --focal-gamma decodes its confidence with a sigmoid, so pass the
same --focal-gamma G. The default checkpoint is <artifacts>/<net>[_<tag>]_checkpoint.bin. A
checkpoint of another net is refused naming the first tensor that does not match; a batch
larger than the test set is cut to it.
Outputs, in record order, each written atomically:
  --logits FILE.npy       float32 [records, classes] (segmentation: [records, classes, H, W])
  --predictions FILE.npy  uint8 [records] class argmax (segmentation: [records, H, W] masks)
  --detections FILE.csv   detection: every detection after NMS, one line each,
                          record,class,confidence,xmin,ymin,xmax,ymax (normalised corners)
)";

const char* const kEmitUsage =
    R"(usage: hlotrain emit --net NAME [--out DIR] [--batch B] [--optimizer adam|sgd]
                     [--momentum M] [--weight-decay W] [--loss KIND] [--label-smoothing X]
                     [--class-weights W,...] [--focal-gamma G] [--box-loss KIND]
                     [--clip-grad-norm C] [--tag TAG]

Writes DIR/<net>[_<tag>]_fwd.mlir, _fwd_eval.mlir and _train_step.mlir (DIR default .hlotrain).
)";

const char* const kListUsage = R"(usage: hlotrain list

Every net with its parameter count, input geometry and class count.
)";

namespace {

// The whole text as a T, or a UsageError naming the flag: trailing characters, overflow and (for
// floating point) infinities and NaN are refused; ranges are validate()'s.
template <class T> T parseValue(std::string_view flag, const std::string& text, const char* what) {
  T v{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::result_out_of_range)
    throw UsageError(std::string(flag) + ": '" + text + "' is out of range");
  if (ec != std::errc() || end != text.data() + text.size() || text.empty())
    throw UsageError(std::string(flag) + ": expected " + what + ", got '" + text + "'");
  if constexpr (std::is_floating_point_v<T>)
    if (!std::isfinite(v))
      throw UsageError(std::string(flag) + ": expected a finite number, got '" + text + "'");
  return v;
}

int64_t parseInt(std::string_view flag, const std::string& text) {
  return parseValue<int64_t>(flag, text, "an integer");
}
double parseNumber(std::string_view flag, const std::string& text) {
  return parseValue<double>(flag, text, "a number");
}
float parseFloat(std::string_view flag, const std::string& text) {
  return parseValue<float>(flag, text, "a number");
}

using Apply = void (*)(train::TrainConfig&, std::string_view flag, const std::string& value);

// One row per TrainConfig field; a command accepts the rows it names.
struct ConfigFlag {
  std::string_view name;
  bool takesValue;
  Apply apply;
};

const ConfigFlag kConfigFlags[] = {
    {"--epochs", true, [](auto& c, auto f, auto& v) { c.epochs = parseInt(f, v); }},
    {"--batch", true, [](auto& c, auto f, auto& v) { c.batch = parseInt(f, v); }},
    {"--lr", true, [](auto& c, auto f, auto& v) { c.learningRate = parseNumber(f, v); }},
    {"--optimizer", true,
     [](auto& c, auto f, auto& v) {
       if (v != "adam" && v != "sgd")
         throw UsageError(std::string(f) + ": expected adam or sgd, got '" + v + "'");
       c.optimizer = v == "adam" ? program::Optimizer::adam : program::Optimizer::sgd;
     }},
    {"--momentum", true, [](auto& c, auto f, auto& v) { c.momentum = parseFloat(f, v); }},
    {"--weight-decay", true, [](auto& c, auto f, auto& v) { c.weightDecay = parseFloat(f, v); }},
    {"--cosine", false, [](auto& c, auto, auto&) { c.cosine = true; }},
    {"--no-cosine", false, [](auto& c, auto, auto&) { c.cosine = false; }},
    {"--warmup-epochs", true, [](auto& c, auto f, auto& v) { c.warmupEpochs = parseInt(f, v); }},
    {"--label-smoothing", true,
     [](auto& c, auto f, auto& v) { c.loss.labelSmoothing = parseFloat(f, v); }},
    {"--loss", true,
     [](auto& c, auto f, auto& v) {
       std::optional<program::LossKind> kind = program::lossKindFromName(v);
       if (!kind) {
         std::string known;
         for (program::LossKind k : program::allLossKinds())
           known += (known.empty() ? "" : ", ") + std::string(program::lossName(k));
         throw UsageError(std::string(f) + ": expected one of " + known + ", got '" + v + "'");
       }
       c.loss.kind = *kind;
     }},
    {"--class-weights", true,
     [](auto& c, auto f, auto& v) {
       c.loss.classWeights.clear();
       size_t start = 0;
       for (size_t comma = v.find(','); start <= v.size(); comma = v.find(',', start)) {
         if (comma == std::string::npos) comma = v.size();
         c.loss.classWeights.push_back(parseFloat(f, v.substr(start, comma - start)));
         start = comma + 1;
       }
     }},
    {"--focal-gamma", true, [](auto& c, auto f, auto& v) { c.loss.focalGamma = parseFloat(f, v); }},
    {"--box-loss", true,
     [](auto& c, auto f, auto& v) {
       if (v != "sqrt-wh" && v != "diou")
         throw UsageError(std::string(f) + ": expected sqrt-wh or diou, got '" + v + "'");
       c.loss.boxLoss = v == "diou" ? program::BoxLoss::diou : program::BoxLoss::sqrtWh;
     }},
    {"--clip-grad-norm", true, [](auto& c, auto f, auto& v) { c.clipGradNorm = parseFloat(f, v); }},
    {"--augment", false, [](auto& c, auto, auto&) { c.augment = true; }},
    {"--no-augment", false, [](auto& c, auto, auto&) { c.augment = false; }},
    {"--eval-every", true, [](auto& c, auto f, auto& v) { c.evalEvery = parseInt(f, v); }},
    {"--checkpoint-every", true,
     [](auto& c, auto f, auto& v) { c.checkpointEvery = parseInt(f, v); }},
    {"--checkpoint-every-steps", true,
     [](auto& c, auto f, auto& v) { c.checkpointEverySteps = parseInt(f, v); }},
    {"--log-every", true, [](auto& c, auto f, auto& v) { c.logEvery = parseInt(f, v); }},
    {"--seed", true,
     [](auto& c, auto f, auto& v) {
       int64_t seed = parseInt(f, v);
       if (seed < 0) throw UsageError(std::string(f) + ": expected a value >= 0, got " + v);
       c.seed = static_cast<uint64_t>(seed);
     }},
    {"--max-steps", true, [](auto& c, auto f, auto& v) { c.maxSteps = parseInt(f, v); }},
    {"--no-shuffle", false, [](auto& c, auto, auto&) { c.shuffle = false; }},
    {"--skip-nonfinite", false, [](auto& c, auto, auto&) { c.skipNonFinite = true; }},
    {"--tag", true, [](auto& c, auto, auto& v) { c.buildTag = v; }},
    {"--artifacts", true, [](auto& c, auto, auto& v) { c.artifactsDir = v; }},
    {"--out", true, [](auto& c, auto, auto& v) { c.artifactsDir = v; }},
};

const ConfigFlag& configFlag(std::string_view name) {
  return *std::find_if(std::begin(kConfigFlags), std::end(kConfigFlags),
                       [&](const ConfigFlag& f) { return f.name == name; });
}

// A command's flags: the TrainConfig rows it names plus its own.
struct CommandFlags {
  std::vector<std::string_view> config;
  std::vector<FlagSpec> own;

  std::vector<FlagSpec> specs() const {
    std::vector<FlagSpec> all = own;
    for (std::string_view name : config) all.push_back({name, configFlag(name).takesValue});
    return all;
  }
};

struct Parsed {
  ParsedArgs args;
  train::TrainConfig config;
};

Parsed parse(std::span<const std::string> argv, const CommandFlags& flags) {
  Parsed p;
  p.args = parseArgs(argv, flags.specs());
  if (!p.args.positional.empty())
    throw UsageError("unexpected argument '" + p.args.positional[0] + "'");
  for (auto [on, off] : {std::pair{"--cosine", "--no-cosine"}, {"--augment", "--no-augment"}})
    if (p.args.has(on) && p.args.has(off))
      throw UsageError(std::string(on) + " and " + off + " contradict each other");
  for (std::string_view name : flags.config)
    if (p.args.has(name)) configFlag(name).apply(p.config, name, p.args.value(name));
  return p;
}

std::string required(const ParsedArgs& args, std::string_view flag) {
  if (!args.has(flag)) throw UsageError(std::string(flag) + " is required");
  return args.value(flag);
}

data::DatasetSpec datasetFlag(const ParsedArgs& args) {
  std::string name = args.value("--dataset", "mnist");
  std::optional<int64_t> context, side;
  if (args.has("--context")) context = parseInt("--context", args.value("--context"));
  if (args.has("--input-size")) {
    side = parseInt("--input-size", args.value("--input-size"));
    if (*side != 224 && *side != 448)
      throw UsageError("--input-size: expected 224 or 448, got '" + args.value("--input-size") +
                       "'");
  }
  if (auto kind = data::datasetKindFromName(name)) {
    data::DatasetSpec spec(*kind, context, side);
    data::datasetIO(spec); // refuses options the kind does not take
    return spec;
  }
  std::string known;
  for (data::DatasetKind k : data::allDatasetKinds())
    known += (known.empty() ? "" : ", ") + std::string(data::datasetKindName(k));
  throw UsageError("--dataset: unknown dataset '" + name + "' (known: " + known + ")");
}

// Without --loss, the loss the net's head admits (program::defaultLossKind): a detector trains
// and scores with yolov1 unasked.
void defaultLoss(Parsed& p, const nn::NetSpec& spec) {
  if (!p.args.has("--loss")) p.config.loss.kind = program::defaultLossKind(spec);
}

const std::vector<FlagSpec> kDataFlags = {{"--net"},       {"--dataset"},    {"--data"},
                                          {"--context"},   {"--input-size"}, kLowererFlags[0],
                                          kLowererFlags[1]};

} // namespace

nn::NetSpec netFlag(const ParsedArgs& args, const std::optional<data::DatasetSpec>& dataset) {
  std::string name = required(args, "--net");
  try {
    if (!dataset) return nn::netByName(name);
    const data::InputShape in = data::datasetIO(*dataset).inputShape();
    return nn::netByName(name, {in.channels, in.height, in.width});
  } catch (const RuntimeError& e) {
    throw UsageError(std::string("--net: ") + e.what());
  }
}

int trainCommand(std::span<const std::string> argv, std::ostream& out) {
  CommandFlags flags{{}, kDataFlags};
  flags.own.push_back({"--resume", false});
  flags.own.push_back({"--init-from"});
  flags.own.push_back({"--quiet", false});
  for (const ConfigFlag& f : kConfigFlags)
    if (f.name != "--out") flags.config.push_back(f.name);
  Parsed p = parse(argv, flags);
  data::DatasetSpec dataset = datasetFlag(p.args);
  nn::NetSpec spec = netFlag(p.args, dataset);
  defaultLoss(p, spec);
  std::string dir = required(p.args, "--data");
  train::RunMode mode;
  mode.resume = p.args.has("--resume");
  mode.initFrom = p.args.value("--init-from");
  mode = train::runModeFromEnvironment(mode);
  // A progress line only where a person watches: the process's own terminal.
  mode.display = p.args.has("--quiet") ? Display::quiet : displayOf(out);
  std::unique_ptr<lower::Lowerer> lowerer = lowererFromFlags(p.args);
  mode.lowerer = lowerer.get();
  train::TrainResult r = train::train(spec, p.config, dataset, dir, out, mode);
  if (!r.evals.empty()) out << "final test " << task::summaryLine(r.evals.back().scores) << "\n";
  return kOk;
}

int evalCommand(std::span<const std::string> argv, std::ostream& out) {
  CommandFlags flags{{"--batch", "--tag", "--artifacts", "--loss", "--focal-gamma"}, kDataFlags};
  flags.own.push_back({"--checkpoint"});
  flags.own.push_back({"--logits"});
  flags.own.push_back({"--predictions"});
  flags.own.push_back({"--detections"});
  Parsed p = parse(argv, flags);
  data::DatasetSpec dataset = datasetFlag(p.args);
  nn::NetSpec spec = netFlag(p.args, dataset);
  defaultLoss(p, spec);
  std::string data = required(p.args, "--data");
  train::EvalOutputs outputs;
  outputs.checkpoint = p.args.value("--checkpoint");
  outputs.logitsPath = p.args.value("--logits");
  outputs.predictionsPath = p.args.value("--predictions");
  outputs.detectionsPath = p.args.value("--detections");
  for (const auto& [flag, path] : {std::pair{"--logits", outputs.logitsPath},
                                   std::pair{"--predictions", outputs.predictionsPath},
                                   std::pair{"--detections", outputs.detectionsPath}})
    if (p.args.has(flag) && path.empty()) throw UsageError(std::string(flag) + " needs a path");
  for (const auto& [a, b] :
       {std::pair{"--logits", "--predictions"}, std::pair{"--logits", "--detections"}})
    if (p.args.has(a) && p.args.has(b) && p.args.value(a) == p.args.value(b))
      throw UsageError(std::string(a) + " and " + b + " name the same file");
  std::unique_ptr<lower::Lowerer> lowerer = lowererFromFlags(p.args);
  outputs.lowerer = lowerer.get();
  train::evaluate(spec, p.config, dataset, data, out, outputs);
  for (const auto& [what, path] :
       {std::pair{"logits", outputs.logitsPath}, std::pair{"predictions", outputs.predictionsPath},
        std::pair{"detections", outputs.detectionsPath}})
    if (!path.empty()) out << what << " of every test record written to " << path << "\n";
  return kOk;
}

int emitCommand(std::span<const std::string> argv, std::ostream& out) {
  CommandFlags flags{{"--batch", "--optimizer", "--momentum", "--weight-decay", "--label-smoothing",
                      "--loss", "--class-weights", "--focal-gamma", "--box-loss",
                      "--clip-grad-norm", "--tag", "--out"},
                     {{"--net"}}};
  Parsed p = parse(argv, flags);
  const nn::NetSpec net = netFlag(p.args, std::nullopt);
  defaultLoss(p, net);
  nn::NetSpec spec = train::taggedSpec(net, p.config);
  train::validate(p.config);
  std::string prefix = program::buildPrefix(spec, p.config.artifactsDir);
  train::emitGraphs(spec, train::programOptions(p.config), prefix);
  for (const char* suffix : {"fwd", "fwd_eval", "train_step"})
    out << prefix << "_" << suffix << ".mlir\n";
  return kOk;
}

int listCommand(std::span<const std::string> argv, std::ostream& out) {
  parse(argv, {});
  char line[128];
  std::snprintf(line, sizeof line, "%-14s %12s  %-10s %s\n", "NET", "PARAMETERS", "INPUT",
                "CLASSES");
  out << line;
  for (const nn::NetSpec& spec : nn::zoo()) {
    std::string input = std::to_string(spec.input.channels) + "x" +
                        std::to_string(spec.input.height) + "x" + std::to_string(spec.input.width);
    std::snprintf(line, sizeof line, "%-14s %12lld  %-10s %lld\n", nn::cliName(spec).c_str(),
                  static_cast<long long>(nn::parameterCount(spec)), input.c_str(),
                  static_cast<long long>(spec.numClasses));
    out << line;
  }
  return kOk;
}

} // namespace hlotrain::cli

#include "train/Settings.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <type_traits>

#include "nn/Init.h"
#include "program/Program.h"
#include "support/Error.h"

namespace hlotrain::train {

namespace {

// The whole text as a T, or a ConfigError naming the flag: trailing characters, overflow and (for
// floating point) infinities and NaN are refused; ranges are validate()'s.
template <class T> T parseValue(std::string_view flag, const std::string& text, const char* what) {
  T v{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::result_out_of_range)
    throw ConfigError(std::string(flag) + ": '" + text + "' is out of range");
  if (ec != std::errc() || end != text.data() + text.size() || text.empty())
    throw ConfigError(std::string(flag) + ": expected " + what + ", got '" + text + "'");
  if constexpr (std::is_floating_point_v<T>)
    if (!std::isfinite(v))
      throw ConfigError(std::string(flag) + ": expected a finite number, got '" + text + "'");
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

// The shortest text that reads back as exactly `v` (std::to_chars): what a config file and a
// checkpoint store of a number.
template <class T> std::string shortest(T v) {
  char buf[64];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

// An optional number's value: nullopt for "off".
std::optional<float> parseOptionalFloat(std::string_view flag, const std::string& text) {
  if (text == kOff) return std::nullopt;
  return parseValue<float>(flag, text, "a number or off");
}

using enum SettingType;
using enum OnResume;
using enum GraphsChanged;

const SettingRow kRows[] = {
    {"--epochs", integer, fixed, noGraph, "N", "epochs of the schedule",
     [](auto& c, auto f, auto& v) { c.epochs = parseInt(f, v); },
     [](const auto& c) -> Shown { return std::to_string(c.epochs); }},
    {"--batch", integer, fixed, allGraphs, "B", "batch size for training and evaluation",
     [](auto& c, auto f, auto& v) { c.batch = parseInt(f, v); },
     [](const auto& c) -> Shown { return std::to_string(c.batch); }},
    {"--lr", number, fixed, noGraph, "X", "base learning rate",
     [](auto& c, auto f, auto& v) { c.learningRate = parseNumber(f, v); },
     [](const auto& c) -> Shown { return shortest(c.learningRate); }},
    {"--optimizer", string, fixed, trainStep, "adam|sgd", "optimizer",

     [](auto& c, auto f, auto& v) {
       if (v != "adam" && v != "sgd")
         throw ConfigError(std::string(f) + ": expected adam or sgd, got '" + v + "'");
       c.optimizer = v == "adam" ? program::Optimizer::adam : program::Optimizer::sgd;
     },
     [](const auto& c) -> Shown { return optimizerName(c.optimizer); }},
    {"--momentum", number, fixed, trainStep, "M", "SGD heavy-ball momentum; sgd only",
     [](auto& c, auto f, auto& v) { c.momentum = parseFloat(f, v); },
     [](const auto& c) -> Shown { return shortest(c.momentum); }},
    {"--weight-decay", number, fixed, trainStep, "W",
     "decoupled weight decay on conv/dense weights",

     [](auto& c, auto f, auto& v) { c.weightDecay = parseFloat(f, v); },
     [](const auto& c) -> Shown { return shortest(c.weightDecay); }},
    {"--cosine", boolean, fixed, noGraph, "",
     "cosine decay after linear warmup, or a constant rate",
     [](auto& c, auto, auto& v) { c.cosine = v == "true"; },
     [](const auto& c) -> Shown { return c.cosine ? "true" : "false"; }, "--no-cosine"},
    {"--warmup-epochs", integer, fixed, noGraph, "N", "warmup epochs of the cosine schedule",

     [](auto& c, auto f, auto& v) { c.warmupEpochs = parseInt(f, v); },
     [](const auto& c) -> Shown { return std::to_string(c.warmupEpochs); }},
    {"--warmup-steps", integer, fixed, noGraph, "N",
     "warmup steps of the cosine schedule instead of --warmup-epochs; 0: off",

     [](auto& c, auto f, auto& v) { c.warmupSteps = parseInt(f, v); },
     [](const auto& c) -> Shown { return std::to_string(c.warmupSteps); }},
    {"--lr-floor", number, fixed, noGraph, "F",
     "the rate the cosine schedule ends at, as a fraction in [0, 1) of --lr",

     [](auto& c, auto f, auto& v) { c.lrFloor = parseNumber(f, v); },
     [](const auto& c) -> Shown { return shortest(c.lrFloor); }},
    {"--label-smoothing", number, fixed, trainStep, "X",
     "label smoothing in [0, 1) for ce and weighted-ce",

     [](auto& c, auto f, auto& v) { c.loss.labelSmoothing = parseFloat(f, v); },
     [](const auto& c) -> Shown { return shortest(c.loss.labelSmoothing); }},
    {"--drop-path", number, fixed, trainStep, "P",
     "stochastic depth in [0, 1): each residual branch of a transformer, ConvNeXt or "
     "EfficientNet block is dropped per sample with a rate rising linearly over the blocks to P "
     "(from 0 at the first; EfficientNet's: i/N of P at block i of N), scaled by 1/(1 - rate) "
     "where kept; off in evaluation; 0: off",

     [](auto& c, auto f, auto& v) { c.dropPath = parseFloat(f, v); },
     [](const auto& c) -> Shown { return shortest(c.dropPath); }},
    {"--loss", string, fixed, trainStep, "KIND",
     "ce, weighted-ce, focal, dice, dice-ce or yolov1 (default yolov1 for a detector such as "
     "r34-yolov1, else ce); weighted-ce, dice and dice-ce are per-pixel losses (segmentation "
     "only), yolov1 is the detector's (detection datasets only)",

     [](auto& c, auto f, auto& v) {
       std::optional<program::LossKind> kind = program::lossKindFromName(v);
       if (!kind) {
         std::string known;
         for (program::LossKind k : program::allLossKinds())
           known += (known.empty() ? "" : ", ") + std::string(program::lossName(k));
         throw ConfigError(std::string(f) + ": expected one of " + known + ", got '" + v + "'");
       }
       c.loss.kind = *kind;
     },
     [](const auto& c) -> Shown { return std::string(program::lossName(c.loss.kind)); }},
    {"--class-weights", string, fixed, trainStep, "W,...",
     "weighted-ce: one positive weight per class (sum w_y*CE / sum w_y)",

     [](auto& c, auto f, auto& v) {
       c.loss.classWeights.clear();
       size_t start = 0;
       for (size_t comma = v.find(','); start <= v.size(); comma = v.find(',', start)) {
         if (comma == std::string::npos) comma = v.size();
         c.loss.classWeights.push_back(parseFloat(f, v.substr(start, comma - start)));
         start = comma + 1;
       }
     },
     [](const auto& c) -> Shown {
       if (c.loss.classWeights.empty()) return std::nullopt;
       std::string text;
       for (float w : c.loss.classWeights) text += (text.empty() ? "" : ",") + shortest(w);
       return text;
     }},
    {"--focal-gamma", optionalNumber, fixed, trainStep, "G|off",
     "focal: the exponent of (1 - p), G >= 0 (default 2); yolov1: objectness becomes sigmoid-BCE "
     "weighted by a detached (1 - p_t)^G (default off: squared errors; r34-yolov1's recipe: 2)",

     [](auto& c, auto f, auto& v) { c.loss.focalGamma = parseOptionalFloat(f, v); },
     [](const auto& c) -> Shown {
       return c.loss.focalGamma ? Shown(shortest(*c.loss.focalGamma)) : std::nullopt;
     }},
    {"--box-loss", string, fixed, trainStep, "KIND",
     "yolov1: sqrt-wh (squared errors of x, y, sqrt w, sqrt h) or diou (1 - DIoU of the boxes)",

     [](auto& c, auto f, auto& v) {
       if (v != "sqrt-wh" && v != "diou")
         throw ConfigError(std::string(f) + ": expected sqrt-wh or diou, got '" + v + "'");
       c.loss.boxLoss = v == "diou" ? program::BoxLoss::diou : program::BoxLoss::sqrtWh;
     },
     [](const auto& c) -> Shown {
       return c.loss.boxLoss == program::BoxLoss::diou ? "diou" : "sqrt-wh";
     }},
    {"--box-param",
     string,
     fixed,
     trainStep,
     "FORM",
     "yolov1: what the head's size channels hold: sqrt (sqrt w and sqrt h, as YOLOv1's paper: "
     "compared with the truth's square roots, squared when decoded) or sqrt-of-prediction (w and "
     "h, which the loss takes as sqrt(max(p, 1e-6)), the reference system's form: its gradient is "
     "0 below 1e-6, where a size channel can stay for good)",

     [](auto& c, auto f, auto& v) {
       const std::optional<program::BoxParam> param = program::boxParamFromName(v);
       if (!param)
         throw ConfigError(std::string(f) + ": expected sqrt or sqrt-of-prediction, got '" + v +
                           "'");
       c.loss.boxParam = *param;
     },
     [](const auto& c) -> Shown { return std::string(program::boxParamName(c.loss.boxParam)); },
     {},
     "sqrt-of-prediction"},
    {"--precision", string, fixed, allGraphs, "f32|bf16",
     "what convolutions and matmuls multiply in; bf16 converts their operands to bf16 and "
     "accumulates in f32; BatchNorm, the loss, the gradients' sums, the optimizer and the "
     "parameters stay f32, so checkpoints are f32 either way",

     [](auto& c, auto f, auto& v) {
       const std::optional<nn::Precision> p = nn::precisionNamed(v);
       if (!p) throw ConfigError(std::string(f) + ": expected f32 or bf16, got '" + v + "'");
       c.precision = *p;
     },
     [](const auto& c) -> Shown { return std::string(nn::precisionName(c.precision)); }},
    {"--cutmix", optionalNumber, fixed, trainStep, "ALPHA|off",
     "CutMix each training batch with itself reversed: a box of the partner image, of area "
     "share 1 - lambda with lambda ~ Beta(ALPHA, ALPHA), is pasted in, and the labels mix by the "
     "box's area after clipping (soft targets; classification with --loss ce)",

     [](auto& c, auto f, auto& v) { c.loss.cutmixAlpha = parseOptionalFloat(f, v); },
     [](const auto& c) -> Shown {
       return c.loss.cutmixAlpha ? Shown(shortest(*c.loss.cutmixAlpha)) : std::nullopt;
     }},
    {"--mixup", optionalNumber, fixed, trainStep, "ALPHA|off",
     "mixup each training batch with itself reversed: images and labels blended by lambda ~ "
     "Beta(ALPHA, ALPHA) (soft targets; with --cutmix, one of the two per batch at even odds)",

     [](auto& c, auto f, auto& v) { c.loss.mixupAlpha = parseOptionalFloat(f, v); },
     [](const auto& c) -> Shown {
       return c.loss.mixupAlpha ? Shown(shortest(*c.loss.mixupAlpha)) : std::nullopt;
     }},
    {"--mix-prob", number, fixed, noGraph, "P",
     "the probability that a batch is mixed at all (--cutmix, --mixup)",

     [](auto& c, auto f, auto& v) { c.loss.mixProb = parseFloat(f, v); },
     [](const auto& c) -> Shown { return shortest(c.loss.mixProb); }},
    {"--clip-grad-norm", optionalNumber, fixed, trainStep, "C|off",
     "scale the gradients by min(1, C/(|g| + 1e-6)), |g| their global L2 norm, before each update "
     "(in the graph)",

     [](auto& c, auto f, auto& v) { c.clipGradNorm = parseOptionalFloat(f, v); },
     [](const auto& c) -> Shown {
       return c.clipGradNorm ? Shown(shortest(*c.clipGradNorm)) : std::nullopt;
     }},
    {"--devices", integer, mayChange, trainStep, "N",
     "data-parallel replicas of the train step, one per device of the lowerer (the xla "
     "lowerer's PJRT plugin), each on batch/N records, their gradients averaged in the graph; "
     "checkpoints are a one-device run's",

     [](auto& c, auto f, auto& v) { c.devices = parseInt(f, v); },
     [](const auto& c) -> Shown { return std::to_string(c.devices); }},
    {"--sync-bn", boolean, mayChange, trainStep, "",
     "with --devices: BatchNorm's batch statistics over every device's records (PyTorch's "
     "SyncBatchNorm), not each device's own",
     [](auto& c, auto, auto& v) { c.syncBn = v == "true"; },
     [](const auto& c) -> Shown { return c.syncBn ? "true" : "false"; }},
    {"--augment", boolean, fixed, noGraph, "",
     "the dataset's train-time augmentations (MNIST has none)",
     [](auto& c, auto, auto& v) { c.augment = v == "true"; },
     [](const auto& c) -> Shown { return c.augment ? "true" : "false"; }, "--no-augment"},
    {"--eval-every", integer, mayChange, noGraph, "N",
     "evaluate every N epochs; 0: after the last one only",

     [](auto& c, auto f, auto& v) { c.evalEvery = parseInt(f, v); },
     [](const auto& c) -> Shown { return std::to_string(c.evalEvery); }},
    {"--checkpoint-every", integer, mayChange, noGraph, "N",
     "checkpoint every N epochs; 0: after the last one only",

     [](auto& c, auto f, auto& v) { c.checkpointEvery = parseInt(f, v); },
     [](const auto& c) -> Shown { return std::to_string(c.checkpointEvery); }},
    {"--checkpoint-every-steps", integer, mayChange, noGraph, "N",
     "also checkpoint every N global steps, mid-epoch included; 0: off; a checkpoint holds "
     "everything an exact resume needs",

     [](auto& c, auto f, auto& v) { c.checkpointEverySteps = parseInt(f, v); },
     [](const auto& c) -> Shown { return std::to_string(c.checkpointEverySteps); }},
    {"--log-every", integer, mayChange, noGraph, "N", "print the step loss every N steps; 0: never",

     [](auto& c, auto f, auto& v) { c.logEvery = parseInt(f, v); },
     [](const auto& c) -> Shown { return std::to_string(c.logEvery); }},
    {"--init",
     string,
     fixed,
     noGraph,
     "he|trunc-normal",
     "a fresh run's parameters: he draws weights with std sqrt(2/fan-in) and positions with "
     "sqrt(2/tokens), class tokens 0 (FORMATS.md); trunc-normal draws weights, positions and class "
     "tokens with std 0.02 (DeiT); biases and shifts start at 0, scales at 1",

     [](auto& c, auto f, auto& v) {
       const std::optional<nn::InitScheme> scheme = nn::initSchemeNamed(v);
       if (!scheme)
         throw ConfigError(std::string(f) + ": expected he or trunc-normal, got '" + v + "'");
       c.init = *scheme;
     },
     [](const auto& c) -> Shown { return std::string(nn::initSchemeName(c.init)); },
     {},
     "he"},
    {"--seed", integer, fixed, noGraph, "S", "data-order seed",

     [](auto& c, auto f, auto& v) {
       int64_t seed = parseInt(f, v);
       if (seed < 0) throw ConfigError(std::string(f) + ": expected a value >= 0, got " + v);
       c.seed = static_cast<uint64_t>(seed);
     },
     [](const auto& c) -> Shown { return std::to_string(c.seed); }},
    {"--max-steps", integer, perRun, noGraph, "N",
     "stop after global step N, keeping the full schedule (debugging); 0: no limit",
     [](auto& c, auto f, auto& v) { c.maxSteps = parseInt(f, v); },
     [](const auto& c) -> Shown { return std::to_string(c.maxSteps); }},
    {"--shuffle", boolean, fixed, noGraph, "",
     "shuffle the records each epoch, or keep the stored order (debugging)",
     [](auto& c, auto, auto& v) { c.shuffle = v == "true"; },
     [](const auto& c) -> Shown { return c.shuffle ? "true" : "false"; }, "--no-shuffle"},
    {"--skip-nonfinite", boolean, mayChange, noGraph, "",
     "skip a step whose loss or results are NaN or infinite (its batch is used up; the epoch's "
     "metrics record counts it) instead of stopping",

     [](auto& c, auto, auto& v) { c.skipNonFinite = v == "true"; },
     [](const auto& c) -> Shown { return c.skipNonFinite ? "true" : "false"; }},
    {"--tag", string, locates, noGraph, "TAG", "build tag: separate artifacts for this run",
     [](auto& c, auto, auto& v) { c.buildTag = v; },
     [](const auto& c) -> Shown { return c.buildTag; }},
    {"--artifacts", string, locates, noGraph, "DIR", "artifacts directory",
     [](auto& c, auto, auto& v) { c.artifactsDir = v; },
     [](const auto& c) -> Shown { return c.artifactsDir; }},
    {"--out", string, locates, noGraph, "DIR", "where the graphs are written",
     [](auto& c, auto, auto& v) { c.artifactsDir = v; },
     [](const auto& c) -> Shown { return c.artifactsDir; }},
};

} // namespace

std::span<const SettingRow> settingRows() {
  return kRows;
}

const SettingRow* settingRow(std::string_view flag) {
  const auto it = std::find_if(std::begin(kRows), std::end(kRows),
                               [&](const SettingRow& r) { return r.name == flag; });
  return it == std::end(kRows) ? nullptr : &*it;
}

std::string defaultNote(const SettingRow& row) {
  if (row.help.find("(default") != std::string_view::npos) return "";
  const Shown shown = row.show(TrainConfig{});
  if (row.type == optionalNumber && !shown) return "(default off)";
  if (row.type != boolean)
    return "(default " + (shown.value_or("").empty() ? "none" : *shown) + ")";
  const bool on = shown == "true";
  if (row.negation.empty()) return on ? "(default on)" : "(default off)";
  return "(default " + std::string(on ? row.name : row.negation) + ")";
}

int64_t parseInteger(std::string_view flag, const std::string& text) {
  return parseInt(flag, text);
}

void applyRecipe(const nn::NetSpec& spec, TrainConfig& config) {
  for (const nn::Setting& s : spec.recipe) {
    const SettingRow* row = settingRow("--" + s.key);
    if (!row) throw std::logic_error(spec.name + "'s recipe names no setting '" + s.key + "'");
    row->apply(config, row->name, s.value);
  }
}

TrainConfig recipeConfig(const nn::NetSpec& spec) {
  TrainConfig config;
  config.loss.kind = program::defaultLossKind(spec);
  applyRecipe(spec, config);
  return config;
}

} // namespace hlotrain::train

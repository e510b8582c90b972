#include "cli/Train.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <type_traits>
#include <vector>

#include "cli/Args.h"
#include "cli/Cli.h"
#include "data/Dataset.h"
#include "ir/Npy.h"
#include "nn/Zoo.h"
#include "support/Error.h"
#include "train/Trainer.h"

namespace hlotrain::cli {

const char* const kTrainUsage =
    R"(usage: hlotrain train --net NAME --data DIR [--dataset KIND] [OPTIONS]

Emits the net's forward, eval-forward and train-step graphs as StableHLO, runs them on the lowerer
HLOTRAIN_LOWERER selects (default cpu), evaluates on every test record and writes checkpoints.
Defaults are the reference config: Adam, lr 1e-3, batch 128, 15 epochs, cosine with 1 warmup
epoch, weight decay 1e-4, no label smoothing.

  --net NAME              a net of `hlotrain list` (e.g. mnist-cnn)
  --dataset KIND          mnist (MNIST / Fashion-MNIST IDX, the default), cifar10 (binary
                          version, DIR/cifar-10/*.bin) or imagenette (train.bin and val.bin of
                          hlotrain-imagenette-prep); see the README
  --data DIR              dataset directory
  --epochs N              epochs of the schedule (default 15)
  --batch B               batch size for training and evaluation (default 128)
  --lr X                  base learning rate (default 0.001)
  --optimizer adam|sgd    optimizer (default adam)
  --momentum M            SGD heavy-ball momentum (default 0.9; sgd only)
  --weight-decay W        decoupled weight decay on conv/dense weights (default 0.0001)
  --cosine | --no-cosine  cosine decay after linear warmup, or a constant rate (default cosine)
  --warmup-epochs N       warmup epochs of the cosine schedule (default 1)
  --label-smoothing X     label smoothing in [0, 1) (default 0)
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
  --resume                continue from <prefix>_checkpoint.bin, the run's last checkpoint, at
                          its exact step, data order and schedule position (pass the same
                          flags); with no checkpoint there yet, start a fresh run, so the same
                          command restarts a run killed at any moment

Artifacts: <artifacts>/<net>[_<tag>]_{fwd,fwd_eval,train_step}.mlir, _checkpoint.bin,
_params.bin, _bn_stats.bin, _metrics.jsonl.
Environment: HLOTRAIN_EVAL_ONLY=1 evaluates the checkpoint instead of training;
HLOTRAIN_INIT_DUMP=PATH writes the initial parameters (raw f32, spec order) before training.
A non-finite loss or result stops the run (exit 1) naming the step, the epoch and the last good
checkpoint, and saves nothing from that state; --skip-nonfinite skips the step instead.
Exit codes: 0 done; 1 the run failed; 2 bad flags, values, data or checkpoint files.
)";

const char* const kEvalUsage =
    R"(usage: hlotrain eval --net NAME --data DIR [--dataset KIND] [--checkpoint PATH]
                     [--batch B] [--tag TAG] [--artifacts DIR] [--logits FILE.npy]

Accuracy of a checkpoint on every test record, with the eval-forward graph and the checkpoint's
BatchNorm running statistics. The default checkpoint is <artifacts>/<net>[_<tag>]_checkpoint.bin.
A checkpoint of another net is refused naming the first tensor that does not match; a batch
larger than the test set is cut to it. --logits writes every test record's logits, in record
order, as a float32 [records, classes] .npy (atomically).
)";

const char* const kEmitUsage =
    R"(usage: hlotrain emit --net NAME [--out DIR] [--batch B] [--optimizer adam|sgd]
                     [--momentum M] [--weight-decay W] [--label-smoothing X] [--tag TAG]

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
     [](auto& c, auto f, auto& v) { c.labelSmoothing = parseFloat(f, v); }},
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

nn::NetSpec netFlag(const ParsedArgs& args) {
  std::string name = required(args, "--net");
  try {
    return nn::netByName(name);
  } catch (const RuntimeError& e) {
    throw UsageError(std::string("--net: ") + e.what());
  }
}

data::DatasetKind datasetFlag(const ParsedArgs& args) {
  std::string name = args.value("--dataset", "mnist");
  if (auto kind = data::datasetKindFromName(name)) return *kind;
  std::string known;
  for (data::DatasetKind k : data::allDatasetKinds())
    known += (known.empty() ? "" : ", ") + std::string(data::datasetKindName(k));
  throw UsageError("--dataset: unknown dataset '" + name + "' (known: " + known + ")");
}

const std::vector<FlagSpec> kDataFlags = {{"--net"}, {"--dataset"}, {"--data"}};

} // namespace

int trainCommand(std::span<const std::string> argv, std::ostream& out) {
  CommandFlags flags{{}, kDataFlags};
  flags.own.push_back({"--resume", false});
  for (const ConfigFlag& f : kConfigFlags)
    if (f.name != "--out") flags.config.push_back(f.name);
  Parsed p = parse(argv, flags);
  nn::NetSpec spec = netFlag(p.args);
  data::DatasetKind kind = datasetFlag(p.args);
  std::string dir = required(p.args, "--data");
  train::RunMode mode;
  mode.resume = p.args.has("--resume");
  mode = train::runModeFromEnvironment(mode);
  train::TrainResult r = train::train(spec, p.config, kind, dir, out, mode);
  if (r.finalAccuracy) {
    char line[64];
    std::snprintf(line, sizeof line, "%.2f%%", 100 * *r.finalAccuracy);
    out << "final test accuracy " << line << " (" << r.evals.back().correct << "/"
        << r.evals.back().total << ")\n";
  }
  return kOk;
}

int evalCommand(std::span<const std::string> argv, std::ostream& out) {
  CommandFlags flags{{"--batch", "--tag", "--artifacts"}, kDataFlags};
  flags.own.push_back({"--checkpoint"});
  flags.own.push_back({"--logits"});
  Parsed p = parse(argv, flags);
  nn::NetSpec spec = netFlag(p.args);
  data::DatasetKind kind = datasetFlag(p.args);
  std::string data = required(p.args, "--data");
  std::string checkpoint = p.args.value("--checkpoint");
  if (!p.args.has("--logits")) {
    train::evaluate(spec, p.config, kind, data, out, checkpoint);
    return kOk;
  }
  std::string logitsPath = p.args.value("--logits");
  train::EvalLogits e = train::evalLogits(spec, p.config, kind, data, out, checkpoint);
  ir::writeNpy(logitsPath, e.logits);
  out << "logits of " << e.logits.shape()[0] << " records written to " << logitsPath << "\n";
  return kOk;
}

int emitCommand(std::span<const std::string> argv, std::ostream& out) {
  CommandFlags flags{{"--batch", "--optimizer", "--momentum", "--weight-decay", "--label-smoothing",
                      "--tag", "--out"},
                     {{"--net"}}};
  Parsed p = parse(argv, flags);
  nn::NetSpec spec = train::taggedSpec(netFlag(p.args), p.config);
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

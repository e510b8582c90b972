#include "cli/Train.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <type_traits>
#include <vector>

#include "cli/Args.h"
#include "cli/Cli.h"
#include "cli/ConfigFile.h"
#include "cli/Generate.h"
#include "cli/LowererFlags.h"
#include "cli/Report.h"
#include "data/Dataset.h"
#include "ir/Npy.h"
#include "nn/Zoo.h"
#include "report/Report.h"
#include "support/Error.h"
#include "support/RunFiles.h"
#include "task/Task.h"
#include "train/Settings.h"
#include "train/TorchImport.h"
#include "train/Trainer.h"

namespace hlotrain::cli {

const char* const kListUsage = R"(usage: hlotrain list [--params NET]

Every net with its parameter count, input geometry and class count, then the recipes: the
settings a net trains with where they differ from `hlotrain train`'s defaults.

  --params NET    instead, NET's parameters in order (the order of the train step's arguments,
                  of checkpoints and of an imported state_dict): index, name, shape, element
                  count, role (weights decay; nothing else does), then its BatchNorm layers
)";

namespace {

using train::kOff;
using train::OnResume;
using train::Shown;
using enum train::SettingType;
using enum train::OnResume;

// A command's flags: the TrainConfig rows it names (and their negations) plus its own.
struct CommandFlags {
  std::vector<std::string_view> config;
  std::vector<FlagSpec> own;

  std::vector<FlagSpec> specs() const {
    std::vector<FlagSpec> all = own;
    for (std::string_view name : config) {
      const train::SettingRow& row = *train::settingRow(name);
      all.push_back({name, row.type != boolean});
      if (!row.negation.empty()) all.push_back({row.negation, false});
    }
    return all;
  }
};

struct Parsed {
  ParsedArgs args;
  train::TrainConfig config;
};

ParsedArgs parseCommandLine(std::span<const std::string> argv, const CommandFlags& flags) {
  ParsedArgs args = parseArgs(argv, flags.specs());
  if (!args.positional.empty())
    throw UsageError("unexpected argument '" + args.positional[0] + "'");
  for (std::string_view name : flags.config)
    if (const train::SettingRow& row = *train::settingRow(name);
        !row.negation.empty() && args.has(name) && args.has(row.negation))
      throw UsageError(std::string(name) + " and " + std::string(row.negation) +
                       " contradict each other");
  return args;
}

// The TrainConfig of the command's rows that `args` gives, over the defaults.
Parsed applyFlags(ParsedArgs args, const CommandFlags& flags) {
  Parsed p;
  p.args = std::move(args);
  for (std::string_view name : flags.config) {
    const train::SettingRow& row = *train::settingRow(name);
    applyConfigFlag(p.args, name, p.config);
    if (!row.negation.empty() && p.args.has(row.negation))
      row.apply(p.config, row.negation, "false");
  }
  return p;
}

Parsed parse(std::span<const std::string> argv, const CommandFlags& flags) {
  return applyFlags(parseCommandLine(argv, flags), flags);
}

std::string required(const ParsedArgs& args, std::string_view flag) {
  if (!args.has(flag)) throw UsageError(std::string(flag) + " is required");
  return args.value(flag);
}

} // namespace

data::DatasetSpec datasetFlag(const ParsedArgs& args) {
  std::string name = args.value("--dataset", "mnist");
  std::optional<int64_t> context, side;
  if (args.has("--context")) context = train::parseInteger("--context", args.value("--context"));
  if (args.has("--input-size")) {
    side = train::parseInteger("--input-size", args.value("--input-size"));
    if (*side != 224 && *side != 448)
      throw UsageError("--input-size: expected 224 or 448, got '" + args.value("--input-size") +
                       "'");
  }
  if (auto kind = data::datasetKindFromName(name)) {
    data::DatasetSpec spec(*kind, context, side);
    if (*kind == data::DatasetKind::text || *kind == data::DatasetKind::tokens)
      spec.source = args.value("--data");
    data::datasetIO(spec); // refuses options the kind does not take
    return spec;
  }
  std::string known;
  for (data::DatasetKind k : data::allDatasetKinds())
    known += (known.empty() ? "" : ", ") + std::string(data::datasetKindName(k));
  throw UsageError("--dataset: unknown dataset '" + name + "' (known: " + known + ")");
}

namespace {

// Without --loss, the loss the net's head admits (program::defaultLossKind): a detector trains
// and scores with yolov1 unasked.
void defaultLoss(Parsed& p, const nn::NetSpec& spec) {
  if (!p.args.has("--loss")) p.config.loss.kind = program::defaultLossKind(spec);
}

// The settings that say how a trained net's outputs are read (the loss, sigmoid or raw
// objectness, the box form): an evaluation takes them from the checkpoint.
const std::string_view kDecodingKeys[] = {"--loss", "--focal-gamma", "--box-param"};

std::vector<FlagSpec> dataFlags() {
  std::vector<FlagSpec> flags = {
      {"--net"}, {"--dataset"}, {"--data"}, {"--context"}, {"--input-size"}};
  flags.insert(flags.end(), std::begin(kLmSizeFlags), std::end(kLmSizeFlags));
  flags.insert(flags.end(), std::begin(kLowererFlags), std::end(kLowererFlags));
  return flags;
}
const std::vector<FlagSpec> kDataFlags = dataFlags();

// The keys of a net's shape a checkpoint stores: an evaluation and `hlotrain generate` build the
// net its run trained.
const std::string_view kShapeKeys[] = {"--context",        "--vocab",  "--width",
                                       "--heads",          "--layers", "--mlp",
                                       "--tie-embeddings", "--rope",   "--attention-block"};

// A size flag's value, 0 when absent.
int64_t sizeFlag(const ParsedArgs& args, std::string_view flag) {
  return args.has(flag) ? positiveIntFlag(args, flag, 0, kMaxLmSize) : 0;
}

} // namespace

void applyConfigFlag(const ParsedArgs& args, std::string_view name, train::TrainConfig& config) {
  const train::SettingRow& row = *train::settingRow(name);
  if (args.has(name)) row.apply(config, name, row.type == boolean ? "true" : args.value(name));
}

nn::NetSpec netFlag(const ParsedArgs& args, const std::optional<data::DatasetSpec>& dataset) {
  std::string name = required(args, "--net");
  nn::NetSpec standard;
  try {
    standard = nn::netByName(name);
  } catch (const RuntimeError& e) {
    throw UsageError(std::string("--net: ") + e.what());
  }
  if (!standard.input.tokens()) {
    for (const FlagSpec& f : kLmSizeFlags)
      if (args.has(f.name))
        throw UsageError(std::string(f.name) + " applies to a language model such as gpt-nano; " +
                         name + " reads images");
    if (!dataset) return standard;
    const data::InputShape in = data::datasetIO(*dataset).inputShape();
    try {
      return nn::netByName(name, {in.channels, in.height, in.width});
    } catch (const RuntimeError& e) {
      throw UsageError(std::string("--net: ") + e.what());
    }
  }
  // A language model: the dataset's vocabulary (--vocab must agree), --context's windows, and
  // the shape the size flags give.
  nn::InputGeometry input{.vocabulary = sizeFlag(args, "--vocab")};
  if (args.has("--context")) input.context = sizeFlag(args, "--context");
  if (dataset) {
    const data::InputShape in = data::datasetIO(*dataset).inputShape();
    if (in.vocabulary > 0 && input.vocabulary > 0 && input.vocabulary != in.vocabulary)
      throw UsageError("--vocab is " + std::to_string(input.vocabulary) + " but dataset " +
                       std::string(data::datasetKindName(dataset->kind)) + " holds " +
                       std::to_string(in.vocabulary) + " ids (its vocabulary is the model's)");
    if (in.vocabulary > 0) input.vocabulary = in.vocabulary;
  }
  try {
    return nn::netByName(name, input,
                         {sizeFlag(args, "--width"), sizeFlag(args, "--heads"),
                          sizeFlag(args, "--layers"), sizeFlag(args, "--mlp"),
                          args.has("--tie-embeddings"), args.has("--rope"),
                          sizeFlag(args, "--attention-block")});
  } catch (const RuntimeError& e) {
    throw UsageError(std::string("--heads: ") + e.what());
  }
}

namespace {

// The keys of a run besides TrainConfig's: what it trains on and how a fresh run starts. Their
// values reach the run as the flags they are named after.
struct RunKey {
  std::string_view name;
  train::SettingType type;
  OnResume onResume;
};
const RunKey kRunKeys[] = {{"--net", string, fixed},
                           {"--dataset", string, fixed},
                           {"--context", integer, fixed},
                           {"--input-size", integer, fixed},
                           {"--vocab", integer, fixed},
                           {"--width", integer, fixed},
                           {"--heads", integer, fixed},
                           {"--layers", integer, fixed},
                           {"--tie-embeddings", boolean, fixed},
                           {"--rope", boolean, fixed},
                           {"--attention-block", integer, fixed},
                           {"--mlp", integer, fixed},
                           {"--data", string, mayChange},
                           {"--init-from", string, mayChange}};

// A key of `hlotrain train`'s config (a config file's, a checkpoint's): a RunKey or a TrainConfig
// row (`row`).
struct Key {
  std::string_view flag;
  train::SettingType type;
  OnResume onResume;
  std::string_view negation;
  const train::SettingRow* row = nullptr;
};

// Every key, in the order a saved config lists them.
std::vector<Key> trainKeys() {
  std::vector<Key> keys;
  for (const RunKey& k : kRunKeys) keys.push_back({k.name, k.type, k.onResume, {}});
  for (const train::SettingRow& f : train::settingRows())
    if (f.name != "--out") keys.push_back({f.name, f.type, f.onResume, f.negation, &f});
  return keys;
}

std::optional<Key> trainKey(std::string_view key) {
  for (const Key& k : trainKeys())
    if (k.flag.substr(2) == key) return k;
  return std::nullopt;
}

// `text` from column `indent`, wrapped at 100 columns.
std::string wrapped(std::string_view text, size_t column, size_t indent) {
  std::string out;
  while (!text.empty()) {
    size_t room = 100 - column, cut = text.size();
    if (cut > room) {
      cut = text.rfind(' ', room);
      if (cut == std::string_view::npos || cut == 0) cut = text.find(' ');
      if (cut == std::string_view::npos) cut = text.size();
    }
    out += std::string(text.substr(0, cut)) + "\n";
    text.remove_prefix(std::min(text.size(), cut + 1));
    if (!text.empty()) out += std::string(indent, ' ');
    column = indent;
  }
  return out;
}

// One flag of a help: "  --lr X" and its text from column 26 (from the next line when the flag
// is wider than 22 characters).
std::string helpEntry(const std::string& flag, std::string_view text) {
  constexpr size_t kTextColumn = 26;
  std::string out = "  " + flag;
  if (out.size() + 2 > kTextColumn)
    out += "\n" + std::string(kTextColumn, ' ');
  else
    out += std::string(kTextColumn - out.size(), ' ');
  return out + wrapped(text, kTextColumn, kTextColumn);
}

// A setting's flag as --help shows it: "--lr X", "--cosine | --no-cosine".
std::string helpFlag(const train::SettingRow& row) {
  if (!row.negation.empty()) return std::string(row.name) + " | " + std::string(row.negation);
  return row.metavar.empty() ? std::string(row.name)
                             : std::string(row.name) + " " + std::string(row.metavar);
}

// The help of the settings `flags`, each from its row: its text and its default.
std::string settingsHelp(std::span<const std::string_view> flags) {
  std::string out;
  for (std::string_view flag : flags) {
    const train::SettingRow& row = *train::settingRow(flag);
    const std::string note = train::defaultNote(row);
    out += helpEntry(helpFlag(row), std::string(row.help) + (note.empty() ? "" : " " + note));
  }
  return out;
}

// "[--lr X] [--cosine | --no-cosine] ..." for a usage line, wrapped under the command.
std::string synopsis(std::string_view command, std::span<const std::string> items) {
  const std::string lead = "usage: hlotrain " + std::string(command) + " ";
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : " ") + item;
  std::string out = lead;
  size_t column = lead.size();
  for (size_t start = 0; start < text.size();) {
    // Break only between bracketed items.
    size_t end = text.find(" [", start + 1);
    if (end == std::string::npos) end = text.size();
    std::string_view item = std::string_view(text).substr(start, end - start);
    if (column + item.size() > 100 && column > lead.size()) {
      out += "\n" + std::string(lead.size() - 1, ' ');
      column = lead.size() - 1;
    }
    out += item;
    column += item.size();
    start = end;
  }
  return out + "\n";
}

std::vector<std::string> synopsisItems(std::span<const std::string_view> flags) {
  std::vector<std::string> items;
  for (std::string_view flag : flags)
    items.push_back("[" + helpFlag(*train::settingRow(flag)) + "]");
  return items;
}

// "--a, --b and --c".
std::string listed(const std::vector<std::string>& flags) {
  std::string out;
  for (size_t i = 0; i < flags.size(); ++i)
    out += (i == 0 ? "" : i + 1 == flags.size() ? " and " : ", ") + flags[i];
  return out;
}

// The settings emit takes: every one that changes a graph (SettingRow::graphs), and where the
// graphs go.
std::vector<std::string_view> emitSettings() {
  std::vector<std::string_view> flags;
  for (const train::SettingRow& row : train::settingRows())
    if (row.graphs != train::GraphsChanged::noGraph || row.name == "--tag" || row.name == "--out")
      flags.push_back(row.name);
  return flags;
}

// The settings eval takes: those that change the eval forward, how its outputs are read
// (kDecodingKeys), and where the checkpoint is.
std::vector<std::string_view> evalSettings() {
  std::vector<std::string_view> flags;
  for (const train::SettingRow& row : train::settingRows())
    if (row.graphs == train::GraphsChanged::allGraphs ||
        std::find(std::begin(kDecodingKeys), std::end(kDecodingKeys), row.name) !=
            std::end(kDecodingKeys) ||
        (row.onResume == OnResume::locates && row.name != "--out"))
      flags.push_back(row.name);
  return flags;
}

std::vector<std::string_view> trainSettings() {
  std::vector<std::string_view> flags;
  for (const train::SettingRow& f : train::settingRows())
    if (f.name != "--out") flags.push_back(f.name);
  return flags;
}

// What --resume does with each key, from the keys' OnResume.
std::string resumeRules() {
  std::vector<std::string> mayChange, perRun;
  for (const Key& k : trainKeys()) {
    if (k.onResume == OnResume::mayChange)
      mayChange.push_back(std::string(k.flag) +
                          (k.flag == "--init-from" ? " (used by a fresh start only)" : ""));
    if (k.onResume == OnResume::perRun) perRun.push_back(std::string(k.flag));
  }
  for (const char* own : {"--lowerer", "--pjrt-plugin", "--quiet", "--report", "--num-processes",
                          "--process-id", "--coordinator", "--coordinator-timeout"})
    perRun.push_back(own);
  return "Resume: a checkpoint stores the run's settings (data directory and dataset included), so "
         "`--resume --net NAME` with the --artifacts and --tag that locate it continues the run "
         "with no other flag. A flag that contradicts a stored setting is refused naming both "
         "values; these may change on resume (stored ones are kept unless given): " +
         listed(mayChange) + "; " + listed(perRun) +
         " apply to this invocation only. A version 1 checkpoint stores no settings: pass the "
         "run's flags again.";
}

} // namespace

std::string trainUsage() {
  std::string out =
      R"(usage: hlotrain train --net NAME --data DIR [--dataset KIND] [OPTIONS]
       hlotrain train --config run.toml|run.json [OPTIONS]
       hlotrain train --resume --net NAME [--artifacts DIR] [--tag TAG] [OPTIONS]

Emits the net's forward, eval-forward and train-step graphs as StableHLO, runs them on the lowerer
--lowerer or HLOTRAIN_LOWERER selects (default cpu), evaluates on every test record and writes
checkpoints. The parameters and optimizer state stay in the lowerer between steps.
The dataset sets the task: classification (scored by accuracy), per-pixel segmentation (an exact
confusion matrix, IoU, region Dice), YOLOv1 detection (mAP@0.5 and mAP@[.5:.95]) or language
modelling (validation loss, bits per token or character, perplexity). The defaults
below are the reference config; a net's recipe (`hlotrain list`) changes some of them, and flags,
config files and a resumed checkpoint override the recipe.

)";
  // What the run trains on, before the settings.
  static const std::pair<const char*, const char*> kDataHelp[] = {
      {"--net NAME", "a net of `hlotrain list` (e.g. mnist-cnn); unet-brats and "
                     "r34-yolov1 are built for the dataset's channels and side"},
      {"--dataset KIND",
       "mnist (MNIST / Fashion-MNIST IDX, the default), cifar10 (binary version, "
       "DIR/cifar-10/*.bin), imagenette (train.bin and val.bin of "
       "hlotrain-imagenette-prep), brats (240x240), brats224 or brats25d (2.5D, "
       "240x240; train.bin, val.bin [, val_cases.bin] of hlotrain-brats-prep) or "
       "visdrone (train.bin, val.bin [, val.full_gt.bin] of hlotrain-visdrone-prep) or "
       "text (--data FILE, a UTF-8 text: its characters are the vocabulary of a language "
       "model such as gpt-nano, the first 90% trains and the rest validates) or tokens "
       "(train.tok and val.tok, token files of FAMILIES.md 6); see the README"},
      {"--context K", "BraTS: K slices on each side of the centre slice, 4(2K+1) "
                      "channels (brats25d default 1, the others 0); text and tokens: the "
                      "language model's context, windows of K tokens (default: the net's)"},
      {"--vocab V", "a language model's vocabulary: the dataset's (a text's characters, a token "
                    "file's header), which V must equal when given"},
      {"--width D, --heads H, --layers L, --mlp M",
       "a language model's shape when not the net's own (gpt-nano: 64, 2, 4, 256): its width, "
       "attention heads (dividing D), blocks and MLP width; a checkpoint stores them, so "
       "eval, generate and --resume build the same net"},
      {"--tie-embeddings", "a language model's head is its token table, transposed, without a "
                           "bias (GPT-2's; gpt-nano: 208,320 parameters at 65 characters)"},
      {"--rope",
       "a language model's positions rotate its queries and keys (RoPE: the half-split, "
       "base 10000) instead of adding a learned table (gpt-nano: 4,096 parameters fewer)"},
      {"--attention-block Q",
       "a language model's attention in its memory-efficient form: queries in "
       "blocks of Q, each block's scores against only the keys it sees, the "
       "backward recomputing them from the saved log-sum-exp, so no [B, H, T, "
       "T] tensor exists (default: the plain form)"},
      {"--input-size S", "visdrone: the records' side, 224 (7x7 grid, the default) or 448 (14x14)"},
      {"--data DIR", "dataset directory (text: the file)"},
  };
  // The command line's own flags, after the settings.
  static const std::pair<const char*, const char*> kOwnHelp[] = {
      {"--resume", "continue from <prefix>_checkpoint.bin, the run's last checkpoint, "
                   "at its exact step, data order and schedule position, with the "
                   "settings it stores (below); with no checkpoint there yet, start a "
                   "fresh run, so the same command restarts a run killed at any moment"},
      {"--init-from PATH",
       "a fresh run starts from PATH: an hlotrain checkpoint of another net (its leading "
       "parameters and BatchNorm statistics whose shapes match; the rest keep their init), or "
       "a PyTorch state_dict saved with np.savez as .npz (torchvision's weights: every tensor, "
       "in the order `hlotrain list --params NET` shows)"},
      {"--config FILE",
       "read settings from a .toml or .json file: each key is a flag above without "
       "--, with a string, integer, float or boolean value (lr = 0.01, net = "
       "\"mnist-cnn\", cosine = false); flags given beside it override it"},
      {"--save-config FILE", "write the run's effective settings (every key, "
                             "defaults included; .toml or .json), then train"},
      {"--lowerer NAME, --pjrt-plugin PATH", "where the graphs run (see `hlotrain --help`)"},
      {"--num-processes P, --process-id I, --coordinator HOST:PORT",
       "train as process I of P (xla): process 0 serves a key-value store at HOST:PORT through "
       "which the PJRT clients of all find one another; each process drives --devices / P "
       "devices and feeds them its share of every batch"},
      {"--coordinator-timeout S",
       "how long a process waits for the coordinator and the other processes (default 60); one "
       "that does not arrive stops the others, naming it"},
      {"--quiet", "print only the epoch and evaluation summaries and errors"},
      {"--report", "after each evaluation, rewrite the run's report page, "
                   "<prefix>_report.html (as `hlotrain report` writes it)"},
  };
  for (const auto& [flag, text] : kDataHelp) out += helpEntry(flag, text);
  out += settingsHelp(trainSettings());
  for (const auto& [flag, text] : kOwnHelp) out += helpEntry(flag, text);
  out += "\n" + wrapped(resumeRules(), 0, 0);
  out += R"(
On a terminal, one line redrawn in place shows the epoch and step, the smoothed loss, images/s
(a language model's sequences/s), and the time spent and left in the epoch and the run
(evaluation has its own); written to a file or a pipe, the output is plain lines: the step loss
every --log-every steps.

Artifacts: <artifacts>/<net>[_<tag>]_{fwd,fwd_eval,train_step}.mlir, _checkpoint.bin,
_best_checkpoint.bin (the best evaluation so far: accuracy, mean region Dice, mAP@0.5 or the
lowest validation loss), _params.bin, _bn_stats.bin, _metrics.jsonl, _samples.json (8 val
records of the last evaluation drawn for the report), _vocab.txt (a text's characters, one per
id), _report.html (--report).
Environment: HLOTRAIN_EVAL_ONLY=1 evaluates the checkpoint instead of training;
HLOTRAIN_INIT_DUMP=PATH writes the initial parameters (raw f32, spec order) before training.
A non-finite loss or result stops the run (exit 1) naming the step, the epoch and the last good
checkpoint, and saves nothing from that state; --skip-nonfinite skips the step instead.
Exit codes: 0 done; 1 the run failed; 2 bad flags, values, data or checkpoint files.
)";
  return out;
}

std::string evalUsage() {
  std::vector<std::string> items = {"--net NAME",    "--data DIR",       "[--dataset KIND]",
                                    "[--context K]", "[--input-size S]", "[--checkpoint PATH]"};
  for (std::string& item : synopsisItems(evalSettings())) items.push_back(std::move(item));
  for (const char* own : {"[--logits FILE.npy]", "[--predictions FILE.npy]",
                          "[--detections FILE.csv]", "[--lowerer NAME]", "[--pjrt-plugin PATH]"})
    items.push_back(own);
  return synopsis("eval", items) + R"(
Scores a checkpoint on every test record, with the eval-forward graph and the checkpoint's
BatchNorm running statistics: accuracy, or for a segmentation dataset the confusion matrix, the
IoU per class and the region Dice (per case too when val_cases.bin is there), for a detection
dataset mAP@0.5 and mAP@[.5:.95] against val.full_gt.bin when present (else each record's own
boxes). A detector's outputs are read as its run trained them: --loss, --focal-gamma (a sigmoid
confidence, or the raw channel) and --box-param come from the settings the checkpoint stores (a
checkpoint from before --box-param existed: sqrt-of-prediction), and a flag that contradicts
them is refused; a version 1 checkpoint stores none, so pass the run's flags (the net's recipe
fills in what they leave out). The default checkpoint is
<artifacts>/<net>[_<tag>]_checkpoint.bin; a PATH ending in .npz is a PyTorch state_dict saved
with np.savez (torchvision's weights: `hlotrain list --params NET` shows the order they map in). A
checkpoint of another net is refused naming the first tensor that does not match; a batch
larger than the test set is cut to it. The other flags are train's (`hlotrain train --help`).
Outputs, in record order, each written atomically:
  --logits FILE.npy       float32 [records, classes] (segmentation: [records, classes, H, W])
  --predictions FILE.npy  uint8 [records] class argmax (segmentation: [records, H, W] masks)
  --detections FILE.csv   detection: every detection after NMS, one line each,
                          record,class,confidence,xmin,ymin,xmax,ymax (normalised corners)
)";
}

std::string emitUsage() {
  std::vector<std::string> items = {"--net NAME"};
  for (std::string& item : synopsisItems(emitSettings())) items.push_back(std::move(item));
  return synopsis("emit", items) + R"(
Writes DIR/<net>[_<tag>]_fwd.mlir, _fwd_eval.mlir and _train_step.mlir (DIR: --out), with the
net's recipe (`hlotrain list`) under the flags given:

)" + settingsHelp(emitSettings());
}

namespace {

// Where each flag's value came from when not the command line: "run.toml:3", a checkpoint.
using Origins = std::map<std::string, std::string, std::less<>>;

// `message` preceded by the origin of the flag it begins with ("--lr must be ..."; train::validate
// and every flag's parser name their flag first), when that value came from a file.
std::string withOrigin(const std::string& message, const Origins& origins) {
  if (!message.starts_with("--")) return message;
  size_t end = 2;
  while (end < message.size() &&
         (std::islower(static_cast<unsigned char>(message[end])) ||
          std::isdigit(static_cast<unsigned char>(message[end])) || message[end] == '-'))
    ++end;
  auto it = origins.find(std::string_view(message).substr(0, end));
  return it == origins.end() ? message : it->second + ": " + message;
}

bool given(const ParsedArgs& args, const Key& k) {
  return args.has(k.flag) || (!k.negation.empty() && args.has(k.negation));
}

// The value `args` gives a key, as its row's apply takes it ("true"/"false" for a boolean).
std::string givenText(const ParsedArgs& args, const Key& k) {
  if (k.type == boolean) return args.has(k.flag) ? "true" : "false";
  return args.value(k.flag);
}

// Refuses a value of another type than the key's (a number key takes an integer too, an optional
// number the string "off").
void checkType(const Key& k, const ConfigEntry& e) {
  const ConfigType t = e.value.type;
  const bool numeric = t == ConfigType::integer || t == ConfigType::floating;
  const bool ok =
      t == ConfigType::null || (k.type == string && t == ConfigType::string) ||
      (k.type == boolean && t == ConfigType::boolean) ||
      ((k.type == integer || k.type == number) && numeric) ||
      (k.type == optionalNumber && (numeric || (t == ConfigType::string && e.value.text == kOff)));
  const char* expected = k.type == string           ? "a string"
                         : k.type == boolean        ? "a boolean (true or false)"
                         : k.type == integer        ? "an integer"
                         : k.type == optionalNumber ? "a number or \"off\""
                                                    : "a number";
  if (!ok)
    throw ParseError(e.origin + ": " + e.key + " takes " + expected + ", got " +
                     std::string(configTypeName(t)) +
                     (t == ConfigType::string ? " (\"" + e.value.text + "\")" : ""));
}

// The key of a config entry, or a ParseError naming where it was read.
Key keyOf(const ConfigEntry& e) {
  if (std::optional<Key> k = trainKey(e.key)) return *k;
  for (std::string_view own :
       {"resume", "config", "save-config", "quiet", "report", "lowerer", "pjrt-plugin",
        "num-processes", "process-id", "coordinator", "coordinator-timeout"})
    if (e.key == own)
      throw ParseError(e.origin + ": " + e.key + " is not a config key: --" + e.key +
                       " is given on the command line");
  if (e.key.starts_with("no-"))
    if (std::optional<Key> k = trainKey(e.key.substr(3)); k && k->type == boolean)
      throw ParseError(e.origin + ": unknown key '" + e.key + "' (write " + e.key.substr(3) +
                       " = false)");
  throw ParseError(e.origin + ": unknown key '" + e.key +
                   "' (the keys are the train flags without --: hlotrain train --help)");
}

// Gives `args` a config entry's value as if its flag had been given (a boolean: its flag or its
// negation); null is the same as leaving the key out.
void setFlag(ParsedArgs& args, Origins& origins, const Key& k, const ConfigEntry& e) {
  checkType(k, e);
  if (e.value.type == ConfigType::null) return;
  std::string_view flag = k.flag;
  if (k.type == boolean && e.value.text == "false") {
    if (k.negation.empty()) return; // off is the default (--skip-nonfinite)
    flag = k.negation;
  }
  args.flags[std::string(flag)] = {k.type == boolean ? "" : e.value.text};
  origins[std::string(flag)] = e.origin;
}

// --config FILE: its settings, for the flags the command line does not give.
void addConfigFile(ParsedArgs& args, Origins& origins) {
  const ParsedArgs commandLine = args;
  for (const ConfigEntry& e : readConfigFile(args.value("--config"))) {
    const Key k = keyOf(e);
    checkType(k, e);
    if (!given(commandLine, k)) setFlag(args, origins, k, e);
  }
}

// The same value, written either way ("0.010" and "1e-2"): what the key's row makes of it.
std::string canonical(const Key& k, const std::string& text) {
  if (k.row) {
    train::TrainConfig c;
    k.row->apply(c, k.flag, text);
    return k.row->show(c).value_or("");
  }
  return k.type == integer ? std::to_string(train::parseInteger(k.flag, text)) : text;
}

// What a resume does with the checkpoint's stored config.
struct Resumed {
  std::string path;          // the checkpoint, when there is one
  bool storesConfig = false; // false: version 1, so every setting comes from the flags
};

// A config entry of `k` holding `text` as its flag takes it, read at `origin`.
ConfigEntry entryOf(const Key& k, const std::string& text, const std::string& origin) {
  const ConfigType t = k.type == string || (k.type == optionalNumber && text == kOff)
                           ? ConfigType::string
                       : k.type == boolean ? ConfigType::boolean
                       : k.type == integer ? ConfigType::integer
                                           : ConfigType::floating;
  return {std::string(k.flag.substr(2)), {t, text}, origin};
}

// A setting a checkpoint stores; `predates`: the checkpoint was written before its key existed,
// and the value is the row's storedBefore.
struct StoredSetting {
  Key key;
  ConfigEntry entry;
  bool predates = false;
};

// The settings the checkpoint at `path` stores, among `keys` (empty: all): a stored null of an
// optional number is "off" (every key is stored, so null was off), and a row's storedBefore
// stands in for a key the checkpoint predates. nullopt: a version 1 checkpoint or a state_dict
// archive, which store no settings.
std::optional<std::vector<StoredSetting>> storedSettings(const std::string& path,
                                                         std::span<const std::string_view> keys) {
  if (train::isStateDictArchive(path)) return std::nullopt;
  const std::optional<std::string> stored = train::readCheckpointConfig(path);
  if (!stored) return std::nullopt;
  const auto wanted = [&](const Key& k) {
    return keys.empty() || std::find(keys.begin(), keys.end(), k.flag) != keys.end();
  };
  std::vector<StoredSetting> settings;
  for (ConfigEntry e : parseJsonConfig(*stored, path + " (its stored config)")) {
    const Key k = keyOf(e);
    checkType(k, e);
    if (k.type == optionalNumber && e.value.type == ConfigType::null)
      e.value = {ConfigType::string, std::string(kOff)};
    if (wanted(k)) settings.push_back({k, e});
  }
  for (const Key& k : trainKeys())
    if (k.row && !k.row->storedBefore.empty() && wanted(k) &&
        std::none_of(settings.begin(), settings.end(),
                     [&](const StoredSetting& s) { return s.key.flag == k.flag; }))
      settings.push_back({k,
                          entryOf(k, std::string(k.row->storedBefore),
                                  path + " (written before " + std::string(k.flag) + " existed)"),
                          true});
  return settings;
}

// A checkpoint's stored settings (of `keys`; empty: all) for what the command line and the
// config file leave out (OnResume says which); a fixed one given otherwise is refused naming the
// flag, both values and `why` the checkpoint's value holds. False: a version 1 checkpoint.
bool addStoredSettings(ParsedArgs& args, Origins& origins, const std::string& path,
                       std::span<const std::string_view> keys, std::string_view why) {
  const auto settings = storedSettings(path, keys);
  if (!settings) return false;
  for (const auto& [k, e, predates] : *settings) {
    if (k.onResume == perRun || k.onResume == locates) continue;
    if (!given(args, k)) {
      setFlag(args, origins, k, e);
      continue;
    }
    if (k.onResume != fixed) continue;
    const std::string mine = givenText(args, k);
    const std::string theirs = e.value.type == ConfigType::null ? "" : canonical(k, e.value.text);
    if (canonical(k, mine) != theirs)
      throw UsageError(
          std::string(k.flag) + " is " + mine + " but " + path + " was written " +
          (predates ? "before " + std::string(k.flag) + " existed, so " : std::string()) +
          (theirs.empty() ? "without it" : "with " + theirs) + "; " + std::string(why) +
          " (leave " + std::string(k.flag) + " out)");
  }
  return true;
}

// --resume: the settings the run's checkpoint stores (addStoredSettings).
Resumed addStoredConfig(ParsedArgs& args, Origins& origins) {
  train::TrainConfig located;
  for (std::string_view flag : {"--artifacts", "--tag"})
    if (args.has(flag)) applyConfigFlag(args, flag, located);
  Resumed resumed;
  resumed.path = RunFiles{train::artifactPrefix(netFlag(args), located)}.checkpoint();
  std::error_code ec;
  if (!std::filesystem::exists(resumed.path, ec)) return {};
  resumed.storesConfig = addStoredSettings(
      args, origins, resumed.path, {}, "a resumed run keeps the settings its checkpoint stores");
  return resumed;
}

// The net's recipe (nn::NetSpec::recipe) for the keys among `rows` that nothing else gives.
void addRecipe(ParsedArgs& args, Origins& origins, const nn::NetSpec& spec,
               std::span<const std::string_view> rows) {
  for (const nn::Setting& s : spec.recipe) {
    const std::optional<Key> k = trainKey(s.key);
    if (!k) throw std::logic_error(spec.name + "'s recipe names no setting '" + s.key + "'");
    if (std::find(rows.begin(), rows.end(), k->flag) != rows.end() && !given(args, *k))
      setFlag(args, origins, *k, entryOf(*k, s.value, nn::cliName(spec) + "'s recipe"));
  }
}

// The run's effective config, every key (`location`: with --artifacts and --tag, which a
// checkpoint does not store: they are where it is).
std::vector<ConfigEntry> effectiveConfig(const Parsed& p, const data::DatasetSpec& dataset,
                                         bool location) {
  std::vector<ConfigEntry> entries;
  const auto add = [&](std::string_view flag, train::SettingType type, Shown text) {
    if (type == optionalNumber && !text) text = std::string(kOff);
    const ConfigType t = !text                             ? ConfigType::null
                         : type == string || *text == kOff ? ConfigType::string
                         : type == boolean                 ? ConfigType::boolean
                         : type == integer                 ? ConfigType::integer
                                                           : ConfigType::floating;
    entries.push_back({std::string(flag.substr(2)), {t, text.value_or("")}, {}});
  };
  add("--net", string, p.args.value("--net"));
  add("--dataset", string, std::string(data::datasetKindName(dataset.kind)));
  if (dataset.context) add("--context", integer, std::to_string(*dataset.context));
  if (dataset.side) add("--input-size", integer, std::to_string(*dataset.side));
  for (const FlagSpec& f : kLmSizeFlags)
    if (p.args.has(f.name))
      add(f.name, f.takesValue ? integer : boolean, f.takesValue ? p.args.value(f.name) : "true");
  add("--data", string, p.args.value("--data"));
  add("--init-from", string,
      p.args.has("--init-from") ? Shown(p.args.value("--init-from")) : std::nullopt);
  for (const train::SettingRow& f : train::settingRows())
    if (f.name != "--out" && (location || f.onResume != locates))
      add(f.name, f.type, f.show(p.config));
  return entries;
}

const char* const kProcessFlags[] = {"--num-processes", "--process-id", "--coordinator",
                                     "--coordinator-timeout"};

// --num-processes, --process-id and --coordinator, checked against each other and --devices
// before anything is built.
xla::ProcessGroup processGroup(const ParsedArgs& args, const train::TrainConfig& config) {
  xla::ProcessGroup group;
  if (!args.has("--num-processes")) {
    for (const char* flag : {"--process-id", "--coordinator", "--coordinator-timeout"})
      if (args.has(flag)) throw UsageError(std::string(flag) + " needs --num-processes");
    return group;
  }
  group.processes = train::parseInteger("--num-processes", args.value("--num-processes"));
  if (group.processes < 1)
    throw UsageError("--num-processes must be at least 1, got " + std::to_string(group.processes));
  if (group.processes == 1) return group;
  group.processId = train::parseInteger("--process-id", required(args, "--process-id"));
  if (group.processId < 0 || group.processId >= group.processes)
    throw UsageError("--process-id must be in [0, " + std::to_string(group.processes) + "), got " +
                     std::to_string(group.processId));
  group.coordinator = required(args, "--coordinator");
  xla::parseEndpoint(group.coordinator, "--coordinator");
  if (args.has("--coordinator-timeout")) {
    const int64_t seconds =
        train::parseInteger("--coordinator-timeout", args.value("--coordinator-timeout"));
    if (seconds < 1)
      throw UsageError("--coordinator-timeout must be at least 1 s, got " +
                       std::to_string(seconds));
    group.timeout = std::chrono::seconds(seconds);
  }
  if (config.devices % group.processes != 0)
    throw UsageError("--devices " + std::to_string(config.devices) +
                     " is not a multiple of --num-processes " + std::to_string(group.processes) +
                     ": each process drives --devices / --num-processes devices");
  return group;
}

const char* const kSavedConfigHeader =
    "# hlotrain train settings: `hlotrain train --config FILE` trains with them, flags given\n"
    "# beside it override them. Each key is a train flag without --; a setting that is not\n"
    "# set is a comment.\n";

int runTrain(std::span<const std::string> argv, std::ostream& out, Origins& origins) {
  CommandFlags flags{{}, kDataFlags};
  flags.own.push_back({"--resume", false});
  flags.own.push_back({"--init-from"});
  flags.own.push_back({"--quiet", false});
  flags.own.push_back({"--report", false});
  flags.own.push_back({"--config"});
  flags.own.push_back({"--save-config"});
  for (const char* process : kProcessFlags) flags.own.push_back({process});
  flags.config = trainSettings();
  ParsedArgs args = parseCommandLine(argv, flags);
  if (args.has("--config")) addConfigFile(args, origins);
  Resumed resumed;
  if (args.has("--resume")) resumed = addStoredConfig(args, origins);
  addRecipe(args, origins, netFlag(args), flags.config);
  Parsed p = applyFlags(std::move(args), flags);
  data::DatasetSpec dataset = datasetFlag(p.args);
  nn::NetSpec spec = netFlag(p.args, dataset);
  defaultLoss(p, spec);
  if (!p.args.has("--data") && !resumed.path.empty() && !resumed.storesConfig)
    throw UsageError("--data is required: " + resumed.path +
                     " is a version 1 checkpoint, which stores no config (pass the run's flags)");
  std::string dir = required(p.args, "--data");
  train::RunMode mode = train::runModeFromEnvironment();
  const train::RunPlan plan = mode.evalOnly ? train::planEvaluation(spec, p.config, dataset)
                                            : train::planTraining(spec, p.config, dataset);
  if (p.args.has("--save-config")) {
    const std::string path = p.args.value("--save-config");
    writeConfigFile(path, effectiveConfig(p, dataset, true), kSavedConfigHeader);
    out << "config written to " << path << "\n";
  }
  mode.resume = p.args.has("--resume");
  mode.initFrom = p.args.value("--init-from");
  mode.config = jsonConfigText(effectiveConfig(p, dataset, false), false, true);
  // A progress line only where a person watches: the process's own terminal.
  mode.display = p.args.has("--quiet") ? Display::quiet : displayOf(out);
  if (p.args.has("--report"))
    // A page that cannot be written costs the run nothing: it is said, and training goes on.
    mode.afterEvaluation = [&out,
                            quiet = mode.display == Display::quiet](const std::string& prefix) {
      try {
        const std::string said = writeReport(prefix, RunFiles{prefix}.report());
        if (!quiet) out << said << std::flush;
      } catch (const std::exception& e) {
        out << "warning: the report was not written: " << e.what() << std::endl;
      }
    };
  mode.subwordText = subwordText;
  lower::LowererChoice choice = lowererChoice(p.args);
  choice.processes = processGroup(p.args, p.config);
  std::unique_ptr<lower::Lowerer> lowerer = lower::makeLowerer(choice);
  mode.lowerer = lowerer.get();
  train::TrainResult r = train::train(plan, dir, out, mode);
  if (!r.evals.empty()) out << "final test " << task::summaryLine(r.evals.back().scores) << "\n";
  return kOk;
}

// A command whose values may come from a config file, a checkpoint or a net's recipe: a message
// about such a value names where it was read.
template <class Run> int explained(Run run) {
  Origins origins;
  try {
    return run(origins);
  } catch (const UsageError& e) {
    throw UsageError(withOrigin(e.what(), origins));
  } catch (const ConfigError& e) {
    throw ConfigError(withOrigin(e.what(), origins));
  }
}

int runEval(std::span<const std::string> argv, std::ostream& out, Origins& origins) {
  CommandFlags flags{evalSettings(), kDataFlags};
  flags.own.push_back({"--checkpoint"});
  flags.own.push_back({"--logits"});
  flags.own.push_back({"--predictions"});
  flags.own.push_back({"--detections"});
  ParsedArgs args = parseCommandLine(argv, flags);
  // How the net's outputs are read is the trained run's: its checkpoint's stored settings.
  train::TrainConfig located;
  for (std::string_view flag : {"--artifacts", "--tag"}) applyConfigFlag(args, flag, located);
  const std::string checkpoint =
      args.has("--checkpoint")
          ? args.value("--checkpoint")
          : RunFiles{train::artifactPrefix(netFlag(args), located)}.checkpoint();
  std::error_code ec;
  if (std::filesystem::exists(checkpoint, ec)) {
    addStoredSettings(args, origins, checkpoint, kDecodingKeys,
                      "an evaluation reads the net's outputs as its checkpoint's run trained them");
    addStoredSettings(args, origins, checkpoint, kShapeKeys,
                      "an evaluation builds the net its checkpoint's run trained");
  }
  addRecipe(args, origins, netFlag(args), flags.config);
  Parsed p = applyFlags(std::move(args), flags);
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

int runEmit(std::span<const std::string> argv, std::ostream& out, Origins& origins) {
  CommandFlags flags{emitSettings(), {{"--net"}}};
  ParsedArgs args = parseCommandLine(argv, flags);
  addRecipe(args, origins, netFlag(args), flags.config);
  Parsed p = applyFlags(std::move(args), flags);
  const nn::NetSpec net = netFlag(p.args, std::nullopt);
  defaultLoss(p, net);
  const train::RunPlan plan = train::planGraphs(net, p.config);
  train::writeGraphs(plan);
  for (Graph graph : {Graph::fwd, Graph::fwdEval, Graph::trainStep})
    out << plan.files.graph(graph) << "\n";
  return kOk;
}

} // namespace

nn::NetSpec trainedNet(std::string_view name, const std::string& checkpoint, int64_t vocabulary) {
  ParsedArgs args;
  args.flags["--net"] = {std::string(name)};
  Origins origins;
  addStoredSettings(args, origins, checkpoint, kShapeKeys,
                    "a checkpoint is of the net its run trained");
  if (!args.has("--vocab")) args.flags["--vocab"] = {std::to_string(vocabulary)};
  return netFlag(args);
}

int trainCommand(std::span<const std::string> argv, std::ostream& out) {
  return explained([&](Origins& origins) { return runTrain(argv, out, origins); });
}

int evalCommand(std::span<const std::string> argv, std::ostream& out) {
  return explained([&](Origins& origins) { return runEval(argv, out, origins); });
}

int emitCommand(std::span<const std::string> argv, std::ostream& out) {
  return explained([&](Origins& origins) { return runEmit(argv, out, origins); });
}

namespace {

std::string_view roleName(nn::ParamRole role) {
  switch (role) {
  case nn::ParamRole::weight:
    return "weight";
  case nn::ParamRole::bias:
    return "bias";
  case nn::ParamRole::bnScale:
    return "bn-scale";
  case nn::ParamRole::bnShift:
    return "bn-shift";
  case nn::ParamRole::lnScale:
    return "ln-scale";
  case nn::ParamRole::lnShift:
    return "ln-shift";
  case nn::ParamRole::classToken:
    return "class-token";
  case nn::ParamRole::position:
    return "position";
  case nn::ParamRole::layerScale:
    return "layer-scale";
  case nn::ParamRole::embedding:
    return "embedding";
  }
  return "";
}

void listParameters(const nn::NetSpec& spec, std::ostream& out) {
  const std::vector<nn::ParamInfo> params = nn::parameters(spec);
  const std::vector<int64_t> bn = nn::bnChannels(spec);
  out << nn::cliName(spec) << ": " << nn::parameterCount(spec) << " parameters in " << params.size()
      << " tensors, " << bn.size() << " BatchNorm layers\n";
  char line[160];
  std::snprintf(line, sizeof line, "%5s  %-32s %-16s %10s  %s\n", "INDEX", "NAME", "SHAPE",
                "ELEMENTS", "ROLE");
  out << line;
  for (size_t i = 0; i < params.size(); ++i) {
    const nn::ParamInfo& p = params[i];
    int64_t elements = 1;
    std::string shape;
    for (int64_t d : p.shape) {
      elements *= d;
      shape += (shape.empty() ? "" : "x") + std::to_string(d);
    }
    std::snprintf(line, sizeof line, "%5zu  %-32s %-16s %10lld  %s\n", i, p.name.c_str(),
                  shape.c_str(), static_cast<long long>(elements),
                  std::string(roleName(p.role)).c_str());
    out << line;
  }
  // BatchNorm layer l owns the l-th bn-scale above; its running mean and variance follow the
  // parameters in checkpoints, in this order.
  size_t l = 0;
  for (const nn::ParamInfo& p : params)
    if (p.role == nn::ParamRole::bnScale) {
      const std::string layer = p.name.substr(0, p.name.rfind('.'));
      out << "batchnorm " << l << ": " << layer << ", " << bn[l] << " channels\n";
      ++l;
    }
}

} // namespace

int listCommand(std::span<const std::string> argv, std::ostream& out) {
  const Parsed p = parse(argv, {{}, {{"--params"}}});
  if (p.args.has("--params")) {
    listParameters(nn::netByName(p.args.value("--params")), out);
    return kOk;
  }
  char line[128];
  std::snprintf(line, sizeof line, "%-18s %12s  %-10s %s\n", "NET", "PARAMETERS", "INPUT",
                "CLASSES");
  out << line;
  std::string recipes;
  for (const nn::NetSpec& spec : nn::zoo()) {
    std::string input = nn::inputText(spec.input);
    std::snprintf(line, sizeof line, "%-18s %12lld  %-10s %lld\n", nn::cliName(spec).c_str(),
                  static_cast<long long>(nn::parameterCount(spec)), input.c_str(),
                  static_cast<long long>(spec.numClasses));
    out << line;
    if (spec.recipe.empty()) continue;
    recipes += "  " + nn::cliName(spec) + ":";
    for (const nn::Setting& s : spec.recipe) recipes += " --" + s.key + " " + s.value;
    recipes += "\n";
  }
  out << "\nRecipes: every net trains with `hlotrain train`'s defaults (hlotrain train --help)\n"
         "except where its recipe says otherwise; flags and config files override both.\n"
      << recipes;
  return kOk;
}

} // namespace hlotrain::cli

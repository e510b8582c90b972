#pragma once
// Every setting of a training run, one row each (issue 34's "one config schema"): its flag (the
// config-file key and the key in a checkpoint's stored config are the flag without --), its type,
// what a resume does with it, its help, how its text becomes a TrainConfig field and back. The
// CLI's flags and --help, config files, --save-config, a checkpoint's stored config, the resume
// rules and a net's recipe (nn::NetSpec::recipe) all go through these rows; TrainConfig's defaults
// (its own members' initialisers, and program::ProgramOptions's for the graphs' settings) are
// the defaults they show.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "nn/NetSpec.h"
#include "train/TrainConfig.h"

namespace hlotrain::train {

// What a setting's value is; a number also takes an integer. An optional number is off unless
// given, and the value "off" turns it off: how a run says no to a net's recipe, and how
// --save-config and a checkpoint write it.
enum class SettingType { integer, number, optionalNumber, string, boolean };

constexpr std::string_view kOff = "off";

// How `--resume` treats a setting its checkpoint stores:
//   fixed      the run's own: taken from the checkpoint, and a flag that contradicts it refused
//   mayChange  taken from the checkpoint unless given (how often to log, evaluate and save,
//              where the data is now, whether to skip non-finite steps)
//   perRun     this invocation's only, never taken from the checkpoint (--max-steps)
//   locates    finds the checkpoint (--artifacts, --tag): given or defaulted, never stored
enum class OnResume { fixed, mayChange, perRun, locates };

// Which of a run's graphs a setting changes, all others staying byte for byte the same: `hlotrain
// emit` takes exactly the settings that change one, `hlotrain eval` those that change the eval
// forward (and a checkpoint's settings for reading the outputs).
enum class GraphsChanged { noGraph, trainStep, allGraphs };

using Shown = std::optional<std::string>;

// One row per TrainConfig field. A boolean row's flag sets it true and its negation (--no-cosine)
// false; its apply gets the text "true" or "false". `storedBefore`: the value a run had whose
// checkpoint stores a config without this key (it was written before the key existed).
struct SettingRow {
  std::string_view name; // the flag, "--lr"
  SettingType type;
  OnResume onResume;
  GraphsChanged graphs;
  std::string_view metavar; // what the flag takes, as --help shows it: "X", "adam|sgd"
  // What the setting does, as --help shows it; the help adds "(default V)", V the TrainConfig
  // default as the flag takes it (--cosine, on or off for a boolean), unless the text says its
  // default itself (one that depends on the net or the loss).
  std::string_view help;
  // Sets the field from its text as the flag takes it; ConfigError naming `flag` for text that
  // is not a value of the type (ranges are validate()'s).
  void (*apply)(TrainConfig& config, std::string_view flag, const std::string& text);
  // The field's value as its flag would take it; nullopt where the setting is off.
  Shown (*show)(const TrainConfig& config);
  std::string_view negation = {};
  std::string_view storedBefore = {};

  std::string_view key() const { return name.substr(2); }
};

// Every row, in the order a saved config lists them. `--out` is emit's spelling of --artifacts:
// a row of its own, never saved or stored.
std::span<const SettingRow> settingRows();
// The row of a flag ("--lr"); nullptr for none.
const SettingRow* settingRow(std::string_view flag);

// The row's default as --help shows it: "(default 0.001)", "(default --cosine)"; empty where
// the help text states its own.
std::string defaultNote(const SettingRow& row);

// The whole text as an integer, or a ConfigError naming the flag (trailing characters, overflow).
int64_t parseInteger(std::string_view flag, const std::string& text);

// The net's recipe over `config`: each setting applied through its row. Throws std::logic_error
// for a recipe naming no row (a zoo test applies every recipe).
void applyRecipe(const nn::NetSpec& spec, TrainConfig& config);
// TrainConfig's defaults with the loss the net's head takes (program::defaultLossKind) and the
// net's recipe over them: what `hlotrain train --net` starts from, for a C++ run of a zoo net.
TrainConfig recipeConfig(const nn::NetSpec& spec);

} // namespace hlotrain::train

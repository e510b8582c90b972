#pragma once
// The training subcommands: `train`, `eval`, `emit` and `list`. Each flag maps onto one field of
// train::TrainConfig, so the command line and the C++ API describe a run the same way.

#include <optional>
#include <ostream>
#include <span>
#include <string>

#include "cli/Args.h"
#include "data/Dataset.h"
#include "nn/NetSpec.h"
#include "train/TrainConfig.h"

namespace hlotrain::cli {

data::DatasetSpec datasetFlag(const ParsedArgs& args); // --dataset, --context, --input-size

// The flags that shape a language model besides --context (nn::LmShape and its vocabulary), and
// the largest value a size takes.
inline constexpr FlagSpec kLmSizeFlags[] = {{"--vocab"},       {"--width"},
                                            {"--heads"},       {"--layers"},
                                            {"--mlp"},         {"--tie-embeddings", false},
                                            {"--rope", false}, {"--attention-block"}};
inline constexpr int64_t kMaxLmSize = 1 << 20;

// The net of --net (required), built for the dataset's inputs when it takes any input of its
// kind, a language model sized by kLmSizeFlags and --context; UsageError naming the flag for an
// unknown name, a size flag given to a net that reads images, or a bad size.
nn::NetSpec netFlag(const ParsedArgs& args,
                    const std::optional<data::DatasetSpec>& dataset = std::nullopt);

// The language model `name` as the run that wrote `checkpoint` built it (the sizes its config
// stores; none: the zoo's), for `vocabulary` ids when its config names none.
nn::NetSpec trainedNet(std::string_view name, const std::string& checkpoint, int64_t vocabulary);

// Applies the TrainConfig row `name` (say "--precision") to `config` when `args` gives it: the
// commands outside the training ones (bench, diff) parse such a flag as train does.
void applyConfigFlag(const ParsedArgs& args, std::string_view name, train::TrainConfig& config);

int trainCommand(std::span<const std::string> args, std::ostream& out);
int evalCommand(std::span<const std::string> args, std::ostream& out);
int emitCommand(std::span<const std::string> args, std::ostream& out);
int listCommand(std::span<const std::string> args, std::ostream& out);

// The commands' --help; the settings' lines come from their rows (train/Settings.h).
std::string trainUsage();
std::string evalUsage();
std::string emitUsage();
extern const char* const kListUsage;

} // namespace hlotrain::cli

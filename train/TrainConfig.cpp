#include "train/TrainConfig.h"

#include <cmath>

#include "support/Error.h"
#include "support/Format.h"

namespace hlotrain::train {

namespace {

void require(bool ok, const std::string& field, const std::string& expected,
             const std::string& found) {
  if (!ok) throw ConfigError("--" + field + " must be " + expected + ", got " + found);
}

void requireBatch(const TrainConfig& c) {
  require(c.batch >= 1, "batch", "at least 1", std::to_string(c.batch));
}

// The run's own fields (the schedule, the loop's cadence, where the artifacts go); the graph's
// are program::validateOptions's, `numClasses` their class count where the net is known.
void validateRun(const TrainConfig& c, std::optional<int64_t> numClasses) {
  require(std::isfinite(c.learningRate) && c.learningRate > 0, "lr", "a finite value > 0",
          formatNumber(c.learningRate));
  requireBatch(c);
  require(c.epochs >= 1, "epochs", "at least 1", std::to_string(c.epochs));
  require(c.warmupEpochs >= 0 && c.warmupEpochs <= c.epochs, "warmup-epochs",
          "in [0, epochs] = [0, " + std::to_string(c.epochs) + "]", std::to_string(c.warmupEpochs));
  // With --warmup-steps the warmup is counted in steps (LrSchedule), and warmupEpochs unused.
  require(!c.cosine || c.warmupSteps > 0 || c.warmupEpochs < c.epochs, "warmup-epochs",
          "less than epochs (" + std::to_string(c.epochs) + ") with the cosine schedule",
          std::to_string(c.warmupEpochs));
  require(c.warmupSteps >= 0, "warmup-steps", "at least 0", std::to_string(c.warmupSteps));
  require(std::isfinite(c.lrFloor) && c.lrFloor >= 0 && c.lrFloor < 1, "lr-floor", "in [0, 1)",
          formatNumber(c.lrFloor));
  program::validateOptions(c, numClasses);
  require(c.evalEvery >= 0, "eval-every", "at least 0", std::to_string(c.evalEvery));
  require(c.checkpointEvery >= 0, "checkpoint-every", "at least 0",
          std::to_string(c.checkpointEvery));
  require(c.checkpointEverySteps >= 0, "checkpoint-every-steps", "at least 0",
          std::to_string(c.checkpointEverySteps));
  require(c.logEvery >= 0, "log-every", "at least 0", std::to_string(c.logEvery));
  require(c.maxSteps >= 0, "max-steps", "at least 0", std::to_string(c.maxSteps));
  require(!c.artifactsDir.empty(), "artifacts", "a directory", "an empty path");
}

} // namespace

void validate(const TrainConfig& c, const nn::NetSpec& spec) {
  requireBatch(c);
  program::validateHead(spec, c.loss.kind, c.batch);
  validateRun(c, spec.numClasses);
  program::validateForNet(spec, c);
}

void validate(const TrainConfig& c) {
  validateRun(c, std::nullopt);
}

nn::NetSpec taggedSpec(const nn::NetSpec& spec, const TrainConfig& config) {
  if (config.buildTag.empty()) return spec;
  return spec.withBuildTag(spec.buildTag.empty() ? config.buildTag
                                                 : spec.buildTag + "_" + config.buildTag);
}

std::string artifactPrefix(const nn::NetSpec& spec, const TrainConfig& config) {
  return program::buildPrefix(taggedSpec(spec, config), config.artifactsDir);
}

std::string optimizerName(program::Optimizer optimizer) {
  return optimizer == program::Optimizer::adam ? "adam" : "sgd";
}

} // namespace hlotrain::train

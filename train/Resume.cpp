#include "train/Resume.h"

#include <filesystem>

#include "support/Error.h"
#include "train/TorchImport.h"

namespace hlotrain::train {

namespace {

// A resumed run must cut the data exactly as the run that wrote the checkpoint did.
void checkResumable(const TrainState& state, const TrainConfig& c, const std::string& path,
                    int64_t stepsPerEpoch) {
  auto mismatch = [&](const std::string& field, const std::string& config,
                      const std::string& saved) {
    throw ConfigError("--" + field + " is " + config + " but " + path + " was written with " +
                      saved + "; resume with the same setting");
  };
  if (state.optimizer != c.optimizer)
    mismatch("optimizer", optimizerName(c.optimizer), optimizerName(state.optimizer));
  const DataPosition& p = state.position;
  if (p.batch != c.batch) mismatch("batch", std::to_string(c.batch), std::to_string(p.batch));
  if (p.seed != c.seed) mismatch("seed", std::to_string(c.seed), std::to_string(p.seed));
  if (p.shuffle != c.shuffle)
    mismatch("shuffle", c.shuffle ? "on" : "off", p.shuffle ? "on" : "off");
  if (p.batchIndex >= stepsPerEpoch)
    throw ConfigError(path + ": its next step is batch " + std::to_string(p.batchIndex + 1) +
                      " of an epoch, but this dataset gives " + std::to_string(stepsPerEpoch) +
                      " batches per epoch (was it written for other data?)");
}

// --init-from: a state_dict archive whole (TorchImport.h), or the leading parameters of a
// checkpoint that match, or a ConfigError when none does.
void initFrom(const RunPlan& plan, const std::string& path, TrainState& state,
              std::ostream& chatter) {
  if (isStateDictArchive(path)) {
    TrainState imported = importStateDict(path, plan.spec);
    state.params = std::move(imported.params);
    state.bnMean = std::move(imported.bnMean);
    state.bnVar = std::move(imported.bnVar);
    chatter << "initialised all " << state.params.size() << " parameters and "
            << state.bnMean.size() << " BatchNorm layers from the state_dict " << path << "\n";
    return;
  }
  const InitReport r = initFromCheckpoint(path, plan.spec, state);
  const std::string mismatch =
      r.firstMismatch.empty() ? "" : "; the first that does not match: " + r.firstMismatch;
  if (r.parameters == 0)
    throw ConfigError("--init-from " + path + ": no leading parameter matches " + plan.spec.name +
                      mismatch);
  chatter << "initialised the first " << r.parameters << " of " << state.params.size()
          << " parameters and " << r.bnLayers << " BatchNorm layers from " << path << mismatch
          << "; the rest keep He init\n";
}

} // namespace

Start startOrResume(const RunPlan& plan, bool resume, const std::string& initFromPath,
                    int64_t stepsPerEpoch, std::ostream& chatter) {
  const std::string path = plan.files.checkpoint();
  std::error_code ec;
  if (resume && std::filesystem::exists(path, ec)) {
    Start start{loadCheckpoint(path, plan.spec), std::nullopt};
    const DataPosition& p = start.state.position;
    checkResumable(start.state, plan.config, path, stepsPerEpoch);
    start.resumedStep = p.step;
    chatter << "resuming from " << path << " at step " << p.step << " (epoch " << p.epoch + 1
            << ", batch " << p.batchIndex << ")\n";
    return start;
  }
  if (resume) chatter << "no checkpoint at " << path << " yet: starting a fresh run\n";
  Start start{initialState(plan.spec, plan.config.optimizer, plan.config.init), std::nullopt};
  if (!initFromPath.empty()) initFrom(plan, initFromPath, start.state, chatter);
  DataPosition& p = start.state.position;
  p.seed = plan.config.seed;
  p.shuffle = plan.config.shuffle;
  p.batch = plan.config.batch;
  return start;
}

} // namespace hlotrain::train

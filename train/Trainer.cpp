#include "train/Trainer.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <numeric>

#include "data/Prefetch.h"
#include "data/Random.h"
#include "lower/Lowerer.h"
#include "metrics/Classification.h"
#include "mlir/Printer.h"
#include "program/Program.h"
#include "support/Error.h"
#include "train/AtomicFile.h"
#include "train/Schedule.h"

namespace hlotrain::train {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void writeGraph(const ir::Module& module, const std::string& prefix, std::string_view suffix) {
  writeFileAtomically(lower::mlirPath(prefix, suffix), mlir::print(module));
}

void createArtifactsDir(const std::string& prefix) {
  std::filesystem::path dir = std::filesystem::path(prefix).parent_path();
  std::error_code ec;
  if (!dir.empty()) std::filesystem::create_directories(dir, ec);
  if (ec)
    throw RuntimeError(dir.string() + ": cannot create the artifacts directory (" + ec.message() +
                       ")");
}

// Every split a run cuts batches from needs records.
void requireRecords(const data::Dataset& set, const std::string& dir, const char* split) {
  if (set.size() == 0)
    throw ConfigError(dir + ": the " + std::string(split) + " split has no records");
}

// Whether every element of an f32 tensor is finite: an all-ones exponent is an infinity or a
// NaN. The largest exponent field is a vectorised max, so the check costs little beside a step
// (a scalar loop took 2% of MNIST-CNN's training time).
bool allFinite(const ir::Tensor& t) {
  constexpr uint32_t kExponent = 0x7f800000u;
  const float* data = t.data<float>();
  const int64_t n = t.numElements();
  uint32_t largest = 0;
#pragma omp simd reduction(max : largest)
  for (int64_t i = 0; i < n; ++i)
    largest = std::max(largest, std::bit_cast<uint32_t>(data[i]) & kExponent);
  return largest != kExponent;
}

std::string describeNonFinite(float v) {
  return std::isnan(v) ? "NaN" : v > 0 ? "+inf" : "-inf";
}

ir::Tensor inputTensor(const nn::NetSpec& spec, int64_t batch) {
  return ir::Tensor(ir::TensorType{
      ir::ElementType::f32, {batch, spec.input.channels, spec.input.height, spec.input.width}});
}

// The net and the dataset must agree on what a record is before any graph is built.
void checkDatasetFits(const nn::NetSpec& spec, data::DatasetKind kind) {
  const data::DatasetIO& io = data::datasetIO(kind);
  data::InputShape in = io.inputShape();
  const nn::InputGeometry& g = spec.input;
  std::string name(data::datasetKindName(kind));
  if (in.channels != g.channels || in.height != g.height || in.width != g.width)
    throw ConfigError(spec.name + " takes " + std::to_string(g.channels) + "x" +
                      std::to_string(g.height) + "x" + std::to_string(g.width) +
                      " inputs but dataset " + name + " gives " + std::to_string(in.channels) +
                      "x" + std::to_string(in.height) + "x" + std::to_string(in.width));
  if (io.numClasses() != spec.numClasses)
    throw ConfigError(spec.name + " has " + std::to_string(spec.numClasses) +
                      " classes but dataset " + name + " has " + std::to_string(io.numClasses()));
}

// Runs the eval-forward graph over every record of a split: the tail batch is padded with its
// last record and the padded rows are dropped before anyone sees them. Batch k+1 is assembled
// while k runs.
class Evaluator {
public:
  Evaluator(const nn::NetSpec& spec, lower::Lowerer& lowerer, const std::string& prefix,
            const data::Dataset& dataset, data::DatasetKind kind, int64_t batch)
      : spec_(spec), session_(lowerer.load(prefix, "fwd_eval")), dataset_(dataset),
        batches_(data::datasetIO(kind), dataset, batch), batch_(batch) {}

  // With `logits`, also every record's logits in record order ([records, numClasses]).
  EvalRecord run(const TrainState& state, ir::Tensor* logits = nullptr) {
    Clock::time_point start = Clock::now();
    const int64_t classes = spec_.numClasses;
    if (logits)
      *logits = ir::Tensor(ir::TensorType{ir::ElementType::f32, {dataset_.size(), classes}});
    float* next = logits ? logits->data<float>() : nullptr;
    metrics::Accuracy accuracy;
    forEachBatch(
        state, [&](std::span<const float> rows, std::span<const int32_t> labels, int64_t realRows) {
          accuracy.add(rows, classes, labels, realRows);
          if (next) next = std::copy_n(rows.begin(), realRows * classes, next);
        });
    EvalRecord r;
    r.epoch = state.position.epoch;
    r.step = state.position.step;
    r.accuracy = accuracy.value();
    r.correct = accuracy.correct();
    r.total = accuracy.total();
    r.seconds = secondsSince(start);
    return r;
  }

private:
  // Calls visit(logits, labels, realRows) per batch, in record order; logits are the graph's
  // output rows ([batch, ...] row-major), of which the first realRows are real records.
  template <class Visit> void forEachBatch(const TrainState& state, Visit&& visit) {
    std::vector<ir::Tensor> inputs = state.params;
    inputs.insert(inputs.end(), state.bnMean.begin(), state.bnMean.end());
    inputs.insert(inputs.end(), state.bnVar.begin(), state.bnVar.end());
    inputs.push_back(inputTensor(spec_, batch_));
    ir::Tensor& x = inputs.back();
    std::vector<metrics::EvalBatch> plan = metrics::evalBatches(dataset_.size(), batch_);
    std::vector<int64_t> order;
    for (const metrics::EvalBatch& b : plan)
      order.insert(order.end(), b.records.begin(), b.records.end());
    batches_.start(std::move(order));
    while (std::optional<data::BatchPrefetcher::Batch> b = batches_.next()) {
      std::copy(b->x.begin(), b->x.end(), x.data<float>());
      std::vector<ir::Tensor> out = session_->run(inputs);
      if (out.size() != 1 || out[0].shape() != ir::Shape{batch_, spec_.numClasses})
        throw RuntimeError("the eval-forward graph returned unexpected results");
      visit(std::span<const float>(out[0].data<float>(), out[0].numElements()), b->y,
            plan[static_cast<size_t>(b->index)].realRows);
    }
  }

  const nn::NetSpec& spec_;
  std::unique_ptr<lower::Session> session_;
  const data::Dataset& dataset_;
  data::BatchPrefetcher batches_;
  int64_t batch_;
};

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

// What one epoch's pass did, for its metrics record.
struct EpochTotals {
  double lossSum = 0; // over the applied steps
  int64_t steps = 0;  // run, skipped ones included
  int64_t skipped = 0;
  float lr = 0; // of the last step
};

// The train step's argument list, kept across steps so results move back into it in place:
// (params..., opt_state..., x, y, lr, step). The parameters and optimizer state are donated to
// the step (held once, updated in their own storage) unless a skipped step must keep them.
struct StepInputs {
  std::vector<ir::Tensor> tensors;
  std::vector<bool> donated;
  size_t numParams = 0, numState = 0;

  StepInputs(TrainState& state, const nn::NetSpec& spec, int64_t batch, bool donate)
      : numParams(state.params.size()), numState(state.optState.size()) {
    for (ir::Tensor& t : state.params) tensors.push_back(std::move(t));
    for (ir::Tensor& t : state.optState) tensors.push_back(std::move(t));
    tensors.push_back(inputTensor(spec, batch));
    tensors.push_back(ir::Tensor(ir::TensorType{ir::ElementType::i32, {batch}}));
    tensors.push_back(ir::Tensor::scalar<float>(0.0f));
    tensors.push_back(ir::Tensor::scalar<float>(0.0f));
    donated.assign(tensors.size(), false);
    std::fill_n(donated.begin(), donate ? numParams + numState : 0, true);
  }
  ir::Tensor& x() { return tensors[numParams + numState]; }
  ir::Tensor& y() { return tensors[numParams + numState + 1]; }
  ir::Tensor& lr() { return tensors[numParams + numState + 2]; }
  ir::Tensor& step() { return tensors[numParams + numState + 3]; }

  // Copies the parameters and optimizer state out (for checkpoints and the result).
  void exportTo(TrainState& state) const {
    state.params.assign(tensors.begin(), tensors.begin() + numParams);
    state.optState.assign(tensors.begin() + numParams, tensors.begin() + numParams + numState);
  }
};

class Trainer {
public:
  Trainer(const nn::NetSpec& spec, const TrainConfig& config, data::DatasetKind kind,
          const std::string& dataDir, std::ostream& log, const RunMode& mode)
      : spec_(taggedSpec(spec, config)), config_(config), kind_(kind), mode_(mode), out_(log) {
    validate(config_);
    options_ = programOptions(config_);
    program::validate(spec_, options_);
    checkDatasetFits(spec_, kind_);
    prefix_ = program::buildPrefix(spec_, config_.artifactsDir);
    trainSet_ = data::loadDataset(kind_, dataDir, data::Split::train);
    testSet_ = data::loadDataset(kind_, dataDir, data::Split::test);
    requireRecords(*testSet_, dataDir, "test");
    stepsPerEpoch_ = trainSet_->size() / config_.batch;
    if (stepsPerEpoch_ == 0)
      throw ConfigError("--batch must be at most the " + std::to_string(trainSet_->size()) +
                        " training records, got " + std::to_string(config_.batch));
    // The schedule counts global steps in an int64_t.
    const int64_t maxEpochs = std::numeric_limits<int64_t>::max() / stepsPerEpoch_;
    if (config_.epochs > maxEpochs)
      throw ConfigError("--epochs must be at most " + std::to_string(maxEpochs) + " with " +
                        std::to_string(stepsPerEpoch_) + " steps per epoch, got " +
                        std::to_string(config_.epochs));
    schedule_ = {config_.learningRate, config_.cosine, config_.warmupEpochs, config_.epochs,
                 stepsPerEpoch_};
    for (const nn::ParamInfo& p : nn::parameters(spec_)) paramNames_.push_back(p.name);
  }

  TrainResult run() {
    TrainResult result;
    result.prefix = prefix_;
    std::unique_ptr<lower::Lowerer> ownLowerer;
    lower::Lowerer* lowerer = mode_.lowerer;
    if (!lowerer) {
      ownLowerer = lower::lowererFromEnvironment();
      lowerer = ownLowerer.get();
    }
    TrainState state = startState();
    createArtifactsDir(prefix_);
    removeStaleTemporaries(std::filesystem::path(prefix_).parent_path());
    if (!mode_.initDump.empty()) writeRawParams(mode_.initDump, state.params);

    Clock::time_point compileStart = Clock::now();
    emitGraphs(spec_, options_, prefix_);
    std::unique_ptr<lower::Session> step = lowerer->load(prefix_, "train_step");
    Evaluator evaluator(spec_, *lowerer, prefix_, *testSet_, kind_, config_.batch);
    printHeader(*lowerer, secondsSince(compileStart));

    MetricsLog log(out_, prefix_ + "_metrics.jsonl", lastCheckpointStep_);
    if (finished(state.position))
      out_ << "nothing left to run: " << checkpointPath(prefix_) << " is at step "
           << state.position.step << ", the end of this run" << std::endl;
    loop(state, *step, evaluator, log, result);
    result.state = std::move(state);
    if (!result.evals.empty()) result.finalAccuracy = result.evals.back().accuracy;
    return result;
  }

private:
  // The resumed checkpoint's state, or a fresh one (also for a resume before any checkpoint).
  TrainState startState() {
    std::string path = checkpointPath(prefix_);
    std::error_code ec;
    if (mode_.resume && std::filesystem::exists(path, ec)) {
      TrainState state = loadCheckpoint(path, spec_);
      checkResumable(state, config_, path, stepsPerEpoch_);
      lastCheckpointStep_ = state.position.step;
      out_ << "resuming from " << path << " at step " << state.position.step << " (epoch "
           << state.position.epoch + 1 << ", batch " << state.position.batchIndex << ")\n";
      return state;
    }
    if (mode_.resume) out_ << "no checkpoint at " << path << " yet: starting a fresh run\n";
    TrainState state = initialState(spec_, config_.optimizer);
    state.position.seed = config_.seed;
    state.position.shuffle = config_.shuffle;
    state.position.batch = config_.batch;
    return state;
  }

  void printHeader(const lower::Lowerer& lowerer, double compileSeconds) {
    out_ << "training " << spec_.name << " (" << nn::parameterCount(spec_) << " parameters) on "
         << data::datasetKindName(kind_) << ": " << trainSet_->size() << " train / "
         << testSet_->size() << " test records, batch " << config_.batch << ", " << stepsPerEpoch_
         << " steps/epoch, " << config_.epochs << " epochs, " << optimizerName(config_.optimizer)
         << " lr " << jsonNumber(config_.learningRate)
         << (config_.cosine
                 ? ", cosine after " + std::to_string(config_.warmupEpochs) + " warmup epoch(s)"
                 : ", constant")
         << "\nlowerer " << lowerer.name() << ", artifacts " << prefix_ << "_* (graphs ready in "
         << formatFixed(compileSeconds, 1) << " s)" << std::endl;
  }

  std::vector<int64_t> epochOrder(int64_t epoch) const {
    if (config_.shuffle)
      return data::shuffleOrder(trainSet_->size(), data::epochShuffleSeed(config_.seed, epoch));
    std::vector<int64_t> order(static_cast<size_t>(trainSet_->size()));
    std::iota(order.begin(), order.end(), int64_t{0});
    return order;
  }

  bool stepLimitReached(int64_t step) const {
    return config_.maxSteps > 0 && step >= config_.maxSteps;
  }
  bool finished(const DataPosition& pos) const {
    return pos.epoch >= config_.epochs || stepLimitReached(pos.step);
  }

  static bool every(int64_t n, int64_t epoch) { return n > 0 && (epoch + 1) % n == 0; }
  bool stepCheckpointDue(int64_t step) const {
    return config_.checkpointEverySteps > 0 && step % config_.checkpointEverySteps == 0;
  }

  void loop(TrainState& state, lower::Session& session, Evaluator& evaluator, MetricsLog& log,
            TrainResult& result) {
    DataPosition& pos = state.position;
    StepInputs in(state, spec_, config_.batch, !config_.skipNonFinite);
    data::BatchPrefetcher batches(data::datasetIO(kind_), *trainSet_, config_.batch);
    while (!finished(pos)) {
      const int64_t epoch = pos.epoch;
      // Each batch is augmented at its own (epoch, index), so a pass resumed inside the epoch
      // sees the very batches the uninterrupted pass would.
      batches.start(epochOrder(epoch), pos.batchIndex,
                    config_.augment ? std::optional<int64_t>(epoch) : std::nullopt);
      Clock::time_point start = Clock::now();
      EpochTotals totals;
      while (!stepLimitReached(pos.step)) {
        std::optional<data::BatchPrefetcher::Batch> b = batches.next();
        if (!b) break;
        std::copy(b->x.begin(), b->x.end(), in.x().data<float>());
        std::copy(b->y.begin(), b->y.end(), in.y().data<int32_t>());
        step(state, in, session, totals, result);
        pos.batchIndex = b->index + 1;
        // A checkpoint due at the pass's last step is written after its evaluation, below.
        const bool passGoesOn = pos.batchIndex < stepsPerEpoch_ && !stepLimitReached(pos.step);
        if (passGoesOn && stepCheckpointDue(pos.step)) {
          in.exportTo(state);
          save(state, log);
        }
      }
      const bool epochDone = pos.batchIndex == stepsPerEpoch_;
      if (epochDone) {
        ++pos.epoch;
        pos.batchIndex = 0;
      }
      const double seconds = secondsSince(start);
      const int64_t applied = totals.steps - totals.skipped;
      result.epochLosses.push_back(applied > 0 ? totals.lossSum / static_cast<double>(applied)
                                               : std::numeric_limits<double>::quiet_NaN());
      log.epoch({epoch + 1, pos.step, totals.steps, totals.skipped, result.epochLosses.back(),
                 totals.lr, seconds, static_cast<double>(totals.steps * config_.batch) / seconds},
                config_.epochs);
      const bool last = finished(pos);
      in.exportTo(state);
      if (last || (epochDone && every(config_.evalEvery, epoch))) {
        EvalRecord r = evaluator.run(state);
        r.epoch = epoch + 1;
        log.eval(r);
        result.evals.push_back(r);
      }
      if (last || (epochDone && every(config_.checkpointEvery, epoch)) ||
          stepCheckpointDue(pos.step))
        save(state, log);
    }
    in.exportTo(state);
  }

  // Runs global step pos.step + 1 on the batch in `in`, and applies its results when every one is
  // finite.
  void step(TrainState& state, StepInputs& in, lower::Session& session, EpochTotals& totals,
            TrainResult& result) {
    DataPosition& pos = state.position;
    const size_t numBn = state.bnMean.size();
    const int64_t t = pos.step + 1;
    const float lr = schedule_.at(t);
    in.lr().set<float>(0, lr);
    in.step().set<float>(0, static_cast<float>(t));
    std::vector<ir::Tensor> out = session.runDonating(in.tensors, in.donated);
    const size_t carried = in.numParams + in.numState;
    if (out.size() != carried + 1 + 2 * numBn)
      throw RuntimeError("the train step returned " + std::to_string(out.size()) +
                         " results, expected " + std::to_string(carried + 1 + 2 * numBn));
    const float loss = out[carried].get<float>(0);
    pos.step = t;
    ++totals.steps;
    totals.lr = lr;
    result.stepLosses.push_back(loss);
    if (std::optional<std::string> bad = nonFiniteResult(out, carried)) {
      std::string where = "step " + std::to_string(t) + " (epoch " + std::to_string(pos.epoch + 1) +
                          "/" + std::to_string(config_.epochs) + ", batch " +
                          std::to_string(pos.batchIndex + 1) + "/" +
                          std::to_string(stepsPerEpoch_) + "): " + *bad;
      if (!config_.skipNonFinite)
        throw RuntimeError(where + "; the run stopped without saving this state. " +
                           lastGoodCheckpoint() +
                           " (try a lower --lr, or --skip-nonfinite to skip such steps)");
      ++totals.skipped;
      ++result.skippedSteps;
      out_ << where << "; step skipped (--skip-nonfinite)" << std::endl;
      return;
    }
    for (size_t i = 0; i < carried; ++i) in.tensors[i] = std::move(out[i]);
    const float m = bnMomentum(t);
    for (size_t l = 0; l < numBn; ++l) {
      const ir::Tensor& mean = out[carried + 1 + l];
      const ir::Tensor& var = out[carried + 1 + numBn + l];
      emaUpdate(std::span(state.bnMean[l].data<float>(), state.bnMean[l].numElements()),
                std::span(mean.data<float>(), mean.numElements()), m);
      emaUpdate(std::span(state.bnVar[l].data<float>(), state.bnVar[l].numElements()),
                std::span(var.data<float>(), var.numElements()), m);
    }
    totals.lossSum += loss;
    if (config_.logEvery > 0 && t % config_.logEvery == 0)
      out_ << "epoch " << pos.epoch + 1 << "/" << config_.epochs << " step " << pos.batchIndex + 1
           << "/" << stepsPerEpoch_ << " (global " << t << "): loss " << loss << ", lr " << lr
           << std::endl;
  }

  // What is not finite among a step's results (loss, updated parameters and optimizer state,
  // batch statistics), or nullopt.
  std::optional<std::string> nonFiniteResult(const std::vector<ir::Tensor>& out,
                                             size_t carried) const {
    const float loss = out[carried].get<float>(0);
    if (!std::isfinite(loss)) return "the loss is " + describeNonFinite(loss);
    const size_t numParams = paramNames_.size();
    for (size_t i = 0; i < out.size(); ++i) {
      if (i == carried || allFinite(out[i])) continue;
      if (i < numParams) return "the updated parameter " + paramNames_[i] + " is not finite";
      if (i < carried)
        return "the optimizer state of " + paramNames_[(i - numParams) % numParams] +
               " is not finite";
      return "the BatchNorm batch statistics are not finite";
    }
    return std::nullopt;
  }

  std::string lastGoodCheckpoint() const {
    if (!lastCheckpointStep_) return "No checkpoint was written yet";
    return "The last good checkpoint is " + checkpointPath(prefix_) + " (step " +
           std::to_string(*lastCheckpointStep_) + ")";
  }

  // The exports first and the checkpoint last: once the checkpoint says step S, the exports
  // hold step S too, whenever the process is killed.
  void save(const TrainState& state, MetricsLog& log) {
    std::string path = checkpointPath(prefix_);
    writeRawParams(paramsPath(prefix_), state.params);
    writeBnStats(bnStatsPath(prefix_), state);
    saveCheckpoint(path, state);
    lastCheckpointStep_ = state.position.step;
    log.out() << "checkpoint " << path << " (step " << state.position.step << ")" << std::endl;
  }

  nn::NetSpec spec_;
  TrainConfig config_;
  data::DatasetKind kind_;
  RunMode mode_;
  std::ostream& out_;
  program::ProgramOptions options_;
  std::string prefix_;
  std::optional<data::Dataset> trainSet_, testSet_;
  int64_t stepsPerEpoch_ = 0;
  LrSchedule schedule_;
  std::vector<std::string> paramNames_;       // in spec order, for messages
  std::optional<int64_t> lastCheckpointStep_; // of this run's checkpoint on disk
};

} // namespace

RunMode runModeFromEnvironment(RunMode mode) {
  const char* evalOnly = std::getenv("HLOTRAIN_EVAL_ONLY");
  if (evalOnly && std::string_view(evalOnly) == "1") mode.evalOnly = true;
  const char* dump = std::getenv("HLOTRAIN_INIT_DUMP");
  if (dump && *dump) mode.initDump = dump;
  return mode;
}

void emitGraphs(const nn::NetSpec& spec, const program::ProgramOptions& options,
                const std::string& prefix) {
  program::validate(spec, options);
  createArtifactsDir(prefix);
  writeGraph(*program::buildForward(spec, options.batch), prefix, "fwd");
  writeGraph(*program::buildEvalForward(spec, options.batch), prefix, "fwd_eval");
  writeGraph(*program::buildTrainStep(spec, options), prefix, "train_step");
}

TrainResult train(const nn::NetSpec& spec, const TrainConfig& config, data::DatasetKind dataset,
                  const std::string& dataDir, std::ostream& log, const RunMode& mode) {
  if (mode.evalOnly) {
    TrainResult result;
    result.prefix = artifactPrefix(spec, config);
    EvalRecord r = evaluate(spec, config, dataset, dataDir, log, mode.checkpoint);
    result.evals.push_back(r);
    result.finalAccuracy = r.accuracy;
    return result;
  }
  return Trainer(spec, config, dataset, dataDir, log, mode).run();
}

namespace {

// Evaluates a checkpoint (default `<prefix>_checkpoint.bin`) on every test record and logs it.
EvalRecord evaluateCheckpoint(const nn::NetSpec& spec, const TrainConfig& config,
                              data::DatasetKind dataset, const std::string& dataDir,
                              std::ostream& log, const std::string& checkpoint,
                              ir::Tensor* logits) {
  validate(config);
  nn::NetSpec tagged = taggedSpec(spec, config);
  checkDatasetFits(tagged, dataset);
  std::unique_ptr<lower::Lowerer> lowerer = lower::lowererFromEnvironment();
  std::string prefix = program::buildPrefix(tagged, config.artifactsDir);
  std::string path = checkpoint.empty() ? checkpointPath(prefix) : checkpoint;
  TrainState state = loadCheckpoint(path, tagged);
  data::Dataset testSet = data::loadDataset(dataset, dataDir, data::Split::test);
  requireRecords(testSet, dataDir, "test");
  const int64_t batch = std::min(config.batch, testSet.size());
  createArtifactsDir(prefix);
  writeGraph(*program::buildEvalForward(tagged, batch), prefix, "fwd_eval");
  Evaluator evaluator(tagged, *lowerer, prefix, testSet, dataset, batch);
  EvalRecord r = evaluator.run(state, logits);
  log << "evaluated " << path << " (step " << state.position.step << ") on " << testSet.size()
      << " test records: accuracy " << formatFixed(100 * r.accuracy, 2) << "% (" << r.correct << "/"
      << r.total << ") in " << formatFixed(r.seconds, 1) << " s" << std::endl;
  return r;
}

} // namespace

EvalRecord evaluate(const nn::NetSpec& spec, const TrainConfig& config, data::DatasetKind dataset,
                    const std::string& dataDir, std::ostream& log, const std::string& checkpoint) {
  return evaluateCheckpoint(spec, config, dataset, dataDir, log, checkpoint, nullptr);
}

EvalLogits evalLogits(const nn::NetSpec& spec, const TrainConfig& config, data::DatasetKind dataset,
                      const std::string& dataDir, std::ostream& log,
                      const std::string& checkpoint) {
  EvalLogits result;
  result.record =
      evaluateCheckpoint(spec, config, dataset, dataDir, log, checkpoint, &result.logits);
  return result;
}

} // namespace hlotrain::train

#include "train/Trainer.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <numeric>

#include "data/Batch.h"
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
// last record and the padded rows are not scored.
class Evaluator {
public:
  Evaluator(const nn::NetSpec& spec, lower::Lowerer& lowerer, const std::string& prefix,
            const data::Dataset& dataset, data::DatasetKind kind, int64_t batch)
      : spec_(spec), session_(lowerer.load(prefix, "fwd_eval")), dataset_(dataset),
        assembler_(data::datasetIO(kind), dataset), batch_(batch) {}

  EvalRecord run(const TrainState& state) {
    Clock::time_point start = Clock::now();
    std::vector<ir::Tensor> inputs = state.params;
    inputs.insert(inputs.end(), state.bnMean.begin(), state.bnMean.end());
    inputs.insert(inputs.end(), state.bnVar.begin(), state.bnVar.end());
    inputs.push_back(inputTensor(spec_, batch_));
    ir::Tensor& x = inputs.back();
    std::vector<int32_t> labels(static_cast<size_t>(batch_ * assembler_.labelElements()));
    metrics::Accuracy accuracy;
    for (const metrics::EvalBatch& b : metrics::evalBatches(dataset_.size(), batch_)) {
      assembler_.assemble(b.records, std::span(x.data<float>(), x.numElements()), labels);
      std::vector<ir::Tensor> out = session_->run(inputs);
      if (out.size() != 1 || out[0].shape() != ir::Shape{batch_, spec_.numClasses})
        throw RuntimeError("the eval-forward graph returned unexpected results");
      accuracy.add(std::span(out[0].data<float>(), out[0].numElements()), spec_.numClasses, labels,
                   b.realRows);
    }
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
  const nn::NetSpec& spec_;
  std::unique_ptr<lower::Session> session_;
  const data::Dataset& dataset_;
  data::BatchAssembler assembler_;
  int64_t batch_;
};

// A resumed run must cut the data exactly as the run that wrote the checkpoint did.
void checkResumable(const TrainState& state, const TrainConfig& c, const std::string& path) {
  auto mismatch = [&](const std::string& field, const std::string& config,
                      const std::string& saved) {
    throw ConfigError(field + " is " + config + " but " + path + " was written with " + saved +
                      "; resume with the same setting");
  };
  if (state.optimizer != c.optimizer)
    mismatch("optimizer", optimizerName(c.optimizer), optimizerName(state.optimizer));
  const DataPosition& p = state.position;
  if (p.batch != c.batch) mismatch("batch", std::to_string(c.batch), std::to_string(p.batch));
  if (p.seed != c.seed) mismatch("seed", std::to_string(c.seed), std::to_string(p.seed));
  if (p.shuffle != c.shuffle)
    mismatch("shuffle", c.shuffle ? "on" : "off", p.shuffle ? "on" : "off");
}

// The train step's argument list, kept across steps so results move back into it in place:
// (params..., opt_state..., x, y, lr, step).
struct StepInputs {
  std::vector<ir::Tensor> tensors;
  size_t numParams = 0, numState = 0;

  StepInputs(TrainState& state, const nn::NetSpec& spec, int64_t batch)
      : numParams(state.params.size()), numState(state.optState.size()) {
    for (ir::Tensor& t : state.params) tensors.push_back(std::move(t));
    for (ir::Tensor& t : state.optState) tensors.push_back(std::move(t));
    tensors.push_back(inputTensor(spec, batch));
    tensors.push_back(ir::Tensor(ir::TensorType{ir::ElementType::i32, {batch}}));
    tensors.push_back(ir::Tensor::scalar<float>(0.0f));
    tensors.push_back(ir::Tensor::scalar<float>(0.0f));
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
    stepsPerEpoch_ = trainSet_->size() / config_.batch;
    if (stepsPerEpoch_ == 0)
      throw ConfigError("batch must be at most the " + std::to_string(trainSet_->size()) +
                        " training records, got " + std::to_string(config_.batch));
    schedule_ = {config_.learningRate, config_.cosine, config_.warmupEpochs, config_.epochs,
                 stepsPerEpoch_};
  }

  TrainResult run() {
    TrainResult result;
    result.prefix = prefix_;
    std::string ckpt = checkpointPath(prefix_);
    std::unique_ptr<lower::Lowerer> lowerer = lower::lowererFromEnvironment();
    TrainState state;
    if (mode_.resume) {
      state = loadCheckpoint(ckpt, spec_);
      checkResumable(state, config_, ckpt);
      out_ << "resuming from " << ckpt << " at step " << state.position.step << " (epoch "
           << state.position.epoch + 1 << ", batch " << state.position.batchIndex << ")\n";
    } else {
      state = initialState(spec_, config_.optimizer);
      state.position.seed = config_.seed;
      state.position.shuffle = config_.shuffle;
      state.position.batch = config_.batch;
    }
    createArtifactsDir(prefix_);
    if (!mode_.initDump.empty()) writeRawParams(mode_.initDump, state.params);

    Clock::time_point compileStart = Clock::now();
    emitGraphs(spec_, options_, prefix_);
    std::unique_ptr<lower::Session> step = lowerer->load(prefix_, "train_step");
    Evaluator evaluator(spec_, *lowerer, prefix_, *testSet_, kind_, config_.batch);
    printHeader(*lowerer, secondsSince(compileStart));

    MetricsLog log(out_, prefix_ + "_metrics.jsonl", mode_.resume);
    loop(state, *step, evaluator, log, result);
    result.state = std::move(state);
    if (!result.evals.empty()) result.finalAccuracy = result.evals.back().accuracy;
    return result;
  }

private:
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

  static bool every(int64_t n, int64_t epoch) { return n > 0 && (epoch + 1) % n == 0; }

  void loop(TrainState& state, lower::Session& session, Evaluator& evaluator, MetricsLog& log,
            TrainResult& result) {
    const size_t numBn = state.bnMean.size();
    DataPosition& pos = state.position;
    StepInputs in(state, spec_, config_.batch);
    data::BatchAssembler assembler(data::datasetIO(kind_), *trainSet_);
    while (pos.epoch < config_.epochs && !stepLimitReached(pos.step)) {
      const int64_t epoch = pos.epoch;
      std::vector<int64_t> order = epochOrder(epoch);
      Clock::time_point start = Clock::now();
      double lossSum = 0;
      int64_t steps = 0;
      float lr = 0;
      for (; pos.batchIndex < stepsPerEpoch_ && !stepLimitReached(pos.step); ++pos.batchIndex) {
        std::span<const int64_t> records(order.data() + pos.batchIndex * config_.batch,
                                         static_cast<size_t>(config_.batch));
        std::optional<data::BatchPosition> augmentAt;
        if (config_.augment) augmentAt = data::BatchPosition{epoch, pos.batchIndex};
        assembler.assemble(records, std::span(in.x().data<float>(), in.x().numElements()),
                           std::span(in.y().data<int32_t>(), in.y().numElements()), augmentAt);
        const int64_t t = pos.step + 1;
        lr = schedule_.at(t);
        in.lr().set<float>(0, lr);
        in.step().set<float>(0, static_cast<float>(t));

        std::vector<ir::Tensor> out = session.run(in.tensors);
        const size_t carried = in.numParams + in.numState;
        if (out.size() != carried + 1 + 2 * numBn)
          throw RuntimeError("the train step returned " + std::to_string(out.size()) +
                             " results, expected " + std::to_string(carried + 1 + 2 * numBn));
        for (size_t i = 0; i < carried; ++i) in.tensors[i] = std::move(out[i]);
        const float loss = out[carried].get<float>(0);
        if (!std::isfinite(loss))
          throw RuntimeError("step " + std::to_string(t) + ": the loss is " + std::to_string(loss) +
                             " (training diverged; try a lower --lr)");
        const float m = bnMomentum(t);
        for (size_t l = 0; l < numBn; ++l) {
          const ir::Tensor& mean = out[carried + 1 + l];
          const ir::Tensor& var = out[carried + 1 + numBn + l];
          emaUpdate(std::span(state.bnMean[l].data<float>(), state.bnMean[l].numElements()),
                    std::span(mean.data<float>(), mean.numElements()), m);
          emaUpdate(std::span(state.bnVar[l].data<float>(), state.bnVar[l].numElements()),
                    std::span(var.data<float>(), var.numElements()), m);
        }
        pos.step = t;
        lossSum += loss;
        ++steps;
        result.stepLosses.push_back(loss);
        if (config_.logEvery > 0 && t % config_.logEvery == 0)
          out_ << "epoch " << epoch + 1 << "/" << config_.epochs << " step " << pos.batchIndex + 1
               << "/" << stepsPerEpoch_ << " (global " << t << "): loss " << loss << ", lr " << lr
               << std::endl;
      }
      if (steps == 0) break;
      const bool finished = pos.batchIndex == stepsPerEpoch_;
      if (finished) {
        ++pos.epoch;
        pos.batchIndex = 0;
      }
      const double seconds = secondsSince(start);
      result.epochLosses.push_back(lossSum / static_cast<double>(steps));
      log.epoch({epoch + 1, pos.step, steps, result.epochLosses.back(), lr, seconds,
                 static_cast<double>(steps * config_.batch) / seconds},
                config_.epochs);
      const bool last = stepLimitReached(pos.step) || pos.epoch == config_.epochs;
      in.exportTo(state);
      if (last || (finished && every(config_.evalEvery, epoch))) {
        EvalRecord r = evaluator.run(state);
        r.epoch = epoch + 1;
        log.eval(r);
        result.evals.push_back(r);
      }
      if (last || (finished && every(config_.checkpointEvery, epoch))) save(state, log);
    }
    in.exportTo(state);
  }

  void save(const TrainState& state, MetricsLog& log) {
    std::string path = checkpointPath(prefix_);
    saveCheckpoint(path, state);
    writeRawParams(paramsPath(prefix_), state.params);
    writeBnStats(bnStatsPath(prefix_), state);
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

EvalRecord evaluate(const nn::NetSpec& spec, const TrainConfig& config, data::DatasetKind dataset,
                    const std::string& dataDir, std::ostream& log, const std::string& checkpoint) {
  validate(config);
  nn::NetSpec tagged = taggedSpec(spec, config);
  checkDatasetFits(tagged, dataset);
  std::unique_ptr<lower::Lowerer> lowerer = lower::lowererFromEnvironment();
  std::string prefix = program::buildPrefix(tagged, config.artifactsDir);
  std::string path = checkpoint.empty() ? checkpointPath(prefix) : checkpoint;
  TrainState state = loadCheckpoint(path, tagged);
  data::Dataset testSet = data::loadDataset(dataset, dataDir, data::Split::test);
  createArtifactsDir(prefix);
  writeGraph(*program::buildEvalForward(tagged, config.batch), prefix, "fwd_eval");
  Evaluator evaluator(tagged, *lowerer, prefix, testSet, dataset, config.batch);
  EvalRecord r = evaluator.run(state);
  log << "evaluated " << path << " (step " << state.position.step << ") on " << testSet.size()
      << " test records: accuracy " << formatFixed(100 * r.accuracy, 2) << "% (" << r.correct << "/"
      << r.total << ") in " << formatFixed(r.seconds, 1) << " s" << std::endl;
  return r;
}

} // namespace hlotrain::train

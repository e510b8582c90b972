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
#include "ir/Npy.h"
#include "lower/Lowerer.h"
#include "lower/select/Select.h"
#include "metrics/Classification.h"
#include "mlir/Printer.h"
#include "program/Program.h"
#include "support/AtomicFile.h"
#include "support/Error.h"
#include "support/Format.h"
#include "support/Progress.h"
#include "support/RunFiles.h"
#include "support/Version.h"
#include "task/Task.h"
#include "train/Schedule.h"

namespace hlotrain::train {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void writeGraph(const ir::Module& module, const RunFiles& run, Graph graph) {
  writeFileAtomically(run.graph(graph), mlir::print(module));
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

std::string geometryText(int64_t c, int64_t h, int64_t w) {
  return std::to_string(c) + "x" + std::to_string(h) + "x" + std::to_string(w);
}

std::string typesText(const std::vector<ir::TensorType>& types) {
  std::string text;
  for (const ir::TensorType& t : types) text += (text.empty() ? "" : ", ") + ir::toString(t);
  return text;
}

// The net and the dataset must agree on what a record is before any graph is built: the input
// geometry and the classes.
void checkDatasetFits(const nn::NetSpec& spec, const data::DatasetIO& io) {
  data::InputShape in = io.inputShape();
  const nn::InputGeometry& g = spec.input;
  std::string name(data::datasetKindName(io.kind()));
  if (in.channels != g.channels || in.height != g.height || in.width != g.width)
    throw ConfigError(spec.name + " takes " + geometryText(g.channels, g.height, g.width) +
                      " inputs but dataset " + name + " gives " +
                      geometryText(in.channels, in.height, in.width));
  if (io.numClasses() != spec.numClasses)
    throw ConfigError(spec.name + " has " + std::to_string(spec.numClasses) +
                      " classes but dataset " + name + " has " + std::to_string(io.numClasses()));
}

// Training also needs a loss the dataset's task takes, and the labels the train step reads.
void checkTrainable(const nn::NetSpec& spec, const data::DatasetIO& io,
                    const program::ProgramOptions& options) {
  checkDatasetFits(spec, io);
  const task::Task& task = task::taskOf(io);
  task.checkLoss(options.loss, io);
  const program::TrainStepSignature sig = program::trainStepSignature(spec, options);
  const std::vector<ir::TensorType> graphLabels(
      sig.arguments.begin() + static_cast<std::ptrdiff_t>(sig.labels.begin),
      sig.arguments.begin() + static_cast<std::ptrdiff_t>(sig.labels.end()));
  const std::vector<ir::TensorType> dataLabels = task.labelTypes(io, options.batch);
  if (graphLabels != dataLabels)
    throw ConfigError(spec.name + "'s train step takes labels " + typesText(graphLabels) +
                      " but dataset " + std::string(data::datasetKindName(io.kind())) + " (" +
                      std::string(task.name()) + ") gives " + typesText(dataLabels));
}

// A buffer's tensor on the host: read in place where the lowerer keeps it there, else downloaded
// into `storage`.
const ir::Tensor& hostView(lower::Lowerer& lowerer, const lower::Buffer& buffer,
                           ir::Tensor& storage) {
  if (const ir::Tensor* t = buffer.hostTensor()) return *t;
  storage = lowerer.download(buffer);
  return storage;
}

// Runs the eval-forward graph over every record of a split: the tail batch is padded with its
// last record and the padded rows are dropped before anyone sees them. Batch k+1 is assembled
// while k runs.
class Evaluator {
public:
  Evaluator(const nn::NetSpec& spec, lower::Lowerer& lowerer, const std::string& prefix,
            const data::Dataset& dataset, const data::DatasetIO& io, int64_t batch,
            const program::LossOptions& loss)
      : signature_(program::evalSignature(spec, batch)), lowerer_(lowerer),
        session_(lowerer.load(RunFiles{prefix}, Graph::fwdEval)), prefix_(prefix),
        dataset_(dataset), io_(io), batches_(io, dataset, batch), batch_(batch), loss_(loss) {}

  double compileSeconds() const { return session_->compileSeconds(); }
  // Each batch redraws `line` (records done, throughput, time left); it is cleared at the end.
  void showProgressOn(ProgressLine& line) { progress_ = &line; }

  // The eval forward's output rows of one record ([classes] or [classes, H, W]).
  ir::Shape rowShape() const {
    const ir::Shape& logits = signature_.results[signature_.logits.begin].shape;
    return {logits.begin() + 1, logits.end()};
  }

  // `visit(rows, realRows)` sees every batch's real logits rows in record order. The parameters
  // are buffers of the lowerer (a training run's own, on the device); the BatchNorm running
  // statistics are the host's.
  template <class Visit>
  EvalRecord run(const TrainState& state, std::span<lower::Buffer* const> params, Visit&& visit) {
    Clock::time_point start = Clock::now();
    const task::Task& task = task::taskOf(io_);
    std::unique_ptr<task::Evaluation> evaluation = task.evaluation(io_, dataset_, loss_);
    std::unique_ptr<task::Gallery> gallery = task.gallery(io_, dataset_, loss_);
    forEachBatch(state, params,
                 [&](std::span<const float> inputs, std::span<const float> rows,
                     std::span<const int32_t> labels, std::span<const int64_t> records) {
                   evaluation->add(rows, labels, records);
                   gallery->add(inputs, rows, labels, records);
                   visit(rows, static_cast<int64_t>(records.size()));
                 });
    EvalRecord r;
    r.epoch = state.position.epoch;
    r.step = state.position.step;
    r.scores = evaluation->scores();
    r.seconds = secondsSince(start);
    samples_ = gallery->jsonFields();
    symptom_ = evaluation->symptom();
    return r;
  }

  // What the last run() showed of a run that learns nothing (task::Evaluation::symptom).
  const std::optional<task::Symptom>& symptom() const { return symptom_; }
  EvalRecord run(const TrainState& state, std::span<lower::Buffer* const> params) {
    return run(state, params, [](std::span<const float>, int64_t) {});
  }

  // `<prefix>_samples.json` of the last run(), as of `record` (its epoch as the log has it).
  void writeSamples(const EvalRecord& record) const {
    writeFileAtomically(RunFiles{prefix_}.samples(),
                        "{\"type\":\"samples\",\"epoch\":" + std::to_string(record.epoch) +
                            ",\"step\":" + std::to_string(record.step) + "," + samples_ + "}\n");
  }

private:
  // Calls visit(inputs, logits, labels, records) per batch, in record order; inputs and logits
  // are the graph's input and output rows ([batch, ...] row-major), of which the first
  // records.size() are real.
  template <class Visit>
  void forEachBatch(const TrainState& state, std::span<lower::Buffer* const> params,
                    Visit&& visit) {
    const program::EvalSignature& sig = signature_;
    if (params.size() != sig.params.count)
      throw RuntimeError("the eval forward takes " + std::to_string(sig.params.count) +
                         " parameters, got " + std::to_string(params.size()));
    std::vector<lower::Buffer*> arguments(sig.arguments.size());
    std::vector<std::unique_ptr<lower::Buffer>> statistics;
    for (size_t i = 0; i < sig.params.count; ++i) arguments[sig.params[i]] = params[i];
    for (size_t i = 0; i < sig.bnMean.count; ++i) {
      statistics.push_back(lowerer_.upload(state.bnMean[i]));
      arguments[sig.bnMean[i]] = statistics.back().get();
      statistics.push_back(lowerer_.upload(state.bnVar[i]));
      arguments[sig.bnVar[i]] = statistics.back().get();
    }
    ir::Tensor x(sig.arguments[sig.input.begin]);
    std::vector<metrics::EvalBatch> plan = metrics::evalBatches(dataset_.size(), batch_);
    std::vector<int64_t> order;
    for (const metrics::EvalBatch& b : plan)
      order.insert(order.end(), b.records.begin(), b.records.end());
    batches_.start(std::move(order));
    ir::Tensor downloaded;
    const Clock::time_point start = Clock::now();
    int64_t done = 0;
    while (std::optional<data::BatchPrefetcher::Batch> b = batches_.next()) {
      std::copy(b->x.begin(), b->x.end(), x.data<float>());
      std::unique_ptr<lower::Buffer> input = lowerer_.upload(x);
      arguments[sig.input.begin] = input.get();
      std::vector<std::unique_ptr<lower::Buffer>> out = session_->execute(arguments);
      if (out.size() != sig.results.size() || out[sig.logits.begin]->type() != sig.results[0])
        throw RuntimeError("the eval-forward graph returned unexpected results");
      const ir::Tensor& logits = hostView(lowerer_, *out[sig.logits.begin], downloaded);
      const metrics::EvalBatch& batch = plan[static_cast<size_t>(b->index)];
      visit(b->x, std::span<const float>(logits.data<float>(), logits.numElements()), b->y,
            std::span<const int64_t>(batch.records.data(), static_cast<size_t>(batch.realRows)));
      done += batch.realRows;
      if (progress_) {
        const double seconds = secondsSince(start);
        const double rate = static_cast<double>(done) / seconds;
        progress_->show("eval  " + std::to_string(done) + "/" + std::to_string(dataset_.size()) +
                        " records  " + formatFixed(rate, 1) + " img/s  " + formatDuration(seconds) +
                        ", ETA " +
                        formatDuration(static_cast<double>(dataset_.size() - done) / rate));
      }
    }
    if (progress_) progress_->clear();
  }

  program::EvalSignature signature_;
  lower::Lowerer& lowerer_;
  std::unique_ptr<lower::Session> session_;
  std::string prefix_;
  std::string samples_; // the last run's gallery (task::Gallery::jsonFields)
  std::optional<task::Symptom> symptom_;
  const data::Dataset& dataset_;
  const data::DatasetIO& io_;
  data::BatchPrefetcher batches_;
  int64_t batch_;
  program::LossOptions loss_; // the trained net's: how detection decodes its confidence
  ProgressLine* progress_ = nullptr;
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
  // An exponential moving average of the applied steps' losses (0.9 per step), bias-corrected,
  // for the progress line.
  double lossAverage = 0, lossWeight = 0;
  void addLoss(double loss) {
    lossSum += loss;
    lossAverage = 0.9 * lossAverage + 0.1 * loss;
    lossWeight = 0.9 * lossWeight + 0.1;
  }
  double smoothedLoss() const {
    return lossWeight > 0 ? lossAverage / lossWeight : std::numeric_limits<double>::quiet_NaN();
  }
};

// The train step's arguments, addressed through the signature. The parameters and optimizer
// state live in the lowerer across steps: uploaded once, each step's results are the next step's
// arguments (donated to it: held once, updated in their own storage, unless a skipped step must
// keep them). The batch, labels and the two scalars are host tensors, uploaded per step.
class StepInputs {
public:
  // Takes the parameters and optimizer state out of `state` (exportTo() puts them back).
  StepInputs(TrainState& state, const program::TrainStepSignature& signature,
             lower::Lowerer& lowerer, bool donate)
      : sig_(signature), lowerer_(lowerer), fed_(signature.arguments.size()), donate_(donate) {
    for (ir::Tensor& t : state.params) carried_.push_back(lowerer.upload(std::move(t)));
    for (ir::Tensor& t : state.optState) carried_.push_back(lowerer.upload(std::move(t)));
    for (program::Range fed : {sig_.input, sig_.labels, sig_.lr, sig_.step})
      for (size_t i = 0; i < fed.count; ++i) fed_[fed[i]] = ir::Tensor(sig_.arguments[fed[i]]);
  }
  ir::Tensor& x() { return fed_[sig_.input.begin]; }
  std::span<ir::Tensor> labels() {
    return std::span(fed_).subspan(sig_.labels.begin, sig_.labels.count);
  }
  ir::Tensor& lr() { return fed_[sig_.lr.begin]; }
  ir::Tensor& step() { return fed_[sig_.step.begin]; }

  std::vector<std::unique_ptr<lower::Buffer>> run(lower::Session& session) {
    std::vector<lower::Buffer*> arguments(sig_.arguments.size());
    for (size_t i = 0; i < carried_.size(); ++i) arguments[sig_.carried()[i]] = carried_[i].get();
    std::vector<std::unique_ptr<lower::Buffer>> uploaded;
    for (size_t i = 0; i < fed_.size(); ++i) {
      if (arguments[i]) continue;
      uploaded.push_back(lowerer_.upload(fed_[i]));
      arguments[i] = uploaded.back().get();
    }
    return session.execute(arguments, donate_);
  }
  // A step's results become the next step's parameters and optimizer state.
  void keep(std::vector<std::unique_ptr<lower::Buffer>>& results) {
    for (size_t i = 0; i < sig_.params.count; ++i)
      carried_[i] = std::move(results[sig_.newParams[i]]);
    for (size_t i = 0; i < sig_.optState.count; ++i)
      carried_[sig_.params.count + i] = std::move(results[sig_.newOptState[i]]);
  }
  // The parameters where the lowerer keeps them, for an evaluation that runs there too.
  std::vector<lower::Buffer*> params() const {
    std::vector<lower::Buffer*> p;
    for (size_t i = 0; i < sig_.params.count; ++i) p.push_back(carried_[i].get());
    return p;
  }
  // Copies the parameters and optimizer state to the host (for checkpoints and the result).
  void exportTo(TrainState& state) const {
    state.params.clear();
    state.optState.clear();
    for (size_t i = 0; i < carried_.size(); ++i)
      (i < sig_.params.count ? state.params : state.optState)
          .push_back(lowerer_.download(*carried_[i]));
  }

private:
  const program::TrainStepSignature& sig_;
  lower::Lowerer& lowerer_;
  std::vector<std::unique_ptr<lower::Buffer>> carried_; // in sig_.carried() order
  std::vector<ir::Tensor> fed_;                         // by argument position; the rest empty
  bool donate_;
};

// A step's results as the host reads them: the loss and the batch statistics on the host (read in
// place, or downloaded), the parameters and optimizer state only where the host has them already.
class StepResults {
public:
  StepResults(lower::Lowerer& lowerer, const program::TrainStepSignature& sig,
              const std::vector<std::unique_ptr<lower::Buffer>>& out)
      : sig_(sig), out_(out), downloaded_(out.size()) {
    for (program::Range r : {sig.loss, sig.bnBatchMean, sig.bnBatchVar})
      for (size_t i = 0; i < r.count; ++i)
        if (!out[r[i]]->hostTensor()) downloaded_[r[i]] = lowerer.download(*out[r[i]]);
  }
  float loss() const { return tensor(sig_.loss.begin)->get<float>(0); }
  const ir::Tensor& bnMean(size_t layer) const { return *tensor(sig_.bnBatchMean[layer]); }
  const ir::Tensor& bnVar(size_t layer) const { return *tensor(sig_.bnBatchVar[layer]); }
  // Result i on the host, or null where it stays in the lowerer.
  const ir::Tensor* tensor(size_t i) const {
    if (const ir::Tensor* t = out_[i]->hostTensor()) return t;
    return downloaded_[i].type() == out_[i]->type() ? &downloaded_[i] : nullptr;
  }

private:
  const program::TrainStepSignature& sig_;
  const std::vector<std::unique_ptr<lower::Buffer>>& out_;
  std::vector<ir::Tensor> downloaded_;
};

class Trainer {
public:
  Trainer(const nn::NetSpec& spec, const TrainConfig& config, const data::DatasetSpec& dataset,
          const std::string& dataDir, std::ostream& log, const RunMode& mode)
      : spec_(taggedSpec(spec, config)), config_(config), io_(data::datasetIO(dataset)),
        task_(task::taskOf(io_)), mode_(mode), out_(log) {
    validate(config_, spec_);
    options_ = programOptions(config_);
    program::validate(spec_, options_);
    checkTrainable(spec_, io_, options_);
    signature_ = program::trainStepSignature(spec_, options_);
    prefix_ = program::buildPrefix(spec_, config_.artifactsDir);
    trainSet_ = io_.load(dataDir, data::Split::train);
    testSet_ = io_.load(dataDir, data::Split::test);
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
    // Every graph is made ready before any is loaded: one that cannot be built stops the run
    // before its first step, never leaving a run that trains without evaluating.
    std::vector<std::string> notes;
    for (Graph graph : {Graph::trainStep, Graph::fwdEval})
      if (std::string note = lowerer->prepare(files(), graph); !note.empty())
        notes.push_back(std::string(graphName(graph)) + " " + note);
    std::unique_ptr<lower::Session> step = lowerer->load(files(), Graph::trainStep);
    Evaluator evaluator(spec_, *lowerer, prefix_, *testSet_, io_, config_.batch, options_.loss);
    evaluator.showProgressOn(progress_);
    notes.push_back("compiled train_step in " + formatFixed(step->compileSeconds(), 2) +
                    " s, fwd_eval in " + formatFixed(evaluator.compileSeconds(), 2) + " s");
    printHeader(*lowerer, secondsSince(compileStart), notes);

    MetricsLog log(out_, files().metrics(), lastCheckpointStep_);
    log.header(runHeader(*lowerer));
    bestScore_ = log.bestKeptEval(task_.headlineField());
    if (finished(state.position))
      chatter() << "nothing left to run: " << files().checkpoint() << " is at step "
                << state.position.step << ", the end of this run" << std::endl;
    loop(state, *lowerer, *step, evaluator, log, result);
    result.state = std::move(state);
    if (!result.evals.empty()) result.finalScore = task::headline(result.evals.back().scores);
    return result;
  }

private:
  // The resumed checkpoint's state, or a fresh one (also for a resume before any checkpoint).
  TrainState startState() {
    std::string path = files().checkpoint();
    std::error_code ec;
    if (mode_.resume && std::filesystem::exists(path, ec)) {
      TrainState state = loadCheckpoint(path, spec_);
      checkResumable(state, config_, path, stepsPerEpoch_);
      lastCheckpointStep_ = state.position.step;
      chatter() << "resuming from " << path << " at step " << state.position.step << " (epoch "
                << state.position.epoch + 1 << ", batch " << state.position.batchIndex << ")\n";
      state.config = mode_.config; // the checkpoints of this run describe this run
      return state;
    }
    if (mode_.resume) chatter() << "no checkpoint at " << path << " yet: starting a fresh run\n";
    TrainState state = initialState(spec_, config_.optimizer);
    if (!mode_.initFrom.empty()) initFrom(state);
    state.position.seed = config_.seed;
    state.position.shuffle = config_.shuffle;
    state.position.batch = config_.batch;
    state.config = mode_.config;
    return state;
  }

  // --init-from: the leading parameters that match, or a ConfigError when none does.
  void initFrom(TrainState& state) {
    const InitReport r = initFromCheckpoint(mode_.initFrom, spec_, state);
    const std::string mismatch =
        r.firstMismatch.empty() ? "" : "; the first that does not match: " + r.firstMismatch;
    if (r.parameters == 0)
      throw ConfigError("--init-from " + mode_.initFrom + ": no leading parameter matches " +
                        spec_.name + mismatch);
    chatter() << "initialised the first " << r.parameters << " of " << state.params.size()
              << " parameters and " << r.bnLayers << " BatchNorm layers from " << mode_.initFrom
              << mismatch << "; the rest keep He init\n";
  }

  RunHeader runHeader(const lower::Lowerer& lowerer) const {
    RunHeader h;
    h.hlotrain = versionLine();
    h.net = spec_.name;
    h.parameters = nn::parameterCount(spec_);
    h.parameterTensors = static_cast<int64_t>(paramNames_.size());
    h.batchNormLayers = static_cast<int64_t>(nn::bnChannels(spec_).size());
    h.dataset = data::datasetKindName(io_.kind());
    h.task = task_.name();
    h.classes = io_.classNames();
    h.input = {spec_.input.channels, spec_.input.height, spec_.input.width};
    const ir::Shape out = nn::outputShape(spec_, 1);
    h.output.assign(out.begin() + 1, out.end());
    h.trainRecords = static_cast<int64_t>(trainSet_->size());
    h.testRecords = static_cast<int64_t>(testSet_->size());
    h.batch = config_.batch;
    h.stepsPerEpoch = stepsPerEpoch_;
    h.epochs = config_.epochs;
    h.lowerer = lowerer.describe();
    h.precision = nn::precisionName(config_.precision);
    h.signatureArguments = static_cast<int64_t>(signature_.arguments.size());
    h.signatureResults = static_cast<int64_t>(signature_.results.size());
    h.optimizerStateTensors = static_cast<int64_t>(signature_.optState.count);
    return h;
  }

  void printHeader(const lower::Lowerer& lowerer, double compileSeconds,
                   const std::vector<std::string>& notes) {
    std::ostream& out = chatter();
    out << "training " << spec_.name << " (" << nn::parameterCount(spec_) << " parameters) on "
        << data::datasetKindName(io_.kind()) << " (" << task_.name() << "): " << trainSet_->size()
        << " train / " << testSet_->size() << " test records, batch " << config_.batch << ", "
        << stepsPerEpoch_ << " steps/epoch, " << config_.epochs << " epochs, "
        << optimizerName(config_.optimizer) << " lr " << jsonNumber(config_.learningRate)
        << (config_.cosine
                ? ", cosine after " + std::to_string(config_.warmupEpochs) + " warmup epoch(s)"
                : ", constant")
        << "\nlowerer " << lowerer.describe() << ", artifacts " << prefix_ << "_* (graphs ready in "
        << formatFixed(compileSeconds, 1) << " s";
    for (const std::string& note : notes) out << "; " << note;
    out << ")" << std::endl;
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

  void loop(TrainState& state, lower::Lowerer& lowerer, lower::Session& session,
            Evaluator& evaluator, MetricsLog& log, TrainResult& result) {
    DataPosition& pos = state.position;
    StepInputs in(state, signature_, lowerer, !config_.skipNonFinite);
    data::BatchPrefetcher batches(io_, *trainSet_, config_.batch);
    runStart_ = Clock::now();
    runFirstStep_ = pos.step;
    while (!finished(pos)) {
      const int64_t epoch = pos.epoch;
      // Each batch is augmented at its own (epoch, index), so a pass resumed inside the epoch
      // sees the very batches the uninterrupted pass would.
      batches.start(epochOrder(epoch), pos.batchIndex,
                    config_.augment ? std::optional<int64_t>(epoch) : std::nullopt);
      Clock::time_point start = Clock::now();
      const int64_t firstBatch = pos.batchIndex;
      EpochTotals totals;
      while (!stepLimitReached(pos.step)) {
        std::optional<data::BatchPrefetcher::Batch> b = batches.next();
        if (!b) break;
        std::copy(b->x.begin(), b->x.end(), in.x().data<float>());
        task_.fillLabels(b->y, in.labels());
        step(state, in, lowerer, session, totals, log, result);
        pos.batchIndex = b->index + 1;
        showProgress(pos, totals, start, firstBatch);
        // A checkpoint due at the pass's last step is written after its evaluation, below.
        const bool passGoesOn = pos.batchIndex < stepsPerEpoch_ && !stepLimitReached(pos.step);
        if (passGoesOn && stepCheckpointDue(pos.step)) {
          exportChecked(in, state);
          save(state);
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
      progress_.clear();
      log.epoch({.epoch = epoch + 1,
                 .step = pos.step,
                 .steps = totals.steps,
                 .skipped = totals.skipped,
                 .loss = result.epochLosses.back(),
                 .lr = totals.lr,
                 .seconds = seconds,
                 .imagesPerSecond = static_cast<double>(totals.steps * config_.batch) / seconds,
                 .batches = epochDone ? stepsPerEpoch_ : pos.batchIndex,
                 .batchesPerEpoch = stepsPerEpoch_},
                config_.epochs);
      const bool last = finished(pos);
      const bool evaluates = last || (epochDone && every(config_.evalEvery, epoch));
      const bool saves = last || (epochDone && every(config_.checkpointEvery, epoch)) ||
                         stepCheckpointDue(pos.step);
      // The parameters come to the host only for what is written; evaluation runs on them where
      // they are.
      if (saves || evaluates) exportChecked(in, state);
      if (evaluates) {
        EvalRecord r = evaluator.run(state, in.params());
        r.epoch = epoch + 1;
        r.insideEpoch = !epochDone;
        log.eval(r);
        warnIfLearningNothing(evaluator.symptom());
        evaluator.writeSamples(r);
        keepIfBest(state, r);
        result.evals.push_back(r);
      }
      if (saves) save(state);
      if (evaluates && mode_.afterEvaluation) mode_.afterEvaluation(prefix_);
    }
    exportChecked(in, state);
  }

  // The terminal's progress line after a step: where the epoch and the run are, the smoothed
  // loss, the throughput, and the time spent and left in the epoch and in the run.
  void showProgress(const DataPosition& pos, const EpochTotals& totals, Clock::time_point start,
                    int64_t firstBatch) {
    if (!progress_.enabled()) return;
    const double epochSeconds = secondsSince(start);
    const double runSeconds = secondsSince(runStart_);
    const int64_t epochSteps = pos.batchIndex - firstBatch;
    const int64_t runSteps = pos.step - runFirstStep_;
    const int64_t lastStep = config_.maxSteps > 0
                                 ? std::min(config_.maxSteps, config_.epochs * stepsPerEpoch_)
                                 : config_.epochs * stepsPerEpoch_;
    const double perStep = epochSeconds / static_cast<double>(std::max<int64_t>(epochSteps, 1));
    const double perRunStep = runSeconds / static_cast<double>(std::max<int64_t>(runSteps, 1));
    const int64_t epochLeft =
        std::min(stepsPerEpoch_ - pos.batchIndex, std::max<int64_t>(lastStep - pos.step, 0));
    // Fits 80 columns: a wider line is cut, the run's ETA last.
    progress_.show("epoch " + std::to_string(pos.epoch + 1) + "/" + std::to_string(config_.epochs) +
                   " step " + std::to_string(pos.batchIndex) + "/" +
                   std::to_string(stepsPerEpoch_) + " loss " +
                   formatFixed(totals.smoothedLoss(), 4) + " " +
                   formatFixed(static_cast<double>(epochSteps * config_.batch) / epochSeconds, 0) +
                   " img/s epoch " + formatDuration(epochSeconds) + " ETA " +
                   formatDuration(static_cast<double>(epochLeft) * perStep) + " run " +
                   formatDuration(runSeconds) + " ETA " +
                   formatDuration(static_cast<double>(lastStep - pos.step) * perRunStep));
  }

  // One warning a run, when an evaluation shows a symptom of learning nothing (one that needs a
  // repeat: when the evaluation before showed it too). Quiet runs print it as well: it explains
  // the figures they print.
  void warnIfLearningNothing(const std::optional<task::Symptom>& symptom) {
    if (!warnedLearningNothing_ && symptom &&
        (!symptom->needsRepeat || (lastSymptom_ && lastSymptom_->id == symptom->id))) {
      progress_.clear();
      out_ << "warning: " << symptom->text << std::endl;
      warnedLearningNothing_ = true;
    }
    lastSymptom_ = symptom;
  }

  // Where the lines between the summaries go: nowhere in a quiet run.
  std::ostream& chatter() { return mode_.display == Display::quiet ? quietSink_ : out_; }

  // Downloads the parameters and optimizer state. A lowerer that keeps them off the host had
  // them checked only through the loss and statistics each step, so they are checked here,
  // before anything of them is written.
  void exportChecked(const StepInputs& in, TrainState& state) {
    in.exportTo(state);
    for (size_t i = 0; i < state.params.size(); ++i)
      if (!allFinite(state.params[i]))
        throw RuntimeError("step " + std::to_string(state.position.step) + ": the parameter " +
                           paramNames_[i] +
                           " is not finite; the run stopped without saving "
                           "this state. " +
                           lastGoodCheckpoint());
  }

  // Runs global step pos.step + 1 on the batch in `in`, and applies its results when every one is
  // finite.
  void step(TrainState& state, StepInputs& in, lower::Lowerer& lowerer, lower::Session& session,
            EpochTotals& totals, MetricsLog& log, TrainResult& result) {
    DataPosition& pos = state.position;
    const size_t numBn = state.bnMean.size();
    const int64_t t = pos.step + 1;
    const float lr = schedule_.at(t);
    in.lr().set<float>(0, lr);
    in.step().set<float>(0, static_cast<float>(t));
    std::vector<std::unique_ptr<lower::Buffer>> out = in.run(session);
    const program::TrainStepSignature& sig = signature_;
    if (out.size() != sig.results.size())
      throw RuntimeError("the train step returned " + std::to_string(out.size()) +
                         " results, expected " + std::to_string(sig.results.size()));
    // What comes to the host each step: the loss and the batch statistics.
    StepResults host(lowerer, sig, out);
    const float loss = host.loss();
    pos.step = t;
    ++totals.steps;
    totals.lr = lr;
    result.stepLosses.push_back(loss);
    if (std::optional<std::string> bad = nonFiniteResult(host, out)) {
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
      progress_.clear();
      out_ << where << "; step skipped (--skip-nonfinite)" << std::endl;
      return;
    }
    in.keep(out);
    const float m = bnMomentum(t);
    for (size_t l = 0; l < numBn; ++l) {
      const ir::Tensor& mean = host.bnMean(l);
      const ir::Tensor& var = host.bnVar(l);
      emaUpdate(std::span(state.bnMean[l].data<float>(), state.bnMean[l].numElements()),
                std::span(mean.data<float>(), mean.numElements()), m);
      emaUpdate(std::span(state.bnVar[l].data<float>(), state.bnVar[l].numElements()),
                std::span(var.data<float>(), var.numElements()), m);
    }
    totals.addLoss(loss);
    if (config_.logEvery > 0 && t % config_.logEvery == 0) {
      log.step(t, loss, lr);
      // On a terminal the progress line says it; quiet runs say nothing between epochs.
      if (mode_.display == Display::plain)
        out_ << "epoch " << pos.epoch + 1 << "/" << config_.epochs << " step " << pos.batchIndex + 1
             << "/" << stepsPerEpoch_ << " (global " << t << "): loss " << loss << ", lr " << lr
             << std::endl;
    }
  }

  // What is not finite among a step's results, or nullopt: the loss and batch statistics always;
  // the updated parameters and optimizer state where the host reads them without a transfer
  // (elsewhere exportChecked() checks them when they come down).
  std::optional<std::string>
  nonFiniteResult(const StepResults& host,
                  const std::vector<std::unique_ptr<lower::Buffer>>& out) const {
    const program::TrainStepSignature& sig = signature_;
    const float loss = host.loss();
    if (!std::isfinite(loss)) return "the loss is " + describeNonFinite(loss);
    const size_t numParams = paramNames_.size();
    for (size_t i = 0; i < out.size(); ++i) {
      const ir::Tensor* t = sig.loss.contains(i) ? nullptr : host.tensor(i);
      if (!t || allFinite(*t)) continue;
      if (sig.newParams.contains(i))
        return "the updated parameter " + paramNames_[i - sig.newParams.begin] + " is not finite";
      if (sig.newOptState.contains(i))
        return "the optimizer state of " + paramNames_[(i - sig.newOptState.begin) % numParams] +
               " is not finite";
      return "the BatchNorm batch statistics are not finite";
    }
    return std::nullopt;
  }

  // Keeps the state of an evaluation that beats every earlier one of the run as the best
  // checkpoint, before the regular checkpoint of the same step: a run killed between the two
  // replays the evaluation and rewrites the same file.
  void keepIfBest(const TrainState& state, const EvalRecord& r) {
    const double score = task::headline(r.scores);
    if (bestScore_ && !(score > *bestScore_)) return;
    bestScore_ = score;
    const std::string path = files().bestCheckpoint();
    saveCheckpoint(path, state);
    chatter() << "best checkpoint " << path << " (" << task::headlineName(r.scores) << " "
              << formatFixed(score, 4) << ", step " << state.position.step << ")" << std::endl;
  }

  std::string lastGoodCheckpoint() const {
    if (!lastCheckpointStep_) return "No checkpoint was written yet";
    return "The last good checkpoint is " + files().checkpoint() + " (step " +
           std::to_string(*lastCheckpointStep_) + ")";
  }

  // The exports first and the checkpoint last: once the checkpoint says step S, the exports
  // hold step S too, whenever the process is killed.
  void save(const TrainState& state) {
    std::string path = files().checkpoint();
    writeRawParams(files().params(), state.params);
    writeBnStats(files().bnStats(), state);
    saveCheckpoint(path, state);
    lastCheckpointStep_ = state.position.step;
    progress_.clear();
    chatter() << "checkpoint " << path << " (step " << state.position.step << ")" << std::endl;
  }

  nn::NetSpec spec_;
  TrainConfig config_;
  const data::DatasetIO& io_;
  const task::Task& task_;
  RunMode mode_;
  std::ostream& out_;
  program::ProgramOptions options_;
  program::TrainStepSignature signature_;
  std::string prefix_;
  RunFiles files() const { return {prefix_}; }
  std::optional<data::Dataset> trainSet_, testSet_;
  int64_t stepsPerEpoch_ = 0;
  LrSchedule schedule_;
  std::vector<std::string> paramNames_;       // in spec order, for messages
  std::optional<int64_t> lastCheckpointStep_; // of this run's checkpoint on disk
  std::optional<double> bestScore_;           // the best evaluation's headline so far
  std::optional<task::Symptom> lastSymptom_;  // of the last evaluation
  bool warnedLearningNothing_ = false;
  std::ostream quietSink_{nullptr}; // discards what a quiet run does not print
  ProgressLine progress_{out_, mode_.display == Display::terminal};
  Clock::time_point runStart_;
  int64_t runFirstStep_ = 0; // the global step this process started at
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
  const RunFiles run{prefix};
  writeGraph(*program::buildForward(spec, options.batch, options.precision), run, Graph::fwd);
  writeGraph(*program::buildEvalForward(spec, options.batch, options.precision), run,
             Graph::fwdEval);
  writeGraph(*program::buildTrainStep(spec, options), run, Graph::trainStep);
}

TrainResult train(const nn::NetSpec& spec, const TrainConfig& config,
                  const data::DatasetSpec& dataset, const std::string& dataDir, std::ostream& log,
                  const RunMode& mode) {
  if (mode.evalOnly) {
    TrainResult result;
    result.prefix = artifactPrefix(spec, config);
    EvalOutputs outputs;
    outputs.checkpoint = mode.checkpoint;
    outputs.lowerer = mode.lowerer;
    EvalRecord r = evaluate(spec, config, dataset, dataDir, log, outputs);
    result.evals.push_back(r);
    result.finalScore = task::headline(r.scores);
    return result;
  }
  return Trainer(spec, config, dataset, dataDir, log, mode).run();
}

const task::ClassificationScores& classificationScores(const EvalRecord& record) {
  if (const auto* s = std::get_if<task::ClassificationScores>(&record.scores)) return *s;
  throw RuntimeError("the evaluation scored segmentation, not classification");
}

const task::SegmentationScores& segmentationScores(const EvalRecord& record) {
  if (const auto* s = std::get_if<task::SegmentationScores>(&record.scores)) return *s;
  throw RuntimeError("the evaluation scored classification, not segmentation");
}

namespace {

// What one batch's real logits rows go to besides the scores.
using RowsVisitor = std::function<void(std::span<const float> rows, int64_t realRows)>;

// Evaluates a checkpoint (default `<prefix>_checkpoint.bin`) on every test record and logs it;
// `makeVisitor` gets the shape of one record's logits.
EvalRecord evaluateCheckpoint(
    const nn::NetSpec& spec, const TrainConfig& config, const data::DatasetSpec& dataset,
    const std::string& dataDir, std::ostream& log, const std::string& checkpoint,
    lower::Lowerer* runOn,
    const std::function<RowsVisitor(const ir::Shape& row, int64_t records)>& makeVisitor) {
  validate(config, spec);
  nn::NetSpec tagged = taggedSpec(spec, config);
  const data::DatasetIO& io = data::datasetIO(dataset);
  // The loss is not trained here; of it, the evaluation reads how a detector decodes.
  const program::ProgramOptions options = programOptions(config);
  checkDatasetFits(tagged, io);
  std::unique_ptr<lower::Lowerer> ownLowerer;
  if (!runOn) ownLowerer = lower::lowererFromEnvironment();
  lower::Lowerer* lowerer = runOn ? runOn : ownLowerer.get();
  std::string prefix = program::buildPrefix(tagged, config.artifactsDir);
  std::string path = checkpoint.empty() ? RunFiles{prefix}.checkpoint() : checkpoint;
  TrainState state = loadCheckpoint(path, tagged);
  data::Dataset testSet = io.load(dataDir, data::Split::test);
  requireRecords(testSet, dataDir, "test");
  const int64_t batch = std::min(config.batch, testSet.size());
  createArtifactsDir(prefix);
  writeGraph(*program::buildEvalForward(tagged, batch, options.precision), RunFiles{prefix},
             Graph::fwdEval);
  lowerer->prepare(RunFiles{prefix}, Graph::fwdEval);
  Evaluator evaluator(tagged, *lowerer, prefix, testSet, io, batch, options.loss);
  std::vector<std::unique_ptr<lower::Buffer>> params;
  std::vector<lower::Buffer*> paramBuffers;
  for (const ir::Tensor& t : state.params) {
    params.push_back(lowerer->upload(t));
    paramBuffers.push_back(params.back().get());
  }
  EvalRecord r =
      evaluator.run(state, paramBuffers, makeVisitor(evaluator.rowShape(), testSet.size()));
  evaluator.writeSamples(r);
  log << "evaluated " << path << " (step " << state.position.step << ") on " << testSet.size()
      << " test records: " << task::summaryLine(r.scores) << " in " << formatFixed(r.seconds, 1)
      << " s\n"
      << task::summaryTable(r.scores) << std::flush;
  return r;
}

// The shape of a whole output file: `records` rows of `row`.
ir::TensorType outputType(ir::ElementType type, const ir::Shape& row, int64_t records) {
  ir::Shape shape{records};
  shape.insert(shape.end(), row.begin(), row.end());
  return {type, shape};
}

} // namespace

EvalRecord evaluate(const nn::NetSpec& spec, const TrainConfig& config,
                    const data::DatasetSpec& dataset, const std::string& dataDir, std::ostream& log,
                    const EvalOutputs& outputs) {
  std::optional<ir::NpyWriter> logits, predictions;
  std::vector<uint8_t> classes; // one batch's predictions
  std::string detections = "record,class,confidence,xmin,ymin,xmax,ymax\n";
  int64_t record = 0;
  const data::DatasetIO& io = data::datasetIO(dataset);
  EvalRecord r = evaluateCheckpoint(
      spec, config, dataset, dataDir, log, outputs.checkpoint, outputs.lowerer,
      [&](const ir::Shape& row, int64_t records) -> RowsVisitor {
        const int64_t numClasses = row[0];
        const ir::Shape pixels(row.begin() + 1, row.end());
        if (!outputs.logitsPath.empty())
          logits.emplace(outputs.logitsPath, outputType(ir::ElementType::f32, row, records));
        if (!outputs.predictionsPath.empty()) {
          if (numClasses > 256)
            throw ConfigError("--predictions stores classes as uint8; " + spec.name + " has " +
                              std::to_string(numClasses) + " classes");
          predictions.emplace(outputs.predictionsPath,
                              outputType(ir::ElementType::ui8, pixels, records));
        }
        int64_t spatial = 1;
        for (int64_t d : pixels) spatial *= d;
        const bool boxes = io.labelKind() == data::LabelKind::boxes;
        if (!outputs.detectionsPath.empty() && !boxes)
          throw ConfigError("--detections applies to detection datasets, not " +
                            std::string(data::datasetKindName(io.kind())));
        if (!outputs.predictionsPath.empty() && boxes)
          throw ConfigError("--predictions applies to classification and segmentation; a "
                            "detector's are --detections FILE.csv");
        return [&, numClasses, spatial](std::span<const float> rows, int64_t realRows) {
          const int64_t perRow = numClasses * spatial;
          if (logits) logits->append(rows.data(), static_cast<size_t>(realRows * perRow) * 4);
          for (int64_t r = 0; r < realRows && !outputs.detectionsPath.empty(); ++r, ++record)
            for (const metrics::Detection& d : task::detectionsOf(
                     rows.subspan(static_cast<size_t>(r * perRow), static_cast<size_t>(perRow)), io,
                     programOptions(config).loss))
              detections += std::to_string(record) + "," + std::to_string(d.cls) + "," +
                            jsonNumber(d.confidence) + "," + jsonNumber(d.box.xmin) + "," +
                            jsonNumber(d.box.ymin) + "," + jsonNumber(d.box.xmax) + "," +
                            jsonNumber(d.box.ymax) + "\n";
          if (!predictions) return;
          classes.resize(static_cast<size_t>(realRows * spatial));
          for (int64_t r = 0; r < realRows; ++r)
            for (int64_t p = 0; p < spatial; ++p)
              classes[static_cast<size_t>(r * spatial + p)] = static_cast<uint8_t>(
                  metrics::argmax(rows.data() + r * perRow + p, numClasses, spatial));
          predictions->append(classes.data(), classes.size());
        };
      });
  if (logits) logits->commit();
  if (predictions) predictions->commit();
  if (!outputs.detectionsPath.empty()) writeFileAtomically(outputs.detectionsPath, detections);
  return r;
}

EvalLogits evalLogits(const nn::NetSpec& spec, const TrainConfig& config,
                      const data::DatasetSpec& dataset, const std::string& dataDir,
                      std::ostream& log, const std::string& checkpoint) {
  EvalLogits result;
  float* next = nullptr;
  result.record = evaluateCheckpoint(
      spec, config, dataset, dataDir, log, checkpoint, nullptr,
      [&](const ir::Shape& row, int64_t records) -> RowsVisitor {
        result.logits = ir::Tensor(outputType(ir::ElementType::f32, row, records));
        next = result.logits.data<float>();
        const int64_t perRow = result.logits.numElements() / std::max<int64_t>(records, 1);
        return [&next, perRow](std::span<const float> rows, int64_t realRows) {
          next = std::copy_n(rows.begin(), realRows * perRow, next);
        };
      });
  return result;
}

} // namespace hlotrain::train

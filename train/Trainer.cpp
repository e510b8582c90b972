#include "train/Trainer.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <numeric>

#include "data/Mix.h"
#include "data/Prefetch.h"
#include "data/Random.h"
#include "lower/Lowerer.h"
#include "lower/select/Select.h"
#include "support/AtomicFile.h"
#include "support/Error.h"
#include "support/Format.h"
#include "support/Progress.h"
#include "support/RunFiles.h"
#include "support/Stopwatch.h"
#include "support/Version.h"
#include "task/Task.h"
#include "train/Generate.h"
#include "train/Resume.h"
#include "train/Schedule.h"
#include "train/StepBinding.h"

namespace hlotrain::train {

namespace {

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

class Trainer {
public:
  Trainer(const RunPlan& plan, const std::string& dataDir, std::ostream& log, const RunMode& mode)
      : plan_(plan), spec_(plan_.spec), config_(plan_.config), io_(plan_.dataset()),
        task_(plan_.datasetTask()), files_(plan_.files), mode_(mode), out_(log),
        trainSet_(loadSplit(plan_, dataDir, data::Split::train)),
        testSet_(loadSplit(plan_, dataDir, data::Split::test)) {
    const int64_t epochRecords = io_.epochRecords(trainSet_);
    stepsPerEpoch_ = epochRecords / config_.batch;
    if (stepsPerEpoch_ == 0)
      throw ConfigError("--batch must be at most the " + std::to_string(epochRecords) +
                        " training records of an epoch, got " + std::to_string(config_.batch));
    // The schedule counts global steps in an int64_t.
    const int64_t maxEpochs = std::numeric_limits<int64_t>::max() / stepsPerEpoch_;
    if (config_.epochs > maxEpochs)
      throw ConfigError("--epochs must be at most " + std::to_string(maxEpochs) + " with " +
                        std::to_string(stepsPerEpoch_) + " steps per epoch, got " +
                        std::to_string(config_.epochs));
    schedule_ = {config_.learningRate, config_.cosine,      config_.warmupEpochs, config_.epochs,
                 stepsPerEpoch_,       config_.warmupSteps, config_.lrFloor};
    for (const nn::ParamInfo& p : nn::parameters(spec_)) paramNames_.push_back(p.name);
    for (double depth : nn::dropPathDepths(spec_)) dropRates_.push_back(config_.dropPath * depth);
    for (const nn::DropoutSite& site : nn::dropoutSites(spec_)) dropoutRates_.push_back(site.rate);
  }

  TrainResult run() {
    TrainResult result;
    result.prefix = files_.prefix;
    std::unique_ptr<lower::Lowerer> ownLowerer;
    lower::Lowerer* lowerer = mode_.lowerer;
    if (!lowerer) {
      ownLowerer = lower::lowererFromEnvironment();
      lowerer = ownLowerer.get();
    }
    localReplicas_ = config_.devices / lowerer->processes();
    if (config_.devices % lowerer->processes() != 0 || localReplicas_ > lowerer->devices())
      throw ConfigError("--devices " + std::to_string(config_.devices) + ": the lowerer " +
                        lowerer->describe() + " has " + std::to_string(lowerer->devices()) +
                        (lowerer->devices() == 1 ? " device" : " devices") +
                        (lowerer->processes() > 1
                             ? " in each of " + std::to_string(lowerer->processes()) + " processes"
                             : "") +
                        " (data parallelism runs on the xla lowerer; libhlotrain_pjrt.so makes "
                        "HLOTRAIN_PJRT_DEVICES devices)");
    Start start = startOrResume(plan_, mode_.resume, mode_.initFrom, stepsPerEpoch_, chatter());
    TrainState state = std::move(start.state);
    state.config = mode_.config; // the checkpoints of this run describe this run
    lastCheckpointStep_ = start.resumedStep;
    createRunDirectory(files_);
    removeStaleTemporaries(std::filesystem::path(files_.prefix).parent_path());
    if (const std::string vocabulary = io_.vocabulary(); !vocabulary.empty()) {
      writeFileAtomically(files_.vocabulary(), vocabulary);
      text_ = characterText(files_.vocabulary());
    }
    if (const std::string tokenizer = io_.tokenizer(); !tokenizer.empty()) {
      writeFileAtomically(files_.tokenizer(), tokenizer);
      if (mode_.subwordText) text_ = mode_.subwordText(tokenizer);
    }
    if (!mode_.initDump.empty()) writeRawParams(mode_.initDump, state.params);

    const Stopwatch compileTime;
    writeGraphs(plan_);
    // Every graph is made ready before any is loaded: one that cannot be built stops the run
    // before its first step, never leaving a run that trains without evaluating.
    std::vector<std::string> notes;
    for (Graph graph : {Graph::trainStep, Graph::fwdEval})
      if (std::string note = lowerer->prepare(files_, graph); !note.empty())
        notes.push_back(std::string(graphName(graph)) + " " + note);
    std::unique_ptr<lower::Session> step = lowerer->load(files_, Graph::trainStep);
    Evaluator evaluator(plan_, *lowerer, testSet_);
    evaluator.showProgressOn(progress_);
    notes.push_back("compiled train_step in " + formatFixed(step->compileSeconds(), 2) +
                    " s, fwd_eval in " + formatFixed(evaluator.compileSeconds(), 2) + " s");
    printHeader(*lowerer, compileTime.seconds(), notes);

    MetricsLog log(out_, files_.metrics(), lastCheckpointStep_);
    log.header(runHeader(*lowerer));
    bestScore_ = log.bestKeptEval(task_);
    if (finished(state.position))
      chatter() << "nothing left to run: " << files_.checkpoint() << " is at step "
                << state.position.step << ", the end of this run" << std::endl;
    loop(state, *lowerer, *step, evaluator, log, result);
    result.state = std::move(state);
    if (!result.evals.empty()) result.finalScore = task::headline(result.evals.back().scores);
    return result;
  }

private:
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
    h.trainRecords = static_cast<int64_t>(trainSet_.size());
    h.testRecords = static_cast<int64_t>(testSet_.size());
    h.batch = config_.batch;
    h.stepsPerEpoch = stepsPerEpoch_;
    h.epochs = config_.epochs;
    h.lowerer = lowerer.describe();
    h.precision = nn::precisionName(config_.precision);
    h.signatureArguments = static_cast<int64_t>(plan_.step.arguments.size());
    h.signatureResults = static_cast<int64_t>(plan_.step.results.size());
    h.optimizerStateTensors = static_cast<int64_t>(plan_.step.optState.count);
    return h;
  }

  void printHeader(const lower::Lowerer& lowerer, double compileSeconds,
                   const std::vector<std::string>& notes) {
    std::ostream& out = chatter();
    out << "training " << spec_.name << " (" << nn::parameterCount(spec_) << " parameters) on "
        << data::datasetKindName(io_.kind()) << " (" << task_.name() << "): " << trainSet_.size()
        << " train / " << testSet_.size() << " test records, batch " << config_.batch << ", "
        << stepsPerEpoch_ << " steps/epoch, " << config_.epochs << " epochs, "
        << optimizerName(config_.optimizer) << " lr " << jsonNumber(config_.learningRate)
        << (!config_.cosine ? ", constant"
            : config_.warmupSteps > 0
                ? ", cosine after " + std::to_string(config_.warmupSteps) + " warmup step(s)"
                : ", cosine after " + std::to_string(config_.warmupEpochs) + " warmup epoch(s)")
        << (config_.cosine && config_.lrFloor > 0 ? " to " + jsonNumber(config_.lrFloor) + " of it"
                                                  : "")
        << "\nlowerer " << lowerer.describe() << ", artifacts " << files_.prefix
        << "_* (graphs ready in " << formatFixed(compileSeconds, 1) << " s";
    for (const std::string& note : notes) out << "; " << note;
    out << ")" << std::endl;
  }

  // The epoch's records in order, as many as its steps take: a text's epoch draws that many of
  // its windows at every offset, fresh ones each epoch.
  std::vector<int64_t> epochOrder(int64_t epoch) const {
    std::vector<int64_t> order(static_cast<size_t>(trainSet_.size()));
    if (config_.shuffle)
      order = data::shuffleOrder(trainSet_.size(), data::epochShuffleSeed(config_.seed, epoch));
    else
      std::iota(order.begin(), order.end(), int64_t{0});
    order.resize(static_cast<size_t>(stepsPerEpoch_ * config_.batch));
    return order;
  }

  // CutMix or mixup of the batch in `in` (its images copied there, its class labels `labels`),
  // drawn at the batch's seed, and the soft targets the train step then reads.
  void mix(uint64_t batchSeed, std::span<const int32_t> labels, StepInputs& in) const {
    const data::MixOptions options{config_.loss.cutmixAlpha, config_.loss.mixupAlpha,
                                   config_.loss.mixProb};
    const ir::Shape& x = in.x().type().shape;
    const data::MixDraw draw = data::drawMix(options, batchSeed, x[2], x[3]);
    data::mixImages(draw,
                    std::span(in.x().data<float>(), static_cast<size_t>(in.x().numElements())),
                    x[0], x[1], x[2], x[3]);
    ir::Tensor& targets = in.labels()[0];
    data::softTargets(draw, labels, io_.numClasses(),
                      std::span(targets.data<float>(), static_cast<size_t>(targets.numElements())));
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
    StepInputs in(state, plan_.step, lowerer, !config_.skipNonFinite, localReplicas_,
                  lowerer.processId() * localReplicas_, config_.devices);
    data::BatchPrefetcher batches(io_, trainSet_, config_.batch);
    runTime_ = Stopwatch();
    runFirstStep_ = pos.step;
    while (!finished(pos)) {
      const int64_t epoch = pos.epoch;
      // Each batch is augmented at its own (epoch, index), so a pass resumed inside the epoch
      // sees the very batches the uninterrupted pass would.
      batches.start(epochOrder(epoch), pos.batchIndex,
                    config_.augment ? std::optional<int64_t>(epoch) : std::nullopt);
      const Stopwatch epochTime;
      const int64_t firstBatch = pos.batchIndex;
      EpochTotals totals;
      while (!stepLimitReached(pos.step)) {
        std::optional<data::BatchPrefetcher::Batch> b = batches.next();
        if (!b) break;
        copyBatchInput(*b, in.x());
        if (config_.loss.softTargets())
          mix(data::batchSeed(epoch, b->index), b->y, in);
        else
          task_.fillLabels(b->y, in.labels());
        // Drawn at the batch's own (epoch, index), like its augmentation: a resumed pass drops
        // the very branches the uninterrupted one would.
        if (ir::Tensor* mask = in.dropMask())
          data::fillDropMask(data::batchSeed(epoch, b->index), dropRates_, config_.batch,
                             mask->data<float>());
        for (size_t site = 0; site < dropoutRates_.size(); ++site) {
          ir::Tensor& mask = in.dropoutMasks()[site];
          data::fillDropoutMask(data::batchSeed(epoch, b->index), site, dropoutRates_[site],
                                mask.numElements(), mask.data<float>());
        }
        step(state, in, lowerer, session, totals, log, result);
        pos.batchIndex = b->index + 1;
        showProgress(pos, totals, epochTime, firstBatch);
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
      const double seconds = epochTime.seconds();
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
                 .records = task_.recordNames().plural,
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
        if (text_) r.sample = sampleText(state, lowerer);
        log.eval(r);
        warnIfLearningNothing(evaluator.symptom());
        evaluator.writeSamples(r);
        keepIfBest(state, r);
        result.evals.push_back(r);
      }
      if (saves) save(state);
      if (evaluates && mode_.afterEvaluation) mode_.afterEvaluation(files_.prefix);
    }
    exportChecked(in, state);
  }

  // What the language model writes now (kEvalSample), without its prompt.
  std::string sampleText(const TrainState& state, lower::Lowerer& lowerer) const {
    const std::vector<int32_t> prompt = text_->defaultPrompt();
    const std::vector<int32_t> ids = sample(spec_, state.params, prompt, kEvalSample, lowerer);
    return text_->decode(std::span(ids).subspan(prompt.size()));
  }

  // The terminal's progress line after a step: where the epoch and the run are, the smoothed
  // loss, the throughput, and the time spent and left in the epoch and in the run.
  void showProgress(const DataPosition& pos, const EpochTotals& totals, const Stopwatch& epochTime,
                    int64_t firstBatch) {
    if (!progress_.enabled()) return;
    const double epochSeconds = epochTime.seconds();
    const double runSeconds = runTime_.seconds();
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
    progress_.show(
        "epoch " + std::to_string(pos.epoch + 1) + "/" + std::to_string(config_.epochs) + " step " +
        std::to_string(pos.batchIndex) + "/" + std::to_string(stepsPerEpoch_) + " loss " +
        formatFixed(totals.smoothedLoss(), 4) + " " +
        formatFixed(static_cast<double>(epochSteps * config_.batch) / epochSeconds, 0) + " " +
        std::string(task_.recordNames().abbreviated) + "/s epoch " + formatDuration(epochSeconds) +
        " ETA " + formatDuration(static_cast<double>(epochLeft) * perStep) + " run " +
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
    StepInputs::Results replicas = in.run(session);
    // Every replica's loss and statistics are the replicas' mean (the graph's all_reduce): the
    // host reads replica 0's.
    std::vector<std::unique_ptr<lower::Buffer>>& out = replicas[0];
    const program::TrainStepSignature& sig = plan_.step;
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
    in.keep(replicas);
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
    const program::TrainStepSignature& sig = plan_.step;
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
    if (bestScore_ && !task_.isBetter(score, *bestScore_)) return;
    bestScore_ = score;
    const std::string path = files_.bestCheckpoint();
    saveCheckpoint(path, state);
    chatter() << "best checkpoint " << path << " (" << task::headlineName(r.scores) << " "
              << formatFixed(score, 4) << ", step " << state.position.step << ")" << std::endl;
  }

  std::string lastGoodCheckpoint() const {
    if (!lastCheckpointStep_) return "No checkpoint was written yet";
    return "The last good checkpoint is " + files_.checkpoint() + " (step " +
           std::to_string(*lastCheckpointStep_) + ")";
  }

  // The exports first and the checkpoint last: once the checkpoint says step S, the exports
  // hold step S too, whenever the process is killed.
  void save(const TrainState& state) {
    std::string path = files_.checkpoint();
    writeRawParams(files_.params(), state.params);
    writeBnStats(files_.bnStats(), state);
    saveCheckpoint(path, state);
    lastCheckpointStep_ = state.position.step;
    progress_.clear();
    chatter() << "checkpoint " << path << " (step " << state.position.step << ")" << std::endl;
  }

  RunPlan plan_;
  // The plan's, by the names the loop reads them by.
  const nn::NetSpec& spec_;
  const TrainConfig& config_;
  const data::DatasetIO& io_;
  const task::Task& task_;
  const RunFiles& files_;
  RunMode mode_;
  std::ostream& out_;
  data::Dataset trainSet_, testSet_;
  int64_t stepsPerEpoch_ = 0;
  int64_t localReplicas_ = 1;        // the replicas of the train step this process runs
  std::vector<double> dropRates_;    // stochastic depth's, per droppable branch
  std::vector<double> dropoutRates_; // per dropout layer
  LrSchedule schedule_{};
  std::vector<std::string> paramNames_; // in spec order, for messages
  std::unique_ptr<RunText> text_;       // how a language model's ids read as text; null otherwise
  std::optional<int64_t> lastCheckpointStep_; // of this run's checkpoint on disk
  std::optional<double> bestScore_;           // the best evaluation's headline so far
  std::optional<task::Symptom> lastSymptom_;  // of the last evaluation
  bool warnedLearningNothing_ = false;
  std::ostream quietSink_{nullptr}; // discards what a quiet run does not print
  ProgressLine progress_{out_, mode_.display == Display::terminal};
  Stopwatch runTime_;
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

TrainResult train(const RunPlan& plan, const std::string& dataDir, std::ostream& log,
                  const RunMode& mode) {
  if (mode.evalOnly) {
    TrainResult result;
    result.prefix = plan.files.prefix;
    EvalOutputs outputs;
    outputs.checkpoint = mode.checkpoint;
    outputs.lowerer = mode.lowerer;
    EvalRecord r = evaluate(plan, dataDir, log, outputs);
    result.evals.push_back(r);
    result.finalScore = task::headline(r.scores);
    return result;
  }
  return Trainer(plan, dataDir, log, mode).run();
}

TrainResult train(const nn::NetSpec& spec, const TrainConfig& config,
                  const data::DatasetSpec& dataset, const std::string& dataDir, std::ostream& log,
                  const RunMode& mode) {
  const RunPlan plan =
      mode.evalOnly ? planEvaluation(spec, config, dataset) : planTraining(spec, config, dataset);
  return train(plan, dataDir, log, mode);
}

const task::ClassificationScores& classificationScores(const EvalRecord& record) {
  if (const auto* s = std::get_if<task::ClassificationScores>(&record.scores)) return *s;
  throw RuntimeError("the evaluation scored segmentation, not classification");
}

const task::SegmentationScores& segmentationScores(const EvalRecord& record) {
  if (const auto* s = std::get_if<task::SegmentationScores>(&record.scores)) return *s;
  throw RuntimeError("the evaluation scored classification, not segmentation");
}

} // namespace hlotrain::train

#include "cli/Bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sys/resource.h>
#include <vector>

#include "cli/Args.h"
#include "cli/Cli.h"
#include "cli/LowererFlags.h"
#include "cli/Train.h"
#include "lower/cpu/Measure.h"
#include "mlir/Parser.h"
#include "mlir/Printer.h"
#include "nn/Init.h"
#include "nn/Zoo.h"
#include "program/Program.h"
#include "support/Error.h"
#include "support/Xorshift.h"
#include "train/RunPlan.h"
#include "train/Settings.h"
#include "train/TrainConfig.h"

namespace hlotrain::cli {

const char* const kBenchUsage =
    R"(usage: hlotrain bench --net NAME [--batch B] [--steps N] [--warmup W] [--eval]
                     [--loss KIND] [--precision f32|bf16] [--dump-plan] [--no-donate]
                     [--paired-peak] [--devices N] [--lowerer NAME] [--pjrt-plugin PATH]
                     [--context T] [--vocab V] [--width D] [--heads H] [--layers L] [--mlp M]
                     [--tie-embeddings] [--rope] [--attention-block Q]

Throughput of a net's train step (the reference config: Adam, lr 1e-3, weight decay 1e-4; the
loss --loss KIND, default yolov1 for a detector, else ce) on synthetic input, on the lowerer
(default cpu: its fast path, 2 threads). The graph is emitted and printed, and the text is
compiled by the lowerer, as `hlotrain train` runs it; W warm-up steps (default 1) are followed by
N timed steps (default 10), each feeding the returned parameters and optimizer state back in,
where the lowerer keeps them. They are donated to the step (the graph's tf.aliasing_output; on
cpu written in place); --no-donate keeps them, so every step returns them in new buffers. With --eval the eval-forward graph is
measured first, the same way.

Prints one JSON line: images/s and the median ms per step, achieved GFLOP/s (the graph's
convolution and dot_general FLOPs, counting only products of real input elements), the fraction
of this machine's fp32 matmul peak (oneDNN sgemm 2048^3, measured in the same process, best
sample), beside it the bf16 x bf16 -> f32 matmul peak (`matmul_peak_bf16_gflops`, one oneDNN
matmul primitive 2048^3, and `matmul_bf16_impl`, the implementation oneDNN chose; null on a CPU
without bf16 matrix instructions) and `cpu_isa` (oneDNN's effective ISA), the peak resident memory (MB), the first step's loss, `compile_s` (emitting, printing,
parsing, verifying and planning the graph: what `hlotrain train` does before its first step)
and `first_step_s` (the first run, which also touches every buffer for the first time).
A language model (gpt-nano, gpt-tiny) takes the shape flags of `hlotrain train`: its context T,
vocabulary V, width D, heads H, blocks L and MLP width M (each left out: the net's own), a head
tied to its token table, RoPE and the memory-efficient attention.
--devices N measures the data-parallel train step of `hlotrain train --devices N` (B is the whole
batch, B/N records on each of the lowerer's first N devices; images/s counts all B).
--dump-plan prints the plan (kernels, buffers, memory summary) of each graph timed to stderr: the
eval forward's first with --eval, then the train step's.
--paired-peak also samples the matmul peak right before and after every timed step and adds
`paired_peak_fraction`: the median over the timed steps of the step's GFLOP/s over the better of
its two neighbouring samples, so a step is held against the machine's speed at its own time.
Environment: HLOTRAIN_PROFILE=1 prints per-kernel time totals to stderr (the 40 costliest
kernels; HLOTRAIN_PROFILE=all: every kernel).
)";

namespace {

// Uniform in [-1, 1) for f32 images; labels uniform over the classes.
void fillRandom(ir::Tensor& t, int64_t classes, uint64_t& state) {
  for (int64_t i = 0; i < t.numElements(); ++i) {
    state = xorshift64(state);
    if (t.type().elementType == ir::ElementType::i32)
      t.set<int32_t>(i, static_cast<int32_t>(state % static_cast<uint64_t>(classes)));
    else
      t.set<float>(i, static_cast<float>(double(state >> 11) * 0x1p-52 - 1.0));
  }
}

// A detector's f32 labels: the target uniform in [0, 1) (sizes are non-negative), the mask 0 or 1.
void fillDetectionLabel(ir::Tensor& t, bool isMask, uint64_t& state) {
  for (int64_t i = 0; i < t.numElements(); ++i) {
    state = xorshift64(state);
    const double u = double(state >> 11) * 0x1p-53;
    t.set<float>(i, static_cast<float>(isMask ? std::floor(2 * u) : u));
  }
}

ir::Tensor filled(const ir::TensorType& type, float value) {
  ir::Tensor t(type);
  for (int64_t i = 0; i < t.numElements(); ++i) t.set<float>(i, value);
  return t;
}

long peakRssMb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;
}

struct Timing {
  double compileSeconds = 0; // emit + print + parse + verify + plan
  double firstStepSeconds = 0;
  double medianSeconds = 0;
  double flops = 0;
  double bestPeakSample = 0;                // of the paired samples; 0 without them
  std::optional<double> pairedPeakFraction; // median over steps, with --paired-peak
  long peakRss = 0;
  float firstLoss = 0;
};

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The graph as emitted, and the seconds emitting it took.
struct Emitted {
  std::unique_ptr<ir::Module> module;
  double seconds = 0;
};

template <class Build> Emitted emit(Build build) {
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<ir::Module> module = build();
  return {std::move(module), secondsSince(start)};
}

double median(std::vector<double> values) {
  std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(values.size() / 2),
                   values.end());
  return values[values.size() / 2];
}

struct MeasureOptions {
  int64_t warmup = 1, steps = 10;
  bool dumpPlan = false, pairPeak = false;
};

// Prints the emitted graph and compiles the text on the lowerer, uploads each replica's inputs to
// its device, then times `steps` runs of every replica after `warmup`; `feedBack` turns a run's
// results into the next arguments, replica by replica.
template <class FeedBack>
Timing measure(lower::Lowerer& lowerer, Emitted emitted,
               std::vector<std::vector<ir::Tensor>> inputs, bool donate,
               const MeasureOptions& options, FeedBack feedBack) {
  auto start = std::chrono::steady_clock::now();
  Timing t;
  t.flops = cpu::contractionFlops(*emitted.module, "main") * static_cast<double>(inputs.size());
  const std::string name = emitted.module->name + ".mlir";
  const std::string text = mlir::print(*emitted.module);
  emitted.module.reset();
  std::unique_ptr<lower::Session> session = lowerer.compile(text, name);
  t.compileSeconds = emitted.seconds + secondsSince(start);
  if (options.dumpPlan) {
    ir::Module module = mlir::parse(text, name);
    std::fputs(cpu::dumpPlan(module, "main").c_str(), stderr);
  }
  const size_t replicas = inputs.size();
  std::vector<std::vector<std::unique_ptr<lower::Buffer>>> arguments(replicas);
  for (size_t r = 0; r < replicas; ++r)
    for (ir::Tensor& in : inputs[r])
      arguments[r].push_back(replicas == 1 ? lowerer.upload(std::move(in))
                                           : lowerer.uploadTo(in, static_cast<int64_t>(r)));
  std::vector<double> seconds, peakSamples, pairedFractions;
  auto samplePeak = [&] {
    peakSamples.push_back(cpu::matmulPeakGflops(2048, 2));
    t.bestPeakSample = std::max(t.bestPeakSample, peakSamples.back());
  };
  for (int64_t i = 0; i < options.warmup + options.steps; ++i) {
    const bool timed = i >= options.warmup;
    if (timed && options.pairPeak && peakSamples.empty()) samplePeak();
    std::vector<std::vector<lower::Buffer*>> pointers(replicas);
    for (size_t r = 0; r < replicas; ++r)
      for (const auto& a : arguments[r]) pointers[r].push_back(a.get());
    auto stepStart = std::chrono::steady_clock::now();
    std::vector<std::vector<std::unique_ptr<lower::Buffer>>> results;
    if (replicas == 1)
      results.push_back(session->execute(pointers[0], donate));
    else
      results = session->executeReplicas(pointers, donate);
    const double d = secondsSince(stepStart);
    if (i == 0) t.firstStepSeconds = d;
    if (timed) seconds.push_back(d);
    if (timed && options.pairPeak) {
      samplePeak();
      const double beside = std::max(peakSamples.back(), peakSamples[peakSamples.size() - 2]);
      pairedFractions.push_back(t.flops / d / 1e9 / beside);
    }
    // Replica 0's loss: every replica's, the replicas' mean.
    const float loss = feedBack(arguments[0], results[0], 0);
    for (size_t r = 1; r < replicas; ++r) feedBack(arguments[r], results[r], r);
    if (i == 0) t.firstLoss = loss;
  }
  t.medianSeconds = median(seconds);
  if (options.pairPeak) t.pairedPeakFraction = median(pairedFractions);
  t.peakRss = peakRssMb();
  return t;
}

std::string jsonFields(const char* prefix, const Timing& t, int64_t batch, double peak) {
  char text[512];
  double gflops = t.flops / t.medianSeconds / 1e9;
  std::snprintf(text, sizeof text,
                "\"%simages_per_s\": %.2f, \"%sms_per_step\": %.3f, \"%sgflop_per_step\": %.3f, "
                "\"%sgflops\": %.2f, \"%speak_fraction\": %.4g, \"%speak_rss_mb\": %ld, "
                "\"%scompile_s\": %.3f, \"%sfirst_step_s\": %.3f",
                prefix, double(batch) / t.medianSeconds, prefix, t.medianSeconds * 1e3, prefix,
                t.flops / 1e9, prefix, gflops, prefix, gflops / peak, prefix, t.peakRss, prefix,
                t.compileSeconds, prefix, t.firstStepSeconds);
  std::string fields = text;
  if (t.pairedPeakFraction) {
    std::snprintf(text, sizeof text, ", \"%spaired_peak_fraction\": %.4g", prefix,
                  *t.pairedPeakFraction);
    fields += text;
  }
  return fields;
}

} // namespace

int benchCommand(std::span<const std::string> argv, std::ostream& out) {
  std::vector<FlagSpec> specs = {{"--net"},
                                 {"--batch"},
                                 {"--steps"},
                                 {"--warmup"},
                                 {"--eval", false},
                                 {"--dump-plan", false},
                                 {"--no-donate", false},
                                 {"--paired-peak", false},
                                 {"--devices"},
                                 {"--loss"},
                                 {"--precision"},
                                 {"--context"}};
  specs.insert(specs.end(), std::begin(kLmSizeFlags), std::end(kLmSizeFlags));
  specs.insert(specs.end(), std::begin(kLowererFlags), std::end(kLowererFlags));
  ParsedArgs args = parseArgs(argv, specs);
  if (!args.positional.empty())
    throw UsageError("unexpected argument '" + args.positional[0] + "'");
  nn::NetSpec spec = netFlag(args);
  if (args.has("--context") && !spec.input.tokens())
    throw UsageError("--context sizes a language model's windows; " + args.value("--net") +
                     " reads images");
  train::TrainConfig config = train::recipeConfig(spec);
  config.batch = positiveIntFlag(args, "--batch", config.batch, 1 << 16);
  MeasureOptions measureOptions;
  measureOptions.steps = positiveIntFlag(args, "--steps", 10, 1 << 20);
  measureOptions.warmup = positiveIntFlag(args, "--warmup", 1, 1 << 20);
  measureOptions.pairPeak = args.has("--paired-peak");
  measureOptions.dumpPlan = args.has("--dump-plan");
  config.devices = positiveIntFlag(args, "--devices", 1, 1024);
  config.loss.kind = program::defaultLossKind(spec);
  if (args.has("--loss")) {
    std::optional<program::LossKind> kind = program::lossKindFromName(args.value("--loss"));
    if (!kind || *kind == program::LossKind::weightedCrossEntropy)
      throw UsageError("--loss: expected ce, focal, dice, dice-ce or yolov1, got '" +
                       args.value("--loss") + "'");
    config.loss.kind = *kind;
  }
  applyConfigFlag(args, "--precision", config);
  const train::RunPlan plan = train::planGraphs(spec, config);
  const program::ProgramOptions& options = plan.config;

  std::unique_ptr<lower::Lowerer> lowerer = lowererFromFlags(args);
  if (config.devices > lowerer->devices())
    throw UsageError("--devices " + std::to_string(config.devices) + ": the lowerer " +
                     lowerer->describe() + " has " + std::to_string(lowerer->devices()) +
                     (lowerer->devices() == 1 ? " device" : " devices"));
  double peak = cpu::matmulPeakGflops(2048, 3);
  std::vector<ir::Tensor> params = nn::initialParameters(spec);
  uint64_t rng = 0x9e3779b97f4a7c15ull;

  std::optional<Timing> eval;
  if (args.has("--eval")) {
    const program::EvalSignature& sig = plan.eval;
    Emitted built =
        emit([&] { return program::buildEvalForward(spec, config.batch, options.precision); });
    std::vector<ir::Tensor> inputs(sig.arguments.size());
    for (size_t i = 0; i < sig.params.count; ++i) inputs[sig.params[i]] = params[i];
    for (size_t i = 0; i < sig.bnMean.count; ++i) {
      inputs[sig.bnMean[i]] = filled(sig.arguments[sig.bnMean[i]], 0.0f);
      inputs[sig.bnVar[i]] = filled(sig.arguments[sig.bnVar[i]], 1.0f);
    }
    inputs[sig.input.begin] = ir::Tensor(sig.arguments[sig.input.begin]);
    fillRandom(inputs[sig.input.begin], spec.numClasses, rng);
    std::vector<std::vector<ir::Tensor>> replica;
    replica.push_back(std::move(inputs));
    eval = measure(*lowerer, std::move(built), std::move(replica), false, measureOptions,
                   [](auto&, auto&, size_t) { return 0.0f; });
  }

  const program::TrainStepSignature& sig = plan.step;
  Emitted built = emit([&] { return program::buildTrainStep(spec, options); });
  // Every replica starts from the same parameters; each draws its own share of the batch.
  std::vector<std::vector<ir::Tensor>> replicas(static_cast<size_t>(config.devices));
  for (std::vector<ir::Tensor>& inputs : replicas) {
    inputs.resize(sig.arguments.size());
    for (size_t i = 0; i < sig.params.count; ++i) inputs[sig.params[i]] = params[i];
    for (size_t i = 0; i < sig.optState.count; ++i)
      inputs[sig.optState[i]] = filled(sig.arguments[sig.optState[i]], 0.0f);
    for (program::Range random : {sig.input, sig.labels})
      for (size_t i = 0; i < random.count; ++i) {
        ir::Tensor& t = inputs[random[i]] = ir::Tensor(sig.arguments[random[i]]);
        if (random.begin == sig.labels.begin && program::isDetection(options.loss.kind))
          fillDetectionLabel(t, i == 1, rng);
        else
          fillRandom(t, spec.numClasses, rng);
      }
    inputs[sig.lr.begin] = ir::Tensor::scalar<float>(static_cast<float>(config.learningRate));
    inputs[sig.step.begin] = ir::Tensor::scalar<float>(1.0f);
    for (program::Range masks : {sig.dropMask, sig.dropout}) // everything kept, at scale 1
      for (size_t i = 0; i < masks.count; ++i)
        inputs[masks[i]] = filled(sig.arguments[masks[i]], 1.0f);
  }
  params.clear();
  // Parameters and optimizer state come back in the results (in the storage of the donated
  // arguments, as `hlotrain train` runs the step) and stay in the lowerer; the step counts up.
  float step = 1.0f;
  auto feedBack = [&](std::vector<std::unique_ptr<lower::Buffer>>& in,
                      std::vector<std::unique_ptr<lower::Buffer>>& results, size_t replica) {
    for (size_t i = 0; i < sig.params.count; ++i)
      in[sig.params[i]] = std::move(results[sig.newParams[i]]);
    for (size_t i = 0; i < sig.optState.count; ++i)
      in[sig.optState[i]] = std::move(results[sig.newOptState[i]]);
    if (replica == 0) step += 1.0f; // the next step's, fed to replica 0 first
    in[sig.step.begin] =
        lowerer->uploadTo(ir::Tensor::scalar<float>(step), static_cast<int64_t>(replica));
    return lowerer->download(*results[sig.loss.begin]).get<float>(0);
  };
  Timing t = measure(*lowerer, std::move(built), std::move(replicas), !args.has("--no-donate"),
                     measureOptions, feedBack);
  peak = std::max(
      {peak, cpu::matmulPeakGflops(2048, 1), t.bestPeakSample, eval ? eval->bestPeakSample : 0.0});

  // bf16 is only measured where it runs on matrix instructions: elsewhere oneDNN emulates it.
  std::string bf16Peak = "null", bf16Impl = "null";
  if (cpu::hasBf16MatrixUnits()) {
    cpu::MatmulPeak best = cpu::matmulPeakBf16Gflops(2048, 3);
    for (int sample = 0; sample < 2; ++sample) {
      cpu::MatmulPeak p = cpu::matmulPeakBf16Gflops(2048, 1);
      if (p.gflops > best.gflops) best = p;
    }
    char number[32];
    std::snprintf(number, sizeof number, "%.1f", best.gflops);
    bf16Peak = number;
    bf16Impl = "\"" + best.impl + "\"";
  }
  char head[1024];
  std::snprintf(head, sizeof head,
                "{\"net\": \"%s\", \"lowerer\": \"%s\", \"batch\": %lld, \"devices\": %lld, "
                "\"steps\": %lld, "
                "\"threads\": 2, \"matmul_peak_gflops\": %.1f, \"matmul_peak_bf16_gflops\": %s, "
                "\"matmul_bf16_impl\": %s, \"cpu_isa\": \"%s\", \"first_loss\": %.6f, ",
                nn::cliName(spec).c_str(), std::string(lowerer->name()).c_str(),
                static_cast<long long>(config.batch), static_cast<long long>(config.devices),
                static_cast<long long>(measureOptions.steps), peak, bf16Peak.c_str(),
                bf16Impl.c_str(), cpu::effectiveIsaName().c_str(), double(t.firstLoss));
  // Fractions are taken against the best peak sample of the whole run.
  out << head << jsonFields("", t, config.batch, peak);
  if (eval) out << ", " << jsonFields("eval_", *eval, config.batch, peak);
  out << "}\n";
  return kOk;
}

} // namespace hlotrain::cli

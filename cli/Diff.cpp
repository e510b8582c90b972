#include "cli/Diff.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "cli/Args.h"
#include "cli/Cli.h"
#include "cli/LowererFlags.h"
#include "cli/Train.h"
#include "mlir/Printer.h"
#include "nn/Emit.h"
#include "nn/Init.h"
#include "nn/Zoo.h"
#include "program/Program.h"
#include "support/Error.h"
#include "support/RunFiles.h"
#include "support/Xorshift.h"
#include "train/RunPlan.h"
#include "train/Settings.h"
#include "train/TrainConfig.h"

namespace hlotrain::cli {

const char* const kDiffUsage =
    R"(usage: hlotrain diff --lowerers A,B --net NAME [--batch B] [--tolerance T]
                    [--precision f32|bf16] [--pjrt-plugin PATH]

Runs one train step (the reference config: Adam, lr 1e-3, weight decay 1e-4, the net's default
loss, --precision as train takes it, default f32) and one eval forward of NAME on the same
synthetic inputs through lowerers A and B (cpu, xla, iree), nothing donated, and prints per
output the largest absolute difference and the relative one: the largest absolute difference
over the largest magnitude of A's output. Inputs: He-initialised parameters; Adam state as if 100
steps in (m uniform in +-1e-3, v uniform in [0.5e-6, 1.5e-6], step 100: at step 1 Adam moves
every weight by about lr*sign(g), which turns the rounding noise of a near-zero gradient into a
difference of 2 lr); images uniform in [-1, 1), labels uniform over the classes (a detector's
targets uniform in [0, 1) and its mask 0 or 1); BatchNorm running means 0.1 sin(i), variances
1 + 0.5 sin(i)^2. Default batch 2, tolerance 1e-4.
Exit codes: 0 every output within the tolerance; 1 one is not (or a run failed); 2 bad flags.
)";

namespace {

struct Output {
  std::string name;
  double maxAbs = 0, maxRel = 0;
};

// The largest |a - b| and that over the largest |a| (0/0 reads 0); NaN anywhere is a difference
// of infinity, so it can never pass.
Output compare(std::string name, const ir::Tensor& a, const ir::Tensor& b) {
  Output o{std::move(name)};
  if (a.type() != b.type()) {
    o.maxAbs = o.maxRel = INFINITY;
    return o;
  }
  double scale = 0;
  for (int64_t i = 0; i < a.numElements(); ++i) {
    const double x = a.getAsDouble(i), y = b.getAsDouble(i);
    const double d = std::isnan(x) || std::isnan(y) ? INFINITY : std::abs(x - y);
    o.maxAbs = std::max(o.maxAbs, d);
    scale = std::max(scale, std::abs(x));
  }
  o.maxRel = o.maxAbs == 0 ? 0 : scale == 0 ? INFINITY : o.maxAbs / scale;
  return o;
}

double uniform(uint64_t& state) {
  state = xorshift64(state);
  return double(state >> 11) * 0x1p-53;
}

void fillInput(ir::Tensor& t, int64_t classes, bool detectionTarget, bool mask, uint64_t& rng) {
  for (int64_t i = 0; i < t.numElements(); ++i) {
    const double u = uniform(rng);
    if (t.elementType() == ir::ElementType::i32)
      t.set<int32_t>(i, static_cast<int32_t>(u * static_cast<double>(classes)));
    else if (mask)
      t.set<float>(i, u < 0.5 ? 0.0f : 1.0f);
    else
      t.set<float>(i, static_cast<float>(detectionTarget ? u : 2 * u - 1));
  }
}

std::pair<std::string, std::string> lowererPair(const std::string& text) {
  const size_t comma = text.find(',');
  if (comma == std::string::npos || comma == 0 || comma + 1 == text.size() ||
      text.find(',', comma + 1) != std::string::npos)
    throw UsageError("--lowerers: expected two names A,B (cpu, xla, iree), got '" + text + "'");
  return {text.substr(0, comma), text.substr(comma + 1)};
}

double positiveNumber(std::string_view flag, const std::string& text) {
  double v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !(v > 0) || !std::isfinite(v))
    throw UsageError(std::string(flag) + ": expected a positive number, got '" + text + "'");
  return v;
}

// One graph's outputs on both lowerers.
std::vector<Output> diffGraph(std::span<lower::Lowerer* const> lowerers, const ir::Module& graph,
                              const std::vector<ir::Tensor>& inputs,
                              const std::vector<std::string>& names) {
  const std::string text = mlir::print(graph);
  std::vector<std::vector<ir::Tensor>> results;
  for (lower::Lowerer* l : lowerers)
    results.push_back(l->compile(text, graph.name + ".mlir")->run(inputs));
  std::vector<Output> outputs;
  for (size_t k = 0; k < results[0].size(); ++k)
    outputs.push_back(compare(names[k], results[0][k], results[1][k]));
  return outputs;
}

} // namespace

int diffCommand(std::span<const std::string> argv, std::ostream& out) {
  const FlagSpec specs[] = {{"--lowerers"},  {"--net"},       {"--batch"},
                            {"--tolerance"}, {"--precision"}, kLowererFlags[1]};
  ParsedArgs args = parseArgs(argv, specs);
  if (!args.positional.empty())
    throw UsageError("unexpected argument '" + args.positional[0] + "'");
  if (!args.has("--lowerers")) throw UsageError("--lowerers A,B is required");
  auto [first, second] = lowererPair(args.value("--lowerers"));
  nn::NetSpec spec = netFlag(args);
  train::TrainConfig config = train::recipeConfig(spec);
  config.batch = positiveIntFlag(args, "--batch", 2, 1 << 16);
  const double tolerance =
      args.has("--tolerance") ? positiveNumber("--tolerance", args.value("--tolerance")) : 1e-4;
  config.loss.kind = program::defaultLossKind(spec);
  applyConfigFlag(args, "--precision", config);
  const train::RunPlan plan = train::planGraphs(spec, config);
  const program::ProgramOptions& options = plan.config;

  lower::LowererChoice choice = lowererChoice(args);
  std::vector<std::unique_ptr<lower::Lowerer>> owned;
  for (const std::string& name : {first, second}) {
    choice.name = name;
    owned.push_back(lower::makeLowerer(choice));
  }
  lower::Lowerer* lowerers[] = {owned[0].get(), owned[1].get()};

  const std::vector<ir::Tensor> params = nn::initialParameters(spec);
  std::vector<std::string> paramNames;
  for (const nn::ParamInfo& p : nn::parameters(spec)) paramNames.push_back(p.name);
  uint64_t rng = 0x2545f4914f6cdd1dull;

  const program::TrainStepSignature& step = plan.step;
  std::vector<ir::Tensor> stepInputs(step.arguments.size());
  for (size_t i = 0; i < step.arguments.size(); ++i) stepInputs[i] = ir::Tensor(step.arguments[i]);
  for (size_t i = 0; i < step.params.count; ++i) stepInputs[step.params[i]] = params[i];
  fillInput(stepInputs[step.input.begin], spec.numClasses, false, false, rng);
  const bool detection = program::isDetection(options.loss.kind);
  for (size_t i = 0; i < step.labels.count; ++i)
    fillInput(stepInputs[step.labels[i]], spec.numClasses, detection, detection && i == 1, rng);
  for (size_t i = 0; i < step.optState.count; ++i) {
    ir::Tensor& slot = stepInputs[step.optState[i]];
    const bool second = i >= paramNames.size(); // Adam's v
    for (int64_t k = 0; k < slot.numElements(); ++k) {
      const double u = uniform(rng);
      slot.set<float>(k, static_cast<float>(second ? (0.5 + u) * 1e-6 : (2 * u - 1) * 1e-3));
    }
  }
  stepInputs[step.lr.begin].set<float>(0, static_cast<float>(config.learningRate));
  stepInputs[step.step.begin].set<float>(0, 100.0f);
  for (program::Range masks : {step.dropMask, step.dropout}) // everything kept, at scale 1
    for (size_t i = 0; i < masks.count; ++i) {
      ir::Tensor& mask = stepInputs[masks[i]];
      for (int64_t k = 0; k < mask.numElements(); ++k) mask.set<float>(k, 1.0f);
    }
  std::vector<std::string> stepNames(step.results.size());
  for (size_t i = 0; i < step.newParams.count; ++i)
    stepNames[step.newParams[i]] = "param' " + paramNames[i];
  for (size_t i = 0; i < step.newOptState.count; ++i)
    stepNames[step.newOptState[i]] = "opt_state' " + std::to_string(i / paramNames.size()) + " " +
                                     paramNames[i % paramNames.size()];
  stepNames[step.loss.begin] = "loss";
  for (size_t l = 0; l < step.bnBatchMean.count; ++l) {
    stepNames[step.bnBatchMean[l]] = "bn_batch_mean " + std::to_string(l);
    stepNames[step.bnBatchVar[l]] = "bn_batch_var " + std::to_string(l);
  }

  const program::EvalSignature& eval = plan.eval;
  std::vector<ir::Tensor> evalInputs(eval.arguments.size());
  for (size_t i = 0; i < eval.arguments.size(); ++i) evalInputs[i] = ir::Tensor(eval.arguments[i]);
  for (size_t i = 0; i < eval.params.count; ++i) evalInputs[eval.params[i]] = params[i];
  for (size_t l = 0; l < eval.bnMean.count; ++l)
    for (int64_t c = 0; c < evalInputs[eval.bnMean[l]].numElements(); ++c) {
      const double s = std::sin(static_cast<double>(c));
      evalInputs[eval.bnMean[l]].set<float>(c, static_cast<float>(0.1 * s));
      evalInputs[eval.bnVar[l]].set<float>(c, static_cast<float>(1 + 0.5 * s * s));
    }
  fillInput(evalInputs[eval.input.begin], spec.numClasses, false, false, rng);

  out << "diff " << nn::cliName(spec) << " batch " << config.batch << " "
      << nn::precisionName(config.precision) << ": " << first << " (" << lowerers[0]->describe()
      << ") vs " << second << " (" << lowerers[1]->describe() << "), relative tolerance "
      << tolerance << "\n";
  std::vector<std::pair<std::string, std::vector<Output>>> graphs;
  graphs.emplace_back(
      graphName(Graph::trainStep),
      diffGraph(lowerers, *program::buildTrainStep(spec, options), stepInputs, stepNames));
  graphs.emplace_back(graphName(Graph::fwdEval),
                      diffGraph(lowerers,
                                *program::buildEvalForward(spec, config.batch, options.precision),
                                evalInputs, {"logits"}));
  const Output* worst = nullptr;
  int over = 0;
  char line[256];
  for (const auto& [graph, outputs] : graphs)
    for (const Output& o : outputs) {
      std::snprintf(line, sizeof line, "%-10s %-40s max_abs %.3e  max_rel %.3e%s\n", graph.c_str(),
                    o.name.c_str(), o.maxAbs, o.maxRel, o.maxRel > tolerance ? "  EXCEEDS" : "");
      out << line;
      if (o.maxRel > tolerance) ++over;
      if (!worst || o.maxRel > worst->maxRel) worst = &o;
    }
  std::snprintf(line, sizeof line, "largest relative difference %.3e (%s): %s\n", worst->maxRel,
                worst->name.c_str(),
                over ? (std::to_string(over) + " outputs exceed the tolerance").c_str()
                     : "every output within the tolerance");
  out << line;
  return over ? kFailed : kOk;
}

} // namespace hlotrain::cli

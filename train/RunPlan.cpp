#include "train/RunPlan.h"

#include <filesystem>
#include <stdexcept>

#include "mlir/Printer.h"
#include "support/AtomicFile.h"
#include "support/Error.h"

namespace hlotrain::train {

namespace {

std::string geometryText(int64_t c, int64_t h, int64_t w) {
  return std::to_string(c) + "x" + std::to_string(h) + "x" + std::to_string(w);
}

std::string typesText(const std::vector<ir::TensorType>& types) {
  std::string text;
  for (const ir::TensorType& t : types) text += (text.empty() ? "" : ", ") + ir::toString(t);
  return text;
}

// The net and the dataset must agree on what a record is: the input geometry and the classes.
void checkDatasetFits(const nn::NetSpec& spec, const data::DatasetIO& io) {
  data::InputShape in = io.inputShape();
  const nn::InputGeometry& g = spec.input;
  std::string name(data::datasetKindName(io.kind()));
  if (g.tokens() != (in.vocabulary > 0))
    throw ConfigError(spec.name + " takes " + (g.tokens() ? "token ids" : "images") +
                      " but dataset " + name + " gives " +
                      (in.vocabulary > 0 ? "token ids" : "images"));
  if (g.tokens()) {
    if (in.width != g.context || io.numClasses() != g.vocabulary)
      throw ConfigError(spec.name + " reads windows of " + std::to_string(g.context) +
                        " tokens of " + std::to_string(g.vocabulary) + " but dataset " + name +
                        " gives " + std::to_string(in.width) + " of " +
                        std::to_string(io.numClasses()));
    return;
  }
  if (in.channels != g.channels || in.height != g.height || in.width != g.width)
    throw ConfigError(spec.name + " takes " + geometryText(g.channels, g.height, g.width) +
                      " inputs but dataset " + name + " gives " +
                      geometryText(in.channels, in.height, in.width));
  if (io.numClasses() != spec.numClasses)
    throw ConfigError(spec.name + " has " + std::to_string(spec.numClasses) +
                      " classes but dataset " + name + " has " + std::to_string(io.numClasses()));
}

// Training also needs a loss the dataset's task takes, and the labels the train step reads.
void checkTrainable(const RunPlan& plan) {
  const data::DatasetIO& io = plan.dataset();
  const task::Task& task = plan.datasetTask();
  task.checkLoss(plan.config.loss, io);
  const program::TrainStepSignature& sig = plan.step;
  const std::vector<ir::TensorType> graphLabels(
      sig.arguments.begin() + static_cast<std::ptrdiff_t>(sig.labels.begin),
      sig.arguments.begin() + static_cast<std::ptrdiff_t>(sig.labels.end()));
  // One replica's share of the batch (ProgramOptions::replicaBatch).
  const std::vector<ir::TensorType> dataLabels =
      task.labelTypes(io, plan.config.replicaBatch(), plan.config.loss);
  if (graphLabels != dataLabels)
    throw ConfigError(plan.spec.name + "'s train step takes labels " + typesText(graphLabels) +
                      " but dataset " + std::string(data::datasetKindName(io.kind())) + " (" +
                      std::string(task.name()) + ") gives " + typesText(dataLabels));
}

RunPlan withDataset(RunPlan plan, const data::DatasetSpec& dataset) {
  // A token dataset's records are windows of the net's context.
  data::DatasetSpec windowed = dataset;
  if (plan.spec.input.tokens()) windowed.window = plan.spec.input.context;
  plan.io = &data::datasetIO(windowed);
  plan.task = &task::taskOf(*plan.io);
  checkDatasetFits(plan.spec, *plan.io);
  return plan;
}

void writeGraph(const ir::Module& module, const RunFiles& files, Graph graph) {
  writeFileAtomically(files.graph(graph), mlir::print(module));
}

// The eval forward into a directory that exists.
void writeEvalGraphInto(const RunPlan& plan) {
  writeGraph(*program::buildEvalForward(plan.spec, plan.evalBatch, plan.config.precision),
             plan.files, Graph::fwdEval);
}

} // namespace

const data::DatasetIO& RunPlan::dataset() const {
  if (!io) throw std::logic_error("a plan of " + spec.name + "'s graphs alone has no dataset");
  return *io;
}

const task::Task& RunPlan::datasetTask() const {
  if (!task) throw std::logic_error("a plan of " + spec.name + "'s graphs alone has no task");
  return *task;
}

RunPlan RunPlan::withEvalBatch(int64_t batch) const {
  RunPlan plan = *this;
  plan.evalBatch = batch;
  plan.eval = program::evalSignature(spec, batch);
  return plan;
}

RunPlan planGraphs(const nn::NetSpec& net, const TrainConfig& config) {
  RunPlan plan;
  plan.spec = taggedSpec(net, config);
  validate(config, plan.spec);
  plan.config = config;
  plan.files = RunFiles{program::buildPrefix(plan.spec, config.artifactsDir)};
  plan.step = program::trainStepSignature(plan.spec, plan.config);
  plan.evalBatch = config.batch;
  plan.eval = program::evalSignature(plan.spec, plan.evalBatch);
  return plan;
}

RunPlan planEvaluation(const nn::NetSpec& net, const TrainConfig& config,
                       const data::DatasetSpec& dataset) {
  return withDataset(planGraphs(net, config), dataset);
}

RunPlan planTraining(const nn::NetSpec& net, const TrainConfig& config,
                     const data::DatasetSpec& dataset) {
  RunPlan plan = planEvaluation(net, config, dataset);
  checkTrainable(plan);
  return plan;
}

void createRunDirectory(const RunFiles& files) {
  std::filesystem::path dir = std::filesystem::path(files.prefix).parent_path();
  std::error_code ec;
  if (!dir.empty()) std::filesystem::create_directories(dir, ec);
  if (ec)
    throw RuntimeError(dir.string() + ": cannot create the artifacts directory (" + ec.message() +
                       ")");
}

void writeGraphs(const RunPlan& plan) {
  createRunDirectory(plan.files);
  const nn::Precision precision = plan.config.precision;
  writeGraph(*program::buildForward(plan.spec, plan.config.batch, precision), plan.files,
             Graph::fwd);
  writeEvalGraphInto(plan);
  writeGraph(*program::buildTrainStep(plan.spec, plan.config), plan.files, Graph::trainStep);
}

void writeEvalGraph(const RunPlan& plan) {
  createRunDirectory(plan.files);
  writeEvalGraphInto(plan);
}

data::Dataset loadSplit(const RunPlan& plan, const std::string& dataDir, data::Split split) {
  data::Dataset set = plan.dataset().load(dataDir, split);
  if (set.size() == 0)
    throw ConfigError(dataDir + ": the " + (split == data::Split::train ? "train" : "test") +
                      " split has no records");
  return set;
}

} // namespace hlotrain::train

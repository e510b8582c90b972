#include "train/Evaluator.h"

#include <algorithm>

#include "ir/Npy.h"
#include "lower/select/Select.h"
#include "metrics/Classification.h"
#include "support/AtomicFile.h"
#include "support/Error.h"
#include "support/Format.h"
#include "support/Stopwatch.h"
#include "task/Task.h"
#include "train/StepBinding.h"
#include "train/TorchImport.h"

namespace hlotrain::train {

namespace {

// A buffer's tensor on the host: read in place where the lowerer keeps it there, else downloaded
// into `storage`.
const ir::Tensor& hostView(lower::Lowerer& lowerer, const lower::Buffer& buffer,
                           ir::Tensor& storage) {
  if (const ir::Tensor* t = buffer.hostTensor()) return *t;
  storage = lowerer.download(buffer);
  return storage;
}

} // namespace

Evaluator::Evaluator(const RunPlan& plan, lower::Lowerer& lowerer, const data::Dataset& dataset)
    : plan_(plan), lowerer_(lowerer), session_(lowerer.load(plan.files, Graph::fwdEval)),
      dataset_(dataset), batches_(plan.dataset(), dataset, plan.evalBatch) {}

ir::Shape Evaluator::rowShape() const {
  const ir::Shape& logits = plan_.eval.results[plan_.eval.logits.begin].shape;
  return {logits.begin() + 1, logits.end()};
}

EvalRecord Evaluator::run(const TrainState& state, std::span<lower::Buffer* const> params,
                          const RowsVisitor& visit) {
  const Stopwatch time;
  const task::Task& task = plan_.datasetTask();
  const program::LossOptions& loss = plan_.config.loss; // how a detector decodes its confidence
  std::unique_ptr<task::Evaluation> evaluation = task.evaluation(plan_.dataset(), dataset_, loss);
  std::unique_ptr<task::Gallery> gallery = task.gallery(plan_.dataset(), dataset_, loss);
  forEachBatch(state, params,
               [&](std::span<const float> inputs, std::span<const float> rows,
                   std::span<const int32_t> labels, std::span<const int64_t> records) {
                 evaluation->add(rows, labels, records);
                 gallery->add(inputs, rows, labels, records);
                 if (visit) visit(rows, static_cast<int64_t>(records.size()));
               });
  EvalRecord r;
  r.epoch = state.position.epoch;
  r.step = state.position.step;
  r.scores = evaluation->scores();
  r.seconds = time.seconds();
  samples_ = gallery->jsonFields();
  symptom_ = evaluation->symptom();
  return r;
}

void Evaluator::writeSamples(const EvalRecord& record) const {
  writeFileAtomically(plan_.files.samples(),
                      "{\"type\":\"samples\",\"epoch\":" + std::to_string(record.epoch) +
                          ",\"step\":" + std::to_string(record.step) + "," + samples_ + "}\n");
}

// Calls visit(inputs, logits, labels, records) per batch, in record order; inputs and logits are
// the graph's input and output rows ([batch, ...] row-major), of which the first records.size()
// are real.
void Evaluator::forEachBatch(const TrainState& state, std::span<lower::Buffer* const> params,
                             const BatchVisitor& visit) {
  const program::EvalSignature& sig = plan_.eval;
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
  std::vector<metrics::EvalBatch> plan = metrics::evalBatches(dataset_.size(), plan_.evalBatch);
  std::vector<int64_t> order;
  for (const metrics::EvalBatch& b : plan)
    order.insert(order.end(), b.records.begin(), b.records.end());
  batches_.start(std::move(order));
  ir::Tensor downloaded;
  const Stopwatch time;
  int64_t done = 0;
  while (std::optional<data::BatchPrefetcher::Batch> b = batches_.next()) {
    copyBatchInput(*b, x);
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
      const double seconds = time.seconds();
      const double rate = static_cast<double>(done) / seconds;
      progress_->show("eval  " + std::to_string(done) + "/" + std::to_string(dataset_.size()) +
                      " records  " + formatFixed(rate, 1) + " " +
                      std::string(plan_.datasetTask().recordNames().abbreviated) + "/s  " +
                      formatDuration(seconds) + ", ETA " +
                      formatDuration(static_cast<double>(dataset_.size() - done) / rate));
    }
  }
  if (progress_) progress_->clear();
}

namespace {

// Evaluates a checkpoint (default `<prefix>_checkpoint.bin`) on every test record and logs it;
// `makeVisitor` gets the plan it runs and the shape of one record's logits.
EvalRecord evaluateCheckpoint(
    const RunPlan& planned, const std::string& dataDir, std::ostream& log,
    const std::string& checkpoint, lower::Lowerer* runOn,
    const std::function<Evaluator::RowsVisitor(const RunPlan& plan, const ir::Shape& row,
                                               int64_t records)>& makeVisitor) {
  std::unique_ptr<lower::Lowerer> ownLowerer;
  if (!runOn) ownLowerer = lower::lowererFromEnvironment();
  lower::Lowerer* lowerer = runOn ? runOn : ownLowerer.get();
  const std::string path = checkpoint.empty() ? planned.files.checkpoint() : checkpoint;
  TrainState state = isStateDictArchive(path) ? importStateDict(path, planned.spec)
                                              : loadCheckpoint(path, planned.spec);
  data::Dataset testSet = loadSplit(planned, dataDir, data::Split::test);
  const RunPlan plan = planned.withEvalBatch(std::min(planned.config.batch, testSet.size()));
  writeEvalGraph(plan);
  lowerer->prepare(plan.files, Graph::fwdEval);
  Evaluator evaluator(plan, *lowerer, testSet);
  std::vector<std::unique_ptr<lower::Buffer>> params;
  std::vector<lower::Buffer*> paramBuffers;
  for (const ir::Tensor& t : state.params) {
    params.push_back(lowerer->upload(t));
    paramBuffers.push_back(params.back().get());
  }
  EvalRecord r =
      evaluator.run(state, paramBuffers, makeVisitor(plan, evaluator.rowShape(), testSet.size()));
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

EvalRecord evaluate(const RunPlan& plan, const std::string& dataDir, std::ostream& log,
                    const EvalOutputs& outputs) {
  const std::pair<task::RecordOutput, std::string> requested[] = {
      {task::RecordOutput::predictions, outputs.predictionsPath},
      {task::RecordOutput::detections, outputs.detectionsPath}};
  for (const auto& [output, path] : requested)
    if (!path.empty()) plan.datasetTask().checkRecordOutput(output, plan.dataset());
  std::optional<ir::NpyWriter> logits;
  std::vector<std::unique_ptr<task::RecordWriter>> writers;
  EvalRecord r = evaluateCheckpoint(
      plan, dataDir, log, outputs.checkpoint, outputs.lowerer,
      [&](const RunPlan& run, const ir::Shape& row, int64_t records) -> Evaluator::RowsVisitor {
        if (!outputs.logitsPath.empty())
          logits.emplace(outputs.logitsPath, outputType(ir::ElementType::f32, row, records));
        for (const auto& [output, path] : requested)
          if (!path.empty())
            writers.push_back(run.datasetTask().recordWriter(output, path, run.dataset(), row,
                                                             records, run.config.loss));
        int64_t perRow = 1;
        for (int64_t d : row) perRow *= d;
        return [&, perRow](std::span<const float> rows, int64_t realRows) {
          if (logits) logits->append(rows.data(), static_cast<size_t>(realRows * perRow) * 4);
          for (const std::unique_ptr<task::RecordWriter>& w : writers) w->add(rows, realRows);
        };
      });
  if (logits) logits->commit();
  for (const std::unique_ptr<task::RecordWriter>& w : writers) w->commit();
  return r;
}

EvalRecord evaluate(const nn::NetSpec& spec, const TrainConfig& config,
                    const data::DatasetSpec& dataset, const std::string& dataDir, std::ostream& log,
                    const EvalOutputs& outputs) {
  return evaluate(planEvaluation(spec, config, dataset), dataDir, log, outputs);
}

EvalLogits evalLogits(const nn::NetSpec& spec, const TrainConfig& config,
                      const data::DatasetSpec& dataset, const std::string& dataDir,
                      std::ostream& log, const std::string& checkpoint) {
  EvalLogits result;
  float* next = nullptr;
  result.record = evaluateCheckpoint(
      planEvaluation(spec, config, dataset), dataDir, log, checkpoint, nullptr,
      [&](const RunPlan&, const ir::Shape& row, int64_t records) -> Evaluator::RowsVisitor {
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

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "HookedLowerer.h"
#include "TrainFixtures.h"
#include "data/Batch.h"
#include "data/Random.h"
#include "metrics/Classification.h"
#include "nn/Init.h"
#include "nn/Zoo.h"
#include "support/Error.h"
#include "support/RunFiles.h"
#include "tests/data/RecordFiles.h"
#include "train/Schedule.h"
#include "train/Trainer.h"

using namespace hlotrain;
using namespace hlotrain::train;

namespace {

class TrainerTest : public fixtures::TrainScratch {
protected:
  TrainResult run(const nn::NetSpec& spec, const TrainConfig& c, const RunMode& mode = {}) {
    return train::train(spec, c, data::DatasetKind::mnist, dir.string(), log, mode);
  }
  std::vector<std::string> lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  }
  std::vector<char> bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  // The steps of the checkpoints the log reports, in order.
  std::vector<int64_t> checkpointSteps() {
    std::istringstream in(log.str());
    std::vector<int64_t> steps;
    for (std::string line; std::getline(in, line);)
      if (line.rfind("checkpoint ", 0) == 0)
        steps.push_back(std::stoll(line.substr(line.rfind("(step ") + 6)));
    return steps;
  }
};

// A metrics record without what differs between processes (loss, timings, steps per process).
std::string recordKey(const std::string& line) {
  size_t at = line.find(",\"steps\"");
  return line.substr(0, at != std::string::npos ? at : line.find(",\"seconds\""));
}

void expectSameState(const TrainState& a, const TrainState& b) {
  EXPECT_EQ(a.params, b.params);
  EXPECT_EQ(a.bnMean, b.bnMean);
  EXPECT_EQ(a.bnVar, b.bnVar);
  EXPECT_EQ(a.optState, b.optState);
  EXPECT_EQ(a.position.step, b.position.step);
  EXPECT_EQ(a.position.epoch, b.position.epoch);
}

TEST_F(TrainerTest, LearnsASyntheticDatasetAndWritesEveryArtifact) {
  TrainConfig c = smallConfig();
  TrainResult r = run(fixtures::tinyBnNet(), c);
  ASSERT_EQ(r.stepLosses.size(), 20u); // 160 records / batch 16, two epochs
  ASSERT_EQ(r.epochLosses.size(), 2u);
  EXPECT_LT(r.epochLosses[1], r.epochLosses[0]);
  EXPECT_LT(r.stepLosses.back(), 0.5f * r.stepLosses.front());
  ASSERT_TRUE(r.finalScore);
  EXPECT_GT(*r.finalScore, 0.8) << log.str(); // chance is 0.1
  ASSERT_EQ(r.evals.size(), 2u);
  EXPECT_EQ(classificationScores(r.evals.back()).total,
            50); // every test record, the padded tail included once
  EXPECT_EQ(r.state.position.step, 20);

  for (const char* suffix : {"_fwd.mlir", "_fwd_eval.mlir", "_train_step.mlir", "_params.bin",
                             "_bn_stats.bin", "_checkpoint.bin", "_metrics.jsonl"})
    EXPECT_TRUE(std::filesystem::exists(r.prefix + suffix)) << suffix;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "artifacts"))
    EXPECT_EQ(entry.path().string().find(".tmp"), std::string::npos) << entry.path();
  EXPECT_EQ(r.prefix, (dir / "artifacts" / "tiny_bn").string());
  EXPECT_EQ(std::filesystem::file_size(r.prefix + "_params.bin"),
            static_cast<uintmax_t>(nn::parameterCount(fixtures::tinyBnNet())) * 4);

  std::vector<std::string> metrics = lines(r.prefix + "_metrics.jsonl");
  ASSERT_EQ(metrics.size(), 5u);
  EXPECT_EQ(metrics[0].rfind("{\"type\":\"run\",\"hlotrain\":\"hlotrain ", 0), 0u) << metrics[0];
  EXPECT_NE(metrics[0].find("\"net\":\"Tiny-BN\""), std::string::npos) << metrics[0];
  EXPECT_EQ(metrics[1].rfind("{\"type\":\"epoch\",\"epoch\":1,\"step\":10,", 0), 0u) << metrics[1];
  EXPECT_EQ(metrics[2].rfind("{\"type\":\"eval\",\"epoch\":1,\"step\":10,", 0), 0u) << metrics[2];
  EXPECT_NE(log.str().find("accuracy"), std::string::npos);
}

// A run stopped after one epoch and resumed for the second ends bit for bit where an
// uninterrupted run does, BatchNorm running statistics and Adam moments included.
TEST_F(TrainerTest, ResumeContinuesExactlyAtAnEpochBoundary) {
  TrainConfig straight = smallConfig();
  straight.artifactsDir = (dir / "straight").string();
  TrainResult a = run(fixtures::tinyBnNet(), straight);

  TrainConfig split = smallConfig();
  split.maxSteps = 10;
  TrainResult first = run(fixtures::tinyBnNet(), split);
  EXPECT_EQ(first.state.position.step, 10);
  split.maxSteps = 0;
  RunMode resume;
  resume.resume = true;
  TrainResult second = run(fixtures::tinyBnNet(), split, resume);
  EXPECT_EQ(second.stepLosses.size(), 10u);
  expectSameState(second.state, a.state);
  EXPECT_EQ(bytes(second.prefix + "_params.bin"), bytes(a.prefix + "_params.bin"));
  EXPECT_EQ(bytes(second.prefix + "_bn_stats.bin"), bytes(a.prefix + "_bn_stats.bin"));
  EXPECT_EQ(*second.finalScore, *a.finalScore);
  // Resumed runs append, under the header of the run's first process.
  EXPECT_EQ(lines(second.prefix + "_metrics.jsonl").size(), 5u);
}

// The best checkpoint is the state of the evaluation with the best accuracy, the same whether the
// run was split by a resume or not; a resumed run compares its evaluations with those logged
// before it.
TEST_F(TrainerTest, TheBestCheckpointIsTheBestEvaluationAcrossAResume) {
  TrainConfig straight = smallConfig();
  straight.epochs = 3;
  straight.artifactsDir = (dir / "straight").string();
  TrainResult a = run(fixtures::tinyBnNet(), straight);
  ASSERT_EQ(a.evals.size(), 3u);
  size_t best = 0;
  for (size_t i = 1; i < a.evals.size(); ++i)
    if (task::headline(a.evals[i].scores) > task::headline(a.evals[best].scores)) best = i;
  TrainState saved = loadCheckpoint(RunFiles{a.prefix}.bestCheckpoint(), fixtures::tinyBnNet());
  EXPECT_EQ(saved.position.step, a.evals[best].step);

  TrainConfig split = smallConfig();
  split.epochs = 3;
  split.maxSteps = 10;
  run(fixtures::tinyBnNet(), split);
  split.maxSteps = 0;
  RunMode resume;
  resume.resume = true;
  TrainResult b = run(fixtures::tinyBnNet(), split, resume);
  EXPECT_EQ(bytes(RunFiles{b.prefix}.bestCheckpoint()), bytes(RunFiles{a.prefix}.bestCheckpoint()));

  // Were the first evaluation perfect, no later one would replace its checkpoint.
  split.artifactsDir = (dir / "perfect").string();
  split.maxSteps = 10;
  TrainResult c = run(fixtures::tinyBnNet(), split);
  std::vector<std::string> records = lines(c.prefix + "_metrics.jsonl");
  std::ofstream rewritten(c.prefix + "_metrics.jsonl");
  for (std::string record : records) {
    if (size_t at = record.find("\"accuracy\":"); at != std::string::npos)
      record.replace(at, record.find(',', at) - at, "\"accuracy\":1");
    rewritten << record << "\n";
  }
  rewritten.close();
  std::filesystem::remove(RunFiles{c.prefix}.bestCheckpoint());
  split.maxSteps = 0;
  run(fixtures::tinyBnNet(), split, resume);
  EXPECT_FALSE(std::filesystem::exists(RunFiles{c.prefix}.bestCheckpoint()));
}

TEST_F(TrainerTest, ResumeContinuesExactlyInsideAnEpoch) {
  TrainConfig c = smallConfig();
  c.optimizer = program::Optimizer::sgd;
  c.momentum = 0.5f;
  c.seed = 5;
  c.artifactsDir = (dir / "straight").string();
  TrainResult a = run(nn::mnistLinear(), c);
  c.artifactsDir = (dir / "split").string();
  c.maxSteps = 13;
  run(nn::mnistLinear(), c);
  c.maxSteps = 0;
  RunMode resume;
  resume.resume = true;
  TrainResult b = run(nn::mnistLinear(), c, resume);
  EXPECT_EQ(b.stepLosses.size(), 7u);
  expectSameState(b.state, a.state);

  c.batch = 8; // another data order cannot continue this run
  try {
    run(nn::mnistLinear(), c, resume);
    ADD_FAILURE() << "resumed with another batch";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--batch is 8 but ", 0), 0u) << e.what();
  }
}

// CutMix, mixup and stochastic depth are drawn at each batch's (epoch, index): a run resumed inside
// an epoch ends bit for bit where the uninterrupted one does, and the mixing really happens (the
// losses differ from the same run's without it).
TEST_F(TrainerTest, MixingAndStochasticDepthResumeExactly) {
  const nn::NetSpec vit = fixtures::tinyVit();
  TrainConfig c = smallConfig();
  c.learningRate = 0.001;
  c.dropPath = 0.2f;
  c.artifactsDir = (dir / "plain").string();
  const TrainResult plain = run(vit, c);
  c.loss.cutmixAlpha = 1.0f;
  c.loss.mixupAlpha = 0.8f;
  c.artifactsDir = (dir / "straight").string();
  const TrainResult a = run(vit, c);
  EXPECT_NE(a.stepLosses, plain.stepLosses);
  c.artifactsDir = (dir / "split").string();
  c.maxSteps = 13;
  run(vit, c);
  c.maxSteps = 0;
  RunMode resume;
  resume.resume = true;
  const TrainResult b = run(vit, c, resume);
  EXPECT_EQ(b.stepLosses.size(), 7u);
  expectSameState(b.state, a.state);
}

TEST_F(TrainerTest, EvalOnlyScoresTheCheckpoint) {
  TrainConfig c = smallConfig();
  c.epochs = 1;
  c.warmupEpochs = 0;
  TrainResult trained = run(fixtures::tinyBnNet(), c);
  EvalRecord e = evaluate(fixtures::tinyBnNet(), c, data::DatasetKind::mnist, dir.string(), log);
  EXPECT_EQ(classificationScores(e).correct, classificationScores(trained.evals.back()).correct);
  EXPECT_EQ(classificationScores(e).total, 50);
  c.batch = 7; // the eval batch is free: 50 = 7 * 7 + 1, six padded rows
  RunMode evalOnly;
  evalOnly.evalOnly = true;
  TrainResult r = run(fixtures::tinyBnNet(), c, evalOnly);
  EXPECT_TRUE(r.stepLosses.empty());
  EXPECT_EQ(classificationScores(r.evals.at(0)).correct,
            classificationScores(trained.evals.back()).correct);
  EXPECT_EQ(classificationScores(r.evals.at(0)).total, 50);

  EvalOutputs other;
  other.checkpoint = trained.prefix + "_checkpoint.bin";
  EXPECT_THROW(evaluate(nn::mnistLinear(), c, data::DatasetKind::mnist, dir.string(), log, other),
               ParseError);
}

// The logits come out in record order with the tail padding dropped, and score exactly what
// evaluate() scores: record i's row must match the same rows computed in one batch.
TEST_F(TrainerTest, EvalLogitsCoverEveryRecordInOrder) {
  TrainConfig c = smallConfig();
  c.epochs = 1;
  c.warmupEpochs = 0;
  TrainResult trained = run(fixtures::tinyBnNet(), c);
  c.batch = 7; // 50 = 7 * 7 + 1: the last batch holds one real record and six padded ones
  EvalLogits e = evalLogits(fixtures::tinyBnNet(), c, data::DatasetKind::mnist, dir.string(), log);
  ASSERT_EQ(e.logits.shape(), (ir::Shape{50, 10}));
  EXPECT_EQ(classificationScores(e.record).correct,
            classificationScores(trained.evals.back()).correct);
  EXPECT_EQ(classificationScores(e.record).total, 50);

  c.batch = 50;
  EvalLogits whole =
      evalLogits(fixtures::tinyBnNet(), c, data::DatasetKind::mnist, dir.string(), log);
  const float* a = e.logits.data<float>();
  const float* b = whole.logits.data<float>();
  for (int64_t i = 0; i < 500; ++i)
    ASSERT_NEAR(a[i], b[i], 1e-4f * (1 + std::abs(b[i]))) << "element " << i;
  data::Dataset test = data::loadDataset(data::DatasetKind::mnist, dir.string(), data::Split::test);
  int64_t correct = 0;
  for (int64_t i = 0; i < 50; ++i) {
    int32_t label = 0;
    std::memcpy(&label, test.label(i).data(), sizeof label);
    correct += metrics::argmax(a + i * 10, 10) == label;
  }
  EXPECT_EQ(correct, classificationScores(e.record).correct);
}

TEST_F(TrainerTest, InitDumpWritesTheHeParameters) {
  TrainConfig c = smallConfig();
  c.maxSteps = 1;
  RunMode mode;
  mode.initDump = (dir / "init.bin").string();
  run(nn::mnistLinear(), c, mode);
  std::vector<char> dumped = bytes(mode.initDump);
  std::vector<char> expected;
  for (const ir::Tensor& t : nn::initialParameters(nn::mnistLinear()))
    expected.insert(expected.end(), reinterpret_cast<const char*>(t.bytes()),
                    reinterpret_cast<const char*>(t.bytes()) + t.byteSize());
  EXPECT_EQ(dumped, expected);
}

TEST_F(TrainerTest, BadInputsFailBeforeTraining) {
  TrainConfig c = smallConfig();
  EXPECT_THROW(
      train::train(nn::mnistLinear(), c, data::DatasetKind::mnist, (dir / "nothing").string(), log),
      ParseError);
  c.batch = 1000; // more than the 160 training records
  EXPECT_THROW(run(nn::mnistLinear(), c), ConfigError);
  c = smallConfig();
  c.epochs = int64_t{1} << 62; // its global steps would overflow
  c.warmupEpochs = 0;
  EXPECT_THROW(run(nn::mnistLinear(), c), ConfigError);
  EXPECT_FALSE(std::filesystem::exists(dir / "artifacts"));
}

// `--resume` is the one restart command of a run killed at any moment, before its first
// checkpoint included: then it starts the run afresh (and says so).
TEST_F(TrainerTest, ResumeWithoutACheckpointStartsFresh) {
  TrainConfig c = smallConfig();
  c.epochs = 1;
  c.warmupEpochs = 0;
  const TrainConfig first = c;
  RunMode resume;
  resume.resume = true;
  TrainResult a = run(nn::mnistLinear(), c, resume);
  EXPECT_NE(log.str().find("no checkpoint at " + a.prefix +
                           "_checkpoint.bin yet: starting a "
                           "fresh run"),
            std::string::npos)
      << log.str();
  c.artifactsDir = (dir / "fresh").string();
  TrainResult b = run(nn::mnistLinear(), c);
  EXPECT_EQ(a.stepLosses, b.stepLosses);
  expectSameState(a.state, b.state);

  // Resuming a finished run runs nothing and leaves its files as they are.
  std::vector<char> params = bytes(a.prefix + "_params.bin");
  TrainResult again = run(nn::mnistLinear(), first, resume);
  EXPECT_TRUE(again.stepLosses.empty());
  EXPECT_NE(log.str().find("nothing left to run"), std::string::npos) << log.str();
  EXPECT_EQ(bytes(a.prefix + "_params.bin"), params);
  EXPECT_EQ(lines(a.prefix + "_metrics.jsonl").size(), 3u);
}

// With checkpointEverySteps a checkpoint follows every N-th global step; one due at the last
// step of an epoch is written once, after that epoch's evaluation.
TEST_F(TrainerTest, StepCheckpointsFollowTheirCadence) {
  TrainConfig c = smallConfig();
  c.checkpointEvery = 0;
  c.checkpointEverySteps = 4;
  run(nn::mnistLinear(), c);
  EXPECT_EQ(checkpointSteps(), (std::vector<int64_t>{4, 8, 12, 16, 20}));
  c.checkpointEverySteps = 5;
  c.artifactsDir = (dir / "five").string();
  log.str("");
  run(nn::mnistLinear(), c);
  EXPECT_EQ(checkpointSteps(), (std::vector<int64_t>{5, 10, 15, 20}));
  std::string text = log.str();
  EXPECT_LT(text.find("eval after epoch 1"), text.find("_checkpoint.bin (step 10)")) << text;
}

// A run that dies between checkpoints (here: the lowerer fails at step 8) resumes from its last
// step checkpoint, in the middle of the epoch, and ends bit-identical to an uninterrupted run:
// parameters, Adam moments, BatchNorm running statistics, the exports and the metrics records.
TEST_F(TrainerTest, AStepCheckpointResumesExactlyInsideAnEpoch) {
  TrainConfig c = smallConfig();
  c.epochs = 1;
  c.warmupEpochs = 0;
  c.seed = 3;
  c.checkpointEvery = 0;
  c.checkpointEverySteps = 3;
  c.artifactsDir = (dir / "straight").string();
  TrainResult straight = run(fixtures::tinyBnNet(), c);

  c.artifactsDir = (dir / "crashed").string();
  fixtures::HookedLowerer crashing([](std::string_view graph, int64_t call, auto, auto&) {
    if (graph != graphName(Graph::trainStep)) return;
    if (call == 8) throw RuntimeError("simulated crash");
  });
  RunMode mode;
  mode.lowerer = &crashing;
  EXPECT_THROW(run(fixtures::tinyBnNet(), c, mode), RuntimeError);
  std::string prefix = (dir / "crashed" / "tiny_bn").string();
  TrainState saved = loadCheckpoint(prefix + "_checkpoint.bin", fixtures::tinyBnNet());
  EXPECT_EQ(saved.position.step, 6);
  EXPECT_EQ(saved.position.epoch, 0);
  EXPECT_EQ(saved.position.batchIndex, 6);

  RunMode resume;
  resume.resume = true;
  TrainResult resumed = run(fixtures::tinyBnNet(), c, resume);
  EXPECT_EQ(resumed.stepLosses.size(), 4u);
  expectSameState(resumed.state, straight.state);
  for (const char* suffix : {"_params.bin", "_bn_stats.bin", "_checkpoint.bin"})
    EXPECT_EQ(bytes(prefix + suffix), bytes(straight.prefix + suffix)) << suffix;
  std::vector<std::string> a = lines(straight.prefix + "_metrics.jsonl");
  std::vector<std::string> b = lines(prefix + "_metrics.jsonl");
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(recordKey(a[i]), recordKey(b[i]));
}

// The trainer assembles batch k+1 on the prefetcher's thread while step k runs. Its steps must
// see exactly the batches of the synchronous loop written out here: the epoch's shuffled order,
// cut in batches, augmented at (epoch, batch index).
class PrefetchedTrainingTest : public TrainerTest {
protected:
  std::vector<ir::Tensor> synchronousParams(const nn::NetSpec& spec, const TrainConfig& c,
                                            data::DatasetKind kind) {
    data::Dataset set = data::loadDataset(kind, dir.string(), data::Split::train);
    TrainState s = initialState(spec, c.optimizer);
    TrainConfig synchronous = c;
    synchronous.artifactsDir = (dir / "synchronous").string();
    const RunPlan plan = planGraphs(spec, synchronous);
    writeGraphs(plan);
    std::unique_ptr<lower::Lowerer> cpu = lower::makeLowerer("cpu");
    std::unique_ptr<lower::Session> session = cpu->load(plan.files, Graph::trainStep);
    data::BatchAssembler assembler(data::datasetIO(kind), set);
    const int64_t steps = set.size() / c.batch;
    LrSchedule schedule{c.learningRate, c.cosine, c.warmupEpochs, c.epochs, steps};
    std::vector<ir::Tensor> in = s.params;
    in.insert(in.end(), s.optState.begin(), s.optState.end());
    const size_t carried = in.size();
    data::InputShape shape = data::datasetIO(kind).inputShape();
    in.emplace_back(
        ir::TensorType{ir::ElementType::f32, {c.batch, shape.channels, shape.height, shape.width}});
    in.emplace_back(ir::TensorType{ir::ElementType::i32, {c.batch}});
    in.push_back(ir::Tensor::scalar<float>(0.0f));
    in.push_back(ir::Tensor::scalar<float>(0.0f));
    int64_t t = 0;
    for (int64_t epoch = 0; epoch < c.epochs; ++epoch) {
      std::vector<int64_t> order =
          data::shuffleOrder(set.size(), data::epochShuffleSeed(c.seed, epoch));
      for (int64_t k = 0; k < steps; ++k) {
        ir::Tensor& x = in[carried];
        ir::Tensor& y = in[carried + 1];
        assembler.assemble(std::span(order).subspan(static_cast<size_t>(k * c.batch),
                                                    static_cast<size_t>(c.batch)),
                           std::span(x.data<float>(), x.numElements()),
                           std::span(y.data<int32_t>(), y.numElements()),
                           data::BatchPosition{epoch, k});
        ++t;
        in[carried + 2].set<float>(0, schedule.at(t));
        in[carried + 3].set<float>(0, static_cast<float>(t));
        std::vector<ir::Tensor> out = session->run(in);
        for (size_t i = 0; i < carried; ++i) in[i] = std::move(out[i]);
      }
    }
    return {in.begin(), in.begin() + static_cast<std::ptrdiff_t>(s.params.size())};
  }
};

TEST_F(PrefetchedTrainingTest, MnistStepsSeeTheSynchronousBatches) {
  TrainConfig c = smallConfig();
  c.seed = 11;
  TrainResult r = run(nn::mnistLinear(), c);
  EXPECT_EQ(r.state.params, synchronousParams(nn::mnistLinear(), c, data::DatasetKind::mnist));
}

// CIFAR-10 flips images at random per batch: the flips must follow the batch, not the thread.
TEST_F(PrefetchedTrainingTest, AugmentedCifarStepsSeeTheSynchronousBatches) {
  std::filesystem::create_directories(dir / "cifar-10");
  for (int64_t i = 0; i < 5; ++i)
    data::testing::writeBytes(dir / "cifar-10" / ("data_batch_" + std::to_string(i + 1) + ".bin"),
                              data::testing::labelledRecords(4 * i, 4, 32), false);
  data::testing::writeBytes(dir / "cifar-10" / "test_batch.bin",
                            data::testing::labelledRecords(20, 6, 32), false);
  nn::NetSpec net{"Tiny-CIFAR",
                  {nn::convBn(4, 3, 2), nn::maxPool(2, 2), nn::flatten(), nn::dense(10)},
                  {3, 32, 32},
                  10,
                  ""};
  TrainConfig c = smallConfig();
  c.batch = 4;
  c.seed = 2;
  TrainResult r = train::train(net, c, data::DatasetKind::cifar10, dir.string(), log);
  ASSERT_EQ(r.stepLosses.size(), 10u);
  EXPECT_EQ(r.state.params, synchronousParams(net, c, data::DatasetKind::cifar10));
}

} // namespace

#include "program/Program.h"

#include <cmath>
#include <limits>
#include <unordered_set>

#include "grad/Vjp.h"
#include "ir/Builder.h"
#include "ir/Verifier.h"
#include "nn/Compose.h"
#include "nn/Emit.h"
#include "support/Error.h"
#include "support/Format.h"
#include "support/RunFiles.h"
#include "support/YoloLayout.h"

namespace hlotrain::program {

using namespace ir;

namespace {

Value* scalarF32(Builder& b, float v) {
  return b.scalar<float>(v);
}
Value* full(Builder& b, Value* scalar, const Shape& shape) {
  return shape.empty() ? scalar : b.broadcastInDim(scalar, shape, {});
}
Value* full(Builder& b, float v, const Shape& shape) {
  return full(b, scalarF32(b, v), shape);
}

// A graph under construction whose arguments are those of a signature.
struct GraphUnderConstruction {
  std::unique_ptr<Module> module = std::make_unique<Module>();
  Function* main = nullptr;
  std::unique_ptr<Builder> b;
  std::vector<Value*> arguments;

  GraphUnderConstruction(std::string name, const std::vector<TensorType>& argumentTypes,
                         int64_t replicas = 1) {
    module->name = std::move(name);
    // Replicas and one partition: what PJRT consumers compile the graph as (LOWERERS.md "Several
    // devices"; the compile options say the same).
    module->attributes =
        "{mhlo.num_partitions = 1 : i32, mhlo.num_replicas = " + std::to_string(replicas) +
        " : i32}";
    main = &module->addFunction("main");
    b = std::make_unique<Builder>(main->body, module.get());
    for (const TensorType& t : argumentTypes) arguments.push_back(main->body.addArgument(t));
  }
  std::vector<Value*> args(Range range) const {
    return {arguments.begin() + static_cast<std::ptrdiff_t>(range.begin),
            arguments.begin() + static_cast<std::ptrdiff_t>(range.end())};
  }
  Value* arg(Range range) const { return arguments.at(range.begin); }
  // The results must be exactly the signature's. Argument donated[k].first is donated to result
  // donated[k].second: the one declaration of donation every lowerer reads.
  std::unique_ptr<Module> finish(std::vector<Value*> results,
                                 const std::vector<TensorType>& resultTypes,
                                 const std::vector<std::pair<size_t, size_t>>& donated = {}) {
    main->setResults(std::move(results));
    if (main->resultTypes != resultTypes)
      throw VerifyError(module->name + ": the results do not match the graph's signature");
    main->argAttributes.assign(main->body.args.size(), "");
    for (auto [argument, result] : donated)
      main->argAttributes[argument] = "{tf.aliasing_output = " + std::to_string(result) + " : i32}";
    main->resultAttributes.assign(main->body.results.size(), "");
    verify(*module);
    return std::move(module);
  }
};

// Appends `types` to a signature's list as one range.
Range append(std::vector<TensorType>& list, const std::vector<TensorType>& types) {
  Range range{list.size(), types.size()};
  list.insert(list.end(), types.begin(), types.end());
  return range;
}

std::vector<TensorType> paramTypes(const nn::NetSpec& spec) {
  std::vector<TensorType> types;
  for (const nn::ParamInfo& p : nn::parameters(spec)) types.push_back({ElementType::f32, p.shape});
  return types;
}

std::vector<TensorType> bnTypes(const nn::NetSpec& spec) {
  std::vector<TensorType> types;
  for (int64_t c : nn::bnChannels(spec)) types.push_back({ElementType::f32, {c}});
  return types;
}

std::string moduleName(const nn::NetSpec& spec, Graph graph) {
  return "jit_" + sanitizedName(spec.name) + "_" + std::string(graphName(graph));
}

// Scales every gradient by min(1, C / (‖g‖ + 1e-6)), ‖g‖ the L2 norm over all of them.
void clipByGlobalNorm(Builder& b, std::vector<Value*>& grads, float limit) {
  Value* squares = nullptr;
  for (Value* g : grads) {
    std::vector<int64_t> dims(g->type.shape.size());
    for (size_t d = 0; d < dims.size(); ++d) dims[d] = static_cast<int64_t>(d);
    Value* sum = b.reduce(b.multiply(g, g), scalarF32(b, 0.0f), dims, OpKind::add);
    squares = squares ? b.add(squares, sum) : sum;
  }
  Value* norm = b.unary(OpKind::sqrt, squares);
  Value* scale = b.minimum(scalarF32(b, 1.0f),
                           b.divide(scalarF32(b, limit), b.add(norm, scalarF32(b, 1e-6f))));
  for (Value*& g : grads) g = b.multiply(g, full(b, scale, g->type.shape));
}

// Data parallelism in replica mode (LOWERERS.md "Several devices"): every replica's gradients of
// its local loss, the loss itself and its BatchNorm batch statistics (all f32: the parameters
// are, whatever --precision multiplies in) are summed over the replicas by one all_reduce and
// divided by their count (the statistics only where each replica has its own: not under sync
// BN); the update that follows is then the same on every replica, which keeps them equal. Where the
// loss is a mean over records of equal weight (ce with or without label smoothing and soft targets,
// focal, yolov1's sum / B), the mean of the replicas' gradients is the gradient over the whole
// batch; weighted ce and dice normalize by sums over a replica's own records, so theirs is the mean
// of per-replica losses. The running statistics the host keeps are an EMA of the replicas' mean
// statistics.
void averageOverReplicas(Builder& b, int64_t replicas, std::vector<Value*>& grads, Value*& loss,
                         std::vector<Value*>& bnMeans, std::vector<Value*>& bnVars) {
  std::vector<Value*> values = grads;
  values.push_back(loss);
  values.insert(values.end(), bnMeans.begin(), bnMeans.end());
  values.insert(values.end(), bnVars.begin(), bnVars.end());
  std::vector<int64_t> everyReplica(static_cast<size_t>(replicas));
  for (int64_t r = 0; r < replicas; ++r) everyReplica[static_cast<size_t>(r)] = r;
  std::vector<Value*> sums = b.allReduce(values, OpKind::add, {everyReplica});
  Value* count = scalarF32(b, static_cast<float>(replicas));
  auto mean = [&](size_t i) { return b.divide(sums[i], full(b, count, sums[i]->type.shape)); };
  size_t i = 0;
  for (Value*& g : grads) g = mean(i++);
  loss = mean(i++);
  for (Value*& m : bnMeans) m = mean(i++);
  for (Value*& v : bnVars) v = mean(i++);
}

struct Updated {
  Value* param;
  std::vector<Value*> state;
};

Updated optimizerStep(Builder& b, const ProgramOptions& o, bool decays, Value* w, Value* g,
                      std::span<Value* const> state, Value* lr, Value* step) {
  const Shape& s = w->type.shape;
  Value* lrFull = full(b, lr, s);
  Value* update;
  std::vector<Value*> newState;
  if (o.optimizer == Optimizer::adam) {
    auto f32 = [](double x) { return static_cast<float>(x); };
    auto decayed = [&](double beta) { // 1 - beta^t
      return b.subtract(scalarF32(b, 1.0f), b.binary(OpKind::power, scalarF32(b, f32(beta)), step));
    };
    Value* m = b.add(b.multiply(full(b, f32(kAdamBeta1), s), state[0]),
                     b.multiply(full(b, f32(1.0 - kAdamBeta1), s), g));
    Value* v = b.add(b.multiply(full(b, f32(kAdamBeta2), s), state[1]),
                     b.multiply(full(b, f32(1.0 - kAdamBeta2), s), b.multiply(g, g)));
    Value* mHat = b.divide(m, full(b, decayed(kAdamBeta1), s));
    Value* vHat = b.divide(v, full(b, decayed(kAdamBeta2), s));
    update = b.divide(mHat, b.add(b.unary(OpKind::sqrt, vHat), full(b, f32(kAdamEpsilon), s)));
    newState = {m, v};
  } else {
    Value* velocity = b.add(b.multiply(full(b, o.momentum, s), state[0]), g);
    update = velocity;
    newState = {velocity};
  }
  Value* next = b.subtract(w, b.multiply(lrFull, update));
  if (decays && o.weightDecay > 0.0f)
    next = b.subtract(next, b.multiply(b.multiply(lrFull, full(b, o.weightDecay, s)), w));
  return {next, newState};
}

bool isYoloHead(const nn::NetSpec& spec, const Shape& out) {
  return out.size() == 4 && out[1] == yolo::kChannels && spec.numClasses <= yolo::kClassSlots;
}

} // namespace

LossKind defaultLossKind(const nn::NetSpec& spec) {
  const Shape out = nn::outputShape(spec, 1);
  return isYoloHead(spec, out) && out[1] != spec.numClasses ? LossKind::yolov1
                                                            : LossKind::crossEntropy;
}

namespace {

// A language model's logits [B, T, V] hold the vocabulary last (FAMILIES.md 2.4); the losses read
// the classes on dim 1, so the train step moves them there: [B, V, T], T labelled positions.
bool classesLast(const nn::NetSpec& spec) {
  return spec.input.tokens();
}

Shape lossLogitsShape(const nn::NetSpec& spec, int64_t batch) {
  Shape out = nn::outputShape(spec, batch);
  if (classesLast(spec) && out.size() == 3) return {out[0], out[2], out[1]};
  return out;
}

} // namespace

void validateHead(const nn::NetSpec& spec, LossKind kind, int64_t batch) {
  auto fail = [](const std::string& m) { throw ConfigError(m); };
  if (batch < 1) fail("batch must be at least 1, got " + std::to_string(batch));
  if (spec.numClasses < 2) fail(spec.name + ": needs at least 2 classes");
  const Shape out = nn::outputShape(spec, batch);
  if (classesLast(spec)) {
    const Shape expected = {batch, spec.input.context, spec.numClasses};
    if (out != expected)
      fail(spec.name + ": output " + toString(out) + " is not next-token scores " +
           toString(expected));
    if (kind != LossKind::crossEntropy)
      fail("--loss " + std::string(lossName(kind)) + ": a language model trains with ce");
    return;
  }
  if (isDetection(kind)) {
    if (out[0] != batch || !isYoloHead(spec, out))
      fail(spec.name + ": output " + toString(out) +
           " is not a YOLOv1 head [B, 30, G, G] of at most 20 classes, as --loss yolov1 reads");
    return;
  }
  if ((out.size() != 2 && out.size() != 4) || out[0] != batch || out[1] != spec.numClasses)
    fail(spec.name + ": output " + toString(out) + " is neither " +
         std::to_string(spec.numClasses) + " class scores [B, " + std::to_string(spec.numClasses) +
         "] nor per-pixel scores [B, " + std::to_string(spec.numClasses) + ", H, W]" +
         (defaultLossKind(spec) == LossKind::yolov1 ? " (a YOLOv1 head: --loss yolov1)" : ""));
}

void validateOptions(const ProgramOptions& o, std::optional<int64_t> numClasses) {
  auto fail = [](const std::string& m) { throw ConfigError(m); };
  if (!(o.momentum >= 0.0f && o.momentum < 1.0f))
    fail("--momentum must be in [0, 1), got " + formatNumber(o.momentum));
  if (o.optimizer != Optimizer::sgd && o.momentum != 0.9f)
    fail("--momentum must be left at 0.9 with the adam optimizer (it applies to sgd only), got " +
         formatNumber(o.momentum));
  if (!(o.weightDecay >= 0.0f) || !std::isfinite(o.weightDecay))
    fail("--weight-decay must be a finite value >= 0, got " + formatNumber(o.weightDecay));
  if (o.clipGradNorm && !(std::isfinite(*o.clipGradNorm) && *o.clipGradNorm > 0.0f))
    fail("--clip-grad-norm must be a finite value > 0, got " + formatNumber(*o.clipGradNorm));
  if (!(o.dropPath >= 0.0f && o.dropPath < 1.0f))
    fail("--drop-path must be in [0, 1), got " + formatNumber(o.dropPath));
  if (o.devices < 1) fail("--devices must be at least 1, got " + std::to_string(o.devices));
  if (o.batch % o.devices != 0)
    fail("--devices " + std::to_string(o.devices) + " does not divide --batch " +
         std::to_string(o.batch) + ": each device trains on an equal share of the batch");
  validateLoss(o.loss, numClasses);
}

void validate(const nn::NetSpec& spec, const ProgramOptions& o) {
  validateHead(spec, o.loss.kind, o.batch);
  validateOptions(o, spec.numClasses);
  validateForNet(spec, o);
}

void validateForNet(const nn::NetSpec& spec, const ProgramOptions& o) {
  if (o.loss.softTargets() && nn::outputShape(spec, o.batch).size() != 2)
    throw ConfigError("--cutmix and --mixup mix the class labels of records: " + spec.name +
                      "'s output " + toString(nn::outputShape(spec, o.batch)) +
                      " is not class scores [B, NC]");
  if (o.dropPath > 0.0f && nn::dropPathDepths(spec).empty())
    throw ConfigError("--drop-path: " + spec.name +
                      " has no residual branches that stochastic depth drops (a transformer's "
                      "encoder blocks have)");
}

std::string sanitizedName(std::string_view name) {
  std::string out;
  bool inRun = false;
  for (char c : name) {
    char l = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    bool keep = (l >= 'a' && l <= 'z') || (l >= '0' && l <= '9');
    if (keep)
      out += l;
    else if (!inRun)
      out += '_';
    inRun = !keep;
  }
  return out;
}

std::string buildPrefix(const nn::NetSpec& spec, const std::string& artifactsDir) {
  std::string prefix = artifactsDir + "/" + sanitizedName(spec.name);
  if (!spec.buildTag.empty()) prefix += "_" + sanitizedName(spec.buildTag);
  return prefix;
}

std::string trainFnName(const nn::NetSpec& spec) {
  return moduleName(spec, Graph::trainStep) + ".main";
}

int64_t optimizerSlots(Optimizer optimizer) {
  return optimizer == Optimizer::adam ? 2 : 1;
}

TrainStepSignature trainStepSignature(const nn::NetSpec& spec, const ProgramOptions& o) {
  TrainStepSignature sig;
  const int64_t batch = o.replicaBatch();
  const std::vector<TensorType> pTypes = paramTypes(spec);
  std::vector<TensorType>& args = sig.arguments;
  sig.params = append(args, pTypes);
  sig.optState = {args.size(), 0};
  for (int64_t slot = 0; slot < optimizerSlots(o.optimizer); ++slot)
    sig.optState.count += append(args, pTypes).count;
  sig.input = append(args, {nn::inputType(spec, batch)});
  sig.labels = append(args, labelTypes(o.loss, lossLogitsShape(spec, batch)));
  sig.lr = append(args, {{ElementType::f32, {}}});
  sig.step = append(args, {{ElementType::f32, {}}});
  sig.dropMask = {args.size(), 0};
  if (o.dropPath > 0.0f) {
    const int64_t branches = static_cast<int64_t>(nn::dropPathDepths(spec).size());
    sig.dropMask = append(args, {{ElementType::f32, {branches, batch}}});
  }
  sig.dropout = {args.size(), 0};
  for (const nn::DropoutSite& site : nn::dropoutSites(spec)) {
    Shape shape = {batch};
    shape.insert(shape.end(), site.features.begin(), site.features.end());
    sig.dropout.count += append(args, {{ElementType::f32, shape}}).count;
  }
  std::vector<TensorType>& results = sig.results;
  sig.newParams = append(results, pTypes);
  sig.newOptState =
      append(results, {args.begin() + static_cast<std::ptrdiff_t>(sig.optState.begin),
                       args.begin() + static_cast<std::ptrdiff_t>(sig.optState.end())});
  sig.loss = append(results, {{ElementType::f32, {}}});
  sig.bnBatchMean = append(results, bnTypes(spec));
  sig.bnBatchVar = append(results, bnTypes(spec));
  return sig;
}

EvalSignature evalSignature(const nn::NetSpec& spec, int64_t batch) {
  EvalSignature sig;
  sig.params = append(sig.arguments, paramTypes(spec));
  sig.bnMean = append(sig.arguments, bnTypes(spec));
  sig.bnVar = append(sig.arguments, bnTypes(spec));
  sig.input = append(sig.arguments, {nn::inputType(spec, batch)});
  sig.logits = append(sig.results, {{ElementType::f32, nn::outputShape(spec, batch)}});
  return sig;
}

std::unique_ptr<Module> buildForward(const nn::NetSpec& spec, int64_t batch,
                                     nn::Precision precision) {
  std::vector<TensorType> types = paramTypes(spec);
  const Range params{0, types.size()}, input{types.size(), 1};
  types.push_back(nn::inputType(spec, batch));
  GraphUnderConstruction g(moduleName(spec, Graph::fwd), types);
  Value* logits = nn::emitForward(*g.b, spec, g.args(params), g.arg(input), nn::BnMode::batch, {},
                                  {}, precision)
                      .logits;
  return g.finish({logits}, {logits->type});
}

std::unique_ptr<Module> buildEvalForward(const nn::NetSpec& spec, int64_t batch,
                                         nn::Precision precision) {
  const EvalSignature sig = evalSignature(spec, batch);
  GraphUnderConstruction g(moduleName(spec, Graph::fwdEval), sig.arguments);
  return g.finish(
      {nn::emitForward(*g.b, spec, g.args(sig.params), g.arg(sig.input), nn::BnMode::running,
                       g.args(sig.bnMean), g.args(sig.bnVar), precision)
           .logits},
      sig.results);
}

DecodeSignature decodeSignature(const nn::NetSpec& spec, int64_t batch) {
  std::vector<TensorType> caches;
  nn::walkSteps(spec, 1, [&](const nn::Step& step, const Shape& in, const Shape&) {
    if (step.kind == nn::Step::Kind::attention)
      caches.push_back(
          {ElementType::f32, {batch, step.heads, spec.input.context, in[2] / step.heads}});
  });
  DecodeSignature sig;
  sig.params = append(sig.arguments, paramTypes(spec));
  sig.keys = append(sig.arguments, caches);
  sig.values = append(sig.arguments, caches);
  sig.ids = append(sig.arguments, {{ElementType::i32, {batch, 1}}});
  sig.position = append(sig.arguments, {{ElementType::i32, {}}});
  sig.logits = append(sig.results, {{ElementType::f32, {batch, spec.numClasses}}});
  sig.newKeys = append(sig.results, caches);
  sig.newValues = append(sig.results, caches);
  return sig;
}

std::unique_ptr<Module> buildDecodeStep(const nn::NetSpec& spec, int64_t batch) {
  const DecodeSignature sig = decodeSignature(spec, batch);
  GraphUnderConstruction g("jit_" + sanitizedName(spec.name) + "_decode", sig.arguments);
  nn::DecodeStep d = nn::emitDecodeStep(*g.b, spec, g.args(sig.params), g.arg(sig.ids),
                                        g.arg(sig.position), g.args(sig.keys), g.args(sig.values));
  std::vector<Value*> results = {d.logits};
  results.insert(results.end(), d.keys.begin(), d.keys.end());
  results.insert(results.end(), d.values.begin(), d.values.end());
  // The caches are updated where they lie.
  std::vector<std::pair<size_t, size_t>> donated;
  for (size_t i = 0; i < sig.keys.count; ++i) donated.push_back({sig.keys[i], sig.newKeys[i]});
  for (size_t i = 0; i < sig.values.count; ++i)
    donated.push_back({sig.values[i], sig.newValues[i]});
  return g.finish(std::move(results), sig.results, donated);
}

grad::CustomVjps customVjps(const nn::ForwardValues& forward) {
  grad::CustomVjps vjps;
  for (const nn::BatchNorm& bn : forward.batchNorms)
    vjps[bn.y] = {{bn.x, bn.gamma, bn.beta}, [bn](Builder& b, Value* dy) {
                    nn::BatchNormGrads g = nn::batchNormBackward(b, bn, dy);
                    return std::vector<Value*>{g.x, g.gamma, g.beta};
                  }};
  for (const nn::Upsample& up : forward.upsamples)
    vjps[up.y] = {{up.x}, [](Builder& b, Value* dy) {
                    return std::vector<Value*>{nn::upsample2xBackward(b, dy)};
                  }};
  for (const nn::Gelu& gelu : forward.gelus)
    vjps[gelu.y] = {{gelu.x}, [gelu](Builder& b, Value* dy) {
                      return std::vector<Value*>{nn::geluBackward(b, gelu, dy)};
                    }};
  for (const nn::LayerNorm& ln : forward.layerNorms)
    vjps[ln.y] = {{ln.x, ln.gamma, ln.beta}, [ln](Builder& b, Value* dy) {
                    nn::LayerNormGrads g = nn::layerNormBackward(b, ln, dy);
                    return std::vector<Value*>{g.x, g.gamma, g.beta};
                  }};
  for (const nn::BlockedAttention& a : forward.attentions)
    vjps[a.o] = {{a.q, a.k, a.v}, [a](Builder& b, Value* dO) {
                   nn::AttentionGrads g = nn::blockedAttentionBackward(b, a, dO);
                   return std::vector<Value*>{g.q, g.k, g.v};
                 }};
  for (const nn::Softmax& softmax : forward.softmaxes)
    vjps[softmax.y] = {{softmax.x}, [softmax](Builder& b, Value* dy) {
                         return std::vector<Value*>{nn::softmaxBackward(b, softmax, dy)};
                       }};
  return vjps;
}

std::unique_ptr<Module> buildTrainStep(const nn::NetSpec& spec, const ProgramOptions& o) {
  validate(spec, o);
  const TrainStepSignature sig = trainStepSignature(spec, o);
  GraphUnderConstruction g(moduleName(spec, Graph::trainStep), sig.arguments, o.devices);
  Builder& b = *g.b;
  std::vector<Value*> params = g.args(sig.params);
  std::vector<Value*> state = g.args(sig.optState);
  Value* lr = g.arg(sig.lr);
  Value* step = g.arg(sig.step);

  nn::ForwardValues fwd =
      nn::emitForward(b, spec, params, g.arg(sig.input), nn::BnMode::batch, {}, {}, o.precision,
                      sig.dropMask.count ? g.arg(sig.dropMask) : nullptr, g.args(sig.dropout),
                      o.syncBn ? o.devices : 1);
  Value* logits = classesLast(spec) ? b.transpose(fwd.logits, {0, 2, 1}) : fwd.logits;
  LossValues lossValues = emitLoss(b, logits, g.args(sig.labels), o.loss);
  Value* loss = lossValues.loss;
  Value* seed = scalarF32(b, 1.0f);
  std::unordered_set<const Value*> constants(lossValues.constants.begin(),
                                             lossValues.constants.end());
  std::vector<Value*> grads =
      grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), params, constants, customVjps(fwd));
  std::vector<Value*> bnMeans, bnVars;
  for (const nn::BatchNorm& bn : fwd.batchNorms) bnMeans.push_back(bn.mean);
  for (const nn::BatchNorm& bn : fwd.batchNorms) bnVars.push_back(bn.var);
  if (o.devices > 1) {
    // Synced statistics are every replica's already.
    std::vector<Value*> noStatistics;
    averageOverReplicas(b, o.devices, grads, loss, o.syncBn ? noStatistics : bnMeans,
                        o.syncBn ? noStatistics : bnVars);
  }
  if (o.clipGradNorm) clipByGlobalNorm(b, grads, *o.clipGradNorm);

  std::vector<nn::ParamInfo> infos = nn::parameters(spec);
  size_t n = params.size();
  std::vector<Value*> newParams, newState(state.size());
  for (size_t i = 0; i < n; ++i) {
    std::vector<Value*> slots;
    for (size_t k = 0; k < state.size() / n; ++k) slots.push_back(state[k * n + i]);
    Updated u =
        optimizerStep(b, o, nn::decays(infos[i].role), params[i], grads[i], slots, lr, step);
    newParams.push_back(u.param);
    for (size_t k = 0; k < u.state.size(); ++k) newState[k * n + i] = u.state[k];
  }
  std::vector<Value*> results = newParams;
  results.insert(results.end(), newState.begin(), newState.end());
  results.push_back(loss);
  results.insert(results.end(), bnMeans.begin(), bnMeans.end());
  results.insert(results.end(), bnVars.begin(), bnVars.end());
  std::vector<std::pair<size_t, size_t>> donated;
  for (size_t i = 0; i < sig.params.count; ++i)
    donated.emplace_back(sig.params[i], sig.newParams[i]);
  for (size_t i = 0; i < sig.optState.count; ++i)
    donated.emplace_back(sig.optState[i], sig.newOptState[i]);
  return g.finish(std::move(results), sig.results, donated);
}

} // namespace hlotrain::program

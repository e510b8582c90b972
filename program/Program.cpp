#include "program/Program.h"

#include <cmath>
#include <limits>

#include "grad/Vjp.h"
#include "ir/Builder.h"
#include "ir/Verifier.h"
#include "nn/Emit.h"
#include "support/Error.h"

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

TensorType inputType(const nn::NetSpec& spec, int64_t batch) {
  return {ElementType::f32, {batch, spec.input.channels, spec.input.height, spec.input.width}};
}

struct Graph {
  std::unique_ptr<Module> module = std::make_unique<Module>();
  Function* main = nullptr;
  std::unique_ptr<Builder> b;

  explicit Graph(std::string name) {
    module->name = std::move(name);
    main = &module->addFunction("main");
    b = std::make_unique<Builder>(main->body, module.get());
  }
  std::vector<Value*> args(const std::vector<TensorType>& types) {
    std::vector<Value*> values;
    for (const TensorType& t : types) values.push_back(main->body.addArgument(t));
    return values;
  }
  std::unique_ptr<Module> finish(std::vector<Value*> results) {
    main->setResults(std::move(results));
    main->argAttributes.assign(main->body.args.size(), "");
    main->resultAttributes.assign(main->body.results.size(), "");
    verify(*module);
    return std::move(module);
  }
};

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

std::string moduleName(const nn::NetSpec& spec, const char* graph) {
  return "jit_" + sanitizedName(spec.name) + "_" + graph;
}

// Mean softmax cross-entropy over the batch with label smoothing or focal weighting. Returns the
// loss and the row maxima, which are constants for differentiation (they only stabilise exp).
std::pair<Value*, Value*> classificationLoss(Builder& b, Value* logits, Value* labels,
                                             const ProgramOptions& o) {
  const Shape& s = logits->type.shape;
  int64_t batch = s[0], classes = s[1];
  Value* rowMax =
      b.reduce(logits, scalarF32(b, -std::numeric_limits<float>::infinity()), {1}, OpKind::maximum);
  Value* shifted = b.subtract(logits, b.broadcastInDim(rowMax, s, {0}));
  Value* sumExp =
      b.reduce(b.unary(OpKind::exponential, shifted), scalarF32(b, 0.0f), {1}, OpKind::add);
  Value* logp = b.subtract(shifted, b.broadcastInDim(b.unary(OpKind::log, sumExp), s, {0}));
  Value* hit = b.compare(b.iota({ElementType::i32, s}, 1), b.broadcastInDim(labels, s, {0}),
                         ComparisonDirection::EQ);
  Value* target = b.convert(hit, ElementType::f32);
  if (o.labelSmoothing > 0.0f) {
    float ls = o.labelSmoothing;
    target = b.add(b.multiply(target, full(b, 1.0f - ls, s)),
                   full(b, ls / static_cast<float>(classes), s));
  }
  Value* perClass = b.multiply(target, logp);
  if (o.focalGamma) {
    Value* p = b.unary(OpKind::exponential, logp);
    Value* weight =
        b.binary(OpKind::power, b.subtract(full(b, 1.0f, s), p), full(b, *o.focalGamma, s));
    perClass = b.multiply(weight, perClass);
  }
  Value* total = b.reduce(perClass, scalarF32(b, 0.0f), {0, 1}, OpKind::add);
  Value* loss = b.divide(b.unary(OpKind::negate, total), scalarF32(b, static_cast<float>(batch)));
  return {loss, rowMax};
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

} // namespace

void validate(const nn::NetSpec& spec, const ProgramOptions& o) {
  auto fail = [](const std::string& m) { throw ConfigError(m); };
  if (o.batch < 1) fail("batch must be at least 1, got " + std::to_string(o.batch));
  if (!(o.labelSmoothing >= 0.0f && o.labelSmoothing < 1.0f))
    fail("label smoothing must be in [0, 1), got " + std::to_string(o.labelSmoothing));
  if (!(o.weightDecay >= 0.0f) || !std::isfinite(o.weightDecay))
    fail("weight decay must be a finite value >= 0, got " + std::to_string(o.weightDecay));
  if (!(o.momentum >= 0.0f && o.momentum < 1.0f))
    fail("momentum must be in [0, 1), got " + std::to_string(o.momentum));
  if (o.focalGamma && !(*o.focalGamma >= 0.0f && std::isfinite(*o.focalGamma)))
    fail("focal gamma must be a finite value >= 0");
  if (o.focalGamma && o.labelSmoothing > 0.0f)
    fail("focal loss cannot be combined with label smoothing");
  if (o.optimizer != Optimizer::sgd && o.momentum != 0.9f)
    fail("momentum applies to the sgd optimizer only");
  if (spec.numClasses < 2) fail(spec.name + ": needs at least 2 classes");
  Shape out = nn::outputShape(spec, o.batch);
  if (out != Shape{o.batch, spec.numClasses})
    fail(spec.name + ": output " + toString(out) + " does not match " +
         std::to_string(spec.numClasses) + " classes");
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
  return moduleName(spec, "train_step") + ".main";
}

int64_t optimizerSlots(Optimizer optimizer) {
  return optimizer == Optimizer::adam ? 2 : 1;
}

std::unique_ptr<Module> buildForward(const nn::NetSpec& spec, int64_t batch) {
  Graph g(moduleName(spec, "fwd"));
  std::vector<Value*> params = g.args(paramTypes(spec));
  Value* x = g.args({inputType(spec, batch)})[0];
  return g.finish({nn::emitForward(*g.b, spec, params, x, nn::BnMode::batch).logits});
}

std::unique_ptr<Module> buildEvalForward(const nn::NetSpec& spec, int64_t batch) {
  Graph g(moduleName(spec, "fwd_eval"));
  std::vector<Value*> params = g.args(paramTypes(spec));
  std::vector<Value*> mean = g.args(bnTypes(spec));
  std::vector<Value*> var = g.args(bnTypes(spec));
  Value* x = g.args({inputType(spec, batch)})[0];
  return g.finish({nn::emitForward(*g.b, spec, params, x, nn::BnMode::running, mean, var).logits});
}

grad::CustomVjps batchNormVjps(std::span<const nn::BatchNorm> batchNorms) {
  grad::CustomVjps vjps;
  for (const nn::BatchNorm& bn : batchNorms)
    vjps[bn.y] = {{bn.x, bn.gamma, bn.beta}, [bn](Builder& b, Value* dy) {
                    nn::BatchNormGrads g = nn::batchNormBackward(b, bn, dy);
                    return std::vector<Value*>{g.x, g.gamma, g.beta};
                  }};
  return vjps;
}

std::unique_ptr<Module> buildTrainStep(const nn::NetSpec& spec, const ProgramOptions& o) {
  validate(spec, o);
  Graph g(moduleName(spec, "train_step"));
  Builder& b = *g.b;
  std::vector<TensorType> pTypes = paramTypes(spec);
  std::vector<Value*> params = g.args(pTypes);
  std::vector<Value*> state;
  for (int64_t slot = 0; slot < optimizerSlots(o.optimizer); ++slot)
    for (Value* v : g.args(pTypes)) state.push_back(v);
  Value* x = g.args({inputType(spec, o.batch)})[0];
  Value* y = g.args({{ElementType::i32, {o.batch}}})[0];
  Value* lr = g.args({{ElementType::f32, {}}})[0];
  Value* step = g.args({{ElementType::f32, {}}})[0];

  nn::ForwardValues fwd = nn::emitForward(b, spec, params, x, nn::BnMode::batch);
  auto [loss, rowMax] = classificationLoss(b, fwd.logits, y, o);
  Value* seed = scalarF32(b, 1.0f);
  std::vector<Value*> grads = grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), params,
                                        {rowMax}, batchNormVjps(fwd.batchNorms));

  std::vector<nn::ParamInfo> infos = nn::parameters(spec);
  size_t n = params.size();
  std::vector<Value*> newParams, newState(state.size());
  for (size_t i = 0; i < n; ++i) {
    std::vector<Value*> slots;
    for (size_t k = 0; k < state.size() / n; ++k) slots.push_back(state[k * n + i]);
    Updated u = optimizerStep(b, o, infos[i].role == nn::ParamRole::weight, params[i], grads[i],
                              slots, lr, step);
    newParams.push_back(u.param);
    for (size_t k = 0; k < u.state.size(); ++k) newState[k * n + i] = u.state[k];
  }
  std::vector<Value*> results = newParams;
  results.insert(results.end(), newState.begin(), newState.end());
  results.push_back(loss);
  for (const nn::BatchNorm& bn : fwd.batchNorms) results.push_back(bn.mean);
  for (const nn::BatchNorm& bn : fwd.batchNorms) results.push_back(bn.var);
  return g.finish(std::move(results));
}

} // namespace hlotrain::program

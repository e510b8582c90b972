// The transformer pieces (FAMILIES.md 2.1, 2.3, 2.4): layer norm and softmax against their
// formulas and their declared backwards against finite differences; a whole small vision
// transformer's forward against an independent double implementation written from the
// definitions (patch embedding, class token, positions, pre-norm blocks of multi-head attention
// with contiguous heads, an MLP, the final layer norm, the head on token 0), causal or not, and
// ViT-Tiny's count, parameter order and init; bad specs refused naming the layer. (The whole
// net's gradients: tests/program/TransformerVjpTest.cpp.)

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "lower/cpu/Executable.h"
#include "lower/cpu/Interpreter.h"
#include "nn/Compose.h"
#include "nn/Emit.h"
#include "nn/Init.h"
#include "nn/Transformer.h"
#include "support/Error.h"
#include "tests/grad/GradientCheck.h"

using namespace hlotrain;
using namespace hlotrain::ir;

namespace {

TEST(TransformerTest, VitTinyHasTheReferenceCountAndOrder) {
  const nn::NetSpec spec = nn::vitTiny();
  EXPECT_EQ(nn::parameterCount(spec), 5526346);
  EXPECT_EQ(nn::outputShape(spec, 2), (Shape{2, 10}));
  const std::vector<nn::ParamInfo> p = nn::parameters(spec);
  ASSERT_EQ(p.size(), 4u + 12 * 16 + 4);
  const std::pair<const char*, Shape> head[] = {
      {"patch0.w", {192, 3, 16, 16}}, {"patch0.b", {192}},          {"patch0.cls", {192}},
      {"patch0.pos", {197, 192}},     {"enc1.0.ln1.gamma", {192}},  {"enc1.0.ln1.beta", {192}},
      {"enc1.0.q.w", {192, 192}},     {"enc1.0.q.b", {192}},        {"enc1.0.k.w", {192, 192}},
      {"enc1.0.k.b", {192}},          {"enc1.0.v.w", {192, 192}},   {"enc1.0.v.b", {192}},
      {"enc1.0.o.w", {192, 192}},     {"enc1.0.o.b", {192}},        {"enc1.0.ln2.gamma", {192}},
      {"enc1.0.ln2.beta", {192}},     {"enc1.0.fc1.w", {192, 768}}, {"enc1.0.fc1.b", {768}},
      {"enc1.0.fc2.w", {768, 192}},   {"enc1.0.fc2.b", {192}}};
  for (size_t i = 0; i < std::size(head); ++i) {
    EXPECT_EQ(p[i].name, head[i].first);
    EXPECT_EQ(p[i].shape, head[i].second) << p[i].name;
  }
  const size_t tail = p.size() - 4;
  EXPECT_EQ(p[tail - 1].name, "enc1.11.fc2.b");
  EXPECT_EQ(p[tail].name, "ln2.gamma");
  EXPECT_EQ(p[tail + 1].name, "ln2.beta");
  EXPECT_EQ(p[tail + 2].name, "dense4.w");
  EXPECT_EQ(p[tail + 2].shape, (Shape{192, 10}));
  EXPECT_EQ(p[tail + 3].shape, (Shape{10}));
  // Only the matrices decay (FAMILIES.md 2.6): the patch and dense weights.
  int64_t decaying = 0;
  for (const nn::ParamInfo& info : p) decaying += info.role == nn::ParamRole::weight;
  EXPECT_EQ(decaying, 1 + 12 * 6 + 1);
  EXPECT_EQ(p[2].role, nn::ParamRole::classToken);
  EXPECT_EQ(p[3].role, nn::ParamRole::position);
  EXPECT_EQ(p[4].role, nn::ParamRole::lnScale);
  EXPECT_EQ(p[5].role, nn::ParamRole::lnShift);
}

TEST(TransformerTest, InitFollowsTheReference) {
  // cls 0, pos from the generator with std sqrt(2/tokens), layer-norm scales 1 and shifts 0.
  const nn::NetSpec spec = nn::vitTiny();
  const std::vector<Tensor> init = nn::initialParameters(spec);
  const std::vector<nn::ParamInfo> p = nn::parameters(spec);
  double sum = 0, squares = 0;
  for (int64_t i = 0; i < init[3].numElements(); ++i) {
    sum += init[3].get<float>(i);
    squares += double(init[3].get<float>(i)) * init[3].get<float>(i);
  }
  const double n = static_cast<double>(init[3].numElements());
  EXPECT_NEAR(std::sqrt(squares / n - (sum / n) * (sum / n)), std::sqrt(2.0 / 197), 0.003);
  for (int64_t i = 0; i < 192; ++i) {
    EXPECT_EQ(init[2].get<float>(i), 0.0f);
    EXPECT_EQ(init[4].get<float>(i), 1.0f);
    EXPECT_EQ(init[5].get<float>(i), 0.0f);
  }
}

TEST(TransformerTest, TruncNormalDrawsWeightsPositionsAndClassTokensWithStd002) {
  const nn::NetSpec spec = nn::vitTiny();
  const std::vector<Tensor> init = nn::initialParameters(spec, nn::InitScheme::truncNormal);
  const std::vector<nn::ParamInfo> p = nn::parameters(spec);
  for (size_t i = 0; i < p.size(); ++i) {
    double squares = 0, largest = 0;
    for (int64_t e = 0; e < init[i].numElements(); ++e) {
      squares += double(init[i].get<float>(e)) * init[i].get<float>(e);
      largest = std::max(largest, std::abs(double(init[i].get<float>(e))));
    }
    const double rms = std::sqrt(squares / double(init[i].numElements()));
    const bool drawn = p[i].role == nn::ParamRole::weight || p[i].role == nn::ParamRole::position ||
                       p[i].role == nn::ParamRole::classToken;
    if (drawn) {
      EXPECT_NEAR(rms, 0.02, p[i].role == nn::ParamRole::classToken ? 0.004 : 0.001) << p[i].name;
      EXPECT_LE(largest, 0.06) << p[i].name;
    } else {
      EXPECT_EQ(rms, p[i].role == nn::ParamRole::lnScale ? 1.0 : 0.0) << p[i].name;
    }
  }
  // Seeds go to random tensors in spec order: the patch weights take 42 under both schemes; the
  // class token, drawn here and constant under he, takes 43, which he gives the position table.
  const std::vector<Tensor> he = nn::initialParameters(spec);
  const float patchStd = std::sqrt(2.0f / (3 * 16 * 16)), positionStd = std::sqrt(2.0f / 197);
  for (int64_t e : {0, 5, 191}) {
    EXPECT_FLOAT_EQ(init[0].get<float>(e) / 0.02f, he[0].get<float>(e) / patchStd);
    EXPECT_FLOAT_EQ(init[2].get<float>(e) / 0.02f, he[3].get<float>(e) / positionStd);
  }
}

// A small ViT: 2 channels of 8x8, patch 4 (5 tokens), width 8, 2 heads, MLP 12, 3 classes.
nn::NetSpec smallVit(int64_t blocks, nn::Activation activation, bool causal) {
  return nn::vit("small-vit", {.side = 8,
                               .channels = 2,
                               .patch = 4,
                               .width = 8,
                               .blocks = blocks,
                               .classes = 3,
                               .encoder = {2, 12, activation, 1e-5f, causal}});
}

// Values in [-1, 1) from a fixed stream.
Tensor randomF64(const Shape& shape, std::mt19937& rng) {
  return gradcheck::randomTensor({ElementType::f64, shape}, -1.0, 1.0, rng);
}

// ---- The independent implementation, from FAMILIES.md's definitions, in double. ----
using Matrix = std::vector<std::vector<double>>; // [tokens][features]

struct Reader {
  const std::vector<Tensor>& params;
  size_t next = 0;
  const Tensor& take() { return params.at(next++); }
};

Matrix denseOf(const Matrix& x, const Tensor& w, const Tensor& b) {
  const int64_t in = w.shape()[0], out = w.shape()[1];
  Matrix y(x.size(), std::vector<double>(static_cast<size_t>(out)));
  for (size_t t = 0; t < x.size(); ++t)
    for (int64_t o = 0; o < out; ++o) {
      double acc = b.get<double>(o);
      for (int64_t i = 0; i < in; ++i) acc += x[t][size_t(i)] * w.get<double>(i * out + o);
      y[t][size_t(o)] = acc;
    }
  return y;
}

Matrix layerNormOf(const Matrix& x, const Tensor& gamma, const Tensor& beta, double eps) {
  Matrix y = x;
  for (size_t t = 0; t < x.size(); ++t) {
    double mean = 0, var = 0;
    for (double v : x[t]) mean += v / double(x[t].size());
    for (double v : x[t]) var += (v - mean) * (v - mean) / double(x[t].size());
    for (size_t d = 0; d < x[t].size(); ++d)
      y[t][d] = (x[t][d] - mean) / std::sqrt(var + eps) * gamma.get<double>(int64_t(d)) +
                beta.get<double>(int64_t(d));
  }
  return y;
}

double activationOf(double x, nn::Activation a) {
  if (a == nn::Activation::gelu) return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
  return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
}

// RoPE on `m` [tokens][features] of heads of `headWidth`: in each head, feature i < dh/2 and its
// partner i + dh/2 rotate by t·10000^(−2i/dh) at token t.
Matrix rotated(const Matrix& m, int64_t headWidth) {
  Matrix out = m;
  const size_t half = size_t(headWidth / 2);
  for (size_t t = 0; t < m.size(); ++t)
    for (size_t head = 0; head < m[t].size(); head += size_t(headWidth))
      for (size_t i = 0; i < half; ++i) {
        const double angle = double(t) * std::pow(10000.0, -2.0 * double(i) / double(headWidth));
        const double a = m[t][head + i], b = m[t][head + half + i];
        out[t][head + i] = a * std::cos(angle) - b * std::sin(angle);
        out[t][head + half + i] = b * std::cos(angle) + a * std::sin(angle);
      }
  return out;
}

// One pre-norm encoder block (FAMILIES.md 2.3) on h [tokens][width], its 16 tensors taken from
// `r` in spec order; RoPE on the queries and keys when `rotary`.
void referenceBlock(Matrix& h, Reader& r, int64_t heads, bool causal, nn::Activation activation,
                    bool rotary) {
  const auto tokens = static_cast<int64_t>(h.size()), width = static_cast<int64_t>(h[0].size());
  const int64_t headWidth = width / heads;
  const Tensor &g1 = r.take(), &b1 = r.take();
  const Tensor &qw = r.take(), &qb = r.take(), &kw = r.take(), &kb = r.take();
  const Tensor &vw = r.take(), &vb = r.take(), &ow = r.take(), &ob = r.take();
  const Tensor &g2 = r.take(), &b2 = r.take();
  const Tensor &w1 = r.take(), &c1 = r.take(), &w2 = r.take(), &c2 = r.take();
  const Matrix normed = layerNormOf(h, g1, b1, 1e-5);
  Matrix q = denseOf(normed, qw, qb), k = denseOf(normed, kw, kb);
  const Matrix v = denseOf(normed, vw, vb);
  if (rotary) {
    q = rotated(q, headWidth);
    k = rotated(k, headWidth);
  }
  Matrix attended(static_cast<size_t>(tokens), std::vector<double>(static_cast<size_t>(width)));
  for (int64_t head = 0; head < heads; ++head)
    for (int64_t i = 0; i < tokens; ++i) {
      std::vector<double> s(size_t(tokens), -std::numeric_limits<double>::infinity());
      double max = -std::numeric_limits<double>::infinity();
      for (int64_t j = 0; j < tokens; ++j) {
        if (causal && j > i) continue;
        double dot = 0;
        for (int64_t e = head * headWidth; e < (head + 1) * headWidth; ++e)
          dot += q[size_t(i)][size_t(e)] * k[size_t(j)][size_t(e)];
        s[size_t(j)] = dot / std::sqrt(double(headWidth));
        max = std::max(max, s[size_t(j)]);
      }
      double total = 0;
      for (double& e : s) total += (e = std::exp(e - max));
      for (int64_t j = 0; j < tokens; ++j)
        for (int64_t e = head * headWidth; e < (head + 1) * headWidth; ++e)
          attended[size_t(i)][size_t(e)] += s[size_t(j)] / total * v[size_t(j)][size_t(e)];
    }
  const Matrix o = denseOf(attended, ow, ob);
  for (int64_t t = 0; t < tokens; ++t)
    for (int64_t d = 0; d < width; ++d) h[size_t(t)][size_t(d)] += o[size_t(t)][size_t(d)];
  Matrix hidden = denseOf(layerNormOf(h, g2, b2, 1e-5), w1, c1);
  for (auto& row : hidden)
    for (double& e : row) e = activationOf(e, activation);
  const Matrix mlp = denseOf(hidden, w2, c2);
  for (int64_t t = 0; t < tokens; ++t)
    for (int64_t d = 0; d < width; ++d) h[size_t(t)][size_t(d)] += mlp[size_t(t)][size_t(d)];
}

// logits [B, classes] of smallVit(blocks, activation, causal) for x [B, 2, 8, 8].
std::vector<std::vector<double>> referenceVit(const std::vector<Tensor>& params, const Tensor& x,
                                              int64_t blocks, nn::Activation activation,
                                              bool causal) {
  const int64_t batch = x.shape()[0], channels = 2, side = 8, patch = 4, width = 8, heads = 2;
  const int64_t grid = side / patch, tokens = grid * grid + 1;
  std::vector<std::vector<double>> logits;
  for (int64_t n = 0; n < batch; ++n) {
    Reader r{params};
    const Tensor &pw = r.take(), &pb = r.take(), &cls = r.take(), &pos = r.take();
    Matrix h(size_t(tokens), std::vector<double>(static_cast<size_t>(width)));
    for (int64_t d = 0; d < width; ++d) h[0][size_t(d)] = cls.get<double>(d);
    for (int64_t gy = 0; gy < grid; ++gy)
      for (int64_t gx = 0; gx < grid; ++gx)
        for (int64_t d = 0; d < width; ++d) {
          double acc = pb.get<double>(d);
          for (int64_t c = 0; c < channels; ++c)
            for (int64_t ky = 0; ky < patch; ++ky)
              for (int64_t kx = 0; kx < patch; ++kx)
                acc += pw.get<double>(((d * channels + c) * patch + ky) * patch + kx) *
                       x.get<double>(((n * channels + c) * side + gy * patch + ky) * side +
                                     gx * patch + kx);
          h[size_t(1 + gy * grid + gx)][size_t(d)] = acc;
        }
    for (int64_t t = 0; t < tokens; ++t)
      for (int64_t d = 0; d < width; ++d) h[size_t(t)][size_t(d)] += pos.get<double>(t * width + d);
    for (int64_t block = 0; block < blocks; ++block)
      referenceBlock(h, r, heads, causal, activation, false);
    const Tensor &g = r.take(), &b = r.take(), &hw = r.take(), &hb = r.take();
    const Matrix first = {layerNormOf(h, g, b, 1e-5)[0]};
    logits.push_back(denseOf(first, hw, hb)[0]);
  }
  return logits;
}

TEST(TransformerTest, ASmallVitMatchesAnIndependentImplementation) {
  for (bool causal : {false, true})
    for (nn::Activation activation : {nn::Activation::gelu, nn::Activation::geluTanh}) {
      SCOPED_TRACE(std::string(causal ? "causal, " : "") +
                   (activation == nn::Activation::gelu ? "exact GELU" : "tanh GELU"));
      const nn::NetSpec spec = smallVit(2, activation, causal);
      std::mt19937 rng(3);
      Module m;
      Function& f = m.addFunction("main");
      Builder b(f.body, &m);
      std::vector<Value*> params;
      std::vector<Tensor> values;
      for (const nn::ParamInfo& p : nn::parameters(spec)) {
        params.push_back(f.body.addArgument({ElementType::f64, p.shape}));
        values.push_back(randomF64(p.shape, rng));
      }
      const Tensor x = randomF64({3, 2, 8, 8}, rng);
      Value* input = f.body.addArgument({ElementType::f64, x.shape()});
      f.setResults({nn::emitForward(b, spec, params, input, nn::BnMode::batch).logits});
      std::vector<Tensor> in = values;
      in.push_back(x);
      const Tensor logits = cpu::interpret(m, f, in)[0];
      const auto expected = referenceVit(values, x, 2, activation, causal);
      for (int64_t n = 0; n < 3; ++n)
        for (int64_t c = 0; c < 3; ++c)
          // The exact GELU's erf is a rational approximation good to 5e-7.
          EXPECT_NEAR(logits.get<double>(n * 3 + c), expected[size_t(n)][size_t(c)], 2e-6)
              << "sample " << n << " class " << c;
    }
}

// logits [T][V] of one sequence of a one-block GPT (width 8, 2 heads, MLP 12, tanh GELU, ε 1e-5)
// with learned positions or RoPE, and a dense or a tied head.
Matrix referenceGpt(const std::vector<Tensor>& params, const std::vector<int32_t>& ids, bool rotary,
                    bool tied) {
  const int64_t width = 8, heads = 2;
  const auto tokens = static_cast<int64_t>(ids.size());
  Reader r{params};
  const Tensor& table = r.take();
  const int64_t vocabulary = table.shape()[0];
  Matrix h(static_cast<size_t>(tokens), std::vector<double>(static_cast<size_t>(width)));
  const Tensor* pos = rotary ? nullptr : &r.take();
  for (int64_t t = 0; t < tokens; ++t)
    for (int64_t d = 0; d < width; ++d)
      h[size_t(t)][size_t(d)] = table.get<double>(ids[size_t(t)] * width + d) +
                                (pos ? pos->get<double>(t * width + d) : 0.0);
  referenceBlock(h, r, heads, true, nn::Activation::geluTanh, rotary);
  const Tensor &g = r.take(), &b = r.take();
  const Matrix final = layerNormOf(h, g, b, 1e-5);
  if (!tied) {
    const Tensor &hw = r.take(), &hb = r.take();
    return denseOf(final, hw, hb);
  }
  Matrix logits(static_cast<size_t>(tokens), std::vector<double>(static_cast<size_t>(vocabulary)));
  for (int64_t t = 0; t < tokens; ++t)
    for (int64_t c = 0; c < vocabulary; ++c)
      for (int64_t d = 0; d < width; ++d)
        logits[size_t(t)][size_t(c)] +=
            final[size_t(t)][size_t(d)] * table.get<double>(c * width + d);
  return logits;
}

// A GPT block with RoPE (the half-split, base 10000, on the queries and keys) and a head tied to
// the token table, against the definitions above.
TEST(TransformerTest, AGptWithRopeAndATiedHeadMatchesAnIndependentImplementation) {
  struct Variant {
    bool rotary, tied;
    int64_t queryBlock;
  };
  for (const auto& [rotary, tied, queryBlock] :
       {Variant{false, false, 0}, {true, false, 0}, {true, true, 0}, {true, false, 3}}) {
    SCOPED_TRACE(std::string(rotary ? "RoPE" : "learned positions") + (tied ? ", tied" : "") +
                 (queryBlock ? ", query blocks of 3" : ""));
    const nn::NetSpec spec = nn::gpt("gpt", {.vocabulary = 6,
                                             .context = 7,
                                             .width = 8,
                                             .heads = 2,
                                             .mlp = 12,
                                             .blocks = 1,
                                             .tied = tied,
                                             .rotary = rotary,
                                             .queryBlock = queryBlock});
    std::mt19937 rng(5);
    Module m;
    Function& f = m.addFunction("main");
    Builder b(f.body, &m);
    std::vector<Value*> params;
    std::vector<Tensor> values;
    for (const nn::ParamInfo& p : nn::parameters(spec)) {
      params.push_back(f.body.addArgument({ElementType::f64, p.shape}));
      values.push_back(randomF64(p.shape, rng));
    }
    const std::vector<int32_t> ids = {4, 0, 5, 5, 2, 1, 3, 3, 0, 1, 2, 4, 5, 0};
    Value* input = f.body.addArgument({ElementType::i32, {2, 7}});
    f.setResults({nn::emitForward(b, spec, params, input, nn::BnMode::batch).logits});
    std::vector<Tensor> in = values;
    in.push_back(Tensor::fromVector<int32_t>({2, 7}, ids));
    const Tensor logits = cpu::interpret(m, f, in)[0]; // [2, 7, 6]
    for (int64_t n = 0; n < 2; ++n) {
      const Matrix expected = referenceGpt(
          values, std::vector<int32_t>(ids.begin() + n * 7, ids.begin() + n * 7 + 7), rotary, tied);
      for (int64_t t = 0; t < 7; ++t)
        for (int64_t c = 0; c < 6; ++c)
          EXPECT_NEAR(logits.get<double>((n * 7 + t) * 6 + c), expected[size_t(t)][size_t(c)], 1e-9)
              << "sequence " << n << " token " << t << " id " << c;
    }
  }
}

// Stochastic depth in the graph: a sample whose mask keeps every branch at scale 1 gets the
// unmasked logits; one whose mask drops them all gets those of the net without its encoder.
TEST(TransformerTest, TheDropMaskScalesWholeBranchesPerSample) {
  const nn::NetSpec spec = smallVit(2, nn::Activation::geluTanh, false);
  ASSERT_EQ(nn::dropPathDepths(spec), (std::vector<double>{0, 0, 1, 1}));
  std::mt19937 rng(11);
  std::vector<Tensor> values;
  for (const nn::ParamInfo& p : nn::parameters(spec)) values.push_back(randomF64(p.shape, rng));
  const Tensor x = randomF64({2, 2, 8, 8}, rng);
  // logits of `net` on x with `params`, masked by `mask` [4, 2] when given.
  auto logits = [&](const nn::NetSpec& net, const std::vector<Tensor>& params,
                    const std::vector<double>& mask) {
    Module m;
    Function& f = m.addFunction("main");
    Builder b(f.body, &m);
    std::vector<Value*> args;
    for (const Tensor& t : params) args.push_back(f.body.addArgument(t.type()));
    Value* input = f.body.addArgument(x.type());
    Value* dropMask = mask.empty() ? nullptr : b.constant(Tensor::fromVector<double>({4, 2}, mask));
    f.setResults({nn::emitForward(b, net, args, input, nn::BnMode::batch, {}, {},
                                  nn::Precision::f32, dropMask)
                      .logits});
    std::vector<Tensor> in = params;
    in.push_back(x);
    return cpu::interpret(m, f, in)[0];
  };
  const Tensor whole = logits(spec, values, {});
  const Tensor masked = logits(spec, values, {1, 0, 1, 0, 1, 0, 1, 0});
  const nn::NetSpec noEncoder{"no-encoder",
                              {spec.layers[0], spec.layers[2], spec.layers[3], spec.layers[4]},
                              spec.input,
                              3,
                              ""};
  std::vector<Tensor> outer(values.begin(), values.begin() + 4);
  outer.insert(outer.end(), values.end() - 4, values.end());
  const Tensor bare = logits(noEncoder, outer, {});
  for (int64_t c = 0; c < 3; ++c) {
    EXPECT_NEAR(masked.get<double>(c), whole.get<double>(c), 1e-12);
    EXPECT_NEAR(masked.get<double>(3 + c), bare.get<double>(3 + c), 1e-12);
    EXPECT_GT(std::abs(whole.get<double>(3 + c) - bare.get<double>(3 + c)), 1e-3);
  }
}

// The layer-norm primitive on NCHW (the channel form of FAMILIES.md 2.1) and on features.
TEST(TransformerTest, LayerNormOverChannelsAndFeaturesMatchesItsDefinitionAndDifferences) {
  for (const Shape& shape : {Shape{2, 3, 2, 2}, Shape{4, 6}}) {
    const int64_t axis = 1; // the channels of NCHW, the last axis of [B, F]
    std::mt19937 rng(5);
    Module m;
    Function& f = m.addFunction("main");
    Builder b(f.body, &m);
    Value* x = f.body.addArgument({ElementType::f64, shape});
    Value* gamma = f.body.addArgument({ElementType::f64, {shape[size_t(axis)]}});
    Value* beta = f.body.addArgument({ElementType::f64, {shape[size_t(axis)]}});
    f.setResults({nn::emitLayerNorm(b, x, gamma, beta, axis, 1e-6f).y});
    const std::vector<Tensor> in = {randomF64(shape, rng), randomF64({shape[1]}, rng),
                                    randomF64({shape[1]}, rng)};
    const Tensor y = cpu::interpret(m, f, in)[0];
    const int64_t c = shape[1], inner = shape.size() == 4 ? shape[2] * shape[3] : 1;
    for (int64_t n = 0; n < shape[0]; ++n)
      for (int64_t s = 0; s < inner; ++s) {
        double mean = 0, var = 0;
        for (int64_t k = 0; k < c; ++k) mean += in[0].get<double>((n * c + k) * inner + s) / c;
        for (int64_t k = 0; k < c; ++k) {
          const double d = in[0].get<double>((n * c + k) * inner + s) - mean;
          var += d * d / c;
        }
        for (int64_t k = 0; k < c; ++k) {
          const int64_t i = (n * c + k) * inner + s;
          const double expected = (in[0].get<double>(i) - mean) / std::sqrt(var + double(1e-6f)) *
                                      in[1].get<double>(k) +
                                  in[2].get<double>(k);
          EXPECT_NEAR(y.get<double>(i), expected, 1e-12);
        }
      }
    nn::LayerNorm ln{};
    gradcheck::checkGradients(
        {{shape}, {{shape[1]}}, {{shape[1]}}},
        [&](Builder& b2, std::span<Value* const> a) {
          ln = nn::emitLayerNorm(b2, a[0], a[1], a[2], axis, 1e-5f);
          return ln.y;
        },
        [&](Builder& b2, std::span<Value* const>, Value*, Value* w) {
          nn::LayerNormGrads g = nn::layerNormBackward(b2, ln, w);
          return std::vector<Value*>{g.x, g.gamma, g.beta};
        });
  }
}

TEST(TransformerTest, SoftmaxIsShiftedByItsMaxAndItsBackwardMatchesDifferences) {
  // Scores up to ±200: exp of them unshifted overflows f32.
  Module m;
  Function& f = m.addFunction("main");
  Builder b(f.body, &m);
  Value* x = f.body.addArgument({ElementType::f32, {2, 4}});
  f.setResults({nn::emitSoftmax(b, x)});
  const std::vector<float> scores = {200, 199, -200, 0, 1, 2, 3, 4};
  const std::vector<Tensor> in = {Tensor::fromVector<float>({2, 4}, scores)};
  for (const Tensor& y :
       {cpu::interpret(m, f, in)[0], cpu::Executable::compile(m, "main")->run(in)[0]})
    for (int64_t r = 0; r < 2; ++r) {
      double total = 0;
      for (int64_t j = 0; j < 4; ++j)
        total += std::exp(double(scores[size_t(r * 4 + j)]) - (r ? 4 : 200));
      for (int64_t j = 0; j < 4; ++j)
        EXPECT_NEAR(y.get<float>(r * 4 + j),
                    std::exp(double(scores[size_t(r * 4 + j)]) - (r ? 4 : 200)) / total, 1e-7);
    }
  nn::Softmax softmax{};
  gradcheck::checkGradients(
      {{{3, 5}, -3.0, 3.0}},
      [&](Builder& b2, std::span<Value* const> a) {
        softmax = {a[0], nn::emitSoftmax(b2, a[0])};
        return softmax.y;
      },
      [&](Builder& b2, std::span<Value* const>, Value*, Value* w) {
        return std::vector<Value*>{nn::softmaxBackward(b2, softmax, w)};
      });
}

// Runs `spec`'s shape walk and returns the refusal's message.
std::string refusal(const nn::NetSpec& spec) {
  try {
    nn::outputShape(spec, 1);
  } catch (const VerifyError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(TransformerTest, BadSpecsAreRefusedNamingTheLayer) {
  nn::VitSize size;
  size.encoder.heads = 5; // 192 is not a multiple of 5
  EXPECT_EQ(refusal(nn::vit("v", size)), "v layer 1: 5 heads do not divide the width 192");
  size = {};
  size.patch = 15;
  EXPECT_EQ(refusal(nn::vit("v", size)), "v layer 0: patch 15 does not divide the image 224x224");
  const nn::NetSpec noTokens{
      "c", {nn::conv2d(4, 3), nn::classToken(), nn::dense(10)}, {1, 8, 8}, 10, ""};
  EXPECT_NE(refusal(noTokens).find("c layer 1: a class-token head needs tokens"), std::string::npos)
      << refusal(noTokens);
  const nn::NetSpec encoderOnImages{
      "e", {nn::encoder(1, {}), nn::globalAvgPool(), nn::dense(10)}, {1, 8, 8}, 10, ""};
  EXPECT_NE(refusal(encoderOnImages).find("e layer 0: an encoder needs tokens"), std::string::npos)
      << refusal(encoderOnImages);
}

} // namespace

#pragma once
// How a net is composed. Every layer of a spec, from a dense layer to a residual block, is a
// function that appends primitive steps to a Composer; the composer checks each step against the
// shape it reads and hands it on. Parameter listing (names, shapes, roles, fan-in), BatchNorm
// bookkeeping, He init, shape checking and emission all walk that one sequence, so a primitive is
// described once and a block or a family is nothing but a composition (nn/ResNet.cpp,
// nn/MobileNet.cpp, nn/UNet.cpp).

#include <functional>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "nn/NetSpec.h"

namespace hlotrain::nn {

// The two running values of a walk: the main path and a block's shortcut.
enum class Path { main, shortcut };

struct Step {
  enum class Kind {
    dense,         // x·W + b over the last axis: <name>.w [in, features], <name>.b
    conv,          // <name>.w [features, in/groups, k, k] (+ <name>.b when `bias`)
    batchNorm,     // <name>.gamma, <name>.beta; one BatchNorm entry
    activation,    // elementwise
    maxPool,       // window `kernel`, `stride`, `padding`
    flatten,       // [N, ...] -> [N, features]
    globalAvgPool, // [N, C, H, W] -> [N, C]
    fork,          // shortcut = main
    join,          // main = main + shortcut
    pushSkip,      // a copy of main goes on the skip stack
    upsample,      // bilinear x2 of [N, C, H, W] (half-pixel centres, edges clamped)
    concatSkip,    // main = [main | the skip popped off the stack] along the channels
    layerNorm,     // <name>.gamma, <name>.beta over the channels of NCHW, else the last axis
    tokens,        // [B, C, H, W] -> [B, H·W, C], positions in row-major order
    classToken,    // prepends <name>.cls [D] to [B, T, D] as token 0
    positions,     // adds <name>.pos [T, D] to every sample's tokens
    attention,     // multi-head self-attention over [B, T, D]: <name>{q,k,v,o}.{w,b}
    firstToken,    // [B, T, D] -> token 0, [B, D]
    dropPath,      // stochastic depth of a residual branch before its join (train step only)
    squeeze,       // [N, C, H, W] -> the spatial mean, [N, C, 1, 1]
    excite,        // main = the skip popped off the stack, scaled per channel by main [N, C, 1, 1]
    layerScale,    // <name>.gamma [C] scales the channels (axis 1 of NCHW)
    dropout, // each element zeroed at `rate` (train step only), kept ones scaled 1/(1 − rate)
    tokenEmbedding, // ids [B, T] -> rows of <name>.tok [vocabulary, features], [B, T, features]
    tiedHead        // [B, T, D] -> logits [B, T, vocabulary] against the token embedding's table
  };
  Kind kind;
  Path path = Path::main; // the value the step reads and replaces
  std::string name = {};  // parameter name prefix ("conv3", "res4.1.conv2")
  int64_t features = 0;   // dense outputs, conv output channels
  int64_t kernel = 1, stride = 1;
  Padding padding = Padding::valid;
  Activation activation = Activation::identity;
  bool bias = false;      // conv
  bool depthwise = false; // conv: feature_group_count = input channels
  int64_t heads = 1;      // attention
  bool causal = false;    // attention: position i attends to j <= i only
  bool rotary = false;    // attention: RoPE on the queries and keys (rotaryTables)
  int64_t queryBlock =
      0;                // attention: its memory-efficient form's block (BlockedAttention); 0: plain
  float epsilon = 0.0f; // layerNorm, batchNorm
  double depth = 0.0;   // dropPath: the branch's drop rate as a fraction of --drop-path
  double rate = 0.0;    // dropout
  int64_t vocabulary = 0; // tokenEmbedding, tiedHead
  float initStd = 0.0f;   // tokenEmbedding, positions: ParamInfo::initStd of their tables
};

// Low/high padding of one spatial dimension of a window op.
std::pair<int64_t, int64_t> windowPadding(Padding padding, int64_t input, int64_t kernel,
                                          int64_t stride);

// The axis a layer norm of `in` normalises: the channels of NCHW, else the last.
size_t layerNormAxis(const ir::Shape& in);

// The parameters a step owns, in spec order, given the shape of its input.
std::vector<ParamInfo> stepParameters(const Step& step, const ir::Shape& in);

using StepVisitor = std::function<void(const Step&, const ir::Shape& in, const ir::Shape& out)>;

// What a layer composes with: the shapes of the running values, and the primitive steps. Each
// step is checked against its input when appended (a VerifyError names the net, the layer and
// the step) and then visited.
class Composer {
public:
  Composer(const NetSpec& spec, int64_t batch, const StepVisitor& visit);

  const NetSpec& spec() const { return spec_; }
  // The layer's index in its spec, as parameter names carry it ("conv3", "res4.1.").
  std::string index() const { return std::to_string(layer_); }
  const ir::Shape& shape(Path path = Path::main) const;
  // The shape of the skip a concatSkip would pop; nullptr when the stack is empty.
  const ir::Shape* topSkip() const;
  // The layer that pushed that skip.
  size_t topSkipLayer() const;
  [[noreturn]] void fail(const std::string& message) const; // "<net> layer <i>: <message>"

  void step(Step step);
  void dense(std::string name, int64_t features);
  void conv(Path path, std::string name, int64_t features, int64_t kernel, int64_t stride,
            Padding padding, bool bias = false, bool depthwise = false);
  void batchNorm(Path path, std::string name);
  void activate(Activation activation); // nothing for identity
  void maxPool(int64_t window, int64_t stride, Padding padding);
  void flatten() { step({Step::Kind::flatten}); }
  void globalAvgPool() { step({Step::Kind::globalAvgPool}); }
  void fork() { step({Step::Kind::fork}); }
  void join() { step({Step::Kind::join}); }
  void pushSkip() { step({Step::Kind::pushSkip}); }
  void upsample() { step({Step::Kind::upsample}); }
  void concatSkip() { step({Step::Kind::concatSkip}); }
  void layerNorm(Path path, std::string name, float epsilon);
  void tokens() { step({Step::Kind::tokens}); }
  void classToken(std::string name) { step({Step::Kind::classToken, Path::main, std::move(name)}); }
  // `initStd`: ParamInfo::initStd of the table (0: the init scheme's).
  void positions(std::string name, float initStd = 0.0f);
  void tokenEmbedding(std::string name, int64_t width, float initStd);
  // Logits against the table of the token embedding before it, which must have main's width: the
  // head owns no parameters, and the table's gradient sums both uses.
  void tiedHead();
  void attention(std::string name, int64_t heads, bool causal, bool rotary = false,
                 int64_t queryBlock = 0);
  void firstToken() { step({Step::Kind::firstToken}); }
  void dropPath(double depth);
  // Squeeze-excitation (FAMILIES.md 2.5) of main, [N, C, H, W]: its spatial mean, 1×1
  // convolutions with bias to `reduced` channels and back, `activation` between them and `gate`
  // after, then main scaled per channel by the gate: <prefix>reduce.{w,b}, <prefix>expand.{w,b}.
  void squeezeExcite(const std::string& prefix, int64_t reduced, Activation activation,
                     Activation gate);
  void dropout(double rate);
  void layerScale(std::string name) { step({Step::Kind::layerScale, Path::main, std::move(name)}); }
  // conv (no bias) -> BatchNorm -> activation on the main path.
  void convBn(const std::string& convName, const std::string& bnName, int64_t features,
              int64_t kernel, int64_t stride, Padding padding, Activation activation,
              bool depthwise = false);

  // The walk's driver: composes every layer of the spec, then checks that every skip was used.
  ir::Shape composeAll();

private:
  const NetSpec& spec_;
  const StepVisitor& visit_;
  ir::Shape shapes_[2]; // indexed by Path
  struct Skip {
    ir::Shape shape;
    size_t layer;
  };
  std::vector<Skip> skips_;
  size_t layer_ = 0;
  int64_t embeddingWidth_ = 0; // of the last token embedding; 0: none yet
};

// The checks every block makes before composing: a positive output count, an NCHW input of the
// declared `inChannels`, and positive `counts` (blocks in a row, stride, expansion).
void checkBlockInput(const Composer& c, int64_t inChannels, int64_t outChannels,
                     std::initializer_list<int64_t> counts);

// Calls body(name prefix, input channels, stride) for the `repeats` blocks of a stage of `kind`
// ("res" -> "res<i>.<j>."): the first block takes the stage's `inChannels` and `firstStride`, the
// others its `outChannels` and stride 1.
template <class Body>
void forEachBlock(const Composer& c, const char* kind, int64_t repeats, int64_t inChannels,
                  int64_t outChannels, int64_t firstStride, const Body& body) {
  for (int64_t j = 0; j < repeats; ++j)
    body(kind + c.index() + "." + std::to_string(j) + ".", j == 0 ? inChannels : outChannels,
         j == 0 ? firstStride : 1);
}

// Walks the steps of every layer from the input [batch, C, H, W], calling `visit` with each
// step's input and output shapes (of the step's path; fork, join and the skip steps see the main
// path), and returns the net's output shape. Throws VerifyError naming the layer when a layer
// does not fit its input, and when skips are pushed and popped unevenly.
ir::Shape walkSteps(const NetSpec& spec, int64_t batch, const StepVisitor& visit);

} // namespace hlotrain::nn

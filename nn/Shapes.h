#pragma once
// Every layer, from a dense layer to a residual block, expands into a short list of primitive
// steps. Parameter listing, BatchNorm bookkeeping, shape checking and emission all walk that one
// list, so each layer kind is described once.

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "nn/NetSpec.h"

namespace hlotrain::nn {

// The two running values of a walk: the main path and a block's shortcut.
enum class Path { main, shortcut };

struct Step {
  enum class Kind {
    dense,         // x·W (+ b): <name>.w [in, features], <name>.b
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
    concatSkip     // main = [main | the skip popped off the stack] along the channels
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
};

// Low/high padding of one spatial dimension of a window op.
std::pair<int64_t, int64_t> windowPadding(Padding padding, int64_t input, int64_t kernel,
                                          int64_t stride);

// The parameters a step owns, in spec order, given the shape of its input.
std::vector<ParamInfo> stepParameters(const Step& step, const ir::Shape& in);

using StepVisitor = std::function<void(const Step&, const ir::Shape& in, const ir::Shape& out)>;

// Walks the steps of every layer from the input [batch, C, H, W], calling `visit` with each
// step's input and output shapes (of the step's path; fork, join and the skip steps see the main
// path), and returns the net's output shape. Throws VerifyError naming the layer when a layer
// does not fit its input, and when skips are pushed and popped unevenly.
ir::Shape walkSteps(const NetSpec& spec, int64_t batch, const StepVisitor& visit);

} // namespace hlotrain::nn

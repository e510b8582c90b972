#pragma once
// What a user writes: a network as a list of layers plus its input geometry. Layer emitters
// (nn/Emit.cpp) turn a spec into forward ops; nothing here knows about losses or optimizers.

#include <string>
#include <vector>

#include "ir/Type.h"

namespace hlotrain::nn {

enum class Activation { identity, relu, relu6 };

// How a convolution or pooling window pads. `same`: XLA's SAME (output ceil(i/s); the total pad
// split low = total/2, high = the rest). `symmetric`: k/2 on both sides. `valid`: none.
enum class Padding { same, symmetric, valid };

// One entry of a spec. A block (residual, bottleneck, inverted residual) is one entry that stands
// for `repeats` blocks; nn/Shapes.cpp expands every entry into the primitive steps that parameter
// listing, BatchNorm bookkeeping, shape checking and emission all walk.
struct Layer {
  enum class Kind {
    dense,
    conv2d,
    convBn,
    maxPool,
    flatten,
    globalAvgPool,
    activation,
    residualBlock,
    bottleneckBlock,
    invertedResidual,
    unetDown,
    unetUp
  };
  Kind kind;
  int64_t features = 0; // dense outputs, conv and block output channels
  int64_t kernel = 1;   // conv kernel or pooling window (square); blocks: 3, the spatial conv
  int64_t stride = 1;   // blocks: the first block's stride (the others use 1)
  Padding padding = Padding::same;
  Activation activation = Activation::identity;
  bool depthwise = false;  // conv2d, convBn: one filter per input channel
  int64_t inChannels = 0;  // blocks, UNet layers: the declared input channels, checked
  int64_t repeats = 1;     // blocks: how many blocks in a row
  int64_t expandRatio = 1; // invertedResidual: hidden channels = input channels * expandRatio
};

Layer dense(int64_t features, Activation activation = Activation::identity);
Layer conv2d(int64_t channels, int64_t kernel, int64_t stride = 1,
             Activation activation = Activation::relu, Padding padding = Padding::same);
// Convolution without bias -> BatchNorm -> activation.
Layer convBn(int64_t channels, int64_t kernel, int64_t stride = 1,
             Activation activation = Activation::relu, Padding padding = Padding::same);
// Depthwise convolution (feature_group_count = channels, kernel [C,1,k,k]); keeps the channel
// count. With a bias, or without one and followed by BatchNorm.
Layer depthwiseConv(int64_t kernel, int64_t stride = 1, Activation activation = Activation::relu,
                    Padding padding = Padding::same);
Layer depthwiseConvBn(int64_t kernel, int64_t stride = 1, Activation activation = Activation::relu,
                      Padding padding = Padding::same);
Layer maxPool(int64_t window, int64_t stride, Padding padding = Padding::valid);
Layer flatten();
Layer globalAvgPool();
Layer activation(Activation activation);

// Blocks. Every convolution in a block has no bias (BatchNorm follows). The shortcut is the
// identity, or a 1x1 conv+BN projection when the channels or the stride change. Parameters of
// block j of layer i, in this order (a block's BNs are listed in the same order):
//   residualBlock:    res<i>.<j>.{conv1.w, bn1.gamma, bn1.beta, conv2.w, bn2.*[, proj.w, projbn.*]}
//     3x3(stride)+BN+ReLU -> 3x3+BN, add the shortcut, ReLU.
//   bottleneckBlock:  bottleneck<i>.<j>.{conv1.w, bn1.*, conv2.w, bn2.*, conv3.w, bn3.*[, proj.w,
//                     projbn.*]}
//     1x1 to oc/4 +BN+ReLU -> 3x3(stride) +BN+ReLU -> 1x1 to oc +BN, add the shortcut, ReLU.
//   invertedResidual: invres<i>.<j>.{[expand.w, expandbn.*,] dw.w, dwbn.*, project.w, projectbn.*}
//     [1x1 to ic*expand +BN+ReLU6 when expand != 1] -> 3x3 depthwise(stride) +BN+ReLU6 -> 1x1 +BN;
//     the input is added when the stride is 1 and the channels match (no projection, no ReLU).
// The first block of a layer has `ic` inputs and `firstStride`; the others oc inputs, stride 1.
// `padding` applies to every window of the block.
Layer residualBlock(int64_t ic, int64_t oc, int64_t n, int64_t firstStride,
                    Padding padding = Padding::same);
Layer bottleneckBlock(int64_t ic, int64_t oc, int64_t n, int64_t firstStride,
                      Padding padding = Padding::same);
Layer invertedResidual(int64_t ic, int64_t oc, int64_t expand, int64_t stride, int64_t n,
                       Padding padding = Padding::same);

// The two halves of a UNet. Parameters of layer i: down<i>.{conv1.w, bn1.*, conv2.w, bn2.*},
// up<i>.{conv1.w, bn1.*, conv2.w, bn2.*}.
//   unetDown(ic, oc): 3x3 conv+BN+ReLU ic->oc, 3x3 conv+BN+ReLU oc->oc, the result kept as a skip,
//     then a 2x2 stride-2 max pool.
//   unetUp(ic, oc): bilinear x2 upsample (half-pixel centres, align_corners=false, edges clamped,
//     no weights), concatenate [upsampled (ic channels) | skip (oc channels)], 3x3 conv+BN+ReLU
//     (ic+oc)->oc, 3x3 conv+BN+ReLU oc->oc.
// Skips are consumed last-in first-out; a spec whose downs and ups do not pair, or whose skip
// does not fit its up (channels, or a side the pools did not halve exactly), is refused.
Layer unetDown(int64_t ic, int64_t oc);
Layer unetUp(int64_t ic, int64_t oc);

struct InputGeometry {
  int64_t channels = 1, height = 28, width = 28;
};

// A training setting by its config key (a `hlotrain train` flag without --) and value as the flag
// takes it: {"lr", "0.0007"}, {"cosine", "false"}, {"focal-gamma", "off"}.
struct Setting {
  std::string key, value;
};

struct NetSpec {
  std::string name;
  std::vector<Layer> layers;
  InputGeometry input;
  int64_t numClasses = 10;
  std::string buildTag; // gives an ablation arm its own artifacts
  // The net's reference recipe: where its training departs from train::TrainConfig's defaults.
  // A flag, a config file or a resumed checkpoint that gives a key overrides it.
  std::vector<Setting> recipe = {};

  NetSpec withBuildTag(std::string tag) const;
  // Every SAME window becomes symmetric (k/2 on both sides): PyTorch's padding of the same net.
  NetSpec withSymmetricPadding() const;
};

enum class ParamRole { weight, bias, bnScale, bnShift };

struct ParamInfo {
  std::string name; // "conv0.w", "dense5.b", "bn1.gamma", ...
  ir::Shape shape;
  ParamRole role;
  int64_t fanIn = 0; // weights only: dense in-features, conv (ic/groups)*k*k
};

// Parameters in spec order (the order of graph arguments and checkpoints).
std::vector<ParamInfo> parameters(const NetSpec& spec);
int64_t parameterCount(const NetSpec& spec);
// Channel counts of the BatchNorm layers, in spec order.
std::vector<int64_t> bnChannels(const NetSpec& spec);

// Shape of a layer stack's output for an input batch; validates the spec (throws VerifyError
// naming the layer when it does not fit: e.g. dense on a 4-D tensor without flatten).
ir::Shape outputShape(const NetSpec& spec, int64_t batch);

} // namespace hlotrain::nn

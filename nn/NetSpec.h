#pragma once
// What a user writes: a network as a list of layers plus its input geometry. Layer emitters
// (nn/Emit.cpp) turn a spec into forward ops; nothing here knows about losses or optimizers.

#include <functional>
#include <string>
#include <vector>

#include "ir/Type.h"

namespace hlotrain::nn {

// gelu: PyTorch's default, 0.5x(1 + erf(x/√2)); geluTanh: GPT-2's and the reference system's
// approximation, 0.5x(1 + tanh(√(2/π)(x + 0.044715x³))); silu: x·σ(x); hardSigmoid:
// relu6(x + 3)/6; hardSwish: x·relu6(x + 3)/6; sigmoid: σ(x) (FAMILIES.md 2.2).
enum class Activation {
  identity,
  relu,
  relu6,
  gelu,
  geluTanh,
  silu,
  hardSigmoid,
  hardSwish,
  sigmoid
};

// How a convolution or pooling window pads. `same`: XLA's SAME (output ceil(i/s); the total pad
// split low = total/2, high = the rest). `symmetric`: k/2 on both sides, which for the odd
// kernels it serves is torchvision's (k−1)/2 at every stride. `valid`: none.
enum class Padding { same, symmetric, valid };

class Composer;

// One entry of a spec: a function that appends its primitive steps to a Composer (nn/Compose.h).
// The primitives below are one-step layers; blocks (nn/ResNet.h, nn/MobileNet.h, nn/UNet.h) are
// compositions of them, and a new family is one more file of such functions.
struct Layer {
  std::function<void(Composer&)> compose;
};

// On [B, F], or on each token of [B, T, D] (the last axis contracted).
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
// Layer norm (FAMILIES.md 2.1): over the channels (axis 1) of NCHW, else over the last axis
// (tokens [B, T, D], features [B, F]); biased variance, `epsilon` inside the root. ln<i>.
Layer layerNorm(float epsilon);
// The class-token head: token 0 of [B, T, D], as [B, D].
Layer classToken();
// Token ids [B, T] -> the rows of tok<i>.tok [vocabulary, width] they name, [B, T, width],
// plus (learnedPositions) tok<i>.pos [T, width] added to every sequence; both drawn with std 0.02
// (GPT-2's). Needs token input (InputGeometry::vocabulary).
Layer tokenEmbedding(int64_t width, bool learnedPositions = true);
// The LM head tied to the token embedding (GPT-2's): logits x·tokᵀ [B, T, vocabulary], no bias
// and no parameters of its own.
Layer tiedHead();
// Dropout (torchvision's before a classifier): in the train step each element is zeroed with
// probability `rate` and the others scaled by 1/(1 − rate), as the host draws them
// (dropoutSites()); the forward and eval graphs pass the values through.
Layer dropout(double rate);

// What a net reads: images f32 [B, channels, height, width], or (vocabulary > 0) token ids i32
// [B, context], each below the vocabulary.
struct InputGeometry {
  int64_t channels = 1, height = 28, width = 28;
  int64_t vocabulary = 0, context = 0;

  bool tokens() const { return vocabulary > 0; }
};

// FORMATS.md's BatchNorm ε, the classic nets' and the default of a spec.
constexpr float kBnEpsilon = 1e-5f;

// A training setting by its config key (a `hlotrain train` flag without --) and value as the flag
// takes it: {"lr", "0.0007"}, {"cosine", "false"}, {"focal-gamma", "off"}.
struct Setting {
  std::string key, value;
};

// The reference system's Imagenette recipe (FAMILIES.md 3): batch 32, 80 epochs, Adam with its
// weight decay 1e-4 (the defaults), a cosine schedule after `warmupEpochs`, the given peak lr and
// label smoothing; crop and flip are the dataset's own augmentations.
std::vector<Setting> imagenetteRecipe(const char* lr, const char* warmupEpochs,
                                      const char* labelSmoothing);

struct NetSpec {
  std::string name;
  std::vector<Layer> layers;
  InputGeometry input;
  int64_t numClasses = 10;
  std::string buildTag; // gives an ablation arm its own artifacts
  // The net's reference recipe: where its training departs from train::TrainConfig's defaults.
  // A flag, a config file or a resumed checkpoint that gives a key overrides it.
  std::vector<Setting> recipe = {};
  // Every SAME window is padded k/2 on both sides instead (withSymmetricPadding()).
  bool symmetricPadding = false;
  // The ε of every BatchNorm layer: FORMATS.md's 1e-5, or the value of the torchvision model a
  // family follows (1e-3 for MobileNetV3 and EfficientNetV2), so imported weights give its logits.
  float bnEpsilon = kBnEpsilon;

  NetSpec withBuildTag(std::string tag) const;
  // Every SAME window becomes symmetric (k/2 on both sides): PyTorch's padding of the same net.
  NetSpec withSymmetricPadding() const;
};

// What a tensor is to init and the optimizer: only weights decay (FAMILIES.md 2.6); weights and
// position tables start random (std sqrt(2/fanIn)), scales at 1, layer scales at 1e-6, the rest
// at 0.
enum class ParamRole {
  weight,
  bias,
  bnScale,
  bnShift,
  lnScale,
  lnShift,
  classToken,
  position,
  layerScale,
  embedding // a token table: decays as weights do (FAMILIES.md 2.6), rows gathered by id
};

struct ParamInfo {
  std::string name; // "conv0.w", "dense5.b", "bn1.gamma", ...
  ir::Shape shape;
  ParamRole role;
  int64_t fanIn = 0; // weights: dense in-features, conv (ic/groups)*k*k; positions: tokens
  // The std it is drawn with under every init scheme, when the family fixes one (an LM's token
  // and position tables: 0.02, GPT-2's); 0: the scheme's.
  float initStd = 0.0f;
};

// Whether the optimizer's decoupled weight decay applies (FAMILIES.md 2.6: weights and token
// tables, never biases, norms' scales and shifts, class tokens, positions or layer scales).
bool decays(ParamRole role);

// Parameters in spec order (the order of graph arguments and checkpoints).
std::vector<ParamInfo> parameters(const NetSpec& spec);
int64_t parameterCount(const NetSpec& spec);
// Channel counts of the BatchNorm layers, in spec order.
std::vector<int64_t> bnChannels(const NetSpec& spec);

// The drop rate of each residual branch that stochastic depth can drop, in spec order, as a
// fraction of the run's --drop-path (a ViT's block i of L: i/(L−1) on both its branches, DeiT's).
std::vector<double> dropPathDepths(const NetSpec& spec);

// One dropout layer's place in a spec: the shape of one sample's values it drops (its input's
// shape without the batch) and its rate.
struct DropoutSite {
  ir::Shape features;
  double rate;
};
// Every dropout layer of a spec, in spec order: the train step takes a mask for each.
std::vector<DropoutSite> dropoutSites(const NetSpec& spec);

// The input tensor of a batch of `batch` records.
ir::TensorType inputType(const NetSpec& spec, int64_t batch);
// How `hlotrain list` and errors show an input: "3x224x224", or "64 tokens" (of the vocabulary,
// which `list` shows as the classes).
std::string inputText(const InputGeometry& input);

// Shape of a layer stack's output for an input batch; validates the spec (throws VerifyError
// naming the layer when it does not fit: e.g. dense on a 4-D tensor without flatten).
ir::Shape outputShape(const NetSpec& spec, int64_t batch);

} // namespace hlotrain::nn

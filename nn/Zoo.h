#pragma once
// The reference nets, by name, for the CLI and tests.

#include <string_view>
#include <vector>

#include "nn/NetSpec.h"

namespace hlotrain::nn {

NetSpec mnistLinear();
NetSpec mnistMlp();
NetSpec mnistCnn();
// MNIST-CNN's CIFAR sibling: convBn 3x3 32, 32, max pool 2, convBn 64, 64, max pool 2, flatten
// (64*8*8), dense 512 ReLU, dense 512 ReLU, dense 10 (2,431,210 parameters).
NetSpec cifar10Bn();
// torchvision's ResNets and MobileNetV2 with 10 classes on 3x224x224, XLA SAME padding (use
// withSymmetricPadding() for PyTorch's): stem 7x7/2 conv+BN+ReLU and 3x3/2 max pool, four stages
// of 64, 128, 256, 512 channels (x4 for the bottleneck ResNet-50), global average pool, dense 10.
// `side` builds the same net on 3 x side x side inputs: the global average pool keeps every
// parameter shape, so only the activations shrink (what a CI-sized training test needs).
NetSpec resNet18(int64_t side = 224);
NetSpec resNet34(int64_t side = 224);
NetSpec resNet50(int64_t side = 224);
// Stem 3x3/2 conv 32, the seven inverted-residual stages (t, c, n, s), 1x1 conv to 1280, global
// average pool, dense 10; ReLU6 throughout, no dropout.
NetSpec mobileNetV2(int64_t side = 224);
// The BraTS UNet of the reference system on `channels` x side x side inputs (side divisible by
// 16): unetDown 4->32, 32->64, 64->128, 128->256, convBn 3x3 512, 512, unetUp 512->256,
// 256->128, 128->64, 64->32, then a 1x1 conv 32->4 with bias; 4 classes per pixel
// (7,849,988 parameters and 18 BatchNorm layers at 4 channels).
NetSpec unetBrats(int64_t channels = 4, int64_t side = 240);
// The VisDrone detector: the ResNet-34 trunk (stem through stage 4, no pooling head), then
// conv3x3 512->256 + ReLU and conv1x1 256->30 (both with bias): a YOLOv1 head [B, 30, G, G],
// G = side/32 (7 at 224, 14 at 448), for 10 classes (22,472,286 parameters, 36 BatchNorm layers).
// Its recipe is the reference system's: batch 16, Adam lr 7e-4 without weight decay, 3 warmup
// epochs, gradients clipped at norm 4, focal objectness γ 2.
NetSpec r34Yolov1(int64_t side = 224);

// Every reference net, in listing order.
std::vector<NetSpec> zoo();
// The net whose CLI name (e.g. "mnist-cnn") matches; throws RuntimeError listing the known
// names otherwise.
NetSpec netByName(std::string_view name);
// The same, built for inputs of `input` when the net takes any input of its kind (unet-brats: any
// channel count, square sides); other nets keep their own geometry, for the caller to check.
NetSpec netByName(std::string_view name, const InputGeometry& input);
// "MNIST-CNN" -> "mnist-cnn".
std::string cliName(const NetSpec& spec);

} // namespace hlotrain::nn

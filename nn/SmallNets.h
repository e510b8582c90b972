#pragma once
// The small nets of the quick start and the CIFAR baseline: plain stacks of primitives.

#include "nn/NetSpec.h"

namespace hlotrain::nn {

NetSpec mnistLinear();
NetSpec mnistMlp();
NetSpec mnistCnn();
// MNIST-CNN's CIFAR sibling: convBn 3x3 32, 32, max pool 2, convBn 64, 64, max pool 2, flatten
// (64*8*8), dense 512 ReLU, dense 512 ReLU, dense 10 (2,431,210 parameters).
NetSpec cifar10Bn();

} // namespace hlotrain::nn

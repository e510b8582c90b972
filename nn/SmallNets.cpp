#include "nn/SmallNets.h"

namespace hlotrain::nn {

NetSpec mnistLinear() {
  return {"MNIST-Linear", {flatten(), dense(10)}, {1, 28, 28}, 10, ""};
}

NetSpec mnistMlp() {
  return {"MNIST-MLP",
          {flatten(), dense(512, Activation::relu), dense(512, Activation::relu), dense(10)},
          {1, 28, 28},
          10,
          ""};
}

NetSpec mnistCnn() {
  return {"MNIST-CNN",
          {convBn(32, 3), convBn(32, 3), maxPool(2, 2), convBn(64, 3), convBn(64, 3), maxPool(2, 2),
           flatten(), dense(512, Activation::relu), dense(10)},
          {1, 28, 28},
          10,
          ""};
}

NetSpec cifar10Bn() {
  return {"CIFAR-10-BN",
          {convBn(32, 3), convBn(32, 3), maxPool(2, 2), convBn(64, 3), convBn(64, 3), maxPool(2, 2),
           flatten(), dense(512, Activation::relu), dense(512, Activation::relu), dense(10)},
          {3, 32, 32},
          10,
          ""};
}

} // namespace hlotrain::nn

#include "nn/Zoo.h"

#include <cctype>

#include "support/Error.h"

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

std::vector<NetSpec> zoo() {
  return {mnistLinear(), mnistMlp(), mnistCnn()};
}

std::string cliName(const NetSpec& spec) {
  std::string name;
  for (char c : spec.name) name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

NetSpec netByName(std::string_view name) {
  std::string known;
  for (const NetSpec& spec : zoo()) {
    if (cliName(spec) == name) return spec;
    known += (known.empty() ? "" : ", ") + cliName(spec);
  }
  throw RuntimeError("unknown net '" + std::string(name) + "' (known: " + known + ")");
}

} // namespace hlotrain::nn

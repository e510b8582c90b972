#pragma once
// The reference nets, by name, for the CLI and tests.

#include <string_view>
#include <vector>

#include "nn/NetSpec.h"

namespace hlotrain::nn {

NetSpec mnistLinear();
NetSpec mnistMlp();
NetSpec mnistCnn();

// Every reference net, in listing order.
std::vector<NetSpec> zoo();
// The net whose CLI name (e.g. "mnist-cnn") matches; throws RuntimeError listing the known
// names otherwise.
NetSpec netByName(std::string_view name);
// "MNIST-CNN" -> "mnist-cnn".
std::string cliName(const NetSpec& spec);

} // namespace hlotrain::nn

#pragma once
// The reference nets, by name, for the CLI and tests: every family's nets in one table (a new
// family's file adds its nets to the table in Zoo.cpp and its header here).

#include <string_view>
#include <vector>

#include "nn/ConvNeXt.h"
#include "nn/EfficientNet.h"
#include "nn/MobileNet.h"
#include "nn/NetSpec.h"
#include "nn/ResNet.h"
#include "nn/SmallNets.h"
#include "nn/Transformer.h"
#include "nn/UNet.h"

namespace hlotrain::nn {

// Every reference net, in listing order.
std::vector<NetSpec> zoo();
// The net whose CLI name (e.g. "mnist-cnn") matches; throws RuntimeError listing the known
// names otherwise.
NetSpec netByName(std::string_view name);
// The same, built for inputs of `input` when the net takes any input of its kind (unet-brats: any
// channel count, square sides); other nets keep their own geometry, for the caller to check.
NetSpec netByName(std::string_view name, const InputGeometry& input);
// "MNIST-CNN" -> "mnist-cnn".
std::string cliName(std::string_view specName);
std::string cliName(const NetSpec& spec);

} // namespace hlotrain::nn

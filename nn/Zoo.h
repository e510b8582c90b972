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
// A language model's shape when not its zoo entry's (`hlotrain train --width 128 --layers 6`):
// 0 keeps the entry's.
struct LmShape {
  int64_t width = 0, heads = 0, layers = 0, mlp = 0;
  bool tied = false;      // the head tied to the token embedding (GptSize::tied)
  bool rotary = false;    // RoPE instead of learned positions (GptSize::rotary)
  int64_t queryBlock = 0; // attention's memory-efficient form (GptSize::queryBlock)
  bool given() const {
    return width > 0 || heads > 0 || layers > 0 || mlp > 0 || tied || rotary || queryBlock > 0;
  }
};
// The same, built for inputs of `input` when the net takes any input of its kind (unet-brats: any
// channel count, square sides; a language model: any vocabulary and context, 0 keeping its own,
// and any `shape`); other nets keep their own geometry, for the caller to check, and refuse a
// shape.
NetSpec netByName(std::string_view name, const InputGeometry& input, const LmShape& shape = {});
// "MNIST-CNN" -> "mnist-cnn".
std::string cliName(std::string_view specName);
std::string cliName(const NetSpec& spec);

} // namespace hlotrain::nn

#pragma once
// The shape rule of each layer, shared by parameter listing, validation and emission.

#include <functional>
#include <utility>

#include "nn/NetSpec.h"

namespace hlotrain::nn {

// Low/high padding of one spatial dimension of a window op.
std::pair<int64_t, int64_t> windowPadding(Padding padding, int64_t input, int64_t kernel,
                                          int64_t stride);

using LayerVisitor =
    std::function<void(size_t index, const Layer&, const ir::Shape& in, const ir::Shape& out)>;

// Walks the layers from the input [batch, C, H, W], calling `visit` with each layer's input and
// output shapes. Throws VerifyError naming the layer when a layer does not fit its input.
void walkLayers(const NetSpec& spec, int64_t batch, const LayerVisitor& visit);

} // namespace hlotrain::nn

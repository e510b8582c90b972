#pragma once
// Importing a PyTorch state_dict saved as NumPy's .npz (`np.savez(f, **{k: v.numpy() for k, v in
// sd.items()})`, every entry in order), as a user starts from torchvision's ImageNet-pretrained
// weights (FAMILIES.md 2.6). `hlotrain eval --checkpoint model.npz` scores it as it is, `hlotrain
// train --init-from model.npz` trains from it.
//
// The entries map by position onto the spec's parameters, in the order torchvision's modules run:
// trainable tensors onto the parameters, running_mean and running_var onto the BatchNorm layers'
// statistics in layer order, num_batches_tracked skipped. Three conventions differ and are
// converted: a dense weight is [in, out] here and nn.Linear's [out, in] (transposed); a 1×1
// convolution here may be an nn.Linear there ([O, I] against [O, I, 1, 1], the same bytes) and a
// layer scale [C] a [C, 1, 1] (ConvNeXt); and torchvision registers a ConvNeXt block's
// layer_scale before the block's modules, where it runs last (it is moved behind the entries of
// its module). Anything else that does not fit is refused naming the entry.

#include <string>

#include "nn/NetSpec.h"
#include "train/Checkpoint.h"

namespace hlotrain::train {

// Whether `path` names a state_dict archive (.npz) rather than an hlotrain checkpoint.
bool isStateDictArchive(const std::string& path);

// The state_dict's parameters and BatchNorm statistics over a fresh state of `spec` (initialState
// with Adam: the optimizer state starts at zero, the data position at step 0). Throws ParseError
// for an unreadable archive and ConfigError naming the entry (and the parameter it would fill)
// for a count, shape or dtype that does not fit the net.
TrainState importStateDict(const std::string& path, const nn::NetSpec& spec);

} // namespace hlotrain::train

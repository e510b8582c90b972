#pragma once
// MNIST and Fashion-MNIST in IDX format (FORMATS.md): <dir>/{train,t10k}-{images-idx3,
// labels-idx1}-ubyte, each optionally gzipped (either spelling, detected by magic), big-endian
// headers, 28x28 single-channel images, 10 classes, no augmentation.

#include "data/Dataset.h"

namespace hlotrain::data {

const DatasetIO& mnistIO();

} // namespace hlotrain::data

#pragma once
// CIFAR-10, binary version (FORMATS.md): <dir>/cifar-10/data_batch_{1..5}.bin (train, in that
// order) and test_batch.bin. No header; a record is 1 label byte + 3072 pixel bytes (R, G, B
// planes of 32x32); n = file size / 3073. Pixels b/255; training augments with a random
// horizontal flip. The files are memory-mapped and read in place.

#include "data/Dataset.h"

namespace hlotrain::data {

const DatasetIO& cifar10IO();

} // namespace hlotrain::data

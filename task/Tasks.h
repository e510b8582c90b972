#pragma once
// The tasks, one per file; taskOf() picks among them.

#include "task/Task.h"

namespace hlotrain::task {

const Task& classification();
const Task& segmentation();
const Task& detection();

} // namespace hlotrain::task

#pragma once
// Compilation and execution on the cpu lowerer's fast path. A program is StableHLO text whose
// entry is `main`; its arguments marked `tf.aliasing_output` are donated on every run unless a
// call vetoes it (non_donatable_input_indices).

#include "lower/xla/PjrtCApi.h"

namespace hlotrain::pjrt {

// Registers Client_Compile and the LoadedExecutable_* and Executable_* entries.
void fillExecutableSlots(PJRT_Api& api);

} // namespace hlotrain::pjrt

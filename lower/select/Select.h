#pragma once
// Which lowerer a command runs on: `HLOTRAIN_LOWERER=cpu|xla|iree` or `--lowerer`, and what the
// external ones load (`PJRT_PLUGIN` or `--pjrt-plugin`). The only place that knows every backend.

#include <memory>
#include <string>
#include <string_view>

#include "lower/Lowerer.h"
#include "lower/xla/KeyValueStore.h"

namespace hlotrain::lower {

struct LowererChoice {
  std::string name = "cpu";         // cpu, xla or iree
  std::string pjrtPlugin;           // xla: the plugin's path
  bool reference = false;           // cpu: the reference interpreter instead of the fast path
  xla::ProcessGroup processes = {}; // xla: this process's place in a multi-process run
};

// HLOTRAIN_LOWERER (default cpu) and PJRT_PLUGIN; a command's flags then override fields.
LowererChoice choiceFromEnvironment();
// Throws ConfigError for an unknown name or an option the lowerer does not take, and
// UnsupportedError (one line naming what was tried) for one that cannot be loaded here.
std::unique_ptr<Lowerer> makeLowerer(const LowererChoice& choice);
std::unique_ptr<Lowerer> makeLowerer(std::string_view name);
std::unique_ptr<Lowerer> lowererFromEnvironment();

} // namespace hlotrain::lower

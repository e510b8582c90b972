#include "cli/LowererFlags.h"

namespace hlotrain::cli {

const char* const kLowererUsage =
    R"(  --lowerer NAME          cpu (built in, the default), xla (a PJRT plugin) or iree
                          (iree-compile; needs an IREE runtime); overrides HLOTRAIN_LOWERER
  --pjrt-plugin PATH      xla: the PJRT plugin library (overrides PJRT_PLUGIN), e.g. JAX's
                          xla_cuda_plugin.so or this build's libhlotrain_pjrt.so
)";

lower::LowererChoice lowererChoice(const ParsedArgs& args) {
  lower::LowererChoice choice = lower::choiceFromEnvironment();
  if (args.has("--lowerer")) choice.name = args.value("--lowerer");
  if (args.has("--pjrt-plugin")) {
    choice.pjrtPlugin = args.value("--pjrt-plugin");
    if (choice.pjrtPlugin.empty()) throw UsageError("--pjrt-plugin needs a path");
  }
  if (choice.name.empty()) throw UsageError("--lowerer needs a name (cpu, xla or iree)");
  return choice;
}

std::unique_ptr<lower::Lowerer> lowererFromFlags(const ParsedArgs& args) {
  return lower::makeLowerer(lowererChoice(args));
}

} // namespace hlotrain::cli

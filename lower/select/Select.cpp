#include "lower/select/Select.h"

#include <cstdlib>

#include "lower/cpu/CpuLowerer.h"
#include "lower/iree/IreeLowerer.h"
#include "lower/xla/XlaLowerer.h"
#include "support/Error.h"

namespace hlotrain::lower {

namespace {

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

} // namespace

LowererChoice choiceFromEnvironment() {
  LowererChoice choice;
  if (std::string name = environment("HLOTRAIN_LOWERER"); !name.empty()) choice.name = name;
  choice.pjrtPlugin = environment("PJRT_PLUGIN");
  return choice;
}

std::unique_ptr<Lowerer> makeLowerer(const LowererChoice& choice) {
  if (choice.reference && choice.name != "cpu")
    throw ConfigError("--reference runs the cpu lowerer's reference interpreter; it does not "
                      "apply to lowerer '" +
                      choice.name + "'");
  if (choice.name == "cpu") {
    return std::make_unique<cpu::CpuLowerer>(cpu::CompileOptions{}, choice.reference);
  }
  if (choice.processes.processes > 1 && choice.name != "xla")
    throw ConfigError("--num-processes: several processes train together on the xla lowerer, "
                      "not on " +
                      choice.name);
  if (choice.name == "xla")
    return std::make_unique<xla::XlaLowerer>(choice.pjrtPlugin, choice.processes);
  if (choice.name == "iree") return std::make_unique<iree::IreeLowerer>();
  throw ConfigError("unknown lowerer '" + choice.name +
                    "' (HLOTRAIN_LOWERER or --lowerer: cpu, xla or iree)");
}

std::unique_ptr<Lowerer> makeLowerer(std::string_view name) {
  LowererChoice choice = choiceFromEnvironment();
  choice.name = std::string(name);
  return makeLowerer(choice);
}

std::unique_ptr<Lowerer> lowererFromEnvironment() {
  return makeLowerer(choiceFromEnvironment());
}

} // namespace hlotrain::lower

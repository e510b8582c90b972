#pragma once
// The embedded lowerer: parses the emitted .mlir, verifies it and plans it with the fast path.

#include "lower/Lowerer.h"
#include "lower/cpu/Executable.h"

namespace hlotrain::cpu {

class CpuLowerer : public lower::Lowerer {
public:
  explicit CpuLowerer(CompileOptions options = {}) : options_(options) {}
  std::string_view name() const override { return "cpu"; }
  std::string artifactPath(const std::string& prefix, std::string_view suffix) const override;
  std::unique_ptr<lower::Session> load(const std::string& prefix, std::string_view suffix) override;

private:
  CompileOptions options_;
};

} // namespace hlotrain::cpu

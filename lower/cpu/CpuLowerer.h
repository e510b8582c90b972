#pragma once
// The embedded lowerer: parses the emitted .mlir, verifies it and plans it with the fast path (or
// runs it on the reference interpreter). Its buffers are host tensors, so nothing is copied
// between the host and "the device"; donated arguments lend their storage to the results.

#include "lower/Lowerer.h"
#include "lower/cpu/Executable.h"

namespace hlotrain::cpu {

class CpuLowerer : public lower::Lowerer {
public:
  explicit CpuLowerer(CompileOptions options = {}, bool reference = false)
      : options_(options), reference_(reference) {}
  std::string_view name() const override { return "cpu"; }
  std::string describe() const override;
  std::unique_ptr<lower::Session> compile(std::string_view mlirText,
                                          const std::string& name) override;
  std::unique_ptr<lower::Buffer> upload(const ir::Tensor& tensor) override;
  std::unique_ptr<lower::Buffer> upload(ir::Tensor&& tensor) override;
  ir::Tensor download(const lower::Buffer& buffer) override;

private:
  CompileOptions options_;
  bool reference_;
};

} // namespace hlotrain::cpu

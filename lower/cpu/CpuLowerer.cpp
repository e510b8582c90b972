#include "lower/cpu/CpuLowerer.h"

#include <fstream>
#include <sstream>

#include "ir/Verifier.h"
#include "mlir/Parser.h"
#include "support/Error.h"

namespace hlotrain::cpu {

namespace {

class CpuSession : public lower::Session {
public:
  CpuSession(std::unique_ptr<ir::Module> module, CompileOptions options)
      : module_(std::move(module)), executable_(Executable::compile(*module_, "main", options)) {}
  std::vector<ir::Tensor> run(std::span<const ir::Tensor> inputs) override {
    return executable_->run(inputs);
  }
  std::vector<ir::Tensor> runDonating(std::span<ir::Tensor> inputs,
                                      const std::vector<bool>& donated) override {
    return executable_->runDonating(inputs, donated);
  }

private:
  std::unique_ptr<ir::Module> module_;
  std::unique_ptr<Executable> executable_;
};

} // namespace

std::string CpuLowerer::artifactPath(const std::string& prefix, std::string_view suffix) const {
  return lower::mlirPath(prefix, suffix);
}

std::unique_ptr<lower::Session> CpuLowerer::load(const std::string& prefix,
                                                 std::string_view suffix) {
  std::string path = artifactPath(prefix, suffix);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RuntimeError(path + ": cannot open the graph artifact");
  std::stringstream text;
  text << in.rdbuf();
  auto module = std::make_unique<ir::Module>(mlir::parse(text.str(), path));
  ir::verify(*module);
  return std::make_unique<CpuSession>(std::move(module), options_);
}

} // namespace hlotrain::cpu

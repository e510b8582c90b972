#include "lower/cpu/CpuLowerer.h"

#include <algorithm>
#include <chrono>

#include "ir/Verifier.h"
#include "lower/cpu/Interpreter.h"
#include "mlir/Parser.h"
#include "support/Error.h"

namespace hlotrain::cpu {

namespace {

class CpuBuffer : public lower::Buffer {
public:
  explicit CpuBuffer(ir::Tensor tensor) : tensor_(std::move(tensor)), type_(tensor_.type()) {}
  const ir::TensorType& type() const override { return type_; }
  bool consumed() const override { return consumed_; }
  const ir::Tensor* hostTensor() const override { return consumed_ ? nullptr : &tensor_; }

  // A run borrows the tensor and gives it back, or keeps it when it was donated.
  ir::Tensor lend() { return std::move(tensor_); }
  void giveBack(ir::Tensor tensor) {
    if (tensor.byteSize() != type_.byteSize()) return consume();
    tensor_ = std::move(tensor);
  }
  void consume() {
    tensor_ = ir::Tensor();
    consumed_ = true;
  }

private:
  ir::Tensor tensor_;
  ir::TensorType type_;
  bool consumed_ = false;
};

CpuBuffer& cpuBuffer(lower::Buffer* buffer, size_t index) {
  auto* b = dynamic_cast<CpuBuffer*>(buffer);
  if (!b)
    throw RuntimeError("argument " + std::to_string(index) + " is not a buffer of the cpu lowerer");
  if (b->consumed())
    throw RuntimeError("argument " + std::to_string(index) +
                       " was donated to an earlier run and no longer holds data");
  return *b;
}

class CpuSession : public lower::Session {
public:
  CpuSession(lower::Lowerer& lowerer, std::unique_ptr<ir::Module> module, CompileOptions options,
             bool reference)
      : Session(lowerer), module_(std::move(module)) {
    auto start = std::chrono::steady_clock::now();
    const ir::Function* main = module_->lookup("main");
    if (!main) throw VerifyError(module_->name + ": no function @main");
    if (const int64_t replicas = lower::replicaCount(*module_); replicas != 1)
      throw UnsupportedError(module_->name + " runs as " + std::to_string(replicas) +
                             " replicas (mhlo.num_replicas); the cpu lowerer runs one: run it "
                             "on the xla lowerer with a PJRT plugin of " +
                             std::to_string(replicas) +
                             " devices (libhlotrain_pjrt.so with "
                             "HLOTRAIN_PJRT_DEVICES=" +
                             std::to_string(replicas) + ")");
    main_ = main;
    arguments_ = main->argumentTypes();
    donation_ = mlir::aliasingOutputs(*main);
    if (!reference) executable_ = Executable::compile(*module_, "main", options);
    compileSeconds_ =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  const std::vector<ir::TensorType>& argumentTypes() const override { return arguments_; }
  const std::vector<ir::TensorType>& resultTypes() const override { return main_->resultTypes; }
  const std::vector<std::optional<int64_t>>& donation() const override { return donation_; }
  double compileSeconds() const override { return compileSeconds_; }

  std::vector<std::unique_ptr<lower::Buffer>> execute(std::span<lower::Buffer* const> arguments,
                                                      bool donate) override {
    std::vector<bool> donated(arguments.size(), false);
    for (size_t i = 0; i < arguments.size() && i < donation_.size(); ++i)
      donated[i] = donate && donation_[i].has_value();
    // The tensors are lent to the run and given back after it; an argument passed twice is
    // copied for its second place, and may not be donated in either.
    std::vector<ir::Tensor> inputs(arguments.size());
    std::vector<CpuBuffer*> owners(arguments.size(), nullptr);
    for (size_t i = 0; i < arguments.size(); ++i) {
      CpuBuffer& b = cpuBuffer(arguments[i], i);
      const auto first = std::find(owners.begin(), owners.begin() + static_cast<long>(i), &b);
      if (first == owners.begin() + static_cast<long>(i)) {
        owners[i] = &b;
        inputs[i] = b.lend();
        continue;
      }
      const size_t j = static_cast<size_t>(first - owners.begin());
      if (donated[i] || donated[j]) {
        giveBack(owners, inputs, {});
        throw RuntimeError("arguments " + std::to_string(j) + " and " + std::to_string(i) +
                           " are one buffer, and the graph donates one of them");
      }
      inputs[i] = inputs[j];
    }
    std::vector<ir::Tensor> results;
    try {
      results = executable_ ? executable_->runDonating(inputs, donated)
                            : interpret(*module_, *main_, inputs);
    } catch (...) {
      giveBack(owners, inputs, {}); // a run that failed on its inputs consumed nothing
      throw;
    }
    giveBack(owners, inputs, donated);
    std::vector<std::unique_ptr<lower::Buffer>> buffers;
    for (ir::Tensor& t : results) buffers.push_back(std::make_unique<CpuBuffer>(std::move(t)));
    return buffers;
  }

private:
  // Returns the lent tensors; a donated argument (or one a failed run emptied) is consumed.
  static void giveBack(const std::vector<CpuBuffer*>& owners, std::vector<ir::Tensor>& inputs,
                       const std::vector<bool>& donated) {
    for (size_t i = 0; i < owners.size(); ++i) {
      if (!owners[i]) continue;
      if (i < donated.size() && donated[i])
        owners[i]->consume();
      else
        owners[i]->giveBack(std::move(inputs[i]));
    }
  }

  std::unique_ptr<ir::Module> module_;
  const ir::Function* main_ = nullptr;
  std::vector<ir::TensorType> arguments_;
  std::vector<std::optional<int64_t>> donation_;
  std::unique_ptr<Executable> executable_; // null: the reference interpreter runs it
  double compileSeconds_ = 0;
};

} // namespace

std::string CpuLowerer::describe() const {
  return reference_ ? "cpu (reference interpreter)" : "cpu";
}

std::unique_ptr<lower::Session> CpuLowerer::compile(std::string_view mlirText,
                                                    const std::string& name) {
  auto module = std::make_unique<ir::Module>(mlir::parse(mlirText, name));
  ir::verify(*module);
  return std::make_unique<CpuSession>(*this, std::move(module), options_, reference_);
}

std::unique_ptr<lower::Buffer> CpuLowerer::upload(const ir::Tensor& tensor) {
  return std::make_unique<CpuBuffer>(tensor);
}

std::unique_ptr<lower::Buffer> CpuLowerer::upload(ir::Tensor&& tensor) {
  return std::make_unique<CpuBuffer>(std::move(tensor));
}

ir::Tensor CpuLowerer::download(const lower::Buffer& buffer) {
  const ir::Tensor* t = buffer.hostTensor();
  if (!t) throw RuntimeError("cannot download a buffer that was donated to a run");
  return *t;
}

} // namespace hlotrain::cpu

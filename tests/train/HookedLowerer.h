#pragma once
// The cpu lowerer with a hook on every graph call: a test sees the call's inputs and can poison or
// fail its results, through the same Lowerer interface the trainer runs every graph through
// (RunMode::lowerer), so what is tested is the production path.

#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lower/Lowerer.h"
#include "lower/select/Select.h"
#include "support/RunFiles.h"

namespace hlotrain::train::fixtures {

class HookedLowerer : public lower::Lowerer {
public:
  // `graph` is the loaded graph's name (graphName: "train_step", "fwd_eval"); `call` counts its
  // runs from 1. A train step's inputs are (params..., opt_state..., x, y, lr, step), its results
  // (params..., opt_state..., loss, batch statistics...); the eval forward's inputs end with x.
  using Hook =
      std::function<void(std::string_view graph, int64_t call, std::span<const ir::Tensor> inputs,
                         std::vector<ir::Tensor>& results)>;

  explicit HookedLowerer(Hook hook) : cpu_(lower::makeLowerer("cpu")), hook_(std::move(hook)) {}

  std::string_view name() const override { return cpu_->name(); }
  std::string artifactPath(const RunFiles& run, Graph graph) const override {
    return cpu_->artifactPath(run, graph);
  }
  std::unique_ptr<lower::Session> load(const RunFiles& run, Graph graph) override {
    return std::make_unique<HookedSession>(cpu_->load(run, graph), std::string(graphName(graph)),
                                           *this);
  }
  std::unique_ptr<lower::Session> compile(std::string_view text, const std::string& name) override {
    return std::make_unique<HookedSession>(cpu_->compile(text, name), name, *this);
  }
  using lower::Lowerer::upload;
  std::unique_ptr<lower::Buffer> upload(const ir::Tensor& t) override { return cpu_->upload(t); }
  ir::Tensor download(const lower::Buffer& b) override { return cpu_->download(b); }

  // Where the loss sits among the results of a step with these inputs.
  static size_t lossIndex(std::span<const ir::Tensor> inputs) { return inputs.size() - 4; }

private:
  // Runs the graph on the cpu lowerer, then shows the hook the inputs and the results as host
  // tensors; what the hook leaves in the results is what the caller gets.
  class HookedSession : public lower::Session {
  public:
    HookedSession(std::unique_ptr<lower::Session> inner, std::string graph, HookedLowerer& owner)
        : Session(owner), inner_(std::move(inner)), graph_(std::move(graph)), owner_(owner) {}
    const std::vector<ir::TensorType>& argumentTypes() const override {
      return inner_->argumentTypes();
    }
    const std::vector<ir::TensorType>& resultTypes() const override {
      return inner_->resultTypes();
    }
    const std::vector<std::optional<int64_t>>& donation() const override {
      return inner_->donation();
    }
    double compileSeconds() const override { return inner_->compileSeconds(); }
    std::vector<std::unique_ptr<lower::Buffer>> execute(std::span<lower::Buffer* const> arguments,
                                                        bool donate) override {
      std::vector<ir::Tensor> inputs;
      for (lower::Buffer* b : arguments) inputs.push_back(owner_.download(*b));
      std::vector<std::unique_ptr<lower::Buffer>> out = inner_->execute(arguments, donate);
      std::vector<ir::Tensor> results;
      for (const auto& b : out) results.push_back(owner_.download(*b));
      owner_.hook_(graph_, ++owner_.calls_[graph_], inputs, results);
      out.clear();
      for (const ir::Tensor& t : results) out.push_back(owner_.upload(t));
      return out;
    }

  private:
    std::unique_ptr<lower::Session> inner_;
    std::string graph_;
    HookedLowerer& owner_;
  };

  std::unique_ptr<lower::Lowerer> cpu_;
  Hook hook_;
  std::map<std::string, int64_t, std::less<>> calls_;
};

} // namespace hlotrain::train::fixtures

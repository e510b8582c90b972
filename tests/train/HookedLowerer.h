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

namespace hlotrain::train::fixtures {

class HookedLowerer : public lower::Lowerer {
public:
  // `graph` is the loaded suffix ("train_step", "fwd_eval", ...); `call` counts that graph's runs
  // from 1. A train step's inputs are (params..., opt_state..., x, y, lr, step), its results
  // (params..., opt_state..., loss, batch statistics...); the eval forward's inputs end with x.
  using Hook =
      std::function<void(std::string_view graph, int64_t call, std::span<const ir::Tensor> inputs,
                         std::vector<ir::Tensor>& results)>;

  explicit HookedLowerer(Hook hook) : cpu_(lower::makeLowerer("cpu")), hook_(std::move(hook)) {}

  std::string_view name() const override { return cpu_->name(); }
  std::string artifactPath(const std::string& prefix, std::string_view suffix) const override {
    return cpu_->artifactPath(prefix, suffix);
  }
  std::unique_ptr<lower::Session> load(const std::string& prefix,
                                       std::string_view suffix) override {
    return std::make_unique<HookedSession>(cpu_->load(prefix, suffix), std::string(suffix), *this);
  }

  // Where the loss sits among the results of a step with these inputs.
  static size_t lossIndex(std::span<const ir::Tensor> inputs) { return inputs.size() - 4; }

private:
  class HookedSession : public lower::Session {
  public:
    HookedSession(std::unique_ptr<lower::Session> inner, std::string graph, HookedLowerer& owner)
        : inner_(std::move(inner)), graph_(std::move(graph)), owner_(owner) {}
    std::vector<ir::Tensor> run(std::span<const ir::Tensor> inputs) override {
      std::vector<ir::Tensor> results = inner_->run(inputs);
      owner_.hook_(graph_, ++owner_.calls_[graph_], inputs, results);
      return results;
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

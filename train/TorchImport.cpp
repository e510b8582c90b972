#include "train/TorchImport.h"

#include <algorithm>

#include "ir/Npz.h"
#include "nn/Zoo.h"
#include "support/Error.h"

namespace hlotrain::train {

namespace {

bool endsWith(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Trailing unit dims dropped: [O, I, 1, 1] and [O, I] are the same bytes, as [C, 1, 1] and [C].
ir::Shape squeezedTail(ir::Shape shape) {
  while (shape.size() > 1 && shape.back() == 1) shape.pop_back();
  return shape;
}

// The entries in the order their tensors run: each layer_scale behind its module's other entries.
std::vector<ir::NpzEntry> inRunOrder(std::vector<ir::NpzEntry> entries) {
  std::vector<ir::NpzEntry> ordered;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (!endsWith(entries[i].name, "layer_scale")) {
      ordered.push_back(std::move(entries[i]));
      continue;
    }
    const std::string module = entries[i].name.substr(0, entries[i].name.size() - 11);
    size_t end = i + 1;
    while (end < entries.size() && entries[end].name.starts_with(module) &&
           !endsWith(entries[end].name, "layer_scale"))
      ++end;
    for (size_t j = i + 1; j < end; ++j) ordered.push_back(std::move(entries[j]));
    ordered.push_back(std::move(entries[i]));
    i = end - 1;
  }
  return ordered;
}

ir::Tensor transposed(const ir::Tensor& t) {
  const int64_t rows = t.type().shape[0], cols = t.type().shape[1];
  ir::Tensor out(ir::TensorType{ir::ElementType::f32, {cols, rows}});
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) out.set<float>(c * rows + r, t.get<float>(r * cols + c));
  return out;
}

} // namespace

bool isStateDictArchive(const std::string& path) {
  return endsWith(path, ".npz");
}

TrainState importStateDict(const std::string& path, const nn::NetSpec& spec) {
  std::vector<ir::NpzEntry> trainable, means, vars;
  for (ir::NpzEntry& e : inRunOrder(ir::readNpz(path))) {
    if (endsWith(e.name, "num_batches_tracked")) continue;
    if (e.tensor.type().elementType != ir::ElementType::f32)
      throw ConfigError(path + ": entry " + e.name + " is " + ir::toString(e.tensor.type()) +
                        ", expected float32");
    auto& group = endsWith(e.name, "running_mean")  ? means
                  : endsWith(e.name, "running_var") ? vars
                                                    : trainable;
    group.push_back(std::move(e));
  }
  TrainState state = initialState(spec, program::Optimizer::adam);
  const std::vector<nn::ParamInfo> params = nn::parameters(spec);
  const std::string net = nn::cliName(spec.name);
  if (trainable.size() != params.size())
    throw ConfigError(path + ": " + std::to_string(trainable.size()) +
                      " trainable entries for the " + std::to_string(params.size()) +
                      " parameters of " + net + " (" +
                      (trainable.size() > params.size()
                           ? "the first left over: " + trainable[params.size()].name
                           : "the first without an entry: " + params[trainable.size()].name) +
                      "; `hlotrain list --params " + net + "` shows the order)");
  for (size_t i = 0; i < params.size(); ++i) {
    const nn::ParamInfo& p = params[i];
    const ir::Tensor& t = trainable[i].tensor;
    const ir::Shape& shape = t.type().shape;
    const bool dense = p.role == nn::ParamRole::weight && p.shape.size() == 2;
    if (dense && shape == ir::Shape{p.shape[1], p.shape[0]}) {
      state.params[i] = transposed(t);
    } else if (!dense && squeezedTail(shape) == squeezedTail(p.shape)) {
      state.params[i] = ir::Tensor(ir::TensorType{ir::ElementType::f32, p.shape},
                                   std::vector<uint8_t>(t.bytes(), t.bytes() + t.byteSize()));
    } else {
      throw ConfigError(path + ": entry " + trainable[i].name + " " + ir::toString(shape) +
                        " does not fit " + p.name + " " + ir::toString(p.shape) +
                        (dense ? " (an nn.Linear weight [out, in] is transposed)" : "") +
                        ", parameter " + std::to_string(i) + " of " + net);
    }
  }
  const std::vector<int64_t> channels = nn::bnChannels(spec);
  if (means.size() != channels.size() || vars.size() != channels.size())
    throw ConfigError(path + ": " + std::to_string(means.size()) + " running means and " +
                      std::to_string(vars.size()) + " running variances for the " +
                      std::to_string(channels.size()) + " BatchNorm layers of " + net);
  for (size_t l = 0; l < channels.size(); ++l)
    for (auto [source, target] :
         {std::pair{&means[l], &state.bnMean[l]}, std::pair{&vars[l], &state.bnVar[l]}}) {
      if (source->tensor.type().shape != ir::Shape{channels[l]})
        throw ConfigError(path + ": entry " + source->name + " " +
                          ir::toString(source->tensor.type().shape) +
                          " does not fit BatchNorm layer " + std::to_string(l) + " of " + net +
                          " (" + std::to_string(channels[l]) + " channels)");
      *target = std::move(source->tensor);
    }
  return state;
}

} // namespace hlotrain::train

#include "lower/cpu/ConvEpilogue.h"

#include <bit>
#include <cstdint>
#include <string>

namespace hlotrain::cpu::plan {

using ir::ElementType;
using ir::OpKind;

namespace {

// oneDNN takes at most 32 post-ops; a batch norm, a residual and a ReLU are five.
constexpr size_t kMaxStages = 8;

// The operand of the binary `step` other than `x`, or -1 where both are `x`.
int otherOperand(const Step& step, int x) {
  if (step.operands.size() != 2 || step.operands[0] == step.operands[1]) return -1;
  return step.operands[0] == x ? step.operands[1] : step.operands[0];
}

} // namespace

std::optional<ConvEpilogue> recognizeEpilogue(const GraphMatcher& g, int convStep,
                                              const ConvProblem& problem,
                                              const std::vector<bool>& taken) {
  const Step& conv = g.step(convStep);
  if (problem.form != ConvForm::Forward || problem.dst.type != ElementType::f32 ||
      problem.dst.slotType != ElementType::f32 || problem.dst.dims.size() != 4 ||
      conv.results.size() != 1)
    return std::nullopt;
  const int convResult = conv.results[0];
  const std::vector<int64_t> strides = slotStrides(g.graph().slots[size_t(convResult)]);
  const int64_t channels = problem.dst.tensorDims[1];
  ConvEpilogue epilogue;
  int x = convResult;
  while (epilogue.stages.size() < kMaxStages) {
    const int reader = g.soleReader(x);
    if (reader < 0 || taken[static_cast<size_t>(reader)]) break;
    const Step& step = g.step(reader);
    if (!step.live || step.results.size() != 1) break;
    const int result = step.results[0];
    const ir::TensorType& type = g.type(result);
    if (step.op->kind == OpKind::convert) {
      if (type.elementType != ElementType::bf16 || type.shape != g.type(x).shape ||
          slotStrides(g.graph().slots[static_cast<size_t>(result)]) != strides)
        return std::nullopt;
      epilogue.steps.push_back(reader);
      epilogue.result = result;
      return epilogue;
    }
    if (type != g.type(x)) break;
    if (step.op->kind == OpKind::clamp) {
      const std::optional<float> low = g.splat(step.operands[0]), high = g.splat(step.operands[2]);
      if (step.operands[1] != x || !low || !high || !(*low <= *high) || *high == 0.0f ||
          std::bit_cast<uint32_t>(*low) == 0x80000000u)
        break;
      epilogue.stages.push_back({.op = ConvEpilogue::Op::clamp, .low = *low, .high = *high});
      epilogue.steps.push_back(reader);
      x = result;
      continue;
    }
    const int other = otherOperand(step, x);
    if (other < 0) break;
    std::optional<ConvEpilogue::Stage> stage;
    const int vector = g.columnVector(other, channels);
    switch (step.op->kind) {
    case OpKind::subtract:
      if (vector >= 0 && step.operands[0] == x)
        stage = {.op = ConvEpilogue::Op::subtractChannels, .slot = vector};
      break;
    case OpKind::multiply:
      if (vector >= 0) stage = {.op = ConvEpilogue::Op::multiplyChannels, .slot = vector};
      break;
    case OpKind::add:
      if (vector >= 0) {
        stage = {.op = ConvEpilogue::Op::addChannels, .slot = vector};
      } else if (g.type(other) == type &&
                 slotStrides(g.graph().slots[static_cast<size_t>(other)]) == strides) {
        stage = {.op = ConvEpilogue::Op::addTensor, .slot = other};
        for (int64_t d : problem.dst.tensorDims)
          stage->strides.push_back(strides[static_cast<size_t>(d)]);
      }
      break;
    case OpKind::maximum: {
      const std::optional<float> zero = g.splat(other);
      if (zero && std::bit_cast<uint32_t>(*zero) == 0u) stage = {.op = ConvEpilogue::Op::relu};
      break;
    }
    default:
      break;
    }
    if (!stage) break;
    epilogue.stages.push_back(std::move(*stage));
    epilogue.steps.push_back(reader);
    x = result;
  }
  return std::nullopt; // the chain ends before any convert to bf16
}

std::string describeEpilogue(const ConvEpilogue& epilogue) {
  std::string text = " then";
  for (size_t i = 0; i < epilogue.stages.size(); ++i) {
    text += i ? "," : " ";
    switch (epilogue.stages[i].op) {
    case ConvEpilogue::Op::subtractChannels:
      text += "sub";
      break;
    case ConvEpilogue::Op::multiplyChannels:
      text += "mul";
      break;
    case ConvEpilogue::Op::addChannels:
      text += "add";
      break;
    case ConvEpilogue::Op::addTensor:
      text += "add-tensor";
      break;
    case ConvEpilogue::Op::relu:
      text += "relu";
      break;
    case ConvEpilogue::Op::clamp:
      text += "clamp";
      break;
    }
  }
  return text + (epilogue.stages.empty() ? " bf16" : ",bf16");
}

} // namespace hlotrain::cpu::plan

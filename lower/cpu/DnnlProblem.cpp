#include "lower/cpu/DnnlProblem.h"

#include <cstdio>
#include <utility>

namespace hlotrain::cpu::plan {

namespace {

// oneDNN's ISA values are bit sets, each including the ISAs below it.
bool effectiveIsaIncludes(dnnl::cpu_isa wanted) {
  const auto isa = static_cast<unsigned>(dnnl::get_effective_cpu_isa());
  const auto bits = static_cast<unsigned>(wanted);
  return (isa & bits) == bits;
}

} // namespace

bool hasBf16MatrixUnits() {
  return effectiveIsaIncludes(dnnl::cpu_isa::avx512_core_bf16);
}

bool hasAmx() {
  return effectiveIsaIncludes(dnnl::cpu_isa::avx512_core_amx);
}

std::string effectiveIsaName() {
  using dnnl::cpu_isa;
  switch (dnnl::get_effective_cpu_isa()) {
  case cpu_isa::sse41:
    return "sse41";
  case cpu_isa::avx:
    return "avx";
  case cpu_isa::avx2:
    return "avx2";
  case cpu_isa::avx2_vnni:
    return "avx2_vnni";
  case cpu_isa::avx512_mic:
    return "avx512_mic";
  case cpu_isa::avx512_mic_4ops:
    return "avx512_mic_4ops";
  case cpu_isa::avx512_core:
    return "avx512_core";
  case cpu_isa::avx512_core_vnni:
    return "avx512_core_vnni";
  case cpu_isa::avx512_core_bf16:
    return "avx512_core_bf16";
  case cpu_isa::avx512_core_amx:
    return "avx512_core_amx";
  default:
    return "isa 0x" + [] {
      char hex[16];
      std::snprintf(hex, sizeof hex, "%x", static_cast<unsigned>(dnnl::get_effective_cpu_isa()));
      return std::string(hex);
    }();
  }
}

std::optional<int64_t> mergedStride(const ir::Shape& shape, const std::vector<int64_t>& strides,
                                    const std::vector<int64_t>& dims, int64_t& size) {
  size = 1;
  std::optional<int64_t> stride;
  for (int64_t d : dims) {
    auto i = static_cast<size_t>(d);
    if (shape[i] == 1) continue;
    if (stride && *stride != strides[i] * shape[i]) return std::nullopt;
    stride = strides[i];
    size *= shape[i];
  }
  return stride.value_or(0);
}

dnnl::primitive_attr userScratchpad() {
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attr;
}

std::string_view name(ConvForm form) {
  switch (form) {
  case ConvForm::Forward:
    return "forward";
  case ConvForm::BackwardData:
    return "backward-data";
  case ConvForm::BackwardWeights:
    return "backward-weights";
  }
  return "?";
}

const DnnlView& resultView(const ConvProblem& problem) {
  switch (problem.form) {
  case ConvForm::Forward:
    return problem.dst;
  case ConvForm::BackwardData:
    return problem.src;
  case ConvForm::BackwardWeights:
    return problem.weights;
  }
  return problem.dst;
}

DnnlView& resultView(ConvProblem& problem) {
  return const_cast<DnnlView&>(resultView(std::as_const(problem)));
}

std::string dimsText(const std::vector<int64_t>& dims) {
  std::string s;
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? "x" : "") + std::to_string(dims[i]);
  return s;
}

std::string typesText(ir::ElementType a, ir::ElementType b, ir::ElementType result) {
  if (a == ir::ElementType::f32 && b == ir::ElementType::f32 && result == ir::ElementType::f32)
    return "";
  return " " + std::string(ir::name(a)) + " x " + std::string(ir::name(b)) + " -> " +
         std::string(ir::name(result));
}

std::string describeProblem(const ConvProblem& p) {
  // The primitive's two inputs, by form.
  const DnnlView& first = p.form == ConvForm::BackwardData ? p.dst : p.src;
  const DnnlView& second = p.form == ConvForm::BackwardWeights ? p.dst : p.weights;
  const DnnlView& result = resultView(p);
  return "onednn conv " + std::string(name(p.form)) + " src " + dimsText(p.src.dims) + " weights " +
         dimsText(p.weights.dims) + " dst " + dimsText(p.dst.dims) + " stride " +
         dimsText(p.strides) + " dilate " + dimsText(p.dilates) + " pad " + dimsText(p.padL) + "/" +
         dimsText(p.padR) + typesText(first.type, second.type, result.type);
}

} // namespace hlotrain::cpu::plan

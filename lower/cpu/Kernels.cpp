#include "lower/cpu/Kernels.h"

#include <cstring>

#include "ir/Tensor.h"

namespace hlotrain::cpu::plan {

using ir::OpKind;

std::optional<OpKind> binaryBodyKind(const ir::Region& body) {
  if (body.ops.size() != 1 || body.results.size() != 1 || body.args.size() != 2)
    return std::nullopt;
  const ir::Op& inner = *body.ops[0];
  if (inner.kind != OpKind::add && inner.kind != OpKind::multiply &&
      inner.kind != OpKind::maximum && inner.kind != OpKind::minimum)
    return std::nullopt;
  if (body.results[0] != inner.result() || inner.operands.size() != 2) return std::nullopt;
  const ir::Value *a = body.args[0].get(), *b = body.args[1].get();
  bool argsUsed = (inner.operands[0] == a && inner.operands[1] == b) ||
                  (inner.operands[0] == b && inner.operands[1] == a);
  return argsUsed ? std::optional(inner.kind) : std::nullopt;
}

std::optional<float> splatValue(const ir::Tensor& t) {
  const ir::ElementType type = t.elementType();
  if (type != ir::ElementType::f32 && type != ir::ElementType::i1 && type != ir::ElementType::bf16)
    return std::nullopt;
  if (t.numElements() == 0) return std::nullopt;
  const size_t w = ir::byteWidth(type);
  for (size_t i = w; i < t.byteSize(); i += w)
    if (std::memcmp(t.bytes(), t.bytes() + i, w) != 0) return std::nullopt;
  return static_cast<float>(t.getAsDouble(0));
}

} // namespace hlotrain::cpu::plan

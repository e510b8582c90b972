#include "ir/Tensor.h"

#include "support/Error.h"

namespace hlotrain::ir {

Tensor::Tensor(TensorType type, std::vector<uint8_t> bytes)
    : type_(std::move(type)), bytes_(std::move(bytes)) {
  if (bytes_.size() != type_.byteSize())
    throw VerifyError("tensor data of " + std::to_string(bytes_.size()) + " bytes for " +
                      toString(type_) + " (expected " + std::to_string(type_.byteSize()) + ")");
}

double Tensor::getAsDouble(int64_t i) const {
  return dispatch(elementType(),
                  [&](auto tag) { return static_cast<double>(get<decltype(tag)>(i)); });
}

int64_t Tensor::getAsInt(int64_t i) const {
  return dispatch(elementType(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsHalfFloat<T>)
      return static_cast<int64_t>(static_cast<double>(get<T>(i)));
    else
      return static_cast<int64_t>(get<T>(i));
  });
}

std::vector<int64_t> stridesOf(const Shape& shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

} // namespace hlotrain::ir

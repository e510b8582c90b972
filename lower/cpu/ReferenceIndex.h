#pragma once
// Index-space helpers of the reference interpreter: walking a shape's indices in row-major order
// and moving single elements between tensors without caring about their type.

#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "ir/Tensor.h"
#include "support/Error.h"

namespace hlotrain::cpu::ref {

using Index = std::vector<int64_t>;

// Calls f(index, flatIndex) for every index of `shape` in ascending lexicographic order.
template <class F> void forEachIndex(const ir::Shape& shape, F&& f) {
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  Index index(shape.size(), 0);
  for (int64_t flat = 0; flat < count; ++flat) {
    f(static_cast<const Index&>(index), flat);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
}

inline bool inBounds(const ir::Shape& shape, const Index& index) {
  for (size_t d = 0; d < shape.size(); ++d)
    if (index[d] < 0 || index[d] >= shape[d]) return false;
  return true;
}

// The row-major flat position of an in-bounds index.
inline int64_t flatten(const ir::Shape& shape, const Index& index) {
  int64_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d) flat = flat * shape[d] + index[d];
  return flat;
}

inline void copyElement(ir::Tensor& dst, int64_t dstFlat, const ir::Tensor& src, int64_t srcFlat) {
  const size_t width = ir::byteWidth(src.elementType());
  std::memcpy(dst.bytes() + dstFlat * width, src.bytes() + srcFlat * width, width);
}

// Element `flat` of `t` as a rank-0 tensor.
inline ir::Tensor elementAt(const ir::Tensor& t, int64_t flat) {
  ir::Tensor scalar(ir::TensorType{t.elementType(), {}});
  copyElement(scalar, 0, t, flat);
  return scalar;
}

// A tensor of `type` with every element equal to the rank-0 `value`.
inline ir::Tensor splat(const ir::TensorType& type, const ir::Tensor& value) {
  ir::Tensor result(type);
  for (int64_t i = 0; i < result.numElements(); ++i) copyElement(result, i, value, 0);
  return result;
}

// Element `flat` of an integer tensor (an index: the verifier checked the type); unsigned values
// beyond int64 read as its maximum, which clamps or skips like any index too large.
inline int64_t integerAt(const ir::Tensor& t, int64_t flat) {
  return ir::dispatch(t.elementType(), [&](auto tag) -> int64_t {
    using T = decltype(tag);
    if constexpr (ir::kIsHalfFloat<T>) {
      throw RuntimeError("internal: an index of type " + std::string(ir::name(t.elementType())));
    } else {
      T v = t.get<T>(flat);
      if constexpr (std::is_unsigned_v<T> && sizeof(T) == 8)
        if (v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
          return std::numeric_limits<int64_t>::max();
      return static_cast<int64_t>(v);
    }
  });
}

} // namespace hlotrain::cpu::ref

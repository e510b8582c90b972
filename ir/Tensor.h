#pragma once
// A dense host tensor: a type plus row-major bytes. Constants hold one; the interpreters and the
// CLI's .npy I/O use the same class, so a value never changes representation between layers.

#include <cstring>
#include <span>
#include <vector>

#include "ir/Type.h"

namespace hlotrain::ir {

class Tensor {
public:
  Tensor() = default;
  explicit Tensor(TensorType type) : type_(std::move(type)), bytes_(type_.byteSize()) {}
  Tensor(TensorType type, std::vector<uint8_t> bytes);

  template <class T> static Tensor fromVector(const Shape& shape, const std::vector<T>& values) {
    Tensor t(TensorType{elementTypeOf<T>(), shape});
    for (size_t i = 0; i < values.size() && i < static_cast<size_t>(t.numElements()); ++i)
      t.set<T>(static_cast<int64_t>(i), values[i]);
    return t;
  }
  template <class T> static Tensor scalar(T value) { return fromVector<T>({}, {value}); }

  const TensorType& type() const { return type_; }
  ElementType elementType() const { return type_.elementType; }
  const Shape& shape() const { return type_.shape; }
  int64_t numElements() const { return type_.numElements(); }

  uint8_t* bytes() { return bytes_.data(); }
  const uint8_t* bytes() const { return bytes_.data(); }
  size_t byteSize() const { return bytes_.size(); }

  // Typed element access; T must be the storage type of elementType() (see ir::dispatch).
  template <class T> T get(int64_t i) const {
    T v;
    std::memcpy(&v, bytes_.data() + i * sizeof(T), sizeof(T));
    return v;
  }
  template <class T> void set(int64_t i, T v) {
    std::memcpy(bytes_.data() + i * sizeof(T), &v, sizeof(T));
  }
  template <class T> T* data() { return reinterpret_cast<T*>(bytes_.data()); }
  template <class T> const T* data() const { return reinterpret_cast<const T*>(bytes_.data()); }

  // Element i converted to double / int64 (for messages, tests and generic code).
  double getAsDouble(int64_t i) const;
  int64_t getAsInt(int64_t i) const;

  bool operator==(const Tensor&) const = default;

private:
  TensorType type_;
  std::vector<uint8_t> bytes_;
};

// Row-major strides (in elements) of a shape.
std::vector<int64_t> stridesOf(const Shape& shape);

} // namespace hlotrain::ir

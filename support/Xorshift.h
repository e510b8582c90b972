#pragma once
// The one xorshift64 step of FORMATS.md, shared by He init, shuffling and augmentation so that
// every stream matches other implementations of the same recipe bit for bit.

#include <cstdint>

namespace hlotrain {

inline uint64_t xorshift64(uint64_t s) {
  s ^= s << 13;
  s ^= s >> 7;
  s ^= s << 17;
  return s;
}

} // namespace hlotrain

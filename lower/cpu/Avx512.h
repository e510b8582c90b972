#pragma once
// <immintrin.h> for the fast path's hand-written AVX-512 kernels. GCC 12's intrinsics start some
// results from a self-initialised "undefined" vector, which its flow analysis reports once they
// are inlined into a caller (clang has no such warning); the include silences that for them.

#if defined(__AVX512F__)
#if !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>
#if !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif

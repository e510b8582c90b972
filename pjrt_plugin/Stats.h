#pragma once
// Traffic counters of libhlotrain_pjrt.so, exported beside GetPjrtApi so that a test or the xla
// lowerer's client can count what crosses host <-> device per step (dlsym "HlotrainPjrt_Stats").
// A plain C header: it is read by code that knows the plugin only through dlopen.

#include <stdint.h>

#if defined(__GNUC__)
#define HLOTRAIN_PJRT_EXPORT __attribute__((visibility("default")))
#else
#define HLOTRAIN_PJRT_EXPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct HlotrainPjrtStats {
  uint64_t uploads;        // successful PJRT_Client_BufferFromHostBuffer calls
  uint64_t upload_bytes;   // the bytes they copied in
  uint64_t downloads;      // PJRT_Buffer_ToHostBuffer calls that copied data (size queries do not)
  uint64_t download_bytes; // the bytes they copied out
  uint64_t compiles;       // successful PJRT_Client_Compile calls
  uint64_t executes;       // successful PJRT_LoadedExecutable_Execute calls
  // PJRT_Buffer handles not yet destroyed: a donated or deleted buffer counts until its
  // PJRT_Buffer_Destroy, so a client that leaks handles shows here.
  int64_t buffers_alive;
} HlotrainPjrtStats;

HLOTRAIN_PJRT_EXPORT void HlotrainPjrt_Stats(HlotrainPjrtStats* out);
// Zeroes the counters; buffers_alive is a level, not a count, and is kept.
HLOTRAIN_PJRT_EXPORT void HlotrainPjrt_ResetStats(void);

typedef void (*HlotrainPjrt_StatsFn)(HlotrainPjrtStats* out);
typedef void (*HlotrainPjrt_ResetStatsFn)(void);

#ifdef __cplusplus
} // extern "C"
#endif

#include "pjrt_plugin/Stats.h"

#include "pjrt_plugin/Counters.h"

namespace hlotrain::pjrt {

Counters& counters() {
  static Counters instance;
  return instance;
}

} // namespace hlotrain::pjrt

extern "C" void HlotrainPjrt_Stats(HlotrainPjrtStats* out) {
  if (!out) return;
  const hlotrain::pjrt::Counters& c = hlotrain::pjrt::counters();
  out->uploads = c.uploads;
  out->upload_bytes = c.uploadBytes;
  out->downloads = c.downloads;
  out->download_bytes = c.downloadBytes;
  out->compiles = c.compiles;
  out->executes = c.executes;
  out->buffers_alive = c.buffersAlive;
}

extern "C" void HlotrainPjrt_ResetStats(void) {
  hlotrain::pjrt::Counters& c = hlotrain::pjrt::counters();
  for (std::atomic<uint64_t>* counter :
       {&c.uploads, &c.uploadBytes, &c.downloads, &c.downloadBytes, &c.compiles, &c.executes})
    *counter = 0;
}

#pragma once
// Events. The plugin executes synchronously, so every event is born ready, carrying either
// success or the failure of the work it stands for.

#include <optional>

#include "pjrt_plugin/Errors.h"

struct PJRT_Event {
  std::optional<hlotrain::pjrt::Status> failure;
};

namespace hlotrain::pjrt {

PJRT_Event* newReadyEvent();
PJRT_Event* newFailedEvent(Status failure);

// Registers Event_Destroy, IsReady, Error, Await and OnReady.
void fillEventSlots(PJRT_Api& api);

} // namespace hlotrain::pjrt

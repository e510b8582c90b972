#include "pjrt_plugin/Events.h"

namespace hlotrain::pjrt {
namespace {

// Each query hands out its own error, as the API requires.
PJRT_Error* errorOf(const PJRT_Event& event) {
  return event.failure ? newError(*event.failure) : nullptr;
}

PJRT_Error* eventDestroy(PJRT_Event_Destroy_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Event_Destroy_Args, args);
    delete args->event;
  });
}

PJRT_Error* eventIsReady(PJRT_Event_IsReady_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Event_IsReady_Args, args);
    deref(args->event, "event");
    args->is_ready = true;
  });
}

PJRT_Error* eventError(PJRT_Event_Error_Args* args) {
  if (PJRT_Error* bad = guarded([&] {
        HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Event_Error_Args, args);
        deref(args->event, "event");
      }))
    return bad;
  return errorOf(*args->event);
}

// Nothing to wait for: the work finished before the event was handed out.
PJRT_Error* eventAwait(PJRT_Event_Await_Args* args) {
  if (PJRT_Error* bad = guarded([&] {
        HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Event_Await_Args, args);
        deref(args->event, "event");
      }))
    return bad;
  return errorOf(*args->event);
}

// The event is already ready, so the callback runs now, on the caller's thread.
PJRT_Error* eventOnReady(PJRT_Event_OnReady_Args* args) {
  return guarded([&] {
    HLOTRAIN_PJRT_CHECK_ARGS(PJRT_Event_OnReady_Args, args);
    const PJRT_Event& event = deref(args->event, "event");
    if (!args->callback) throw Failure(PJRT_Error_Code_INVALID_ARGUMENT, "`callback` is NULL");
    args->callback(errorOf(event), args->user_arg);
  });
}

} // namespace

PJRT_Event* newReadyEvent() {
  return new PJRT_Event;
}

PJRT_Event* newFailedEvent(Status failure) {
  return new PJRT_Event{std::move(failure)};
}

void fillEventSlots(PJRT_Api& api) {
  api.PJRT_Event_Destroy = eventDestroy;
  api.PJRT_Event_IsReady = eventIsReady;
  api.PJRT_Event_Error = eventError;
  api.PJRT_Event_Await = eventAwait;
  api.PJRT_Event_OnReady = eventOnReady;
}

} // namespace hlotrain::pjrt

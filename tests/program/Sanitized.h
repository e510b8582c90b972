#pragma once
// Whether this test binary runs under AddressSanitizer: sanitized builds run several times
// slower, so the trainings in them take fewer steps and accept less.

namespace hlotrain::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

} // namespace hlotrain::testing

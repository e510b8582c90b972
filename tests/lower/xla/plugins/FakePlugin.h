#pragma once
// What the fake PJRT plugin (FakePlugin.cpp) says in its `options` mode, shared with the tests
// that read it: the compile options as hex, since the bytes may hold NULs that an exception's
// what() would cut at.

#include <string>
#include <string_view>

namespace hlotrain::fake_pjrt {

inline std::string optionsMessage(std::string_view options) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string message = "compile options ";
  for (unsigned char byte : options) message += {kHex[byte >> 4], kHex[byte & 15]};
  return message;
}

} // namespace hlotrain::fake_pjrt

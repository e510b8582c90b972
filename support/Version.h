#pragma once
// What hlotrain this is: the project's version (CMakeLists.txt's `project(... VERSION ...)`) and
// the git commit it was built from, for `hlotrain --version` and every record a run writes.

#include <string_view>

namespace hlotrain {

std::string_view version();   // "0.1.0"
std::string_view gitCommit(); // 12 hex digits; "unknown" when not built from a git checkout
// "hlotrain 0.1.0 (git 4e9b732abcde)".
std::string_view versionLine();

} // namespace hlotrain

#pragma once
// A whole file's bytes, for the readers that parse a file at once (texts, models, configs).

#include <optional>
#include <string>

namespace hlotrain {

// The bytes of the file at `path`; nullopt when it cannot be opened or read to its end.
std::optional<std::string> readWholeFile(const std::string& path);

} // namespace hlotrain

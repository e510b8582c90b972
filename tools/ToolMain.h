#pragma once
// The command line the dataset preprocessors share, `TOOL SRC OUT [--flag value]...`: flags each
// take one value, -h/--help prints the usage, and errors become exit codes with one line on
// `err` (2 for bad arguments or input, the usage after an argument error; 1 for I/O failures).

#include <functional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hlotrain::tools {

struct ToolArgs {
  std::string src, out;
  std::vector<std::pair<std::string, std::string>> flags; // in the order given
};

// Parses `args` (the program name excluded) against `valueFlags`, calls `run`, and returns the
// exit status. `positionalNames` names SRC and OUT in the message for a wrong count.
int runTool(const std::vector<std::string>& args, std::span<const std::string_view> valueFlags,
            std::string_view positionalNames, std::string_view usage, std::ostream& out,
            std::ostream& err, const std::function<void(const ToolArgs&)>& run);

} // namespace hlotrain::tools

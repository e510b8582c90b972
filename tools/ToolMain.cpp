#include "tools/ToolMain.h"

#include <algorithm>

#include "support/Error.h"

namespace hlotrain::tools {

int runTool(const std::vector<std::string>& args, std::span<const std::string_view> valueFlags,
            std::string_view positionalNames, std::string_view usage, std::ostream& out,
            std::ostream& err, const std::function<void(const ToolArgs&)>& run) {
  try {
    ToolArgs parsed;
    std::vector<std::string> positional;
    for (size_t i = 0; i < args.size(); ++i) {
      const std::string& arg = args[i];
      if (arg == "-h" || arg == "--help") {
        out << usage;
        return 0;
      }
      if (std::find(valueFlags.begin(), valueFlags.end(), arg) != valueFlags.end()) {
        if (i + 1 == args.size()) throw ConfigError(arg + " needs a value");
        parsed.flags.emplace_back(arg, args[++i]);
      } else if (arg.starts_with("-")) {
        throw ConfigError("unknown option " + arg);
      } else {
        positional.push_back(arg);
      }
    }
    if (positional.size() != 2)
      throw ConfigError("expected " + std::string(positionalNames) + ", got " +
                        std::to_string(positional.size()) + " arguments");
    parsed.src = positional[0];
    parsed.out = positional[1];
    run(parsed);
    return 0;
  } catch (const ConfigError& e) {
    err << "error: " << e.what() << "\n" << usage;
    return 2;
  } catch (const ParseError& e) {
    err << "error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    err << "error: " << e.what() << "\n";
    return 1;
  }
}

} // namespace hlotrain::tools

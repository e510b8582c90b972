#pragma once
// What the file-reading targets share: a scratch directory per fuzzing process (the loaders take
// paths), and the rule that outside input may only fail with a typed hlotrain error.

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>

#include "support/Error.h"

namespace hlotrain::fuzz {

// A directory under $TMPDIR (or /tmp) that lives as long as the process; inputs are rewritten in
// place, so a long run never accumulates files.
inline const std::filesystem::path& scratchDir() {
  struct Dir {
    std::filesystem::path path;
    Dir() {
      std::string pattern = (std::filesystem::temp_directory_path() / "hlotrain_fuzz_XXXXXX");
      if (!::mkdtemp(pattern.data())) std::abort(); // no scratch space: nothing can be fuzzed
      path = pattern;
    }
    ~Dir() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const Dir dir;
  return dir.path;
}

inline std::string writeScratch(const std::string& name, std::span<const uint8_t> bytes) {
  const std::filesystem::path path = scratchDir() / name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) std::abort(); // a harness failure, not a finding in the code under test
  return path.string();
}

// Runs `body` on outside input: a typed error is the expected way to refuse it; anything else (a
// std:: exception, a sanitizer report, a signal) escapes and is a finding.
template <class F> void expectTypedErrors(F&& body) {
  try {
    body();
  } catch (const ParseError&) {
  } catch (const VerifyError&) {
  } catch (const UnsupportedError&) {
  } catch (const RuntimeError&) {
  }
}

} // namespace hlotrain::fuzz

#pragma once
// An environment variable set for a scope and restored (or unset) after it: how tests drive the
// settings hlotrain reads from the environment (HLOTRAIN_LOWERER, HLOTRAIN_PJRT_DEVICES, ...).

#include <cstdlib>
#include <optional>
#include <string>

namespace hlotrain::testing {

class ScopedEnv {
public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_)
      setenv(name_, old_->c_str(), 1);
    else
      unsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
  const char* name_;
  std::optional<std::string> old_;
};

} // namespace hlotrain::testing

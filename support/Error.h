#pragma once
// Typed errors of the library. Every entry point that reads outside input throws one of these;
// the CLI maps each kind to its exit code, so no error class is ever a signal or an exit().

#include <stdexcept>
#include <string>

namespace hlotrain {

// The input text or file is malformed (exit 2). The message already names where.
class ParseError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// The IR is ill-typed or inconsistent (exit 2): a builder call or the verifier refused it.
class VerifyError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Well-formed input that uses an op, type or attribute we do not implement (exit 3).
class UnsupportedError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// An invalid option or option combination (exit 2), rejected before any graph is built.
class ConfigError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Failure while executing a well-formed program (bad inputs, I/O) (exit 1).
class RuntimeError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace hlotrain

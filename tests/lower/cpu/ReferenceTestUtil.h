#pragma once
// Shared by the reference interpreter's tests: a function under construction with its inputs,
// run through cpu::interpret, and an exact tensor comparison that prints both sides.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <sstream>

#include "ir/Builder.h"
#include "ir/Verifier.h"
#include "lower/cpu/Interpreter.h"

namespace hlotrain::cpu::reftest {

using namespace hlotrain::ir;

template <class T> Tensor tensor(Shape shape, std::vector<T> values) {
  return Tensor::fromVector<T>(shape, values);
}

inline std::string describe(const Tensor& t) {
  std::ostringstream out;
  out << toString(t.type()) << " [";
  for (int64_t i = 0; i < t.numElements(); ++i) {
    out << (i ? ", " : "");
    if (isFloat(t.elementType()))
      out << t.getAsDouble(i);
    else if (isUnsigned(t.elementType()))
      out << static_cast<uint64_t>(t.getAsInt(i));
    else
      out << t.getAsInt(i);
  }
  return out.str() + "]";
}

// Same type and the same elements; floats compare bitwise except that any NaN equals any NaN.
inline ::testing::AssertionResult sameTensor(const Tensor& actual, const Tensor& expected) {
  bool same = actual.type() == expected.type();
  for (int64_t i = 0; same && i < actual.numElements(); ++i) {
    if (isFloat(actual.elementType())) {
      const double a = actual.getAsDouble(i), e = expected.getAsDouble(i);
      same = (std::isnan(a) && std::isnan(e)) ||
             std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(e);
    } else {
      same = actual.getAsInt(i) == expected.getAsInt(i);
    }
  }
  if (same) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "\n  actual:   " << describe(actual) << "\n  expected: " << describe(expected);
}

// A `main` function being built; run() verifies the module and interprets it.
class ReferenceTest : public ::testing::Test {
protected:
  Module module;
  Function& fn = module.addFunction("main");
  Builder b{fn.body, &module};
  std::vector<Tensor> inputs;

  Value* input(Tensor value) {
    inputs.push_back(value);
    return fn.body.addArgument(value.type());
  }

  std::vector<Tensor> run(std::vector<Value*> results, CheckLog* checks = nullptr) {
    fn.setResults(std::move(results));
    verify(module);
    return interpret(module, fn, inputs, checks);
  }
  Tensor run(Value* result) { return run(std::vector<Value*>{result}).at(0); }
};

} // namespace hlotrain::cpu::reftest

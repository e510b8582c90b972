#pragma once
// Shared by the fast path's tests: a module under construction, random inputs, and a comparison
// of Executable::run against the reference interpreter with float-reassociation tolerances.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>
#include <sstream>

#include "ir/Builder.h"
#include "ir/Verifier.h"
#include "lower/cpu/Executable.h"
#include "lower/cpu/Interpreter.h"
#include "support/Error.h"

namespace hlotrain::cpu::fasttest {

using namespace hlotrain::ir;

inline TensorType f32(Shape s) {
  return {ElementType::f32, std::move(s)};
}

inline Tensor randomTensor(const TensorType& type, std::mt19937& rng) {
  Tensor t(type);
  std::uniform_real_distribution<float> real(-1.0f, 1.0f);
  std::uniform_int_distribution<int> small(-5, 5);
  for (int64_t i = 0; i < t.numElements(); ++i) {
    dispatch(type.elementType, [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_same_v<T, bool>)
        t.set<bool>(i, small(rng) > 0);
      else if constexpr (kIsFloatStorage<T>)
        t.set<T>(i, static_cast<T>(real(rng)));
      else
        t.set<T>(i, static_cast<T>(small(rng)));
    });
  }
  return t;
}

// Elementwise |actual - expected| <= tolerance * (1 + max |expected|); NaN matches NaN; integers
// and booleans exactly.
inline ::testing::AssertionResult closeTensor(const Tensor& actual, const Tensor& expected,
                                              double tolerance) {
  if (actual.type() != expected.type())
    return ::testing::AssertionFailure()
           << "type " << toString(actual.type()) << " vs " << toString(expected.type());
  double scale = 1;
  for (int64_t i = 0; i < expected.numElements(); ++i)
    if (std::isfinite(expected.getAsDouble(i)))
      scale = std::max(scale, 1 + std::fabs(expected.getAsDouble(i)));
  for (int64_t i = 0; i < actual.numElements(); ++i) {
    double a = actual.getAsDouble(i), e = expected.getAsDouble(i);
    bool ok = isFloat(actual.elementType()) ? (std::isnan(a) && std::isnan(e)) || a == e ||
                                                  std::fabs(a - e) <= tolerance * scale
                                            : actual.getAsInt(i) == expected.getAsInt(i);
    if (!ok)
      return ::testing::AssertionFailure() << "element " << i << " of " << toString(actual.type())
                                           << ": fast " << a << ", reference " << e;
  }
  return ::testing::AssertionSuccess();
}

// A function @main under construction; check() runs it both ways and compares every result.
class FastCase {
public:
  explicit FastCase(unsigned seed = 1234) : rng(seed) {}
  Module module;
  Function& fn = module.addFunction("main");
  Builder b{fn.body, &module};
  std::vector<Tensor> inputs;
  std::mt19937 rng;
  std::string plan;
  CompileOptions options;

  Value* arg(TensorType t) {
    inputs.push_back(randomTensor(t, rng));
    return fn.body.addArgument(std::move(t));
  }

  // Runs twice (the second run reuses the plan's buffers) and compares with the reference.
  void check(std::vector<Value*> results, double tolerance = 1e-5) {
    fn.setResults(std::move(results));
    verify(module);
    std::vector<Tensor> expected = interpret(module, fn, inputs);
    auto exe = Executable::compile(module, "main", options);
    plan = exe->dumpPlan();
    for (int round = 0; round < 2; ++round) {
      std::vector<Tensor> actual = exe->run(inputs);
      ASSERT_EQ(actual.size(), expected.size());
      for (size_t i = 0; i < actual.size(); ++i)
        EXPECT_TRUE(closeTensor(actual[i], expected[i], tolerance))
            << "result #" << i << " round " << round << "\n"
            << plan;
    }
  }

  bool planHas(const std::string& text) const { return plan.find(text) != std::string::npos; }
};

class FastFixture : public ::testing::Test, public FastCase {};

// The number of kernels in a plan dump.
inline int kernelCount(const std::string& plan) {
  int count = 0;
  for (size_t at = plan.find("\n  #"); at != std::string::npos; at = plan.find("\n  #", at + 1))
    ++count;
  return count;
}

// The distinct arena offsets a plan dump gives its row-major intermediate values
// ("%5:tensor<8xf32>@64").
inline std::set<std::string> arenaOffsets(const std::string& plan) {
  std::set<std::string> offsets;
  for (size_t at = plan.find(">@"); at != std::string::npos; at = plan.find(">@", at + 1))
    offsets.insert(plan.substr(at + 2, plan.find(' ', at) - at - 2));
  return offsets;
}

} // namespace hlotrain::cpu::fasttest

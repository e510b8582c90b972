// The `check` ops: what passes, what fails, and what a failure records.

#include <cmath>
#include <limits>

#include "ReferenceTestUtil.h"
#include "lower/cpu/Checks.h"
#include "support/Error.h"

namespace hlotrain::cpu::reftest {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

class ChecksTest : public ReferenceTest {
protected:
  // Runs one check of `actual` against `expected` (an operand, or the value of a *_const form).
  CheckLog check(OpKind kind, const Tensor& actual, const Tensor& expected, Attributes attrs = {}) {
    std::vector<Value*> operands = {input(actual)};
    if (kind == OpKind::check_expect_eq_const || kind == OpKind::check_expect_almost_eq_const)
      attrs.value = expected;
    else
      operands.push_back(input(expected));
    b.check(kind, operands, attrs);
    CheckLog log;
    run(std::vector<Value*>{}, &log);
    return log;
  }
};

TEST_F(ChecksTest, ExpectEqPassesOnIdenticalTensors) {
  CheckLog log = check(OpKind::check_expect_eq, tensor<int32_t>({3}, {1, 2, 3}),
                       tensor<int32_t>({3}, {1, 2, 3}));
  EXPECT_EQ(log.passed, 1);
  EXPECT_FALSE(log.firstFailure);
}

TEST_F(ChecksTest, ExpectEqRecordsTheFirstMismatch) {
  CheckLog log = check(OpKind::check_expect_eq, tensor<int32_t>({2, 2}, {1, 2, 3, 4}),
                       tensor<int32_t>({2, 2}, {1, 2, 0, 0}));
  EXPECT_EQ(log.passed, 0);
  ASSERT_TRUE(log.firstFailure);
  EXPECT_EQ(log.firstFailure->op, "check.expect_eq");
  EXPECT_EQ(log.firstFailure->elementIndex, 2);
  EXPECT_EQ(log.firstFailure->actual, "3");
  EXPECT_EQ(log.firstFailure->expected, "0");
  EXPECT_FALSE(log.firstFailure->detail.empty());
}

TEST_F(ChecksTest, ExpectEqOnFloatsIsBitwiseButNaNMatchesNaN) {
  EXPECT_EQ(check(OpKind::check_expect_eq, tensor<float>({2}, {kNaN, 1.f}),
                  tensor<float>({2}, {-kNaN, 1.f}))
                .passed,
            1);
  CheckLog zeros =
      check(OpKind::check_expect_eq, tensor<float>({1}, {-0.f}), tensor<float>({1}, {0.f}));
  ASSERT_TRUE(zeros.firstFailure);
  EXPECT_EQ(zeros.firstFailure->actual, "-0");
}

TEST_F(ChecksTest, ExpectEqConstComparesWithTheAttribute) {
  EXPECT_EQ(check(OpKind::check_expect_eq_const, tensor<bool>({2}, {true, false}),
                  tensor<bool>({2}, {true, false}))
                .passed,
            1);
  CheckLog log = check(OpKind::check_expect_eq_const, tensor<uint64_t>({1}, {~0ull}),
                       tensor<uint64_t>({1}, {0}));
  ASSERT_TRUE(log.firstFailure);
  EXPECT_EQ(log.firstFailure->op, "check.expect_eq_const");
  EXPECT_EQ(log.firstFailure->actual, "18446744073709551615");
}

TEST_F(ChecksTest, FailurePrintsFloatsWithFullPrecision) {
  CheckLog log =
      check(OpKind::check_expect_eq, tensor<float>({1}, {0.1f}), tensor<float>({1}, {0.2f}));
  ASSERT_TRUE(log.firstFailure);
  EXPECT_EQ(log.firstFailure->actual, "0.100000001");
  EXPECT_EQ(log.firstFailure->expected, "0.200000003");
}

TEST_F(ChecksTest, ExpectAlmostEqUsesTheAbsoluteTolerance) {
  const Tensor expected = tensor<double>({3}, {1.0, -2.0, 1e9});
  EXPECT_EQ(
      check(OpKind::check_expect_almost_eq, tensor<double>({3}, {1.00005, -2.00009, 1e9}), expected)
          .passed,
      1);
  Attributes loose;
  loose.tolerance = 1e-3;
  CheckLog log = check(OpKind::check_expect_almost_eq_const,
                       tensor<double>({3}, {1.0005, -2.0, 1e9 + 1}), expected, loose);
  ASSERT_TRUE(log.firstFailure);
  EXPECT_EQ(log.firstFailure->op, "check.expect_almost_eq_const");
  EXPECT_EQ(log.firstFailure->elementIndex, 2);
  EXPECT_NE(log.firstFailure->detail.find("0.001"), std::string::npos) << log.firstFailure->detail;
}

TEST_F(ChecksTest, ExpectAlmostEqTreatsNaNAndInfinityExactly) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(check(OpKind::check_expect_almost_eq, tensor<float>({2}, {kNaN, inf}),
                  tensor<float>({2}, {kNaN, inf}))
                .passed,
            1);
  EXPECT_TRUE(
      check(OpKind::check_expect_almost_eq, tensor<float>({1}, {kNaN}), tensor<float>({1}, {0.f}))
          .firstFailure);
}

TEST_F(ChecksTest, ExpectCloseCountsUlps) {
  const float one = 1.f;
  const float threeUp = std::nextafter(std::nextafter(std::nextafter(one, 2.f), 2.f), 2.f);
  const float fourUp = std::nextafter(threeUp, 2.f);
  Attributes attrs; // max_ulp_difference 3, min 0
  EXPECT_EQ(check(OpKind::check_expect_close, tensor<float>({2}, {one, threeUp}),
                  tensor<float>({2}, {one, one}), attrs)
                .passed,
            1);
  CheckLog far = check(OpKind::check_expect_close, tensor<float>({2}, {one, fourUp}),
                       tensor<float>({2}, {one, one}), attrs);
  ASSERT_TRUE(far.firstFailure);
  EXPECT_EQ(far.firstFailure->elementIndex, 1);
  EXPECT_NE(far.firstFailure->detail.find("ULP distance 4"), std::string::npos)
      << far.firstFailure->detail;
}

TEST_F(ChecksTest, ExpectCloseMinimumAndSignedZeros) {
  Attributes attrs;
  attrs.minUlpDifference = 1;
  EXPECT_TRUE(check(OpKind::check_expect_close, tensor<double>({1}, {1.0}),
                    tensor<double>({1}, {1.0}), attrs)
                  .firstFailure);
  // -0 and +0 are the same value; the smallest denormals either side of zero are 2 apart.
  const double tiny = std::numeric_limits<double>::denorm_min();
  EXPECT_EQ(check(OpKind::check_expect_close, tensor<double>({2}, {-0.0, -tiny}),
                  tensor<double>({2}, {0.0, tiny}))
                .passed,
            1);
}

// bf16 and f16: bitwise equality (NaN matching NaN), an absolute tolerance on the exact values,
// ULPs of the 16-bit patterns, and failures printed with the digits that read the value back.
// (Each test's checks run together, so only the last may fail.)
TEST_F(ChecksTest, HalfFloatExpectEq) {
  const BFloat16 one(1.0), nan = BFloat16::fromBits(0x7FC1);
  EXPECT_EQ(check(OpKind::check_expect_eq, tensor<BFloat16>({2}, {one, nan}),
                  tensor<BFloat16>({2}, {one, BFloat16::fromBits(0xFFC0)}))
                .passed,
            1);
  CheckLog zeros = check(OpKind::check_expect_eq, tensor<Float16>({1}, {Float16(-0.0)}),
                         tensor<Float16>({1}, {Float16(0.0)}));
  ASSERT_TRUE(zeros.firstFailure);
  EXPECT_EQ(zeros.firstFailure->actual, "-0");
}

TEST_F(ChecksTest, HalfFloatExpectAlmostEq) {
  const BFloat16 one(1.0), nextUp = BFloat16::fromBits(0x3F81);
  Attributes tolerance;
  tolerance.tolerance = 0.01;
  EXPECT_EQ(check(OpKind::check_expect_almost_eq, tensor<BFloat16>({1}, {nextUp}),
                  tensor<BFloat16>({1}, {one}), tolerance)
                .passed,
            1);
  CheckLog tight = check(OpKind::check_expect_almost_eq_const, tensor<BFloat16>({1}, {nextUp}),
                         tensor<BFloat16>({1}, {one}));
  ASSERT_TRUE(tight.firstFailure);
  EXPECT_EQ(tight.firstFailure->actual, "1.008");
  EXPECT_NE(tight.firstFailure->detail.find("0.0078125"), std::string::npos)
      << tight.firstFailure->detail;
}

// f16 1 + 3 * 2^-10 is 3 ulps above 1; across zero the smallest subnormals are 2 apart.
TEST_F(ChecksTest, HalfFloatExpectClose) {
  Attributes ulps;
  ulps.maxUlpDifference = 2;
  CheckLog far = check(OpKind::check_expect_close,
                       tensor<Float16>({2}, {Float16::fromBits(0x0001), Float16::fromBits(0x3C03)}),
                       tensor<Float16>({2}, {Float16::fromBits(0x8001), Float16(1.0)}), ulps);
  ASSERT_TRUE(far.firstFailure);
  EXPECT_EQ(far.firstFailure->elementIndex, 1);
  EXPECT_NE(far.firstFailure->detail.find("ULP distance 3"), std::string::npos)
      << far.firstFailure->detail;
  EXPECT_EQ(far.firstFailure->actual, "1.0029");
}

TEST(ChecksDirectTest, ExpectCloseOnIntegersIsTheDifference) {
  // The verifier only admits floats here; evaluateCheck still judges integers exactly.
  Op op{OpKind::check_expect_close, {}, {}, {}, {}};
  const int64_t min = std::numeric_limits<int64_t>::min();
  CheckLog log;
  const std::vector<Tensor> near = {tensor<int64_t>({2}, {7, min}),
                                    tensor<int64_t>({2}, {4, min + 3})};
  evaluateCheck(op, near, log);
  EXPECT_EQ(log.passed, 1);
  const std::vector<Tensor> far = {tensor<int64_t>({1}, {min}),
                                   tensor<int64_t>({1}, {std::numeric_limits<int64_t>::max()})};
  evaluateCheck(op, far, log);
  ASSERT_TRUE(log.firstFailure);
  EXPECT_NE(log.firstFailure->detail.find("18446744073709551615"), std::string::npos)
      << log.firstFailure->detail;
}

TEST_F(ChecksTest, ExpectCloseOnNaN) {
  EXPECT_EQ(
      check(OpKind::check_expect_close, tensor<float>({1}, {kNaN}), tensor<float>({1}, {kNaN}))
          .passed,
      1);
  EXPECT_TRUE(
      check(OpKind::check_expect_close, tensor<float>({1}, {kNaN}), tensor<float>({1}, {1.f}))
          .firstFailure);
}

TEST_F(ChecksTest, ConstantOfTheWrongTypeFailsWithoutAnIndex) {
  // The verifier rejects such a check; evaluateCheck still judges it without reading past either
  // tensor.
  Value* x = input(tensor<int32_t>({2}, {1, 2}));
  Attributes attrs;
  attrs.value = tensor<int32_t>({2}, {1, 2});
  b.check(OpKind::check_expect_eq_const, {x}, attrs);
  Op& op = *fn.body.ops.back();
  op.attrs.value = tensor<int32_t>({3}, {1, 2, 3});
  CheckLog log;
  evaluateCheck(op, inputs, log);
  ASSERT_TRUE(log.firstFailure);
  EXPECT_EQ(log.firstFailure->elementIndex, -1);
  EXPECT_EQ(log.firstFailure->actual, "tensor<2xi32>");
  EXPECT_EQ(log.firstFailure->expected, "tensor<3xi32>");
}

TEST_F(ChecksTest, LaterChecksCountAndKeepTheFirstFailure) {
  Value* x = input(tensor<int8_t>({1}, {7}));
  Attributes wrong, right;
  wrong.value = tensor<int8_t>({1}, {8});
  right.value = tensor<int8_t>({1}, {7});
  b.check(OpKind::check_expect_eq_const, {x}, right);
  b.check(OpKind::check_expect_eq_const, {x}, wrong);
  wrong.value = tensor<int8_t>({1}, {9});
  b.check(OpKind::check_expect_eq_const, {x}, wrong);
  b.check(OpKind::check_expect_eq_const, {x}, right);
  CheckLog log;
  run(std::vector<Value*>{}, &log);
  EXPECT_EQ(log.passed, 2);
  ASSERT_TRUE(log.firstFailure);
  EXPECT_EQ(log.firstFailure->expected, "8");
}

TEST_F(ChecksTest, EvaluateCheckRejectsAWrongOperandCount) {
  Value* x = input(tensor<int8_t>({1}, {7}));
  b.check(OpKind::check_expect_eq, {x, x});
  const Op& op = *fn.body.ops.back();
  CheckLog log;
  const std::vector<Tensor> one = {inputs[0]};
  EXPECT_THROW(evaluateCheck(op, one, log), RuntimeError);
}

} // namespace
} // namespace hlotrain::cpu::reftest

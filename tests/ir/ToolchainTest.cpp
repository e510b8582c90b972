// The compiler and flags the project builds with get these right (the top-level CMakeLists.txt
// works around GCC 12's AVX-512 SLP bug; this test fails should the workaround go missing).

#include <gtest/gtest.h>

#include <vector>

namespace {

__attribute__((noinline)) std::vector<double> passedOn(std::vector<double> values) {
  return values;
}

TEST(Toolchain, ConstantInitialiserListsSurviveVectorisation) {
  std::vector<float> t(4, 0.0f);
  t[0] = t[1] = 1;
  const std::vector<double> v = passedOn({1.0, 1.0, 0.0, 0.0});
  ASSERT_EQ(v.size(), 4u);
  EXPECT_EQ(v[0], 1.0);
  EXPECT_EQ(v[1], 1.0);
  EXPECT_EQ(v[2], 0.0); // GCC 12 -O2 -march=native (AVX-512) gives 1
  EXPECT_EQ(v[3], 0.0);
  EXPECT_EQ(t[2], 0.0f);
}

} // namespace

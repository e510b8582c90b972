// The cpu lowerer's Session contract: buffers are host tensors, the graph's tf.aliasing_output
// declaration decides donation, a consumed buffer cannot be used again, and `donate = false`
// keeps every argument (a skipped training step).

#include <gtest/gtest.h>

#include "lower/cpu/CpuLowerer.h"
#include "support/Error.h"

namespace hlotrain::cpu {
namespace {

using ir::Tensor;

// w' = w - lr * x (donated w), and x + 1 (nothing donated).
constexpr const char* kStep = R"(module @step {
  func.func public @main(%w: tensor<3xf32> {tf.aliasing_output = 0 : i32}, %x: tensor<3xf32>,
                         %lr: tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>) {
    %b = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %d = stablehlo.multiply %b, %x : tensor<3xf32>
    %w2 = stablehlo.subtract %w, %d : tensor<3xf32>
    %one = stablehlo.constant dense<1.0> : tensor<3xf32>
    %x1 = stablehlo.add %x, %one : tensor<3xf32>
    return %w2, %x1 : tensor<3xf32>, tensor<3xf32>
  }
})";

class CpuLowererTest : public testing::TestWithParam<bool> {
protected:
  CpuLowerer lowerer{CompileOptions{}, /*reference=*/GetParam()};
  std::unique_ptr<lower::Session> session = lowerer.compile(kStep, "step.mlir");
  std::unique_ptr<lower::Buffer> w = lowerer.upload(Tensor::fromVector<float>({3}, {1, 2, 3}));
  std::unique_ptr<lower::Buffer> x = lowerer.upload(Tensor::fromVector<float>({3}, {10, 20, 30}));
  std::unique_ptr<lower::Buffer> lr = lowerer.upload(Tensor::scalar<float>(0.5f));

  std::vector<std::unique_ptr<lower::Buffer>> step(bool donate) {
    lower::Buffer* args[] = {w.get(), x.get(), lr.get()};
    return session->execute(args, donate);
  }
};

TEST_P(CpuLowererTest, ReadsDonationFromTheGraph) {
  ASSERT_EQ(session->donation().size(), 3u);
  EXPECT_EQ(session->donation()[0], 0);
  EXPECT_FALSE(session->donation()[1]);
  EXPECT_EQ(session->argumentTypes().size(), 3u);
  EXPECT_EQ(session->resultTypes().size(), 2u);
}

TEST_P(CpuLowererTest, ADonatedArgumentIsConsumedAndTheOthersStay) {
  std::vector<std::unique_ptr<lower::Buffer>> out = step(true);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(lowerer.download(*out[0]), Tensor::fromVector<float>({3}, {-4, -8, -12}));
  EXPECT_EQ(lowerer.download(*out[1]), Tensor::fromVector<float>({3}, {11, 21, 31}));
  EXPECT_TRUE(w->consumed());
  EXPECT_EQ(w->hostTensor(), nullptr);
  EXPECT_THROW(lowerer.download(*w), RuntimeError);
  EXPECT_FALSE(x->consumed());
  EXPECT_EQ(lowerer.download(*x), Tensor::fromVector<float>({3}, {10, 20, 30}));
  try {
    step(true);
    FAIL() << "a consumed buffer ran";
  } catch (const RuntimeError& e) {
    EXPECT_NE(std::string(e.what()).find("argument 0 was donated"), std::string::npos) << e.what();
  }
}

TEST_P(CpuLowererTest, WithoutDonationEveryArgumentStaysValid) {
  std::vector<std::unique_ptr<lower::Buffer>> first = step(false);
  EXPECT_FALSE(w->consumed());
  std::vector<std::unique_ptr<lower::Buffer>> second = step(false);
  EXPECT_EQ(lowerer.download(*first[0]), lowerer.download(*second[0]));
  EXPECT_EQ(lowerer.download(*w), Tensor::fromVector<float>({3}, {1, 2, 3}));
}

TEST_P(CpuLowererTest, ResultsFedBackAsArgumentsStepAgain) {
  for (int i = 0; i < 3; ++i) {
    std::vector<std::unique_ptr<lower::Buffer>> out = step(true);
    w = std::move(out[0]);
  }
  EXPECT_EQ(lowerer.download(*w), Tensor::fromVector<float>({3}, {-14, -28, -42}));
}

TEST_P(CpuLowererTest, ABufferPassedTwiceIsReadTwiceButNotDonated) {
  lower::Buffer* same[] = {x.get(), x.get(), lr.get()};
  EXPECT_THROW(session->execute(same, true), RuntimeError);
  EXPECT_FALSE(x->consumed()) << "a refused run consumes nothing";
  std::vector<std::unique_ptr<lower::Buffer>> out = session->execute(same, false);
  EXPECT_EQ(lowerer.download(*out[0]), Tensor::fromVector<float>({3}, {5, 10, 15}));
  EXPECT_EQ(lowerer.download(*x), Tensor::fromVector<float>({3}, {10, 20, 30}));
}

TEST_P(CpuLowererTest, AWrongArgumentFailsAndConsumesNothing) {
  std::unique_ptr<lower::Buffer> wrong =
      lowerer.upload(Tensor::fromVector<int32_t>({3}, {1, 2, 3}));
  lower::Buffer* args[] = {w.get(), wrong.get(), lr.get()};
  EXPECT_THROW(session->execute(args, true), RuntimeError);
  EXPECT_FALSE(w->consumed());
  EXPECT_EQ(lowerer.download(*w), Tensor::fromVector<float>({3}, {1, 2, 3}));
}

TEST_P(CpuLowererTest, RunTakesHostTensorsAndDonatesNothing) {
  std::vector<Tensor> in = {Tensor::fromVector<float>({3}, {1, 1, 1}),
                            Tensor::fromVector<float>({3}, {2, 2, 2}), Tensor::scalar<float>(1.0f)};
  std::vector<Tensor> out = session->run(in);
  EXPECT_EQ(out[0], Tensor::fromVector<float>({3}, {-1, -1, -1}));
}

INSTANTIATE_TEST_SUITE_P(FastAndReference, CpuLowererTest, testing::Bool(),
                         [](const auto& info) { return info.param ? "Reference" : "Fast"; });

// A graph without arguments plans its (empty) donation on the first run too.
TEST(CpuLowererCompile, AGraphWithoutArgumentsRuns) {
  CpuLowerer lowerer;
  std::unique_ptr<lower::Session> s = lowerer.compile(R"(func.func public @main() -> tensor<2xi32> {
    %c = stablehlo.constant dense<[4, 5]> : tensor<2xi32>
    return %c : tensor<2xi32>
  })",
                                                      "c.mlir");
  EXPECT_EQ(s->run({}), std::vector<Tensor>{Tensor::fromVector<int32_t>({2}, {4, 5})});
}

TEST(CpuLowererCompile, RefusesAModuleWithoutMain) {
  CpuLowerer lowerer;
  EXPECT_THROW(lowerer.compile("func.func @other() { func.return }", "x.mlir"), VerifyError);
}

} // namespace
} // namespace hlotrain::cpu

// The fast path's sums are as accurate as one float rounding of the exact sum, however many
// terms (batch norm's statistics and their gradients sum N·H·W values per channel, bias gradients
// the batch), and they repeat bit for bit: checked against sums in double of the same floats.
// Long contractions (a dense layer over a flattened feature map) are summed in blocks.

#include <cstring>

#include "FastTestUtil.h"

namespace hlotrain::cpu::fasttest {
namespace {

// One float rounding of the exact sum is a relative error of at most 2^-24; a sequential float
// sum of 2^18 terms in [0.5, 1.5) is off by about 2^-24 · 2^18 / 2, the pre-change behaviour.
constexpr double kOneRounding = 1.0 / (1 << 24);

// `x` [rows, cols] with values in [0.5, 1.5), and the exact (double) sums of the kept dim's
// columns (dim 0 reduced) or rows (dim 1 reduced) of `f(x)`.
template <class F>
std::vector<double> exactSums(const Tensor& x, int64_t rows, int64_t cols, int reduced, F f) {
  std::vector<double> sums(static_cast<size_t>(reduced == 0 ? cols : rows), 0.0);
  const float* v = x.data<float>();
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      sums[static_cast<size_t>(reduced == 0 ? c : r)] += static_cast<double>(f(v[r * cols + c]));
  return sums;
}

void positive(Tensor& x) {
  float* v = x.data<float>();
  for (int64_t i = 0; i < x.numElements(); ++i) v[i] = 1.0f + 0.5f * v[i];
}

struct Sums : FastFixture {
  // Runs the module twice: the results repeat bit for bit, and each sum is within one rounding.
  void expectAccurate(const std::vector<std::vector<double>>& exact) {
    auto exe = Executable::compile(module, "main", options);
    plan = exe->dumpPlan();
    const std::vector<Tensor> first = exe->run(inputs), second = exe->run(inputs);
    ASSERT_EQ(first.size(), exact.size());
    for (size_t k = 0; k < exact.size(); ++k) {
      ASSERT_EQ(first[k].numElements(), static_cast<int64_t>(exact[k].size()));
      EXPECT_EQ(std::memcmp(first[k].data<float>(), second[k].data<float>(),
                            exact[k].size() * sizeof(float)),
                0)
          << "result " << k << " differs between runs";
      for (size_t i = 0; i < exact[k].size(); ++i) {
        const double error = std::fabs(first[k].data<float>()[i] - exact[k][i]) / exact[k][i];
        EXPECT_LE(error, kOneRounding) << "result " << k << " element " << i << "\n" << plan;
      }
    }
  }
};

// Per-channel sums of a channels-last [N·H·W, C] tensor, fused with their producers as batch
// norm's are (sum x, sum x²), and the same sums of the reduce kernel over a bare argument.
TEST_F(Sums, ColumnSumsOfAQuarterMillionRows) {
  const int64_t rows = 1 << 18, cols = 32;
  Value* x = arg(f32({rows, cols}));
  positive(inputs.back());
  fn.setResults({b.reduce(x, b.scalar(0.0f), {0}, OpKind::add),
                 b.reduce(b.multiply(x, x), b.scalar(0.0f), {0}, OpKind::add)});
  verify(module);
  const Tensor& in = inputs.back();
  expectAccurate({exactSums(in, rows, cols, 0, [](float v) { return v; }),
                  exactSums(in, rows, cols, 0, [](float v) { return v * v; })});
}

// Row sums ([C, N·H·W], NCHW's per-channel sums) and the loss's whole-tensor mean numerator.
TEST_F(Sums, RowSumsAndAWholeTensorSum) {
  const int64_t rows = 8, cols = 1 << 17;
  Value* x = arg(f32({rows, cols}));
  positive(inputs.back());
  fn.setResults({b.reduce(x, b.scalar(0.0f), {1}, OpKind::add),
                 b.reduce(b.add(x, x), b.scalar(0.0f), {0, 1}, OpKind::add)});
  verify(module);
  const Tensor& in = inputs.back();
  std::vector<double> rowSums = exactSums(in, rows, cols, 1, [](float v) { return v; });
  double total = 0;
  for (double s : rowSums) total += 2 * s;
  expectAccurate({rowSums, {total}});
}

// x·W over a long k with x positive (a ReLU's) and W of both signs, in norm against the exact
// products: split in `blocks` (the plan's words), repeating bit for bit, within 7 roundings.
void expectBlockedProduct(FastCase& t, int64_t rows, int64_t k, int64_t cols,
                          const std::string& blocks) {
  Value* x = t.arg(f32({rows, k}));
  positive(t.inputs.back());
  Value* w = t.arg(f32({k, cols}));
  t.fn.setResults({t.b.dotGeneral(x, w, {{}, {}, {1}, {0}}, ElementType::f32)});
  verify(t.module);
  auto exe = Executable::compile(t.module, "main", t.options);
  const std::string plan = exe->dumpPlan();
  EXPECT_NE(plan.find(blocks + " blocks of k summed in double"), std::string::npos) << plan;
  const std::vector<Tensor> first = exe->run(t.inputs), second = exe->run(t.inputs);
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(std::memcmp(first[0].data<float>(), second[0].data<float>(),
                        static_cast<size_t>(rows * cols) * sizeof(float)),
            0);
  const float *xs = t.inputs[0].data<float>(), *ws = t.inputs[1].data<float>();
  std::vector<double> exact(static_cast<size_t>(rows * cols), 0.0);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t i = 0; i < k; ++i)
      for (int64_t c = 0; c < cols; ++c)
        exact[static_cast<size_t>(r * cols + c)] +=
            static_cast<double>(xs[r * k + i]) * static_cast<double>(ws[i * cols + c]);
  double squares = 0, norm = 0;
  for (size_t e = 0; e < exact.size(); ++e) {
    const double error = first[0].data<float>()[e] - exact[e];
    squares += error * error;
    norm += exact[e] * exact[e];
  }
  EXPECT_LE(std::sqrt(squares / norm), 7 * kOneRounding) << plan;
}

// MNIST-CNN's fc1 (k = 3136): oneDNN's kernel for this shape, one f32 accumulator over all of k,
// was off by 10 roundings; 14 blocks of 224 summed in double by 4.8.
TEST_F(Sums, ALongContractionIsSummedInBlocks) {
  expectBlockedProduct(*this, 128, 3136, 512, "14");
}

// ViT-Tiny's weight gradients (k = 32 x 197 tokens): 16 blocks of 394, where blocks of about 256
// would be 32 short ones, which oneDNN's batched product runs below its peak.
TEST_F(Sums, AContractionOfManyShortBlocksTakesFewerLongerOnes) {
  expectBlockedProduct(*this, 64, 6304, 64, "16");
}

} // namespace
} // namespace hlotrain::cpu::fasttest

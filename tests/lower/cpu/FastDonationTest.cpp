// Executable::runDonating: results returned in the storage of donated inputs (written in place)
// must equal what run() returns, run after run, whatever the aliasing between inputs and results.

#include "FastTestUtil.h"

#include <set>

namespace hlotrain::cpu::fasttest {
namespace {

std::set<const uint8_t*> storageOf(const std::vector<Tensor>& tensors,
                                   const std::vector<bool>& donated) {
  std::set<const uint8_t*> out;
  for (size_t i = 0; i < tensors.size(); ++i)
    if (donated[i]) out.insert(tensors[i].bytes());
  return out;
}

// An Adam-like step over (w, m, v, x, y, lr): w is read by a matmul (the "forward") before the
// update loop reads w, m and v and writes w', m', v' at the same positions.
class AdamLikeStep : public FastFixture {
protected:
  void SetUp() override {
    Value* w = arg(f32({16, 8}));
    Value* m = arg(f32({16, 8}));
    Value* v = arg(f32({16, 8}));
    Value* x = arg(f32({4, 16}));
    Value* y = arg(f32({4, 8}));
    Value* lr = arg(f32({}));
    Value* out = b.dotGeneral(x, w, {{}, {}, {1}, {0}});
    Value* loss = b.reduce(b.multiply(out, out), b.scalar(0.0f), {0, 1}, OpKind::add);
    Value* g = b.dotGeneral(x, b.subtract(out, y), {{}, {}, {0}, {0}});
    auto splat = [&](double c) { return b.splat(f32({16, 8}), c); };
    Value* m2 = b.add(b.multiply(splat(0.9), m), b.multiply(splat(0.1), g));
    Value* v2 = b.add(b.multiply(splat(0.999), v), b.multiply(splat(0.001), b.multiply(g, g)));
    Value* step = b.divide(m2, b.add(b.unary(OpKind::sqrt, v2), splat(1e-8)));
    Value* w2 = b.subtract(w, b.multiply(b.broadcastInDim(lr, {16, 8}, {}), step));
    fn.setResults({w2, m2, v2, loss});
    verify(module);
    exe = Executable::compile(module, "main");
  }

  // Feeds results 0..2 back as inputs 0..2, `steps` times; returns the last results.
  std::vector<Tensor> train(int steps, bool donate) {
    std::vector<Tensor> in = inputs;
    std::vector<bool> donated{donate, donate, donate, false, false, false};
    std::vector<Tensor> out;
    for (int s = 0; s < steps; ++s) {
      std::set<const uint8_t*> before = storageOf(in, donated);
      out = donate ? exe->runDonating(in, donated) : exe->run(in);
      for (size_t i = 0; i < 3; ++i) {
        if (donate) {
          EXPECT_EQ(in[i].byteSize(), 0u) << "donated input #" << i << " was not consumed";
          // Written in place: no new storage for the parameters and optimizer state.
          EXPECT_TRUE(before.count(out[i].bytes())) << "result #" << i << " step " << s << "\n"
                                                    << exe->dumpPlan();
        }
        in[i] = std::move(out[i]);
      }
      EXPECT_EQ(in[3], inputs[3]); // not donated: untouched
    }
    for (size_t i = 0; i < 3; ++i) out[i] = in[i];
    return out;
  }

  std::unique_ptr<Executable> exe;
};

TEST_F(AdamLikeStep, DonatedStepMatchesTheReference) {
  std::vector<Tensor> expected = interpret(module, fn, inputs);
  std::vector<Tensor> in = inputs;
  std::vector<Tensor> actual = exe->runDonating(in, {true, true, true, false, false, false});
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i)
    EXPECT_TRUE(closeTensor(actual[i], expected[i], 1e-5)) << "result #" << i;
}

TEST_F(AdamLikeStep, RepeatedDonatedStepsEqualPlainRunsAndReuseStorage) {
  std::vector<Tensor> plain = train(4, false);
  std::vector<Tensor> donated = train(4, true);
  ASSERT_EQ(plain.size(), donated.size());
  for (size_t i = 0; i < plain.size(); ++i) EXPECT_EQ(donated[i], plain[i]) << "result #" << i;
}

TEST_F(AdamLikeStep, BadDonationFlagsOrInputsThrowAndConsumeNothing) {
  std::vector<Tensor> in = inputs;
  EXPECT_THROW(exe->runDonating(in, {true, true}), RuntimeError);
  in[3] = Tensor(f32({4, 15}));
  EXPECT_THROW(exe->runDonating(in, {true, true, true, false, false, false}), RuntimeError);
  EXPECT_EQ(in[0], inputs[0]);
}

// Runs the finished `t.fn` donating the flagged inputs, plainly, and on the reference.
void checkDonatedAgainstPlain(FastCase& t, const std::vector<bool>& donated) {
  verify(t.module);
  std::vector<Tensor> expected = interpret(t.module, t.fn, t.inputs);
  auto exe = Executable::compile(t.module, "main");
  std::vector<Tensor> plain = exe->run(t.inputs);
  for (int round = 0; round < 2; ++round) {
    std::vector<Tensor> in = t.inputs;
    std::vector<Tensor> out = exe->runDonating(in, donated);
    ASSERT_EQ(out.size(), expected.size());
    for (size_t i = 0; i < out.size(); ++i) {
      EXPECT_EQ(out[i], plain[i]) << "result #" << i << " round " << round << "\n"
                                  << exe->dumpPlan();
      EXPECT_TRUE(closeTensor(out[i], expected[i], 1e-5)) << "result #" << i;
    }
    for (size_t i = 0; i < in.size(); ++i) {
      if (donated[i]) {
        EXPECT_EQ(in[i].byteSize(), 0u) << "input #" << i;
      }
    }
  }
}

TEST(FastDonation, ReturnedInputsAreReturnedAsTheyAreAndCopied) {
  FastCase t;
  Value* x = t.arg(f32({32}));
  Value* y = t.arg(f32({32}));
  // x is returned twice and read by the loop writing x + y: it must not hold x + y.
  t.fn.setResults({x, t.b.add(x, y), x, t.b.multiply(y, y)});
  checkDonatedAgainstPlain(t, {true, true});
  checkDonatedAgainstPlain(t, {true, false});
  checkDonatedAgainstPlain(t, {false, true});
}

TEST(FastDonation, TheSameValuesPassedTwice) {
  FastCase t;
  Value* a = t.arg(f32({8, 8}));
  Value* b = t.arg(f32({8, 8}));
  t.inputs[1] = t.inputs[0];
  t.fn.setResults({t.b.multiply(a, b), t.b.add(a, b), t.b.subtract(b, a)});
  checkDonatedAgainstPlain(t, {true, true});
}

TEST(FastDonation, AnInputReadAfterAResultIsWrittenKeepsItsValue) {
  FastCase t;
  Value* x = t.arg(f32({8, 8}));
  // tanh(x) is written before the matmul reads x; x's storage must not hold it.
  Value* first = t.b.unary(OpKind::tanh, x);
  Value* later = t.b.dotGeneral(x, x, {{}, {}, {1}, {0}});
  t.fn.setResults({first, later, t.b.transpose(x, {1, 0})});
  checkDonatedAgainstPlain(t, {true});
}

TEST(FastDonation, ViewsOfAnInputAreNotReadInPlace) {
  FastCase t;
  Value* x = t.arg(f32({64, 64}));
  // The loops read x transposed and reversed: writing over x would corrupt later chunks.
  t.fn.setResults({t.b.add(t.b.transpose(x, {1, 0}), x), t.b.add(t.b.reverse(x, {0}), x)});
  checkDonatedAgainstPlain(t, {true});
}

} // namespace
} // namespace hlotrain::cpu::fasttest

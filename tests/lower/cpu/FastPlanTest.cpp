// The planning passes on their own: flattening, duplicate converts, dead-step elimination,
// convolution recognition (the oneDNN problem each JAX form maps to) and buffer assignment.

#include "FastTestUtil.h"

#include "lower/cpu/OneDnn.h"
#include "lower/cpu/Plan.h"

namespace hlotrain::cpu::fasttest {
namespace {

using plan::ConvForm;

class FastPlan : public FastFixture {
protected:
  plan::Graph flat() { return plan::flatten(module, fn); }
  ConvDimensionNumbers nchw() const {
    ConvDimensionNumbers dn;
    dn.inputSpatialDimensions = {2, 3};
    dn.kernelSpatialDimensions = {2, 3};
    dn.outputSpatialDimensions = {2, 3};
    return dn;
  }
  // The last live convolution step of the flattened graph, recognized.
  std::optional<plan::ConvProblem> recognizeLast(plan::Graph& g) {
    plan::eliminateDeadSteps(g);
    for (size_t i = g.steps.size(); i-- > 0;)
      if (g.steps[i].live && g.steps[i].op->kind == OpKind::convolution)
        return plan::recognizeConvolution(g, g.steps[i]);
    return std::nullopt;
  }
};

TEST_F(FastPlan, FlattenInlinesCallsAndDeadStepsDie) {
  Function& callee = module.addFunction("twice", false);
  Value* a = callee.body.addArgument(f32({2}));
  Builder cb(callee.body, &module);
  callee.setResults({cb.add(a, a)});
  Value* x = arg(f32({2}));
  b.unary(OpKind::tanh, x); // unused
  fn.setResults({b.call(callee, {x})[0]});
  plan::Graph g = flat();
  ASSERT_EQ(g.steps.size(), 2u);
  plan::eliminateDeadSteps(g);
  EXPECT_FALSE(g.steps[0].live);
  EXPECT_TRUE(g.steps[1].live);
  EXPECT_EQ(g.steps[1].op->kind, OpKind::add);
  EXPECT_EQ(g.outputs, g.steps[1].results);
}

TEST_F(FastPlan, AValueConvertedTwiceToOneTypeIsConvertedOnce) {
  Value* x = arg(f32({4}));
  Value* first = b.convert(x, ElementType::bf16);
  Value* second = b.convert(x, ElementType::bf16);
  Value* wide = b.convert(x, ElementType::f64); // another type: its own convert
  Value* returned = b.convert(x, ElementType::bf16);
  fn.setResults({b.add(first, second), wide, returned});
  plan::Graph g = flat();
  ASSERT_EQ(g.steps.size(), 5u);
  plan::mergeDuplicateConverts(g);
  EXPECT_TRUE(g.steps[0].live);
  EXPECT_FALSE(g.steps[1].live);
  EXPECT_TRUE(g.steps[2].live);
  EXPECT_TRUE(g.steps[3].live); // a function output keeps its step
  EXPECT_EQ(g.steps[4].operands, (std::vector<int>{g.steps[0].results[0], g.steps[0].results[0]}));
}

TEST_F(FastPlan, StridedBackwardDataOfJax) {
  // Forward: 8x8 input, 3x3 kernel, stride 2, padding (1, 1) -> 4x4; its lhs transpose.
  Value* g = arg(f32({2, 5, 4, 4}));
  Value* w = arg(f32({5, 3, 3, 3}));
  Attributes attrs;
  attrs.conv = nchw();
  attrs.conv.kernelOutputFeatureDimension = 1; // the forward kernel's I
  attrs.conv.kernelInputFeatureDimension = 0;  // the forward kernel's O
  attrs.lhsDilation = {2, 2};
  attrs.padding = {{1, 2}, {1, 2}};
  fn.setResults({b.convolution(g, b.reverse(w, {2, 3}), attrs)});
  plan::Graph graph = flat();
  auto p = recognizeLast(graph);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->form, ConvForm::BackwardData);
  EXPECT_EQ(p->src.dims, (std::vector<int64_t>{2, 3, 8, 8}));
  EXPECT_EQ(p->weights.dims, (std::vector<int64_t>{5, 3, 3, 3}));
  EXPECT_EQ(p->weights.slot, graph.inputs[1]); // read through the reverse
  EXPECT_EQ(p->strides, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(p->padL, (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(p->padR, (std::vector<int64_t>{0, 0})); // (4-1)*2 + 3 - 8 - 1
  plan::eliminateDeadSteps(graph);
  EXPECT_TRUE(graph.steps[0].live); // the reverse still has its reader in the graph
}

TEST_F(FastPlan, GroupedBackwardWeightsOfJax) {
  Value* x = arg(f32({4, 6, 7, 7})); // forward input, 3 groups of 2 channels
  Value* g = arg(f32({4, 9, 7, 7})); // output gradient, 3 groups of 3
  Attributes attrs;
  attrs.conv.inputBatchDimension = 1;
  attrs.conv.inputFeatureDimension = 0;
  attrs.conv.inputSpatialDimensions = {2, 3};
  attrs.conv.kernelInputFeatureDimension = 0;
  attrs.conv.kernelOutputFeatureDimension = 1;
  attrs.conv.kernelSpatialDimensions = {2, 3};
  attrs.conv.outputBatchDimension = 1;
  attrs.conv.outputFeatureDimension = 0;
  attrs.conv.outputSpatialDimensions = {2, 3};
  attrs.padding = {{1, 1}, {1, 1}};
  attrs.batchGroupCount = 3;
  Value* dw = b.convolution(x, g, attrs);
  ASSERT_EQ(dw->type.shape, (Shape{9, 2, 3, 3}));
  fn.setResults({dw});
  plan::Graph graph = flat();
  auto p = recognizeLast(graph);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->form, ConvForm::BackwardWeights);
  EXPECT_EQ(p->groups, 3);
  EXPECT_EQ(p->weights.dims, (std::vector<int64_t>{3, 3, 2, 3, 3}));
  EXPECT_EQ(p->src.dims, (std::vector<int64_t>{4, 6, 7, 7}));
  EXPECT_EQ(p->dst.dims, (std::vector<int64_t>{4, 9, 7, 7}));
}

TEST_F(FastPlan, DepthwiseForwardKeepsItsLayoutAsStrides) {
  Value* x = arg(f32({2, 9, 9, 4})); // NHWC
  Value* w = arg(f32({3, 3, 1, 8})); // HWIO, channel multiplier 2
  Attributes attrs;
  attrs.conv.inputBatchDimension = 0;
  attrs.conv.inputFeatureDimension = 3;
  attrs.conv.inputSpatialDimensions = {1, 2};
  attrs.conv.kernelOutputFeatureDimension = 3;
  attrs.conv.kernelInputFeatureDimension = 2;
  attrs.conv.kernelSpatialDimensions = {0, 1};
  attrs.conv.outputBatchDimension = 0;
  attrs.conv.outputFeatureDimension = 3;
  attrs.conv.outputSpatialDimensions = {1, 2};
  attrs.featureGroupCount = 4;
  fn.setResults({b.convolution(x, w, attrs)});
  plan::Graph graph = flat();
  auto p = recognizeLast(graph);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->form, ConvForm::Forward);
  EXPECT_EQ(p->src.strides, (std::vector<int64_t>{324, 1, 36, 4}));
  EXPECT_EQ(p->weights.dims, (std::vector<int64_t>{4, 2, 1, 3, 3}));
  EXPECT_EQ(p->weights.strides, (std::vector<int64_t>{2, 1, 8, 24, 8}));
}

TEST_F(FastPlan, OutputsGetNoBufferAndDeadValuesShareOne) {
  Value* x = arg(f32({8}));
  Value* w = arg(f32({8, 8}));
  Value* v = x;
  for (int i = 0; i < 4; ++i) v = b.dotGeneral(w, v, {{}, {}, {1}, {0}});
  check({v});
  // Three intermediate values (the last is the output, bound to the result): two places in the
  // arena alternate.
  EXPECT_EQ(arenaOffsets(plan).size(), 2u) << plan;
}

// A kernel that only declares what it reads, writes and needs as scratch.
class StubKernel : public plan::Kernel {
public:
  StubKernel(std::vector<int> r, std::vector<int> w, size_t scratch) {
    reads = std::move(r);
    writes = std::move(w);
    scratchBytes = scratch;
  }
  void run(plan::RunState&) override {}
  std::string describe() const override { return "stub"; }
};

TEST(FastPlanArena, LiveRangesAndScratchNeverOverlap) {
  for (unsigned seed = 0; seed < 20; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 rng(seed);
    plan::Graph g;
    std::vector<std::unique_ptr<plan::Kernel>> kernels;
    for (int k = 0; k < 60; ++k) {
      plan::Slot slot;
      slot.type = f32({1 + static_cast<int64_t>(rng() % 5000)});
      slot.producer = k;
      g.slots.push_back(slot);
      std::vector<int> reads;
      for (int r = 0; r < 3 && k > 0; ++r) reads.push_back(static_cast<int>(rng() % k));
      kernels.push_back(std::make_unique<StubKernel>(reads, std::vector<int>{k},
                                                     rng() % 3 == 0 ? rng() % 20000 : 0));
    }
    g.outputs = {59};
    plan::BufferPlan p = plan::assignBuffers(g, kernels);
    // Every range: [first kernel, last kernel] and [offset, offset + bytes).
    struct Use {
      size_t first, last;
      int64_t offset, bytes;
    };
    std::vector<Use> uses;
    for (int s = 0; s < 60; ++s) {
      if (p.slotOffset[static_cast<size_t>(s)] < 0) continue;
      size_t last = static_cast<size_t>(s);
      for (size_t k = 0; k < kernels.size(); ++k)
        for (int r : kernels[k]->reads)
          if (r == s) last = std::max(last, k);
      uses.push_back({static_cast<size_t>(s), last, p.slotOffset[static_cast<size_t>(s)],
                      static_cast<int64_t>(g.slots[static_cast<size_t>(s)].type.byteSize())});
    }
    EXPECT_EQ(p.slotOffset[59], -1); // the output is bound to the result tensor
    for (size_t k = 0; k < kernels.size(); ++k)
      if (kernels[k]->scratchBytes > 0)
        uses.push_back({k, k, p.scratchOffset[k], static_cast<int64_t>(kernels[k]->scratchBytes)});
    for (const Use& u : uses) {
      EXPECT_EQ(u.offset % 64, 0);
      EXPECT_LE(static_cast<size_t>(u.offset + u.bytes), p.arenaBytes);
    }
    for (size_t a = 0; a < uses.size(); ++a)
      for (size_t b = a + 1; b < uses.size(); ++b) {
        const Use &x = uses[a], &y = uses[b];
        bool together = x.first <= y.last && y.first <= x.last;
        bool apart = x.offset + x.bytes <= y.offset || y.offset + y.bytes <= x.offset;
        EXPECT_TRUE(!together || apart) << "ranges " << a << " and " << b;
      }
    EXPECT_GE(p.arenaBytes, p.peakLiveBytes);
  }
}

TEST_F(FastPlan, ProfileListsTheCostliestKernelsOrEveryOne) {
  // 45 matmuls: one kernel each, more than the 40 HLOTRAIN_PROFILE=1 lists.
  std::vector<Value*> products;
  for (int i = 0; i < 45; ++i)
    products.push_back(b.dotGeneral(arg(f32({2, 3})), arg(f32({3, 2})), {{}, {}, {1}, {0}}));
  fn.setResults(products);
  verify(module);
  auto listed = [&](const char* mode) {
    setenv("HLOTRAIN_PROFILE", mode, 1);
    ::testing::internal::CaptureStderr();
    {
      auto exe = Executable::compile(module, "main");
      for (int run = 0; run < 3; ++run) exe->run(inputs);
    }
    std::string err = ::testing::internal::GetCapturedStderr();
    unsetenv("HLOTRAIN_PROFILE");
    std::istringstream lines(err.substr(err.find("costliest kernels:")));
    int count = 0;
    for (std::string line; std::getline(lines, line);)
      count += line.find(" ms  #") != std::string::npos;
    return count;
  };
  EXPECT_EQ(listed("1"), 40);
  EXPECT_EQ(listed("all"), 45);
}

} // namespace
} // namespace hlotrain::cpu::fasttest

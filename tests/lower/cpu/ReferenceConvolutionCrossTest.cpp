// The reference convolution (written as the spec's pad / slice / split formulation) against an
// independent direct formula in XLA's terms (group arithmetic on indices, dilation by
// divisibility), over random layouts and every attribute. Integer data keeps both exact.

#include <algorithm>
#include <numeric>
#include <random>

#include "ReferenceTestUtil.h"

namespace hlotrain::cpu::reftest {
namespace {

struct Case {
  int64_t spatial, batch, inFeatures, outFeatures, featureGroups, batchGroups;
  std::vector<int64_t> inputSize, kernelSize, stride, lhsDilation, rhsDilation;
  std::vector<std::pair<int64_t, int64_t>> padding;
  std::vector<bool> reversal;
  ConvDimensionNumbers dn;
};

int64_t outputSize(const Case& c, size_t s) {
  const int64_t dilatedInput = (c.inputSize[s] - 1) * c.lhsDilation[s] + 1;
  const int64_t padded = c.padding[s].first + dilatedInput + c.padding[s].second;
  const int64_t window = (c.kernelSize[s] - 1) * c.rhsDilation[s] + 1;
  return padded < window ? 0 : (padded - window) / c.stride[s] + 1;
}

// [batch, feature, spatial...] placed at random distinct dimensions.
void randomLayout(std::mt19937& rng, size_t rank, int64_t& a, int64_t& b, std::vector<int64_t>& s) {
  std::vector<int64_t> dims(rank);
  std::iota(dims.begin(), dims.end(), 0);
  std::shuffle(dims.begin(), dims.end(), rng);
  a = dims[0];
  b = dims[1];
  s.assign(dims.begin() + 2, dims.end());
}

Case randomCase(std::mt19937& rng) {
  auto pick = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  Case c;
  c.spatial = pick(1, 3);
  const int64_t groups = pick(1, 3);
  c.featureGroups = pick(0, 1) ? groups : 1;
  c.batchGroups = c.featureGroups == 1 ? groups : 1;
  c.batch = c.batchGroups * pick(1, 2);
  c.inFeatures = c.featureGroups * pick(1, 2);
  c.outFeatures = groups * pick(1, 2);
  for (int64_t s = 0; s < c.spatial; ++s) {
    c.inputSize.push_back(pick(1, c.spatial == 3 ? 3 : 5));
    c.kernelSize.push_back(pick(1, 3));
    c.stride.push_back(pick(1, 2));
    c.lhsDilation.push_back(pick(1, 2));
    c.rhsDilation.push_back(pick(1, 2));
    c.padding.push_back({pick(-1, 2), pick(-1, 2)});
    c.reversal.push_back(pick(0, 1) == 1);
  }
  const size_t rank = static_cast<size_t>(c.spatial) + 2;
  randomLayout(rng, rank, c.dn.inputBatchDimension, c.dn.inputFeatureDimension,
               c.dn.inputSpatialDimensions);
  randomLayout(rng, rank, c.dn.kernelInputFeatureDimension, c.dn.kernelOutputFeatureDimension,
               c.dn.kernelSpatialDimensions);
  randomLayout(rng, rank, c.dn.outputBatchDimension, c.dn.outputFeatureDimension,
               c.dn.outputSpatialDimensions);
  return c;
}

size_t at(int64_t i) {
  return static_cast<size_t>(i);
}

Tensor randomTensor(std::mt19937& rng, Shape shape) {
  Tensor t(TensorType{ElementType::i32, shape});
  for (int64_t i = 0; i < t.numElements(); ++i)
    t.set<int32_t>(i, std::uniform_int_distribution<int32_t>(-9, 9)(rng));
  return t;
}

int64_t flatIndex(const Shape& shape, const std::vector<int64_t>& index) {
  int64_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d) flat = flat * shape[d] + index[d];
  return flat;
}

// result[n, o, y] = sum over k, c of lhs[n', g * C + c, x] * rhs[o, c, k], where the batch group
// or feature group g of output feature o selects n' or the input features, and x is the input
// position that the dilated, padded window position y * stride + k' * rhs_dilation lands on (no
// term when it lands on a hole or on padding).
Tensor directConvolution(const Case& c, const Tensor& lhs, const Tensor& rhs,
                         const Shape& resultShape) {
  const ConvDimensionNumbers& dn = c.dn;
  const size_t rank = resultShape.size(), spatial = at(c.spatial);
  const int64_t kernelIn = c.inFeatures / c.featureGroups;
  const int64_t perFeatureGroup = c.outFeatures / c.featureGroups;
  const int64_t perBatchGroup = c.outFeatures / c.batchGroups;
  const int64_t resultBatch = c.batch / c.batchGroups;
  Tensor result(TensorType{ElementType::i32, resultShape});
  std::vector<int64_t> out(rank, 0);
  for (int64_t flat = 0; flat < result.numElements(); ++flat) {
    for (int64_t rest = flat, d = static_cast<int64_t>(rank) - 1; d >= 0; --d) {
      out[at(d)] = rest % resultShape[at(d)];
      rest /= resultShape[at(d)];
    }
    const int64_t n = out[at(dn.outputBatchDimension)], o = out[at(dn.outputFeatureDimension)];
    int32_t sum = 0;
    std::vector<int64_t> k(spatial, 0), li(rank), ri(rank);
    const int64_t kernelCount =
        std::accumulate(c.kernelSize.begin(), c.kernelSize.end(), int64_t{1}, std::multiplies<>());
    for (int64_t kf = 0; kf < kernelCount; ++kf) {
      for (int64_t rest = kf, s = c.spatial - 1; s >= 0; --s) {
        k[at(s)] = rest % c.kernelSize[at(s)];
        rest /= c.kernelSize[at(s)];
      }
      bool inside = true;
      for (size_t s = 0; s < spatial; ++s) {
        const int64_t kk = c.reversal[s] ? c.kernelSize[s] - 1 - k[s] : k[s];
        const int64_t p = out[at(dn.outputSpatialDimensions[s])] * c.stride[s] +
                          kk * c.rhsDilation[s] - c.padding[s].first;
        inside =
            inside && p >= 0 && p % c.lhsDilation[s] == 0 && p / c.lhsDilation[s] < c.inputSize[s];
        li[at(dn.inputSpatialDimensions[s])] = inside ? p / c.lhsDilation[s] : 0;
        ri[at(dn.kernelSpatialDimensions[s])] = k[s];
      }
      if (!inside) continue;
      for (int64_t ci = 0; ci < kernelIn; ++ci) {
        li[at(dn.inputBatchDimension)] = (o / perBatchGroup) * resultBatch + n;
        li[at(dn.inputFeatureDimension)] = (o / perFeatureGroup) * kernelIn + ci;
        ri[at(dn.kernelInputFeatureDimension)] = ci;
        ri[at(dn.kernelOutputFeatureDimension)] = o;
        sum += lhs.get<int32_t>(flatIndex(lhs.shape(), li)) *
               rhs.get<int32_t>(flatIndex(rhs.shape(), ri));
      }
    }
    result.set<int32_t>(flat, sum);
  }
  return result;
}

TEST(ReferenceConvolutionCrossTest, AgreesWithADirectFormula) {
  std::mt19937 rng(20261129);
  int checked = 0;
  while (checked < 300) {
    const Case c = randomCase(rng);
    bool empty = false;
    for (size_t s = 0; s < c.inputSize.size(); ++s) empty = empty || outputSize(c, s) <= 0;
    if (empty) continue;
    const size_t rank = at(c.spatial) + 2;
    Shape lhsShape(rank), rhsShape(rank), resultShape(rank);
    lhsShape[at(c.dn.inputBatchDimension)] = c.batch;
    lhsShape[at(c.dn.inputFeatureDimension)] = c.inFeatures;
    rhsShape[at(c.dn.kernelInputFeatureDimension)] = c.inFeatures / c.featureGroups;
    rhsShape[at(c.dn.kernelOutputFeatureDimension)] = c.outFeatures;
    resultShape[at(c.dn.outputBatchDimension)] = c.batch / c.batchGroups;
    resultShape[at(c.dn.outputFeatureDimension)] = c.outFeatures;
    for (size_t s = 0; s < at(c.spatial); ++s) {
      lhsShape[at(c.dn.inputSpatialDimensions[s])] = c.inputSize[s];
      rhsShape[at(c.dn.kernelSpatialDimensions[s])] = c.kernelSize[s];
      resultShape[at(c.dn.outputSpatialDimensions[s])] = outputSize(c, s);
    }
    const Tensor lhs = randomTensor(rng, lhsShape), rhs = randomTensor(rng, rhsShape);

    Module module;
    Function& fn = module.addFunction("main");
    Builder b(fn.body, &module);
    Attributes attrs;
    attrs.conv = c.dn;
    attrs.windowStrides = c.stride;
    attrs.lhsDilation = c.lhsDilation;
    attrs.rhsDilation = c.rhsDilation;
    attrs.padding = c.padding;
    attrs.windowReversal = c.reversal;
    attrs.featureGroupCount = c.featureGroups;
    attrs.batchGroupCount = c.batchGroups;
    Value* lhsArg = fn.body.addArgument(lhs.type());
    Value* rhsArg = fn.body.addArgument(rhs.type());
    fn.setResults({b.convolution(lhsArg, rhsArg, attrs)});
    const std::vector<Tensor> inputs = {lhs, rhs};
    const Tensor actual = interpret(module, fn, inputs).at(0);
    ASSERT_TRUE(sameTensor(actual, directConvolution(c, lhs, rhs, resultShape)))
        << "case " << checked << ": lhs " << toString(lhs.type()) << ", rhs "
        << toString(rhs.type()) << ", feature groups " << c.featureGroups << ", batch groups "
        << c.batchGroups;
    ++checked;
  }
}

} // namespace
} // namespace hlotrain::cpu::reftest

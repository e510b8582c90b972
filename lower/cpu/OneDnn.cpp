#include "lower/cpu/OneDnn.h"

#include <algorithm>
#include <cstdio>
#include <unordered_map>
#include <utility>

#include "lower/cpu/DepthwiseWeights.h"
#include "lower/cpu/Fusion.h"
#include "lower/cpu/Im2colWeights.h"
#include "lower/cpu/Windows.h"
#include "support/Error.h"

namespace hlotrain::cpu::plan {

namespace {

using dnnl::memory;
using ir::ElementType;

const ir::TensorType& typeOf(const Graph& graph, int slot) {
  return graph.slots[static_cast<size_t>(slot)].type;
}

memory::data_type dataType(ElementType type) {
  return type == ElementType::bf16 ? memory::data_type::bf16 : memory::data_type::f32;
}

} // namespace

bool productTypesSupported(const Graph& graph, const Step& step) {
  auto nonEmpty = [&](int s) { return typeOf(graph, s).numElements() > 0; };
  if (step.operands.size() != 2 || step.results.size() != 1 ||
      !std::all_of(step.operands.begin(), step.operands.end(), nonEmpty) ||
      !nonEmpty(step.results[0]))
    return false;
  const ElementType in = typeOf(graph, step.operands[0]).elementType;
  const ElementType out = typeOf(graph, step.results[0]).elementType;
  if (typeOf(graph, step.operands[1]).elementType != in) return false;
  if (in == ElementType::f32) return out == ElementType::f32;
  return in == ElementType::bf16 && (out == ElementType::f32 || out == ElementType::bf16);
}

bool isProduct(const Step& step) {
  return step.op->kind == ir::OpKind::convolution || step.op->kind == ir::OpKind::dot_general;
}

int throughConvert(const Graph& graph, int slot) {
  const Slot& s = graph.slots[static_cast<size_t>(slot)];
  if (s.kind != Slot::Kind::Computed || s.type.elementType != ElementType::bf16) return slot;
  const Step& producer = graph.steps[static_cast<size_t>(s.producer)];
  if (!producer.live || producer.op->kind != ir::OpKind::convert) return slot;
  const int source = producer.operands[0];
  if (typeOf(graph, source).elementType != ElementType::f32) return slot;
  // A bf16 operand that two products read (a training graph's activation: its forward product
  // and its weight gradient; a cotangent: both transposes) is converted once by a fused loop
  // (the one computing its f32 source, where the convert is that value's only reader), not by
  // each product's input reorder: ConvNeXt-T's bf16 step 3176 -> 2988 ms, MobileNetV2's 649 ->
  // 513 (bench/README.md, "Stop 53").
  int products = 0;
  for (const Step& step : graph.steps)
    if (step.live && isProduct(step))
      products += static_cast<int>(std::count(step.operands.begin(), step.operands.end(), slot));
  if (products >= 2) return slot;
  // Nor is an operand one product reads through its convert where the f32 source is computed
  // elementwise for the convert alone: the loop computing it stores the bf16 value instead (half
  // the bytes), and the product needs no converting reorder. An eval graph's batch norm and
  // activation before each convolution are such loops: bf16 eval forwards of MobileNetV2 241 ->
  // 161 ms, MobileNetV4-Conv-S 267 -> 215, EfficientNet-B0 350 -> 310 (bench/README.md, "Stop 55").
  const Slot& f32Source = graph.slots[static_cast<size_t>(source)];
  if (f32Source.kind != Slot::Kind::Computed || graph.useCounts()[static_cast<size_t>(source)] != 1)
    return source;
  const Step& computing = graph.steps[static_cast<size_t>(f32Source.producer)];
  const bool convertedByItsLoop =
      fusesWithStrides(graph, computing) && computing.op->kind != ir::OpKind::reduce;
  return convertedByItsLoop ? slot : source;
}

namespace {

// The view of `slot` whose logical dimension k is the tensor's dimension tensorDims[k].
DnnlView viewOf(const Graph& graph, int slot, const std::vector<int64_t>& tensorDims) {
  const auto& shape = typeOf(graph, slot).shape;
  std::vector<int64_t> strides = slotStrides(graph.slots[static_cast<size_t>(slot)]);
  DnnlView v;
  v.slot = slot;
  v.type = v.slotType = typeOf(graph, slot).elementType;
  v.tensorDims = tensorDims;
  for (int64_t d : tensorDims) {
    v.dims.push_back(shape[static_cast<size_t>(d)]);
    v.strides.push_back(strides[static_cast<size_t>(d)]);
  }
  return v;
}

// viewOf an operand, read through a convert from f32 where it is one: the primitive's input
// reorder converts while it changes the layout, instead of a separate pass writing the bf16 value.
DnnlView inputView(const Graph& graph, int slot, const std::vector<int64_t>& tensorDims) {
  DnnlView v = viewOf(graph, throughConvert(graph, slot), tensorDims);
  v.type = typeOf(graph, slot).elementType;
  return v;
}

// Splits logical dimension `dim` into (groups, size / groups) and moves the group count first:
// oneDNN's grouped weights are {G, O/G, I/G, spatial...}.
void splitGroups(DnnlView& v, int64_t groups, size_t dim) {
  if (groups == 1) return;
  int64_t inner = v.dims[dim] / groups;
  int64_t groupStride = inner * v.strides[dim];
  v.dims[dim] = inner;
  v.dims.insert(v.dims.begin(), groups);
  v.strides.insert(v.strides.begin(), groupStride);
}

void reverseDim(DnnlView& v, size_t dim) {
  if (v.dims[dim] == 1) return; // nothing to reverse; keeps the view direct
  v.offset += (v.dims[dim] - 1) * v.strides[dim];
  v.strides[dim] = -v.strides[dim];
}

// oneDNN checks out == (in + padL + padR - extent) / stride + 1; any padR in a window of
// `stride` values satisfies it, and padding beyond the last window is never read, so the
// smallest non-negative one is as good as the op's own (which may be negative).
bool pickPadR(int64_t out, int64_t stride, int64_t extent, int64_t in, int64_t padL,
              int64_t& padR) {
  int64_t minimum = (out - 1) * stride + extent - in - padL;
  padR = std::max<int64_t>(minimum, 0);
  return padR <= minimum + stride - 1;
}

// A view's dimensions in oneDNN's order: (batch or output channels, channels or input channels,
// then the two spatial dimensions), taken from a convolution's dimension numbers.
std::vector<int64_t> roles(int64_t first, int64_t second, const std::vector<int64_t>& spatial) {
  return {first, second, spatial[0], spatial[1]};
}

void addWindowDim(ConvProblem& p, int64_t stride, int64_t dilate, int64_t padL, int64_t padR) {
  p.strides.push_back(stride);
  p.dilates.push_back(dilate);
  p.padL.push_back(padL);
  p.padR.push_back(padR);
}

struct ConvOperands {
  int lhs, kernel, out;
  std::vector<bool> reversed; // per spatial dim: the kernel as read is reversed there
};

std::optional<ConvProblem> forwardProblem(const Graph& graph, const ir::Op& op,
                                          const ConvOperands& o) {
  const auto& a = op.attrs;
  const auto& dn = a.conv;
  ConvProblem p;
  p.form = ConvForm::Forward;
  p.src =
      inputView(graph, o.lhs,
                roles(dn.inputBatchDimension, dn.inputFeatureDimension, dn.inputSpatialDimensions));
  p.dst =
      viewOf(graph, o.out,
             roles(dn.outputBatchDimension, dn.outputFeatureDimension, dn.outputSpatialDimensions));
  p.weights = inputView(graph, o.kernel,
                        roles(dn.kernelOutputFeatureDimension, dn.kernelInputFeatureDimension,
                              dn.kernelSpatialDimensions));
  p.groups = a.featureGroupCount;
  splitGroups(p.weights, p.groups, 0);
  size_t spatial0 = p.weights.dims.size() - 2;
  for (size_t d = 0; d < 2; ++d)
    if (o.reversed[d]) reverseDim(p.weights, spatial0 + d);
  for (size_t d = 0; d < 2; ++d) {
    if (a.padding[d].first < 0 || a.padding[d].second < 0) return std::nullopt;
    addWindowDim(p, a.windowStrides[d], a.rhsDilation[d] - 1, a.padding[d].first,
                 a.padding[d].second);
  }
  return p;
}

std::optional<ConvProblem> backwardDataProblem(const Graph& graph, const ir::Op& op,
                                               const ConvOperands& o) {
  const auto& a = op.attrs;
  const auto& dn = a.conv;
  ConvProblem p;
  p.form = ConvForm::BackwardData;
  p.dst =
      inputView(graph, o.lhs,
                roles(dn.inputBatchDimension, dn.inputFeatureDimension, dn.inputSpatialDimensions));
  p.src =
      viewOf(graph, o.out,
             roles(dn.outputBatchDimension, dn.outputFeatureDimension, dn.outputSpatialDimensions));
  // The op's kernel input features are the forward convolution's outputs and vice versa.
  p.weights = inputView(graph, o.kernel,
                        roles(dn.kernelInputFeatureDimension, dn.kernelOutputFeatureDimension,
                              dn.kernelSpatialDimensions));
  p.groups = a.featureGroupCount;
  splitGroups(p.weights, p.groups, 1);
  size_t spatial0 = p.weights.dims.size() - 2;
  for (size_t d = 0; d < 2; ++d) {
    // The forward kernel is the op's kernel reversed: reading a reversed kernel is reading it.
    if (!o.reversed[d]) reverseDim(p.weights, spatial0 + d);
    if (a.windowStrides[d] != 1) return std::nullopt;
    int64_t kernel = p.weights.dims[spatial0 + d];
    int64_t extent = (kernel - 1) * a.rhsDilation[d] + 1;
    int64_t padL = extent - 1 - a.padding[d].first, padR = 0;
    if (padL < 0 ||
        !pickPadR(p.dst.dims[2 + d], a.lhsDilation[d], extent, p.src.dims[2 + d], padL, padR))
      return std::nullopt;
    addWindowDim(p, a.lhsDilation[d], a.rhsDilation[d] - 1, padL, padR);
  }
  return p;
}

std::optional<ConvProblem> backwardWeightsProblem(const Graph& graph, const ir::Op& op,
                                                  const ConvOperands& o) {
  const auto& a = op.attrs;
  const auto& dn = a.conv;
  if (o.reversed[0] || o.reversed[1]) return std::nullopt;
  ConvProblem p;
  p.form = ConvForm::BackwardWeights;
  // Batch and feature roles are swapped: the op's lhs batch is the forward input's channels.
  p.src =
      inputView(graph, o.lhs,
                roles(dn.inputFeatureDimension, dn.inputBatchDimension, dn.inputSpatialDimensions));
  p.dst = inputView(graph, o.kernel,
                    roles(dn.kernelInputFeatureDimension, dn.kernelOutputFeatureDimension,
                          dn.kernelSpatialDimensions));
  p.weights =
      viewOf(graph, o.out,
             roles(dn.outputFeatureDimension, dn.outputBatchDimension, dn.outputSpatialDimensions));
  p.groups = a.batchGroupCount;
  splitGroups(p.weights, p.groups, 0);
  size_t spatial0 = p.weights.dims.size() - 2;
  for (size_t d = 0; d < 2; ++d) {
    int64_t extent = (p.weights.dims[spatial0 + d] - 1) * a.windowStrides[d] + 1;
    int64_t padL = a.padding[d].first, padR = 0;
    if (padL < 0 ||
        !pickPadR(p.dst.dims[2 + d], a.rhsDilation[d], extent, p.src.dims[2 + d], padL, padR))
      return std::nullopt;
    addWindowDim(p, a.rhsDilation[d], a.windowStrides[d] - 1, padL, padR);
  }
  return p;
}

// A kernel operand produced by stablehlo.reverse of spatial dimensions only is read through the
// reverse (the reverse then usually dies): JAX writes the backward-data kernel this way.
ConvOperands convOperands(const Graph& graph, const Step& step) {
  const auto& a = step.op->attrs;
  const auto& spatial = a.conv.kernelSpatialDimensions;
  ConvOperands o{step.operands[0], step.operands[1], step.results[0], a.windowReversal};
  const Slot& k = graph.slots[static_cast<size_t>(o.kernel)];
  if (k.kind != Slot::Kind::Computed) return o;
  const Step& producer = graph.steps[static_cast<size_t>(k.producer)];
  if (!producer.live || producer.op->kind != ir::OpKind::reverse) return o;
  std::vector<bool> reversed = o.reversed;
  for (int64_t d : producer.op->attrs.dimensions) {
    auto it = std::find(spatial.begin(), spatial.end(), d);
    if (it == spatial.end()) return o;
    reversed[static_cast<size_t>(it - spatial.begin())].flip();
  }
  o.kernel = producer.operands[0];
  o.reversed = reversed;
  return o;
}

// An operand as oneDNN sees it: `view` is read in place when its strides allow, otherwise it is
// copied densely first; `inner` is the layout the primitive chose, reached by a planned reorder.
// The slot may hold another element type than the primitive computes in (view.slotType vs
// view.type: an f32 value read through its convert to bf16, a bf16 product written into its
// convert to f32): the reorder converts too. The dense copy and the reordered layout live in the
// kernel's scratch memory.
class BoundArg {
public:
  BoundArg() = default;
  BoundArg(DnnlView view, const std::vector<int64_t>& logicalDims,
           std::optional<std::vector<int64_t>> logicalStrides)
      : view_(std::move(view)), dense_(!logicalStrides) {
    std::vector<int64_t> strides = dense_ ? ir::stridesOf(logicalDims) : *logicalStrides;
    if (dense_) copyBytes_ = ir::TensorType{view_.slotType, logicalDims}.byteSize();
    userDesc_ = memory::desc(logicalDims, dataType(view_.slotType), strides);
    plainDesc_ = memory::desc(logicalDims, dataType(view_.type), strides);
    dims_ = logicalDims;
    strides_ = std::move(strides);
  }

  // The slot's memory as it is; the same layout in the primitive's element type.
  const memory::desc& userDesc() const { return userDesc_; }
  const memory::desc& plainDesc() const { return plainDesc_; }
  memory::desc plainDesc(ElementType type) const {
    return memory::desc(dims_, dataType(type), strides_);
  }
  bool converts() const { return view_.type != view_.slotType; }
  ElementType type() const { return view_.type; }

  void bind(const memory::desc& primitiveDesc, DnnlContext& context, bool isOutput) {
    user_ = memory(userDesc_, context.engine, DNNL_MEMORY_NONE);
    reorder_.reset();
    innerBytes_ = 0;
    if (primitiveDesc == userDesc_) {
      inner_ = user_;
      return;
    }
    inner_ = memory(primitiveDesc, context.engine, DNNL_MEMORY_NONE);
    innerBytes_ = primitiveDesc.get_size();
    reorder_ = isOutput ? dnnl::reorder(inner_, user_) : dnnl::reorder(user_, inner_);
  }

  // Places the dense copy and the reordered layout in the kernel's scratch memory from byte
  // `at` on; returns where the next scratch buffer may start.
  size_t placeScratch(size_t at) {
    copyAt_ = at;
    innerAt_ = BufferPlan::aligned(copyAt_ + copyBytes_);
    return BufferPlan::aligned(innerAt_ + innerBytes_);
  }

  // The same memory as `blocks` matmul batches along logical dim `axis` (the contraction): a
  // unit batch dim 0 becomes the block index, stepping `axis`'s stride times its block length.
  // Read in place only (a dense copy is laid out for the unsplit dims).
  BoundArg splitIntoBatches(size_t axis, int64_t blocks) const {
    std::vector<int64_t> dims = dims_, strides = strides_;
    dims[axis] /= blocks;
    dims[0] = blocks;
    strides[0] = strides[axis] * dims[axis];
    return BoundArg(view_, dims, strides);
  }

  const memory& inner() const { return inner_; }
  int slot() const { return view_.slot; }
  bool reordered() const { return reorder_.has_value(); }
  bool dense() const { return dense_; }

  void prepareInput(RunState& state, DnnlContext& context, int threads) {
    uint8_t* base = state.slotData[static_cast<size_t>(view_.slot)];
    const size_t width = ir::byteWidth(view_.slotType);
    if (dense_) {
      uint8_t* copy = state.scratch + copyAt_;
      stridedCopy(copy, base, width, view_.offset, view_.dims, view_.strides, threads);
      user_.set_data_handle(copy);
    } else {
      user_.set_data_handle(base + view_.offset * static_cast<int64_t>(width));
    }
    if (reorder_) {
      inner_.set_data_handle(state.scratch + innerAt_);
      reorder_->execute(context.stream, user_, inner_);
    }
  }
  void prepareOutput(RunState& state) {
    user_.set_data_handle(state.slotData[static_cast<size_t>(view_.slot)]);
    if (reorder_) inner_.set_data_handle(state.scratch + innerAt_);
  }
  void finishOutput(DnnlContext& context) {
    if (reorder_) reorder_->execute(context.stream, inner_, user_);
  }

private:
  DnnlView view_;
  bool dense_ = false;
  size_t copyBytes_ = 0, innerBytes_ = 0, copyAt_ = 0, innerAt_ = 0;
  memory::dims dims_, strides_;
  memory::desc userDesc_, plainDesc_;
  memory user_, inner_;
  std::optional<dnnl::reorder> reorder_;
};

// " bf16 x bf16 -> f32" for a product not all f32, as the primitive computes it.

// A primitive's scratch memory: oneDNN's scratchpad first, then each operand's copy and reorder
// buffers; returns its size.
size_t layOutScratch(const memory::desc& scratchpad, std::initializer_list<BoundArg*> args) {
  size_t bytes = BufferPlan::aligned(scratchpad.get_size());
  for (BoundArg* arg : args) bytes = arg->placeScratch(bytes);
  return bytes;
}

bool hasNegativeStride(const DnnlView& v) {
  return std::any_of(v.strides.begin(), v.strides.end(), [](int64_t s) { return s < 0; });
}

std::optional<std::vector<int64_t>> stridesIfDirect(const DnnlView& v) {
  if (hasNegativeStride(v)) return std::nullopt;
  return v.strides;
}

// A single-channel activation (a grayscale input, its convolution's source) is laid out the same
// NCHW or channels-last; giving its unit channel dim stride 1 lets oneDNN see it as channels-last,
// so the convolution takes its direct channels-last kernel with a channels-last destination
// instead of writing a blocked one and reordering it.
std::optional<std::vector<int64_t>> activationStrides(const DnnlView& v) {
  auto strides = stridesIfDirect(v);
  if (strides && v.dims.size() == 4 && v.dims[1] == 1) (*strides)[1] = 1;
  return strides;
}

// One of oneDNN's channel blocks: a first layer's 1 or 3 image channels fit in it.
constexpr int64_t kChannelBlock = 16;

// An NCHW image of a few channels (a first layer's RGB input) is cheap to reorder to
// channels-last, and its convolution then runs channels-last too, reading and writing the other
// side in place: oneDNN's direct kernels read NCHW only for a blocked destination, whose reorder
// to the planned channels-last one is the size of the (many-channel) result.
bool fewChannelsNotLast(const DnnlView& v) {
  return v.dims.size() == 4 && v.dims[1] > 1 && v.dims[1] <= kChannelBlock && v.strides[1] != 1;
}

// A spatial kernel over at most one channel block of inputs, ungrouped: every oneDNN kernel
// rounds it alike (to four digits, bench/conv_accuracy.cpp), and on 1 or 3 channels the jit one is
// the fastest.
bool firstLayerShape(const ConvProblem& p) {
  const auto& k = p.weights.dims;
  return p.groups == 1 && k.size() == 4 && k[2] * k[3] > 1 && k[1] <= kChannelBlock;
}

// The shapes where oneDNN's Winograd F(4x4, 3x3) kernels exist and beat its direct ones with
// the reorders to and from their blocked layout counted (bench/README.md): 3x3, stride 1,
// undilated, ungrouped, channel counts that fill its 16-wide blocks, and enough of them for the
// feature map's size. Elsewhere direct convolution is as fast, and more accurate: Winograd's
// transforms round several times per output, so a 64-channel Winograd convolution's result is
// off by 1.6x as much as a direct one's (bench/grad_accuracy.py, MNIST-CNN's conv4), and the
// first-step gradients of every later layer with it.
bool winogradShape(const ConvProblem& p) {
  auto all = [](const std::vector<int64_t>& v, int64_t x) {
    return std::all_of(v.begin(), v.end(), [x](int64_t e) { return e == x; });
  };
  // Measured train steps, Winograd against direct: 32 channels pay only on large maps (no faster
  // at MNIST-CNN's 28x28 (session 4), 10-40% faster per primitive at the UNet's 120x120 and
  // 240x240 (session 5)); 64 channels pay at ResNet's 56x56 and not at 16x16 or 14x14
  // (CIFAR-10-BN, MNIST-CNN: 120-123 and 83-90 ms per step either way, session 8); 128 and more
  // at every ResNet size down to 7x7.
  const int64_t area = p.dst.dims.size() == 4 ? p.dst.dims[2] * p.dst.dims[3] : 0;
  const int64_t fewest = area >= 64 * 64 ? 32 : area >= 28 * 28 ? 64 : 128;
  return p.groups == 1 && p.weights.dims.size() == 4 && p.weights.dims[2] == 3 &&
         p.weights.dims[3] == 3 && all(p.strides, 1) && all(p.dilates, 0) &&
         std::all_of(p.weights.dims.begin(), p.weights.dims.begin() + 2,
                     [&](int64_t channels) { return channels >= fewest && channels % 16 == 0; });
}

// f32 forward convolutions, ungrouped, take oneDNN's blocked-layout direct kernel (nChw16c
// here, the one PyTorch runs), their activations reordered from and to the planned channels-last
// ones inside the kernel: its rounding stays at ~1.6e-7 of the result whatever the channel count,
// where every channels-last kernel's grows like the square root of the input channels (2.1e-7 at
// 32, 2.9e-7 at 64, 6.8e-7 at 512; bench/conv_accuracy.cpp). The forward's rounding is what
// the first-step gradients of MNIST-CNN's last six tensors inherit: over five batches their error
// against float64 was a median 1.10x PyTorch float32's with it, 1.40x without
// (bench/grad_accuracy.py --first-record 0, 1280, ..., 5120), at 3-4% of their train step (the
// reorders). Backward convolutions (as accurate either way there), bf16 ones (whose operands'
// rounding dominates), grouped ones (depthwise) and 1x1 ones stay channels-last: a blocked 1x1
// forward cost MobileNetV2's step 23% and ResNet-50's 5%. Nor do first layers (firstLayerShape):
// reordering their many output channels cost more than their convolution (MNIST-CNN's 1->32:
// 0.28 ms channels-last, 0.43 ms blocked). Nor do channel counts that do not fill the blocks,
// which the blocked layout pads: EfficientNetV2-S's 24 -> 24 at 112x112 took 25 ms blocked and
// 14 channels-last in its eval forward (HLOTRAIN_PROFILE=all), rounding at 1.46e-7 against
// 1.83e-7 (bench/conv_accuracy.cpp).
bool roundsBetterBlocked(const ConvProblem& p) {
  const auto& k = p.weights.dims;
  return p.form == ConvForm::Forward && p.groups == 1 && p.src.type == ElementType::f32 &&
         k.size() == 4 && k[2] * k[3] > 1 && !firstLayerShape(p) && k[0] % kChannelBlock == 0 &&
         k[1] % kChannelBlock == 0;
}

class ConvKernel : public Kernel {
public:
  ConvKernel(const ConvProblem& p, DnnlContext& context, const ConvOptions& options)
      : context_(context), threads_(options.threads),
        src_(p.src, p.src.dims, activationStrides(p.src)),
        weights_(p.weights, p.weights.dims, stridesIfDirect(p.weights)),
        dst_(p.dst, p.dst.dims, activationStrides(p.dst)) {
    // Winograd where allowed and oneDNN has it: about 2x faster than any direct kernel here,
    // reorders included. Otherwise activations are large: read and written in place when a
    // direct (jit or brgemm) kernel takes the plain layout (channels-last does, NCHW only as
    // im2col+gemm) and rounds as well as the blocked one, else reordered to the blocked layout
    // oneDNN prefers. Weights always take the preferred layout (small reorder).
    using dnnl::algorithm;
    bool chosen = options.winograd && winogradShape(p) &&
                  tryCreate(p, context, {false, algorithm::convolution_winograd});
    chosen = chosen ||
             (!(options.blockedForward && roundsBetterBlocked(p)) &&
              tryCreate(p, context, {true, algorithm::convolution_direct}) &&
              impl_.find("gemm") == std::string::npos && impl_.find("ref") == std::string::npos);
    if (!chosen) create(p, context, {false, algorithm::convolution_direct}); // always exists
    finish(p, context);
  }

  // The kernel `plain` chose for `p`, with `epilogue`'s post-ops; the problem's result is the
  // epilogue's. Throws dnnl::error where oneDNN has no such primitive.
  ConvKernel(const ConvProblem& p, DnnlContext& context, const ConvOptions& options,
             const ConvKernel& plain, const ConvEpilogue& epilogue)
      : context_(context), threads_(options.threads),
        src_(p.src, p.src.dims, activationStrides(p.src)),
        weights_(p.weights, p.weights.dims, stridesIfDirect(p.weights)),
        dst_(p.dst, p.dst.dims, activationStrides(p.dst)) {
    create(p, context, plain.choice_, &epilogue);
    finish(p, context, &epilogue);
  }

  const std::string& impl() const { return impl_; }

  // oneDNN offers its brgemm kernel first, but on a first layer its jit one is faster
  // (bench/conv_accuracy.cpp: 1->32 at 28x28 0.23 against 0.40 ms, 3->32 at 32x32 0.56 against
  // 0.82 ms): that one when it is offered, else `first`.
  static dnnl::convolution_forward::primitive_desc
  preferJit(const dnnl::convolution_forward::primitive_desc& first,
            const dnnl::convolution_forward::desc& desc, const dnnl::primitive_attr& attr,
            DnnlContext& context) {
    dnnl::convolution_forward::primitive_desc pd(desc, attr, context.engine);
    do {
      if (std::string(pd.impl_info_str()).rfind("jit:", 0) == 0) return pd;
    } while (pd.next_impl());
    return first;
  }

  // Which primitive: activations in their planned layout (else oneDNN's choice), and the
  // algorithm.
  struct Choice {
    bool plainActivations;
    dnnl::algorithm algorithm;
  };

  // create(), or false when oneDNN has no such primitive (then the next candidate replaces
  // whatever it set).
  bool tryCreate(const ConvProblem& p, DnnlContext& context, Choice choice) {
    try {
      create(p, context, choice);
      return true;
    } catch (const dnnl::error&) {
      return false;
    }
  }

  void create(const ConvProblem& p, DnnlContext& context, Choice choice,
              const ConvEpilogue* epilogue = nullptr) {
    choice_ = choice;
    const bool plainActivations = choice.plainActivations;
    const dnnl::algorithm algorithm = choice.algorithm;
    auto any = [](const DnnlView& v) {
      return memory::desc(v.dims, dataType(v.type), memory::format_tag::any);
    };
    auto anyOf = [](const memory::dims& dims, ElementType type) {
      return memory::desc(dims, dataType(type), memory::format_tag::any);
    };
    auto act = [&](const DnnlView& v, const BoundArg& arg) {
      if (!plainActivations || arg.dense()) return any(v);
      // Not for bf16 weight gradients: oneDNN's channels-last bf16 one is the slower there
      // (ResNet-18's stem 18.9 -> 24.0 ms, MobileNetV2's 6.0 -> 12.8 at batch 32).
      if (fewChannelsNotLast(v) && (p.form == ConvForm::Forward || v.type == ElementType::f32))
        return memory::desc(v.dims, dataType(v.type), memory::format_tag::nhwc);
      return arg.plainDesc();
    };
    memory::dims strides = p.strides, dilates = p.dilates, padL = p.padL, padR = p.padR;
    auto attr = userScratchpad();
    postOpArgs_.clear();
    if (epilogue) attr.set_post_ops(postOps(*epilogue, p.dst.dims));
    // A backward primitive's forward hint computes in the backward inputs' type (a bf16 forward
    // convolution takes bf16 sources and weights), whatever the backward result's type.
    const ElementType inType = p.form == ConvForm::BackwardData ? p.dst.type : p.src.type;
    // The forward's source (the backward-data result) and weights (always oneDNN's choice).
    const memory::desc hintSrc = p.form != ConvForm::BackwardData    ? act(p.src, src_)
                                 : plainActivations && !src_.dense() ? src_.plainDesc(inType)
                                                                     : anyOf(p.src.dims, inType);
    dnnl::convolution_forward::desc forwardDesc(dnnl::prop_kind::forward_training, algorithm,
                                                hintSrc, anyOf(p.weights.dims, inType),
                                                act(p.dst, dst_), strides, dilates, padL, padR);
    dnnl::convolution_forward::primitive_desc forward(forwardDesc, attr, context.engine);
    switch (p.form) {
    case ConvForm::Forward: {
      if (plainActivations && firstLayerShape(p))
        forward = preferJit(forward, forwardDesc, attr, context);
      src_.bind(forward.src_desc(), context, false);
      weights_.bind(forward.weights_desc(), context, false);
      dst_.bind(forward.dst_desc(), context, true);
      primitive_ = dnnl::convolution_forward(forward);
      scratch_ = forward.scratchpad_desc();
      impl_ = forward.impl_info_str();
      args_ = {{DNNL_ARG_SRC, src_.inner()},
               {DNNL_ARG_WEIGHTS, weights_.inner()},
               {DNNL_ARG_DST, dst_.inner()}};
      inputs_ = {&src_, &weights_};
      output_ = &dst_;
      break;
    }
    case ConvForm::BackwardData: {
      dnnl::convolution_backward_data::desc desc(algorithm, act(p.src, src_), any(p.weights),
                                                 act(p.dst, dst_), strides, dilates, padL, padR);
      dnnl::convolution_backward_data::primitive_desc pd(desc, attr, context.engine, forward);
      dst_.bind(pd.diff_dst_desc(), context, false);
      weights_.bind(pd.weights_desc(), context, false);
      src_.bind(pd.diff_src_desc(), context, true);
      primitive_ = dnnl::convolution_backward_data(pd);
      scratch_ = pd.scratchpad_desc();
      impl_ = pd.impl_info_str();
      args_ = {{DNNL_ARG_DIFF_DST, dst_.inner()},
               {DNNL_ARG_WEIGHTS, weights_.inner()},
               {DNNL_ARG_DIFF_SRC, src_.inner()}};
      inputs_ = {&dst_, &weights_};
      output_ = &src_;
      break;
    }
    case ConvForm::BackwardWeights: {
      dnnl::convolution_backward_weights::desc desc(algorithm, act(p.src, src_), any(p.weights),
                                                    act(p.dst, dst_), strides, dilates, padL, padR);
      dnnl::convolution_backward_weights::primitive_desc pd(desc, attr, context.engine, forward);
      src_.bind(pd.src_desc(), context, false);
      dst_.bind(pd.diff_dst_desc(), context, false);
      weights_.bind(pd.diff_weights_desc(), context, true);
      primitive_ = dnnl::convolution_backward_weights(pd);
      scratch_ = pd.scratchpad_desc();
      impl_ = pd.impl_info_str();
      args_ = {{DNNL_ARG_SRC, src_.inner()},
               {DNNL_ARG_DIFF_DST, dst_.inner()},
               {DNNL_ARG_DIFF_WEIGHTS, weights_.inner()}};
      inputs_ = {&src_, &dst_};
      output_ = &weights_;
      break;
    }
    }
  }

  // oneDNN's post-ops for `epilogue` on a destination of `dims`, and the memories their
  // operands are bound to (postOpArgs_).
  dnnl::post_ops postOps(const ConvEpilogue& epilogue, const memory::dims& dims) {
    dnnl::post_ops ops;
    const memory::desc channels({1, dims[1], 1, 1}, memory::data_type::f32,
                                memory::dims{dims[1], 1, 1, 1});
    for (const ConvEpilogue::Stage& stage : epilogue.stages) {
      using dnnl::algorithm;
      if (stage.op == ConvEpilogue::Op::relu) {
        ops.append_eltwise(1.0f, algorithm::eltwise_relu, 0.0f, 0.0f);
        continue;
      }
      if (stage.op == ConvEpilogue::Op::clamp) { // min(max(x, low), high)
        ops.append_eltwise(1.0f, algorithm::eltwise_clip_v2, stage.low, stage.high);
        continue;
      }
      const memory::desc operand = stage.op == ConvEpilogue::Op::addTensor
                                       ? memory::desc(dims, memory::data_type::f32, stage.strides)
                                       : channels;
      const algorithm kind = stage.op == ConvEpilogue::Op::subtractChannels ? algorithm::binary_sub
                             : stage.op == ConvEpilogue::Op::multiplyChannels
                                 ? algorithm::binary_mul
                                 : algorithm::binary_add;
      const int index = ops.len();
      ops.append_binary(kind, operand);
      postOpArgs_.push_back({stage.slot, DNNL_ARG_ATTR_MULTIPLE_POST_OP(index) | DNNL_ARG_SRC_1,
                             memory(operand, context_.engine, DNNL_MEMORY_NONE)});
    }
    return ops;
  }

  void finish(const ConvProblem& p, DnnlContext& context, const ConvEpilogue* epilogue = nullptr) {
    scratchpad_ = memory(scratch_, context.engine, DNNL_MEMORY_NONE);
    args_.insert({DNNL_ARG_SCRATCHPAD, scratchpad_});
    for (const PostOpArg& arg : postOpArgs_) args_.insert({arg.key, arg.data});
    scratchBytes = layOutScratch(scratch_, {&src_, &weights_, &dst_});
    for (BoundArg* in : inputs_) reads.push_back(in->slot());
    for (const PostOpArg& arg : postOpArgs_) reads.push_back(arg.slot);
    writes.push_back(output_->slot());
    text_ = describeProblem(p) + (epilogue ? describeEpilogue(*epilogue) : "") + " [" + impl_ + "]";
    for (const BoundArg* arg : {&src_, &weights_, &dst_}) {
      if (arg->reordered())
        text_ += (arg->converts() ? " convert+reorder(%" : " reorder(%") +
                 std::to_string(arg->slot()) + ")";
      if (arg->dense()) text_ += " densecopy(%" + std::to_string(arg->slot()) + ")";
    }
  }

  void run(RunState& state) override {
    scratchpad_.set_data_handle(state.scratch);
    for (BoundArg* in : inputs_) in->prepareInput(state, context_, threads_);
    for (PostOpArg& arg : postOpArgs_)
      arg.data.set_data_handle(state.slotData[static_cast<size_t>(arg.slot)]);
    output_->prepareOutput(state);
    primitive_.execute(context_.stream, args_);
    output_->finishOutput(context_);
    context_.stream.wait();
  }

  std::string describe() const override { return text_; }

private:
  struct PostOpArg {
    int slot, key;
    memory data;
  };

  DnnlContext& context_;
  int threads_;
  Choice choice_{false, dnnl::algorithm::convolution_direct};
  std::vector<PostOpArg> postOpArgs_;
  BoundArg src_, weights_, dst_;
  std::vector<BoundArg*> inputs_;
  BoundArg* output_ = nullptr;
  dnnl::primitive primitive_;
  memory::desc scratch_;
  memory scratchpad_;
  std::unordered_map<int, memory> args_;
  std::string impl_, text_;
};

// oneDNN wants plausible strides even on unit dimensions: give them the operand's full extent.
void fixUnitStrides(const std::vector<int64_t>& dims, std::vector<int64_t>& strides) {
  int64_t extent = 1;
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i] != 1) extent = std::max(extent, strides[i] * dims[i]);
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i] == 1) strides[i] = extent;
}

// One dot_general operand as a 3-D {batch, rows, cols} matmul argument.
// `slot` is read through a convert from f32 where it is one (see inputView).
BoundArg matmulArg(const Graph& graph, int operand, const std::vector<std::vector<int64_t>>& groups,
                   bool forceDense) {
  const int slot = throughConvert(graph, operand);
  const auto& shape = typeOf(graph, slot).shape;
  std::vector<int64_t> tensorStrides = slotStrides(graph.slots[static_cast<size_t>(slot)]);
  std::vector<int64_t> order;
  std::vector<int64_t> logical, strides;
  bool direct = !forceDense;
  for (const auto& group : groups) {
    int64_t size = 1;
    auto stride = mergedStride(shape, tensorStrides, group, size);
    direct = direct && stride.has_value();
    logical.push_back(size);
    strides.push_back(stride.value_or(0));
    order.insert(order.end(), group.begin(), group.end());
  }
  DnnlView view = viewOf(graph, slot, order);
  view.type = typeOf(graph, operand).elementType;
  if (!direct) return BoundArg(view, logical, std::nullopt);
  fixUnitStrides(logical, strides);
  return BoundArg(view, logical, strides);
}

// How many blocks a contraction of length k is split into, 1 for none. oneDNN's matmul kernel
// for a dense layer accumulates each output in one f32 register over all of k: on MNIST-CNN's fc1
// (k = 3136) its result was off by 5.0e-7 relative where PyTorch's OpenBLAS sgemm was off by
// 2.9e-7 (bench/grad_accuracy.py). Past kLongContraction the blocks' products land in separate
// partial results, summed in double: 2.3e-7 there in blocks of 224. Blocks of about
// kContractionBlock (the block count divides k, so each block is a strided view). Each block is
// a batch of oneDNN's product, and many short ones run it below its peak: past kMostBlocks of
// them, fewer and longer ones, up to kLongContraction (ViT-Tiny's weight gradients over k = 6304
// are 16 blocks of 394, not 32 of 197: bench/README.md, "Stop 54"; as accurate,
// bench/grad_accuracy_vit.py; Sums.AContractionOfManyShortBlocksTakesFewerLongerOnes). Not longer
// blocks everywhere: at fc1's 7 blocks of 448, MNIST-CNN trained on one device and on two replicas
// of half its batch rounded apart beyond DataParallelTest.SyncBnTrainsABatchNormCnnAsOneDevice's
// bound. No divisor near, and k stays whole.
constexpr int64_t kLongContraction = 1024, kContractionBlock = 256, kMostBlocks = 16;
int64_t contractionBlocks(int64_t k) {
  if (k <= kLongContraction) return 1;
  const int64_t fewest = (k + kContractionBlock - 1) / kContractionBlock;
  if (fewest > kMostBlocks)
    for (int64_t blocks = kMostBlocks; blocks * kLongContraction >= k; --blocks)
      if (k % blocks == 0) return blocks;
  for (int64_t blocks = fewest; blocks <= 2 * fewest; ++blocks)
    if (k % blocks == 0) return blocks;
  for (int64_t blocks = fewest - 1; blocks > 1 && k / blocks <= kLongContraction; --blocks)
    if (k % blocks == 0) return blocks;
  return 1;
}

class MatmulKernel : public Kernel {
public:
  MatmulKernel(const Graph& graph, const Step& step, DnnlContext& context, int threads,
               std::optional<MatmulBias> bias)
      : context_(context), threads_(threads) {
    const int resultSlot = bias ? bias->sum : step.results[0];
    const auto& dims = step.op->attrs.dot;
    int lhs = step.operands[0], rhs = step.operands[1];
    auto freeDims = [&](int slot, const std::vector<int64_t>& batch,
                        const std::vector<int64_t>& contracting) {
      std::vector<int64_t> free;
      for (int64_t d = 0; d < typeOf(graph, slot).rank(); ++d)
        if (std::find(batch.begin(), batch.end(), d) == batch.end() &&
            std::find(contracting.begin(), contracting.end(), d) == contracting.end())
          free.push_back(d);
      return free;
    };
    auto lhsFree = freeDims(lhs, dims.lhsBatchingDimensions, dims.lhsContractingDimensions);
    auto rhsFree = freeDims(rhs, dims.rhsBatchingDimensions, dims.rhsContractingDimensions);
    const auto& outType = typeOf(graph, step.results[0]);
    int64_t batch = 1;
    for (int64_t d : dims.lhsBatchingDimensions)
      batch *= typeOf(graph, lhs).shape[static_cast<size_t>(d)];
    int64_t rows = outType.numElements() / batch;
    int64_t m = 1;
    for (int64_t d : lhsFree) m *= typeOf(graph, lhs).shape[static_cast<size_t>(d)];
    int64_t n = rows / m;
    std::vector<int64_t> outDims{batch, m, n}, outStrides{m * n, n, 1};
    fixUnitStrides(outDims, outStrides);
    DnnlView outView{resultSlot, 0, outDims, outStrides, {}};
    outView.type = outType.elementType;
    outView.slotType = typeOf(graph, resultSlot).elementType;
    memory::desc biasDesc;
    if (bias) {
      biasSlot_ = bias->vector;
      biasDesc = memory::desc({1, 1, n}, memory::data_type::f32, memory::dims{n, n, 1});
    }

    for (bool forceDense : {false, true}) {
      src_ = matmulArg(graph, lhs,
                       {dims.lhsBatchingDimensions, lhsFree, dims.lhsContractingDimensions},
                       forceDense);
      weights_ = matmulArg(graph, rhs,
                           {dims.rhsBatchingDimensions, dims.rhsContractingDimensions, rhsFree},
                           forceDense);
      dst_ = BoundArg(outView, outDims, outStrides);
      try {
        dnnl::matmul::desc desc =
            bias ? dnnl::matmul::desc(src_.plainDesc(), weights_.plainDesc(), biasDesc,
                                      dst_.plainDesc())
                 : dnnl::matmul::desc(src_.plainDesc(), weights_.plainDesc(), dst_.plainDesc());
        dnnl::matmul::primitive_desc pd(desc, userScratchpad(), context.engine);
        impl_ = pd.impl_info_str();
        // A reference implementation is far slower than copying the operands densely.
        if (!forceDense && impl_.find("ref") != std::string::npos) continue;
        src_.bind(pd.src_desc(), context, false);
        weights_.bind(pd.weights_desc(), context, false);
        dst_.bind(pd.dst_desc(), context, true);
        primitive_ = dnnl::matmul(pd);
        scratchpad_ = memory(pd.scratchpad_desc(), context.engine, DNNL_MEMORY_NONE);
        break;
      } catch (const dnnl::error&) {
        if (forceDense) throw;
      }
    }
    const int64_t k = typeOf(graph, lhs).numElements() / std::max<int64_t>(batch * m, 1);
    if (batch == 1 && !src_.dense() && !weights_.dense() && !dst_.converts() && !dst_.reordered() &&
        outType.elementType == ElementType::f32)
      splitContraction(context, contractionBlocks(k), m * n);
    args_ = {{DNNL_ARG_SRC, src_.inner()},
             {DNNL_ARG_WEIGHTS, weights_.inner()},
             {DNNL_ARG_DST, blocks_ > 1 ? partials_ : dst_.inner()},
             {DNNL_ARG_SCRATCHPAD, scratchpad_}};
    // The split primitive writes bare partial products; sumPartials adds the bias.
    if (bias && blocks_ == 1) {
      biasMemory_ = memory(biasDesc, context.engine, DNNL_MEMORY_NONE);
      args_[DNNL_ARG_BIAS] = biasMemory_;
    }
    scratchBytes = layOutScratch(scratchpad_.get_desc(), {&src_, &weights_, &dst_});
    partialsAt_ = scratchBytes;
    if (blocks_ > 1) scratchBytes += BufferPlan::aligned(partials_.get_desc().get_size());
    reads = {src_.slot(), weights_.slot()};
    if (bias) reads.push_back(bias->vector);
    writes = {resultSlot};
    text_ = "onednn matmul " + dimsText({batch, m, n}) + " k=" + std::to_string(k) +
            typesText(src_.type(), weights_.type(), dst_.type()) + " [" + impl_ + "]";
    if (bias) text_ += " bias(%" + std::to_string(bias->vector) + ")";
    if (blocks_ > 1) text_ += " " + std::to_string(blocks_) + " blocks of k summed in double";
    if (src_.dense()) text_ += " densecopy(lhs)";
    if (weights_.dense()) text_ += " densecopy(rhs)";
    if (src_.converts()) text_ += " convert(lhs %" + std::to_string(src_.slot()) + ")";
    if (weights_.converts()) text_ += " convert(rhs %" + std::to_string(weights_.slot()) + ")";
    if (dst_.converts()) text_ += " convert(result %" + std::to_string(resultSlot) + ")";
  }

  void run(RunState& state) override {
    scratchpad_.set_data_handle(state.scratch);
    src_.prepareInput(state, context_, threads_);
    weights_.prepareInput(state, context_, threads_);
    dst_.prepareOutput(state);
    if (blocks_ > 1) partials_.set_data_handle(state.scratch + partialsAt_);
    if (biasMemory_) biasMemory_.set_data_handle(state.slotData[static_cast<size_t>(biasSlot_)]);
    primitive_.execute(context_.stream, args_);
    dst_.finishOutput(context_);
    context_.stream.wait();
    if (blocks_ > 1) sumPartials(state);
  }

  std::string describe() const override { return text_; }

private:
  // Replaces the primitive by one over `blocks` batches of k (see contractionBlocks) writing
  // `blocks` partial results of `outputs` elements each; keeps it whole where that is 1 or oneDNN
  // has only its reference kernel for the split form.
  void splitContraction(DnnlContext& context, int64_t blocks, int64_t outputs) {
    if (blocks <= 1) return;
    BoundArg src = src_.splitIntoBatches(2, blocks), weights = weights_.splitIntoBatches(1, blocks);
    const memory::dims outDims = dst_.plainDesc().dims();
    memory::desc partials({blocks, outDims[1], outDims[2]}, memory::data_type::f32,
                          memory::dims{outputs, outDims[2], 1});
    dnnl::matmul::primitive_desc pd;
    try {
      pd = dnnl::matmul::primitive_desc(
          dnnl::matmul::desc(src.plainDesc(), weights.plainDesc(), partials), userScratchpad(),
          context.engine);
    } catch (const dnnl::error&) {
      return; // no batched form of these strides: the whole-k primitive stays
    }
    if (std::string(pd.impl_info_str()).find("ref") != std::string::npos ||
        pd.dst_desc() != partials)
      return;
    src.bind(pd.src_desc(), context, false);
    weights.bind(pd.weights_desc(), context, false);
    src_ = std::move(src);
    weights_ = std::move(weights);
    impl_ = pd.impl_info_str();
    primitive_ = dnnl::matmul(pd);
    scratchpad_ = memory(pd.scratchpad_desc(), context.engine, DNNL_MEMORY_NONE);
    partials_ = memory(partials, context.engine, DNNL_MEMORY_NONE);
    blocks_ = blocks;
    outputs_ = outputs;
  }

  // result = the partials' sum, each output rounded once, then the bias added as the graph's add
  // rounds it; a fixed order, so bit-reproducible.
  void sumPartials(RunState& state) {
    const auto* partials = reinterpret_cast<const float*>(state.scratch + partialsAt_);
    auto* out = reinterpret_cast<float*>(state.slotData[static_cast<size_t>(dst_.slot())]);
    const float* bias =
        biasSlot_ < 0
            ? nullptr
            : reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(biasSlot_)]);
    const int64_t n = dst_.plainDesc().dims()[2];
    constexpr int64_t kChunk = 256;
    const int64_t chunks = (outputs_ + kChunk - 1) / kChunk, blocks = blocks_, outputs = outputs_;
    const int nt = outputs_ >= kParallelElements ? threads_ : 1;
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
    for (int64_t c = 0; c < chunks; ++c) {
      const int64_t begin = c * kChunk, end = std::min(begin + kChunk, outputs);
      double sum[kChunk];
      for (int64_t i = begin; i < end; ++i) sum[i - begin] = partials[i];
      for (int64_t b = 1; b < blocks; ++b)
#pragma omp simd
        for (int64_t i = begin; i < end; ++i) sum[i - begin] += partials[b * outputs + i];
      for (int64_t i = begin; i < end; ++i) out[i] = static_cast<float>(sum[i - begin]);
      if (bias)
        for (int64_t i = begin; i < end; ++i) out[i] += bias[i % n];
    }
  }

  DnnlContext& context_;
  int threads_;
  BoundArg src_, weights_, dst_;
  dnnl::primitive primitive_;
  memory scratchpad_, partials_, biasMemory_;
  int biasSlot_ = -1;
  int64_t blocks_ = 1, outputs_ = 0;
  size_t partialsAt_ = 0;
  std::unordered_map<int, memory> args_;
  std::string impl_, text_;
};

} // namespace

// Which stablehlo.convolution attribute patterns become which oneDNN primitive (also in
// bench/README.md). All require productTypesSupported's element types (f32, or bf16 operands),
// rank 4 (two spatial dims), no empty dimension; any dimension_numbers are accepted (they become
// memory strides, not copies). The kernel may be read through a stablehlo.reverse of spatial dims
// only (and then through a convert from f32, as any bf16 operand may be); such a reverse and
// window_reversal both count as "reversed" per spatial dim (they cancel when both are present).
//  (b) backward-data: batch_group_count = 1, window_strides = 1, and lhs_dilation > 1 in some
//      dim OR the kernel reversed in both spatial dims and larger than 1x1. It is the transposed
//      convolution of a forward conv with stride = lhs_dilation, dilation = rhs_dilation,
//      kernel = the op's kernel un-reversed with its input/output feature roles swapped
//      (kernel_input_feature = forward O, kernel_output_feature = forward I), groups =
//      feature_group_count, padL = (k-1)*rd - padLow. This is exactly JAX's transpose of
//      conv_general_dilated w.r.t. its lhs.
//  (c) backward-weights: lhs_dilation = 1, feature_group_count = 1, the kernel not reversed, and
//      batch_group_count > 1 OR the kernel's spatial area exceeds the output's: lhs is the forward
//      input with its batch and feature dims swapped in the dimension numbers (input_batch = the
//      forward input's channels), rhs the output gradient (kernel_input_feature = its batch,
//      kernel_output_feature = its channels), window_strides = forward rhs dilation,
//      rhs_dilation = forward stride, padLow = forward padLow, groups = batch_group_count, the
//      result laid out as the weights (output_batch = I, output_feature = O). This is JAX's
//      transpose of conv_general_dilated w.r.t. its rhs.
//  (a) forward: lhs_dilation = 1, batch_group_count = 1, non-negative padding, anything else
//      (strides, asymmetric padding, rhs_dilation, feature_group_count incl. depthwise); a
//      partially reversed kernel is copied reversed before each run.
// Paddings that oneDNN cannot express (negative low padding) and every other case run on the
// generic kernel.
std::optional<ConvProblem> recognizeConvolution(const Graph& graph, const Step& step) {
  const ir::Op& op = *step.op;
  const auto& a = op.attrs;
  if (op.kind != ir::OpKind::convolution || !productTypesSupported(graph, step))
    return std::nullopt;
  if (typeOf(graph, step.operands[0]).rank() != 4) return std::nullopt;
  ConvOperands o = convOperands(graph, step);
  bool lhsDilated =
      std::any_of(a.lhsDilation.begin(), a.lhsDilation.end(), [](int64_t d) { return d > 1; });
  const auto& kernelShape = typeOf(graph, o.kernel).shape;
  const auto& outShape = typeOf(graph, o.out).shape;
  const auto& dn = a.conv;
  int64_t kernelArea = 1, outArea = 1;
  for (size_t d = 0; d < 2; ++d) {
    kernelArea *= kernelShape[static_cast<size_t>(dn.kernelSpatialDimensions[d])];
    outArea *= outShape[static_cast<size_t>(dn.outputSpatialDimensions[d])];
  }
  if (a.batchGroupCount == 1 && (lhsDilated || (o.reversed[0] && o.reversed[1]))) {
    // Without lhs_dilation the op is a plain forward convolution of a reversed kernel, run as one
    // where oneDNN's forward kernels beat its backward-data ones: a 1x1 kernel (reads the same
    // reversed or not), and bf16 on AMX, where oneDNN 2.6 has brgemm forward kernels but only the
    // older jit backward ones (the reversed kernel costs a dense copy of the weights;
    // bench/README.md, "Session 14").
    if (!lhsDilated &&
        (kernelArea == 1 || (typeOf(graph, o.kernel).elementType == ElementType::bf16 && hasAmx())))
      if (auto p = forwardProblem(graph, op, o)) return p;
    if (auto p = backwardDataProblem(graph, op, o)) return p;
  }
  if (lhsDilated) return std::nullopt;
  if (a.featureGroupCount == 1 && (a.batchGroupCount > 1 || kernelArea > outArea))
    if (auto p = backwardWeightsProblem(graph, op, o)) return p;
  if (a.batchGroupCount != 1) return std::nullopt;
  return forwardProblem(graph, op, o);
}

void assignLayouts(Graph& graph) {
  const size_t slots = graph.slots.size();
  std::vector<bool> viaStrides(slots, true); // every reader addresses the slot through strides
  for (int s : graph.outputs) viaStrides[static_cast<size_t>(s)] = false;
  std::vector<std::optional<ConvProblem>> problems(graph.steps.size());
  std::vector<bool> writesAnyLayout(graph.steps.size(), false);
  for (size_t i = 0; i < graph.steps.size(); ++i) {
    const Step& step = graph.steps[i];
    if (!step.live) continue;
    if (step.op->kind == ir::OpKind::convolution) problems[i] = recognizeConvolution(graph, step);
    writesAnyLayout[i] = problems[i] || fusesWithStrides(graph, step) || fusesAsPieces(step) ||
                         isPlanarPooling(graph, step);
    if (!writesAnyLayout[i])
      for (int s : step.operands) viaStrides[static_cast<size_t>(s)] = false;
  }
  auto eligible = [&](int s) {
    const Slot& slot = graph.slots[static_cast<size_t>(s)];
    const ElementType t = slot.type.elementType;
    return slot.kind == Slot::Kind::Computed && (t == ElementType::f32 || t == ElementType::bf16) &&
           slot.type.rank() == 4 && slot.layout.empty() && viaStrides[static_cast<size_t>(s)] &&
           writesAnyLayout[static_cast<size_t>(slot.producer)];
  };
  for (size_t i = 0; i < graph.steps.size(); ++i) {
    if (!problems[i]) continue;
    for (const DnnlView* v : {&problems[i]->src, &problems[i]->dst}) {
      if (!eligible(v->slot) || v->tensorDims.size() != 4 || v->offset != 0) continue;
      const auto& d = v->tensorDims; // batch, channels, spatial, spatial
      graph.slots[static_cast<size_t>(v->slot)].layout = {d[0], d[2], d[3], d[1]};
    }
  }
  // Elementwise chains between them (batch norm, activations, their gradients) follow the
  // layout of an operand of the same shape, so their loops read and write contiguously. Ops
  // whose dims keep their meaning (concatenate, pad, slice, reverse) follow their first operand
  // with a layout whatever its shape: a channel concatenate of channels-last activations stays
  // channels-last for the convolution that reads it.
  for (size_t i = 0; i < graph.steps.size(); ++i) {
    const Step& step = graph.steps[i];
    if (problems[i] || !writesAnyLayout[i] || !eligible(step.results[0])) continue;
    Slot& result = graph.slots[static_cast<size_t>(step.results[0])];
    const ir::OpKind k = step.op->kind;
    const bool keepsDims = k == ir::OpKind::concatenate || k == ir::OpKind::pad ||
                           k == ir::OpKind::slice || k == ir::OpKind::reverse;
    for (int s : step.operands) {
      const Slot& operand = graph.slots[static_cast<size_t>(s)];
      if (!operand.layout.empty() && (keepsDims || operand.type.shape == result.type.shape)) {
        result.layout = operand.layout;
        break;
      }
    }
  }
}

std::unique_ptr<Kernel> makeConvKernel(const ConvProblem& problem, DnnlContext& context,
                                       const ConvOptions& options) {
  if (auto kernel = makeIm2colWeightsKernel(problem, context, options.threads)) return kernel;
  if (auto kernel = makeDepthwiseWeightsKernel(problem, options.threads)) return kernel;
  return std::make_unique<ConvKernel>(problem, context, options);
}

std::unique_ptr<Kernel> withEpilogue(const Kernel& plain, const ConvProblem& problem,
                                     DnnlContext& context, const ConvOptions& options,
                                     const ConvEpilogue& epilogue) {
  const auto* conv = dynamic_cast<const ConvKernel*>(&plain);
  if (!conv) return nullptr;
  ConvProblem fused = problem;
  fused.dst.slot = epilogue.result;
  fused.dst.type = fused.dst.slotType = ElementType::bf16;
  try {
    auto kernel = std::make_unique<ConvKernel>(fused, context, options, *conv, epilogue);
    // A jit kernel, not necessarily the plain one's: oneDNN 2.6's brgemm 1x1 kernels take no
    // residual (a post-op operand of the destination's shape) and its jit 1x1 ones do; five
    // nets' bf16 evals ran alike with and without those (bench/README.md, "Stop 58"). Its
    // reference or gemm ones would cost more than the loop.
    const std::string& impl = kernel->impl();
    if (impl == conv->impl() ||
        (impl.find("ref") == std::string::npos && impl.find("gemm") == std::string::npos))
      return kernel;
  } catch (const dnnl::error&) {
  }
  return nullptr;
}

std::unique_ptr<Kernel> makeMatmulKernel(const Graph& graph, const Step& step, DnnlContext& context,
                                         int threads, std::optional<MatmulBias> bias) {
  if (step.op->kind != ir::OpKind::dot_general || !productTypesSupported(graph, step))
    return nullptr;
  return std::make_unique<MatmulKernel>(graph, step, context, threads, bias);
}

} // namespace hlotrain::cpu::plan

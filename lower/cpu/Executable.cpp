// The fast path: composes the planning passes of Plan.h, Fusion.h and OneDnn.h into one plan,
// and runs it. Every op without a fast kernel runs through the reference interpreter's
// evaluateOp, so the fast path executes everything the reference does.

#include "lower/cpu/Executable.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <omp.h>
#include <optional>
#include <sys/mman.h>
#include <type_traits>

#include "lower/cpu/ConvEpilogue.h"
#include "lower/cpu/Fusion.h"
#include "lower/cpu/GraphMatcher.h"
#include "lower/cpu/Interpreter.h"
#include "lower/cpu/OneDnn.h"
#include "lower/cpu/Plan.h"
#include "lower/cpu/ReferenceScalar.h"
#include "lower/cpu/RowKernels.h"
#include "lower/cpu/Rows.h"
#include "lower/cpu/Windows.h"
#include "support/Error.h"

namespace hlotrain::cpu {

namespace {

using namespace plan;
using ir::ElementType;
using ir::OpKind;

bool envSaysOff(const char* name) {
  const char* value = std::getenv(name);
  return value && std::string_view(value) == "0";
}

// Any op, through the reference interpreter. Operand tensors are kept between runs; the results
// evaluateOp returns are its own allocation (the one exception to "no allocation in run()").
class GenericKernel : public Kernel {
public:
  GenericKernel(const Graph& graph, const Step& step, const ir::Module& module,
                const Replica& replica)
      : op_(*step.op), module_(module), replica_(replica) {
    reads = step.operands;
    writes = step.results;
    for (int s : step.operands) operands_.emplace_back(graph.slots[static_cast<size_t>(s)].type);
  }

  void run(RunState& state) override {
    for (size_t i = 0; i < operands_.size(); ++i)
      copyBytes(operands_[i].bytes(), state.slotData[static_cast<size_t>(reads[i])],
                operands_[i].byteSize());
    std::vector<ir::Tensor> results = evaluateOp(op_, operands_, &module_, state.checks, replica_);
    for (size_t i = 0; i < results.size() && i < writes.size(); ++i)
      copyBytes(state.slotData[static_cast<size_t>(writes[i])], results[i].bytes(),
                results[i].byteSize());
  }

  std::string describe() const override { return "generic " + std::string(ir::opName(op_.kind)); }

private:
  static void copyBytes(uint8_t* dst, const uint8_t* src, size_t n) {
    if (n > 0) std::memcpy(dst, src, n);
  }

  const ir::Op& op_;
  const ir::Module& module_;
  const Replica replica_;
  std::vector<ir::Tensor> operands_;
};

// A reduce of one f32 input with a simple combiner. The input is walked once in memory order,
// accumulating into the result, with neighbouring dims of the same kind (reduced or kept) merged.
class ReduceKernel : public Kernel {
public:
  ReduceKernel(const Graph& graph, const Step& step, OpKind combiner, int threads)
      : combiner_(combiner), threads_(threads) {
    reads = step.operands;
    writes = step.results;
    const auto& shape = graph.slots[static_cast<size_t>(step.operands[0])].type.shape;
    const auto& reduced = step.op->attrs.dimensions;
    for (size_t d = 0; d < shape.size(); ++d) {
      bool r = std::find(reduced.begin(), reduced.end(), static_cast<int64_t>(d)) != reduced.end();
      if (shape[d] == 1) continue;
      if (!dims_.empty() && dims_.back().reduced == r)
        dims_.back().size *= shape[d];
      else
        dims_.push_back({shape[d], r, 0});
    }
    if (dims_.empty()) dims_.push_back({1, false, 0});
    int64_t outStride = 1;
    for (size_t d = dims_.size(); d-- > 0;) {
      if (dims_[d].reduced) continue;
      dims_[d].outStride = outStride;
      outStride *= dims_[d].size;
    }
    outElements_ = outStride;
    if (combiner_ == OpKind::add) sums_.resize(static_cast<size_t>(outElements_));
    inElements_ = graph.slots[static_cast<size_t>(step.operands[0])].type.numElements();
  }

  void run(RunState& state) override {
    switch (combiner_) {
    case OpKind::add:
      return reduce<double>(state, [](double a, double b) { return a + b; });
    case OpKind::multiply:
      return reduce<float>(state, [](float a, float b) { return a * b; });
    case OpKind::maximum:
      return reduce<float>(state, ref::maximum<float>);
    default:
      return reduce<float>(state, ref::minimum<float>);
    }
  }

  std::string describe() const override {
    std::string shape;
    for (const Dim& d : dims_)
      shape += (shape.empty() ? "" : "x") + std::to_string(d.size) + (d.reduced ? "r" : "");
    return "reduce " + std::string(ir::opName(combiner_).substr(10)) + " [" + shape + "]";
  }

private:
  struct Dim {
    int64_t size;
    bool reduced;
    int64_t outStride;
  };

  // Rows of the innermost merged dim either accumulate elementwise into the result (kept) or
  // fold into one result element (reduced); outer kept dims are split between threads. Sums
  // accumulate in double (Acc), as the fused reduces do (lower/cpu/FusionKernels.cpp): one float
  // rounding at the end instead of one per term; the others accumulate in the result itself.
  template <class Acc, class F> void reduce(RunState& state, F f) {
    const float* in = reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(reads[0])]);
    float init = *reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(reads[1])]);
    float* out = reinterpret_cast<float*>(state.slotData[static_cast<size_t>(writes[0])]);
    Acc* acc = nullptr;
    if constexpr (std::is_same_v<Acc, float>)
      acc = out;
    else
      acc = sums_.data();
    std::fill(acc, acc + outElements_, Acc(init));
    if (inElements_ > 0) {
      const int64_t inner = dims_.back().size;
      const bool innerReduced = dims_.back().reduced;
      const int64_t rows = inElements_ / inner;
      const bool split = !dims_.front().reduced && dims_.size() > 1;
      const int nt = split && inElements_ >= kParallelElements ? threads_ : 1;
      const int64_t parts = nt > 1 ? dims_.front().size : 1;
      const int64_t perPart = rows / parts;
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
      for (int64_t part = 0; part < parts; ++part) {
        for (int64_t row = part * perPart; row < (part + 1) * perPart; ++row) {
          int64_t o = 0, rest = row;
          for (size_t d = dims_.size() - 1; d-- > 0;) {
            o += (rest % dims_[d].size) * dims_[d].outStride;
            rest /= dims_[d].size;
          }
          const float* src = in + row * inner;
          Acc* dst = acc + o;
          if (innerReduced)
            *dst = f(*dst, foldRow<Acc>(src, inner, f));
          else
            for (int64_t j = 0; j < inner; ++j) dst[j] = f(dst[j], src[j]);
        }
      }
    }
    if constexpr (!std::is_same_v<Acc, float>) std::copy(acc, acc + outElements_, out);
  }

  // Eight partial accumulators let the compiler vectorize the fold.
  template <class Acc, class F> static Acc foldRow(const float* row, int64_t n, F f) {
    if (n < 16) {
      Acc acc = row[0];
      for (int64_t j = 1; j < n; ++j) acc = f(acc, row[j]);
      return acc;
    }
    Acc acc[8];
    for (int k = 0; k < 8; ++k) acc[k] = row[k];
    int64_t j = 8;
    for (; j + 8 <= n; j += 8)
      for (int k = 0; k < 8; ++k) acc[k] = f(acc[k], row[j + k]);
    for (; j < n; ++j) acc[0] = f(acc[0], row[j]);
    for (int k = 1; k < 8; ++k) acc[0] = f(acc[0], acc[k]);
    return acc[0];
  }

  OpKind combiner_;
  int threads_;
  std::vector<Dim> dims_;
  int64_t outElements_ = 1, inElements_ = 0;
  std::vector<double> sums_; // a sum's partial results (outElements_), kept between runs
};

std::unique_ptr<Kernel> makeReduceKernel(const Graph& graph, const Step& step, int threads) {
  const ir::Op& op = *step.op;
  if (op.operands.size() != 2 || op.regions.size() != 1 || !op.regions[0]) return nullptr;
  auto combiner = binaryBodyKind(*op.regions[0]);
  if (!combiner) return nullptr;
  for (int s : step.operands)
    if (graph.slots[static_cast<size_t>(s)].type.elementType != ElementType::f32) return nullptr;
  return std::make_unique<ReduceKernel>(graph, step, *combiner, threads);
}

struct AlignedFree {
  void operator()(uint8_t* p) const { std::free(p); }
};
using AlignedBuffer = std::unique_ptr<uint8_t, AlignedFree>;

// The arena is streamed through by every kernel: in 2 MiB pages (where the kernel lends them on
// request) a pass over a large activation misses the TLB once per 2 MiB instead of per 4 KiB.
AlignedBuffer allocateArena(size_t bytes) {
  constexpr size_t kHugePage = size_t(2) << 20;
  const size_t align = bytes >= kHugePage ? kHugePage : 64;
  size_t rounded = std::max<size_t>((bytes + align - 1) / align * align, align);
  auto* p = static_cast<uint8_t*>(std::aligned_alloc(align, rounded));
  if (!p) throw RuntimeError("cpu: cannot allocate " + std::to_string(bytes) + " bytes");
  if (align == kHugePage) madvise(p, rounded, MADV_HUGEPAGE);
  return AlignedBuffer(p);
}

// HLOTRAIN_PROFILE=1: time every kernel (the first run, a warm-up, is not counted) and print
// the totals per kind of kernel and the 40 costliest kernels to stderr when the plan is
// destroyed; HLOTRAIN_PROFILE=all prints every kernel (a breakdown by shape needs them all: the
// costliest alone are biased to the slow instances of a shape).
class Profile {
public:
  Profile(size_t kernels, size_t shown) : seconds_(kernels, 0.0), shown_(shown) {}

  template <class F> void time(size_t kernel, F run) {
    auto start = std::chrono::steady_clock::now();
    run();
    if (runs_ > 0)
      seconds_[kernel] +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  void endRun() { ++runs_; }

  void print(const std::vector<std::unique_ptr<Kernel>>& kernels) const {
    if (runs_ < 2) return;
    const double runs = double(runs_ - 1);
    std::map<std::string, std::pair<double, int>> byKind;
    double total = 0;
    for (size_t k = 0; k < kernels.size(); ++k) {
      auto& entry = byKind[kind(kernels[k]->describe())];
      entry.first += seconds_[k];
      ++entry.second;
      total += seconds_[k];
    }
    std::vector<std::pair<double, std::string>> kinds;
    for (auto& [name, entry] : byKind)
      kinds.push_back({entry.first, name + " (" + std::to_string(entry.second) + ")"});
    std::sort(kinds.rbegin(), kinds.rend());
    std::fprintf(stderr, "HLOTRAIN_PROFILE: %.2f ms per run over %d runs (first run not counted)\n",
                 1e3 * total / runs, runs_ - 1);
    for (auto& [s, name] : kinds)
      std::fprintf(stderr, "  %9.2f ms %5.1f%%  %s\n", 1e3 * s / runs, 100 * s / total,
                   name.c_str());
    std::vector<std::pair<double, size_t>> costliest;
    for (size_t k = 0; k < kernels.size(); ++k) costliest.push_back({seconds_[k], k});
    std::sort(costliest.rbegin(), costliest.rend());
    costliest.resize(std::min(costliest.size(), shown_));
    std::fprintf(stderr, "  costliest kernels:\n");
    for (auto& [s, k] : costliest)
      std::fprintf(stderr, "  %9.2f ms  #%zu %s\n", 1e3 * s / runs, k,
                   kernels[k]->describe().substr(0, 160).c_str());
  }

private:
  // The leading words of a kernel's description, up to the first with a digit or bracket.
  static std::string kind(const std::string& text) {
    std::string out;
    size_t at = 0;
    for (int words = 0; words < 3 && at < text.size(); ++words) {
      size_t end = std::min(text.find(' ', at), text.size());
      std::string word = text.substr(at, end - at);
      if (word.find_first_of("0123456789[(") != std::string::npos) break;
      out += (out.empty() ? "" : " ") + word;
      at = end + 1;
    }
    return out;
  }

  std::vector<double> seconds_;
  size_t shown_; // kernels listed after the totals by kind
  int runs_ = 0;
};

class FastExecutable : public Executable {
public:
  FastExecutable(const ir::Module& module, const ir::Function& function, CompileOptions options)
      : module_(module), function_(function), threads_(std::max(options.threads, 1)),
        winograd_(options.winograd && !envSaysOff("HLOTRAIN_WINOGRAD")),
        blockedForward_(options.blockedForward && !envSaysOff("HLOTRAIN_BLOCKED_FORWARD")),
        vectorLoops_(options.vectorLoops && !envSaysOff("HLOTRAIN_VECTOR_LOOPS")),
        rowKernels_(vectorLoops_ && options.rowKernels && !envSaysOff("HLOTRAIN_ROW_KERNELS")),
        convEpilogues_(options.convEpilogues && !envSaysOff("HLOTRAIN_CONV_EPILOGUES")),
        replica_(options.replica) {
    graph_ = flatten(module, function);
    log_ += "flatten: " + std::to_string(graph_.steps.size()) + " steps, " +
            std::to_string(graph_.slots.size()) + " slots\n";
    mergeDuplicateConverts(graph_);
    std::vector<std::unique_ptr<Kernel>> kernelAt(graph_.steps.size());
    assignLayouts(graph_);
    const std::map<int, ConvProblem> forwardConvolutions = selectContractions(kernelAt);
    eliminateDeadSteps(graph_);
    if (rowKernels_) planRowKernels(graph_, kernelAt, threads_);
    if (convEpilogues_) planConvEpilogues(forwardConvolutions, kernelAt);
    std::vector<bool> claimed(graph_.steps.size(), false);
    for (size_t i = 0; i < kernelAt.size(); ++i) claimed[i] = kernelAt[i] != nullptr;
    auto groups = fuseElementwise(graph_, claimed, {threads_, vectorLoops_});
    log_ += "fuse: " + std::to_string(groups.size()) + " loops\n";
    for (auto& group : groups)
      kernelAt[static_cast<size_t>(group.rootStep)] = std::move(group.kernel);
    for (size_t i = 0; i < graph_.steps.size(); ++i) {
      const Step& step = graph_.steps[i];
      if (!step.live || claimed[i]) continue;
      if (step.op->kind == OpKind::reduce) kernelAt[i] = makeReduceKernel(graph_, step, threads_);
      if (step.op->kind == OpKind::reduce_window)
        kernelAt[i] = makeReduceWindowKernel(graph_, step, threads_);
      if (step.op->kind == OpKind::select_and_scatter)
        kernelAt[i] = makeSelectAndScatterKernel(graph_, step, threads_);
      if (step.op->kind == OpKind::gather) kernelAt[i] = makeRowGatherKernel(graph_, step);
      if (step.op->kind == OpKind::scatter) kernelAt[i] = makeRowScatterAddKernel(graph_, step);
      if (!kernelAt[i])
        kernelAt[i] = std::make_unique<GenericKernel>(graph_, step, module_, replica_);
    }
    for (size_t i = 0; i < kernelAt.size(); ++i)
      if (kernelAt[i] && graph_.steps[i].live) kernels_.push_back(std::move(kernelAt[i]));
    buffers_ = assignBuffers(graph_, kernels_);
    // Pages of the arena are only resident once a run touches them.
    arena_ = allocateArena(buffers_.arenaBytes);
    state_.slotData.assign(graph_.slots.size(), nullptr);
    for (size_t s = 0; s < graph_.slots.size(); ++s) {
      const Slot& slot = graph_.slots[s];
      if (slot.kind == Slot::Kind::Constant)
        state_.slotData[s] = const_cast<uint8_t*>(slot.constant->bytes());
      else if (buffers_.slotOffset[s] >= 0)
        state_.slotData[s] = arena_.get() + buffers_.slotOffset[s];
    }
    if (const char* env = std::getenv("HLOTRAIN_PROFILE"))
      if (std::string_view mode(env); mode == "1" || mode == "all")
        profile_ = std::make_unique<Profile>(kernels_.size(), mode == "1" ? 40 : kernels_.size());
  }

  ~FastExecutable() override {
    if (profile_) profile_->print(kernels_);
  }

  std::vector<ir::Tensor> run(std::span<const ir::Tensor> inputs, CheckLog* checks) override {
    bindInputs(inputs);
    std::vector<ir::Tensor> outputs(graph_.outputs.size());
    std::vector<bool> copyAfter(outputs.size(), false);
    for (size_t i = 0; i < outputs.size(); ++i) copyAfter[i] = !bindOutput(outputs, i);
    execute(outputs, copyAfter, checks);
    return outputs;
  }

  std::vector<ir::Tensor> runDonating(std::span<ir::Tensor> inputs,
                                      const std::vector<bool>& donated, CheckLog* checks) override {
    if (donated.size() != inputs.size())
      throw RuntimeError("@" + function_.name + ": " + std::to_string(donated.size()) +
                         " donation flags for " + std::to_string(inputs.size()) + " arguments");
    bindInputs(inputs);
    if (!donatedFlags_ || donated != *donatedFlags_) {
      donors_ = planDonors(donated);
      donatedFlags_ = donated;
    }
    std::vector<ir::Tensor> outputs(graph_.outputs.size());
    std::vector<bool> copyAfter(outputs.size(), false);
    for (size_t i = 0; i < outputs.size(); ++i) {
      auto slot = static_cast<size_t>(graph_.outputs[i]);
      if (donors_[i] < 0) {
        copyAfter[i] = !bindOutput(outputs, i);
        continue;
      }
      // Moving a tensor keeps its bytes where they are, so a returned input stays bound.
      outputs[i] = std::move(inputs[static_cast<size_t>(donors_[i])]);
      state_.slotData[slot] = outputs[i].bytes();
    }
    execute(outputs, copyAfter, checks);
    for (size_t i = 0; i < inputs.size(); ++i)
      if (donated[i]) inputs[i] = ir::Tensor();
    return outputs;
  }

  std::string dumpPlan() const override {
    std::string text =
        "plan for @" + function_.name + " (" + std::to_string(threads_) + " threads)\n" + log_;
    for (size_t k = 0; k < kernels_.size(); ++k) {
      const Kernel& kernel = *kernels_[k];
      text += "  #" + std::to_string(k) + " ";
      for (int s : kernel.writes) text += describeSlot(graph_, s) + bufferText(s) + " ";
      text += "= " + kernel.describe() + " (";
      for (size_t i = 0; i < kernel.reads.size(); ++i)
        text += (i ? ", %" : "%") + std::to_string(kernel.reads[i]);
      text += ")\n";
    }
    text += "arena: " + std::to_string(buffers_.arenaBytes) + " bytes (peak live " +
            std::to_string(buffers_.peakLiveBytes) + ", largest kernel scratch " +
            std::to_string(buffers_.largestScratchBytes) + ")\noutputs:";
    for (int s : graph_.outputs) text += " %" + std::to_string(s);
    return text + "\n";
  }

private:
  std::string bufferText(int slot) const {
    int64_t offset = buffers_.slotOffset[static_cast<size_t>(slot)];
    return offset < 0 ? "" : "@" + std::to_string(offset);
  }

  void bindInputs(std::span<const ir::Tensor> inputs) {
    if (inputs.size() != graph_.inputs.size())
      throw RuntimeError("@" + function_.name + " takes " + std::to_string(graph_.inputs.size()) +
                         " arguments, got " + std::to_string(inputs.size()));
    for (size_t i = 0; i < inputs.size(); ++i) {
      int slot = graph_.inputs[i];
      const auto& expected = graph_.slots[static_cast<size_t>(slot)].type;
      if (inputs[i].type() != expected)
        throw RuntimeError("@" + function_.name + " argument #" + std::to_string(i) +
                           ": expected " + ir::toString(expected) + ", got " +
                           ir::toString(inputs[i].type()));
      state_.slotData[static_cast<size_t>(slot)] = const_cast<uint8_t*>(inputs[i].bytes());
    }
  }

  // Whether result `i` is a computed value returned for the first time: its kernel can write it
  // straight into the returned tensor.
  bool firstComputedResult(size_t i) const {
    auto begin = graph_.outputs.begin(), at = begin + static_cast<std::ptrdiff_t>(i);
    return graph_.slots[static_cast<size_t>(graph_.outputs[i])].kind == Slot::Kind::Computed &&
           std::find(begin, at, graph_.outputs[i]) == at;
  }

  // Allocates result `i`; a computed value returned for the first time is written in place by
  // its kernel (returns true), the others are copied after the run.
  bool bindOutput(std::vector<ir::Tensor>& outputs, size_t i) {
    auto slot = static_cast<size_t>(graph_.outputs[i]);
    outputs[i] = ir::Tensor(graph_.slots[slot].type);
    if (!firstComputedResult(i)) return false;
    state_.slotData[slot] = outputs[i].bytes();
    return true;
  }

  void execute(std::vector<ir::Tensor>& outputs, const std::vector<bool>& copyAfter,
               CheckLog* checks) {
    state_.checks = checks;
    int previousThreads = omp_get_max_threads();
    omp_set_num_threads(threads_);
    struct Restore {
      int threads;
      ~Restore() { omp_set_num_threads(threads); }
    } restore{previousThreads};
    for (size_t k = 0; k < kernels_.size(); ++k) {
      int64_t scratch = buffers_.scratchOffset[k];
      state_.scratch = scratch < 0 ? nullptr : arena_.get() + scratch;
      if (profile_)
        profile_->time(k, [&] { kernels_[k]->run(state_); });
      else
        kernels_[k]->run(state_);
    }
    if (profile_) profile_->endRun();
    for (size_t i = 0; i < outputs.size(); ++i)
      if (copyAfter[i] && outputs[i].byteSize() > 0)
        std::memcpy(outputs[i].bytes(), state_.slotData[static_cast<size_t>(graph_.outputs[i])],
                    outputs[i].byteSize());
  }

  // For each result, the donated input whose storage it is returned in, or -1. A donated input
  // that is itself returned is that result; otherwise a computed result of the same type takes
  // an input that no kernel reads after the result's writer, or that the writer reads in place
  // (preferred: the optimizer's update of that very input). Inputs returned as they are never
  // hold another result.
  std::vector<int> planDonors(const std::vector<bool>& donated) const {
    const size_t numSlots = graph_.slots.size();
    std::vector<int> lastReader(numSlots, -1), writer(numSlots, -1);
    for (size_t k = 0; k < kernels_.size(); ++k) {
      for (int s : kernels_[k]->reads) lastReader[static_cast<size_t>(s)] = static_cast<int>(k);
      for (int s : kernels_[k]->writes)
        if (writer[static_cast<size_t>(s)] < 0)
          writer[static_cast<size_t>(s)] = static_cast<int>(k);
    }
    std::vector<bool> returned(numSlots, false), taken(graph_.inputs.size(), false);
    for (int s : graph_.outputs) returned[static_cast<size_t>(s)] = true;
    std::vector<int> donors(graph_.outputs.size(), -1);
    for (size_t i = 0; i < graph_.outputs.size(); ++i) {
      const Slot& slot = graph_.slots[static_cast<size_t>(graph_.outputs[i])];
      if (slot.kind != Slot::Kind::Input) continue;
      auto input = static_cast<size_t>(slot.input);
      if (!donated[input] || taken[input]) continue;
      donors[i] = slot.input;
      taken[input] = true;
    }
    for (size_t i = 0; i < graph_.outputs.size(); ++i) {
      const int out = graph_.outputs[i];
      const int w = writer[static_cast<size_t>(out)];
      if (!firstComputedResult(i) || w < 0) continue;
      int pick = -1;
      for (size_t j = 0; j < graph_.inputs.size(); ++j) {
        auto in = static_cast<size_t>(graph_.inputs[j]);
        if (!donated[j] || taken[j] || returned[in] ||
            graph_.slots[in].type != graph_.slots[static_cast<size_t>(out)].type)
          continue;
        const int r = lastReader[in];
        const bool inPlace =
            r == w && kernels_[static_cast<size_t>(w)]->readsInPlace(static_cast<int>(in));
        if (r >= w && !inPlace) continue;
        if (pick < 0 || inPlace) pick = static_cast<int>(j);
        if (inPlace) break;
      }
      if (pick < 0) continue;
      donors[i] = pick;
      taken[static_cast<size_t>(pick)] = true;
    }
    return donors;
  }

  // transpose(dot_general(a, b)) of 2-D operands without batch dims, where the transpose is the
  // product's only reader (as autodiff writes a dense layer's weight gradient): the matmul
  // dot_general(b, a) writes the transposed result directly, so no later loop reads it strided.
  std::optional<Step> transposedProduct(const Step& step, const std::vector<int>& uses) {
    if (step.op->kind != OpKind::transpose ||
        step.op->attrs.dimensions != std::vector<int64_t>{1, 0})
      return std::nullopt;
    const Slot& product = graph_.slots[static_cast<size_t>(step.operands[0])];
    if (product.kind != Slot::Kind::Computed || uses[static_cast<size_t>(step.operands[0])] != 1 ||
        std::find(graph_.outputs.begin(), graph_.outputs.end(), step.operands[0]) !=
            graph_.outputs.end())
      return std::nullopt;
    const Step& dot = graph_.steps[static_cast<size_t>(product.producer)];
    const ir::DotDimensionNumbers& d = dot.op->attrs.dot;
    if (dot.op->kind != OpKind::dot_general || !dot.live || !d.lhsBatchingDimensions.empty() ||
        product.type.rank() != 2)
      return std::nullopt;
    auto swapped = std::make_unique<ir::Op>();
    swapped->kind = OpKind::dot_general;
    swapped->attrs.dot.lhsContractingDimensions = d.rhsContractingDimensions;
    swapped->attrs.dot.rhsContractingDimensions = d.lhsContractingDimensions;
    Step result{swapped.get(), {dot.operands[1], dot.operands[0]}, step.results, true};
    synthesized_.push_back(std::move(swapped));
    return result;
  }

  // Mixed precision runs on bf16 matrix instructions or not at all: oneDNN would emulate bf16
  // products many times slower than f32 ones on a CPU without them.
  void requireBf16MatrixUnits() const {
    for (size_t i = 0; i < graph_.steps.size(); ++i) {
      const Step& step = graph_.steps[i];
      if (!step.live || !isProduct(step)) continue;
      bool bf16 = false;
      for (int s : step.operands)
        bf16 = bf16 || graph_.slots[static_cast<size_t>(s)].type.elementType == ElementType::bf16;
      if (bf16 && !hasBf16MatrixUnits())
        throw UnsupportedError("cpu: step " + std::to_string(i) + " (" +
                               std::string(ir::opName(step.op->kind)) +
                               ") multiplies bf16, but this CPU has no bf16 matrix instructions "
                               "(oneDNN ISA " +
                               effectiveIsaName() + "); run f32");
    }
  }

  // The convert(bf16 -> f32) that is the only reader of a bf16 product's result (which is no
  // function output), or -1. A weights gradient is computed in oneDNN's blocked layout, so its
  // output reorder converts too (the kernel writes the convert's result). An activation or matmul
  // result is written in its own layout, and a fused loop reading it widens bf16 as it loads.
  int soleWideningConvert(const Step& step, const std::vector<int>& uses,
                          const std::vector<int>& readerOf) const {
    const int result = step.results[0];
    const auto r = static_cast<size_t>(result);
    if (graph_.slots[r].type.elementType != ElementType::bf16 || uses[r] != 1 || readerOf[r] < 0)
      return -1;
    const Step& reader = graph_.steps[static_cast<size_t>(readerOf[r])];
    if (reader.op->kind != OpKind::convert ||
        graph_.slots[static_cast<size_t>(reader.results[0])].type.elementType != ElementType::f32)
      return -1;
    return readerOf[r];
  }

  // The add(product, broadcast of an f32 vector along the last dim) that is the only reader of
  // an f32 product's result (which is no function output), laid out as the product: its step,
  // and the bias it is to the product's matmul.
  struct BiasAdd {
    int step;
    MatmulBias bias;
  };
  std::optional<BiasAdd> soleBiasAdd(const Step& step, const std::vector<int>& uses,
                                     const std::vector<int>& readerOf) const {
    const int result = step.results[0];
    const auto r = static_cast<size_t>(result);
    const Slot& product = graph_.slots[r];
    if (!step.live || product.type.elementType != ElementType::f32 || product.type.rank() == 0 ||
        uses[r] != 1 || readerOf[r] < 0)
      return std::nullopt;
    const Step& add = graph_.steps[static_cast<size_t>(readerOf[r])];
    if (add.op->kind != OpKind::add || add.operands[0] == add.operands[1]) return std::nullopt;
    const Slot& sum = graph_.slots[static_cast<size_t>(add.results[0])];
    if (sum.type != product.type || slotStrides(sum) != slotStrides(product)) return std::nullopt;
    const Slot& broadcast =
        graph_.slots[static_cast<size_t>(add.operands[add.operands[0] == result ? 1 : 0])];
    if (broadcast.kind != Slot::Kind::Computed) return std::nullopt;
    const Step& view = graph_.steps[static_cast<size_t>(broadcast.producer)];
    const int64_t last = product.type.rank() - 1;
    if (view.op->kind != OpKind::broadcast_in_dim ||
        view.op->attrs.dimensions != std::vector<int64_t>{last})
      return std::nullopt;
    const auto& vector = graph_.slots[static_cast<size_t>(view.operands[0])].type;
    if (vector.elementType != ElementType::f32 || vector.rank() != 1 ||
        vector.shape[0] != product.type.shape[static_cast<size_t>(last)])
      return std::nullopt;
    return BiasAdd{readerOf[r], {view.operands[0], add.results[0]}};
  }

  ConvOptions convOptions() const { return {threads_, winograd_, blockedForward_}; }

  // Gives each forward convolution (by step, the problem its kernel was made for) its epilogue
  // (ConvEpilogue.h) among the steps no kernel has taken: after the row kernels, which take the
  // layer norm gradient's dy·γ, a product's multiply an epilogue would take too. A convolution
  // with its epilogue moves to the epilogue's last step (the vectors and the residual it reads
  // are computed by then), which becomes that convolution making the epilogue's result; its own
  // step and the others die.
  void planConvEpilogues(const std::map<int, ConvProblem>& forwardConvolutions,
                         std::vector<std::unique_ptr<Kernel>>& kernelAt) {
    std::vector<bool> taken(kernelAt.size());
    for (size_t i = 0; i < kernelAt.size(); ++i) taken[i] = kernelAt[i] != nullptr;
    bool fused = false;
    for (const auto& [conv, problem] : forwardConvolutions) {
      const auto at = static_cast<size_t>(conv);
      if (!kernelAt[at] || !graph_.steps[at].live) continue;
      const std::optional<ConvEpilogue> epilogue =
          recognizeEpilogue(GraphMatcher(graph_), conv, problem, taken);
      if (!epilogue) continue;
      std::unique_ptr<Kernel> kernel =
          withEpilogue(*kernelAt[at], problem, dnnl_, convOptions(), *epilogue);
      if (!kernel) continue;
      const auto end = static_cast<size_t>(epilogue->steps.back());
      graph_.steps[at].live = false;
      for (int s : epilogue->steps) graph_.steps[static_cast<size_t>(s)].live = false;
      Step& step = graph_.steps[end];
      step.op = graph_.steps[at].op;
      step.live = true;
      step.operands = kernel->reads;
      step.results = kernel->writes;
      graph_.slots[static_cast<size_t>(epilogue->result)].producer = static_cast<int>(end);
      kernelAt[at].reset();
      kernelAt[end] = std::move(kernel);
      taken[end] = true;
      fused = true;
      log_ += "fused steps " + std::to_string(epilogue->steps.front()) + ".." +
              std::to_string(end) + " into the convolution of step " + std::to_string(conv) + "\n";
    }
    if (fused) eliminateDeadSteps(graph_);
  }

  // Makes the kernels of the products; returns the forward convolutions' problems by step.
  std::map<int, ConvProblem> selectContractions(std::vector<std::unique_ptr<Kernel>>& kernelAt) {
    requireBf16MatrixUnits();
    std::map<int, ConvProblem> forwardConvolutions;
    std::vector<int> uses = graph_.useCounts();
    std::vector<int> readerOf(graph_.slots.size(), -1); // the last live step reading each slot
    for (size_t i = 0; i < graph_.steps.size(); ++i)
      if (graph_.steps[i].live)
        for (int s : graph_.steps[i].operands) readerOf[static_cast<size_t>(s)] = int(i);
    for (size_t i = 0; i < graph_.steps.size(); ++i) {
      Step& step = graph_.steps[i];
      int fusedReader =
          isProduct(step) && step.live ? soleWideningConvert(step, uses, readerOf) : -1;
      int fusedResult = -1;
      try {
        if (auto transposed = transposedProduct(step, uses)) {
          kernelAt[i] = makeMatmulKernel(graph_, *transposed, dnnl_, threads_);
        } else if (step.op->kind == OpKind::convolution) {
          if (auto problem = recognizeConvolution(graph_, step)) {
            if (fusedReader >= 0 && problem->form == ConvForm::BackwardWeights) {
              fusedResult = graph_.steps[static_cast<size_t>(fusedReader)].results[0];
              DnnlView& out = resultView(*problem);
              out.slot = fusedResult;
              out.slotType = ElementType::f32;
            }
            kernelAt[i] = makeConvKernel(*problem, dnnl_, convOptions());
            if (problem->form == ConvForm::Forward) forwardConvolutions.emplace(int(i), *problem);
          }
        } else if (step.op->kind == OpKind::dot_general) {
          const std::optional<BiasAdd> add = soleBiasAdd(step, uses, readerOf);
          kernelAt[i] = makeMatmulKernel(graph_, step, dnnl_, threads_,
                                         add ? std::optional(add->bias) : std::nullopt);
          if (add && kernelAt[i]) {
            fusedReader = add->step;
            fusedResult = add->bias.sum;
          }
        }
      } catch (const dnnl::error& e) {
        log_ +=
            "onednn refused step " + std::to_string(i) + " (" + e.what() + "): generic kernel\n";
      }
      if (!kernelAt[i]) continue;
      // The kernel may read the convolution's kernel through a reverse, and bf16 operands
      // through their converts from f32; those may die.
      step.operands = kernelAt[i]->reads;
      // A product may write the result of its sole reader, which dies: a widening convert (the
      // output reorder converts) or a bias add (oneDNN's bias).
      if (fusedResult >= 0 && kernelAt[i]->writes == std::vector<int>{fusedResult}) {
        step.results = {fusedResult};
        graph_.steps[static_cast<size_t>(fusedReader)].live = false;
        graph_.slots[static_cast<size_t>(fusedResult)].producer = static_cast<int>(i);
        log_ += "fused " +
                std::string(ir::opName(graph_.steps[size_t(fusedReader)].op->kind).substr(10)) +
                " step " + std::to_string(fusedReader) + " into step " + std::to_string(i) + "\n";
      }
    }
    return forwardConvolutions;
  }

  const ir::Module& module_;
  const ir::Function& function_;
  int threads_;
  bool winograd_, blockedForward_, vectorLoops_, rowKernels_, convEpilogues_;
  Replica replica_;
  Graph graph_;
  DnnlContext dnnl_;
  std::vector<std::unique_ptr<ir::Op>> synthesized_; // ops of rewritten steps (transposedProduct)
  std::vector<std::unique_ptr<Kernel>> kernels_;
  BufferPlan buffers_;
  AlignedBuffer arena_;
  RunState state_;
  std::optional<std::vector<bool>> donatedFlags_; // the flags donors_ was planned for
  std::vector<int> donors_;
  std::string log_;
  std::unique_ptr<Profile> profile_;
};

} // namespace

std::unique_ptr<Executable> Executable::compile(const ir::Module& module, std::string_view entry,
                                                CompileOptions options) {
  const ir::Function* function = module.lookup(entry);
  if (!function) throw RuntimeError("cpu: no function @" + std::string(entry) + " in the module");
  return std::make_unique<FastExecutable>(module, *function, options);
}

} // namespace hlotrain::cpu

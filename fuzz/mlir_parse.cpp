// The MLIR parser (mlir::parse, mlir::parseSplit) on arbitrary text, then on every module it
// accepts: the verifier, the printer's promise that printing re-parses to the same text, and the
// reference interpreter on zero-filled inputs for modules small enough to run in milliseconds.

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string_view>
#include <vector>

#include "fuzz/Scratch.h"
#include "ir/Verifier.h"
#include "lower/cpu/Interpreter.h"
#include "mlir/Parser.h"
#include "mlir/Printer.h"

using namespace hlotrain;

namespace {

// Bounds on what the interpreter is asked to run: elements of any one value, and an estimate of
// the element operations of a whole function (calls and region bodies included).
constexpr int64_t kMaxElements = 100'000;
constexpr int64_t kMaxWork = 2'000'000;
constexpr int64_t kTooMuch = kMaxWork + 1;

int64_t capped(int64_t a, int64_t b) {
  int64_t product = 0;
  if (__builtin_mul_overflow(a, b, &product) || product > kMaxWork) return kTooMuch;
  return product;
}

int64_t cappedSum(int64_t a, int64_t b) {
  return a + b > kMaxWork ? kTooMuch : a + b;
}

int64_t elements(const ir::TensorType& type) {
  int64_t n = 1;
  for (int64_t d : type.shape) n = capped(n, d < 0 ? kTooMuch : d);
  return n > kMaxElements ? kTooMuch : n;
}

class WorkEstimate {
public:
  explicit WorkEstimate(const ir::Module& module) : module_(module) {}

  int64_t function(const ir::Function& f) {
    auto [it, fresh] = memo_.try_emplace(&f, kTooMuch); // a call cycle counts as too much
    if (fresh) it->second = region(f.body);
    return it->second;
  }

private:
  int64_t region(const ir::Region& r) {
    int64_t work = 0;
    for (const auto& arg : r.args) work = cappedSum(work, elements(arg->type));
    for (const auto& op : r.ops) work = cappedSum(work, this->op(*op));
    return work;
  }

  int64_t op(const ir::Op& op) {
    int64_t touched = 0, largestOperand = 1;
    for (const ir::Value* v : op.operands) {
      touched = cappedSum(touched, elements(v->type));
      largestOperand = std::max(largestOperand, elements(v->type));
    }
    for (const auto& v : op.results) touched = cappedSum(touched, elements(v->type));
    int64_t perElement = 1;
    if (op.kind == ir::OpKind::dot_general || op.kind == ir::OpKind::convolution)
      perElement = largestOperand;
    for (int64_t d : op.attrs.windowDimensions) perElement = capped(perElement, d);
    int64_t body = 1;
    for (const auto& r : op.regions) body = cappedSum(body, region(*r));
    int64_t work = capped(capped(touched, perElement), body);
    if (op.kind == ir::OpKind::call) {
      const ir::Function* callee = module_.lookup(op.attrs.callee);
      work = cappedSum(work, callee ? function(*callee) : 0);
    }
    return work;
  }

  const ir::Module& module_;
  std::map<const ir::Function*, int64_t> memo_;
};

void exercise(const ir::Module& module) {
  ir::verify(module);

  const std::string printed = mlir::print(module);
  try {
    if (mlir::print(mlir::parse(printed, "<printed>")) != printed) std::abort();
  } catch (...) {
    std::abort(); // the printer wrote text the parser refuses
  }

  WorkEstimate estimate(module);
  for (const auto& f : module.functions) {
    if (estimate.function(*f) > kMaxWork) continue;
    std::vector<ir::Tensor> inputs;
    for (const ir::TensorType& type : f->argumentTypes()) inputs.emplace_back(type);
    cpu::CheckLog checks;
    fuzz::expectTypedErrors([&] { cpu::interpret(module, *f, inputs, &checks); });
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  fuzz::expectTypedErrors([&] {
    if (text.find("// -----") == std::string_view::npos) {
      exercise(mlir::parse(text, "<fuzz>"));
    } else {
      for (const ir::Module& module : mlir::parseSplit(text, "<fuzz>")) exercise(module);
    }
  });
  return 0;
}

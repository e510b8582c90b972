// The reference interpreter's driver: maps each op to its function in ReferenceOps.h, evaluates
// regions (function bodies, reduction bodies, callees) by running their ops in order, and checks
// every op's operand and result types against the IR so a malformed program fails with a message.

#include "lower/cpu/Interpreter.h"

#include <cstring>
#include <optional>
#include <string>
#include <unordered_map>

#include "lower/cpu/Kernels.h"
#include "lower/cpu/ReferenceOps.h"
#include "support/Error.h"

namespace hlotrain::cpu {

using ir::Tensor;
using ir::TensorType;

namespace {

// Deeper call chains are taken to be unbounded recursion, reported instead of overflowing the
// stack.
constexpr int kMaxCallDepth = 256;
thread_local int callDepth = 0;

std::string opLabel(const ir::Op& op) {
  return std::string(ir::opName(op.kind));
}

// Of `type`, with bytes for every element (a default-constructed Tensor, e.g. a missing constant
// value, has none).
bool isValueOf(const Tensor& t, const TensorType& type) {
  return t.type() == type && t.byteSize() == type.byteSize();
}

std::vector<Tensor> evaluateRegion(const ir::Region& region, std::span<const Tensor> args,
                                   const ir::Module* module, CheckLog* checks,
                                   const Replica& replica = {}) {
  if (args.size() != region.args.size())
    throw RuntimeError("region takes " + std::to_string(region.args.size()) + " arguments, got " +
                       std::to_string(args.size()));
  std::unordered_map<const ir::Value*, Tensor> values;
  for (size_t i = 0; i < args.size(); ++i) values.emplace(region.args[i].get(), args[i]);
  auto lookup = [&](const ir::Value* v) -> const Tensor& {
    auto it = values.find(v);
    if (it == values.end()) throw RuntimeError("a value is used before it is defined");
    return it->second;
  };
  std::vector<Tensor> operands;
  for (const auto& op : region.ops) {
    operands.clear();
    for (const ir::Value* v : op->operands) operands.push_back(lookup(v));
    std::vector<Tensor> results = evaluateOp(*op, operands, module, checks, replica);
    for (size_t i = 0; i < results.size(); ++i)
      values.insert_or_assign(op->results[i].get(), std::move(results[i]));
  }
  std::vector<Tensor> results;
  for (const ir::Value* v : region.results) results.push_back(lookup(v));
  return results;
}

ref::RegionFn regionFn(const ir::Op& op, size_t index, const ir::Module* module, CheckLog* checks) {
  if (index >= op.regions.size() || !op.regions[index])
    throw RuntimeError(opLabel(op) + " is missing region #" + std::to_string(index));
  const ir::Region* region = op.regions[index].get();
  return [region, module, checks](std::span<const Tensor> args) {
    return evaluateRegion(*region, args, module, checks);
  };
}

std::vector<TensorType> resultTypes(const ir::Op& op) {
  std::vector<TensorType> types;
  for (const auto& r : op.results) types.push_back(r->type);
  return types;
}

std::vector<Tensor> callOp(const ir::Op& op, std::span<const Tensor> operands,
                           const ir::Module* module, CheckLog* checks, const Replica& replica) {
  const ir::Function* callee = module ? module->lookup(op.attrs.callee) : nullptr;
  if (!callee) throw RuntimeError("func.call: unknown function @" + op.attrs.callee);
  return interpret(*module, *callee, operands, checks, replica);
}

// The computation of an all_reduce applied to every pair of elements: one whole-tensor op where
// it is a single binary op (a sum), else the region per element.
Rendezvous::Combine elementwise(const ir::Op& op, const ir::Module* module, CheckLog* checks) {
  if (std::optional<ir::OpKind> kind = plan::binaryBodyKind(*op.regions.at(0)))
    return [kind](const Tensor& a, const Tensor& b) { return ref::binaryOp(*kind, a, b); };
  ref::RegionFn region = regionFn(op, 0, module, checks);
  return [region](const Tensor& a, const Tensor& b) {
    Tensor out(a.type());
    const TensorType scalar{a.elementType(), {}};
    const size_t bytes = scalar.byteSize();
    for (int64_t i = 0; i < a.numElements(); ++i) {
      Tensor x(scalar), y(scalar);
      std::memcpy(x.bytes(), a.bytes() + i * bytes, bytes);
      std::memcpy(y.bytes(), b.bytes() + i * bytes, bytes);
      std::memcpy(out.bytes() + i * bytes, region(std::vector<Tensor>{x, y}).at(0).bytes(), bytes);
    }
    return out;
  };
}

std::vector<Tensor> allReduceOp(const ir::Op& op, std::span<const Tensor> x,
                                const ir::Module* module, CheckLog* checks,
                                const Replica& replica) {
  if (!replica.collectives) {
    replicaGroupOf(replica.id, 1, op.attrs.replicaGroups);
    return {x.begin(), x.end()};
  }
  return replica.collectives->allReduce(replica.id, op.attrs.replicaGroups, x,
                                        elementwise(op, module, checks));
}

// Operand and result types were checked by evaluateOp.
std::vector<Tensor> dispatchOp(const ir::Op& op, std::span<const Tensor> x,
                               const ir::Module* module, CheckLog* checks, const Replica& replica) {
  using K = ir::OpKind;
  const ir::Attributes& a = op.attrs;
  if (ir::isCheck(op.kind)) {
    if (checks) evaluateCheck(op, x, *checks);
    return {};
  }
  if (op.kind == K::convert) return {ref::convertOp(x[0], op.result()->type.elementType)};
  if (ir::isElementwiseUnary(op.kind)) return {ref::unaryOp(op.kind, x[0])};
  if (ir::isElementwiseBinary(op.kind)) return {ref::binaryOp(op.kind, x[0], x[1])};
  const size_t half = x.size() / 2; // variadic reduce / reduce_window: inputs, then inits
  switch (op.kind) {
  case K::constant:
    return {a.value};
  case K::iota:
    return {ref::iotaOp(op.result()->type, a.dimension)};
  case K::compare:
    return {ref::compareOp(x[0], x[1], a.comparisonDirection, a.compareType)};
  case K::clamp:
    return {ref::clampOp(x[0], x[1], x[2])};
  case K::select:
    return {ref::selectOp(x[0], x[1], x[2])};
  case K::broadcast_in_dim:
    return {ref::broadcastInDimOp(x[0], op.result()->type, a.dimensions)};
  case K::reshape:
    return {ref::reshapeOp(x[0], op.result()->type)};
  case K::transpose:
    return {ref::transposeOp(x[0], a.dimensions)};
  case K::slice:
    return {ref::sliceOp(x[0], a.startIndices, a.limitIndices, a.strides)};
  case K::dynamic_slice:
    return {ref::dynamicSliceOp(x[0], x.subspan(1), a.sliceSizes)};
  case K::concatenate:
    return {ref::concatenateOp(x, a.dimension)};
  case K::pad:
    return {ref::padOp(x[0], x[1], a.edgePaddingLow, a.edgePaddingHigh, a.interiorPadding)};
  case K::reverse:
    return {ref::reverseOp(x[0], a.dimensions)};
  case K::dot_general:
    return {ref::dotGeneralOp(x[0], x[1], a.dot, op.result()->type.elementType)};
  case K::convolution:
    return {ref::convolutionOp(x[0], x[1], a, op.result()->type)};
  case K::reduce:
    return ref::reduceOp(x.first(half), x.subspan(half), a.dimensions,
                         regionFn(op, 0, module, checks), resultTypes(op));
  case K::reduce_window:
    return ref::reduceWindowOp(x.first(half), x.subspan(half), a, regionFn(op, 0, module, checks),
                               resultTypes(op));
  case K::select_and_scatter:
    return {ref::selectAndScatterOp(x[0], x[1], x[2], a, regionFn(op, 0, module, checks),
                                    regionFn(op, 1, module, checks))};
  case K::gather:
    return {ref::gatherOp(x[0], x[1], a, op.result()->type)};
  case K::scatter:
    return {ref::scatterOp(x[0], x[1], x[2], a, regionFn(op, 0, module, checks))};
  case K::call:
    return callOp(op, x, module, checks, replica);
  case K::all_reduce:
    return allReduceOp(op, x, module, checks, replica);
  case K::replica_id:
    return {Tensor::scalar<uint32_t>(static_cast<uint32_t>(replica.id))};
  default:
    break;
  }
  throw UnsupportedError("unsupported: " + opLabel(op) + " in the reference interpreter");
}

} // namespace

std::vector<Tensor> evaluateOp(const ir::Op& op, std::span<const Tensor> operands,
                               const ir::Module* module, CheckLog* checks, const Replica& replica) {
  if (operands.size() != op.operands.size())
    throw RuntimeError(opLabel(op) + ": " + std::to_string(operands.size()) +
                       " operand values for " + std::to_string(op.operands.size()) + " operands");
  for (size_t i = 0; i < operands.size(); ++i)
    if (!op.operands[i] || !isValueOf(operands[i], op.operands[i]->type))
      throw RuntimeError(opLabel(op) + ": operand #" + std::to_string(i) + " is " +
                         ir::toString(operands[i].type()) + ", the op expects " +
                         (op.operands[i] ? ir::toString(op.operands[i]->type) : "a value"));
  std::vector<Tensor> results = dispatchOp(op, operands, module, checks, replica);
  if (results.size() != op.results.size())
    throw RuntimeError(opLabel(op) + ": produced " + std::to_string(results.size()) +
                       " results for " + std::to_string(op.results.size()) + " declared");
  for (size_t i = 0; i < results.size(); ++i)
    if (!isValueOf(results[i], op.results[i]->type))
      throw RuntimeError(opLabel(op) + ": result #" + std::to_string(i) + " is " +
                         ir::toString(results[i].type()) + ", declared " +
                         ir::toString(op.results[i]->type));
  return results;
}

std::vector<Tensor> interpret(const ir::Module& module, const ir::Function& function,
                              std::span<const Tensor> inputs, CheckLog* checks,
                              const Replica& replica) {
  const std::vector<TensorType> argTypes = function.argumentTypes();
  if (inputs.size() != argTypes.size())
    throw RuntimeError("@" + function.name + " takes " + std::to_string(argTypes.size()) +
                       " arguments, got " + std::to_string(inputs.size()));
  for (size_t i = 0; i < inputs.size(); ++i)
    if (!isValueOf(inputs[i], argTypes[i]))
      throw RuntimeError("@" + function.name + " argument #" + std::to_string(i) + ": expected " +
                         ir::toString(argTypes[i]) + ", got " + ir::toString(inputs[i].type()));
  if (callDepth >= kMaxCallDepth)
    throw RuntimeError("@" + function.name + ": call depth exceeds " +
                       std::to_string(kMaxCallDepth) + " (recursive calls?)");
  ++callDepth;
  struct DepthGuard {
    ~DepthGuard() { --callDepth; }
  } guard;
  return evaluateRegion(function.body, inputs, &module, checks, replica);
}

} // namespace hlotrain::cpu

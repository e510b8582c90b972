#include "mlir/Printer.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <set>
#include <unordered_map>

#include "support/Error.h"

namespace hlotrain::mlir {

namespace {

using ir::ElementType;
using ir::OpKind;

// Non-splat constants above this many elements print as hex bytes, as MLIR does for large data.
constexpr int64_t kHexThreshold = 100;

std::string formatElement(const ir::Tensor& t, int64_t i) {
  return ir::dispatch(t.elementType(), [&](auto tag) -> std::string {
    using T = decltype(tag);
    T v = t.get<T>(i);
    if constexpr (std::is_same_v<T, bool>)
      return v ? "true" : "false";
    else if constexpr (ir::kIsFloatStorage<T>)
      return formatFloat(v);
    else
      return std::to_string(v);
  });
}

bool isSplat(const ir::Tensor& t) {
  size_t width = ir::byteWidth(t.elementType());
  for (size_t off = width; off < t.byteSize(); off += width)
    if (std::memcmp(t.bytes(), t.bytes() + off, width) != 0) return false;
  return true;
}

void appendNested(std::string& out, const ir::Tensor& t, size_t dim, int64_t& index) {
  if (dim == t.shape().size()) {
    out += formatElement(t, index++);
    return;
  }
  out += '[';
  for (int64_t i = 0; i < t.shape()[dim]; ++i) {
    if (i) out += ", ";
    appendNested(out, t, dim + 1, index);
  }
  out += ']';
}

std::string intList(const std::vector<int64_t>& values) {
  std::string s = "[";
  for (size_t i = 0; i < values.size(); ++i) s += (i ? ", " : "") + std::to_string(values[i]);
  return s + "]";
}

std::string denseArray(const std::vector<int64_t>& values) {
  std::string s = "array<i64";
  for (size_t i = 0; i < values.size(); ++i) s += (i ? ", " : ": ") + std::to_string(values[i]);
  return s + ">";
}

std::string typeList(const std::vector<const ir::TensorType*>& types) {
  std::string s;
  for (size_t i = 0; i < types.size(); ++i) s += (i ? ", " : "") + ir::toString(*types[i]);
  return s;
}

// `(a, b) -> c`, `(a) -> (b, c)`, `() -> ()`.
std::string functionalType(const std::vector<const ir::TensorType*>& ins,
                           const std::vector<const ir::TensorType*>& outs) {
  std::string s = "(" + typeList(ins) + ") -> ";
  return outs.size() == 1 ? s + ir::toString(*outs[0]) : s + "(" + typeList(outs) + ")";
}

// `@name`, quoted when the name is not a bare identifier.
std::string symbol(const std::string& name) {
  bool bare =
      !name.empty() && (std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_');
  for (char c : name)
    bare &= std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
  if (bare) return "@" + name;
  std::string quoted = "@\"";
  for (char c : name) {
    if (c == '"' || c == '\\') quoted += '\\';
    if (c == '\n') {
      quoted += "\\n";
      continue;
    }
    quoted += c;
  }
  return quoted + "\"";
}

std::string paddingDense(const std::vector<std::pair<int64_t, int64_t>>& padding) {
  std::vector<int64_t> flat;
  for (auto [lo, hi] : padding) {
    flat.push_back(lo);
    flat.push_back(hi);
  }
  ir::Tensor t = ir::Tensor::fromVector<int64_t>({static_cast<int64_t>(padding.size()), 2}, flat);
  return printDenseLiteral(t) + " : " + ir::toString(t.type());
}

// The compact reduce form applies when the body is exactly `return op(arg0, arg1)`.
const ir::Op* compactReducer(const ir::Op& op) {
  if (op.operands.size() != 2 || op.regions.size() != 1) return nullptr;
  const ir::Region& body = *op.regions[0];
  if (body.args.size() != 2 || body.ops.size() != 1 || body.results.size() != 1) return nullptr;
  const ir::Op& inner = *body.ops[0];
  if (!ir::isElementwiseBinary(inner.kind) || inner.operands.size() != 2 ||
      inner.results.size() != 1 || inner.operands[0] != body.args[0].get() ||
      inner.operands[1] != body.args[1].get() || body.results[0] != inner.result(0))
    return nullptr;
  if (inner.result(0)->type != body.args[0]->type || body.args[1]->type != body.args[0]->type)
    return nullptr;
  return &inner;
}

class Printer {
public:
  std::string run(const ir::Module& module) {
    out_ += "module";
    if (!module.name.empty()) out_ += " " + symbol(module.name);
    if (!module.attributes.empty()) out_ += " attributes " + module.attributes;
    out_ += " {\n";
    for (const auto& f : module.functions) printFunction(*f);
    out_ += "}\n";
    return std::move(out_);
  }

private:
  std::string out_;
  std::unordered_map<const ir::Value*, std::string> names_;
  std::unordered_map<const ir::Op*, std::string> opNames_;

  // The counters and used names of one region; a nested region starts from a copy of its
  // parent's, as its names may not shadow the parent's.
  struct NameScope {
    int nextValue = 0, nextArg = 0, nextConflict = 0;
    std::set<std::string> used;

    // `base`, or `base_N` with MLIR's shared conflict counter when taken.
    std::string unique(const std::string& base) {
      if (used.insert(base).second) return base;
      while (true) {
        std::string probe = base + "_" + std::to_string(nextConflict++);
        if (used.insert(probe).second) return probe;
      }
    }
  };

  // MLIR's naming: a region's own values first, then each nested region continuing from there;
  // constants are `%cst` (float) or `%c` (integer), as StableHLO names them.
  void number(const ir::Region& region, NameScope scope) {
    for (const auto& arg : region.args)
      names_[arg.get()] = "%arg" + std::to_string(scope.nextArg++);
    for (const auto& op : region.ops) {
      if (op->results.empty()) continue;
      std::string base;
      if (op->kind == OpKind::constant && op->results.size() == 1)
        base = "%" + scope.unique(ir::isFloat(op->result()->type.elementType) ? "cst" : "c");
      else
        base = "%" + std::to_string(scope.nextValue++);
      opNames_[op.get()] = base;
      for (size_t i = 0; i < op->results.size(); ++i)
        names_[op->results[i].get()] =
            op->results.size() == 1 ? base : base + "#" + std::to_string(i);
    }
    for (const auto& op : region.ops)
      for (const auto& sub : op->regions) number(*sub, scope);
  }

  const std::string& name(const ir::Value* v) const {
    auto it = names_.find(v);
    if (it == names_.end()) throw VerifyError("printer: value used outside its scope");
    return it->second;
  }

  std::string operandList(const std::vector<ir::Value*>& values, size_t from = 0,
                          size_t to = SIZE_MAX) const {
    std::string s;
    for (size_t i = from; i < values.size() && i < to; ++i)
      s += (i > from ? ", " : "") + name(values[i]);
    return s;
  }

  static std::vector<const ir::TensorType*> typesOf(const std::vector<ir::Value*>& values) {
    std::vector<const ir::TensorType*> types;
    for (const ir::Value* v : values) types.push_back(&v->type);
    return types;
  }
  static std::vector<const ir::TensorType*>
  typesOf(const std::vector<std::unique_ptr<ir::Value>>& v) {
    std::vector<const ir::TensorType*> types;
    for (const auto& value : v) types.push_back(&value->type);
    return types;
  }
  static std::string opType(const ir::Op& op) {
    return functionalType(typesOf(op.operands), typesOf(op.results));
  }
  // `T` when every operand and the result share one type, the functional type otherwise.
  static std::string sameOperandsAndResultType(const ir::Op& op) {
    for (const ir::Value* v : op.operands)
      if (v->type != op.result()->type) return opType(op);
    return ir::toString(op.result()->type);
  }

  void printFunction(const ir::Function& f) {
    names_.clear();
    opNames_.clear();
    number(f.body, NameScope{});
    out_ += "  func.func ";
    out_ += f.isPublic ? "public " : "private ";
    out_ += symbol(f.name) + "(";
    for (size_t i = 0; i < f.body.args.size(); ++i) {
      if (i) out_ += ", ";
      out_ += name(f.body.args[i].get()) + ": " + ir::toString(f.body.args[i]->type);
      if (i < f.argAttributes.size() && !f.argAttributes[i].empty())
        out_ += " " + f.argAttributes[i];
    }
    out_ += ")";
    bool anyResultAttr = false;
    for (const auto& a : f.resultAttributes) anyResultAttr |= !a.empty();
    if (f.resultTypes.size() == 1 && !anyResultAttr) {
      out_ += " -> " + ir::toString(f.resultTypes[0]);
    } else if (!f.resultTypes.empty()) {
      out_ += " -> (";
      for (size_t i = 0; i < f.resultTypes.size(); ++i) {
        if (i) out_ += ", ";
        out_ += ir::toString(f.resultTypes[i]);
        if (i < f.resultAttributes.size() && !f.resultAttributes[i].empty())
          out_ += " " + f.resultAttributes[i];
      }
      out_ += ")";
    }
    out_ += " {\n";
    printBody(f.body, 4, "return");
    out_ += "  }\n";
  }

  void printBody(const ir::Region& region, int indent, std::string_view terminator) {
    for (const auto& op : region.ops) printOp(*op, indent);
    out_.append(indent, ' ');
    out_ += terminator;
    if (!region.results.empty())
      out_ += " " + operandList(region.results) + " : " + typeList(typesOf(region.results));
    out_ += '\n';
  }

  void printOp(const ir::Op& op, int indent) {
    out_.append(indent, ' ');
    if (op.results.size() == 1) out_ += opNames_.at(&op) + " = ";
    if (op.results.size() > 1)
      out_ += opNames_.at(&op) + ":" + std::to_string(op.results.size()) + " = ";
    out_ += printedName(op.kind);
    const ir::Attributes& a = op.attrs;
    const std::string operands = operandList(op.operands);
    switch (op.kind) {
    case OpKind::constant:
      out_ += " " + printDenseLiteral(a.value) + " : " + ir::toString(a.value.type());
      break;
    case OpKind::iota:
      out_ += " dim = " + std::to_string(a.dimension) + " : " + ir::toString(op.result()->type);
      break;
    case OpKind::compare:
      out_ += " " + std::string(ir::name(a.comparisonDirection)) + ", " + operands;
      if (a.compareType != ir::ComparisonType::NOTYPE)
        out_ += ", " + std::string(ir::name(a.compareType));
      out_ += " : " + opType(op);
      break;
    case OpKind::select:
      if (op.operands[1]->type == op.result()->type && op.operands[2]->type == op.result()->type)
        out_ += " " + operands + " : " + ir::toString(op.operands[0]->type) + ", " +
                ir::toString(op.result()->type);
      else
        out_ += " " + operands + " : " + opType(op);
      break;
    case OpKind::broadcast_in_dim:
      out_ += " " + operands + ", dims = " + intList(a.dimensions) + " : " + opType(op);
      break;
    case OpKind::transpose:
      out_ += " " + operands + ", dims = " + intList(a.dimensions) + " : " + opType(op);
      break;
    case OpKind::reverse:
      out_ += " " + operands + ", dims = " + intList(a.dimensions) + " : " +
              sameOperandsAndResultType(op);
      break;
    case OpKind::reshape:
      out_ += " " + operands + " : " + opType(op);
      break;
    case OpKind::slice: {
      out_ += " " + operands + " [";
      for (size_t i = 0; i < a.startIndices.size(); ++i) {
        if (i) out_ += ", ";
        out_ += std::to_string(a.startIndices[i]) + ":" + std::to_string(a.limitIndices.at(i));
        if (i < a.strides.size() && a.strides[i] != 1) out_ += ":" + std::to_string(a.strides[i]);
      }
      out_ += "] : " + opType(op);
      break;
    }
    case OpKind::dynamic_slice:
      out_ += " " + operands + ", sizes = " + intList(a.sliceSizes) + " : " + opType(op);
      break;
    case OpKind::concatenate:
      out_ += " " + operands + ", dim = " + std::to_string(a.dimension) + " : " + opType(op);
      break;
    case OpKind::pad:
      out_ += " " + operands + ", low = " + intList(a.edgePaddingLow) +
              ", high = " + intList(a.edgePaddingHigh) +
              ", interior = " + intList(a.interiorPadding) + " : " + opType(op);
      break;
    case OpKind::dot_general:
      out_ += " " + operands;
      if (!a.dot.lhsBatchingDimensions.empty() || !a.dot.rhsBatchingDimensions.empty())
        out_ += ", batching_dims = " + intList(a.dot.lhsBatchingDimensions) + " x " +
                intList(a.dot.rhsBatchingDimensions);
      out_ += ", contracting_dims = " + intList(a.dot.lhsContractingDimensions) + " x " +
              intList(a.dot.rhsContractingDimensions) + " : " + opType(op);
      break;
    case OpKind::convolution:
      printConvolution(op);
      break;
    case OpKind::reduce:
      printReduce(op, indent);
      break;
    case OpKind::reduce_window:
    case OpKind::select_and_scatter:
      printWindowOpGeneric(op, indent);
      break;
    case OpKind::gather:
      printGather(op, indent);
      break;
    case OpKind::scatter:
      printScatter(op, indent);
      break;
    case OpKind::all_reduce:
      printGeneric(op, indent, "replica_groups = " + replicaGroups(a.replicaGroups));
      break;
    case OpKind::replica_id:
      printGeneric(op, indent, "");
      break;
    case OpKind::call:
      out_ += " " + symbol(a.callee) + "(" + operands + ") : " + opType(op);
      break;
    case OpKind::check_expect_eq:
      out_ += " " + operands + " : " + typeOfOperand(op);
      break;
    case OpKind::check_expect_eq_const:
      out_ +=
          " " + operands + ", " + printDenseLiteral(a.value) + " : " + ir::toString(a.value.type());
      break;
    case OpKind::check_expect_almost_eq:
      out_ += " " + operands + tolerance(a) + " : " + typeOfOperand(op);
      break;
    case OpKind::check_expect_almost_eq_const:
      out_ += " " + operands + ", " + printDenseLiteral(a.value) + " : " +
              ir::toString(a.value.type()) + tolerance(a);
      break;
    case OpKind::check_expect_close:
      out_ += " " + operands + ", max_ulp_difference = " + std::to_string(a.maxUlpDifference);
      if (a.minUlpDifference != 0)
        out_ += ", min_ulp_difference = " + std::to_string(a.minUlpDifference);
      out_ += " : " + typeList(typesOf(op.operands));
      break;
    default: // elementwise unary and binary ops, clamp, convert
      out_ += " " + operands + " : " + sameOperandsAndResultType(op);
      break;
    }
    out_ += '\n';
  }

  // `call` inside a func.func; reduce_window, select_and_scatter, gather, scatter, all_reduce and
  // replica_id have no pretty form, so they print generically under their quoted name.
  static std::string printedName(OpKind kind) {
    if (kind == OpKind::call) return "call";
    if (kind == OpKind::reduce_window || kind == OpKind::select_and_scatter ||
        kind == OpKind::gather || kind == OpKind::scatter || kind == OpKind::all_reduce ||
        kind == OpKind::replica_id)
      return "\"" + std::string(ir::opName(kind)) + "\"";
    return std::string(ir::opName(kind));
  }

  static std::string typeOfOperand(const ir::Op& op) {
    if (op.operands.empty()) throw VerifyError("printer: check op without operands");
    return ir::toString(op.operands[0]->type);
  }
  static std::string tolerance(const ir::Attributes& a) {
    return a.tolerance == 1e-4 ? "" : ", tolerance = " + formatFloat(a.tolerance);
  }

  void printConvolution(const ir::Op& op) {
    const ir::Attributes& a = op.attrs;
    const ir::ConvDimensionNumbers& c = a.conv;
    auto layout = [](int64_t rank, int64_t first, char firstName, int64_t second, char secondName,
                     const std::vector<int64_t>& spatial) {
      std::vector<std::string> parts(static_cast<size_t>(std::max<int64_t>(rank, 0)));
      auto put = [&](int64_t dim, std::string text) {
        if (dim < 0 || dim >= rank)
          throw VerifyError("printer: convolution dimension out of range");
        parts[static_cast<size_t>(dim)] = std::move(text);
      };
      put(first, std::string(1, firstName));
      put(second, std::string(1, secondName));
      for (size_t k = 0; k < spatial.size(); ++k) put(spatial[k], std::to_string(k));
      std::string s = "[";
      for (size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
      return s + "]";
    };
    int64_t rank = op.operands.at(0)->type.rank();
    out_ += "(" + operandList(op.operands) + ") dim_numbers = " +
            layout(rank, c.inputBatchDimension, 'b', c.inputFeatureDimension, 'f',
                   c.inputSpatialDimensions) +
            "x" +
            layout(op.operands.at(1)->type.rank(), c.kernelOutputFeatureDimension, 'o',
                   c.kernelInputFeatureDimension, 'i', c.kernelSpatialDimensions) +
            "->" +
            layout(op.result()->type.rank(), c.outputBatchDimension, 'b', c.outputFeatureDimension,
                   'f', c.outputSpatialDimensions);
    out_ += ", window = {";
    if (!c.inputSpatialDimensions.empty()) { // no spatial dimensions: an empty window
      out_ += "stride = " + intList(a.windowStrides) + ", pad = [";
      for (size_t i = 0; i < a.padding.size(); ++i)
        out_ += (i ? ", [" : "[") + std::to_string(a.padding[i].first) + ", " +
                std::to_string(a.padding[i].second) + "]";
      out_ += "], lhs_dilate = " + intList(a.lhsDilation) +
              ", rhs_dilate = " + intList(a.rhsDilation) + ", reverse = [";
      for (size_t i = 0; i < a.windowReversal.size(); ++i)
        out_ += std::string(i ? ", " : "") + (a.windowReversal[i] ? "true" : "false");
      out_ += "]";
    }
    out_ += "} {batch_group_count = " + std::to_string(a.batchGroupCount) +
            " : i64, feature_group_count = " + std::to_string(a.featureGroupCount) +
            " : i64} : " + opType(op);
  }

  void printReduce(const ir::Op& op, int indent) {
    size_t n = op.operands.size() / 2;
    out_ += "(";
    for (size_t i = 0; i < n; ++i)
      out_ += (i ? "), (" : "") + name(op.operands[i]) + " init: " + name(op.operands[n + i]);
    out_ += ")";
    const ir::Op* inner = compactReducer(op);
    if (inner) out_ += " applies " + std::string(ir::opName(inner->kind));
    out_ += " across dimensions = " + intList(op.attrs.dimensions) + " : " + opType(op);
    if (inner || op.regions.empty()) return;
    const ir::Region& body = *op.regions[0];
    out_ += "\n";
    out_.append(indent, ' ');
    out_ += " reducer";
    for (size_t i = 0; i < n && n + i < body.args.size(); ++i) {
      const ir::Value* acc = body.args[i].get();
      const ir::Value* in = body.args[n + i].get();
      out_ += (i ? " (" : "(") + name(acc) + ": " + ir::toString(acc->type) + ", " + name(in) +
              ": " + ir::toString(in->type) + ")";
    }
    out_ += "  {\n";
    printBody(body, indent + 2, "stablehlo.return");
    out_.append(indent, ' ');
    out_ += "}";
  }

  void printWindowOpGeneric(const ir::Op& op, int indent) {
    const ir::Attributes& a = op.attrs;
    std::string properties;
    if (op.kind == OpKind::reduce_window)
      properties += "base_dilations = " + denseArray(a.lhsDilation) + ", ";
    properties += "padding = " + paddingDense(a.padding) + ", ";
    if (op.kind == OpKind::reduce_window)
      properties += "window_dilations = " + denseArray(a.rhsDilation) + ", ";
    properties += "window_dimensions = " + denseArray(a.windowDimensions) +
                  ", window_strides = " + denseArray(a.windowStrides);
    printGeneric(op, indent, properties);
  }

  // MLIR leaves out the empty lists of these attributes.
  static std::string dimsField(const char* key, const std::vector<int64_t>& dims) {
    return dims.empty() ? "" : std::string(key) + " = " + intList(dims) + ", ";
  }

  void printGather(const ir::Op& op, int indent) {
    const ir::Attributes& a = op.attrs;
    const ir::GatherDimensionNumbers& g = a.gather;
    printGeneric(op, indent,
                 "dimension_numbers = #stablehlo.gather<" + dimsField("offset_dims", g.offsetDims) +
                     dimsField("collapsed_slice_dims", g.collapsedSliceDims) +
                     dimsField("start_index_map", g.startIndexMap) +
                     "index_vector_dim = " + std::to_string(g.indexVectorDim) +
                     ">, indices_are_sorted = " + (a.indicesAreSorted ? "true" : "false") +
                     ", slice_sizes = " + denseArray(a.sliceSizes));
  }

  void printScatter(const ir::Op& op, int indent) {
    const ir::Attributes& a = op.attrs;
    const ir::ScatterDimensionNumbers& d = a.scatter;
    printGeneric(op, indent,
                 std::string("indices_are_sorted = ") + (a.indicesAreSorted ? "true" : "false") +
                     ", scatter_dimension_numbers = #stablehlo.scatter<" +
                     dimsField("update_window_dims", d.updateWindowDims) +
                     dimsField("inserted_window_dims", d.insertedWindowDims) +
                     dimsField("scatter_dims_to_operand_dims", d.scatterDimsToOperandDims) +
                     "index_vector_dim = " + std::to_string(d.indexVectorDim) +
                     ">, unique_indices = " + (a.uniqueIndices ? "true" : "false"));
  }

  // `dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>`, nested even for one id (XLA's own form).
  static std::string replicaGroups(const std::vector<std::vector<int64_t>>& groups) {
    std::string s = "dense<[";
    for (size_t g = 0; g < groups.size(); ++g) s += (g ? ", " : "") + intList(groups[g]);
    return s + "]> : tensor<" + std::to_string(groups.size()) + "x" +
           std::to_string(groups.empty() ? 0 : groups[0].size()) + "xi64>";
  }

  // The generic form of an op without a pretty one: `(operands) <{properties}> (regions) : type`,
  // the properties in sorted order, none written when there are none.
  void printGeneric(const ir::Op& op, int indent, const std::string& properties) {
    out_ += "(" + operandList(op.operands) + ")";
    if (!properties.empty()) out_ += " <{" + properties + "}>";
    if (!op.regions.empty()) out_ += " (";
    for (size_t r = 0; r < op.regions.size(); ++r) {
      const ir::Region& region = *op.regions[r];
      out_ += r ? ", {\n" : "{\n";
      out_.append(indent, ' ');
      out_ += "^bb0(";
      for (size_t i = 0; i < region.args.size(); ++i)
        out_ += (i ? ", " : "") + name(region.args[i].get()) + ": " +
                ir::toString(region.args[i]->type);
      out_ += "):\n";
      printBody(region, indent + 2, "stablehlo.return");
      out_.append(indent, ' ');
      out_ += "}";
    }
    if (!op.regions.empty()) out_ += ")";
    out_ += " : " + opType(op);
  }
};

} // namespace

std::string printDenseLiteral(const ir::Tensor& value) {
  if (value.numElements() == 0) return "dense<>";
  if (isSplat(value)) return "dense<" + formatElement(value, 0) + ">";
  if (value.numElements() > kHexThreshold) {
    static constexpr char kDigits[] = "0123456789ABCDEF";
    std::string s = "dense<\"0x";
    s.reserve(s.size() + value.byteSize() * 2 + 2);
    for (size_t i = 0; i < value.byteSize(); ++i) {
      s += kDigits[value.bytes()[i] >> 4];
      s += kDigits[value.bytes()[i] & 15];
    }
    return s + "\">";
  }
  std::string s = "dense<";
  int64_t index = 0;
  appendNested(s, value, 0, index);
  return s + ">";
}

std::string print(const ir::Module& module) {
  return Printer().run(module);
}

} // namespace hlotrain::mlir

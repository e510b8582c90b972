#include "ir/Op.h"

#include <array>

namespace hlotrain::ir {

namespace {
constexpr std::string_view kOpNames[] = {
#define HLOTRAIN_NAME(id, text) text,
    HLOTRAIN_OP_KINDS(HLOTRAIN_NAME)
#undef HLOTRAIN_NAME
};
constexpr std::array<std::string_view, 6> kDirections = {"EQ", "NE", "GE", "GT", "LE", "LT"};
constexpr std::array<std::string_view, 5> kCompareTypes = {"NOTYPE", "FLOAT", "TOTALORDER",
                                                           "SIGNED", "UNSIGNED"};

template <class Enum, size_t N>
bool parseEnum(const std::array<std::string_view, N>& names, std::string_view text, Enum& out) {
  for (size_t i = 0; i < N; ++i) {
    if (names[i] == text) {
      out = static_cast<Enum>(i);
      return true;
    }
  }
  return false;
}
} // namespace

std::string_view opName(OpKind kind) {
  return kOpNames[static_cast<size_t>(kind)];
}

bool parseOpName(std::string_view text, OpKind& out) {
  for (size_t i = 0; i < std::size(kOpNames); ++i) {
    if (kOpNames[i] == text) {
      out = static_cast<OpKind>(i);
      return true;
    }
  }
  return false;
}

bool isElementwiseUnary(OpKind kind) {
  return (kind >= OpKind::negate && kind <= OpKind::not_) || kind == OpKind::convert;
}

bool isElementwiseBinary(OpKind kind) {
  return kind >= OpKind::add && kind <= OpKind::xor_;
}

bool isCheck(OpKind kind) {
  return kind >= OpKind::check_expect_eq;
}

std::string_view name(ComparisonDirection d) {
  return kDirections[static_cast<size_t>(d)];
}
std::string_view name(ComparisonType t) {
  return kCompareTypes[static_cast<size_t>(t)];
}
bool parseComparisonDirection(std::string_view text, ComparisonDirection& out) {
  return parseEnum(kDirections, text, out);
}
bool parseComparisonType(std::string_view text, ComparisonType& out) {
  return parseEnum(kCompareTypes, text, out);
}

Value* Region::addArgument(TensorType type) {
  auto value = std::make_unique<Value>();
  value->type = std::move(type);
  value->index = static_cast<int>(args.size());
  args.push_back(std::move(value));
  return args.back().get();
}

std::vector<TensorType> Function::argumentTypes() const {
  std::vector<TensorType> types;
  for (const auto& arg : body.args) types.push_back(arg->type);
  return types;
}

void Function::setResults(std::vector<Value*> values) {
  resultTypes.clear();
  for (const Value* v : values) resultTypes.push_back(v->type);
  body.results = std::move(values);
}

Function* Module::lookup(std::string_view functionName) const {
  for (const auto& f : functions)
    if (f->name == functionName) return f.get();
  return nullptr;
}

Function& Module::addFunction(std::string functionName, bool isPublic) {
  auto f = std::make_unique<Function>();
  f->name = std::move(functionName);
  f->isPublic = isPublic;
  functions.push_back(std::move(f));
  return *functions.back();
}

ConvDimensionNumbers convDimensionNumbers(const std::vector<int64_t>& lhs,
                                          const std::vector<int64_t>& rhs,
                                          const std::vector<int64_t>& out) {
  ConvDimensionNumbers dn;
  dn.inputBatchDimension = lhs[0];
  dn.inputFeatureDimension = lhs[1];
  dn.inputSpatialDimensions.assign(lhs.begin() + 2, lhs.end());
  dn.kernelOutputFeatureDimension = rhs[0];
  dn.kernelInputFeatureDimension = rhs[1];
  dn.kernelSpatialDimensions.assign(rhs.begin() + 2, rhs.end());
  dn.outputBatchDimension = out[0];
  dn.outputFeatureDimension = out[1];
  dn.outputSpatialDimensions.assign(out.begin() + 2, out.end());
  return dn;
}

} // namespace hlotrain::ir

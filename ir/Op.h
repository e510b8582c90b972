#pragma once
// The graph IR: Module ⊃ Function ⊃ Region ⊃ Op, with SSA Values. It mirrors StableHLO one op to
// one op, so printing is a walk and parsing builds the same objects; nothing here knows about
// networks or lowerers.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ir/Tensor.h"
#include "ir/Type.h"

namespace hlotrain::ir {

#define HLOTRAIN_OP_KINDS(X)                                                                       \
  X(constant, "stablehlo.constant")                                                                \
  X(iota, "stablehlo.iota")                                                                        \
  X(add, "stablehlo.add")                                                                          \
  X(subtract, "stablehlo.subtract")                                                                \
  X(multiply, "stablehlo.multiply")                                                                \
  X(divide, "stablehlo.divide")                                                                    \
  X(remainder, "stablehlo.remainder")                                                              \
  X(maximum, "stablehlo.maximum")                                                                  \
  X(minimum, "stablehlo.minimum")                                                                  \
  X(power, "stablehlo.power")                                                                      \
  X(and_, "stablehlo.and")                                                                         \
  X(or_, "stablehlo.or")                                                                           \
  X(xor_, "stablehlo.xor")                                                                         \
  X(negate, "stablehlo.negate")                                                                    \
  X(abs, "stablehlo.abs")                                                                          \
  X(sign, "stablehlo.sign")                                                                        \
  X(exponential, "stablehlo.exponential")                                                          \
  X(log, "stablehlo.log")                                                                          \
  X(log_plus_one, "stablehlo.log_plus_one")                                                        \
  X(sqrt, "stablehlo.sqrt")                                                                        \
  X(rsqrt, "stablehlo.rsqrt")                                                                      \
  X(tanh, "stablehlo.tanh")                                                                        \
  X(logistic, "stablehlo.logistic")                                                                \
  X(not_, "stablehlo.not")                                                                         \
  X(clamp, "stablehlo.clamp")                                                                      \
  X(select, "stablehlo.select")                                                                    \
  X(compare, "stablehlo.compare")                                                                  \
  X(convert, "stablehlo.convert")                                                                  \
  X(broadcast_in_dim, "stablehlo.broadcast_in_dim")                                                \
  X(reshape, "stablehlo.reshape")                                                                  \
  X(transpose, "stablehlo.transpose")                                                              \
  X(slice, "stablehlo.slice")                                                                      \
  X(dynamic_slice, "stablehlo.dynamic_slice")                                                      \
  X(concatenate, "stablehlo.concatenate")                                                          \
  X(pad, "stablehlo.pad")                                                                          \
  X(reverse, "stablehlo.reverse")                                                                  \
  X(dot_general, "stablehlo.dot_general")                                                          \
  X(convolution, "stablehlo.convolution")                                                          \
  X(reduce, "stablehlo.reduce")                                                                    \
  X(reduce_window, "stablehlo.reduce_window")                                                      \
  X(select_and_scatter, "stablehlo.select_and_scatter")                                            \
  X(gather, "stablehlo.gather")                                                                    \
  X(scatter, "stablehlo.scatter")                                                                  \
  X(all_reduce, "stablehlo.all_reduce")                                                            \
  X(replica_id, "stablehlo.replica_id")                                                            \
  X(call, "func.call")                                                                             \
  X(check_expect_eq, "check.expect_eq")                                                            \
  X(check_expect_eq_const, "check.expect_eq_const")                                                \
  X(check_expect_almost_eq, "check.expect_almost_eq")                                              \
  X(check_expect_almost_eq_const, "check.expect_almost_eq_const")                                  \
  X(check_expect_close, "check.expect_close")

enum class OpKind : uint8_t {
#define HLOTRAIN_ENUM(id, text) id,
  HLOTRAIN_OP_KINDS(HLOTRAIN_ENUM)
#undef HLOTRAIN_ENUM
};

std::string_view opName(OpKind kind); // full dialect name, "stablehlo.add"
bool parseOpName(std::string_view text, OpKind& out);
bool isElementwiseUnary(OpKind kind);
bool isElementwiseBinary(OpKind kind);
bool isCheck(OpKind kind);

enum class ComparisonDirection : uint8_t { EQ, NE, GE, GT, LE, LT };
enum class ComparisonType : uint8_t { NOTYPE, FLOAT, TOTALORDER, SIGNED, UNSIGNED };
std::string_view name(ComparisonDirection d);
std::string_view name(ComparisonType t);
bool parseComparisonDirection(std::string_view text, ComparisonDirection& out);
bool parseComparisonType(std::string_view text, ComparisonType& out);

struct DotDimensionNumbers {
  std::vector<int64_t> lhsBatchingDimensions, rhsBatchingDimensions;
  std::vector<int64_t> lhsContractingDimensions, rhsContractingDimensions;
  bool operator==(const DotDimensionNumbers&) const = default;
};

struct ConvDimensionNumbers {
  int64_t inputBatchDimension = 0, inputFeatureDimension = 1;
  std::vector<int64_t> inputSpatialDimensions;
  int64_t kernelInputFeatureDimension = 1, kernelOutputFeatureDimension = 0;
  std::vector<int64_t> kernelSpatialDimensions;
  int64_t outputBatchDimension = 0, outputFeatureDimension = 1;
  std::vector<int64_t> outputSpatialDimensions;
  bool operator==(const ConvDimensionNumbers&) const = default;
};

// The dimension numbers of a convolution whose operands and result hold their dimensions at
// these positions: lhs (batch, feature, spatial...), rhs (output feature, input feature,
// spatial...), out (batch, feature, spatial...), each with the same number of spatial dims.
ConvDimensionNumbers convDimensionNumbers(const std::vector<int64_t>& lhs,
                                          const std::vector<int64_t>& rhs,
                                          const std::vector<int64_t>& out);

// gather: which dims of the result hold a slice's offsets (offset_dims), which operand dims the
// slice drops (collapsed_slice_dims, each of slice size 1), the operand dim each component of an
// index vector starts (start_index_map), and the dim of the indices holding the index vectors
// (index_vector_dim; the indices' rank itself means implicit vectors of one component).
struct GatherDimensionNumbers {
  std::vector<int64_t> offsetDims, collapsedSliceDims, startIndexMap;
  int64_t indexVectorDim = 0;
  bool operator==(const GatherDimensionNumbers&) const = default;
};

// scatter: gather's dimension numbers seen from the updates (update_window_dims: offset_dims,
// inserted_window_dims: collapsed_slice_dims, scatter_dims_to_operand_dims: start_index_map).
struct ScatterDimensionNumbers {
  std::vector<int64_t> updateWindowDims, insertedWindowDims, scatterDimsToOperandDims;
  int64_t indexVectorDim = 0;
  bool operator==(const ScatterDimensionNumbers&) const = default;
};

// Every attribute any op of the subset carries. Each op reads only its own fields (listed per
// field); window-like vectors are always full length after building (defaults made explicit), so
// consumers never re-derive defaults.
struct Attributes {
  Tensor value;                    // constant
  int64_t dimension = 0;           // iota: iota_dimension; concatenate: dimension
  std::vector<int64_t> dimensions; // broadcast_in_dim: broadcast_dimensions; transpose:
                                   // permutation; reduce, reverse: dimensions
  std::vector<int64_t> startIndices, limitIndices, strides;              // slice
  std::vector<int64_t> sliceSizes;                                       // dynamic_slice, gather
  std::vector<int64_t> edgePaddingLow, edgePaddingHigh, interiorPadding; // pad
  ComparisonDirection comparisonDirection = ComparisonDirection::EQ;     // compare
  ComparisonType compareType = ComparisonType::NOTYPE;                   // compare
  DotDimensionNumbers dot;                                               // dot_general
  ConvDimensionNumbers conv;                                             // convolution
  GatherDimensionNumbers gather;                                         // gather
  ScatterDimensionNumbers scatter;                                       // scatter
  bool indicesAreSorted = false, uniqueIndices = false; // gather (sorted), scatter (both): hints
  // convolution: window_strides, lhs_dilation, rhs_dilation, padding (per spatial dim),
  //   window_reversal, feature_group_count, batch_group_count.
  // reduce_window: window_dimensions, window_strides, base_dilations (in lhsDilation),
  //   window_dilations (in rhsDilation), padding (per dim).
  // select_and_scatter: window_dimensions, window_strides, padding.
  std::vector<int64_t> windowDimensions, windowStrides, lhsDilation, rhsDilation;
  std::vector<std::pair<int64_t, int64_t>> padding;
  std::vector<bool> windowReversal;
  int64_t featureGroupCount = 1, batchGroupCount = 1;
  std::string callee; // call: the function's name, without '@'
  // all_reduce: replica_groups, each group the replica ids whose operands are combined (channel
  // handle 0, cross_replica mode: the only one of the subset).
  std::vector<std::vector<int64_t>> replicaGroups;
  double tolerance = 1e-4;                            // check.expect_almost_eq[_const]
  int64_t maxUlpDifference = 3, minUlpDifference = 0; // check.expect_close
};

struct Op;
struct Region;

struct Value {
  TensorType type;
  Op* producer = nullptr; // null for a region argument
  int index = 0;          // result index in producer, or argument index in its region
};

// A single-block region: arguments, ops in order, and the values its terminator returns
// (`func.return` for a function body, `stablehlo.return` for a reduce body).
struct Region {
  std::vector<std::unique_ptr<Value>> args;
  std::vector<std::unique_ptr<Op>> ops;
  std::vector<Value*> results;

  Value* addArgument(TensorType type);
};

struct Op {
  OpKind kind;
  std::vector<Value*> operands;
  std::vector<std::unique_ptr<Value>> results;
  Attributes attrs;
  std::vector<std::unique_ptr<Region>> regions; // reduce, reduce_window: body;
                                                // select_and_scatter: select, scatter;
                                                // scatter: update_computation;
                                                // all_reduce: computation

  Value* result(int i = 0) const { return results.at(static_cast<size_t>(i)).get(); }
};

struct Function {
  std::string name;
  bool isPublic = true;
  Region body;
  // Argument and result attribute dictionaries, kept verbatim (e.g. `{jax.result_info = ""}`);
  // empty string when absent. Sized like the arguments/results once the function is complete.
  std::vector<std::string> argAttributes, resultAttributes;
  // The signature's result types. A parser knows them before the body (a call may precede its
  // callee); the verifier checks the body's returned values against them.
  std::vector<TensorType> resultTypes;

  std::vector<TensorType> argumentTypes() const;
  // Sets the body's returned values and the signature from them.
  void setResults(std::vector<Value*> values);
};

struct Module {
  std::string name;       // without '@'; empty for an anonymous module
  std::string attributes; // the module's attribute dictionary, verbatim, empty when absent
  std::vector<std::unique_ptr<Function>> functions;

  Function* lookup(std::string_view functionName) const;
  Function& addFunction(std::string functionName, bool isPublic = true);
};

} // namespace hlotrain::ir

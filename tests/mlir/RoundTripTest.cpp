// Modules built with ir::Builder, printed, parsed and printed again: the two texts must be equal
// byte for byte, and the parsed module must have the same structure.

#include <gtest/gtest.h>

#include "ir/Builder.h"
#include "mlir/Parser.h"
#include "mlir/Printer.h"
#include "support/Error.h"

namespace hlotrain::mlir {
namespace {

using ir::ElementType;
using ir::OpKind;
using ir::TensorType;

TensorType f32(ir::Shape shape) {
  return {ElementType::f32, std::move(shape)};
}

// A module with one public @main whose arguments have `argTypes`; `body` returns its results.
ir::Module moduleWith(const std::vector<TensorType>& argTypes, const ir::Builder::BodyFn& body) {
  ir::Module m;
  m.name = "jit_test";
  ir::Function& f = m.addFunction("main");
  std::vector<ir::Value*> args;
  for (const auto& t : argTypes) args.push_back(f.body.addArgument(t));
  ir::Builder b(f.body, &m);
  f.setResults(body(b, args));
  f.argAttributes.assign(args.size(), "");
  f.resultAttributes.assign(f.resultTypes.size(), "");
  return m;
}

// Prints, parses, prints again; returns the first text after checking both are equal.
std::string roundTrip(const ir::Module& m) {
  std::string first = print(m);
  ir::Module parsed = parse(first, "roundtrip.mlir");
  std::string second = print(parsed);
  EXPECT_EQ(first, second);
  return first;
}

void expectOpsRoundTrip(const std::vector<TensorType>& argTypes, const ir::Builder::BodyFn& body,
                        std::string_view mustContain) {
  std::string text = roundTrip(moduleWith(argTypes, body));
  EXPECT_NE(text.find(mustContain), std::string::npos) << text;
}

TEST(RoundTrip, ElementwiseUnaryOps) {
  for (OpKind kind :
       {OpKind::negate, OpKind::abs, OpKind::sign, OpKind::exponential, OpKind::log,
        OpKind::log_plus_one, OpKind::sqrt, OpKind::rsqrt, OpKind::tanh, OpKind::logistic}) {
    expectOpsRoundTrip(
        {f32({2, 3})},
        [&](ir::Builder& b, auto args) { return std::vector<ir::Value*>{b.unary(kind, args[0])}; },
        std::string(ir::opName(kind)) + " %arg0 : tensor<2x3xf32>");
  }
  expectOpsRoundTrip(
      {{ElementType::i32, {4}}},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.unary(OpKind::not_, args[0])};
      },
      "stablehlo.not %arg0 : tensor<4xi32>");
}

TEST(RoundTrip, ElementwiseBinaryOps) {
  for (OpKind kind : {OpKind::add, OpKind::subtract, OpKind::multiply, OpKind::divide,
                      OpKind::remainder, OpKind::maximum, OpKind::minimum, OpKind::power}) {
    expectOpsRoundTrip(
        {f32({2, 3}), f32({2, 3})},
        [&](ir::Builder& b, auto args) {
          return std::vector<ir::Value*>{b.binary(kind, args[0], args[1])};
        },
        std::string(ir::opName(kind)) + " %arg0, %arg1 : tensor<2x3xf32>");
  }
  for (OpKind kind : {OpKind::and_, OpKind::or_, OpKind::xor_}) {
    expectOpsRoundTrip(
        {{ElementType::ui8, {3}}, {ElementType::ui8, {3}}},
        [&](ir::Builder& b, auto args) {
          return std::vector<ir::Value*>{b.binary(kind, args[0], args[1])};
        },
        std::string(ir::opName(kind)) + " %arg0, %arg1 : tensor<3xui8>");
  }
}

TEST(RoundTrip, CompareAllDirectionsAndTypes) {
  for (auto dir :
       {ir::ComparisonDirection::EQ, ir::ComparisonDirection::NE, ir::ComparisonDirection::GE,
        ir::ComparisonDirection::GT, ir::ComparisonDirection::LE, ir::ComparisonDirection::LT}) {
    for (auto type :
         {ir::ComparisonType::NOTYPE, ir::ComparisonType::FLOAT, ir::ComparisonType::TOTALORDER}) {
      std::string expected = "stablehlo.compare " + std::string(ir::name(dir)) + ", %arg0, %arg1";
      if (type != ir::ComparisonType::NOTYPE) expected += ", " + std::string(ir::name(type));
      expectOpsRoundTrip(
          {f32({2}), f32({2})},
          [&](ir::Builder& b, auto args) {
            return std::vector<ir::Value*>{b.compare(args[0], args[1], dir, type)};
          },
          expected + " : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>");
    }
  }
  for (auto [type, element] : {std::pair{ir::ComparisonType::SIGNED, ElementType::i64},
                               std::pair{ir::ComparisonType::UNSIGNED, ElementType::ui64}}) {
    expectOpsRoundTrip(
        {{element, {}}, {element, {}}},
        // A copy: clang 14 cannot capture a structured binding.
        [&, type = type](ir::Builder& b, auto args) {
          return std::vector<ir::Value*>{
              b.compare(args[0], args[1], ir::ComparisonDirection::LT, type)};
        },
        ", " + std::string(ir::name(type)) + " : ");
  }
}

TEST(RoundTrip, SelectClampConvert) {
  expectOpsRoundTrip(
      {{ElementType::i1, {2}}, f32({2}), f32({2})},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.select(args[0], args[1], args[2])};
      },
      "stablehlo.select %arg0, %arg1, %arg2 : tensor<2xi1>, tensor<2xf32>");
  expectOpsRoundTrip(
      {f32({}), f32({4}), f32({})},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.clamp(args[0], args[1], args[2])};
      },
      "stablehlo.clamp %arg0, %arg1, %arg2 : (tensor<f32>, tensor<4xf32>, "
      "tensor<f32>) -> tensor<4xf32>");
  expectOpsRoundTrip(
      {f32({4}), f32({4}), f32({4})},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.clamp(args[0], args[1], args[2])};
      },
      "stablehlo.clamp %arg0, %arg1, %arg2 : tensor<4xf32>");
  expectOpsRoundTrip(
      {f32({4})},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.convert(args[0], ElementType::ui16)};
      },
      "stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xui16>");
}

TEST(RoundTrip, ShapeOps) {
  expectOpsRoundTrip(
      {f32({3})},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.broadcastInDim(args[0], {2, 3}, {1})};
      },
      "stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> "
      "tensor<2x3xf32>");
  expectOpsRoundTrip(
      {f32({2, 3})},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.reshape(args[0], {3, 2})};
      },
      "stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<3x2xf32>");
  expectOpsRoundTrip(
      {f32({2, 3})},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.transpose(args[0], {1, 0})};
      },
      "stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> "
      "tensor<3x2xf32>");
  expectOpsRoundTrip(
      {f32({4, 8})},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.slice(args[0], {1, 0}, {3, 8}, {1, 2})};
      },
      "stablehlo.slice %arg0 [1:3, 0:8:2] : (tensor<4x8xf32>) -> tensor<2x4xf32>");
  expectOpsRoundTrip(
      {f32({4, 8}), {ElementType::i32, {}}, {ElementType::i32, {}}},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.dynamicSlice(args[0], {args[1], args[2]}, {2, 3})};
      },
      "stablehlo.dynamic_slice %arg0, %arg1, %arg2, sizes = [2, 3] : "
      "(tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>");
  expectOpsRoundTrip(
      {f32({2, 3}), f32({1, 3})},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.concatenate({args[0], args[1]}, 0)};
      },
      "stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<2x3xf32>, "
      "tensor<1x3xf32>) -> tensor<3x3xf32>");
  expectOpsRoundTrip(
      {f32({2, 3}), f32({})},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.pad(args[0], args[1], {0, -1}, {2, 1}, {1, 0})};
      },
      "stablehlo.pad %arg0, %arg1, low = [0, -1], high = [2, 1], interior = [1, "
      "0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x3xf32>");
  expectOpsRoundTrip(
      {f32({2, 3})},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.reverse(args[0], {0, 1})};
      },
      "stablehlo.reverse %arg0, dims = [0, 1] : tensor<2x3xf32>");
}

TEST(RoundTrip, IotaAndConstants) {
  expectOpsRoundTrip(
      {},
      [](ir::Builder& b, auto) {
        return std::vector<ir::Value*>{
            b.iota({ElementType::i32, {2, 5}}, 1),
            b.constant(ir::Tensor::fromVector<float>({2}, {1.5f, -2.0f})), b.scalar<int64_t>(-7)};
      },
      "stablehlo.iota dim = 1 : tensor<2x5xi32>");
}

TEST(RoundTrip, DotGeneral) {
  ir::DotDimensionNumbers batched{{0}, {0}, {2}, {1}};
  expectOpsRoundTrip(
      {f32({4, 2, 3}), f32({4, 3, 5})},
      [&](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.dotGeneral(args[0], args[1], batched)};
      },
      "stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], "
      "contracting_dims = [2] x [1] : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> "
      "tensor<4x2x5xf32>");
  ir::DotDimensionNumbers plain{{}, {}, {1}, {0}};
  expectOpsRoundTrip(
      {f32({2, 3}), f32({3, 5})},
      [&](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.dotGeneral(args[0], args[1], plain)};
      },
      "stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : ");
}

ir::Attributes nhwcConv() {
  ir::Attributes a;
  a.conv.inputBatchDimension = 0;
  a.conv.inputFeatureDimension = 3;
  a.conv.inputSpatialDimensions = {1, 2};
  a.conv.kernelSpatialDimensions = {0, 1};
  a.conv.kernelInputFeatureDimension = 2;
  a.conv.kernelOutputFeatureDimension = 3;
  a.conv.outputBatchDimension = 0;
  a.conv.outputFeatureDimension = 3;
  a.conv.outputSpatialDimensions = {1, 2};
  return a;
}

TEST(RoundTrip, Convolution) {
  ir::Attributes a = nhwcConv();
  a.windowStrides = {2, 1};
  a.padding = {{1, 1}, {0, 2}};
  a.lhsDilation = {1, 2};
  a.rhsDilation = {2, 1};
  a.windowReversal = {false, true};
  a.featureGroupCount = 2;
  expectOpsRoundTrip(
      {f32({1, 9, 9, 4}), f32({3, 3, 2, 6})},
      [&](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.convolution(args[0], args[1], a)};
      },
      "dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = "
      "[2, 1], pad = [[1, 1], [0, 2]], lhs_dilate = [1, 2], rhs_dilate = [2, 1], "
      "reverse = [false, true]} {batch_group_count = 1 : i64, "
      "feature_group_count = 2 : i64}");
  ir::Attributes nchw;
  nchw.conv.inputSpatialDimensions = {2, 3};
  nchw.conv.kernelSpatialDimensions = {2, 3};
  nchw.conv.outputSpatialDimensions = {2, 3};
  expectOpsRoundTrip(
      {f32({2, 3, 8, 8}), f32({4, 3, 3, 3})},
      [&](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.convolution(args[0], args[1], nchw)};
      },
      "stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, "
      "1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], "
      "lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]}");
}

TEST(RoundTrip, ReduceCompactAndFull) {
  expectOpsRoundTrip(
      {f32({2, 3})},
      [](ir::Builder& b, auto args) {
        ir::Value* zero = b.scalar<float>(0.0f);
        return std::vector<ir::Value*>{b.reduce(args[0], zero, {1}, OpKind::add)};
      },
      "stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions "
      "= [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>");
  // A body that is not one binary op on (acc, x) takes the full region form.
  expectOpsRoundTrip(
      {f32({2, 3})},
      [](ir::Builder& b, auto args) {
        ir::Value* zero = b.scalar<float>(0.0f);
        return b.reduce({args[0]}, {zero}, {0, 1},
                        [](ir::Builder& r, std::span<ir::Value* const> x) {
                          return std::vector<ir::Value*>{r.add(x[0], r.multiply(x[1], x[1]))};
                        });
      },
      " reducer(%arg1: tensor<f32>, %arg2: tensor<f32>)  {");
  // Variadic: argmax over (value, index).
  expectOpsRoundTrip(
      {f32({4}), {ElementType::i32, {4}}},
      [](ir::Builder& b, auto args) {
        ir::Value* lowest = b.scalar<float>(-1.0f / 0.0f);
        ir::Value* zero = b.scalar<int32_t>(0);
        return b.reduce({args[0], args[1]}, {lowest, zero}, {0},
                        [](ir::Builder& r, std::span<ir::Value* const> x) {
                          ir::Value* pick = r.compare(x[0], x[2], ir::ComparisonDirection::GE);
                          return std::vector<ir::Value*>{r.select(pick, x[0], x[2]),
                                                         r.select(pick, x[1], x[3])};
                        });
      },
      "%0:2 = stablehlo.reduce(%arg0 init: %cst), (%arg1 init: %c) across dimensions = [0]");
}

TEST(RoundTrip, CollectivesAndReplicaId) {
  expectOpsRoundTrip(
      {f32({2, 3}), f32({})},
      [](ir::Builder& b, auto args) {
        std::vector<ir::Value*> sums = b.allReduce({args[0], args[1]}, OpKind::add, {{0, 1}});
        sums.push_back(b.replicaId());
        return sums;
      },
      "%0:2 = \"stablehlo.all_reduce\"(%arg0, %arg1) <{replica_groups = dense<[[0, 1]]> : "
      "tensor<1x2xi64>}> ({\n");
  expectOpsRoundTrip(
      {f32({2})},
      [](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.allReduce({args[0]}, OpKind::maximum, {{0}, {1}})[0],
                                       b.replicaId()};
      },
      "\"stablehlo.replica_id\"() : () -> tensor<ui32>");
}

// XLA's forms of the collectives: a zero channel handle (cross_replica mode) and the pretty
// replica_id are read; a positive handle or global device ids are refused as unsupported.
TEST(RoundTrip, CollectiveForms) {
  const std::string head = "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
                           "  %s = \"stablehlo.all_reduce\"(%x) <{";
  const std::string tail = "replica_groups = dense<[[0]]> : tensor<1x1xi64>}> ({\n"
                           "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
                           "    %t = stablehlo.add %a, %b : tensor<f32>\n"
                           "    stablehlo.return %t : tensor<f32>\n"
                           "  }) : (tensor<2xf32>) -> tensor<2xf32>\n"
                           "  %id = stablehlo.replica_id : tensor<ui32>\n"
                           "  return %s : tensor<2xf32>\n}\n";
  ir::Module m = parse(
      head + "channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, " + tail, "t");
  EXPECT_EQ(m.functions[0]->body.ops[0]->attrs.replicaGroups,
            (std::vector<std::vector<int64_t>>{{0}}));
  EXPECT_EQ(m.functions[0]->body.ops[1]->kind, OpKind::replica_id);
  for (const std::string refused :
       {"channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, ",
        "use_global_device_ids, "})
    EXPECT_THROW(parse(head + refused + tail, "t"), UnsupportedError) << refused;
  EXPECT_THROW(parse(head + "replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>}> ({\n" +
                         tail.substr(tail.find("  ^bb0")),
                     "t"),
               VerifyError);
}

TEST(RoundTrip, ReduceWindowAndSelectAndScatter) {
  ir::Attributes w;
  w.windowDimensions = {1, 3, 3, 1};
  w.windowStrides = {1, 2, 2, 1};
  w.padding = {{0, 0}, {1, 1}, {1, 1}, {0, 0}};
  expectOpsRoundTrip(
      {f32({2, 8, 8, 3})},
      [&](ir::Builder& b, auto args) {
        ir::Value* init = b.scalar<float>(-1.0f / 0.0f);
        return std::vector<ir::Value*>{b.reduceWindow(args[0], init, w, OpKind::maximum)};
      },
      "\"stablehlo.reduce_window\"(%arg0, %cst) <{base_dilations = array<i64: 1, 1, "
      "1, 1>, padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : "
      "tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, "
      "window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, "
      "2, 2, 1>}> ({\n    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):");
  ir::Attributes s;
  s.windowDimensions = {2, 2};
  s.windowStrides = {2, 2};
  expectOpsRoundTrip(
      {f32({4, 4}), f32({2, 2})},
      [&](ir::Builder& b, auto args) {
        ir::Value* init = b.scalar<float>(0.0f);
        return std::vector<ir::Value*>{b.selectAndScatter(
            args[0], args[1], init, s, ir::ComparisonDirection::GE, OpKind::add)};
      },
      "\"stablehlo.select_and_scatter\"(%arg0, %arg1, %cst) <{padding = dense<0> : "
      "tensor<2x2xi64>, window_dimensions = array<i64: 2, 2>, window_strides = "
      "array<i64: 2, 2>}> ({");
}

// A token embedding's row gather and its gradient's scatter-add, in the generic form StableHLO
// prints them in (properties sorted, empty dimension lists left out).
TEST(RoundTrip, GatherAndScatter) {
  const TensorType ids{ElementType::i32, {2, 5}};
  expectOpsRoundTrip(
      {f32({7, 3}), ids},
      [&](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{b.gather(args[0], args[1], {{2}, {0}, {0}, 2}, {1, 3})};
      },
      "\"stablehlo.gather\"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = "
      "[2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, "
      "indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<7x3xf32>, "
      "tensor<2x5xi32>) -> tensor<2x5x3xf32>");
  expectOpsRoundTrip(
      {f32({7, 3}), ids, f32({2, 5, 3})},
      [&](ir::Builder& b, auto args) {
        return std::vector<ir::Value*>{
            b.scatter(args[0], args[1], args[2], {{2}, {0}, {0}, 2}, OpKind::add)};
      },
      "\"stablehlo.scatter\"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, "
      "scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], "
      "inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, "
      "unique_indices = false}> ({\n    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):");
}

TEST(RoundTrip, CallsChecksAndAttributes) {
  ir::Module m;
  m.name = "jit_calls";
  m.attributes = "{mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}";
  ir::Function& main = m.addFunction("main");
  ir::Function& helper = m.addFunction("helper", false);
  {
    ir::Value* x = helper.body.addArgument(f32({2}));
    ir::Builder b(helper.body, &m);
    helper.setResults({b.unary(OpKind::negate, x), x});
    helper.argAttributes = {""};
    helper.resultAttributes = {"{mhlo.layout_mode = \"default\"}", ""};
  }
  ir::Value* a = main.body.addArgument(f32({2}));
  ir::Builder b(main.body, &m);
  std::vector<ir::Value*> r = b.call(helper, {a});
  b.check(OpKind::check_expect_eq, {r[0], r[1]});
  b.check(OpKind::check_expect_almost_eq, {r[0], a});
  ir::Attributes tol;
  tol.tolerance = 1e-3;
  b.check(OpKind::check_expect_almost_eq, {r[0], a}, tol);
  ir::Attributes ulp;
  ulp.maxUlpDifference = 5;
  ulp.minUlpDifference = 1;
  b.check(OpKind::check_expect_close, {r[0], a}, ulp);
  ir::Attributes c;
  c.value = ir::Tensor::fromVector<float>({2}, {0.25f, 3.0f});
  b.check(OpKind::check_expect_eq_const, {a}, c);
  c.tolerance = 0.5;
  b.check(OpKind::check_expect_almost_eq_const, {a}, c);
  main.setResults({r[0]});
  main.argAttributes = {"{mhlo.layout_mode = \"default\"}"};
  main.resultAttributes = {"{jax.result_info = \"result\"}"};
  std::string text = roundTrip(m);
  for (const char* piece :
       {"module @jit_calls attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : "
        "i32} {",
        "func.func public @main(%arg0: tensor<2xf32> {mhlo.layout_mode = \"default\"}) -> "
        "(tensor<2xf32> {jax.result_info = \"result\"}) {",
        "%0:2 = call @helper(%arg0) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)",
        "check.expect_eq %0#0, %0#1 : tensor<2xf32>",
        "check.expect_almost_eq %0#0, %arg0 : tensor<2xf32>",
        "check.expect_almost_eq %0#0, %arg0, tolerance = 1.000000e-03 : tensor<2xf32>",
        "check.expect_close %0#0, %arg0, max_ulp_difference = 5, min_ulp_difference = 1 : "
        "tensor<2xf32>, tensor<2xf32>",
        "check.expect_eq_const %arg0, dense<[2.500000e-01, 3.000000e+00]> : tensor<2xf32>",
        "check.expect_almost_eq_const %arg0, dense<[2.500000e-01, 3.000000e+00]> : "
        "tensor<2xf32>, tolerance = 5.000000e-01",
        "func.func private @helper(%arg0: tensor<2xf32>) -> (tensor<2xf32> {mhlo.layout_mode = "
        "\"default\"}, tensor<2xf32>) {",
        "return %0, %arg0 : tensor<2xf32>, tensor<2xf32>"})
    EXPECT_NE(text.find(piece), std::string::npos) << piece << "\n" << text;
  ir::Module parsed = parse(text);
  ASSERT_EQ(parsed.functions.size(), 2u);
  EXPECT_EQ(parsed.attributes, m.attributes);
  EXPECT_EQ(parsed.functions[0]->argAttributes, main.argAttributes);
  EXPECT_EQ(parsed.functions[1]->resultAttributes, helper.resultAttributes);
  EXPECT_FALSE(parsed.functions[1]->isPublic);
  const ir::Op& close = *parsed.functions[0]->body.ops[4];
  EXPECT_EQ(close.kind, OpKind::check_expect_close);
  EXPECT_EQ(close.attrs.maxUlpDifference, 5);
  EXPECT_EQ(close.attrs.minUlpDifference, 1);
  EXPECT_EQ(parsed.functions[0]->body.ops[3]->attrs.tolerance, 1e-3);
}

TEST(RoundTrip, AnonymousModuleAndNoResults) {
  ir::Module m;
  ir::Function& f = m.addFunction("main");
  ir::Value* x = f.body.addArgument({ElementType::i1, {}});
  ir::Builder b(f.body, &m);
  b.check(OpKind::check_expect_eq, {x, x});
  f.setResults({});
  std::string text = roundTrip(m);
  EXPECT_EQ(text, "module {\n  func.func public @main(%arg0: tensor<i1>) {\n"
                  "    check.expect_eq %arg0, %arg0 : tensor<i1>\n    return\n  }\n}\n");
}

} // namespace
} // namespace hlotrain::mlir

// mlir::aliasingOutputs: the donation declaration (`tf.aliasing_output`) read from argument
// attributes in both the pretty and the generic function forms, and refused when it names no
// result, a result twice, or a result of another type.

#include <gtest/gtest.h>

#include "mlir/Parser.h"
#include "support/Error.h"

namespace hlotrain::mlir {
namespace {

std::vector<std::optional<int64_t>> aliasing(const char* text) {
  ir::Module m = parse(text, "t.mlir");
  return aliasingOutputs(*m.lookup("main"));
}

TEST(Aliasing, ReadsThePrettyForm) {
  auto a = aliasing(R"(func.func public @main(%a: tensor<2xf32> {tf.aliasing_output = 1 : i32},
      %b: tensor<2xf32> {jax.buffer_donor = true}, %c: tensor<2xf32>
      {mhlo.sharding = "{replicated}", tf.aliasing_output = 0 : i32})
      -> (tensor<2xf32>, tensor<2xf32>) {
    return %c, %a : tensor<2xf32>, tensor<2xf32>
  })");
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a[0], 1);
  EXPECT_FALSE(a[1]) << "jax.buffer_donor alone fixes no result";
  EXPECT_EQ(a[2], 0);
}

TEST(Aliasing, ReadsTheGenericForm) {
  auto a = aliasing(R"("func.func"() <{function_type = (tensor<f32>, tensor<f32>) -> tensor<f32>,
      sym_name = "main", arg_attrs = [{tf.aliasing_output = 0 : i32}, {}]}> ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      "func.return"(%y) : (tensor<f32>) -> ()
  }) : () -> ())");
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0], 0);
  EXPECT_FALSE(a[1]);
}

TEST(Aliasing, RefusesAnAliasOutsideTheResults) {
  EXPECT_THROW(aliasing(R"(func.func public @main(%a: tensor<f32> {tf.aliasing_output = 1 : i32})
      -> tensor<f32> {
    return %a : tensor<f32>
  })"),
               VerifyError);
}

TEST(Aliasing, RefusesOneResultTakenTwice) {
  EXPECT_THROW(aliasing(R"(func.func public @main(%a: tensor<f32> {tf.aliasing_output = 0 : i32},
      %b: tensor<f32> {tf.aliasing_output = 0 : i32}) -> tensor<f32> {
    return %a : tensor<f32>
  })"),
               VerifyError);
}

TEST(Aliasing, RefusesAResultOfAnotherType) {
  EXPECT_THROW(aliasing(R"(func.func public @main(%a: tensor<2xf32> {tf.aliasing_output = 0 : i32})
      -> tensor<f32> {
    %c = stablehlo.constant dense<1.0> : tensor<f32>
    return %c : tensor<f32>
  })"),
               VerifyError);
}

} // namespace
} // namespace hlotrain::mlir

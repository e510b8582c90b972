// Constants of every element type: splats, nested lists, hex data, special floats; printing
// re-parses to the same bits.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ir/Builder.h"
#include "mlir/Parser.h"
#include "mlir/Printer.h"
#include "support/Error.h"

namespace hlotrain::mlir {
namespace {

using ir::ElementType;

// The constant of `%0 = stablehlo.constant <literal> : <type>` in a one-op module.
ir::Tensor parseConstant(const std::string& literal, const std::string& type) {
  std::string text = "func.func @main() -> " + type + " {\n  %0 = stablehlo.constant " + literal +
                     " : " + type + "\n  return %0 : " + type + "\n}\n";
  ir::Module m = parse(text, "const.mlir");
  return m.functions.at(0)->body.ops.at(0)->attrs.value;
}

// Prints `value` as a constant, parses it back and expects identical bytes.
std::string expectConstantRoundTrip(const ir::Tensor& value) {
  ir::Module m;
  ir::Function& f = m.addFunction("main");
  ir::Builder b(f.body, &m);
  f.setResults({b.constant(value)});
  std::string text = print(m);
  ir::Module parsed = parse(text);
  const ir::Tensor& back = parsed.functions[0]->body.ops[0]->attrs.value;
  EXPECT_EQ(back.type(), value.type()) << text;
  EXPECT_TRUE(back == value) << text;
  EXPECT_EQ(print(parsed), text);
  return text;
}

template <class T> void roundTripValues(const std::vector<T>& values) {
  auto n = static_cast<int64_t>(values.size());
  expectConstantRoundTrip(ir::Tensor::fromVector<T>({n}, values));
  expectConstantRoundTrip(ir::Tensor::fromVector<T>({}, {values[0]}));
  expectConstantRoundTrip(ir::Tensor::fromVector<T>({3, 2}, std::vector<T>(6, values.back())));
  // Large enough for the hex form.
  std::vector<T> many;
  for (int i = 0; i < 150; ++i) many.push_back(values[static_cast<size_t>(i) % values.size()]);
  expectConstantRoundTrip(ir::Tensor::fromVector<T>({10, 15}, many));
}

TEST(Constant, EveryElementTypeRoundTrips) {
  using F = std::numeric_limits<float>;
  using D = std::numeric_limits<double>;
  roundTripValues<float>({1.0f, -0.0f, 0.1f, F::max(), F::lowest(), F::denorm_min(), F::min(),
                          F::infinity(), -F::infinity(), F::quiet_NaN(), 3.14159274f, 1e-7f});
  roundTripValues<double>({1.0, -0.0, 0.1, 1.0 / 3.0, D::max(), D::denorm_min(), D::infinity(),
                           -D::infinity(), D::quiet_NaN(), 2.718281828459045});
  roundTripValues<bool>({true, false, false});
  roundTripValues<int8_t>({-128, 127, 0, -1});
  roundTripValues<int16_t>({-32768, 32767, 7});
  roundTripValues<int32_t>({INT32_MIN, INT32_MAX, 0});
  roundTripValues<int64_t>({INT64_MIN, INT64_MAX, -5});
  roundTripValues<uint8_t>({255, 0, 17});
  roundTripValues<uint16_t>({65535, 1});
  roundTripValues<uint32_t>({UINT32_MAX, 2});
  roundTripValues<uint64_t>({UINT64_MAX, 3});
}

TEST(Constant, PrintedForms) {
  EXPECT_EQ(printDenseLiteral(ir::Tensor::fromVector<float>({2, 2}, {1, 2, 3, 4})),
            "dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]>");
  EXPECT_EQ(printDenseLiteral(ir::Tensor::fromVector<int32_t>({3}, {5, 5, 5})), "dense<5>");
  EXPECT_EQ(printDenseLiteral(ir::Tensor::fromVector<bool>({2}, {true, false})),
            "dense<[true, false]>");
  EXPECT_EQ(printDenseLiteral(ir::Tensor(ir::TensorType{ElementType::f32, {0, 3}})), "dense<>");
  EXPECT_EQ(printDenseLiteral(ir::Tensor::fromVector<uint64_t>({}, {UINT64_MAX})),
            "dense<18446744073709551615>");
  std::vector<uint8_t> bytes(101);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i);
  std::string hex = printDenseLiteral(ir::Tensor::fromVector<uint8_t>({101}, bytes));
  EXPECT_EQ(hex.substr(0, 15), "dense<\"0x000102");
}

TEST(Constant, FloatFormatting) {
  EXPECT_EQ(formatFloat(1.0f), "1.000000e+00");
  EXPECT_EQ(formatFloat(0.1f), "1.000000e-01");
  EXPECT_EQ(formatFloat(-0.0f), "-0.000000e+00");
  EXPECT_EQ(formatFloat(std::numeric_limits<float>::quiet_NaN()), "0x7FC00000");
  EXPECT_EQ(formatFloat(std::numeric_limits<float>::infinity()), "0x7F800000");
  EXPECT_EQ(formatFloat(-std::numeric_limits<float>::infinity()), "0xFF800000");
  EXPECT_EQ(formatFloat(std::numeric_limits<double>::infinity()), "0x7FF0000000000000");
  // When six digits do not re-parse exactly: MLIR's 9 (f32) / 17 (f64) digit form, as JAX prints.
  EXPECT_EQ(formatFloat(1.0 / 3.0), "0.33333333333333331");
  EXPECT_EQ(formatFloat(3.14159274f), "3.14159274");
  EXPECT_EQ(formatFloat(-0.986152648f), "-0.986152648");
  EXPECT_EQ(formatFloat(std::numeric_limits<float>::max()), "3.40282347E+38");
  EXPECT_EQ(formatFloat(std::numeric_limits<float>::min()), "1.17549435E-38");
  EXPECT_EQ(formatFloat(std::numeric_limits<float>::denorm_min()), "1.401300e-45");
  EXPECT_EQ(formatFloat(0.00999999977f), "0.00999999977");
  EXPECT_EQ(formatFloat(1.0f + 1.0f / 512), "1.00195313"); // a tie rounds half up
  // The long form of an integral value has no '.', which is no float literal: hex bits.
  EXPECT_EQ(formatFloat(16777216.0f), "0x4B800000");
  EXPECT_EQ(formatFloat(16777217.0), "0x4170000010000000");
  EXPECT_EQ(formatFloat(1e300), "1.000000e+300");
}

TEST(Constant, ParsedForms) {
  ir::Tensor hexSplat = parseConstant("dense<\"0x0000803F\">", "tensor<3xf32>");
  EXPECT_EQ(hexSplat, ir::Tensor::fromVector<float>({3}, {1, 1, 1}));
  ir::Tensor hexData = parseConstant("dense<\"0x0100000002000000\">", "tensor<2xi32>");
  EXPECT_EQ(hexData, ir::Tensor::fromVector<int32_t>({2}, {1, 2}));
  ir::Tensor bits = parseConstant("dense<[0x7F800000, 0xFF800000, -1.5, 2]>", "tensor<4xf32>");
  EXPECT_TRUE(std::isinf(bits.get<float>(0)) && bits.get<float>(0) > 0);
  EXPECT_TRUE(std::isinf(bits.get<float>(1)) && bits.get<float>(1) < 0);
  EXPECT_EQ(bits.get<float>(2), -1.5f);
  EXPECT_EQ(bits.get<float>(3), 2.0f);
  ir::Tensor nan64 = parseConstant("dense<0x7FF8000000000000>", "tensor<f64>");
  EXPECT_TRUE(std::isnan(nan64.get<double>(0)));
  EXPECT_EQ(parseConstant("dense<[[true], [false]]>", "tensor<2x1xi1>"),
            ir::Tensor::fromVector<bool>({2, 1}, {true, false}));
  EXPECT_EQ(parseConstant("dense<\"0x0100\">", "tensor<2xi1>"),
            ir::Tensor::fromVector<bool>({2}, {true, false}));
  EXPECT_EQ(parseConstant("dense<255>", "tensor<i8>"), ir::Tensor::scalar<int8_t>(-1));
  EXPECT_EQ(parseConstant("dense<-128>", "tensor<i8>"), ir::Tensor::scalar<int8_t>(-128));
  EXPECT_EQ(parseConstant("dense<18446744073709551615>", "tensor<ui64>"),
            ir::Tensor::scalar<uint64_t>(UINT64_MAX));
  EXPECT_EQ(parseConstant("dense<-9223372036854775808>", "tensor<i64>"),
            ir::Tensor::scalar<int64_t>(INT64_MIN));
  EXPECT_EQ(parseConstant("dense<[]>", "tensor<0xf32>").numElements(), 0);
  EXPECT_EQ(parseConstant("dense<>", "tensor<2x0xi32>").numElements(), 0);
  // Decimal parsing is correctly rounded for each width, subnormals included.
  EXPECT_EQ(parseConstant("dense<0.1>", "tensor<f32>").get<float>(0), 0.1f);
  EXPECT_EQ(parseConstant("dense<0.1>", "tensor<f64>").get<double>(0), 0.1);
  EXPECT_EQ(parseConstant("dense<4.9406564584124654e-324>", "tensor<f64>").get<double>(0),
            std::numeric_limits<double>::denorm_min());
}

// Every bf16 and f16 bit pattern prints (as decimal lists, NaN and infinities as hex bits, and
// as hex bytes past the list threshold) and parses back to the same bits.
template <class H> void expectEveryPatternRoundTrips() {
  std::vector<H> patterns;
  for (uint32_t b = 0; b <= 0xFFFF; ++b) patterns.push_back(H::fromBits(static_cast<uint16_t>(b)));
  for (size_t start = 0; start < patterns.size(); start += 64) {
    std::vector<H> chunk(patterns.begin() + static_cast<std::ptrdiff_t>(start),
                         patterns.begin() + static_cast<std::ptrdiff_t>(start + 64));
    std::string text = expectConstantRoundTrip(ir::Tensor::fromVector<H>({64}, chunk));
    ASSERT_EQ(text.find("dense<\"0x"), std::string::npos) << "printed as a list";
  }
  const std::string hex = expectConstantRoundTrip(ir::Tensor::fromVector<H>({65536}, patterns));
  EXPECT_NE(hex.find("dense<\"0x00000100"), std::string::npos);
}

TEST(Constant, EveryHalfFloatPatternRoundTrips) {
  expectEveryPatternRoundTrips<ir::BFloat16>();
  expectEveryPatternRoundTrips<ir::Float16>();
}

TEST(Constant, HalfFloatFormatting) {
  using ir::BFloat16;
  using ir::Float16;
  EXPECT_EQ(formatFloat(BFloat16(1.0)), "1.000000e+00");
  EXPECT_EQ(formatFloat(BFloat16(-1.5859375)), "-1.585940e+00"); // as JAX's bf16 testdata
  EXPECT_EQ(formatFloat(BFloat16(0.1)), "1.000980e-01");
  EXPECT_EQ(formatFloat(BFloat16(-0.0)), "-0.000000e+00");
  EXPECT_EQ(formatFloat(BFloat16::fromBits(0x7FC0)), "0x7FC0");
  EXPECT_EQ(formatFloat(BFloat16::fromBits(0xFF80)), "0xFF80");
  EXPECT_EQ(formatFloat(BFloat16::fromBits(0x0001)), "9.183550e-41");
  EXPECT_EQ(formatFloat(Float16(65504.0)), "6.550400e+04");
  EXPECT_EQ(formatFloat(Float16(0.1)), "9.997550e-02"); // APFloat's cut, then round half up
  EXPECT_EQ(formatFloat(Float16::fromBits(0x0001)), "5.960460e-08");
  EXPECT_EQ(formatFloat(Float16::fromBits(0x7E00)), "0x7E00");
  EXPECT_EQ(formatFloat(Float16::fromBits(0x7C00)), "0x7C00");
  EXPECT_EQ(printDenseLiteral(ir::Tensor::fromVector<Float16>({2}, {Float16(1.5), Float16(-2.0)})),
            "dense<[1.500000e+00, -2.000000e+00]>");
}

TEST(Constant, HalfFloatParsedForms) {
  using ir::BFloat16;
  using ir::Float16;
  // Decimals round to nearest even once from their double value; hex integers are the bits.
  EXPECT_EQ(parseConstant("dense<[1.00390625, 1.01171875, 0.1, 3.4e+38]>", "tensor<4xbf16>"),
            ir::Tensor::fromVector<BFloat16>(
                {4}, {BFloat16::fromBits(0x3F80), BFloat16::fromBits(0x3F82),
                      BFloat16::fromBits(0x3DCD), BFloat16::fromBits(0x7F80)}));
  EXPECT_EQ(
      parseConstant("dense<[65519.0, 65520.0, 2.98023223876953125E-8]>", "tensor<3xf16>"),
      ir::Tensor::fromVector<Float16>(
          {3}, {Float16::fromBits(0x7BFF), Float16::fromBits(0x7C00), Float16::fromBits(0x0000)}));
  EXPECT_EQ(parseConstant("dense<0x3F80>", "tensor<2xbf16>"),
            ir::Tensor::fromVector<BFloat16>({2}, {BFloat16(1.0), BFloat16(1.0)}));
  EXPECT_TRUE(parseConstant("dense<0x7E00>", "tensor<f16>").get<Float16>(0).isNaN());
  EXPECT_EQ(parseConstant("dense<\"0x003C00C0\">", "tensor<2xf16>"),
            ir::Tensor::fromVector<Float16>({2}, {Float16(1.0), Float16(-2.0)}));
  EXPECT_EQ(parseConstant("dense<\"0x803F\">", "tensor<3xbf16>"),
            ir::Tensor::fromVector<BFloat16>({3}, {BFloat16(1.0), BFloat16(1.0), BFloat16(1.0)}));
  EXPECT_EQ(parseConstant("dense<[-257, 3]>", "tensor<2xbf16>"),
            ir::Tensor::fromVector<BFloat16>({2}, {BFloat16(-256.0), BFloat16(3.0)}));
  EXPECT_EQ(parseConstant("dense<-0.0>", "tensor<f16>").get<Float16>(0).bits, 0x8000);
  EXPECT_THROW(parseConstant("dense<0x10000>", "tensor<bf16>"), ParseError);
  EXPECT_THROW(parseConstant("dense<true>", "tensor<f16>"), ParseError);
}

} // namespace
} // namespace hlotrain::mlir

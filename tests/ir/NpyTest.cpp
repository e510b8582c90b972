// .npy round trips on every element type, files as NumPy writes them, and malformed files.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "ir/Npy.h"
#include "support/Error.h"

using namespace hlotrain;
using namespace hlotrain::ir;

namespace {

class NpyTest : public ::testing::Test {
protected:
  std::filesystem::path dir;

  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("hlotrain_npy_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
           "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  std::string path(const std::string& name) const { return (dir / name).string(); }

  // A file holding `header` (a dict, padded and terminated like NumPy does) after a v1.0 prefix,
  // followed by `data`.
  std::string writeV1(const std::string& name, std::string header, const std::string& data) {
    header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
    header += '\n';
    std::string bytes = std::string("\x93NUMPY\x01\x00", 8);
    bytes += static_cast<char>(header.size() & 0xff);
    bytes += static_cast<char>(header.size() >> 8);
    return writeRaw(name, bytes + header + data);
  }

  std::string writeRaw(const std::string& name, const std::string& bytes) {
    std::ofstream(path(name), std::ios::binary) << bytes;
    return path(name);
  }

  // The ParseError message of reading `file`, or "" when it parsed.
  static std::string parseError(const std::string& file) {
    try {
      readNpy(file);
    } catch (const ParseError& e) {
      return e.what();
    }
    return "";
  }
};

template <class T> Tensor sample(Shape shape) {
  Tensor t(TensorType{elementTypeOf<T>(), shape});
  for (int64_t i = 0; i < t.numElements(); ++i) t.set<T>(i, static_cast<T>(i % 3 == 1 ? 1 : i));
  return t;
}

TEST_F(NpyTest, RoundTripsEveryElementType) {
  const std::vector<Tensor> tensors = {
      sample<float>({2, 3}),    sample<double>({4}),     sample<bool>({3, 1}),
      sample<int8_t>({5}),      sample<int16_t>({2, 2}), sample<int32_t>({1, 2, 3}),
      sample<int64_t>({3}),     sample<uint8_t>({7}),    sample<uint16_t>({2}),
      sample<uint32_t>({2, 2}), sample<uint64_t>({1}),   sample<BFloat16>({2, 3}),
      sample<Float16>({3}),
  };
  for (const Tensor& t : tensors) {
    writeNpy(path("t.npy"), t);
    EXPECT_EQ(readNpy(path("t.npy")), t) << toString(t.type());
  }
}

TEST_F(NpyTest, RoundTripsScalarsAndEmptyTensors) {
  for (const Tensor& t :
       {Tensor::scalar<float>(2.5f), Tensor(TensorType{ElementType::i32, {0, 3}})}) {
    writeNpy(path("t.npy"), t);
    EXPECT_EQ(readNpy(path("t.npy")), t) << toString(t.type());
  }
}

TEST_F(NpyTest, WritesTheHeaderNumPyWrites) {
  writeNpy(path("t.npy"), sample<float>({3}));
  std::ifstream in(path("t.npy"), std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  ASSERT_EQ(bytes.size(), 128u + 12u); // the header pads the data offset to 128
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  EXPECT_EQ(bytes.substr(10).find("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }"), 0u);
  EXPECT_EQ(bytes[127], '\n');
  EXPECT_FALSE(std::filesystem::exists(temporaryPath(path("t.npy"))));
}

TEST_F(NpyTest, ReadsNumPyHeaders) {
  const std::string data("\x01\x00\x02\x00\x03\x00\x04\x00\x05\x00\x06\x00", 12);
  Tensor t = readNpy(
      writeV1("a.npy", "{'descr': '<i2', 'fortran_order': False, 'shape': (2, 3), }", data));
  EXPECT_EQ(t.type(), (TensorType{ElementType::i16, {2, 3}}));
  EXPECT_EQ(t.get<int16_t>(5), 6);
  // Other key order, double quotes, no trailing comma, '=' byte order, '|' on one-byte types.
  t = readNpy(
      writeV1("b.npy", "{\"shape\": (12,), \"fortran_order\": False, \"descr\": \"|u1\"}", data));
  EXPECT_EQ(t.type(), (TensorType{ElementType::ui8, {12}}));
  t = readNpy(writeV1("c.npy", "{'descr': '=i4', 'fortran_order': False, 'shape': (3,)}", data));
  EXPECT_EQ(t.get<int32_t>(2), 0x00060005);
  t = readNpy(writeV1("d.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': ()}",
                      std::string("\0\0\0\0\0\0\xf0\x3f", 8)));
  EXPECT_EQ(t.type(), (TensorType{ElementType::f64, {}}));
  EXPECT_EQ(t.get<double>(0), 1.0);
}

// f16 is NumPy's '<f2'; bf16 is written as ml_dtypes' np.save writes it, '<V2' (raw bits), and
// read from that, NumPy's '|V2' and the dtype's name 'bfloat16'.
TEST_F(NpyTest, HalfFloatDescrs) {
  Tensor h = Tensor::fromVector<Float16>({2}, {Float16(1.0), Float16(-2.0)});
  writeNpy(path("h.npy"), h);
  std::ifstream in(path("h.npy"), std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(bytes.find("{'descr': '<f2', "), std::string::npos);
  EXPECT_EQ(bytes.substr(bytes.size() - 4), std::string("\x00\x3c\x00\xc0", 4));

  Tensor b = Tensor::fromVector<BFloat16>({2}, {BFloat16(1.0), BFloat16(-2.0)});
  writeNpy(path("b.npy"), b);
  std::ifstream inB(path("b.npy"), std::ios::binary);
  bytes.assign((std::istreambuf_iterator<char>(inB)), {});
  EXPECT_NE(bytes.find("{'descr': '<V2', "), std::string::npos);
  EXPECT_EQ(bytes.substr(bytes.size() - 4), std::string("\x80\x3f\x00\xc0", 4));

  const std::string data("\x80\x3f\x00\xc0", 4);
  for (const char* descr : {"<V2", "|V2", "bfloat16"}) {
    const std::string header =
        std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': (2,), }";
    EXPECT_EQ(readNpy(writeV1("v.npy", header, data)), b) << descr;
  }
  EXPECT_NE(parseError(writeV1("w.npy", "{'descr': '>f2', 'fortran_order': False, 'shape': (2,), }",
                               data)),
            "");
  EXPECT_NE(parseError(writeV1("x.npy", "{'descr': '<V4', 'fortran_order': False, 'shape': (1,), }",
                               data)),
            "");
}

TEST_F(NpyTest, ReadsVersion2And3Headers) {
  for (char version : {'\x02', '\x03'}) {
    std::string header = "{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }";
    header.append((64 - (12 + header.size() + 1) % 64) % 64, ' ');
    header += '\n';
    std::string bytes = std::string("\x93NUMPY", 6) + version + '\0';
    const uint32_t n = static_cast<uint32_t>(header.size());
    for (int i = 0; i < 4; ++i) bytes += static_cast<char>(n >> (8 * i));
    Tensor t = readNpy(writeRaw("v.npy", bytes + header + std::string("\x00\x07", 2)));
    EXPECT_EQ(t.type(), (TensorType{ElementType::i1, {2}}));
    EXPECT_EQ(t.get<bool>(0), false);
    EXPECT_EQ(t.get<bool>(1), true); // any nonzero byte is True
  }
}

TEST_F(NpyTest, RejectsMalformedFiles) {
  const std::string ok = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
  const std::string eight(8, '\0');
  struct Case {
    std::string name, file, messagePart;
  };
  const std::vector<Case> cases = {
      {"empty", writeRaw("empty.npy", ""), "too short"},
      {"magic", writeRaw("magic.npy", "\x93NUMPX\x01\x00\x00\x00" + eight), "magic"},
      {"version", writeRaw("version.npy", std::string("\x93NUMPY\x04\x00\x00\x00", 10)), "version"},
      {"header past end", writeRaw("long.npy", std::string("\x93NUMPY\x01\x00\xff\xff", 10) + "{}"),
       "past the end"},
      {"truncated length", writeRaw("trunc.npy", std::string("\x93NUMPY\x02\x00\x01", 9)),
       "ends inside"},
      {"dict syntax", writeV1("syntax.npy", "{'descr': '<f4' 'shape': (2,)}", eight), "expected"},
      {"unclosed tuple",
       writeV1("tuple.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (2,", eight),
       "expected"},
      {"negative dim",
       writeV1("neg.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (-2,)}", eight),
       "dimension"},
      {"unknown key", writeV1("key.npy", ok.substr(0, ok.size() - 1) + "'x': 1}", eight), "key"},
      {"missing key", writeV1("missing.npy", "{'descr': '<f4', 'shape': (2,)}", eight), "lacks"},
      {"big endian",
       writeV1("be.npy", "{'descr': '>f4', 'fortran_order': False, 'shape': (2,)}", eight),
       "dtype"},
      {"ambiguous order",
       writeV1("pipe.npy", "{'descr': '|i4', 'fortran_order': False, 'shape': (2,)}", eight),
       "dtype"},
      {"complex64",
       writeV1("c8.npy", "{'descr': '<c8', 'fortran_order': False, 'shape': (1,)}", eight),
       "dtype"},
      {"fortran",
       writeV1("fortran.npy", "{'descr': '<f4', 'fortran_order': True, 'shape': (2,)}", eight),
       "Fortran"},
      {"short data", writeV1("short.npy", ok, eight.substr(0, 7)), "needs 8"},
      {"long data", writeV1("longdata.npy", ok, eight + "x"), "needs 8"},
      {"huge shape",
       writeV1("huge.npy",
               "{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904, "
               "4611686018427387904)}",
               eight),
       "too large"},
      {"overflowing dim",
       writeV1("dim.npy",
               "{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999,)}", eight),
       "too large"},
      {"missing file", path("absent.npy"), "absent.npy"},
  };
  for (const Case& c : cases) {
    const std::string message = parseError(c.file);
    EXPECT_NE(message.find(c.messagePart), std::string::npos)
        << c.name << ": got \"" << message << "\"";
    if (c.name != "missing file") {
      EXPECT_NE(message.find(c.file), std::string::npos) << c.name << ": no path in " << message;
    }
  }
}

TEST_F(NpyTest, WriteFailureIsARuntimeError) {
  EXPECT_THROW(writeNpy(path("no/such/dir/t.npy"), sample<float>({1})), RuntimeError);
}

} // namespace

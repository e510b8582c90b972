// .npy reading and writing. The header is a Python dict literal; we parse exactly the subset
// NumPy writes ('descr', 'fortran_order', 'shape') and validate every length against the file
// before allocating anything.

#include "ir/Npy.h"

#include <bit>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <string>

#include "support/Error.h"

namespace hlotrain::ir {

static_assert(std::endian::native == std::endian::little,
              "the .npy code assumes a little-endian host");

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

struct DtypeName {
  const char* code; // the descr without its byte-order character
  ElementType type;
};
constexpr DtypeName kDtypes[] = {
    {"f4", ElementType::f32},  {"f8", ElementType::f64},  {"b1", ElementType::i1},
    {"i1", ElementType::i8},   {"i2", ElementType::i16},  {"i4", ElementType::i32},
    {"i8", ElementType::i64},  {"u1", ElementType::ui8},  {"u2", ElementType::ui16},
    {"u4", ElementType::ui32}, {"u8", ElementType::ui64}, {"f2", ElementType::f16},
    {"V2", ElementType::bf16},
};

// The byte order of a multi-byte type must say little-endian ('<', or '=' on this host); a
// single-byte type may carry any order character. bf16 is read from '<V2' (ml_dtypes), '|V2'
// (NumPy's own spelling of a 2-byte void) and 'bfloat16' (str() of the ml_dtypes dtype, which
// some tools write by hand); see Npy.h.
bool parseDescr(const std::string& descr, ElementType& out) {
  if (descr == "bfloat16") {
    out = ElementType::bf16;
    return true;
  }
  if (descr.size() != 3) return false;
  const char order = descr[0];
  for (const DtypeName& d : kDtypes) {
    if (descr.compare(1, 2, d.code) != 0) continue;
    const bool singleByte = byteWidth(d.type) == 1;
    const bool orderless = singleByte || d.type == ElementType::bf16;
    if (order == '<' || order == '=' || (orderless && order == '|') ||
        (singleByte && order == '>')) {
      out = d.type;
      return true;
    }
    return false;
  }
  return false;
}

std::string descrOf(ElementType type) {
  for (const DtypeName& d : kDtypes)
    if (d.type == type) return (byteWidth(type) == 1 ? "|" : "<") + std::string(d.code);
  return "";
}

// A cursor over the header dict, throwing ParseError with the path and offset on any deviation.
class HeaderParser {
public:
  HeaderParser(const std::string& path, const std::string& text) : path_(path), text_(text) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw ParseError(path_ + ": .npy header, offset " + std::to_string(pos_) + ": " + what);
  }

  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  bool accept(char c) {
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  void expect(char c) {
    if (!accept(c)) fail(std::string("expected '") + c + "'");
  }

  std::string string() {
    skipSpace();
    if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"'))
      fail("expected a quoted string");
    const char quote = text_[pos_++];
    const size_t end = text_.find(quote, pos_);
    if (end == std::string::npos) fail("unterminated string");
    std::string s = text_.substr(pos_, end - pos_);
    pos_ = end + 1;
    return s;
  }

  bool boolean() {
    skipSpace();
    for (auto [word, value] : {std::pair{"True", true}, std::pair{"False", false}}) {
      const std::string w(word);
      if (text_.compare(pos_, w.size(), w) == 0) {
        pos_ += w.size();
        return value;
      }
    }
    fail("expected True or False");
  }

  int64_t dimension() {
    skipSpace();
    if (pos_ >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[pos_])))
      fail("expected a non-negative dimension size");
    int64_t value = 0;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      const int digit = text_[pos_++] - '0';
      if (value > (std::numeric_limits<int64_t>::max() - digit) / 10) fail("dimension too large");
      value = value * 10 + digit;
    }
    return value;
  }

  // "()", "(3,)", "(2, 3)", with an optional trailing comma.
  Shape shape() {
    expect('(');
    Shape shape;
    while (!accept(')')) {
      shape.push_back(dimension());
      if (!accept(',')) {
        expect(')');
        break;
      }
    }
    return shape;
  }

  void expectEnd() {
    skipSpace();
    if (pos_ != text_.size()) fail("unexpected text after the dict");
  }

private:
  const std::string& path_;
  const std::string& text_;
  size_t pos_ = 0;
};

struct Header {
  ElementType type;
  Shape shape;
};

Header parseHeader(const std::string& path, const std::string& text) {
  HeaderParser p(path, text);
  std::optional<std::string> descr;
  std::optional<bool> fortranOrder;
  std::optional<Shape> shape;
  p.expect('{');
  while (!p.accept('}')) {
    const std::string key = p.string();
    p.expect(':');
    if (key == "descr" && !descr)
      descr = p.string();
    else if (key == "fortran_order" && !fortranOrder)
      fortranOrder = p.boolean();
    else if (key == "shape" && !shape)
      shape = p.shape();
    else
      p.fail("unexpected or repeated key '" + key + "'");
    if (!p.accept(',')) {
      p.expect('}');
      break;
    }
  }
  p.expectEnd();
  if (!descr || !fortranOrder || !shape)
    throw ParseError(path + ": .npy header lacks one of 'descr', 'fortran_order', 'shape'");
  if (*fortranOrder)
    throw ParseError(path + ": .npy in Fortran order is not supported (write it in C order)");
  Header header{ElementType::f32, *shape};
  if (!parseDescr(*descr, header.type))
    throw ParseError(path + ": unsupported .npy dtype '" + *descr +
                     "' (expected <f4 <f8 <f2 <V2 (bf16) |b1 |i1 <i2 <i4 <i8 |u1 <u2 <u4 <u8)");
  return header;
}

uint32_t littleEndian(std::string_view bytes) {
  uint32_t v = 0;
  for (size_t i = bytes.size(); i-- > 0;) v = (v << 8) | static_cast<uint8_t>(bytes[i]);
  return v;
}

} // namespace

Tensor parseNpy(std::string_view file, const std::string& where) {
  const uintmax_t fileSize = file.size();
  if (fileSize < kMagicSize + 2) throw ParseError(where + ": too short to be a .npy file");
  if (file.compare(0, kMagicSize, std::string_view(kMagic, kMagicSize)) != 0)
    throw ParseError(where + ": not a .npy file (bad magic)");
  const int major = static_cast<uint8_t>(file[kMagicSize]);
  const int minor = static_cast<uint8_t>(file[kMagicSize + 1]);
  if (major < 1 || major > 3 || minor != 0)
    throw ParseError(where + ": unsupported .npy version " + std::to_string(major) + "." +
                     std::to_string(minor));
  const size_t lengthSize = major == 1 ? 2 : 4;
  if (fileSize < kMagicSize + 2 + lengthSize)
    throw ParseError(where + ": .npy file ends inside the header length");
  const uint32_t headerLength = littleEndian(file.substr(kMagicSize + 2, lengthSize));
  const uintmax_t dataOffset = kMagicSize + 2 + lengthSize + uintmax_t{headerLength};
  if (dataOffset > fileSize)
    throw ParseError(where + ": .npy header length " + std::to_string(headerLength) +
                     " runs past the end of the file (" + std::to_string(fileSize) + " bytes)");
  const Header header =
      parseHeader(where, std::string(file.substr(kMagicSize + 2 + lengthSize, headerLength)));

  const uintmax_t actual = fileSize - dataOffset;
  uintmax_t expected = byteWidth(header.type);
  for (int64_t d : header.shape) {
    if (d != 0 && expected > std::numeric_limits<uintmax_t>::max() / static_cast<uintmax_t>(d))
      throw ParseError(where + ": .npy shape " + toString(header.shape) + " is too large");
    expected *= static_cast<uintmax_t>(d);
  }
  if (expected != actual)
    throw ParseError(where + ": .npy data is " + std::to_string(actual) + " bytes, shape " +
                     toString(header.shape) + " of " + std::string(name(header.type)) + " needs " +
                     std::to_string(expected));

  const auto* data = reinterpret_cast<const uint8_t*>(file.data() + dataOffset);
  std::vector<uint8_t> bytes(data, data + actual);
  // NumPy reads any nonzero byte as True; our i1 storage holds exactly 0 or 1.
  if (header.type == ElementType::i1)
    for (uint8_t& b : bytes) b = b != 0;
  return Tensor(TensorType{header.type, header.shape}, std::move(bytes));
}

Tensor readNpy(const std::string& path) {
  std::error_code error;
  const uintmax_t fileSize = std::filesystem::file_size(path, error);
  if (error) throw ParseError(path + ": cannot read: " + error.message());
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path + ": cannot open");
  std::string file(static_cast<size_t>(fileSize), '\0');
  if (!in.read(file.data(), static_cast<std::streamsize>(fileSize)))
    throw ParseError(path + ": cannot read " + std::to_string(fileSize) + " bytes");
  return parseNpy(file, path);
}

NpyWriter::NpyWriter(std::string path, const TensorType& type)
    : file_(std::move(path)), expected_(type.byteSize()) {
  std::string shape = "(";
  for (int64_t d : type.shape) shape += std::to_string(d) + ", ";
  if (type.shape.size() == 1)
    shape.resize(shape.size() - 1); // "(3,)"
  else if (!type.shape.empty())
    shape.resize(shape.size() - 2);
  shape += ")";
  std::string header = "{'descr': '" + descrOf(type.elementType) +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Version 1.0 holds the header length in 2 bytes, 2.0 in 4. NumPy pads the header with spaces
  // and a newline so the data starts 64-byte aligned.
  const bool version2 = header.size() + 64 > std::numeric_limits<uint16_t>::max();
  const size_t unpadded = kMagicSize + 2 + (version2 ? 4 : 2) + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  std::string prefix(kMagic, kMagicSize);
  prefix += static_cast<char>(version2 ? 2 : 1);
  prefix += '\0';
  const auto length = static_cast<uint32_t>(header.size());
  for (size_t i = 0; i < (version2 ? 4u : 2u); ++i) prefix += static_cast<char>(length >> (8 * i));
  file_.write(std::span<const char>(prefix));
  file_.write(std::span<const char>(header));
}

NpyWriter::~NpyWriter() = default;

void NpyWriter::append(const void* bytes, size_t count) {
  if (written_ + count > expected_)
    throw RuntimeError(file_.path() + ": " + std::to_string(written_ + count) +
                       " bytes of .npy data exceed the array's " + std::to_string(expected_));
  file_.write(std::span<const char>(static_cast<const char*>(bytes), count));
  written_ += count;
}

void NpyWriter::commit() {
  if (written_ != expected_)
    throw RuntimeError(file_.path() + ": " + std::to_string(written_) +
                       " bytes of .npy data written, " + std::to_string(expected_) + " expected");
  file_.commit();
}

void writeNpy(const std::string& path, const Tensor& tensor) {
  NpyWriter out(path, tensor.type());
  out.append(tensor.bytes(), tensor.byteSize());
  out.commit();
}

} // namespace hlotrain::ir

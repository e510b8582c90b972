#include "mlir/Attr.h"

#include <bit>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "support/Error.h"

namespace hlotrain::mlir {

namespace {

constexpr int kMaxDepth = 64; // nesting of lists, dictionaries and dense literals
constexpr size_t kMaxConstantBytes = size_t{1} << 31;

struct DenseElem {
  enum class Kind { Int, Float, Bool } kind = Kind::Int;
  IntLiteral intValue;
  std::string_view text;
  bool boolValue = false;
  size_t pos = 0;
};

struct DenseLiteral {
  std::vector<DenseElem> elems;
  std::vector<int64_t> shape; // list lengths per nesting depth; -1 until seen
  int leafDepth = -1;
  bool hex = false;
  std::vector<uint8_t> bytes;
};

// A decimal integer literal as a float element: f32/f64 by the C++ conversion, bf16/f16 rounded
// once from the exact integer.
template <class T> T integerAsFloat(const IntLiteral& v) {
  if constexpr (ir::kIsHalfFloat<T>) {
    const T magnitude(v.magnitude);
    return v.negative ? T::fromBits(magnitude.bits ^ T::kSignMask) : magnitude;
  } else {
    const T magnitude = static_cast<T>(v.magnitude);
    return v.negative ? -magnitude : magnitude;
  }
}

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool isScalarTypeName(std::string_view w) {
  return w == "index" || w == "bf16" ||
         ((w.starts_with("i") || w.starts_with("f") || w.starts_with("ui") ||
           w.starts_with("si")) &&
          w.size() > 1 && w.back() >= '0' && w.back() <= '9');
}

class Reader {
public:
  explicit Reader(Cursor& c) : c_(c) {}

  Attr attr() {
    Guard guard(*this);
    Attr a;
    a.pos = c_.skipSpace();
    char ch = c_.peek();
    if (ch == '"') {
      a.kind = Attr::Kind::String;
      a.text = c_.stringLiteral();
    } else if (ch == '[') {
      a.kind = Attr::Kind::List;
      c_.expect("[");
      if (!c_.consumeIf("]")) {
        do a.list.push_back(attr());
        while (c_.consumeIf(","));
        c_.expect("]");
      }
    } else if (ch == '{') {
      return dict();
    } else if (ch == '@') {
      a.kind = Attr::Kind::Symbol;
      a.text = c_.symbolName();
    } else if (ch == '#') {
      dialectAttr(a);
    } else if (ch == '(') {
      a.kind = Attr::Kind::FunctionType;
      c_.functionType(a.inputs, a.results);
    } else if (c_.peekNumber()) {
      number(a);
    } else if (c_.startsWith("dense")) {
      a.kind = Attr::Kind::Dense;
      a.dense = denseElements();
    } else if (c_.startsWith("array")) {
      denseArray(a);
    } else if (c_.consumeIf("true") || c_.consumeIf("false")) {
      a.kind = Attr::Kind::Bool;
      a.boolValue = c_.text()[a.pos] == 't';
    } else if (c_.consumeIf("unit")) {
      a.kind = Attr::Kind::Unit;
    } else if (c_.peekIdentifier()) {
      std::string_view word = c_.identifier();
      if (word == "dense_resource" || word == "sparse")
        c_.unsupported(a.pos, std::string(word) + " attribute");
      if (c_.peek() == '<') c_.skipBalanced();
    } else {
      c_.fail(a.pos, "expected an attribute value");
    }
    a.end = c_.pos();
    return a;
  }

  Attr dict() {
    Guard guard(*this);
    Attr a;
    a.kind = Attr::Kind::Dict;
    a.pos = c_.skipSpace();
    c_.expect("{");
    if (!c_.consumeIf("}")) {
      do entry(a.dict);
      while (c_.consumeIf(","));
      c_.expect("}");
    }
    a.end = c_.pos();
    return a;
  }

  ir::Tensor denseElements() {
    size_t start = c_.skipSpace();
    c_.expect("dense");
    if (c_.peekAt(0) != '<') c_.fail(c_.pos(), "expected '<' after 'dense'");
    c_.expect("<");
    DenseLiteral lit;
    if (c_.peek() == '"') {
      lit.hex = true;
      size_t at = c_.skipSpace();
      std::string s = c_.stringLiteral();
      if (s.size() < 2 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || s.size() % 2 != 0)
        c_.fail(at, "expected a hex string \"0x...\" with whole bytes");
      for (size_t i = 2; i < s.size(); i += 2) {
        int hi = hexValue(s[i]), lo = hexValue(s[i + 1]);
        if (hi < 0 || lo < 0) c_.fail(at, "bad hex digit in dense string");
        lit.bytes.push_back(static_cast<uint8_t>(hi * 16 + lo));
      }
    } else if (c_.peek() != '>') {
      nested(lit, 0);
    }
    c_.expect(">");
    c_.expect(":");
    size_t typeAt = c_.skipSpace();
    ir::TensorType type = c_.tensorType();
    return materialize(lit, type, start, typeAt);
  }

private:
  struct Guard {
    explicit Guard(Reader& r) : r(r) {
      if (++r.depth_ > kMaxDepth) r.c_.failHere("attribute nested too deeply");
    }
    ~Guard() { --r.depth_; }
    Reader& r;
  };

  void entry(std::vector<std::pair<std::string, Attr>>& out) {
    size_t at = c_.skipSpace();
    std::string key = c_.peek() == '"' ? c_.stringLiteral() : std::string(c_.identifier("a key"));
    Attr value;
    value.pos = at;
    if (c_.consumeIf("=")) {
      value = attr();
    } else {
      value.kind = Attr::Kind::Unit;
      value.end = c_.pos();
    }
    out.emplace_back(std::move(key), std::move(value));
  }

  void number(Attr& a) {
    bool isFloat = false;
    size_t at = c_.skipSpace();
    std::string_view token = c_.numberToken(isFloat);
    if (isFloat) {
      a.kind = Attr::Kind::Float;
      a.floatValue = std::strtod(std::string(token).c_str(), nullptr);
    } else {
      c_.seek(at);
      a.kind = Attr::Kind::Int;
      a.intValue = c_.intLiteral();
    }
    // An optional scalar type (`1 : i64`, `1.0e-3 : f64`).
    size_t save = c_.pos();
    if (c_.consumeIf(":")) {
      if (c_.peekIdentifier()) {
        size_t typeAt = c_.skipSpace();
        std::string_view word = c_.identifier();
        if (isScalarTypeName(word)) return;
        c_.seek(typeAt);
      }
      c_.seek(save);
    }
  }

  void denseArray(Attr& a) {
    a.kind = Attr::Kind::DenseArray;
    c_.expect("array");
    c_.expect("<");
    c_.identifier("an element type");
    if (c_.consumeIf(":")) {
      do {
        Attr b;
        b.pos = c_.skipSpace();
        if (c_.consumeIf("true") || c_.consumeIf("false")) {
          b.kind = Attr::Kind::Bool;
          b.boolValue = c_.text()[b.pos] == 't';
          a.list.push_back(b);
        } else {
          Attr n;
          n.pos = c_.skipSpace();
          number(n);
          a.list.push_back(n);
        }
      } while (c_.consumeIf(","));
    }
    c_.expect(">");
  }

  void dialectAttr(Attr& a) {
    a.kind = Attr::Kind::Dialect;
    c_.expect("#");
    a.text = std::string(c_.identifier("a dialect attribute name"));
    if (c_.peekAt(0) != '<') {
      a.kind = Attr::Kind::Other; // an alias reference such as #loc3
      return;
    }
    c_.expect("<");
    if (a.text == "stablehlo") {
      while (c_.peekIdentifier()) a.words.emplace_back(c_.identifier());
      c_.expect(">");
    } else if (a.text == "stablehlo.dot" || a.text == "stablehlo.gather" ||
               a.text == "stablehlo.scatter" || a.text == "stablehlo.channel_handle" ||
               (a.text == "stablehlo.conv" && c_.consumeIf("raw"))) {
      if (c_.peek() != '>') {
        do entry(a.dict);
        while (c_.consumeIf(","));
      }
      c_.expect(">");
    } else if (a.text == "stablehlo.conv") {
      parseConvLayout(c_, a.conv);
      a.hasConvLayout = true;
      c_.expect(">");
    } else {
      c_.seek(c_.pos() - 1);
      c_.skipBalanced();
    }
  }

  void nested(DenseLiteral& lit, size_t depth) {
    Guard guard(*this);
    if (c_.peek() == '[') {
      c_.expect("[");
      int64_t count = 0;
      if (!c_.consumeIf("]")) {
        do {
          nested(lit, depth + 1);
          ++count;
        } while (c_.consumeIf(","));
        c_.expect("]");
      }
      if (lit.shape.size() <= depth) lit.shape.resize(depth + 1, -1);
      if (lit.shape[depth] >= 0 && lit.shape[depth] != count)
        c_.failHere("dense literal has lists of different lengths");
      lit.shape[depth] = count;
      return;
    }
    DenseElem e;
    e.pos = c_.skipSpace();
    if (lit.leafDepth >= 0 && lit.leafDepth != static_cast<int>(depth))
      c_.fail(e.pos, "dense literal has elements at different nesting depths");
    lit.leafDepth = static_cast<int>(depth);
    if (c_.peek() == '(') c_.unsupported(e.pos, "complex constant");
    if (c_.consumeIf("true") || c_.consumeIf("false")) {
      e.kind = DenseElem::Kind::Bool;
      e.boolValue = c_.text()[e.pos] == 't';
    } else if (c_.peekNumber()) {
      bool isFloat = false;
      e.text = c_.numberToken(isFloat);
      if (isFloat) {
        e.kind = DenseElem::Kind::Float;
      } else {
        c_.seek(e.pos);
        e.intValue = c_.intLiteral();
      }
    } else {
      c_.fail(e.pos, "expected a dense element");
    }
    lit.elems.push_back(e);
  }

  ir::Tensor materialize(const DenseLiteral& lit, const ir::TensorType& type, size_t at,
                         size_t typeAt) {
    if (type.byteSize() > kMaxConstantBytes) c_.fail(typeAt, "constant too large");
    ir::Tensor t(type);
    size_t width = ir::byteWidth(type.elementType);
    size_t n = static_cast<size_t>(type.numElements());
    if (lit.hex) {
      const auto& bytes = lit.bytes;
      if (bytes.size() == t.byteSize()) {
        std::copy(bytes.begin(), bytes.end(), t.bytes());
      } else if (bytes.size() == width && n > 0) {
        for (size_t i = 0; i < n; ++i) std::copy(bytes.begin(), bytes.end(), t.bytes() + i * width);
      } else if (ir::isBool(type.elementType) && bytes.size() == (n + 7) / 8) {
        for (size_t i = 0; i < n; ++i) t.bytes()[i] = (bytes[i / 8] >> (i % 8)) & 1;
      } else {
        c_.fail(at, "hex dense data of " + std::to_string(bytes.size()) + " bytes for " +
                        ir::toString(type));
      }
      if (ir::isBool(type.elementType))
        for (size_t i = 0; i < n; ++i) t.bytes()[i] = t.bytes()[i] != 0;
      return t;
    }
    if (lit.elems.empty()) {
      if (n != 0) c_.fail(at, "empty dense literal for " + ir::toString(type));
      return t;
    }
    if (lit.shape.empty() && lit.elems.size() == 1) {
      for (size_t i = 0; i < n; ++i) store(t, static_cast<int64_t>(i), lit.elems[0]);
      return t;
    }
    if (lit.shape != type.shape || lit.elems.size() != n)
      c_.fail(at,
              "dense literal of shape " + ir::toString(lit.shape) + " for " + ir::toString(type));
    for (size_t i = 0; i < n; ++i) store(t, static_cast<int64_t>(i), lit.elems[i]);
    return t;
  }

  void store(ir::Tensor& t, int64_t i, const DenseElem& e) {
    ir::ElementType type = t.elementType();
    std::string typeName(ir::name(type));
    ir::dispatch(type, [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_same_v<T, bool>) {
        if (e.kind == DenseElem::Kind::Bool)
          t.set<bool>(i, e.boolValue);
        else if (e.kind == DenseElem::Kind::Int && !e.intValue.negative &&
                 e.intValue.magnitude <= 1)
          t.set<bool>(i, e.intValue.magnitude == 1);
        else
          c_.fail(e.pos, "expected true or false for i1");
      } else if constexpr (ir::kIsFloatStorage<T>) {
        using Bits = std::conditional_t<sizeof(T) == 2, uint16_t,
                                        std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>;
        if (e.kind == DenseElem::Kind::Bool) c_.fail(e.pos, "expected a number for " + typeName);
        if (e.kind == DenseElem::Kind::Int && e.intValue.hex) {
          // The element's bits (`0x7FC0` is a bf16 NaN), as MLIR prints what has no decimal form.
          if (e.intValue.negative || e.intValue.magnitude > Bits(~Bits{0}))
            c_.fail(e.pos, "hex float literal does not fit " + typeName);
          Bits bits = static_cast<Bits>(e.intValue.magnitude);
          T v;
          std::memcpy(&v, &bits, sizeof v);
          t.set<T>(i, v);
        } else if (e.kind == DenseElem::Kind::Int) {
          t.set<T>(i, integerAsFloat<T>(e.intValue));
        } else {
          t.set<T>(i, decimalFloat<T>(e.text));
        }
      } else {
        if (e.kind != DenseElem::Kind::Int) c_.fail(e.pos, "expected an integer for " + typeName);
        const IntLiteral& v = e.intValue;
        int bits = ir::bitWidth(type);
        uint64_t limit = bits == 64 ? UINT64_MAX : (uint64_t{1} << bits) - 1;
        bool ok = v.magnitude <= limit;
        if (v.negative)
          ok = !ir::isUnsigned(type) && !v.hex && v.magnitude <= (uint64_t{1} << (bits - 1));
        if (!ok) c_.fail(e.pos, "integer out of range for " + typeName);
        uint64_t pattern = v.negative ? 0 - v.magnitude : v.magnitude;
        t.set<T>(i, static_cast<T>(pattern));
      }
    });
  }

  Cursor& c_;
  int depth_ = 0;
};

[[noreturn]] void wrongKind(const Cursor& c, const Attr& a, const char* expected) {
  c.fail(a.pos, std::string("expected ") + expected + " attribute");
}

} // namespace

const Attr* Attr::find(std::string_view key) const {
  for (const auto& [k, v] : dict)
    if (k == key) return &v;
  return nullptr;
}

Attr parseAttr(Cursor& c) {
  return Reader(c).attr();
}
Attr parseDict(Cursor& c) {
  return Reader(c).dict();
}
ir::Tensor parseDenseElements(Cursor& c) {
  return Reader(c).denseElements();
}

std::vector<int64_t> parseIntList(Cursor& c) {
  std::vector<int64_t> values;
  c.expect("[");
  if (c.consumeIf("]")) return values;
  do values.push_back(c.int64Value());
  while (c.consumeIf(","));
  c.expect("]");
  return values;
}

void parseConvLayout(Cursor& c, ir::ConvDimensionNumbers& d) {
  auto one = [&](char first, char second, int64_t& firstDim, int64_t& secondDim,
                 std::vector<int64_t>& spatial) {
    size_t at = c.skipSpace();
    c.expect("[");
    firstDim = secondDim = -1;
    std::vector<int64_t> bySpatialIndex;
    int64_t position = 0;
    if (c.peek() != ']') {
      do {
        size_t itemAt = c.skipSpace();
        if (c.peekNumber()) {
          int64_t k = c.int64Value();
          if (k < 0 || k >= 64) c.fail(itemAt, "spatial dimension index out of range");
          if (bySpatialIndex.size() <= static_cast<size_t>(k)) bySpatialIndex.resize(k + 1, -1);
          if (bySpatialIndex[k] >= 0) c.fail(itemAt, "spatial dimension repeated");
          bySpatialIndex[k] = position;
        } else {
          std::string_view w = c.identifier("a dimension letter");
          int64_t* slot = nullptr;
          if (w.size() == 1 && w[0] == first)
            slot = &firstDim;
          else if (w.size() == 1 && w[0] == second)
            slot = &secondDim;
          else
            c.fail(itemAt, "unexpected '" + std::string(w) + "' in a convolution layout");
          if (*slot >= 0) c.fail(itemAt, "dimension letter repeated");
          *slot = position;
        }
        ++position;
      } while (c.consumeIf(","));
    }
    c.expect("]");
    if (firstDim < 0 || secondDim < 0)
      c.fail(at, std::string("layout needs '") + first + "' and '" + second + "'");
    for (int64_t p : bySpatialIndex)
      if (p < 0) c.fail(at, "layout skips a spatial dimension");
    spatial = std::move(bySpatialIndex);
  };
  size_t at = c.skipSpace();
  one('b', 'f', d.inputBatchDimension, d.inputFeatureDimension, d.inputSpatialDimensions);
  c.expect("x");
  one('o', 'i', d.kernelOutputFeatureDimension, d.kernelInputFeatureDimension,
      d.kernelSpatialDimensions);
  c.expect("->");
  one('b', 'f', d.outputBatchDimension, d.outputFeatureDimension, d.outputSpatialDimensions);
  if (d.kernelSpatialDimensions.size() != d.inputSpatialDimensions.size() ||
      d.outputSpatialDimensions.size() != d.inputSpatialDimensions.size())
    c.fail(at, "convolution layouts have different numbers of spatial dimensions");
}

int64_t toInt(const Cursor& c, const Attr& a) {
  if (a.kind != Attr::Kind::Int) wrongKind(c, a, "an integer");
  const IntLiteral& v = a.intValue;
  if (v.negative ? v.magnitude > uint64_t{1} << 63 : v.magnitude > uint64_t{INT64_MAX})
    c.fail(a.pos, "integer does not fit in 64 bits");
  return v.negative ? static_cast<int64_t>(0 - v.magnitude) : static_cast<int64_t>(v.magnitude);
}

double toFloat(const Cursor& c, const Attr& a) {
  if (a.kind == Attr::Kind::Float) return a.floatValue;
  // MLIR spells a float by its bits as a hex integer: the printer's form for NaN and infinities.
  if (a.kind == Attr::Kind::Int && a.intValue.hex && !a.intValue.negative)
    return std::bit_cast<double>(a.intValue.magnitude);
  return static_cast<double>(toInt(c, a));
}

std::vector<int64_t> toInts(const Cursor& c, const Attr& a) {
  std::vector<int64_t> out;
  if (a.kind == Attr::Kind::List || a.kind == Attr::Kind::DenseArray) {
    for (const Attr& e : a.list) out.push_back(toInt(c, e));
  } else if (a.kind == Attr::Kind::Dense && a.dense.type().rank() <= 1 &&
             ir::isInteger(a.dense.elementType())) {
    for (int64_t i = 0; i < a.dense.numElements(); ++i) out.push_back(a.dense.getAsInt(i));
  } else {
    wrongKind(c, a, "an integer array");
  }
  return out;
}

std::vector<bool> toBools(const Cursor& c, const Attr& a) {
  std::vector<bool> out;
  if (a.kind == Attr::Kind::List || a.kind == Attr::Kind::DenseArray) {
    for (const Attr& e : a.list)
      out.push_back(e.kind == Attr::Kind::Bool ? e.boolValue : toInt(c, e) != 0);
  } else if (a.kind == Attr::Kind::Dense && a.dense.type().rank() <= 1) {
    for (int64_t i = 0; i < a.dense.numElements(); ++i) out.push_back(a.dense.getAsInt(i) != 0);
  } else {
    wrongKind(c, a, "a boolean array");
  }
  return out;
}

std::vector<std::pair<int64_t, int64_t>> toPairs(const Cursor& c, const Attr& a) {
  std::vector<std::pair<int64_t, int64_t>> out;
  if (a.kind == Attr::Kind::Dense && a.dense.type().rank() == 2 && a.dense.shape()[1] == 2 &&
      ir::isInteger(a.dense.elementType())) {
    for (int64_t i = 0; i < a.dense.shape()[0]; ++i)
      out.emplace_back(a.dense.getAsInt(2 * i), a.dense.getAsInt(2 * i + 1));
  } else if (a.kind == Attr::Kind::Dense && a.dense.numElements() == 0) {
    // `dense<> : tensor<0x2xi64>` or similar: no padding
  } else if (a.kind == Attr::Kind::List) {
    for (const Attr& e : a.list) {
      std::vector<int64_t> pair = toInts(c, e);
      if (pair.size() != 2) c.fail(e.pos, "expected a [low, high] pair");
      out.emplace_back(pair[0], pair[1]);
    }
  } else {
    wrongKind(c, a, "an Nx2 padding");
  }
  return out;
}

ir::DotDimensionNumbers toDot(const Cursor& c, const Attr& a) {
  if (a.kind != Attr::Kind::Dialect || a.text != "stablehlo.dot")
    wrongKind(c, a, "a #stablehlo.dot<...>");
  ir::DotDimensionNumbers d;
  for (const auto& [key, value] : a.dict) {
    if (key == "lhs_batching_dimensions")
      d.lhsBatchingDimensions = toInts(c, value);
    else if (key == "rhs_batching_dimensions")
      d.rhsBatchingDimensions = toInts(c, value);
    else if (key == "lhs_contracting_dimensions")
      d.lhsContractingDimensions = toInts(c, value);
    else if (key == "rhs_contracting_dimensions")
      d.rhsContractingDimensions = toInts(c, value);
    else
      c.fail(value.pos, "unknown dot dimension field '" + key + "'");
  }
  return d;
}

ir::ConvDimensionNumbers toConv(const Cursor& c, const Attr& a) {
  if (a.kind != Attr::Kind::Dialect || a.text != "stablehlo.conv")
    wrongKind(c, a, "a #stablehlo.conv<...>");
  if (a.hasConvLayout) return a.conv;
  ir::ConvDimensionNumbers d;
  for (const auto& [key, value] : a.dict) {
    if (key == "input_batch_dimension")
      d.inputBatchDimension = toInt(c, value);
    else if (key == "input_feature_dimension")
      d.inputFeatureDimension = toInt(c, value);
    else if (key == "input_spatial_dimensions")
      d.inputSpatialDimensions = toInts(c, value);
    else if (key == "kernel_input_feature_dimension")
      d.kernelInputFeatureDimension = toInt(c, value);
    else if (key == "kernel_output_feature_dimension")
      d.kernelOutputFeatureDimension = toInt(c, value);
    else if (key == "kernel_spatial_dimensions")
      d.kernelSpatialDimensions = toInts(c, value);
    else if (key == "output_batch_dimension")
      d.outputBatchDimension = toInt(c, value);
    else if (key == "output_feature_dimension")
      d.outputFeatureDimension = toInt(c, value);
    else if (key == "output_spatial_dimensions")
      d.outputSpatialDimensions = toInts(c, value);
    else
      c.fail(value.pos, "unknown convolution dimension field '" + key + "'");
  }
  return d;
}

namespace {
// The batching dims newer StableHLO adds to gather and scatter: empty lists are the subset's
// meaning, others are refused as unsupported.
bool isEmptyBatchingField(const Cursor& c, const std::string& key, const Attr& value) {
  if (key.find("batching_dims") == std::string::npos) return false;
  if (!toInts(c, value).empty()) c.unsupported(value.pos, "stablehlo " + key);
  return true;
}
} // namespace

ir::GatherDimensionNumbers toGather(const Cursor& c, const Attr& a) {
  if (a.kind != Attr::Kind::Dialect || a.text != "stablehlo.gather")
    wrongKind(c, a, "a #stablehlo.gather<...>");
  ir::GatherDimensionNumbers d;
  for (const auto& [key, value] : a.dict) {
    if (key == "offset_dims")
      d.offsetDims = toInts(c, value);
    else if (key == "collapsed_slice_dims")
      d.collapsedSliceDims = toInts(c, value);
    else if (key == "start_index_map")
      d.startIndexMap = toInts(c, value);
    else if (key == "index_vector_dim")
      d.indexVectorDim = toInt(c, value);
    else if (!isEmptyBatchingField(c, key, value))
      c.fail(value.pos, "unknown gather dimension field '" + key + "'");
  }
  return d;
}

ir::ScatterDimensionNumbers toScatter(const Cursor& c, const Attr& a) {
  if (a.kind != Attr::Kind::Dialect || a.text != "stablehlo.scatter")
    wrongKind(c, a, "a #stablehlo.scatter<...>");
  ir::ScatterDimensionNumbers d;
  for (const auto& [key, value] : a.dict) {
    if (key == "update_window_dims")
      d.updateWindowDims = toInts(c, value);
    else if (key == "inserted_window_dims")
      d.insertedWindowDims = toInts(c, value);
    else if (key == "scatter_dims_to_operand_dims")
      d.scatterDimsToOperandDims = toInts(c, value);
    else if (key == "index_vector_dim")
      d.indexVectorDim = toInt(c, value);
    else if (!isEmptyBatchingField(c, key, value))
      c.fail(value.pos, "unknown scatter dimension field '" + key + "'");
  }
  return d;
}

bool toBool(const Cursor& c, const Attr& a) {
  if (a.kind != Attr::Kind::Bool) wrongKind(c, a, "true or false");
  return a.boolValue;
}

std::string toEnumWord(const Cursor& c, const Attr& a, std::string_view kind) {
  if (a.kind != Attr::Kind::Dialect || a.text != "stablehlo" || a.words.size() != 2 ||
      a.words[0] != kind)
    c.fail(a.pos, "expected #stablehlo<" + std::string(kind) + " ...>");
  return a.words[1];
}

} // namespace hlotrain::mlir

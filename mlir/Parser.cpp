#include "mlir/Parser.h"

#include <unordered_map>

#include "ir/Builder.h"
#include "ir/ShapeInference.h"
#include "mlir/Attr.h"
#include "mlir/Cursor.h"
#include "support/Error.h"

namespace hlotrain::mlir {

namespace {

using ir::OpKind;

constexpr int kMaxRegionDepth = 32;

// A function whose signature is read; its body is parsed once every signature in the module is
// known, since a call may precede its callee.
struct PendingBody {
  ir::Function* function = nullptr;
  size_t pos = 0;
  bool generic = false;
  std::vector<std::string> argNames;
};

// An op as read from the text, before the builder makes it.
struct OpText {
  OpKind kind = OpKind::constant;
  std::string name; // as written, for messages
  size_t at = 0;
  std::vector<ir::Value*> operands;
  std::vector<size_t> operandAt;
  ir::Attributes attrs;
  std::vector<ir::TensorType> operandTypes, resultTypes;
  bool typed = false;        // operandTypes were written
  bool resultsTyped = false; // resultTypes were written
  bool yieldsTrue = false;   // a check whose i1 result is defined as a constant true
  size_t typesAt = 0;
  std::vector<std::unique_ptr<ir::Region>> regions;
};

// Result names of one op statement: `%0`, `%0:2`, `%a, %b`.
struct ResultDef {
  std::string name;
  size_t count = 1;
  size_t at = 0;
};

// Ops whose operands do not determine their result types; the text's types are passed to the
// builder for them.
bool needsDeclaredTypes(OpKind kind) {
  return kind == OpKind::iota || kind == OpKind::reshape || kind == OpKind::broadcast_in_dim ||
         kind == OpKind::convert || kind == OpKind::dot_general || kind == OpKind::convolution ||
         kind == OpKind::call;
}

class ModuleParser {
public:
  explicit ModuleParser(Cursor& c) : c_(c) {}

  ir::Module parseModule() {
    skipTopLevelNoise();
    if (c_.consumeIf("module")) {
      if (c_.peek() == '@') module_.name = c_.symbolName();
      if (c_.consumeIf("attributes")) module_.attributes = verbatimDict();
      c_.expect("{");
      parseItems(true);
      c_.expect("}");
      c_.skipLocation();
    } else if (c_.startsWith("\"builtin.module\"")) {
      parseGenericModule();
    } else {
      parseItems(false);
      if (module_.functions.empty()) c_.failHere("expected 'module' or 'func.func'");
    }
    parseBodies();
    skipTopLevelNoise();
    if (!c_.atEnd()) c_.failHere("unexpected text after the module");
    return std::move(module_);
  }

private:
  using Scope = std::unordered_map<std::string, std::vector<ir::Value*>>;

  Cursor& c_;
  ir::Module module_;
  std::vector<PendingBody> bodies_;
  std::vector<Scope> scopes_;
  const ir::Function* function_ = nullptr;
  int regionDepth_ = 0;

  // ---- module level ----

  // `#loc1 = loc(...)` alias lines and `{-# ... #-}` resource blocks.
  void skipTopLevelNoise() {
    while (true) {
      if (c_.peek() == '#') {
        c_.expect("#");
        c_.identifier("an alias name");
        c_.expect("=");
        if (c_.startsWith("loc"))
          c_.skipLocation();
        else
          parseAttr(c_);
      } else if (c_.startsWith("{-#")) {
        size_t at = c_.pos();
        size_t close = c_.text().find("#-}", at);
        if (close == std::string_view::npos || close + 3 > c_.limit())
          c_.fail(at, "unterminated {-# ... #-} block");
        c_.seek(close + 3);
      } else {
        return;
      }
    }
  }

  std::string verbatimDict() {
    Attr d = parseDict(c_);
    std::string text(c_.slice(d.pos, d.end));
    return d.dict.empty() ? std::string() : text;
  }

  void parseItems(bool inBraces) {
    while (true) {
      skipTopLevelNoise();
      if (inBraces && c_.peek() == '}') return;
      if (c_.atEnd()) {
        if (inBraces) c_.failHere("expected '}' to end the module");
        return;
      }
      if (c_.startsWith("func.func"))
        parsePrettyFunction();
      else if (c_.startsWith("\"func.func\""))
        parseGenericFunction();
      else if (c_.peekIdentifier()) {
        size_t at = c_.skipSpace();
        std::string_view word = c_.identifier();
        // A dialect op (`sdy.mesh`, `ml_program.global`) is well-formed but not ours.
        if (word.find('.') == std::string_view::npos) c_.fail(at, "expected 'func.func'");
        c_.unsupported(at, "top-level operation " + std::string(word));
      } else {
        c_.failHere("expected 'func.func'");
      }
    }
  }

  void parseGenericModule() {
    c_.expect("\"builtin.module\"");
    c_.expect("(");
    c_.expect(")");
    if (c_.consumeIf("<")) {
      Attr props = parseDict(c_);
      c_.expect(">");
      if (const Attr* name = props.find("sym_name")) module_.name = name->text;
    }
    c_.expect("(");
    c_.expect("{");
    parseItems(true);
    c_.expect("}");
    c_.expect(")");
    if (c_.peek() == '{') module_.attributes = verbatimDict();
    c_.expect(":");
    expectEmptyFunctionType();
    c_.skipLocation();
  }

  void expectEmptyFunctionType() {
    size_t at = c_.skipSpace();
    std::vector<ir::TensorType> ins, outs;
    c_.functionType(ins, outs);
    if (!ins.empty() || !outs.empty()) c_.fail(at, "expected '() -> ()'");
  }

  ir::Function& addFunction(const std::string& name, bool isPublic, size_t at) {
    if (module_.lookup(name)) c_.fail(at, "redefinition of function @" + name);
    return module_.addFunction(name, isPublic);
  }

  void parsePrettyFunction() {
    c_.expect("func.func");
    bool isPublic = true;
    if (c_.consumeIf("private"))
      isPublic = false;
    else if (!c_.consumeIf("public"))
      c_.consumeIf("nested");
    size_t nameAt = c_.skipSpace();
    ir::Function& f = addFunction(c_.symbolName(), isPublic, nameAt);
    PendingBody body{&f, 0, false, {}};
    c_.expect("(");
    if (!c_.consumeIf(")")) {
      do {
        if (c_.peek() != '%') c_.unsupported(nameAt, "function declaration without a body");
        body.argNames.push_back(c_.valueName());
        c_.expect(":");
        f.body.addArgument(c_.tensorType());
        f.argAttributes.push_back(c_.peek() == '{' ? verbatimDict() : std::string());
        c_.skipLocation();
      } while (c_.consumeIf(","));
      c_.expect(")");
    }
    if (c_.consumeIf("->")) {
      if (c_.consumeIf("(")) {
        if (!c_.consumeIf(")")) {
          do {
            f.resultTypes.push_back(c_.tensorType());
            f.resultAttributes.push_back(c_.peek() == '{' ? verbatimDict() : std::string());
          } while (c_.consumeIf(","));
          c_.expect(")");
        }
      } else {
        f.resultTypes.push_back(c_.tensorType());
        f.resultAttributes.emplace_back();
      }
    }
    if (c_.consumeIf("attributes")) parseDict(c_);
    if (c_.peek() != '{') c_.unsupported(nameAt, "function declaration without a body");
    body.pos = c_.skipSpace();
    c_.skipBalanced(false);
    c_.skipLocation();
    bodies_.push_back(std::move(body));
  }

  void parseGenericFunction() {
    size_t at = c_.skipSpace();
    c_.expect("\"func.func\"");
    c_.expect("(");
    c_.expect(")");
    Attr attrs;
    if (c_.consumeIf("<")) {
      attrs = parseDict(c_);
      c_.expect(">");
    }
    c_.expect("(");
    size_t bodyPos = c_.skipSpace();
    if (c_.peek() != '{') c_.unsupported(at, "function declaration without a body");
    c_.skipBalanced(false);
    c_.expect(")");
    if (c_.peek() == '{') {
      Attr more = parseDict(c_);
      for (auto& entry : more.dict) attrs.dict.push_back(std::move(entry));
    }
    c_.expect(":");
    expectEmptyFunctionType();
    c_.skipLocation();

    const Attr* name = attrs.find("sym_name");
    const Attr* type = attrs.find("function_type");
    if (!name || name->kind != Attr::Kind::String) c_.fail(at, "func.func needs a sym_name");
    if (!type || type->kind != Attr::Kind::FunctionType)
      c_.fail(at, "func.func needs a function_type");
    const Attr* visibility = attrs.find("sym_visibility");
    ir::Function& f =
        addFunction(name->text, !visibility || visibility->text != "private", name->pos);
    for (const auto& t : type->inputs) f.body.addArgument(t);
    f.resultTypes = type->results;
    f.argAttributes = attributeTexts(attrs.find("arg_attrs"), f.body.args.size());
    f.resultAttributes = attributeTexts(attrs.find("res_attrs"), f.resultTypes.size());
    bodies_.push_back(PendingBody{&f, bodyPos, true, {}});
  }

  // `arg_attrs = [{...}, {}]` as verbatim texts, one per argument.
  std::vector<std::string> attributeTexts(const Attr* list, size_t count) {
    std::vector<std::string> texts(count);
    if (!list) return texts;
    if (list->kind != Attr::Kind::List || list->list.size() != count)
      c_.fail(list->pos, "expected a list of " + std::to_string(count) + " dictionaries");
    for (size_t i = 0; i < count; ++i) {
      const Attr& d = list->list[i];
      if (d.kind != Attr::Kind::Dict) c_.fail(d.pos, "expected a dictionary");
      if (!d.dict.empty()) texts[i] = std::string(c_.slice(d.pos, d.end));
    }
    return texts;
  }

  void parseBodies() {
    size_t end = c_.pos();
    for (const PendingBody& body : bodies_) {
      c_.seek(body.pos);
      parseFunctionBody(body);
    }
    c_.seek(end);
  }

  void parseFunctionBody(const PendingBody& body) {
    ir::Function& f = *body.function;
    function_ = &f;
    scopes_.assign(1, Scope{});
    c_.expect("{");
    if (c_.peek() == '^') {
      std::vector<ir::TensorType> types;
      std::vector<std::string> names = blockLabel(types);
      size_t at = c_.pos();
      if (names.size() != f.body.args.size())
        c_.fail(at, "block arguments do not match the signature");
      for (size_t i = 0; i < names.size(); ++i) {
        if (types[i] != f.body.args[i]->type)
          c_.fail(at, "block argument " + names[i] + " has type " + ir::toString(types[i]) +
                          " but the signature says " + ir::toString(f.body.args[i]->type));
        define(names[i], {f.body.args[i].get()}, at);
      }
    } else if (body.generic && !f.body.args.empty()) {
      c_.failHere("expected a block label with the function's arguments");
    }
    for (size_t i = 0; i < body.argNames.size(); ++i)
      define(body.argNames[i], {f.body.args[i].get()}, body.pos);
    ir::Builder builder(f.body, &module_);
    parseBlock(builder, true);
    c_.expect("}");
  }

  // `^bb0(%a: tensor<f32>, %b: tensor<f32>):` (arguments optional).
  std::vector<std::string> blockLabel(std::vector<ir::TensorType>& types) {
    c_.expect("^");
    c_.identifier("a block name");
    std::vector<std::string> names;
    if (c_.consumeIf("(") && !c_.consumeIf(")")) {
      do {
        names.push_back(c_.valueName());
        c_.expect(":");
        types.push_back(c_.tensorType());
        c_.skipLocation();
      } while (c_.consumeIf(","));
      c_.expect(")");
    }
    c_.expect(":");
    return names;
  }

  // ---- values ----

  void define(const std::string& name, std::vector<ir::Value*> values, size_t at) {
    auto [it, inserted] = scopes_.back().emplace(name, std::move(values));
    if (!inserted) c_.fail(at, "redefinition of %" + name);
  }

  ir::Value* operand(OpText& op) {
    size_t at = c_.skipSpace();
    std::string name = c_.valueName();
    size_t index = 0;
    bool indexed = false;
    if (c_.peekAt(0) == '#') {
      c_.seek(c_.pos() + 1);
      int64_t i = c_.int64Value();
      if (i < 0) c_.fail(at, "negative result index");
      index = static_cast<size_t>(i);
      indexed = true;
    }
    for (auto scope = scopes_.rbegin(); scope != scopes_.rend(); ++scope) {
      auto it = scope->find(name);
      if (it == scope->end()) continue;
      if (index >= it->second.size())
        c_.fail(at, "%" + name + " has " + std::to_string(it->second.size()) + " results");
      if (!indexed && it->second.size() > 1)
        c_.fail(at, "%" + name + " has several results; use %" + name + "#N");
      op.operands.push_back(it->second[index]);
      op.operandAt.push_back(at);
      return it->second[index];
    }
    c_.fail(at, "use of undefined value %" + name);
  }

  void operandList(OpText& op) {
    do operand(op);
    while (c_.consumeIf(","));
  }

  // Operands up to (and including the comma before) a keyword such as `dim` or `sizes`.
  void operandsUntilKeyword(OpText& op) {
    do {
      if (c_.peek() != '%') return;
      operand(op);
    } while (c_.consumeIf(","));
  }

  // ---- regions and blocks ----

  struct RegionScope {
    explicit RegionScope(ModuleParser& p) : p(p) {
      if (++p.regionDepth_ > kMaxRegionDepth) p.c_.failHere("regions nested too deeply");
      p.scopes_.emplace_back();
    }
    ~RegionScope() {
      --p.regionDepth_;
      p.scopes_.pop_back();
    }
    ModuleParser& p;
  };

  // Ops until the closing `}`; the block must end with its terminator.
  void parseBlock(ir::Builder& builder, bool isFunction) {
    bool terminated = false;
    while (c_.peek() != '}') {
      if (c_.atEnd()) c_.failHere("expected '}' but the text ended");
      if (terminated) c_.failHere("operation after the terminator");
      terminated = parseOperation(builder, isFunction);
    }
    if (!terminated)
      c_.failHere(isFunction ? "function body does not end with return"
                             : "region does not end with stablehlo.return");
  }

  // `{ ^bb0(...): ... }` of a generic op.
  std::unique_ptr<ir::Region> genericRegion() {
    RegionScope scope(*this);
    auto region = std::make_unique<ir::Region>();
    c_.expect("{");
    if (c_.peek() == '^') {
      size_t at = c_.skipSpace();
      std::vector<ir::TensorType> types;
      std::vector<std::string> names = blockLabel(types);
      for (size_t i = 0; i < names.size(); ++i)
        define(names[i], {region->addArgument(types[i])}, at);
    }
    ir::Builder builder(*region, &module_);
    parseBlock(builder, false);
    c_.expect("}");
    return region;
  }

  // ---- operations ----

  // Returns true for a terminator.
  bool parseOperation(ir::Builder& builder, bool inFunction) {
    size_t at = c_.skipSpace();
    std::vector<ResultDef> defs;
    if (c_.peek() == '%') {
      do {
        ResultDef def;
        def.at = c_.skipSpace();
        def.name = c_.valueName();
        if (c_.peekAt(0) == ':' && c_.peekAt(1) >= '0' && c_.peekAt(1) <= '9') {
          c_.expect(":");
          int64_t n = c_.int64Value();
          if (n < 1 || n > 1024) c_.fail(def.at, "bad result count");
          def.count = static_cast<size_t>(n);
        }
        defs.push_back(std::move(def));
      } while (c_.consumeIf(","));
      c_.expect("=");
    }
    OpText op;
    op.at = c_.skipSpace();
    bool generic = c_.peek() == '"';
    op.name = generic ? c_.stringLiteral() : std::string(c_.identifier("an operation name"));
    if (op.name == "return" || op.name == "func.return" || op.name == "stablehlo.return") {
      if ((op.name == "stablehlo.return") == inFunction)
        c_.fail(op.at, "'" + op.name + "' is not valid here");
      if (!defs.empty()) c_.fail(at, "'" + op.name + "' has no results");
      parseReturn(builder, op, generic, inFunction);
      return true;
    }
    resolveKind(op);
    if (generic)
      parseGeneric(op);
    else
      parsePretty(builder, op);
    c_.skipLocation();
    finish(builder, op, defs);
    return false;
  }

  void resolveKind(OpText& op) {
    if (op.name == "call")
      op.kind = OpKind::call;
    else if (op.name == "stablehlo.custom_call")
      op.kind = OpKind::check_expect_eq; // a placeholder until the call target picks the check
    else if (!ir::parseOpName(op.name, op.kind))
      c_.unsupported(op.at, "operation " + op.name);
  }

  void parseReturn(ir::Builder& builder, OpText& op, bool generic, bool inFunction) {
    std::vector<ir::TensorType> types;
    if (generic) {
      c_.expect("(");
      if (!c_.consumeIf(")")) {
        operandList(op);
        c_.expect(")");
      }
      if (c_.peek() == '{') parseDict(c_);
      c_.expect(":");
      op.typesAt = c_.skipSpace();
      std::vector<ir::TensorType> outs;
      c_.functionType(types, outs);
      if (!outs.empty()) c_.fail(op.typesAt, "a terminator has no results");
    } else if (c_.peek() == '%') {
      operandList(op);
      c_.expect(":");
      op.typesAt = c_.skipSpace();
      types = c_.typeList();
    }
    c_.skipLocation();
    op.operandTypes = types;
    checkOperandTypes(op);
    if (inFunction) {
      const auto& expected = function_->resultTypes;
      if (types.size() != expected.size())
        c_.fail(op.at, "return of " + std::to_string(types.size()) + " values in @" +
                           function_->name + ", which returns " + std::to_string(expected.size()));
      for (size_t i = 0; i < types.size(); ++i)
        if (types[i] != expected[i])
          c_.fail(op.operandAt[i], "returned value has type " + ir::toString(types[i]) + " but @" +
                                       function_->name + " returns " + ir::toString(expected[i]));
    }
    builder.ret(op.operands);
  }

  void checkOperandTypes(const OpText& op) {
    if (op.operandTypes.size() != op.operands.size())
      c_.fail(op.typesAt, std::to_string(op.operandTypes.size()) + " operand types for " +
                              std::to_string(op.operands.size()) + " operands of " + op.name);
    for (size_t i = 0; i < op.operands.size(); ++i)
      if (op.operands[i]->type != op.operandTypes[i])
        c_.fail(op.operandAt[i], "operand #" + std::to_string(i) + " of " + op.name + " has type " +
                                     ir::toString(op.operands[i]->type) + " but the text says " +
                                     ir::toString(op.operandTypes[i]));
  }

  void finish(ir::Builder& builder, OpText& op, const std::vector<ResultDef>& defs) {
    if (op.typed) checkOperandTypes(op);
    std::vector<ir::TensorType> declared;
    if (needsDeclaredTypes(op.kind)) {
      if (!op.resultsTyped) c_.fail(op.at, op.name + " needs its result type written");
      declared = op.resultTypes;
    }
    if (op.kind == OpKind::dot_general || op.kind == OpKind::convolution) checkWrittenShape(op);
    ir::Op* built = nullptr;
    try {
      built = &builder.create(op.kind, op.operands, std::move(op.attrs), std::move(declared),
                              std::move(op.regions));
    } catch (const VerifyError& e) {
      throw VerifyError(c_.where(op.at) + ": " + e.what());
    } catch (const UnsupportedError& e) {
      throw UnsupportedError(std::string(e.what()) + " at " + c_.where(op.at));
    }
    if (op.yieldsTrue && !defs.empty()) {
      ir::Attributes value;
      value.value = ir::Tensor::scalar<bool>(true);
      built = &builder.create(OpKind::constant, {}, std::move(value));
    }
    if (op.resultsTyped) {
      if (op.resultTypes.size() != built->results.size())
        c_.fail(op.typesAt, op.name + " has " + std::to_string(built->results.size()) +
                                " results but the text gives " +
                                std::to_string(op.resultTypes.size()) + " types");
      for (size_t i = 0; i < op.resultTypes.size(); ++i)
        if (op.resultTypes[i] != built->result(static_cast<int>(i))->type)
          c_.fail(op.typesAt, "result #" + std::to_string(i) + " of " + op.name +
                                  " is inferred as " +
                                  ir::toString(built->result(static_cast<int>(i))->type) +
                                  " but the text says " + ir::toString(op.resultTypes[i]));
    }
    size_t total = 0;
    for (const ResultDef& d : defs) total += d.count;
    if (total != built->results.size())
      c_.fail(op.at, op.name + " has " + std::to_string(built->results.size()) +
                         " results but the text names " + std::to_string(total));
    size_t next = 0;
    for (const ResultDef& d : defs) {
      std::vector<ir::Value*> values;
      for (size_t i = 0; i < d.count; ++i) values.push_back(built->results[next++].get());
      define(d.name, std::move(values), d.at);
    }
  }

  // dot_general and convolution take only their element type from the text; a written shape
  // that differs from the inferred one is the text's error.
  void checkWrittenShape(const OpText& op) {
    if (op.resultTypes.size() != 1) c_.fail(op.typesAt, op.name + " has one result");
    ir::Op probe;
    probe.kind = op.kind;
    probe.operands = op.operands;
    probe.attrs = op.attrs;
    ir::TensorType inferred;
    try {
      ir::normalizeAttributes(op.kind, probe.attrs, probe.operands);
      inferred = ir::inferResultTypes(probe, {{op.resultTypes[0].elementType, {}}}, &module_).at(0);
    } catch (const VerifyError& e) {
      throw VerifyError(c_.where(op.at) + ": " + e.what());
    }
    if (inferred != op.resultTypes[0])
      c_.fail(op.typesAt, "result #0 of " + op.name + " is inferred as " + ir::toString(inferred) +
                              " but the text says " + ir::toString(op.resultTypes[0]));
  }

  // ---- generic form ----

  void parseGeneric(OpText& op) {
    c_.expect("(");
    if (!c_.consumeIf(")")) {
      operandList(op);
      c_.expect(")");
    }
    Attr attrs;
    attrs.kind = Attr::Kind::Dict;
    if (c_.consumeIf("<")) {
      attrs = parseDict(c_);
      c_.expect(">");
    }
    if (c_.peek() == '(') {
      c_.expect("(");
      do op.regions.push_back(genericRegion());
      while (c_.consumeIf(","));
      c_.expect(")");
    }
    if (c_.peek() == '{') {
      Attr more = parseDict(c_);
      for (auto& entry : more.dict) attrs.dict.push_back(std::move(entry));
    }
    c_.expect(":");
    op.typesAt = c_.skipSpace();
    c_.functionType(op.operandTypes, op.resultTypes);
    op.typed = op.resultsTyped = true;
    if (op.name == "stablehlo.custom_call") {
      const Attr* target = attrs.find("call_target_name");
      if (!target || target->kind != Attr::Kind::String)
        c_.fail(op.at, "stablehlo.custom_call needs a call_target_name");
      customCall(op, target->text);
    }
    applyAttributes(op, attrs);
    // The value is all such an op holds; without one it would stand for no data at all.
    const bool holdsValue = op.kind == OpKind::constant ||
                            op.kind == OpKind::check_expect_eq_const ||
                            op.kind == OpKind::check_expect_almost_eq_const;
    if (holdsValue && !attrs.find("value")) c_.fail(op.at, op.name + " needs a value");
  }

  void customCall(OpText& op, const std::string& target) {
    if (target == "check.expect_eq") {
      op.kind = OpKind::check_expect_eq;
    } else if (target == "check.expect_close") {
      op.kind = OpKind::check_expect_close;
      op.attrs.maxUlpDifference = 3;
      op.attrs.minUlpDifference = 0;
    } else if (target == "check.expect_almost_eq") {
      op.kind = OpKind::check_expect_almost_eq;
      op.attrs.tolerance = 1e-3;
    } else if (target == "check.eq") {
      checkEq(op);
      return;
    } else {
      c_.unsupported(op.at, "stablehlo.custom_call @" + target);
    }
    if (!op.resultTypes.empty()) c_.unsupported(op.at, "stablehlo.custom_call with results");
    op.name = "stablehlo.custom_call @" + target;
  }

  // `%r = stablehlo.custom_call @check.eq(%actual, %expected) : (T, T) -> tensor<i1>`, the form of
  // the older StableHLO testdata, judged as the StableHLO interpreter does: integers and i1
  // exactly, floats within 1e-4. %r is true iff the check passed; since a failed check fails the
  // run, every run that goes on sees true, so %r is defined as that constant.
  void checkEq(OpText& op) {
    if (op.operandTypes.size() != 2)
      c_.fail(op.at, "stablehlo.custom_call @check.eq takes two operands");
    if (op.resultTypes != std::vector<ir::TensorType>{{ir::ElementType::i1, {}}})
      c_.fail(op.typesAt, "stablehlo.custom_call @check.eq returns tensor<i1>");
    if (ir::isFloat(op.operandTypes[0].elementType)) {
      op.kind = OpKind::check_expect_almost_eq;
      op.attrs.tolerance = 1e-4;
    } else {
      op.kind = OpKind::check_expect_eq;
    }
    op.resultTypes.clear();
    op.resultsTyped = false;
    op.yieldsTrue = true;
    op.name = "stablehlo.custom_call @check.eq";
  }

  // Reads the attributes an op of the subset carries, under their StableHLO names; others
  // (precision_config, frontend attributes, ...) do not change results and are ignored.
  void applyAttributes(OpText& op, const Attr& dict) {
    ir::Attributes& a = op.attrs;
    for (const auto& [key, v] : dict.dict) {
      if (key == "value") {
        if (v.kind != Attr::Kind::Dense) c_.fail(v.pos, "expected a dense constant");
        a.value = v.dense;
      } else if (key == "iota_dimension" || key == "dimension") {
        a.dimension = toInt(c_, v);
      } else if (key == "broadcast_dimensions" || key == "permutation" || key == "dimensions") {
        a.dimensions = toInts(c_, v);
      } else if (key == "start_indices") {
        a.startIndices = toInts(c_, v);
      } else if (key == "limit_indices") {
        a.limitIndices = toInts(c_, v);
      } else if (key == "strides") {
        a.strides = toInts(c_, v);
      } else if (key == "slice_sizes") {
        a.sliceSizes = toInts(c_, v);
      } else if (key == "edge_padding_low") {
        a.edgePaddingLow = toInts(c_, v);
      } else if (key == "edge_padding_high") {
        a.edgePaddingHigh = toInts(c_, v);
      } else if (key == "interior_padding") {
        a.interiorPadding = toInts(c_, v);
      } else if (key == "comparison_direction") {
        std::string word = toEnumWord(c_, v, "comparison_direction");
        if (!ir::parseComparisonDirection(word, a.comparisonDirection))
          c_.fail(v.pos, "unknown comparison direction " + word);
      } else if (key == "compare_type") {
        std::string word = toEnumWord(c_, v, "comparison_type");
        if (!ir::parseComparisonType(word, a.compareType))
          c_.unsupported(v.pos, "comparison type " + word);
      } else if (key == "dot_dimension_numbers") {
        a.dot = toDot(c_, v);
      } else if (key == "dimension_numbers" && v.kind == Attr::Kind::Dialect &&
                 v.text == "stablehlo.gather") {
        a.gather = toGather(c_, v);
      } else if (key == "dimension_numbers") {
        a.conv = toConv(c_, v);
      } else if (key == "scatter_dimension_numbers") {
        a.scatter = toScatter(c_, v);
      } else if (key == "indices_are_sorted") {
        a.indicesAreSorted = toBool(c_, v);
      } else if (key == "unique_indices") {
        a.uniqueIndices = toBool(c_, v);
      } else if (key == "window_strides") {
        a.windowStrides = toInts(c_, v);
      } else if (key == "padding") {
        a.padding = toPairs(c_, v);
      } else if (key == "lhs_dilation" || key == "base_dilations") {
        a.lhsDilation = toInts(c_, v);
      } else if (key == "rhs_dilation" || key == "window_dilations") {
        a.rhsDilation = toInts(c_, v);
      } else if (key == "window_reversal") {
        a.windowReversal = toBools(c_, v);
      } else if (key == "window_dimensions") {
        a.windowDimensions = toInts(c_, v);
      } else if (key == "feature_group_count") {
        a.featureGroupCount = toInt(c_, v);
      } else if (key == "batch_group_count") {
        a.batchGroupCount = toInt(c_, v);
      } else if (key == "callee") {
        if (v.kind != Attr::Kind::Symbol) c_.fail(v.pos, "expected a callee @name");
        a.callee = v.text;
      } else if (key == "tolerance") {
        a.tolerance = toFloat(c_, v);
      } else if (key == "max_ulp_difference") {
        a.maxUlpDifference = toInt(c_, v);
      } else if (key == "min_ulp_difference") {
        a.minUlpDifference = toInt(c_, v);
      } else if (key == "replica_groups") {
        a.replicaGroups = toReplicaGroups(v);
      } else if (key == "channel_handle") {
        // Handle 0 is cross_replica mode, the only one the subset runs; a positive handle makes
        // the groups mean replicas and partitions.
        const Attr* handle = v.kind == Attr::Kind::Dialect ? v.find("handle") : nullptr;
        if (!handle || toInt(c_, *handle) != 0)
          c_.unsupported(v.pos, "a collective with a channel handle other than 0");
      } else if (key == "use_global_device_ids") {
        c_.unsupported(v.pos, "use_global_device_ids (flattened_ids collectives)");
      }
    }
  }

  // A rank-2 i64 dense attribute, one row per group.
  std::vector<std::vector<int64_t>> toReplicaGroups(const Attr& v) {
    if (v.kind != Attr::Kind::Dense || v.dense.shape().size() != 2 ||
        v.dense.elementType() != ir::ElementType::i64)
      c_.fail(v.pos, "replica_groups must be a dense tensor<GxSxi64>");
    const int64_t groups = v.dense.shape()[0], size = v.dense.shape()[1];
    std::vector<std::vector<int64_t>> out(static_cast<size_t>(groups));
    for (int64_t g = 0; g < groups; ++g)
      for (int64_t i = 0; i < size; ++i)
        out[static_cast<size_t>(g)].push_back(v.dense.get<int64_t>(g * size + i));
    return out;
  }

  void optionalAttrDict(OpText& op) {
    if (c_.peek() == '{') applyAttributes(op, parseDict(c_));
  }

  // ---- pretty form ----

  void colonTypes(OpText& op) {
    optionalAttrDict(op);
    c_.expect(":");
    sameOperandsAndResultTypes(op);
  }

  // `T` (every operand and the result), `Tpred, T` (select), or a functional type.
  void sameOperandsAndResultTypes(OpText& op) {
    op.typesAt = c_.skipSpace();
    op.typed = true;
    if (c_.peek() == '(') {
      c_.functionType(op.operandTypes, op.resultTypes);
      op.resultsTyped = true;
      return;
    }
    std::vector<ir::TensorType> types = c_.typeList();
    if (op.kind == OpKind::select && types.size() == 2) {
      op.operandTypes = {types[0], types[1], types[1]};
      op.resultTypes = {types[1]};
      op.resultsTyped = true;
      return;
    }
    if (types.size() != 1) c_.fail(op.typesAt, "expected one type or a functional type");
    op.operandTypes.assign(op.operands.size(), types[0]);
    if (op.kind != OpKind::compare) { // compare's result is i1: only the operand type is given
      op.resultTypes = types;
      op.resultsTyped = true;
    }
  }

  void keywordEquals(std::string_view keyword) {
    c_.expect(keyword);
    c_.expect("=");
  }

  void parsePretty(ir::Builder& builder, OpText& op) {
    ir::Attributes& a = op.attrs;
    switch (op.kind) {
    case OpKind::constant:
      optionalAttrDict(op);
      a.value = parseDenseElements(c_);
      op.resultTypes = {a.value.type()};
      op.resultsTyped = true;
      return;
    case OpKind::iota:
      keywordEquals("dim");
      a.dimension = c_.int64Value();
      optionalAttrDict(op);
      c_.expect(":");
      op.typesAt = c_.skipSpace();
      op.resultTypes = {c_.tensorType()};
      op.resultsTyped = true;
      return;
    case OpKind::compare: {
      size_t at = c_.skipSpace();
      std::string word(c_.identifier("a comparison direction"));
      if (!ir::parseComparisonDirection(word, a.comparisonDirection))
        c_.fail(at, "unknown comparison direction " + word);
      c_.expect(",");
      operand(op);
      c_.expect(",");
      operand(op);
      if (c_.consumeIf(",")) {
        at = c_.skipSpace();
        word = c_.identifier("a comparison type");
        if (!ir::parseComparisonType(word, a.compareType))
          c_.unsupported(at, "comparison type " + word);
      }
      colonTypes(op);
      return;
    }
    case OpKind::broadcast_in_dim:
    case OpKind::transpose:
    case OpKind::reverse:
      operand(op);
      c_.expect(",");
      keywordEquals("dims");
      a.dimensions = parseIntList(c_);
      colonTypes(op);
      return;
    case OpKind::slice:
      parseSlice(op);
      return;
    case OpKind::dynamic_slice:
      operandsUntilKeyword(op);
      keywordEquals("sizes");
      a.sliceSizes = parseIntList(c_);
      colonTypes(op);
      return;
    case OpKind::concatenate:
      operandsUntilKeyword(op);
      keywordEquals("dim");
      a.dimension = c_.int64Value();
      colonTypes(op);
      return;
    case OpKind::pad:
      operand(op);
      c_.expect(",");
      operand(op);
      c_.expect(",");
      keywordEquals("low");
      a.edgePaddingLow = parseIntList(c_);
      c_.expect(",");
      keywordEquals("high");
      a.edgePaddingHigh = parseIntList(c_);
      c_.expect(",");
      keywordEquals("interior");
      a.interiorPadding = parseIntList(c_);
      colonTypes(op);
      return;
    case OpKind::dot_general:
      parseDotGeneral(op);
      return;
    case OpKind::convolution:
      parseConvolution(op);
      return;
    case OpKind::reduce:
      parseReduce(builder, op);
      return;
    case OpKind::reduce_window:
    case OpKind::select_and_scatter:
    case OpKind::gather:
    case OpKind::scatter:
    case OpKind::all_reduce:
      c_.fail(op.at, op.name + " is only read in the generic form \"" + op.name + "\"(...)");
    case OpKind::replica_id: // `stablehlo.replica_id : tensor<ui32>`
      optionalAttrDict(op);
      c_.expect(":");
      op.typesAt = c_.skipSpace();
      op.resultTypes = {c_.tensorType()};
      op.typed = op.resultsTyped = true;
      return;
    case OpKind::call:
      a.callee = c_.symbolName();
      parenthesizedOperands(op);
      functionalTypes(op);
      return;
    case OpKind::check_expect_eq:
    case OpKind::check_expect_almost_eq:
    case OpKind::check_expect_eq_const:
    case OpKind::check_expect_almost_eq_const:
    case OpKind::check_expect_close:
      if (op.name == "stablehlo.custom_call") {
        std::string target = c_.symbolName();
        parenthesizedOperands(op);
        functionalTypes(op);
        customCall(op, target);
      } else {
        parseCheck(op);
      }
      return;
    default: // elementwise ops, clamp, select, convert, reshape
      operandList(op);
      colonTypes(op);
      return;
    }
  }

  void parenthesizedOperands(OpText& op) {
    c_.expect("(");
    if (!c_.consumeIf(")")) {
      operandList(op);
      c_.expect(")");
    }
  }

  void functionalTypes(OpText& op) {
    optionalAttrDict(op);
    c_.expect(":");
    op.typesAt = c_.skipSpace();
    c_.functionType(op.operandTypes, op.resultTypes);
    op.typed = op.resultsTyped = true;
  }

  void parseSlice(OpText& op) {
    ir::Attributes& a = op.attrs;
    operand(op);
    c_.expect("[");
    if (!c_.consumeIf("]")) {
      do {
        a.startIndices.push_back(c_.int64Value());
        c_.expect(":");
        a.limitIndices.push_back(c_.int64Value());
        a.strides.push_back(c_.consumeIf(":") ? c_.int64Value() : 1);
      } while (c_.consumeIf(","));
      c_.expect("]");
    }
    colonTypes(op);
  }

  void parseDotGeneral(OpText& op) {
    ir::DotDimensionNumbers& d = op.attrs.dot;
    operand(op);
    c_.expect(",");
    operand(op);
    while (c_.consumeIf(",")) {
      size_t at = c_.skipSpace();
      std::string_view key = c_.identifier("a dot_general attribute");
      c_.expect("=");
      if (key == "batching_dims" || key == "contracting_dims") {
        auto& lhs = key == "batching_dims" ? d.lhsBatchingDimensions : d.lhsContractingDimensions;
        auto& rhs = key == "batching_dims" ? d.rhsBatchingDimensions : d.rhsContractingDimensions;
        lhs = parseIntList(c_);
        c_.expect("x");
        rhs = parseIntList(c_);
      } else if (key == "precision" || key == "algorithm") {
        c_.skipBalanced();
      } else {
        c_.fail(at, "unknown dot_general attribute '" + std::string(key) + "'");
      }
    }
    colonTypes(op);
  }

  void parseConvolution(OpText& op) {
    ir::Attributes& a = op.attrs;
    parenthesizedOperands(op);
    keywordEquals("dim_numbers");
    parseConvLayout(c_, a.conv);
    if (c_.consumeIf(",")) {
      keywordEquals("window");
      Attr window = parseDict(c_);
      for (const auto& [key, v] : window.dict) {
        if (key == "stride")
          a.windowStrides = toInts(c_, v);
        else if (key == "pad")
          a.padding = toPairs(c_, v);
        else if (key == "lhs_dilate")
          a.lhsDilation = toInts(c_, v);
        else if (key == "rhs_dilate")
          a.rhsDilation = toInts(c_, v);
        else if (key == "reverse")
          a.windowReversal = toBools(c_, v);
        else
          c_.fail(v.pos, "unknown window attribute '" + key + "'");
      }
    }
    functionalTypes(op);
  }

  void parseReduce(ir::Builder& builder, OpText& op) {
    std::vector<std::pair<ir::Value*, size_t>> inits;
    do {
      c_.expect("(");
      operand(op);
      c_.expect("init");
      c_.expect(":");
      size_t at = c_.skipSpace();
      inits.emplace_back(operand(op), at);
      op.operands.pop_back();
      op.operandAt.pop_back();
      c_.expect(")");
    } while (c_.consumeIf(","));
    for (auto [init, at] : inits) {
      op.operands.push_back(init);
      op.operandAt.push_back(at);
    }
    OpKind combiner = OpKind::add;
    size_t appliesAt = c_.skipSpace();
    bool compact = c_.consumeIf("applies");
    if (compact) {
      appliesAt = c_.skipSpace();
      std::string name(c_.identifier("an operation name"));
      if (!ir::parseOpName(name, combiner) || !ir::isElementwiseBinary(combiner))
        c_.unsupported(appliesAt, "reduce body " + name);
    }
    c_.expect("across");
    keywordEquals("dimensions");
    op.attrs.dimensions = parseIntList(c_);
    functionalTypes(op);
    size_t n = inits.size();
    if (compact) {
      if (n != 1) c_.fail(appliesAt, "'applies' needs a single input");
      ir::TensorType scalar = inits[0].first->type;
      try {
        op.regions.push_back(builder.makeRegion({scalar, scalar}, ir::binaryBody(combiner)));
      } catch (const VerifyError& e) {
        throw VerifyError(c_.where(appliesAt) + ": " + e.what());
      }
      return;
    }
    RegionScope scope(*this);
    auto region = std::make_unique<ir::Region>();
    c_.expect("reducer");
    std::vector<std::string> names(2 * n);
    std::vector<ir::TensorType> types(2 * n);
    size_t at = c_.skipSpace();
    for (size_t i = 0; i < n; ++i) {
      c_.expect("(");
      for (size_t k : {i, n + i}) {
        if (k != i) c_.expect(",");
        names[k] = c_.valueName();
        c_.expect(":");
        types[k] = c_.tensorType();
        c_.skipLocation();
      }
      c_.expect(")");
    }
    for (size_t k = 0; k < 2 * n; ++k) define(names[k], {region->addArgument(types[k])}, at);
    c_.expect("{");
    ir::Builder body(*region, &module_);
    parseBlock(body, false);
    c_.expect("}");
    op.regions.push_back(std::move(region));
  }

  void tolerance(OpText& op) {
    keywordEquals("tolerance");
    op.attrs.tolerance = toFloat(c_, parseAttr(c_));
  }

  void parseCheck(OpText& op) {
    ir::Attributes& a = op.attrs;
    operand(op);
    c_.expect(",");
    bool isConst =
        op.kind == OpKind::check_expect_eq_const || op.kind == OpKind::check_expect_almost_eq_const;
    if (isConst) {
      op.typesAt = c_.skipSpace();
      a.value = parseDenseElements(c_);
      op.operandTypes = {a.value.type()};
      op.typed = true;
      if (c_.consumeIf(",")) tolerance(op);
      optionalAttrDict(op);
      return;
    }
    operand(op);
    if (op.kind == OpKind::check_expect_close) {
      c_.expect(",");
      keywordEquals("max_ulp_difference");
      a.maxUlpDifference = toInt(c_, parseAttr(c_));
      if (c_.consumeIf(",")) {
        keywordEquals("min_ulp_difference");
        a.minUlpDifference = toInt(c_, parseAttr(c_));
      }
      c_.expect(":");
      optionalAttrDict(op);
      op.typesAt = c_.skipSpace();
      op.operandTypes = c_.typeList();
      op.typed = true;
      return;
    }
    if (op.kind == OpKind::check_expect_almost_eq && c_.consumeIf(",")) tolerance(op);
    optionalAttrDict(op);
    c_.expect(":");
    op.typesAt = c_.skipSpace();
    op.operandTypes.assign(2, c_.tensorType());
    op.typed = true;
  }
};

ir::Module parseRange(std::string_view text, std::string_view fileName, size_t begin, size_t end) {
  Cursor c(text, fileName);
  c.seek(begin);
  c.setEnd(end);
  return ModuleParser(c).parseModule();
}

// Where the text starts, past a UTF-8 byte order mark.
size_t textBegin(std::string_view text) {
  return text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
}

} // namespace

ir::Module parse(std::string_view text, std::string_view fileName) {
  return parseRange(text, fileName, textBegin(text), text.size());
}

std::vector<ir::Module> parseSplit(std::string_view text, std::string_view fileName) {
  std::vector<ir::Module> modules;
  size_t chunkBegin = textBegin(text);
  auto flush = [&](size_t chunkEnd) {
    Cursor probe(text, fileName);
    probe.seek(chunkBegin);
    probe.setEnd(chunkEnd);
    if (!probe.atEnd()) modules.push_back(parseRange(text, fileName, chunkBegin, chunkEnd));
  };
  size_t lineBegin = 0;
  while (lineBegin < text.size()) {
    size_t lineEnd = text.find('\n', lineBegin);
    if (lineEnd == std::string_view::npos) lineEnd = text.size();
    std::string_view line = text.substr(lineBegin, lineEnd - lineBegin);
    size_t first = line.find_first_not_of(" \t");
    if (first != std::string_view::npos && line.substr(first).starts_with("// -----")) {
      flush(lineBegin);
      chunkBegin = lineEnd;
    }
    lineBegin = lineEnd + 1;
  }
  flush(text.size());
  return modules;
}

std::vector<std::optional<int64_t>> aliasingOutputs(const ir::Function& f) {
  std::vector<std::optional<int64_t>> outputs(f.body.args.size());
  std::vector<bool> taken(f.resultTypes.size());
  for (size_t i = 0; i < f.argAttributes.size() && i < outputs.size(); ++i) {
    if (f.argAttributes[i].empty()) continue;
    Cursor c(f.argAttributes[i], "@" + f.name + " argument " + std::to_string(i));
    const Attr dict = parseDict(c);
    const Attr* alias = dict.find("tf.aliasing_output");
    if (!alias) continue;
    const int64_t k = toInt(c, *alias);
    const std::string where = "@" + f.name + ": argument " + std::to_string(i);
    if (k < 0 || k >= static_cast<int64_t>(taken.size()))
      throw VerifyError(where + " is donated to result " + std::to_string(k) + " of " +
                        std::to_string(taken.size()));
    if (taken[static_cast<size_t>(k)])
      throw VerifyError(where + " is donated to result " + std::to_string(k) +
                        ", which another argument already takes");
    if (f.resultTypes[static_cast<size_t>(k)] != f.body.args[i]->type)
      throw VerifyError(where + " (" + ir::toString(f.body.args[i]->type) +
                        ") is donated to result " + std::to_string(k) + " of another type (" +
                        ir::toString(f.resultTypes[static_cast<size_t>(k)]) + ")");
    taken[static_cast<size_t>(k)] = true;
    outputs[i] = k;
  }
  return outputs;
}

} // namespace hlotrain::mlir

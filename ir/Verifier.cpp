#include "ir/Verifier.h"

#include <set>
#include <unordered_set>

#include "ir/ShapeInference.h"
#include "support/Error.h"

namespace hlotrain::ir {

namespace {

class RegionVerifier {
public:
  RegionVerifier(const Module& module, const std::string& where) : module_(module), where_(where) {}

  // `visible` holds the values of enclosing regions, which nested bodies may read.
  void verify(const Region& region, std::unordered_set<const Value*> visible) {
    for (const auto& arg : region.args) visible.insert(arg.get());
    for (size_t i = 0; i < region.ops.size(); ++i) {
      const Op& op = *region.ops[i];
      std::string at =
          where_ + ", op " + std::to_string(i) + " (" + std::string(opName(op.kind)) + ")";
      for (size_t k = 0; k < op.operands.size(); ++k)
        if (!visible.count(op.operands[k]))
          throw VerifyError(at + ": operand " + std::to_string(k) +
                            " is used before it is defined");
      for (const auto& r : op.regions) verify(*r, visible);
      std::vector<TensorType> actual;
      for (const auto& r : op.results) actual.push_back(r->type);
      std::vector<TensorType> inferred;
      try {
        inferred = inferResultTypes(op, actual, &module_);
      } catch (const VerifyError& e) {
        throw VerifyError(at + ": " + e.what());
      }
      if (inferred != actual)
        throw VerifyError(at + ": result types differ from the inferred ones");
      for (const auto& r : op.results) visible.insert(r.get());
    }
    for (const Value* v : region.results)
      if (!visible.count(v)) throw VerifyError(where_ + ": returns a value that is not defined");
  }

private:
  const Module& module_;
  const std::string& where_;
};

} // namespace

void verify(const Module& module) {
  std::set<std::string> names;
  for (const auto& f : module.functions) {
    std::string where = "function @" + f->name;
    if (!names.insert(f->name).second) throw VerifyError(where + " is defined twice");
    RegionVerifier(module, where).verify(f->body, {});
    const auto& results = f->body.results;
    if (results.size() != f->resultTypes.size())
      throw VerifyError(where + " returns " + std::to_string(results.size()) +
                        " values but its signature has " + std::to_string(f->resultTypes.size()));
    for (size_t i = 0; i < results.size(); ++i)
      if (results[i]->type != f->resultTypes[i])
        throw VerifyError(where + ": result " + std::to_string(i) + " is " +
                          toString(results[i]->type) + ", the signature says " +
                          toString(f->resultTypes[i]));
  }
}

} // namespace hlotrain::ir

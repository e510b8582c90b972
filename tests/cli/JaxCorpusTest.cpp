// The JAX-written corpus (tests/conformance/jax, see gen_corpus.py there): for every case of
// manifest.json, the pretty and the generic module run on the fast path and on the reference
// interpreter with the recorded inputs, and every result matches XLA's within the case's kind
// ("exact", or {atol, rtol}: |got - want| <= atol + rtol * |want|).

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "Harness.h"
#include "Json.h"
#include "cli/Run.h"
#include "ir/Npy.h"
#include "support/Error.h"

namespace hlotrain::testing {
namespace {

namespace fs = std::filesystem;

fs::path corpusDir() {
  return sourcePath("tests/conformance/jax");
}

// Case files sit beside the manifest or in its cases/ folder.
fs::path caseFile(const std::string& name) {
  fs::path direct = corpusDir() / name;
  return fs::exists(direct) ? direct : corpusDir() / "cases" / name;
}

Json loadManifest() {
  std::ifstream in(corpusDir() / "manifest.json");
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return parseJson(text.str());
}

std::vector<Json> runnableCases() {
  std::vector<Json> cases;
  Json manifest = loadManifest();
  for (const Json& c : manifest["cases"].array)
    if (c["error"].isNull() && !c["mlir"].isNull()) cases.push_back(c);
  return cases;
}

struct Tolerance {
  bool exact = true;
  double atol = 0, rtol = 0;
};

// Returns an empty string when `got` matches `want`, else what differs first.
std::string compare(const ir::Tensor& got, const ir::Tensor& want, Tolerance tol) {
  if (got.type() != want.type())
    return "type " + ir::toString(got.type()) + " vs expected " + ir::toString(want.type());
  bool isFloat = ir::isFloat(got.elementType());
  for (int64_t i = 0; i < got.numElements(); ++i) {
    double g = got.getAsDouble(i), w = want.getAsDouble(i);
    bool ok;
    if (!isFloat) {
      size_t width = ir::byteWidth(got.elementType());
      ok = std::memcmp(got.bytes() + i * width, want.bytes() + i * width, width) == 0;
    } else if (std::isnan(w) || std::isnan(g)) {
      ok = std::isnan(w) && std::isnan(g);
    } else if (tol.exact || std::isinf(w)) {
      ok = g == w && std::signbit(g) == std::signbit(w);
    } else {
      ok = std::fabs(g - w) <= tol.atol + tol.rtol * std::fabs(w);
    }
    if (!ok) {
      std::ostringstream msg;
      msg.precision(17);
      msg << "element " << i << ": got " << g << ", expected " << w;
      return msg.str();
    }
  }
  return {};
}

class JaxCorpus : public ::testing::TestWithParam<Json> {};

TEST_P(JaxCorpus, MatchesXla) {
  const Json& c = GetParam();
  Tolerance tol;
  if (c["kind"].kind == Json::Kind::object)
    tol = {false, c["kind"]["atol"].number, c["kind"]["rtol"].number};
  bool outsideSubset = !c["extra_ops"].isNull();

  std::vector<std::string> inputs;
  for (const Json& in : c["inputs"].array) inputs.push_back(caseFile(in["file"].string).string());
  std::vector<ir::Tensor> expected;
  for (const Json& out : c["outputs"].array)
    expected.push_back(ir::readNpy(caseFile(out["file"].string).string()));

  std::vector<std::string> modules = {c["mlir"].string};
  if (!c["generic_mlir"].isNull()) modules.push_back(c["generic_mlir"].string);
  for (const std::string& module : modules) {
    // The cpu fast path, its reference interpreter, and the xla client over our PJRT plugin.
    for (const char* mode : {"fast path", "reference", "xla"}) {
      SCOPED_TRACE(module + " (" + mode + ")");
      lower::LowererChoice lowerer;
      if (mode == std::string_view("xla")) lowerer = {"xla", HLOTRAIN_PJRT_PLUGIN, false};
      cli::RunOptions options{caseFile(module).string(),
                              "",
                              inputs,
                              "",
                              mode == std::string_view("reference"),
                              lowerer};
      if (outsideSubset) {
        // Ops outside the subset must be refused cleanly, never mis-run.
        try {
          cli::executeFile(options);
        } catch (const UnsupportedError&) {
        }
        continue;
      }
      cli::RunOutcome outcome;
      try {
        outcome = cli::executeFile(options);
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
        continue;
      }
      ASSERT_EQ(outcome.results.size(), 1u);
      ASSERT_EQ(outcome.results[0].size(), expected.size());
      EXPECT_FALSE(outcome.checks.firstFailure);
      for (size_t k = 0; k < expected.size(); ++k) {
        std::string diff = compare(outcome.results[0][k], expected[k], tol);
        EXPECT_TRUE(diff.empty()) << "result " << k << ": " << diff;
      }
    }
  }
}

std::string caseName(const ::testing::TestParamInfo<Json>& info) {
  return testName(info.param["name"].string);
}

INSTANTIATE_TEST_SUITE_P(Cases, JaxCorpus, ::testing::ValuesIn(runnableCases()), caseName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(JaxCorpus);

// A manifest that yields no case would silently test nothing.
TEST(JaxCorpusManifest, HasRunnableCasesWhenPresent) {
  if (!fs::exists(corpusDir() / "manifest.json")) GTEST_SKIP() << "no JAX corpus";
  EXPECT_FALSE(runnableCases().empty());
}

TEST(Json, ReadsTheManifestSubset) {
  Json j = parseJson(R"({"a": [1, -2.5e1, true, false, null], "b": {"c": "x\"y"}, "n": NaN})");
  ASSERT_EQ(j["a"].array.size(), 5u);
  EXPECT_EQ(j["a"].array[1].number, -25.0);
  EXPECT_TRUE(j["a"].array[2].boolean);
  EXPECT_FALSE(j["a"].array[3].boolean);
  EXPECT_TRUE(j["a"].array[4].isNull());
  EXPECT_EQ(j["b"]["c"].string, "x\"y");
  EXPECT_TRUE(j["missing"].isNull());
  EXPECT_THROW(parseJson("{\"a\": }"), std::runtime_error);
  EXPECT_THROW(parseJson("[1, 2"), std::runtime_error);
}

} // namespace
} // namespace hlotrain::testing

// Every module JAX wrote under tests/conformance/jax/ parses, in its pretty and its generic form,
// to the same IR; the printed text round-trips. Ops outside our subset may only be refused as
// UnsupportedError naming an op that is not ours.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "mlir/Parser.h"
#include "mlir/Printer.h"
#include "support/Error.h"

namespace hlotrain::mlir {
namespace {

namespace fs = std::filesystem;

const fs::path kCorpus = fs::path(HLOTRAIN_SOURCE_DIR) / "tests" / "conformance" / "jax";

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<fs::path> corpusFiles() {
  std::vector<fs::path> files;
  if (!fs::is_directory(kCorpus)) return files;
  for (const auto& entry : fs::recursive_directory_iterator(kCorpus))
    if (entry.is_regular_file() && entry.path().extension() == ".mlir")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// An UnsupportedError is acceptable only for an op that is not one of ours (chlo.*, sort, ...).
bool refusesForeignOp(const std::string& message) {
  const std::string prefix = "unsupported: operation ";
  if (message.rfind(prefix, 0) != 0) return false;
  std::string name =
      message.substr(prefix.size(), message.find(' ', prefix.size()) - prefix.size());
  ir::OpKind kind;
  return !ir::parseOpName(name, kind);
}

std::string printAll(const std::vector<ir::Module>& modules) {
  std::string text;
  for (size_t i = 0; i < modules.size(); ++i) text += (i ? "// -----\n" : "") + print(modules[i]);
  return text;
}

// Printed text of the file's module(s), or "unsupported" when it is refused for a foreign op.
std::string printedOrRefused(const fs::path& path, int& failures) {
  try {
    std::string printed = printAll(parseSplit(readFile(path), path.string()));
    EXPECT_EQ(printAll(parseSplit(printed, "reprinted")), printed) << path << ": unstable print";
    return printed;
  } catch (const UnsupportedError& e) {
    if (refusesForeignOp(e.what())) return "unsupported";
    ADD_FAILURE() << path << ": " << e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << path << ": " << e.what();
  }
  ++failures;
  return "";
}

TEST(JaxCorpus, EveryFileParsesAndRoundTrips) {
  std::vector<fs::path> files = corpusFiles();
  if (files.empty()) GTEST_SKIP() << "no corpus under " << kCorpus;
  int failures = 0, refused = 0, pairs = 0;
  for (const fs::path& path : files) {
    std::string name = path.filename().string();
    if (name.ends_with(".generic.mlir")) continue;
    std::string pretty = printedOrRefused(path, failures);
    refused += pretty == "unsupported";
    fs::path generic = path;
    generic.replace_extension(".generic.mlir");
    if (!fs::exists(generic)) continue;
    ++pairs;
    std::string fromGeneric = printedOrRefused(generic, failures);
    EXPECT_EQ(pretty, fromGeneric) << path << " and its generic form disagree";
  }
  EXPECT_EQ(failures, 0);
  // Most of the corpus is inside our subset; a refusal must stay the exception.
  EXPECT_LT(refused * 10, static_cast<int>(files.size())) << refused << " files refused";
  RecordProperty("pairs", pairs);
}

// Our printer writes what JAX writes: a pretty file reprints byte for byte, unless it carries what
// our IR drops (precision configs, locations) or ops outside our subset.
TEST(JaxCorpus, PrettyFilesReprintIdentically) {
  int compared = 0;
  for (const fs::path& path : corpusFiles()) {
    if (path.filename().string().ends_with(".generic.mlir")) continue;
    std::string text = readFile(path);
    if (text.find("precision") != std::string::npos || text.find("loc(") != std::string::npos ||
        text.find("// -----") != std::string::npos || text.find("chlo.") != std::string::npos)
      continue;
    ++compared;
    EXPECT_EQ(print(parse(text, path.string())), text) << path;
  }
  if (compared == 0) GTEST_SKIP() << "no comparable corpus files";
}

TEST(JaxCorpus, ForeignOpsAreRefusedByName) {
  EXPECT_TRUE(refusesForeignOp("unsupported: operation chlo.square at f:1:2"));
  EXPECT_FALSE(refusesForeignOp("unsupported: operation stablehlo.add at f:1:2"));
  EXPECT_FALSE(refusesForeignOp("unsupported: element type f8E4M3FN at f:1:2"));
}

} // namespace
} // namespace hlotrain::mlir

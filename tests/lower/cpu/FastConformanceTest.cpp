// Every conformance file of tests/conformance through the fast path directly (not the CLI), so a
// failing check names the fast path's plan; their modules take no arguments and judge
// themselves with check ops.

#include "FastTestUtil.h"

#include <filesystem>
#include <fstream>

#include "ir/Npy.h"
#include "mlir/Parser.h"

namespace hlotrain::cpu::fasttest {
namespace {

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const ir::Function* entryOf(const ir::Module& module) {
  if (const ir::Function* main = module.lookup("main")) return main;
  const ir::Function* only = nullptr;
  for (const auto& f : module.functions)
    if (f->isPublic) only = only ? nullptr : f.get();
  return only;
}

TEST(FastConformance, EveryFilePassesItsChecks) {
  std::filesystem::path dir = std::filesystem::path(HLOTRAIN_SOURCE_DIR) / "tests/conformance";
  int files = 0;
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    if (file.path().extension() != ".mlir") continue;
    ++files;
    SCOPED_TRACE(file.path().filename().string());
    std::vector<ir::Module> modules = mlir::parseSplit(readFile(file.path()), file.path().string());
    for (size_t m = 0; m < modules.size(); ++m) {
      SCOPED_TRACE("module #" + std::to_string(m));
      const ir::Function* entry = entryOf(modules[m]);
      ASSERT_NE(entry, nullptr);
      if (!entry->body.args.empty()) continue;
      auto exe = Executable::compile(modules[m], entry->name);
      CheckLog log;
      exe->run({}, &log);
      EXPECT_FALSE(log.firstFailure)
          << log.firstFailure->op << " element " << log.firstFailure->elementIndex << ": "
          << log.firstFailure->actual << " vs " << log.firstFailure->expected << "\n"
          << exe->dumpPlan();
    }
  }
  EXPECT_GT(files, 5);
}

// The JAX-written corpus (tests/conformance/jax): each case's inputs through the fast path and
// the reference interpreter; results agree within float reassociation, integers exactly.
TEST(FastConformance, JaxCorpusMatchesTheReference) {
  std::filesystem::path dir =
      std::filesystem::path(HLOTRAIN_SOURCE_DIR) / "tests/conformance/jax/cases";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no corpus at " << dir;
  int cases = 0;
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    std::string name = file.path().filename().string();
    if (!name.ends_with(".mlir") || name.ends_with(".generic.mlir")) continue;
    SCOPED_TRACE(name);
    ++cases;
    std::string stem = name.substr(0, name.size() - 5);
    ir::Module module;
    try {
      module = mlir::parse(readFile(file.path()), file.path().string());
    } catch (const UnsupportedError&) {
      continue; // ops outside the subset (chlo.*): the CLI's tests cover the message
    }
    const ir::Function* entry = entryOf(module);
    ASSERT_NE(entry, nullptr);
    std::vector<Tensor> inputs;
    for (size_t k = 0; k < entry->body.args.size(); ++k)
      inputs.push_back(ir::readNpy((dir / (stem + ".in" + std::to_string(k) + ".npy")).string()));
    std::vector<Tensor> expected = interpret(module, *entry, inputs);
    auto exe = Executable::compile(module, entry->name);
    std::vector<Tensor> actual = exe->run(inputs);
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i)
      EXPECT_TRUE(closeTensor(actual[i], expected[i], 1e-5)) << "result #" << i << "\n"
                                                             << exe->dumpPlan();
  }
  EXPECT_GT(cases, 100);
}

} // namespace
} // namespace hlotrain::cpu::fasttest

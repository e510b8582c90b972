// The xla lowerer, a PJRT C API client, driven against plugins built with the tests: our own
// libhlotrain_pjrt.so (the cpu lowerer behind the C API, so results must equal the cpu
// lowerer's bit for bit), a plugin that fails on purpose, and a library that is no plugin.

#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>

#include "lower/cpu/CpuLowerer.h"
#include "lower/xla/XlaLowerer.h"
#include "pjrt_plugin/Stats.h"
#include "support/Error.h"
#include "tests/lower/xla/plugins/FakePlugin.h"
#include "tests/support/ScopedEnv.h"

namespace hlotrain::xla {
namespace {

using ir::Tensor;

constexpr const char* kStep =
    R"(module @step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%w: tensor<3xf32> {tf.aliasing_output = 0 : i32}, %x: tensor<3xf32>,
                         %n: tensor<2xi32>, %p: tensor<2xi1>)
      -> (tensor<3xf32>, tensor<2xi32>, tensor<2xi1>) {
    %w2 = stablehlo.subtract %w, %x : tensor<3xf32>
    %n2 = stablehlo.multiply %n, %n : tensor<2xi32>
    %q = stablehlo.not %p : tensor<2xi1>
    return %w2, %n2, %q : tensor<3xf32>, tensor<2xi32>, tensor<2xi1>
  }
})";

std::vector<Tensor> stepInputs() {
  return {Tensor::fromVector<float>({3}, {1.5f, 2, 3}), Tensor::fromVector<float>({3}, {1, 1, 1}),
          Tensor::fromVector<int32_t>({2}, {-3, 7}), Tensor::fromVector<bool>({2}, {true, false})};
}

// A message of the UnsupportedError or RuntimeError `make` throws.
template <class Make> std::string failure(Make make) {
  try {
    make();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

using hlotrain::testing::ScopedEnv;

TEST(XlaLowerer, RunsOnOurPluginLikeTheCpuLowerer) {
  XlaLowerer xla(HLOTRAIN_PJRT_PLUGIN);
  EXPECT_NE(xla.describe().find("PJRT 0.113"), std::string::npos) << xla.describe();
  cpu::CpuLowerer cpu;
  EXPECT_EQ(xla.compile(kStep, "step.mlir")->run(stepInputs()),
            cpu.compile(kStep, "step.mlir")->run(stepInputs()));
}

TEST(XlaLowerer, DonatesWhatTheGraphDeclaresUnlessTold) {
  XlaLowerer xla(HLOTRAIN_PJRT_PLUGIN);
  std::unique_ptr<lower::Session> s = xla.compile(kStep, "step.mlir");
  std::vector<std::unique_ptr<lower::Buffer>> held;
  std::vector<lower::Buffer*> args;
  for (const Tensor& t : stepInputs()) {
    held.push_back(xla.upload(t));
    args.push_back(held.back().get());
  }
  std::vector<std::unique_ptr<lower::Buffer>> kept = s->execute(args, /*donate=*/false);
  EXPECT_FALSE(held[0]->consumed());
  std::vector<std::unique_ptr<lower::Buffer>> out = s->execute(args, /*donate=*/true);
  EXPECT_TRUE(held[0]->consumed());
  EXPECT_FALSE(held[1]->consumed());
  EXPECT_EQ(xla.download(*out[0]), Tensor::fromVector<float>({3}, {0.5f, 1, 2}));
  EXPECT_EQ(xla.download(*kept[0]), xla.download(*out[0]));
  EXPECT_NE(failure([&] { s->execute(args); }).find("donated to an earlier run"),
            std::string::npos);
  EXPECT_NE(failure([&] { xla.download(*held[0]); }).find("donated"), std::string::npos);
}

// A tensor handed over is released on the host once its buffer holds it.
TEST(XlaLowerer, AnUploadThatTakesATensorReleasesTheHostCopy) {
  XlaLowerer xla(HLOTRAIN_PJRT_PLUGIN);
  Tensor t = Tensor::fromVector<float>({3}, {1, 2, 3});
  std::unique_ptr<lower::Buffer> b = xla.upload(std::move(t));
  EXPECT_EQ(t.byteSize(), 0u);
  EXPECT_EQ(xla.download(*b), Tensor::fromVector<float>({3}, {1, 2, 3}));
}

TEST(XlaLowerer, RefusesAWrongArgumentNamingIt) {
  XlaLowerer xla(HLOTRAIN_PJRT_PLUGIN);
  std::unique_ptr<lower::Session> s = xla.compile(kStep, "step.mlir");
  std::vector<Tensor> in = stepInputs();
  in[2] = Tensor::fromVector<int32_t>({3}, {1, 2, 3});
  std::string m = failure([&] { s->run(in); });
  EXPECT_NE(m.find("argument 2 is tensor<2xi32> but the buffer holds tensor<3xi32>"),
            std::string::npos)
      << m;
}

TEST(XlaLowerer, CountsTheTransfersAtThePlugin) {
  XlaLowerer xla(HLOTRAIN_PJRT_PLUGIN);
  std::unique_ptr<lower::Session> s = xla.compile(kStep, "step.mlir");
  void* plugin = dlopen(HLOTRAIN_PJRT_PLUGIN, RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(plugin, nullptr);
  auto reset = reinterpret_cast<void (*)()>(dlsym(plugin, "HlotrainPjrt_ResetStats"));
  auto stats = reinterpret_cast<void (*)(HlotrainPjrtStats*)>(dlsym(plugin, "HlotrainPjrt_Stats"));
  ASSERT_TRUE(reset && stats);
  reset();
  s->run(stepInputs());
  HlotrainPjrtStats counted{};
  stats(&counted);
  EXPECT_EQ(counted.uploads, 4u);
  EXPECT_EQ(counted.upload_bytes, 12u + 12u + 8u + 2u);
  EXPECT_EQ(counted.downloads, 3u);
  EXPECT_EQ(counted.download_bytes, 12u + 8u + 2u);
  EXPECT_EQ(counted.executes, 1u);
}

TEST(XlaLowerer, ABadPluginIsOneLineNamingTheCause) {
  std::string none = failure([] { XlaLowerer x(""); });
  EXPECT_NE(none.find("set PJRT_PLUGIN or --pjrt-plugin"), std::string::npos) << none;

  std::string missing = failure([] { XlaLowerer x("/nonexistent/libpjrt.so"); });
  EXPECT_NE(missing.find("cannot load the PJRT plugin /nonexistent/libpjrt.so: "),
            std::string::npos)
      << missing;
  EXPECT_NE(missing.find("No such file"), std::string::npos) << "the dlerror text: " << missing;

  std::string notPlugin = failure([] { XlaLowerer x(HLOTRAIN_NOT_A_PLUGIN); });
  EXPECT_NE(notPlugin.find("is not a PJRT plugin: it has no GetPjrtApi"), std::string::npos)
      << notPlugin;

  for (auto [mode, version] :
       {std::pair{"major", "PJRT C API 1.0;"}, {"old", "PJRT C API 0.30;"}}) {
    ScopedEnv env("HLOTRAIN_FAKE_PJRT", mode);
    std::string m = failure([] { XlaLowerer x(HLOTRAIN_FAKE_PJRT_PLUGIN); });
    EXPECT_NE(m.find(version), std::string::npos) << m;
    EXPECT_NE(m.find("this client speaks 0.57 to 0.113"), std::string::npos) << m;
  }
  for (const std::string& m : {none, missing, notPlugin})
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
}

TEST(XlaLowerer, CompileAndExecuteFailuresCarryThePluginsMessage) {
  {
    ScopedEnv env("HLOTRAIN_FAKE_PJRT", "compile");
    XlaLowerer xla(HLOTRAIN_FAKE_PJRT_PLUGIN);
    std::string m = failure([&] { xla.compile(kStep, "out/net_train_step.mlir"); });
    EXPECT_NE(m.find("xla: compiling out/net_train_step.mlir: <program>:3:5: error: "
                     "'stablehlo.frobnicate'"),
              std::string::npos)
        << m;
  }
  ScopedEnv env("HLOTRAIN_FAKE_PJRT", "execute");
  XlaLowerer xla(HLOTRAIN_FAKE_PJRT_PLUGIN);
  std::unique_ptr<lower::Session> s = xla.compile(kStep, "out/net_train_step.mlir");
  std::string m = failure([&] { s->run(stepInputs()); });
  EXPECT_NE(m.find("xla: running out/net_train_step.mlir: fake: the device fell over"),
            std::string::npos)
      << m;
}

// LOWERERS.md §1.7's hand-encoded minimal single-device options.
const std::string kOneDevice("\x1a\x0f\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x20\x01\x28\x01",
                             17);
// Field 7, env_option_overrides: one map entry, key "xla_allow_excess_precision" (26 bytes),
// value an OptionOverrideProto whose bool_field (2) is false.
const std::string kExactRoundings = std::string("\x3a\x20\x0a\x1a", 4) +
                                    "xla_allow_excess_precision" +
                                    std::string("\x12\x02\x10\x00", 4);

TEST(XlaLowerer, CompileOptionsAskForOneReplicaAndOnePartition) {
  EXPECT_EQ(compileOptionsProto(1, 1, false), kOneDevice);
  EXPECT_EQ(compileOptionsProto(1, 1, true), kOneDevice + kExactRoundings);
}

// LOWERERS.md "Compile options for N devices": replica mode, N = 2 on ids 0 and 1, its bytes
// hand-encoded there and decoded back field by field.
TEST(XlaLowerer, CompileOptionsOfTwoReplicasAreTheReferenceEncoding) {
  const std::string reference("\x1a\x1d\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x20\x02\x28"
                              "\x01\x30\x01\x4a\x0a\x08\x02\x10\x01\x1a\x04\x0a\x02\x00\x01",
                              31);
  const std::vector<int64_t> ids = {0, 1};
  EXPECT_EQ(compileOptionsProto(2, 1, false, ids), reference);
  EXPECT_EQ(compileOptionsProto(2, 1, true, ids), reference + kExactRoundings);
}

TEST(XlaLowerer, CompilesWithTheGraphsRoundingsUnlessXlaFlagsChoose) {
  ScopedEnv fake("HLOTRAIN_FAKE_PJRT", "options");
  XlaLowerer xla(HLOTRAIN_FAKE_PJRT_PLUGIN);
  {
    ScopedEnv flags("XLA_FLAGS", "--xla_gpu_autotune_level=0");
    const std::string m = failure([&] { xla.compile(kStep, "net_train_step.mlir"); });
    EXPECT_TRUE(m.ends_with(fake_pjrt::optionsMessage(kOneDevice + kExactRoundings))) << m;
  }
  ScopedEnv flags("XLA_FLAGS", "--xla_allow_excess_precision=true");
  const std::string m = failure([&] { xla.compile(kStep, "net_train_step.mlir"); });
  EXPECT_TRUE(m.ends_with(fake_pjrt::optionsMessage(kOneDevice))) << m;
}

} // namespace
} // namespace hlotrain::xla

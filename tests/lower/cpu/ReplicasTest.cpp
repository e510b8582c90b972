// all_reduce and replica_id among replicas that run as threads of one process (Replicas.h): the
// reference interpreter and the fast path, which runs them through it, combine the replicas'
// values in each group's order and give every replica of a group the same result.

#include <gtest/gtest.h>

#include <thread>

#include "ir/Builder.h"
#include "ir/Verifier.h"
#include "lower/cpu/Executable.h"
#include "lower/cpu/Interpreter.h"
#include "lower/cpu/Replicas.h"
#include "support/Error.h"

namespace hlotrain::cpu {
namespace {

using ir::ElementType;
using ir::OpKind;
using ir::Tensor;

// main(x: f32[2]) -> (all_reduce of x over `groups` with `body`, replica_id).
struct CollectiveProgram {
  ir::Module module;

  CollectiveProgram(std::vector<std::vector<int64_t>> groups, bool plainSum = true) {
    ir::Function& f = module.addFunction("main");
    ir::Value* x = f.body.addArgument({ElementType::f32, {2}});
    ir::Builder b(f.body, &module);
    ir::Value* sum;
    if (plainSum) {
      sum = b.allReduce({x}, OpKind::add, std::move(groups))[0];
    } else { // a body that is not one binary op: the reference applies it per element
      const ir::TensorType scalar{ElementType::f32, {}};
      std::vector<std::unique_ptr<ir::Region>> regions;
      regions.push_back(b.makeRegion({scalar, scalar}, [](ir::Builder& r, auto v) {
        return std::vector<ir::Value*>{r.multiply(r.add(v[0], v[1]), r.scalar<float>(1.0f))};
      }));
      ir::Attributes a;
      a.replicaGroups = std::move(groups);
      sum = b.create(OpKind::all_reduce, {x}, a, {}, std::move(regions)).result();
    }
    f.setResults({sum, b.replicaId()});
    f.argAttributes.assign(1, "");
    f.resultAttributes.assign(2, "");
    ir::verify(module);
  }
};

Tensor vector2(float a, float b) {
  Tensor t({ElementType::f32, {2}});
  t.set<float>(0, a);
  t.set<float>(1, b);
  return t;
}

// Runs `replicas` replicas of the program at once, replica r on inputs[r], through the reference
// interpreter or the fast path.
std::vector<std::vector<Tensor>> runReplicas(const ir::Module& module,
                                             const std::vector<Tensor>& inputs, bool fast) {
  const int64_t replicas = static_cast<int64_t>(inputs.size());
  Rendezvous rendezvous(replicas);
  std::vector<std::vector<Tensor>> results(inputs.size());
  std::vector<std::thread> threads;
  for (int64_t r = 0; r < replicas; ++r)
    threads.emplace_back([&, r] {
      const Replica replica{r, &rendezvous};
      const std::vector<Tensor> in = {inputs[static_cast<size_t>(r)]};
      if (fast)
        results[static_cast<size_t>(r)] =
            Executable::compile(module, "main", {.threads = 1, .replica = replica})->run(in);
      else
        results[static_cast<size_t>(r)] =
            interpret(module, *module.lookup("main"), in, nullptr, replica);
    });
  for (std::thread& t : threads) t.join();
  return results;
}

class Replicas : public ::testing::TestWithParam<bool> {}; // the fast path, or the reference

TEST_P(Replicas, SumInTheOrderTheirGroupListsThem) {
  // In f32, (1e8 + 1) - 1e8 is 0 and (-1e8 + 1e8) + 1 is 1.
  const std::vector<Tensor> in = {vector2(1e8f, 1), vector2(1, 2), vector2(-1e8f, 4)};
  for (auto [groups, first] :
       {std::pair<std::vector<int64_t>, float>{{0, 1, 2}, 0.0f}, {{2, 0, 1}, 1.0f}}) {
    const std::vector<std::vector<Tensor>> out =
        runReplicas(CollectiveProgram({groups}).module, in, GetParam());
    for (uint32_t r = 0; r < 3; ++r) {
      EXPECT_EQ(out[r][0].get<float>(0), first) << "replica " << r;
      EXPECT_EQ(out[r][0].get<float>(1), 7.0f);
      EXPECT_EQ(out[r][1].get<uint32_t>(0), r);
    }
  }
}

TEST_P(Replicas, CombineWithinTheirOwnGroup) {
  const std::vector<Tensor> in = {vector2(1, 2), vector2(10, 20), vector2(100, 200),
                                  vector2(1000, 2000)};
  const auto out = runReplicas(CollectiveProgram({{0, 2}, {3, 1}}, false).module, in, GetParam());
  EXPECT_EQ(out[0][0], vector2(101, 202));
  EXPECT_EQ(out[2][0], vector2(101, 202));
  EXPECT_EQ(out[1][0], vector2(1010, 2020));
  EXPECT_EQ(out[3][0], vector2(1010, 2020));
}

TEST_P(Replicas, GroupsThatDoNotCoverTheReplicasFailEveryOne) {
  const std::vector<Tensor> in = {vector2(1, 2), vector2(3, 4)};
  for (const std::vector<std::vector<int64_t>>& groups :
       std::vector<std::vector<std::vector<int64_t>>>{{{0}}, {{0, 2}}}) {
    const CollectiveProgram program(groups);
    Rendezvous rendezvous(2);
    std::vector<std::string> errors(2);
    std::vector<std::thread> threads;
    for (int64_t r = 0; r < 2; ++r)
      threads.emplace_back([&, r] {
        try {
          interpret(program.module, *program.module.lookup("main"),
                    std::span(&in[static_cast<size_t>(r)], 1), nullptr, {r, &rendezvous});
        } catch (const RuntimeError& e) {
          errors[static_cast<size_t>(r)] = e.what();
        }
      });
    for (std::thread& t : threads) t.join();
    for (const std::string& e : errors) EXPECT_NE(e.find("replica_groups"), std::string::npos) << e;
  }
}

INSTANTIATE_TEST_SUITE_P(FastAndReference, Replicas, ::testing::Bool());

TEST(ReplicasAlone, ARunOfOneReplicaIsItsOwnGroup) {
  const std::vector<Tensor> in = {vector2(1, 2)};
  const CollectiveProgram alone(std::vector<std::vector<int64_t>>{{0}});
  EXPECT_EQ(interpret(alone.module, *alone.module.lookup("main"), in)[0], in[0]);
  EXPECT_EQ(Executable::compile(alone.module, "main")->run(in)[0], in[0]);
  const CollectiveProgram pair(std::vector<std::vector<int64_t>>{{0, 1}});
  try {
    Executable::compile(pair.module, "main")->run(in);
    FAIL() << "no error";
  } catch (const RuntimeError& e) {
    EXPECT_NE(std::string(e.what()).find("name replica 1, but the program runs 1 replica"),
              std::string::npos)
        << e.what();
  }
}

TEST(ReplicasAlone, AnAbortReleasesTheReplicasWaitingInACollective) {
  const CollectiveProgram program(std::vector<std::vector<int64_t>>{{0, 1}});
  const Tensor in = vector2(1, 2);
  Rendezvous rendezvous(2);
  std::string error;
  std::thread waiting([&] {
    try {
      interpret(program.module, *program.module.lookup("main"), std::span(&in, 1), nullptr,
                {0, &rendezvous});
    } catch (const RuntimeError& e) {
      error = e.what();
    }
  });
  rendezvous.abort("replica 1 failed");
  waiting.join();
  EXPECT_EQ(error, "replica 1 failed");
}

} // namespace
} // namespace hlotrain::cpu

#pragma once
// Where the replicas of one program meet for their collectives: the replicas run side by side,
// one thread each (the devices of hlotrain's PJRT plugin), in this process (Rendezvous) or across
// processes (the plugin's store-backed collectives). The StableHLO spec leaves the order in which
// all_reduce combines the replicas' values to the implementation; here it is fixed, the group's
// replicas in the order the group lists them, so a run is bit-identical to the next and every
// replica of a group holds the same result.

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ir/Tensor.h"

namespace hlotrain::cpu {

class Collectives {
public:
  virtual ~Collectives() = default;
  virtual int64_t replicas() const = 0;

  // Combines two values of one operand elementwise (the all_reduce's computation).
  using Combine = std::function<ir::Tensor(const ir::Tensor&, const ir::Tensor&)>;
  // Every replica calls it with its operands, the replicas' collectives in one order (they run one
  // program); it returns this replica's results once its group's have arrived: per operand, the
  // values of the replicas of its group combined left to right in the group's order. Throws
  // RuntimeError when the groups do not cover the replicas [0, replicas()) exactly once (every
  // replica finds that alike, so none is left waiting), and once abort() was called.
  virtual std::vector<ir::Tensor> allReduce(int64_t replica,
                                            const std::vector<std::vector<int64_t>>& groups,
                                            std::span<const ir::Tensor> operands,
                                            const Combine& combine) = 0;
  // A replica that failed never reaches the next collective: every replica waiting in one, or
  // arriving later, throws RuntimeError(why) instead of waiting for ever.
  virtual void abort(const std::string& why) = 0;
  // Called while no replica is inside a collective (each run of the replicas has returned): forgets
  // an abort, so the replicas can run again.
  virtual void reset() = 0;
};

// The replicas of a program that all run in this process.
class Rendezvous : public Collectives {
public:
  explicit Rendezvous(int64_t replicas);
  Rendezvous(const Rendezvous&) = delete;
  Rendezvous& operator=(const Rendezvous&) = delete;

  int64_t replicas() const override { return replicas_; }
  std::vector<ir::Tensor> allReduce(int64_t replica,
                                    const std::vector<std::vector<int64_t>>& groups,
                                    std::span<const ir::Tensor> operands,
                                    const Combine& combine) override;
  void abort(const std::string& why) override;
  void reset() override;

private:
  // Waits until every replica arrived at this barrier (or the rendezvous was aborted).
  void arriveAndWait(std::unique_lock<std::mutex>& lock);

  const int64_t replicas_;
  std::mutex mutex_;
  std::condition_variable changed_;
  int64_t arrived_ = 0;
  uint64_t generation_ = 0;
  std::vector<std::span<const ir::Tensor>> posted_; // per replica, during an all_reduce
  std::optional<std::string> aborted_;
};

// Where a program runs: its replica id and where its replicas meet (none: it runs alone, as
// replica 0 of 1).
struct Replica {
  int64_t id = 0;
  Collectives* collectives = nullptr;
};

// The group of `replica` in all_reduce's replica_groups, checked against `replicas`: RuntimeError
// naming the groups when an id is out of range or a replica is in none.
const std::vector<int64_t>& replicaGroupOf(int64_t replica, int64_t replicas,
                                           const std::vector<std::vector<int64_t>>& groups);

} // namespace hlotrain::cpu

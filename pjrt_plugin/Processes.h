#pragma once
// A client that is one process (node) of several: the key-value store it was created with
// (PJRT_Client_Create's three callbacks, LOWERERS.md "Several processes"), the exchange of
// device counts through it, and the collectives of replicas that run in different processes,
// which go through it too (our devices are threads, with no interconnect of their own).

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "lower/cpu/Replicas.h"
#include "lower/xla/PjrtCApi.h"

namespace hlotrain::pjrt {

class Store {
public:
  // The callbacks of `args`; Failure(INVALID_ARGUMENT) unless all three are given.
  explicit Store(const PJRT_Client_Create_Args& args);

  void put(const std::string& key, const std::string& value) const;
  // The value, or nullopt when the store has none (after `timeout` for get).
  std::optional<std::string> get(const std::string& key, std::chrono::milliseconds timeout) const;
  std::optional<std::string> tryGet(const std::string& key) const;

private:
  PJRT_KeyValueGetCallback get_;
  void* getArg_;
  PJRT_KeyValueTryGetCallback tryGet_;
  void* tryGetArg_;
  PJRT_KeyValuePutCallback put_;
  void* putArg_;
};

// How long a process waits for the others' device counts, and a replica for another process's
// values in a collective.
constexpr std::chrono::milliseconds kPeerTimeout{60000};

// Every node's device count, by node: this node's is published, the others' read (waiting up to
// kPeerTimeout for each). Failure(UNAVAILABLE) naming the node that never published.
std::vector<int> exchangeDeviceCounts(const Store& store, int64_t node, int64_t nodes, int count);

// The collectives of a program whose replicas run in several processes. Each replica puts its
// operands under a key of (program, collective, replica) and reads its group's from the store,
// combining them in the group's order as the in-process Rendezvous does, so every process gets
// the same bits. A key is reused every other run (the run's parity), its value stamped with the
// run: a process two runs ahead has finished with the older one, and the store stays the size of
// two runs' operands.
class StoreCollectives : public cpu::Collectives {
public:
  // `program` names the executable the same way in every process (they compile in one order).
  StoreCollectives(const Store& store, std::string program, int64_t replicas);

  int64_t replicas() const override { return replicas_; }
  std::vector<ir::Tensor> allReduce(int64_t replica,
                                    const std::vector<std::vector<int64_t>>& groups,
                                    std::span<const ir::Tensor> operands,
                                    const Combine& combine) override;
  void abort(const std::string& why) override;
  void reset() override;
  // Before each run of the process's replicas: counts the run, and the collectives from 0.
  void beginRun();

private:
  std::string key(int64_t collective, int64_t replica) const;
  // Replica `replica`'s operands of `collective` in this run, shaped like `like`.
  std::vector<ir::Tensor> fetch(int64_t collective, int64_t replica,
                                std::span<const ir::Tensor> like);

  const Store& store_;
  const std::string program_;
  const int64_t replicas_;
  uint64_t run_ = 0;
  std::mutex mutex_;                // guards collective_ and aborted_
  std::vector<int64_t> collective_; // per replica: its collectives so far in this run
  std::optional<std::string> aborted_;
};

} // namespace hlotrain::pjrt

#include "lower/cpu/Replicas.h"

#include "support/Error.h"

namespace hlotrain::cpu {

namespace {

std::string groupsText(const std::vector<std::vector<int64_t>>& groups) {
  std::string s = "[";
  for (size_t g = 0; g < groups.size(); ++g) {
    s += g ? ", [" : "[";
    for (size_t i = 0; i < groups[g].size(); ++i)
      s += (i ? ", " : "") + std::to_string(groups[g][i]);
    s += "]";
  }
  return s + "]";
}

} // namespace

const std::vector<int64_t>& replicaGroupOf(int64_t replica, int64_t replicas,
                                           const std::vector<std::vector<int64_t>>& groups) {
  const std::vector<int64_t>* found = nullptr;
  int64_t members = 0;
  for (const std::vector<int64_t>& group : groups)
    for (int64_t id : group) {
      if (id < 0 || id >= replicas)
        throw RuntimeError("stablehlo.all_reduce: replica_groups " + groupsText(groups) +
                           " name replica " + std::to_string(id) + ", but the program runs " +
                           std::to_string(replicas) + " replica" + (replicas == 1 ? "" : "s"));
      if (id == replica) found = &group;
      ++members;
    }
  if (!found || members != replicas)
    throw RuntimeError("stablehlo.all_reduce: replica_groups " + groupsText(groups) +
                       " do not cover the " + std::to_string(replicas) +
                       " replicas of the program exactly once");
  return *found;
}

Rendezvous::Rendezvous(int64_t replicas)
    : replicas_(replicas), posted_(static_cast<size_t>(replicas)) {
  if (replicas < 1) throw RuntimeError("a rendezvous of " + std::to_string(replicas) + " replicas");
}

void Rendezvous::arriveAndWait(std::unique_lock<std::mutex>& lock) {
  if (aborted_) throw RuntimeError(*aborted_);
  const uint64_t generation = generation_;
  if (++arrived_ == replicas_) {
    arrived_ = 0;
    ++generation_;
    changed_.notify_all();
    return;
  }
  changed_.wait(lock, [&] { return generation_ != generation || aborted_; });
  if (generation_ == generation) throw RuntimeError(*aborted_);
}

std::vector<ir::Tensor> Rendezvous::allReduce(int64_t replica,
                                              const std::vector<std::vector<int64_t>>& groups,
                                              std::span<const ir::Tensor> operands,
                                              const Combine& combine) {
  const std::vector<int64_t>& group = replicaGroupOf(replica, replicas_, groups);
  std::unique_lock lock(mutex_);
  posted_[static_cast<size_t>(replica)] = operands;
  arriveAndWait(lock); // every replica's operands are posted
  lock.unlock();
  // The posted operands stay alive: their owners wait at the second barrier below.
  std::vector<ir::Tensor> results;
  for (size_t k = 0; k < operands.size(); ++k) {
    ir::Tensor acc = posted_[static_cast<size_t>(group[0])][k];
    for (size_t i = 1; i < group.size(); ++i)
      acc = combine(acc, posted_[static_cast<size_t>(group[i])][k]);
    results.push_back(std::move(acc));
  }
  lock.lock();
  arriveAndWait(lock); // every replica has read what it needs
  return results;
}

void Rendezvous::abort(const std::string& why) {
  std::lock_guard lock(mutex_);
  if (!aborted_) aborted_ = why;
  changed_.notify_all();
}

void Rendezvous::reset() {
  std::lock_guard lock(mutex_);
  aborted_.reset();
  arrived_ = 0;
}

} // namespace hlotrain::cpu

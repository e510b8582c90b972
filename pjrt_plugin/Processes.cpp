#include "pjrt_plugin/Processes.h"

#include <cstring>
#include <thread>

#include "pjrt_plugin/Errors.h"
#include "support/Error.h"

namespace hlotrain::pjrt {

namespace {

// The callbacks fail by making an error of ours.
PJRT_Error* makeError(PJRT_Error_Code code, const char* message, size_t size) {
  return newError({code, std::string(message, size)});
}
PJRT_CallbackError kMakeError = makeError;

// A callback's error: nullopt for NOT_FOUND (the store has no such key), else thrown.
std::optional<Status> notFoundOrThrow(PJRT_Error* error, const std::string& doing) {
  if (!error) return std::nullopt;
  Status status = takeError(error);
  if (status.code == PJRT_Error_Code_NOT_FOUND) return status;
  throw Failure(PJRT_Error_Code_UNAVAILABLE, doing + ": " + status.message);
}

} // namespace

Store::Store(const PJRT_Client_Create_Args& args)
    : get_(args.kv_get_callback), getArg_(args.kv_get_user_arg), tryGet_(args.kv_try_get_callback),
      tryGetArg_(args.kv_try_get_user_arg), put_(args.kv_put_callback),
      putArg_(args.kv_put_user_arg) {
  if (!get_ || !tryGet_ || !put_)
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "num_nodes > 1 needs the key-value store: kv_get_callback, "
                  "kv_try_get_callback and kv_put_callback");
}

void Store::put(const std::string& key, const std::string& value) const {
  PJRT_KeyValuePutCallback_Args args{};
  args.key = key.data();
  args.key_size = key.size();
  args.value = value.data();
  args.value_size = value.size();
  args.callback_error = &kMakeError;
  args.user_arg = putArg_;
  if (PJRT_Error* error = put_(&args)) {
    const Status status = takeError(error);
    throw Failure(PJRT_Error_Code_UNAVAILABLE, "putting " + key + ": " + status.message);
  }
}

namespace {

// Calls a get or try-get callback on `key`: the value it returns, copied and given back to its
// deleter, or nullopt for NOT_FOUND.
template <class Args, class Callback>
std::optional<std::string> fetched(Args& args, Callback callback, const std::string& key) {
  args.key = key.data();
  args.key_size = key.size();
  args.callback_error = &kMakeError;
  if (notFoundOrThrow(callback(&args), "getting " + key)) return std::nullopt;
  std::string value(args.value, args.value_size);
  if (args.value_deleter_callback) args.value_deleter_callback(args.value);
  return value;
}

} // namespace

std::optional<std::string> Store::get(const std::string& key,
                                      std::chrono::milliseconds timeout) const {
  PJRT_KeyValueGetCallback_Args args{};
  args.timeout_in_ms = static_cast<int>(timeout.count());
  args.user_arg = getArg_;
  return fetched(args, get_, key);
}

std::optional<std::string> Store::tryGet(const std::string& key) const {
  PJRT_KeyValueTryGetCallback_Args args{};
  args.user_arg = tryGetArg_;
  return fetched(args, tryGet_, key);
}

std::vector<int> exchangeDeviceCounts(const Store& store, int64_t node, int64_t nodes, int count) {
  const std::string prefix = "hlotrain_pjrt/devices/";
  store.put(prefix + std::to_string(node), std::to_string(count));
  std::vector<int> counts;
  for (int64_t n = 0; n < nodes; ++n) {
    const std::optional<std::string> value = store.get(prefix + std::to_string(n), kPeerTimeout);
    if (!value)
      throw Failure(PJRT_Error_Code_UNAVAILABLE,
                    "node " + std::to_string(n) + " of " + std::to_string(nodes) +
                        " published no devices within " +
                        std::to_string(kPeerTimeout.count() / 1000) + " s");
    counts.push_back(std::stoi(*value));
  }
  return counts;
}

StoreCollectives::StoreCollectives(const Store& store, std::string program, int64_t replicas)
    : store_(store), program_(std::move(program)), replicas_(replicas),
      collective_(static_cast<size_t>(replicas), 0) {}

void StoreCollectives::beginRun() {
  std::lock_guard lock(mutex_);
  ++run_;
  std::fill(collective_.begin(), collective_.end(), 0);
}

void StoreCollectives::abort(const std::string& why) {
  std::lock_guard lock(mutex_);
  if (!aborted_) aborted_ = why;
}

void StoreCollectives::reset() {
  std::lock_guard lock(mutex_);
  aborted_.reset();
}

std::string StoreCollectives::key(int64_t collective, int64_t replica) const {
  return "hlotrain_pjrt/all_reduce/" + program_ + "/" + std::to_string(collective) + "/" +
         std::to_string(replica) + "/" + std::to_string(run_ % 2);
}

std::vector<ir::Tensor> StoreCollectives::fetch(int64_t collective, int64_t replica,
                                                std::span<const ir::Tensor> like) {
  const std::string name = key(collective, replica);
  const auto deadline = std::chrono::steady_clock::now() + kPeerTimeout;
  auto pause = std::chrono::microseconds(50);
  while (true) {
    {
      std::lock_guard lock(mutex_);
      if (aborted_) throw RuntimeError(*aborted_);
    }
    if (std::optional<std::string> value = store_.tryGet(name)) {
      uint64_t run = 0;
      if (value->size() >= sizeof run) std::memcpy(&run, value->data(), sizeof run);
      if (run == run_) {
        std::vector<ir::Tensor> tensors;
        size_t at = sizeof run;
        for (const ir::Tensor& t : like) {
          ir::Tensor copy(t.type());
          if (at + copy.byteSize() > value->size())
            throw RuntimeError("stablehlo.all_reduce: replica " + std::to_string(replica) +
                               " sent " + std::to_string(value->size()) + " bytes, too few");
          std::memcpy(copy.bytes(), value->data() + at, copy.byteSize());
          at += copy.byteSize();
          tensors.push_back(std::move(copy));
        }
        return tensors;
      }
    }
    if (std::chrono::steady_clock::now() > deadline)
      throw RuntimeError("stablehlo.all_reduce: replica " + std::to_string(replica) +
                         " sent nothing within " + std::to_string(kPeerTimeout.count() / 1000) +
                         " s (its process stopped?)");
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(2000));
  }
}

std::vector<ir::Tensor> StoreCollectives::allReduce(int64_t replica,
                                                    const std::vector<std::vector<int64_t>>& groups,
                                                    std::span<const ir::Tensor> operands,
                                                    const Combine& combine) {
  const std::vector<int64_t>& group = cpu::replicaGroupOf(replica, replicas_, groups);
  int64_t collective = 0;
  {
    std::lock_guard lock(mutex_);
    if (aborted_) throw RuntimeError(*aborted_);
    collective = collective_[static_cast<size_t>(replica)]++;
  }
  std::string value(sizeof run_, '\0');
  std::memcpy(value.data(), &run_, sizeof run_);
  for (const ir::Tensor& t : operands)
    value.append(reinterpret_cast<const char*>(t.bytes()), t.byteSize());
  store_.put(key(collective, replica), value);
  std::vector<ir::Tensor> results;
  std::vector<std::vector<ir::Tensor>> values;
  for (int64_t member : group)
    values.push_back(member == replica ? std::vector<ir::Tensor>(operands.begin(), operands.end())
                                       : fetch(collective, member, operands));
  for (size_t k = 0; k < operands.size(); ++k) {
    ir::Tensor acc = values[0][k];
    for (size_t i = 1; i < values.size(); ++i) acc = combine(acc, values[i][k]);
    results.push_back(std::move(acc));
  }
  return results;
}

} // namespace hlotrain::pjrt

#pragma once
// The key-value store that lets the processes of a multi-process run find one another
// (LOWERERS.md "Several processes"): process 0 serves it on the coordinator's address, every
// process (0 included) is a client, and the PJRT client of each reaches it through the three
// callbacks of PJRT_Client_Create (get with a timeout, try-get, put). It is bootstrap only: what
// goes through it is the plugins' business (device topologies, NCCL ids; our plugin's collectives
// between processes). Keys and values are bytes; a put replaces the value.

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace hlotrain::xla {

// host:port, checked: RuntimeError naming `what` for anything else.
struct Endpoint {
  std::string host;
  int port = 0;
};
Endpoint parseEndpoint(const std::string& text, const std::string& what);

class KeyValueServer {
public:
  // Listens on `endpoint` (its port; every interface). RuntimeError when it cannot.
  explicit KeyValueServer(const Endpoint& endpoint);
  ~KeyValueServer();
  KeyValueServer(const KeyValueServer&) = delete;
  KeyValueServer& operator=(const KeyValueServer&) = delete;

private:
  void serve(int connection);

  int listener_ = -1;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, std::string> values_;
  std::vector<int> connections_;
  std::vector<std::thread> threads_;
  std::thread acceptor_;
  bool stopping_ = false;
};

class KeyValueClient {
public:
  // Connects to the server at `endpoint`, retrying until `within` has passed (its process may not
  // have started it yet); RuntimeError naming the endpoint after that.
  KeyValueClient(const Endpoint& endpoint, std::chrono::milliseconds within);
  ~KeyValueClient();
  KeyValueClient(const KeyValueClient&) = delete;
  KeyValueClient& operator=(const KeyValueClient&) = delete;

  void put(const std::string& key, const std::string& value);
  // The value once some process has put it, or nullopt after `timeout`.
  std::optional<std::string> get(const std::string& key, std::chrono::milliseconds timeout);
  std::optional<std::string> tryGet(const std::string& key);

private:
  std::optional<std::string> request(char op, const std::string& key, const std::string& payload);

  std::string where_;
  int socket_ = -1;
  std::mutex mutex_; // one request at a time on the connection
};

// A process's place in a multi-process run: --num-processes, --process-id, --coordinator.
struct ProcessGroup {
  int64_t processes = 1;
  int64_t processId = 0;
  std::string coordinator;                  // host:port; process 0 serves the store there
  std::chrono::milliseconds timeout{60000}; // how long a process waits for the others
};

// Joins the other processes: process 0 starts the store's server, every process connects to it,
// announces itself and waits until every other one has. RuntimeError naming the processes that did
// not arrive within the timeout, or the coordinator that could not be reached.
struct Coordination {
  std::unique_ptr<KeyValueServer> server; // process 0's
  std::unique_ptr<KeyValueClient> store;
};
Coordination joinProcesses(const ProcessGroup& group);

} // namespace hlotrain::xla

#include "lower/xla/KeyValueStore.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include "support/Error.h"

namespace hlotrain::xla {

namespace {

// The wire: a request is an op byte ('P' put, 'G' get, 'T' try-get), the key's length (u32) and
// bytes, then for a put the value's length (u64) and bytes, for a get the timeout in ms (u32). A
// reply is a status byte (1 found or stored, 0 not found) and, when found, the value's length (u64)
// and bytes. Integers are little-endian, as every host of ours is.

bool sendAll(int fd, const void* data, size_t size) {
  const auto* p = static_cast<const char*>(data);
  while (size) {
    const ssize_t n = ::send(fd, p, size, MSG_NOSIGNAL);
    if (n <= 0) {
      if (n < 0 && errno == EINTR) continue;
      return false;
    }
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool receiveAll(int fd, void* data, size_t size) {
  auto* p = static_cast<char*>(data);
  while (size) {
    const ssize_t n = ::recv(fd, p, size, 0);
    if (n <= 0) {
      if (n < 0 && errno == EINTR) continue;
      return false;
    }
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

template <class T> bool receiveValue(int fd, T& value) {
  return receiveAll(fd, &value, sizeof value);
}

bool receiveString(int fd, std::string& out, size_t size) {
  out.resize(size);
  return receiveAll(fd, out.data(), size);
}

} // namespace

Endpoint parseEndpoint(const std::string& text, const std::string& what) {
  const size_t colon = text.rfind(':');
  Endpoint e;
  if (colon != std::string::npos && colon > 0) {
    e.host = text.substr(0, colon);
    const std::string port = text.substr(colon + 1);
    char* end = nullptr;
    const long value = std::strtol(port.c_str(), &end, 10);
    if (!port.empty() && !*end && value > 0 && value < 65536) {
      e.port = static_cast<int>(value);
      return e;
    }
  }
  throw ConfigError(what + " must be HOST:PORT (a port in 1-65535), got '" + text + "'");
}

KeyValueServer::KeyValueServer(const Endpoint& endpoint) {
  listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
  if (listener_ < 0)
    throw RuntimeError(std::string("key-value server: socket: ") + strerror(errno));
  const int one = 1;
  setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_ANY);
  address.sin_port = htons(static_cast<uint16_t>(endpoint.port));
  if (::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) < 0 ||
      ::listen(listener_, 64) < 0) {
    const std::string why = strerror(errno);
    ::close(listener_);
    throw RuntimeError("the coordinator cannot listen on port " + std::to_string(endpoint.port) +
                       ": " + why);
  }
  acceptor_ = std::thread([this] {
    while (true) {
      const int connection = ::accept(listener_, nullptr, nullptr);
      std::lock_guard lock(mutex_);
      if (stopping_) {
        if (connection >= 0) ::close(connection);
        return;
      }
      if (connection < 0) continue;
      const int noDelay = 1;
      setsockopt(connection, IPPROTO_TCP, TCP_NODELAY, &noDelay, sizeof noDelay);
      connections_.push_back(connection);
      threads_.emplace_back([this, connection] { serve(connection); });
    }
  });
}

KeyValueServer::~KeyValueServer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (int connection : connections_) ::shutdown(connection, SHUT_RDWR);
    changed_.notify_all();
  }
  ::shutdown(listener_, SHUT_RDWR);
  ::close(listener_);
  acceptor_.join();
  for (std::thread& t : threads_) t.join();
  for (int connection : connections_) ::close(connection);
}

void KeyValueServer::serve(int connection) {
  while (true) {
    char op = 0;
    uint32_t keySize = 0;
    std::string key;
    if (!receiveValue(connection, op) || !receiveValue(connection, keySize) ||
        !receiveString(connection, key, keySize))
      return;
    std::optional<std::string> value;
    if (op == 'P') {
      uint64_t size = 0;
      std::string stored;
      if (!receiveValue(connection, size) || !receiveString(connection, stored, size)) return;
      std::lock_guard lock(mutex_);
      values_[key] = std::move(stored);
      changed_.notify_all();
      value = "";
    } else if (op == 'G' || op == 'T') {
      uint32_t timeout = 0;
      if (op == 'G' && !receiveValue(connection, timeout)) return;
      std::unique_lock lock(mutex_);
      changed_.wait_for(lock, std::chrono::milliseconds(timeout),
                        [&] { return stopping_ || values_.count(key); });
      if (auto it = values_.find(key); it != values_.end()) value = it->second;
    } else {
      return;
    }
    const char found = value ? 1 : 0;
    if (!sendAll(connection, &found, 1)) return;
    if (value && op != 'P') {
      const uint64_t size = value->size();
      if (!sendAll(connection, &size, sizeof size) ||
          !sendAll(connection, value->data(), value->size()))
        return;
    }
  }
}

KeyValueClient::KeyValueClient(const Endpoint& endpoint, std::chrono::milliseconds within)
    : where_(endpoint.host + ":" + std::to_string(endpoint.port)) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (const int error =
          getaddrinfo(endpoint.host.c_str(), std::to_string(endpoint.port).c_str(), &hints, &found))
    throw RuntimeError("the coordinator " + where_ + " cannot be resolved: " + gai_strerror(error));
  const auto deadline = std::chrono::steady_clock::now() + within;
  std::string why;
  do {
    socket_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (socket_ >= 0 && ::connect(socket_, found->ai_addr, found->ai_addrlen) == 0) break;
    why = strerror(errno);
    if (socket_ >= 0) ::close(socket_);
    socket_ = -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  } while (std::chrono::steady_clock::now() < deadline);
  freeaddrinfo(found);
  if (socket_ < 0)
    throw RuntimeError("no key-value server answered at " + where_ + " within " +
                       std::to_string(within.count() / 1000) + " s (" + why + ")");
  const int noDelay = 1;
  setsockopt(socket_, IPPROTO_TCP, TCP_NODELAY, &noDelay, sizeof noDelay);
}

KeyValueClient::~KeyValueClient() {
  if (socket_ >= 0) ::close(socket_);
}

std::optional<std::string> KeyValueClient::request(char op, const std::string& key,
                                                   const std::string& payload) {
  std::lock_guard lock(mutex_);
  const auto keySize = static_cast<uint32_t>(key.size());
  bool sent = sendAll(socket_, &op, 1) && sendAll(socket_, &keySize, sizeof keySize) &&
              sendAll(socket_, key.data(), key.size()) &&
              sendAll(socket_, payload.data(), payload.size());
  char found = 0;
  std::optional<std::string> value;
  if (sent && receiveValue(socket_, found)) {
    if (!found) return std::nullopt;
    if (op == 'P') return std::string();
    uint64_t size = 0;
    std::string bytes;
    if (receiveValue(socket_, size) && receiveString(socket_, bytes, size)) return bytes;
  }
  throw RuntimeError("the coordinator " + where_ + " closed the connection");
}

void KeyValueClient::put(const std::string& key, const std::string& value) {
  std::string payload(sizeof(uint64_t), '\0');
  const uint64_t size = value.size();
  std::memcpy(payload.data(), &size, sizeof size);
  request('P', key, payload + value);
}

std::optional<std::string> KeyValueClient::get(const std::string& key,
                                               std::chrono::milliseconds timeout) {
  const auto ms = static_cast<uint32_t>(std::min<int64_t>(timeout.count(), UINT32_MAX));
  return request('G', key, std::string(reinterpret_cast<const char*>(&ms), sizeof ms));
}

std::optional<std::string> KeyValueClient::tryGet(const std::string& key) {
  return request('T', key, "");
}

Coordination joinProcesses(const ProcessGroup& group) {
  Coordination c;
  const Endpoint endpoint = parseEndpoint(group.coordinator, "--coordinator");
  try {
    if (group.processId == 0) c.server = std::make_unique<KeyValueServer>(endpoint);
    c.store = std::make_unique<KeyValueClient>(endpoint, group.timeout);
  } catch (const RuntimeError& e) {
    throw RuntimeError("--coordinator " + group.coordinator + ": " + e.what());
  }
  c.store->put("hlotrain/arrived/" + std::to_string(group.processId), "");
  const auto deadline = std::chrono::steady_clock::now() + group.timeout;
  std::string missing;
  for (int64_t p = 0; p < group.processes; ++p) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (!c.store->get("hlotrain/arrived/" + std::to_string(p),
                      std::max(left, std::chrono::milliseconds(0))))
      missing += (missing.empty() ? "" : ", ") + std::to_string(p);
  }
  if (!missing.empty())
    throw RuntimeError("--num-processes " + std::to_string(group.processes) + ": process " +
                       missing + " did not arrive at the coordinator " + group.coordinator +
                       " within " + std::to_string(group.timeout.count() / 1000) + " s");
  return c;
}

} // namespace hlotrain::xla

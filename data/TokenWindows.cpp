#include "data/TokenWindows.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>

#include "support/Error.h"

namespace hlotrain::data {

namespace {

std::span<const uint8_t> bytesOf(const int32_t* ids, size_t count) {
  return {reinterpret_cast<const uint8_t*>(ids), count * sizeof(int32_t)};
}

class TokenWindowsIO final : public DatasetIO {
public:
  TokenWindowsIO(TokenStreams streams, int64_t window)
      : s_(std::move(streams)), window_(window),
        train_(std::make_shared<const std::vector<int32_t>>(std::move(s_.train))) {}

  DatasetKind kind() const override { return s_.kind; }
  InputShape inputShape() const override { return {1, 1, window_, s_.vocabulary}; }
  int64_t numClasses() const override { return s_.vocabulary; }
  std::vector<std::string> classNames() const override { return s_.classNames; }
  LabelKind labelKind() const override { return LabelKind::nextTokens; }
  std::vector<int64_t> labelShape() const override { return {window_}; }
  std::vector<int64_t> pictureChannels() const override { return {}; }
  std::string vocabulary() const override { return s_.vocabularyFile; }
  std::string tokenizer() const override { return s_.tokenizer; }
  float decodePixel(int64_t, uint8_t) const override { return 0.0f; } // rows are ids, not pixels
  int64_t epochRecords(const Dataset& set) const override {
    return std::min(set.size(), std::max<int64_t>(1, set.size() / std::max<int64_t>(window_, 1)));
  }

  Dataset load(const std::string& source, Split split) const override {
    if (source != s_.name)
      throw RuntimeError("internal: " + s_.name + "'s io asked to load " + source);
    if (window_ < 1)
      throw RuntimeError("internal: token records need the net's context as their window");
    const Geometry g{1, 1, window_, {window_}, window_ * 4, numClasses(), true};
    return split == Split::train ? trainWindows(g) : validationWindows(g);
  }

private:
  Dataset trainWindows(const Geometry& g) const {
    const auto length = static_cast<int64_t>(train_->size());
    if (length < window_ + 1)
      throw ParseError(s_.name + ": its training split holds " + std::to_string(length) + " " +
                       s_.unit + ", fewer than one window of " + std::to_string(window_) +
                       " and its next");
    // Record i reads ids [i, i + T) and its labels [i + 1, i + T + 1): two views of one stream.
    const int32_t* ids = train_->data();
    const auto viewed = static_cast<size_t>(length - 1);
    RecordRun run{train_, bytesOf(ids, viewed), 4, bytesOf(ids + 1, viewed), 4, length - window_};
    return Dataset(g, {run});
  }

  Dataset validationWindows(const Geometry& g) const {
    const auto length = static_cast<int64_t>(s_.val.size());
    if (length < 2)
      throw ParseError(s_.name + ": its validation split holds " + std::to_string(length) + " " +
                       s_.unit + ", too few to predict one");
    const int64_t windows = (length - 1 + window_ - 1) / window_;
    std::vector<int32_t> inputs(static_cast<size_t>(windows * window_), 0);
    std::vector<int32_t> targets(inputs.size(), -1);
    for (int64_t p = 0; p + 1 < length; ++p) {
      inputs[static_cast<size_t>(p)] = s_.val[static_cast<size_t>(p)];
      targets[static_cast<size_t>(p)] = s_.val[static_cast<size_t>(p + 1)];
    }
    std::vector<uint8_t> inputBytes(inputs.size() * 4), targetBytes(targets.size() * 4);
    std::memcpy(inputBytes.data(), inputs.data(), inputBytes.size());
    std::memcpy(targetBytes.data(), targets.data(), targetBytes.size());
    return Dataset(g, std::move(inputBytes), std::move(targetBytes));
  }

  TokenStreams s_;
  int64_t window_;
  std::shared_ptr<const std::vector<int32_t>> train_;
};

} // namespace

std::unique_ptr<DatasetIO> tokenWindowsIO(TokenStreams streams, int64_t window) {
  return std::make_unique<TokenWindowsIO>(std::move(streams), window);
}

const DatasetIO& cachedTokenIO(const std::vector<std::string>& files, int64_t window,
                               const std::function<TokenStreams()>& read) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<DatasetIO>> ios;
  std::string key = std::to_string(window);
  for (const std::string& file : files) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    const auto time = std::filesystem::last_write_time(file, ec).time_since_epoch().count();
    key += "|" + file + "|" + (ec ? "missing" : std::to_string(size) + "@" + std::to_string(time));
  }
  std::lock_guard lock(mutex);
  auto& io = ios[key];
  if (!io) io = tokenWindowsIO(read(), window);
  return *io;
}

} // namespace hlotrain::data

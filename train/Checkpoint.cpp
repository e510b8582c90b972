#include "train/Checkpoint.h"

#include <cstring>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "nn/Init.h"
#include "support/AtomicFile.h"
#include "support/Error.h"

namespace hlotrain::train {

namespace {

constexpr char kMagic[8] = {'H', 'L', 'O', 'T', 'C', 'K', 'P', 'T'};
constexpr uint32_t kVersion = 2;
constexpr uint32_t kMaxRank = 8;
constexpr uint32_t kMaxConfigBytes = 1u << 20;

struct Expected {
  std::string name;
  ir::Shape shape;
};

// The tensors a checkpoint of `spec` holds, in file order, as the train step carries them
// (program::trainStepSignature): the parameters, the BatchNorm running means and then variances
// ([C] per layer), and the optimizer's slots (Adam m then v, or SGD's velocity), each slot one
// tensor per parameter of its shape.
std::vector<Expected> expectedTensors(const nn::NetSpec& spec, program::Optimizer optimizer) {
  const std::vector<nn::ParamInfo> params = nn::parameters(spec);
  const std::vector<int64_t> channels = nn::bnChannels(spec);
  std::vector<Expected> out;
  for (const nn::ParamInfo& p : params) out.push_back({p.name, p.shape});
  for (const char* stat : {"running_mean", "running_var"})
    for (size_t i = 0; i < channels.size(); ++i)
      out.push_back({std::string(stat) + " of BN layer " + std::to_string(i), {channels[i]}});
  const char* slots[] = {optimizer == program::Optimizer::adam ? "adam_m" : "sgd_velocity",
                         "adam_v"};
  for (int64_t slot = 0; slot < program::optimizerSlots(optimizer); ++slot)
    for (const nn::ParamInfo& p : params)
      out.push_back({std::string(slots[slot]) + "." + p.name, p.shape});
  return out;
}

uint64_t tensorBytes(const Expected& e) {
  uint64_t bytes = 4 + 8 * e.shape.size();
  uint64_t elements = 1;
  for (int64_t d : e.shape) elements *= static_cast<uint64_t>(d);
  return bytes + 4 * elements;
}

constexpr uint64_t kHeaderBytes = 8 + 4 * 5 + 8 * 6;

// The longest version 2 file of these tensors: the longest config after them.
uint64_t checkpointBytes(const std::vector<Expected>& tensors) {
  uint64_t total = kHeaderBytes + 4 + kMaxConfigBytes;
  for (const Expected& e : tensors) total += tensorBytes(e);
  return total;
}

class Writer {
public:
  template <class T> void put(T v) {
    const char* p = reinterpret_cast<const char*>(&v);
    bytes_.insert(bytes_.end(), p, p + sizeof(T));
  }
  void tensor(const ir::Tensor& t) {
    put<uint32_t>(static_cast<uint32_t>(t.shape().size()));
    for (int64_t d : t.shape()) put<int64_t>(d);
    raw(t);
  }
  void raw(const ir::Tensor& t) {
    const char* p = reinterpret_cast<const char*>(t.bytes());
    bytes_.insert(bytes_.end(), p, p + t.byteSize());
  }
  std::vector<char>& bytes() { return bytes_; }

private:
  std::vector<char> bytes_;
};

// Bounds-checked reads; every failure names the offset and what was expected there.
class Reader {
public:
  Reader(const std::vector<char>& bytes, std::string where)
      : bytes_(bytes), where_(std::move(where)) {}

  [[noreturn]] void fail(const std::string& what) const { throw ParseError(where_ + ": " + what); }
  void need(uint64_t count, const std::string& what) const {
    if (bytes_.size() - offset_ < count)
      fail("truncated at byte " + std::to_string(offset_) + ": expected " + what + " (" +
           std::to_string(count) + " more bytes), file is " + std::to_string(bytes_.size()) +
           " bytes");
  }
  template <class T> T get(const std::string& what) {
    need(sizeof(T), what);
    T v;
    std::memcpy(&v, bytes_.data() + offset_, sizeof(T));
    offset_ += sizeof(T);
    return v;
  }
  const char* take(uint64_t count, const std::string& what) {
    need(count, what);
    const char* p = bytes_.data() + offset_;
    offset_ += count;
    return p;
  }
  uint64_t offset() const { return offset_; }
  uint64_t size() const { return bytes_.size(); }

private:
  const std::vector<char>& bytes_;
  std::string where_;
  uint64_t offset_ = 0;
};

// The same reads from a file, for the few fields of a checkpoint that readCheckpointHeader and
// readCheckpointConfig need: `skip` passes over tensor data without reading it.
class FileReader {
public:
  explicit FileReader(const std::string& path) : where_(path), in_(path, std::ios::binary) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec) || !in_)
      throw RuntimeError(path + ": no checkpoint there (not a readable regular file)");
    size_ = std::filesystem::file_size(path, ec);
    if (ec) throw RuntimeError(path + ": cannot read the checkpoint's size");
  }

  [[noreturn]] void fail(const std::string& what) const { throw ParseError(where_ + ": " + what); }
  void need(uint64_t count, const std::string& what) const {
    if (size_ - offset_ < count)
      fail("truncated at byte " + std::to_string(offset_) + ": expected " + what + " (" +
           std::to_string(count) + " more bytes), file is " + std::to_string(size_) + " bytes");
  }
  template <class T> T get(const std::string& what) {
    T v;
    std::memcpy(&v, take(sizeof(T), what), sizeof(T));
    return v;
  }
  const char* take(uint64_t count, const std::string& what) {
    need(count, what);
    buffer_.resize(count);
    if (!in_.read(buffer_.data(), static_cast<std::streamsize>(count)))
      throw RuntimeError(where_ + ": cannot read the checkpoint");
    offset_ += count;
    return buffer_.data();
  }
  void skip(uint64_t count, const std::string& what) {
    need(count, what);
    offset_ += count;
    in_.seekg(static_cast<std::streamoff>(offset_));
  }
  uint64_t offset() const { return offset_; }
  uint64_t size() const { return size_; }

private:
  std::string where_;
  std::ifstream in_;
  std::vector<char> buffer_;
  uint64_t size_ = 0;
  uint64_t offset_ = 0;
};

ir::Tensor readTensor(Reader& in, size_t index, const Expected& e) {
  std::string label = "tensor " + std::to_string(index) + " (" + e.name + ")";
  uint32_t rank = in.get<uint32_t>("the rank of " + label);
  if (rank > kMaxRank || rank != e.shape.size()) {
    in.fail(label + ": expected shape " + ir::toString(e.shape) + " (rank " +
            std::to_string(e.shape.size()) + "), found rank " + std::to_string(rank));
  }
  ir::Shape shape(rank);
  for (uint32_t d = 0; d < rank; ++d) shape[d] = in.get<int64_t>("the dimensions of " + label);
  if (shape != e.shape)
    in.fail(label + ": expected shape " + ir::toString(e.shape) + ", found " + ir::toString(shape));
  ir::Tensor t(ir::TensorType{ir::ElementType::f32, shape});
  const char* data = in.take(t.byteSize(), "the data of " + label);
  std::memcpy(t.bytes(), data, t.byteSize());
  return t;
}

std::vector<ir::Tensor> zerosLike(const std::vector<ir::Tensor>& tensors) {
  std::vector<ir::Tensor> out;
  for (const ir::Tensor& t : tensors) out.emplace_back(t.type());
  return out;
}

std::vector<char> readFile(const std::string& path, uint64_t limit) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw RuntimeError(path + ": no checkpoint there (not a readable regular file)");
  uint64_t size = std::filesystem::file_size(path, ec);
  if (ec) throw RuntimeError(path + ": cannot read the checkpoint's size");
  if (size > limit)
    throw ParseError(path + ": " + std::to_string(size) +
                     " bytes is longer than any checkpoint of this net (at most " +
                     std::to_string(limit) + ")");
  std::vector<char> bytes(size);
  std::ifstream in(path, std::ios::binary);
  if (!in.read(bytes.data(), static_cast<std::streamsize>(size)))
    throw RuntimeError(path + ": cannot read the checkpoint");
  return bytes;
}

} // namespace

TrainState initialState(const nn::NetSpec& spec, program::Optimizer optimizer,
                        nn::InitScheme init) {
  TrainState s;
  s.params = nn::initialParameters(spec, init);
  for (int64_t c : nn::bnChannels(spec)) {
    s.bnMean.push_back(ir::Tensor::fromVector<float>({c}, std::vector<float>(c, 0.0f)));
    s.bnVar.push_back(ir::Tensor::fromVector<float>({c}, std::vector<float>(c, 1.0f)));
  }
  s.optimizer = optimizer;
  for (int64_t slot = 0; slot < program::optimizerSlots(optimizer); ++slot)
    for (ir::Tensor& t : zerosLike(s.params)) s.optState.push_back(std::move(t));
  return s;
}

std::vector<char> encodeCheckpoint(const TrainState& s) {
  Writer out;
  for (char c : kMagic) out.put<char>(c);
  out.put<uint32_t>(kVersion);
  out.put<uint32_t>(s.optimizer == program::Optimizer::adam ? 0 : 1);
  const size_t tensors = s.params.size() + s.bnMean.size() + s.bnVar.size() + s.optState.size();
  out.put<uint32_t>(static_cast<uint32_t>(s.params.size()));
  out.put<uint32_t>(static_cast<uint32_t>(s.bnMean.size()));
  out.put<uint32_t>(static_cast<uint32_t>(tensors));
  const DataPosition& p = s.position;
  for (int64_t v : {p.step, p.epoch, p.batchIndex, static_cast<int64_t>(p.seed),
                    static_cast<int64_t>(p.shuffle), p.batch})
    out.put<int64_t>(v);
  for (const auto* group : {&s.params, &s.bnMean, &s.bnVar, &s.optState})
    for (const ir::Tensor& t : *group) out.tensor(t);
  if (s.config.size() > kMaxConfigBytes)
    throw ConfigError("the run's config is " + std::to_string(s.config.size()) +
                      " bytes, more than a checkpoint stores (" + std::to_string(kMaxConfigBytes) +
                      ")");
  out.put<uint32_t>(static_cast<uint32_t>(s.config.size()));
  out.bytes().insert(out.bytes().end(), s.config.begin(), s.config.end());
  return std::move(out.bytes());
}

namespace {

struct Preamble {
  uint32_t version = kVersion;
  program::Optimizer optimizer = program::Optimizer::adam;
};

// The magic, the version and the optimizer: what every checkpoint starts with.
template <class In> Preamble readPreamble(In& in) {
  const char* magic = in.take(sizeof(kMagic), "the magic \"HLOTCKPT\"");
  if (std::memcmp(magic, kMagic, sizeof(kMagic)) != 0)
    in.fail("not an hlotrain checkpoint (expected the magic \"HLOTCKPT\" at byte 0)");
  Preamble p;
  p.version = in.template get<uint32_t>("the version");
  if (p.version != 1 && p.version != kVersion)
    in.fail("checkpoint version " + std::to_string(p.version) +
            " is not supported (expected 1 or " + std::to_string(kVersion) + ")");
  uint32_t optimizer = in.template get<uint32_t>("the optimizer");
  if (optimizer > 1)
    in.fail("unknown optimizer code " + std::to_string(optimizer) + " (expected 0 adam, 1 sgd)");
  p.optimizer = optimizer == 0 ? program::Optimizer::adam : program::Optimizer::sgd;
  return p;
}

// Version 2's config section, validated as a JSON object (its keys are the CLI's to judge), then
// the end of the file; version 1 ends after the last tensor. Returns the config's text.
template <class In> std::string readConfigSection(In& in, uint32_t version) {
  std::string config;
  if (version >= 2) {
    const uint32_t length = in.template get<uint32_t>("the config's length");
    if (length > kMaxConfigBytes)
      in.fail("the config's length " + std::to_string(length) + " exceeds " +
              std::to_string(kMaxConfigBytes) + " bytes");
    config.assign(in.take(length, "the config"), length);
    if (!config.empty()) {
      const uint64_t at = in.offset() - length;
      try {
        if (!nlohmann::json::parse(config).is_object())
          in.fail("the config at byte " + std::to_string(at) + " is not a JSON object");
      } catch (const nlohmann::json::parse_error& e) {
        in.fail("the config at byte " + std::to_string(at) +
                " is not valid JSON (error at its byte " + std::to_string(e.byte) + ")");
      }
    }
  }
  if (in.offset() != in.size())
    in.fail("expected " + std::to_string(in.offset()) + " bytes, found " +
            std::to_string(in.size()) + " (trailing data after the " +
            (version >= 2 ? "config" : "last tensor") + ")");
  return config;
}

// The data position that follows the counts, validated: steps, epoch and batch index not
// negative, shuffle 0 or 1, a batch of at least 1.
template <class In> DataPosition readDataPosition(In& in) {
  DataPosition p;
  p.step = in.template get<int64_t>("the global step");
  p.epoch = in.template get<int64_t>("the epoch");
  p.batchIndex = in.template get<int64_t>("the batch index");
  p.seed = static_cast<uint64_t>(in.template get<int64_t>("the data seed"));
  const int64_t shuffle = in.template get<int64_t>("the shuffle flag");
  p.batch = in.template get<int64_t>("the batch size");
  if (p.step < 0 || p.epoch < 0 || p.batchIndex < 0 || (shuffle != 0 && shuffle != 1) ||
      p.batch < 1)
    in.fail("invalid data position (step " + std::to_string(p.step) + ", epoch " +
            std::to_string(p.epoch) + ", batch index " + std::to_string(p.batchIndex) +
            ", shuffle " + std::to_string(shuffle) + ", batch " + std::to_string(p.batch) + ")");
  p.shuffle = shuffle == 1;
  return p;
}

// The counts of a checkpoint of any net, consistent with each other, and the data position after
// them: the rest of the fixed header.
template <class In> CheckpointHeader readCounts(In& in, const Preamble& preamble) {
  const uint64_t slots = static_cast<uint64_t>(program::optimizerSlots(preamble.optimizer));
  CheckpointHeader h;
  h.version = preamble.version;
  h.optimizer = preamble.optimizer;
  h.parameters = in.template get<uint32_t>("the parameter tensor count");
  h.bnLayers = in.template get<uint32_t>("the BatchNorm layer count");
  h.tensors = in.template get<uint32_t>("the tensor count");
  if (h.tensors != uint64_t{h.parameters} * (1 + slots) + 2 * uint64_t{h.bnLayers})
    in.fail("tensor count " + std::to_string(h.tensors) + " does not match " +
            std::to_string(h.parameters) + " parameters and " + std::to_string(h.bnLayers) +
            " BatchNorm layers");
  h.position = readDataPosition(in);
  return h;
}

// The shape of tensor `index` of a checkpoint of an unknown net, checked to fit the rest of the
// file; returns its data's length in bytes.
template <class In> uint64_t readAnyShape(In& in, size_t index, ir::Shape& shape) {
  const std::string label = "tensor " + std::to_string(index);
  const uint32_t rank = in.template get<uint32_t>("the rank of " + label);
  if (rank > kMaxRank)
    in.fail(label + ": rank " + std::to_string(rank) + " exceeds " + std::to_string(kMaxRank));
  shape.assign(rank, 0);
  uint64_t elements = 1;
  for (uint32_t d = 0; d < rank; ++d) {
    shape[d] = in.template get<int64_t>("the dimensions of " + label);
    if (shape[d] < 0 || (shape[d] > 0 && elements > (in.size() - in.offset()) / shape[d]))
      in.fail(label + ": dimension " + std::to_string(shape[d]) + " does not fit the file");
    elements *= static_cast<uint64_t>(shape[d]);
  }
  return 4 * elements;
}

// A tensor of whatever shape the file says (a checkpoint of an unknown net).
ir::Tensor readAnyTensor(Reader& in, size_t index) {
  ir::Shape shape;
  readAnyShape(in, index, shape);
  ir::Tensor t(ir::TensorType{ir::ElementType::f32, shape});
  const char* data = in.take(t.byteSize(), "the data of tensor " + std::to_string(index));
  if (t.byteSize() > 0) std::memcpy(t.bytes(), data, t.byteSize());
  return t;
}

} // namespace

TrainState decodeCheckpoint(const std::vector<char>& bytes, const nn::NetSpec& spec,
                            const std::string& where) {
  Reader in(bytes, where);
  TrainState s;
  const Preamble preamble = readPreamble(in);
  s.optimizer = preamble.optimizer;
  std::vector<Expected> expected = expectedTensors(spec, s.optimizer);
  const size_t numParams = nn::parameters(spec).size();
  const size_t numBn = nn::bnChannels(spec).size();
  auto count = [&](const char* what, size_t want) {
    uint32_t found = in.get<uint32_t>(std::string("the ") + what + " count");
    if (found != want)
      in.fail(std::string(what) + " count: expected " + std::to_string(want) + " for " + spec.name +
              ", found " + std::to_string(found));
  };
  count("parameter tensor", numParams);
  count("BatchNorm layer", numBn);
  count("tensor", expected.size());
  s.position = readDataPosition(in);
  for (size_t i = 0; i < expected.size(); ++i) {
    ir::Tensor t = readTensor(in, i, expected[i]);
    if (i < numParams)
      s.params.push_back(std::move(t));
    else if (i < numParams + numBn)
      s.bnMean.push_back(std::move(t));
    else if (i < numParams + 2 * numBn)
      s.bnVar.push_back(std::move(t));
    else
      s.optState.push_back(std::move(t));
  }
  s.config = readConfigSection(in, preamble.version);
  return s;
}

void saveCheckpoint(const std::string& path, const TrainState& state) {
  writeFileAtomically(path, encodeCheckpoint(state));
}

void writeRawParams(const std::string& path, const std::vector<ir::Tensor>& params) {
  Writer out;
  for (const ir::Tensor& t : params) out.raw(t);
  writeFileAtomically(path, out.bytes());
}

void writeBnStats(const std::string& path, const TrainState& state) {
  Writer out;
  for (const auto* group : {&state.bnMean, &state.bnVar})
    for (const ir::Tensor& t : *group) out.raw(t);
  writeFileAtomically(path, out.bytes());
}

InitReport initFromCheckpoint(const std::string& path, const nn::NetSpec& spec, TrainState& state) {
  std::vector<char> bytes = readFile(path, UINT64_MAX);
  Reader in(bytes, path);
  const Preamble preamble = readPreamble(in);
  const CheckpointHeader header = readCounts(in, preamble);
  const uint32_t numParams = header.parameters, numBn = header.bnLayers,
                 numTensors = header.tensors;
  std::vector<ir::Tensor> source;
  for (uint32_t i = 0; i < numTensors; ++i) source.push_back(readAnyTensor(in, i));
  readConfigSection(in, preamble.version);

  const std::vector<nn::ParamInfo> params = nn::parameters(spec);
  InitReport report;
  while (report.parameters < params.size() && report.parameters < numParams &&
         source[report.parameters].shape() == params[report.parameters].shape) {
    state.params[report.parameters] = std::move(source[report.parameters]);
    ++report.parameters;
  }
  if (report.parameters < params.size()) {
    const nn::ParamInfo& p = params[report.parameters];
    report.firstMismatch = p.name + " " + ir::toString(p.shape) + " of " + spec.name;
    report.firstMismatch +=
        report.parameters < numParams
            ? " against " + ir::toString(source[report.parameters].shape())
            : " (the checkpoint has " + std::to_string(numParams) + " parameters)";
  }
  // The running statistics of the BatchNorm layers whose scale and shift were copied, while their
  // shapes are the layer's (a file's statistics of another shape never reach the state).
  for (size_t i = 0; i < report.parameters; ++i) {
    if (params[i].role != nn::ParamRole::bnScale) continue;
    const size_t l = report.bnLayers;
    if (l >= numBn || l >= state.bnMean.size() ||
        source[numParams + l].shape() != state.bnMean[l].shape() ||
        source[numParams + numBn + l].shape() != state.bnVar[l].shape())
      break;
    state.bnMean[l] = source[numParams + l];
    state.bnVar[l] = source[numParams + numBn + l];
    ++report.bnLayers;
  }
  return report;
}

TrainState loadCheckpoint(const std::string& path, const nn::NetSpec& spec) {
  uint64_t limit = std::max(checkpointBytes(expectedTensors(spec, program::Optimizer::adam)),
                            checkpointBytes(expectedTensors(spec, program::Optimizer::sgd)));
  return decodeCheckpoint(readFile(path, limit), spec, path);
}

CheckpointHeader readCheckpointHeader(const std::string& path) {
  FileReader in(path);
  return readCounts(in, readPreamble(in));
}

std::optional<std::string> readCheckpointConfig(const std::string& path) {
  FileReader in(path);
  const Preamble preamble = readPreamble(in);
  const CheckpointHeader header = readCounts(in, preamble);
  ir::Shape shape;
  for (uint32_t i = 0; i < header.tensors; ++i)
    in.skip(readAnyShape(in, i, shape), "the data of tensor " + std::to_string(i));
  std::string config = readConfigSection(in, preamble.version);
  if (config.empty()) return std::nullopt;
  return config;
}

} // namespace hlotrain::train

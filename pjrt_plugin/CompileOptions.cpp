#include "pjrt_plugin/CompileOptions.h"

#include <string>

#include "pjrt_plugin/Errors.h"

namespace hlotrain::pjrt {
namespace {

enum WireType { kVarint = 0, kFixed64 = 1, kLengthDelimited = 2, kFixed32 = 5 };

struct Field {
  uint64_t number = 0;
  int wireType = 0;
  uint64_t varint = 0;    // for kVarint
  std::string_view bytes; // for kLengthDelimited
};

// The protobuf wire format, one field at a time. `where` names the message for errors.
class WireReader {
public:
  WireReader(std::string_view bytes, std::string where) : bytes_(bytes), where_(std::move(where)) {}

  bool done() const { return pos_ == bytes_.size(); }

  Field next() {
    const uint64_t key = varint();
    Field field;
    field.number = key >> 3;
    field.wireType = static_cast<int>(key & 7);
    if (field.number == 0) fail("field number 0");
    switch (field.wireType) {
    case kVarint:
      field.varint = varint();
      break;
    case kFixed64:
      take(8);
      break;
    case kLengthDelimited:
      field.bytes = take(varint());
      break;
    case kFixed32:
      take(4);
      break;
    default:
      fail("wire type " + std::to_string(field.wireType) + " (groups are not supported)");
    }
    return field;
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw Failure(PJRT_Error_Code_INVALID_ARGUMENT,
                  "compile_options is not a serialized xla.CompileOptionsProto: " + what +
                      " at byte " + std::to_string(pos_) + " of " + where_);
  }

private:
  uint64_t varint() {
    uint64_t value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ == bytes_.size()) fail("truncated varint");
      const auto byte = static_cast<uint8_t>(bytes_[pos_++]);
      value |= static_cast<uint64_t>(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return value;
    }
    fail("varint longer than 10 bytes");
  }

  std::string_view take(uint64_t size) {
    if (size > bytes_.size() - pos_) fail("field of " + std::to_string(size) + " bytes overruns");
    std::string_view taken = bytes_.substr(pos_, size);
    pos_ += size;
    return taken;
  }

  std::string_view bytes_;
  std::string where_;
  size_t pos_ = 0;
};

void expectWireType(const WireReader& reader, const Field& field, int wireType) {
  if (field.wireType != wireType)
    reader.fail("field " + std::to_string(field.number) + " has wire type " +
                std::to_string(field.wireType) + ", expected " + std::to_string(wireType));
}

// An int64 field; 0 is the unset proto3 value, which stands for XLA's default of 1.
int64_t countOrDefault(uint64_t varint) {
  const auto value = static_cast<int64_t>(varint);
  return value == 0 ? 1 : value;
}

// A repeated int64 field's values, packed (one length-delimited run of varints) or not.
void appendInt64s(const WireReader& reader, const Field& field, std::vector<int64_t>& out) {
  if (field.wireType == kVarint) {
    out.push_back(static_cast<int64_t>(field.varint));
    return;
  }
  expectWireType(reader, field, kLengthDelimited);
  uint64_t value = 0;
  int shift = 0;
  for (char c : field.bytes) {
    const auto byte = static_cast<uint8_t>(c);
    if (shift >= 64) reader.fail("a packed varint longer than 10 bytes");
    value |= static_cast<uint64_t>(byte & 0x7f) << shift;
    shift += 7;
    if (byte & 0x80) continue;
    out.push_back(static_cast<int64_t>(value));
    value = 0;
    shift = 0;
  }
  if (shift) reader.fail("a truncated packed varint");
}

DeviceAssignment readDeviceAssignment(std::string_view bytes) {
  DeviceAssignment assignment;
  WireReader reader(bytes, "device_assignment");
  while (!reader.done()) {
    const Field field = reader.next();
    if (field.number == 1 || field.number == 2) {
      expectWireType(reader, field, kVarint);
      (field.number == 1 ? assignment.replicaCount : assignment.computationCount) =
          static_cast<int32_t>(field.varint);
    } else if (field.number == 3) {
      expectWireType(reader, field, kLengthDelimited);
      std::vector<int64_t>& ids = assignment.replicaDevices.emplace_back();
      WireReader computation(field.bytes, "computation_devices");
      while (!computation.done()) {
        const Field id = computation.next();
        if (id.number == 1) appendInt64s(computation, id, ids);
      }
    }
  }
  return assignment;
}

void readExecutableBuildOptions(std::string_view bytes, BuildOptions& options) {
  WireReader reader(bytes, "executable_build_options");
  while (!reader.done()) {
    const Field field = reader.next();
    if (field.number == 4 || field.number == 5) {
      expectWireType(reader, field, kVarint);
      (field.number == 4 ? options.numReplicas : options.numPartitions) =
          countOrDefault(field.varint);
    } else if (field.number == 9) {
      expectWireType(reader, field, kLengthDelimited);
      options.deviceAssignment = readDeviceAssignment(field.bytes);
    }
  }
}

} // namespace

BuildOptions readBuildOptions(std::string_view serialized) {
  BuildOptions options;
  WireReader reader(serialized, "CompileOptionsProto");
  while (!reader.done()) {
    const Field field = reader.next();
    if (field.number != 3) continue;
    expectWireType(reader, field, kLengthDelimited);
    readExecutableBuildOptions(field.bytes, options);
  }
  return options;
}

} // namespace hlotrain::pjrt

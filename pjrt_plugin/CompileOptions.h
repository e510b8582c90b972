#pragma once
// The part of a serialized xla.CompileOptionsProto (PJRT_Client_Compile's `compile_options`) that
// hlotrain's plugin reads: how many replicas and partitions the program is compiled for.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace hlotrain::pjrt {

// xla.DeviceAssignmentProto: the device id of each replica, per computation (partition).
struct DeviceAssignment {
  int64_t replicaCount = 0, computationCount = 0;
  std::vector<std::vector<int64_t>> replicaDevices; // [computation][replica]
};

struct BuildOptions {
  int64_t numReplicas = 1;
  int64_t numPartitions = 1;
  std::optional<DeviceAssignment> deviceAssignment;
};

// Reads field 3 (executable_build_options) and in it fields 4 (num_replicas), 5
// (num_partitions) and 9 (device_assignment: 1 replica_count, 2 computation_count, 3 repeated
// {1 replica_device_ids, packed or not}); every other field is skipped, repeated messages merge
// as protobuf's do.
// proto3 cannot tell 0 from absent, so 0 reads as the default 1 (XLA's C++ default, which
// clients such as gopjrt and ZML write out). Throws Failure(INVALID_ARGUMENT) when the bytes are
// not a well-formed message.
BuildOptions readBuildOptions(std::string_view serialized);

} // namespace hlotrain::pjrt

#pragma once
// The part of a serialized xla.CompileOptionsProto (PJRT_Client_Compile's `compile_options`) that
// hlotrain's plugin reads: how many replicas and partitions the program is compiled for.

#include <cstdint>
#include <string_view>

namespace hlotrain::pjrt {

struct BuildOptions {
  int64_t numReplicas = 1;
  int64_t numPartitions = 1;
};

// Reads field 3 (executable_build_options) and in it fields 4 (num_replicas) and 5
// (num_partitions); every other field is skipped, repeated messages merge as protobuf's do.
// proto3 cannot tell 0 from absent, so 0 reads as the default 1 (XLA's C++ default, which
// clients such as gopjrt and ZML write out). Throws Failure(INVALID_ARGUMENT) when the bytes are
// not a well-formed message.
BuildOptions readBuildOptions(std::string_view serialized);

} // namespace hlotrain::pjrt

#pragma once
// Training state on disk.
//
// Checkpoint format, version 2 (all integers little-endian):
//   bytes 0..7   magic "HLOTCKPT"
//   u32          version (2; version 1 files still load: they end after the last tensor and
//                store no config)
//   u32          optimizer: 0 adam (state m…, v…), 1 sgd (state velocity…)
//   u32          P  parameter tensors
//   u32          L  BatchNorm layers
//   u32          T  tensors that follow = P + 2·L + slots·P (slots: adam 2, sgd 1)
//   i64 × 5      global step (steps done), epoch (0-based, of the next step), batch index of the
//                next step within that epoch, data seed, shuffle (0/1)
//   i64          batch size the data order was cut with
//   T tensors    each: u32 rank, i64 dims[rank], f32 data[∏dims] (row-major)
//                order: params in spec order, BN running means per BN layer, BN running vars per
//                BN layer, optimizer state slot-major (all m, then all v; or all velocities)
//   u32          C  bytes of config that follow, at most 1 MiB (0: none stored, as a run of the
//                C++ API writes)
//   C bytes      the run's effective config: one UTF-8 JSON object, a key per `hlotrain train`
//                setting (the flag's name without "--": "net", "dataset", "data", "lr", ...; null
//                where a setting is off), as `hlotrain train --resume` reads it back
// The file ends exactly after the config (version 1: after the last tensor).
//
// Raw exports (no header, f32 little-endian): `<prefix>_params.bin` holds the P parameters in
// spec order back to back; `<prefix>_bn_stats.bin` holds every BN layer's running mean (spec
// order) followed by every BN layer's running var.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/Tensor.h"
#include "nn/Init.h"
#include "nn/NetSpec.h"
#include "program/Program.h"

namespace hlotrain::train {

// Where the next step of a run starts in the data: resuming replays the same record order.
struct DataPosition {
  int64_t step = 0;       // global steps done
  int64_t epoch = 0;      // epoch of the next step
  int64_t batchIndex = 0; // batch of the next step within its epoch
  uint64_t seed = 0;
  bool shuffle = true;
  int64_t batch = 0;
};

// A checkpoint's fixed header (its first 76 bytes, the same in versions 1 and 2): what a run's
// files say about it without the net it is of.
struct CheckpointHeader {
  uint32_t version = 0; // 1 or 2
  program::Optimizer optimizer = program::Optimizer::adam;
  uint32_t parameters = 0, bnLayers = 0, tensors = 0; // P, L, T
  DataPosition position;
};

struct TrainState {
  std::vector<ir::Tensor> params;
  std::vector<ir::Tensor> bnMean, bnVar; // running statistics, one per BN layer
  program::Optimizer optimizer = program::Optimizer::adam;
  std::vector<ir::Tensor> optState; // slot-major, as the train step takes them
  DataPosition position;
  // The run's effective config, a JSON object's text stored verbatim (empty: none; a version 1
  // checkpoint has none).
  std::string config;
};

// Fresh state: params as `init` draws them, running mean 0 / var 1, zero optimizer state.
TrainState initialState(const nn::NetSpec& spec, program::Optimizer optimizer,
                        nn::InitScheme init = nn::InitScheme::he);

// Version 2; throws ConfigError for a config over the format's 1 MiB.
std::vector<char> encodeCheckpoint(const TrainState& state);
// Validates everything against `spec` before trusting any size: magic, version (1 or 2),
// optimizer, the counts, each tensor's rank and shape (the first mismatch is named), the config's
// length and that it is a JSON object, the exact length. Throws ParseError "<where>: ..." on any
// of it.
TrainState decodeCheckpoint(const std::vector<char>& bytes, const nn::NetSpec& spec,
                            const std::string& where);

// Atomic writes; throw RuntimeError on I/O failure.
void saveCheckpoint(const std::string& path, const TrainState& state);
void writeRawParams(const std::string& path, const std::vector<ir::Tensor>& params);
void writeBnStats(const std::string& path, const TrainState& state);
// Throws RuntimeError when the file is missing or unreadable, ParseError when it is malformed.
TrainState loadCheckpoint(const std::string& path, const nn::NetSpec& spec);
// The fixed header of the checkpoint at `path`, and nothing after it: the magic, the version, the
// optimizer, the counts consistent with each other and the data position in range, checked as
// decodeCheckpoint checks them (without a net). Throws like loadCheckpoint.
CheckpointHeader readCheckpointHeader(const std::string& path);
// The config a checkpoint stores, read before the net it is of is known (the config names it):
// nullopt for a version 1 checkpoint or one that stores none. Only the header, the tensors'
// shapes and the config are read; the layout is checked as decodeCheckpoint checks it (without a
// net: any shapes that fit the file) down to the exact length. Throws like loadCheckpoint.
std::optional<std::string> readCheckpointConfig(const std::string& path);

// What initFromCheckpoint copied: the leading parameters, the BatchNorm layers among them, and
// the first parameter that did not match (empty when every one did).
struct InitReport {
  size_t parameters = 0;
  size_t bnLayers = 0;
  std::string firstMismatch;
};

// Backbone bootstrap: copies into `state` the leading parameters of the checkpoint at `path` (a
// checkpoint of any net) while their shapes match `spec`'s, and the running statistics of the
// BatchNorm layers among them while theirs match too; the rest keep their values. Throws like
// loadCheckpoint.
InitReport initFromCheckpoint(const std::string& path, const nn::NetSpec& spec, TrainState& state);

} // namespace hlotrain::train

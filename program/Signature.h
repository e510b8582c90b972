#pragma once
// Where everything sits in a graph's flat argument and result lists (DESIGN.md "The graphs and
// their signatures"), described once, as JAX's in_tree/out_tree describe a jitted function. The
// graph builders create their arguments from these objects, and the trainer, the bench,
// checkpoints and the CLI address arguments and results through them, by role.

#include <cstddef>
#include <vector>

#include "ir/Type.h"

namespace hlotrain::program {

// A run of consecutive positions in an argument or result list.
struct Range {
  size_t begin = 0;
  size_t count = 0;

  size_t end() const { return begin + count; }
  bool contains(size_t position) const { return position >= begin && position < end(); }
  // The position of the i-th member.
  size_t operator[](size_t i) const { return begin + i; }
};

// (params..., opt_state..., x, labels..., lr, step[, drop_mask], dropout_mask...) ->
//   (params'..., opt_state'..., loss, bn_batch_mean..., bn_batch_var...)
// opt_state is slot-major: every parameter's first slot (Adam m, SGD velocity), then the second.
// drop_mask f32 [branches, B], with --drop-path only: stochastic depth's per-sample scales.
// dropout_mask f32 [B, ...], one per dropout layer of the net (nn::dropoutSites): 0 or
// 1/(1 − rate) per value.
struct TrainStepSignature {
  Range params, optState, input, labels, lr, step, dropMask, dropout; // arguments
  Range newParams, newOptState, loss, bnBatchMean, bnBatchVar;        // results
  std::vector<ir::TensorType> arguments, results;

  // The parameters and optimizer state: the arguments a step hands back as its first results.
  Range carried() const { return {params.begin, params.count + optState.count}; }
  const ir::TensorType& argument(Range range, size_t i) const { return arguments[range[i]]; }
  const ir::TensorType& result(Range range, size_t i) const { return results[range[i]]; }
};

// (params..., bn_running_mean..., bn_running_var..., x) -> logits
struct EvalSignature {
  Range params, bnMean, bnVar, input; // arguments
  Range logits;                       // results
  std::vector<ir::TensorType> arguments, results;
};

// (params..., keys..., values..., ids, position) -> (logits, keys'..., values'...): one token
// of each of B sequences (ids i32 [B, 1]) at `position` (i32), one key and one value cache
// f32 [B, H, T, D/H] per attention layer (nn::emitDecodeStep), the next token's logits [B, V].
struct DecodeSignature {
  Range params, keys, values, ids, position; // arguments
  Range logits, newKeys, newValues;          // results
  std::vector<ir::TensorType> arguments, results;
};

} // namespace hlotrain::program

#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "ir/Op.h"

namespace hlotrain::cpu::plan {

// A fused loop's body as one node list: node i's values for a chunk are v[i][0..n).
struct VectorNode {
  enum class Role {
    Input,   // its values are read from v[i] (loads, splats, nodes computed once per run)
    Compute, // an elementwise op of earlier nodes
    Unused,  // neither read nor computed by this body
  } role = Role::Unused;
  ir::OpKind kind = ir::OpKind::add;
  ir::ElementType result = ir::ElementType::f32; // f32, i1 (0/1) or bf16 (rounded f32)
  ir::ComparisonDirection direction = ir::ComparisonDirection::EQ;
  std::vector<int> args;
  bool store = false;        // of a Compute node: its values are written to v[i] (the others only
                             // live in vector registers)
  bool narrow = false;       // of a stored node whose values are rounded to bf16 already: stored as
                             // their bf16 halves (n of them at v[i])
  bool aroundCaches = false; // of a stored f32 node: whole vectors written with non-temporal
                             // stores (v[i] must be 64-byte aligned), the run ending in a fence
  std::optional<float> constant{}; // of an Input: its value everywhere, where the plan knows it
  bool streamed = false; // of an Input: v[i] is read once, in order, so worth prefetching (not
                         // a value computed once per run, reread every chunk)
  bool bf16 = false;     // of an Input: v[i] holds bf16 values (n of them), widened as loaded
  bool splat = false;    // of an Input: v[i] points at one float, the value of every element
                         // (a constant, a broadcast scalar): held in a register for the whole
                         // run where registers allow, broadcast from memory per vector otherwise
};

// The body compiled to AVX-512 machine code that evaluates every node of one 16-float vector in
// registers before the next: an interpreter's pass per node writes and rereads each node's chunk
// of values, and costs a fused loop 3-8x a hand-written single pass (bench/fused_loops.cpp).
// Results are bit-identical to the interpreter's (each op rounds once, as the reference does;
// nothing is contracted).
class VectorLoop {
public:
  // nullptr where this build or CPU cannot (no x86-64 AVX-512F and BMI2), where the body has an
  // op not compiled here (transcendentals but exp, logistic and tanh, whose fast-path forms
  // Exponential.h shares with the interpreted passes; powers: those passes call libm anyway), or
  // more values live at once than the vector registers hold; or where nothing would be compiled
  // (no Compute node and no column sums).
  // `columnSums` (node indices, of any role): those nodes' values are also added into column sums
  // (see run), each value converted to double and added in row order, as FusedLoop's interpreted
  // fold does, `columnVectors` 16-float columns at a time (a row's width when it fits in the
  // registers, two per sum and 16 columns).
  static std::unique_ptr<VectorLoop> compile(const std::vector<VectorNode>& body,
                                             const std::vector<int>& columnSums = {},
                                             int columnVectors = 1);
  virtual ~VectorLoop() = default;

  // Evaluates elements [0, n) of every Compute node, storing the stored ones. Inputs and stores
  // must hold n floats; the last partial vector is read and written under a mask.
  // With column sums, the n elements are rows of `width` (a multiple of 16 · columnVectors,
  // dividing n), and element j of a row of columnSums[k]'s node is added into sums[k][j].
  virtual void run(const float* const* v, int64_t n, double* const* sums = nullptr,
                   int64_t width = 0) const = 0;
};

} // namespace hlotrain::cpu::plan

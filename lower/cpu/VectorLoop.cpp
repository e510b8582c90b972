#include "lower/cpu/VectorLoop.h"

#if HLOTRAIN_HAVE_XBYAK
#include <xbyak/xbyak.h>
#include <xbyak/xbyak_util.h>
#endif

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>

#include "lower/cpu/Exponential.h"

namespace hlotrain::cpu::plan {

#if HLOTRAIN_HAVE_XBYAK
namespace {

using ir::ElementType;
using ir::OpKind;
using Role = VectorNode::Role;

// Vector registers: zmm0..27 hold values (the last of them the column sums), 28 is an op's
// scratch, 30 is 0.0f and 31 is 1.0f.
constexpr int kValueRegisters = 28;

// How far ahead of a streamed load the body asks for memory. A long body keeps too few loads in
// flight for the hardware prefetchers to keep up when the operands come from memory (as in a
// train step; bench/fused_loops's operands stay in the cache, where prefetching costs). Column
// sums, which store nothing, go furthest: MNIST-CNN's fused reduces 5.4-6.1 -> 4.4-4.8 ms a step,
// its fused loops 7.6-9.7 -> 6.4-7.1 ms at 2 KB (bench/README.md, "Session 12").
constexpr int kSummingPrefetchBytes = 4096, kStoringPrefetchBytes = 2048;

// Two per summed node and 16-float column: its 16 sums in double.
int sumRegisters(size_t columnSums, int columnVectors) {
  return 2 * static_cast<int>(columnSums) * columnVectors;
}

// vcmpps predicates with C++'s comparison semantics on NaN (only != is true when unordered).
constexpr uint8_t kEqOQ = 0x00, kLtOS = 0x01, kLeOS = 0x02, kUnordQ = 0x03, kNeqUQ = 0x04,
                  kGeOS = 0x0d, kGtOS = 0x0e;

uint8_t predicate(ir::ComparisonDirection d) {
  switch (d) {
  case ir::ComparisonDirection::EQ:
    return kEqOQ;
  case ir::ComparisonDirection::NE:
    return kNeqUQ;
  case ir::ComparisonDirection::GE:
    return kGeOS;
  case ir::ComparisonDirection::GT:
    return kGtOS;
  case ir::ComparisonDirection::LE:
    return kLeOS;
  case ir::ComparisonDirection::LT:
    return kLtOS;
  }
  return kEqOQ;
}

bool compiled(const VectorNode& node) {
  switch (node.kind) {
  case OpKind::negate:
  case OpKind::abs:
  case OpKind::sqrt:
  case OpKind::rsqrt:
  case OpKind::not_:
  case OpKind::convert:
  case OpKind::add:
  case OpKind::subtract:
  case OpKind::multiply:
  case OpKind::divide:
  case OpKind::maximum:
  case OpKind::minimum:
  case OpKind::and_:
  case OpKind::or_:
  case OpKind::xor_:
  case OpKind::compare:
  case OpKind::select:
  case OpKind::clamp:
  case OpKind::exponential:
  case OpKind::logistic:
  case OpKind::tanh:
    return true;
  default:
    return false;
  }
}

// Which vector register holds each node's values, or nullopt where the values outlive the
// registers. A value's register is reused once its last reader has run, except a stored or
// summed value's (every store and sum follows the vector's last load: see
// FusedLoop::storesInPlace); a result never takes an operand's register (maximum and minimum read
// their operands after writing).
// `hoisted`: the splat inputs take registers of their own for the whole run, loaded once before
// the first vector.
std::optional<std::vector<int>> allocate(const std::vector<VectorNode>& body,
                                         const std::vector<int>& columnSums, int columnVectors,
                                         bool hoisted) {
  const size_t n = body.size();
  std::vector<bool> kept(n, false);
  for (size_t i = 0; i < n; ++i)
    kept[i] = (body[i].role == Role::Compute && body[i].store) || (hoisted && body[i].splat);
  for (int i : columnSums) kept[static_cast<size_t>(i)] = true;
  // Computed: what is kept and what that reads; loaded: the inputs of those.
  std::vector<bool> needed(kept);
  for (size_t i = n; i-- > 0;) {
    const VectorNode& node = body[i];
    if (needed[i] && node.role == Role::Compute)
      for (int a : node.args) needed[static_cast<size_t>(a)] = true;
  }
  std::vector<int> lastUse(n, -1);
  for (size_t i = 0; i < n; ++i)
    if (needed[i] && body[i].role == Role::Compute)
      for (int a : body[i].args) lastUse[static_cast<size_t>(a)] = static_cast<int>(i);
  std::vector<int> reg(n, -1), free;
  for (int r = kValueRegisters - sumRegisters(columnSums.size(), columnVectors); r-- > 0;)
    free.push_back(r);
  // A hoisted value lives across every vector: no node before it may reuse its register.
  for (size_t i = 0; i < n; ++i) {
    if (!needed[i] || !hoisted || !body[i].splat) continue;
    if (free.empty()) return std::nullopt;
    reg[i] = free.back();
    free.pop_back();
  }
  for (size_t i = 0; i < n; ++i) {
    const VectorNode& node = body[i];
    if (!needed[i] || reg[i] >= 0) continue;
    if (free.empty()) return std::nullopt;
    reg[i] = free.back();
    free.pop_back();
    if (node.role == Role::Compute)
      for (int a : node.args) {
        const auto arg = static_cast<size_t>(a);
        if (lastUse[arg] == static_cast<int>(i) && reg[arg] >= 0 && !kept[arg] &&
            std::find(free.begin(), free.end(), reg[arg]) == free.end())
          free.push_back(reg[arg]);
      }
  }
  return reg;
}

class Generator : public Xbyak::CodeGenerator {
public:
  Generator(const std::vector<VectorNode>& body, const std::vector<int>& reg,
            const std::vector<int>& columnSums, int columnVectors, bool hoisted)
      : CodeGenerator(4096 + (body.size() + 2 * columnSums.size()) * 1024 * columnVectors),
        body_(body), reg_(reg), columnSums_(columnSums), columnVectors_(columnVectors),
        hoisted_(hoisted), packed_(packedNarrowings(body)) {
    using namespace Xbyak;
    // rdi: v, rsi: n, rdx: sums, rcx: width; rcx then the vector's byte offset, r8 the end.
    mov(r8, rsi);
    shl(r8, 2);
    mov(eax, 0x3f800000);
    vpbroadcastd(zmm31, eax);
    vpxord(zmm30, zmm30, zmm30);
    for (size_t i = 0; i < body_.size(); ++i)
      if (hoisted_ && body_[i].splat && reg_[i] >= 0) broadcast(i);
    if (columnSums_.empty())
      linearLoop();
    else
      columnLoop();
    if (std::any_of(body_.begin(), body_.end(), [](const VectorNode& n) { return n.aroundCaches; }))
      sfence(); // the stores bypassing the caches are seen by whatever reads them next
    vzeroupper();
    ret();
    align(4);
    for (auto& [bits, label] : constants_) {
      L(label);
      dd(bits);
    }
    readyRE();
  }

private:
  // The narrowed converts only their store reads, which this CPU's vcvtneps2bf16 rounds (to
  // nearest even, NaN quiet, as roundToBf16) straight into the bf16 halves: four instructions
  // where the bit operations and the narrowing take nine. It reads subnormal inputs as zero, so a
  // vector holding one takes the bit operations instead (packedBf16).
  static std::vector<bool> packedNarrowings(const std::vector<VectorNode>& body) {
    static const bool bf16Instructions = Xbyak::util::Cpu().has(Xbyak::util::Cpu::tAVX512_BF16);
    std::vector<bool> packed(body.size(), false);
    if (!bf16Instructions) return packed;
    for (size_t i = 0; i < body.size(); ++i)
      packed[i] = body[i].role == Role::Compute && body[i].kind == ir::OpKind::convert &&
                  body[i].result == ElementType::bf16 && body[i].narrow && body[i].store;
    for (const VectorNode& node : body)
      if (node.role == Role::Compute)
        for (int a : node.args) packed[static_cast<size_t>(a)] = false;
    return packed;
  }

  // Every vector in memory order, then the partial last one under the mask k1.
  void linearLoop() {
    using namespace Xbyak;
    // rdx: end of the whole vectors.
    mov(rdx, r8);
    and_(rdx, -64);
    xor_(ecx, ecx);
    Label loop, tail, done;
    cmp(rcx, rdx);
    jae(tail, T_NEAR);
    L(loop);
    vector(false);
    add(rcx, 64);
    cmp(rcx, rdx);
    jb(loop, T_NEAR);
    L(tail);
    cmp(rcx, r8);
    jae(done, T_NEAR);
    mov(rax, r8);
    sub(rax, rcx);
    shr(rax, 2);
    mov(r9d, 1);
    shlx(r9d, r9d, eax);
    dec(r9d);
    kmovw(k1, r9d);
    vector(true);
    L(done);
  }

  // Group by group of `columnVectors` 16-float columns, each group down every row, its sums held
  // in registers from the first row to the last: the interpreted fold's order. Sums kept in
  // memory across rows stall on store forwarding; a group as wide as the row reads memory in
  // order.
  void columnLoop() {
    using namespace Xbyak;
    // r10: sums, r11: a row's bytes, rsi: the group's byte offset in a row (its sums' at twice).
    mov(r10, rdx);
    lea(r11, ptr[rcx * 4]);
    xor_(esi, esi);
    Label group, row;
    L(group);
    forEachSum([&](size_t k, int g) {
      mov(rax, ptr[r10 + static_cast<int>(8 * k)]);
      vmovupd(low(k, g), ptr[rax + rsi * 2 + 128 * g]);
      vmovupd(high(k, g), ptr[rax + rsi * 2 + 128 * g + 64]);
    });
    mov(rcx, rsi);
    L(row);
    for (int g = 0; g < columnVectors_; ++g) {
      vector(false, 64 * g);
      for (size_t k = 0; k < columnSums_.size(); ++k) {
        const Xbyak::Zmm value = z(columnSums_[k]);
        vcvtps2pd(zmm28, Xbyak::Ymm(value.getIdx()));
        vaddpd(low(k, g), low(k, g), zmm28);
        vextractf64x4(Xbyak::Ymm(28), value, 1);
        vcvtps2pd(zmm28, Xbyak::Ymm(28));
        vaddpd(high(k, g), high(k, g), zmm28);
      }
    }
    add(rcx, r11);
    cmp(rcx, r8);
    jb(row, T_NEAR);
    forEachSum([&](size_t k, int g) {
      mov(rax, ptr[r10 + static_cast<int>(8 * k)]);
      vmovupd(ptr[rax + rsi * 2 + 128 * g], low(k, g));
      vmovupd(ptr[rax + rsi * 2 + 128 * g + 64], high(k, g));
    });
    add(rsi, 64 * columnVectors_);
    cmp(rsi, r11);
    jb(group, T_NEAR);
  }

  template <class F> void forEachSum(F f) {
    for (size_t k = 0; k < columnSums_.size(); ++k)
      for (int g = 0; g < columnVectors_; ++g) f(k, g);
  }

  // The registers holding column sum k of the group's column g: its first 8 columns' and its
  // last 8's.
  Xbyak::Zmm low(size_t k, int g) const {
    return Xbyak::Zmm(firstSumRegister() + 2 * (static_cast<int>(k) * columnVectors_ + g));
  }
  Xbyak::Zmm high(size_t k, int g) const { return Xbyak::Zmm(low(k, g).getIdx() + 1); }
  int firstSumRegister() const {
    return kValueRegisters - sumRegisters(columnSums_.size(), columnVectors_);
  }

  Xbyak::Zmm z(int node) const { return Xbyak::Zmm(reg_[static_cast<size_t>(node)]); }

  // The constant as a dword in memory (for vbroadcastss), from the same pool as splat().
  Xbyak::Address scalar(float value) {
    return dword[rip + constant(std::bit_cast<uint32_t>(value))];
  }

  Xbyak::Address splatFloat(float value) { return splat(std::bit_cast<uint32_t>(value)); }

  // fastExponential (Exponential.h) of a, or of −a when `negated`, op for op; zmm28 and zmm29 are
  // scratch, zmm30 holds r² for a moment and is zeroed again.
  void exponentialOf(const Xbyak::Zmm& d, const Xbyak::Zmm& a, bool negated = false) {
    using namespace exponential;
    const Xbyak::Zmm t = zmm28, y = zmm29;
    if (negated) {
      vpxord(t, a, splat(0x80000000u)); // the sign bit flipped: −a exactly
      vmaxps(t, t, splatFloat(kLow));
    } else {
      vmaxps(t, a, splatFloat(kLow));
    }
    vminps(t, t, splatFloat(kHigh));
    vbroadcastss(d, scalar(0.5f));
    vfmadd231ps(d, t, splatFloat(kLog2e)); // t·log2e + 1/2
    vrndscaleps(d, d, 0x09);               // floor, no precision exception: n
    vfnmadd231ps(t, d, splatFloat(kLn2High));
    vfnmadd231ps(t, d, splatFloat(kLn2Low)); // r
    vbroadcastss(y, scalar(kP[0]));
    for (int k = 1; k < 6; ++k) vfmadd213ps(y, t, splatFloat(kP[k])); // y·r + p_k
    vmulps(zmm30, t, t);
    vfmadd213ps(y, zmm30, t); // y·r² + r
    vpxord(zmm30, zmm30, zmm30);
    vaddps(y, y, zmm31); // the ones register
    vscalefps(d, y, d);
    vcmpps(k2, a, a, kUnordQ);
    vmovaps(d | k2, a);
  }

  // fastTanh (Exponential.h), op for op; zmm28 holds the clamped a, zmm29 P, zmm30 a² for a
  // moment and is zeroed again.
  void tanhOf(const Xbyak::Zmm& d, const Xbyak::Zmm& a) {
    using namespace hyperbolic;
    const Xbyak::Zmm c = zmm28, p = zmm29, x2 = zmm30;
    vmaxps(c, a, splatFloat(-kClamp));
    vminps(c, c, splatFloat(kClamp));
    vmulps(x2, c, c);
    vbroadcastss(p, scalar(kAlpha[6]));
    for (int k = 5; k >= 0; --k) vfmadd213ps(p, x2, splatFloat(kAlpha[k])); // p·x² + α_k
    vmulps(p, p, c);
    vbroadcastss(d, scalar(kBeta[3]));
    for (int k = 2; k >= 0; --k) vfmadd213ps(d, x2, splatFloat(kBeta[k]));
    vdivps(d, p, d);
    vpxord(x2, x2, x2);
    vpandd(c, a, splat(0x7fffffffu));
    vcmpps(k2, c, splatFloat(kOne), kGeOS);
    vpandd(p, a, splat(0x80000000u));
    vpord(p, p, splat(0x3f800000u)); // ±1 with a's sign
    vmovaps(d | k2, p);
    vcmpps(k2, c, splatFloat(kTiny), kLtOS);
    vmovaps(d | k2, a);
    vcmpps(k2, a, a, kUnordQ);
    vmovaps(d | k2, a);
  }

  Xbyak::Address splat(uint32_t bits) { return ptr_b[rip + constant(bits)]; }

  // The pool's label of `bits`, added where it is new.
  const Xbyak::Label& constant(uint32_t bits) {
    for (auto& [b, label] : constants_)
      if (b == bits) return label;
    constants_.emplace_back(bits, Xbyak::Label());
    return constants_.back().second;
  }

  // One vector of every node; `masked`: the last partial one, lanes outside k1 read as zero and
  // left unwritten.
  // `offset`: bytes past rcx.
  void vector(bool masked, int offset = 0) {
    for (size_t i = 0; i < body_.size(); ++i) {
      if (reg_[i] < 0) continue;
      const VectorNode& node = body_[i];
      const Xbyak::Zmm d(reg_[i]);
      if (node.splat) {
        if (!hoisted_) broadcast(i);
        continue;
      }
      if (node.bf16) {
        loadBf16(node, d, masked, offset, ptr[rdi + static_cast<int>(8 * i)]);
        continue;
      }
      if (node.role == Role::Input) {
        mov(rax, ptr[rdi + static_cast<int>(8 * i)]);
        if (node.streamed && !masked)
          prefetcht0(ptr[rax + rcx + offset +
                         (columnSums_.empty() ? kStoringPrefetchBytes : kSummingPrefetchBytes)]);
        if (masked)
          vmovups(d | k1 | T_z, ptr[rax + rcx + offset]);
        else
          vmovups(d, ptr[rax + rcx + offset]);
        continue;
      }
      if (packed_[i])
        packedBf16(d, z(node.args[0]));
      else
        op(node, d);
    }
    for (size_t i = 0; i < body_.size(); ++i) {
      if (body_[i].role != Role::Compute || !body_[i].store) continue;
      mov(rax, ptr[rdi + static_cast<int>(8 * i)]);
      if (packed_[i]) {
        storePackedBf16(Xbyak::Ymm(reg_[i]), masked, offset);
        continue;
      }
      if (body_[i].narrow) {
        storeBf16(Xbyak::Zmm(reg_[i]), masked, offset);
        continue;
      }
      if (masked)
        vmovups(ptr[rax + rcx + offset] | k1, Xbyak::Zmm(reg_[i]));
      else if (body_[i].aroundCaches)
        vmovntps(ptr[rax + rcx + offset], Xbyak::Zmm(reg_[i]));
      else
        vmovups(ptr[rax + rcx + offset], Xbyak::Zmm(reg_[i]));
    }
  }

  // 16 bf16 values at half the f32 vector's byte offset, each widened into the high half of its
  // lane (exact). r9 is free here: the linear loop's tail is done with it once k1 is set.
  void loadBf16(const VectorNode& node, const Xbyak::Zmm& d, bool masked, int offset,
                const Xbyak::Address& pointer) {
    mov(rax, pointer);
    mov(r9, rcx);
    shr(r9, 1);
    if (node.streamed && !masked)
      prefetcht0(ptr[rax + r9 + offset / 2 +
                     (columnSums_.empty() ? kStoringPrefetchBytes : kSummingPrefetchBytes) / 2]);
    if (masked)
      vpmovzxwd(d | k1 | T_z, ptr[rax + r9 + offset / 2]);
    else
      vpmovzxwd(d, ptr[rax + r9 + offset / 2]);
    vpslld(d, d, 16);
  }

  // The bf16 halves of a rounded vector, at half the f32 vector's byte offset past rax (the
  // stores run after every op, so zmm28 and r9 are free).
  void storeBf16(const Xbyak::Zmm& value, bool masked, int offset) {
    mov(r9, rcx);
    shr(r9, 1);
    vpsrld(zmm28, value, 16);
    if (masked)
      vpmovdw(ptr[rax + r9 + offset / 2] | k1, zmm28);
    else
      vpmovdw(ptr[rax + r9 + offset / 2], zmm28);
  }

  // a rounded to bf16, as the halves in the low 256 bits of d; a vector with a subnormal lane
  // takes the bit operations of op()'s convert (which leave the low halves zero) and narrows.
  void packedBf16(const Xbyak::Zmm& d, const Xbyak::Zmm& a) {
    Xbyak::Label exact, done;
    vfpclassps(k2, a, 0x20); // subnormal
    kortestw(k2, k2);
    jnz(exact, T_NEAR);
    vcvtneps2bf16(Xbyak::Ymm(d.getIdx()), a);
    jmp(done, T_NEAR);
    L(exact);
    roundBitwise(d, a);
    vpsrld(d, d, 16);
    vpmovdw(Xbyak::Ymm(d.getIdx()), d);
    L(done);
  }

  void storePackedBf16(const Xbyak::Ymm& halves, bool masked, int offset) {
    mov(r9, rcx);
    shr(r9, 1);
    if (masked)
      vmovdqu16(ptr[rax + r9 + offset / 2] | k1, halves);
    else
      vmovdqu16(ptr[rax + r9 + offset / 2], halves);
  }

  // roundToBf16 (Bf16Rounding.h): + 0x7fff + the lowest kept bit, NaN made quiet, truncated.
  void roundBitwise(const Xbyak::Zmm& d, const Xbyak::Zmm& a) {
    vpsrld(zmm28, a, 16);
    vpandd(zmm28, zmm28, splat(1));
    vpaddd(zmm28, zmm28, a);
    vpaddd(zmm28, zmm28, splat(0x7fff));
    vcmpps(k2, a, a, kUnordQ);
    vpord(zmm28 | k2, a, splat(0x00400000u));
    vpandd(d, zmm28, splat(0xffff0000u));
  }

  void broadcast(size_t node) {
    mov(rax, ptr[rdi + static_cast<int>(8 * node)]);
    vbroadcastss(Xbyak::Zmm(reg_[node]), ptr[rax]);
  }

  // maxSelect / minSelect (Kernels.h): vmaxps is a > b ? a : b, vminps a < b ? a : b (so b when
  // either is NaN); equal operands give a & b for maximum (+0 over -0) and a | b for minimum;
  // a NaN a propagates over b.
  void maxOrMin(bool max, const Xbyak::Zmm& d, const Xbyak::Zmm& a, const Xbyak::Zmm& b) {
    if (max)
      vmaxps(d, a, b);
    else
      vminps(d, a, b);
    vcmpps(k2, a, b, kEqOQ);
    if (max)
      vpandd(d | k2, a, b);
    else
      vpord(d | k2, a, b);
    vcmpps(k2, a, a, kUnordQ);
    vmovaps(d | k2, a);
  }

  // A clamp bound known to be neither NaN nor zero: with the bound first, vmaxps and vminps give
  // maxSelect's and minSelect's bits (x when x is NaN, x when the two are equal, which then are
  // the same bits), so the fix-ups for NaN and signed zeros are not needed. The exact GELU's erf
  // clamps twice per element: its forward loop took 7.9 -> 5.9 ms at 16x384x56x56.
  bool plainBound(int node) const {
    const std::optional<float>& c = body_[static_cast<size_t>(node)].constant;
    return c && *c != 0.0f && !std::isnan(*c);
  }

  void ones(const Xbyak::Zmm& d, const Xbyak::Opmask& k) { vmovaps(d | k | T_z, zmm31); }

  void op(const VectorNode& node, const Xbyak::Zmm& d) {
    const Xbyak::Zmm a = z(node.args[0]);
    const Xbyak::Zmm b = node.args.size() > 1 ? z(node.args[1]) : a;
    const bool isBool = node.result == ElementType::i1;
    switch (node.kind) {
    case OpKind::negate:
      return vpxord(d, a, splat(0x80000000u));
    case OpKind::abs:
      return vpandd(d, a, splat(0x7fffffffu));
    case OpKind::sqrt:
      return vsqrtps(d, a);
    case OpKind::rsqrt:
      vsqrtps(zmm28, a);
      return vdivps(d, zmm31, zmm28);
    case OpKind::not_:
      return vsubps(d, zmm31, a);
    case OpKind::convert:
      if (isBool) {
        vcmpps(k2, a, zmm30, kNeqUQ);
        return ones(d, k2);
      }
      if (node.result == ElementType::bf16) return roundBitwise(d, a);
      return vmovaps(d, a);
    case OpKind::add:
      return isBool ? vmaxps(d, a, b) : vaddps(d, a, b);
    case OpKind::subtract:
      return vsubps(d, a, b);
    case OpKind::multiply:
    case OpKind::and_:
      return vmulps(d, a, b);
    case OpKind::divide:
      return vdivps(d, a, b);
    case OpKind::maximum:
      return isBool ? vmaxps(d, a, b) : maxOrMin(true, d, a, b);
    case OpKind::minimum:
      return isBool ? vminps(d, a, b) : maxOrMin(false, d, a, b);
    case OpKind::or_:
      return vmaxps(d, a, b);
    case OpKind::xor_:
      vcmpps(k2, a, b, kNeqUQ);
      return ones(d, k2);
    case OpKind::compare:
      vcmpps(k2, a, b, predicate(node.direction));
      return ones(d, k2);
    case OpKind::select:
      vcmpps(k2, a, zmm30, kNeqUQ);
      return vblendmps(d | k2, z(node.args[2]), b);
    case OpKind::clamp: // minSelect(maxSelect(x, low), high): a is low, b is x
      if (plainBound(node.args[0]))
        vmaxps(zmm28, a, b);
      else
        maxOrMin(true, zmm28, b, a);
      if (plainBound(node.args[2])) return vminps(d, z(node.args[2]), zmm28);
      return maxOrMin(false, d, zmm28, z(node.args[2]));
    case OpKind::exponential:
      return exponentialOf(d, a);
    case OpKind::tanh:
      return tanhOf(d, a);
    case OpKind::logistic: // fastLogistic: 1/(1 + exp(−a)), the ones register's 1
      exponentialOf(d, a, true);
      vaddps(d, d, zmm31);
      return vdivps(d, zmm31, d);
    default:
      return;
    }
  }

  // Read only while the constructor assembles; the code does not refer to them.
  const std::vector<VectorNode>& body_;
  const std::vector<int>& reg_;
  const std::vector<int>& columnSums_;
  int columnVectors_;
  bool hoisted_;
  std::vector<bool> packed_; // per node: narrowed by packedBf16, stored by storePackedBf16
  std::vector<std::pair<uint32_t, Xbyak::Label>> constants_;
};

class CompiledLoop : public VectorLoop {
public:
  using Fn = void (*)(const float* const*, int64_t, double* const*, int64_t);
  CompiledLoop(const std::vector<VectorNode>& body, const std::vector<int>& reg,
               const std::vector<int>& columnSums, int columnVectors, bool hoisted)
      : code_(body, reg, columnSums, columnVectors, hoisted), fn_(code_.getCode<Fn>()) {}
  void run(const float* const* v, int64_t n, double* const* sums, int64_t width) const override {
    fn_(v, n, sums, width);
  }

private:
  Generator code_;
  Fn fn_;
};

bool cpuRuns() {
  static const bool yes = [] {
    Xbyak::util::Cpu cpu;
    return cpu.has(Xbyak::util::Cpu::tAVX512F) && cpu.has(Xbyak::util::Cpu::tBMI2);
  }();
  return yes;
}

} // namespace

std::unique_ptr<VectorLoop> VectorLoop::compile(const std::vector<VectorNode>& body,
                                                const std::vector<int>& columnSums,
                                                int columnVectors) {
  if (!cpuRuns() || sumRegisters(columnSums.size(), columnVectors) >= kValueRegisters)
    return nullptr;
  bool computes = !columnSums.empty();
  for (const VectorNode& node : body) {
    if (node.role != Role::Compute) continue;
    if (!compiled(node)) return nullptr;
    computes = true;
  }
  if (!computes) return nullptr;
  for (bool hoisted : {true, false})
    if (auto reg = allocate(body, columnSums, columnVectors, hoisted))
      return std::make_unique<CompiledLoop>(body, *reg, columnSums, columnVectors, hoisted);
  return nullptr;
}

#else

std::unique_ptr<VectorLoop> VectorLoop::compile(const std::vector<VectorNode>&,
                                                const std::vector<int>&, int) {
  return nullptr;
}

#endif

} // namespace hlotrain::cpu::plan

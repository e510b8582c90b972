#include "support/Sha256.h"

#include <bit>

namespace hlotrain {

namespace {

constexpr std::array<uint32_t, 64> kRoundConstants = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

} // namespace

// FIPS 180-4 §6.2.2: the message schedule, then 64 rounds, then the sum into the state.
void Sha256::compressBlock() {
  std::array<uint32_t, 64> w;
  for (int t = 0; t < 16; ++t)
    w[t] = uint32_t(block_[4 * t]) << 24 | uint32_t(block_[4 * t + 1]) << 16 |
           uint32_t(block_[4 * t + 2]) << 8 | uint32_t(block_[4 * t + 3]);
  for (int t = 16; t < 64; ++t) {
    uint32_t s0 = std::rotr(w[t - 15], 7) ^ std::rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
    uint32_t s1 = std::rotr(w[t - 2], 17) ^ std::rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
  auto [a, b, c, d, e, f, g, h] = state_;
  for (int t = 0; t < 64; ++t) {
    uint32_t sigma1 = std::rotr(e, 6) ^ std::rotr(e, 11) ^ std::rotr(e, 25);
    uint32_t choose = (e & f) ^ (~e & g);
    uint32_t t1 = h + sigma1 + choose + kRoundConstants[t] + w[t];
    uint32_t sigma0 = std::rotr(a, 2) ^ std::rotr(a, 13) ^ std::rotr(a, 22);
    uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
    uint32_t t2 = sigma0 + majority;
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  const std::array<uint32_t, 8> rounds = {a, b, c, d, e, f, g, h};
  for (int i = 0; i < 8; ++i) state_[i] += rounds[i];
}

Sha256& Sha256::update(std::string_view bytes) {
  totalBytes_ += bytes.size();
  for (char byte : bytes) {
    block_[blockUsed_++] = static_cast<uint8_t>(byte);
    if (blockUsed_ == block_.size()) {
      compressBlock();
      blockUsed_ = 0;
    }
  }
  return *this;
}

// FIPS 180-4 §5.1.1: a 1 bit, zeros up to 56 bytes into a block, the bit length big-endian.
std::string Sha256::hexDigest() const {
  Sha256 padded = *this;
  const uint64_t bitLength = totalBytes_ * 8;
  padded.update(std::string_view("\x80", 1));
  while (padded.blockUsed_ != 56) padded.update(std::string_view("\0", 1));
  char length[8];
  for (int i = 0; i < 8; ++i) length[i] = static_cast<char>(bitLength >> (56 - 8 * i));
  padded.update(std::string_view(length, 8));

  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (uint32_t word : padded.state_)
    for (int shift = 28; shift >= 0; shift -= 4) hex += kHex[(word >> shift) & 0xf];
  return hex;
}

} // namespace hlotrain

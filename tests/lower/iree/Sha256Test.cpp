// support/Sha256 against the FIPS 180-2 test vectors (appendix B), and fed in pieces. It lives
// here, beside its first user, because support/ has no test target of its own.

#include <gtest/gtest.h>

#include <string>

#include "support/Sha256.h"

using namespace hlotrain;

namespace {

TEST(Sha256Test, Fips180Vectors) {
  EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256Hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// Pieces that straddle the 64-byte block and the 56-byte padding boundary give the digest of
// the whole, and taking a digest midway does not disturb the hash.
TEST(Sha256Test, PiecesHashLikeTheWhole) {
  const std::string message(1000000, 'a');
  Sha256 hash;
  size_t at = 0;
  for (size_t piece : {1, 54, 1, 1, 7, 63, 64, 65, 128}) {
    hash.update(std::string_view(message).substr(at, piece));
    at += piece;
    EXPECT_EQ(hash.hexDigest(), sha256Hex(message.substr(0, at)));
  }
  hash.update(std::string_view(message).substr(at));
  EXPECT_EQ(hash.hexDigest(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

} // namespace

#pragma once
// NumPy .npy (format 1.0/2.0/3.0, little-endian, C order) <-> Tensor, so other tools can feed
// and read hlotrain's inputs and outputs.
//
// Element types: f32 '<f4', f64 '<f8', f16 '<f2', i1 '|b1', iN '<iK', uiN '<uK'. bf16 has no
// NumPy dtype; we follow ml_dtypes (the bfloat16 of JAX and TensorFlow), whose arrays np.save
// writes as '<V2' (2-byte void, the raw little-endian bits): written as '<V2', read from '<V2',
// '|V2' and 'bfloat16'. Loaded with plain NumPy such a file is a void array; with ml_dtypes,
// `np.load(p).view(ml_dtypes.bfloat16)` gives the values. Every 2-byte void is taken as bf16.

#include <cstdint>
#include <string>
#include <string_view>

#include "ir/Tensor.h"
#include "support/AtomicFile.h"

namespace hlotrain::ir {

// Throws ParseError naming the path and what was wrong (magic, header, dtype, length).
Tensor readNpy(const std::string& path);
// The same from a .npy file's bytes; `where` names it in errors (an .npz member: "a.npz: x.npy").
Tensor parseNpy(std::string_view file, const std::string& where);
// Writes atomically (temp file + rename). Throws RuntimeError on I/O failure.
void writeNpy(const std::string& path, const Tensor& tensor);

// Writes a .npy file of `type` piece by piece, so an array larger than memory can be written as
// it is produced: the data go to a temporary beside `path`, renamed into place by commit() once
// every byte has come; without commit() (an exception on the way) the temporary is removed and
// nothing is left behind.
class NpyWriter {
public:
  // Throws RuntimeError when the temporary cannot be created.
  NpyWriter(std::string path, const TensorType& type);
  ~NpyWriter();
  NpyWriter(const NpyWriter&) = delete;
  NpyWriter& operator=(const NpyWriter&) = delete;

  // The next `count` bytes of the row-major data. Throws RuntimeError past the end or on I/O
  // failure.
  void append(const void* bytes, size_t count);
  // Throws RuntimeError unless exactly type.byteSize() bytes were appended, or on I/O failure.
  void commit();

private:
  AtomicFile file_;
  uint64_t expected_ = 0, written_ = 0;
};

} // namespace hlotrain::ir

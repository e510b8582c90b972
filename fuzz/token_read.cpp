// The language-model inputs on arbitrary bytes: as a token file (data::readTokenFile: what it
// accepts writes back to the same bytes), as a UTF-8 text (data::decodeCharacterText: what it
// accepts encodes back to the same bytes) and as a run's vocabulary file (readVocabularyFile).

#include <cstdlib>
#include <string>

#include "data/Text.h"
#include "data/TokenFile.h"
#include "fuzz/Scratch.h"

using namespace hlotrain;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = fuzz::writeScratch("input.tok", {data, size});
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  fuzz::expectTypedErrors([&] {
    const data::TokenFile file = data::readTokenFile(path);
    const int width = bytes[12];
    const std::string copy = (fuzz::scratchDir() / "copy.tok").string();
    data::writeTokenFile(copy, file.vocabulary, width, file.ids);
    if (data::readTokenFile(copy).ids != file.ids) std::abort();
  });
  fuzz::expectTypedErrors([&] {
    const data::CharacterText text = data::decodeCharacterText(bytes, "input.txt");
    std::string encoded;
    for (int32_t id : text.ids) encoded += data::encodeUtf8(text.vocabulary.at(size_t(id)));
    if (encoded != bytes) std::abort();
  });
  fuzz::expectTypedErrors([&] { data::readVocabularyFile(path); });
  return 0;
}

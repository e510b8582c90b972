#include "nn/Zoo.h"

#include <cctype>

#include "support/Error.h"

namespace hlotrain::nn {

namespace {

// An LM's spec for the vocabulary of token input `in` (its own for image input).
NetSpec withVocabulary(const NetSpec& lm, const InputGeometry& in) {
  if (!in.tokens()) return lm;
  NetSpec spec = lm;
  spec.input.vocabulary = in.vocabulary;
  spec.numClasses = in.vocabulary;
  spec.layers.back() = dense(in.vocabulary);
  return spec;
}

// A zoo net, and how to build it for other inputs when it takes any input of its kind.
struct Entry {
  NetSpec (*standard)();
  NetSpec (*fitted)(const InputGeometry&) = nullptr;
};

const std::vector<Entry>& entries() {
  static const std::vector<Entry> table = {
      {mnistLinear},
      {mnistMlp},
      {mnistCnn},
      {cifar10Bn},
      {[] { return resNet18(); }},
      {[] { return resNet34(); }},
      {[] { return resNet50(); }},
      {[] { return mobileNetV2(); }},
      {[] { return unetBrats(); },
       [](const InputGeometry& in) {
         return in.height == in.width ? unetBrats(in.channels, in.height) : unetBrats();
       }},
      {[] { return r34Yolov1(); },
       [](const InputGeometry& in) {
         return in.height == in.width ? r34Yolov1(in.height) : r34Yolov1();
       }},
      {vitTiny},
      {convNextTiny},
      {efficientNetB0},
      {efficientNetV2S},
      {mobileNetV3Large},
      {mobileNetV4ConvS},
      // A language model takes the vocabulary of its text (the characters it holds).
      {gptNano, [](const InputGeometry& in) { return withVocabulary(gptNano(), in); }},
      {gptTiny, [](const InputGeometry& in) { return withVocabulary(gptTiny(), in); }},
  };
  return table;
}

const Entry& entryByName(std::string_view name) {
  std::string known;
  for (const Entry& entry : entries()) {
    if (cliName(entry.standard()) == name) return entry;
    known += (known.empty() ? "" : ", ") + cliName(entry.standard());
  }
  throw RuntimeError("unknown net '" + std::string(name) + "' (known: " + known + ")");
}

} // namespace

std::vector<NetSpec> zoo() {
  std::vector<NetSpec> nets;
  for (const Entry& entry : entries()) nets.push_back(entry.standard());
  return nets;
}

std::string cliName(std::string_view specName) {
  std::string name;
  for (char c : specName) name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

std::string cliName(const NetSpec& spec) {
  return cliName(spec.name);
}

NetSpec netByName(std::string_view name) {
  return entryByName(name).standard();
}

NetSpec netByName(std::string_view name, const InputGeometry& input) {
  const Entry& entry = entryByName(name);
  return entry.fitted ? entry.fitted(input) : entry.standard();
}

} // namespace hlotrain::nn

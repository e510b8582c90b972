#include "nn/Zoo.h"

#include <cctype>

#include "support/Error.h"

namespace hlotrain::nn {

namespace {

// A zoo net, and how to build it for other inputs when it takes any input of its kind; a
// language model, its sizes (which the input and an LmShape change).
struct Entry {
  NetSpec (*standard)();
  NetSpec (*fitted)(const InputGeometry&) = nullptr;
  const GptSize* lm = nullptr;
};

int64_t orOwn(int64_t given, int64_t own) {
  return given > 0 ? given : own;
}

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
      {gptNano, nullptr, &kGptNano},
      {gptTiny, nullptr, &kGptTiny},
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

std::string lmNames() {
  std::string names;
  for (const Entry& entry : entries())
    if (entry.lm) names += (names.empty() ? "" : ", ") + cliName(entry.standard());
  return names;
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

NetSpec netByName(std::string_view name, const InputGeometry& input, const LmShape& shape) {
  const Entry& entry = entryByName(name);
  if (entry.lm) {
    const GptSize& own = *entry.lm;
    const GptSize size{orOwn(input.vocabulary, own.vocabulary),
                       orOwn(input.context, own.context),
                       orOwn(shape.width, own.width),
                       orOwn(shape.heads, own.heads),
                       orOwn(shape.mlp, own.mlp),
                       orOwn(shape.layers, own.blocks),
                       shape.tied || own.tied,
                       shape.rotary || own.rotary,
                       orOwn(shape.queryBlock, own.queryBlock)};
    if (size.width % size.heads != 0)
      throw RuntimeError(std::to_string(size.heads) + " heads do not divide the width " +
                         std::to_string(size.width));
    return gpt(entry.standard().name, size);
  }
  if (shape.given())
    throw RuntimeError(std::string(name) + " is not a language model: its shape is its own (" +
                       lmNames() +
                       " take a width, heads, layers, an MLP width, a tied head and RoPE)");
  return entry.fitted ? entry.fitted(input) : entry.standard();
}

} // namespace hlotrain::nn

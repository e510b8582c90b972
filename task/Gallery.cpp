// The samples a report shows of an evaluation: which records, their inputs as pictures, the
// masks overlaid. What each task adds of a record is its own (task/<Task>.cpp).

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>

#include "support/Error.h"
#include "support/Png.h"
#include "task/Tasks.h"

namespace hlotrain::task {
namespace {

// Records 0, n/k, 2n/k, …: spread over the split, which stores a case's or a class's records
// side by side.
std::vector<int64_t> chosenRecords(int64_t n) {
  std::vector<int64_t> chosen;
  const int64_t k = std::min(n, kGallerySamples);
  for (int64_t i = 0; i < k; ++i) chosen.push_back(i * n / k);
  return chosen;
}

Picture pictureOf(std::span<const float> input, const data::DatasetIO& io) {
  const data::InputShape shape = io.inputShape();
  const std::vector<int64_t> channels = io.pictureChannels();
  Picture p{shape.width, shape.height, static_cast<int>(channels.size()), {}};
  const size_t plane = static_cast<size_t>(shape.width * shape.height);
  p.pixels.resize(plane * channels.size());
  for (size_t k = 0; k < channels.size(); ++k) {
    const std::span<const float> values =
        input.subspan(static_cast<size_t>(channels[k]) * plane, plane);
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    const float range = *hi - *lo;
    for (size_t i = 0; i < plane; ++i) {
      const float v = range > 0 ? (values[i] - *lo) / range : 0.f;
      p.pixels[i * channels.size() + k] =
          static_cast<uint8_t>(std::clamp(v, 0.f, 1.f) * 255.f + .5f);
    }
  }
  return p;
}

class SampleGallery final : public Gallery {
public:
  SampleGallery(const data::DatasetIO& io, const data::Dataset& set, std::string_view task,
                DrawSample draw, std::string fields)
      : io_(io), task_(task), draw_(std::move(draw)), fields_(std::move(fields)),
        chosen_(chosenRecords(set.size())) {
    const data::InputShape shape = io.inputShape();
    inputElements_ = static_cast<size_t>(shape.channels * shape.height * shape.width);
  }

  void add(std::span<const float> inputs, std::span<const float> logits,
           std::span<const int32_t> labels, std::span<const int64_t> records) override {
    const size_t rows = inputs.size() / inputElements_;
    if (rows == 0 || rows < records.size() || rows * inputElements_ != inputs.size() ||
        logits.size() % rows != 0 || labels.size() % rows != 0)
      throw RuntimeError("a gallery batch of " + std::to_string(records.size()) + " records got " +
                         std::to_string(inputs.size()) + " inputs, " +
                         std::to_string(logits.size()) + " logits and " +
                         std::to_string(labels.size()) + " label words");
    const size_t logitsRow = logits.size() / rows, labelsRow = labels.size() / rows;
    for (size_t r = 0; r < records.size(); ++r) {
      if (!std::binary_search(chosen_.begin(), chosen_.end(), records[r]) ||
          samples_.count(records[r]))
        continue;
      const Picture input = pictureOf(inputs.subspan(r * inputElements_, inputElements_), io_);
      samples_[records[r]] = "{\"record\":" + std::to_string(records[r]) + ",\"image\":\"" +
                             pngUri(input) + "\"" +
                             draw_(input, logits.subspan(r * logitsRow, logitsRow),
                                   labels.subspan(r * labelsRow, labelsRow)) +
                             "}";
    }
  }

  std::string jsonFields() const override {
    std::string out = "\"task\":\"" + task_ + "\"" + fields_ + ",\"samples\":[";
    bool first = true;
    for (const auto& [record, json] : samples_) {
      out += (first ? "" : ",") + json;
      first = false;
    }
    return out + "]";
  }

private:
  const data::DatasetIO& io_;
  std::string task_;
  DrawSample draw_;
  std::string fields_;
  std::vector<int64_t> chosen_; // ascending
  size_t inputElements_ = 0;
  std::map<int64_t, std::string> samples_;
};

} // namespace

std::unique_ptr<Gallery> makeGallery(const data::DatasetIO& io, const data::Dataset& set,
                                     std::string_view task, DrawSample draw, std::string fields) {
  return std::make_unique<SampleGallery>(io, set, task, std::move(draw), std::move(fields));
}

std::string pngUri(const Picture& picture) {
  return pngDataUri(picture.width, picture.height, picture.channels, picture.pixels);
}

namespace {

// Class 1, 2, 3 (BraTS: oedema, necrotic core, enhancing tumour) green, red, yellow; further
// classes blue, magenta, cyan, then again.
constexpr std::array<std::array<int, 3>, 6> kColours = {
    {{46, 204, 64}, {255, 65, 54}, {255, 220, 0}, {0, 116, 217}, {240, 18, 190}, {57, 204, 204}}};

} // namespace

std::string overlayColoursJson(int64_t numClasses) {
  std::string out = ",\"colours\":[";
  for (int64_t c = 1; c < numClasses; ++c) {
    const std::array<int, 3>& rgb = kColours[static_cast<size_t>(c - 1) % kColours.size()];
    char hex[16];
    std::snprintf(hex, sizeof hex, "\"#%02x%02x%02x\"", rgb[0], rgb[1], rgb[2]);
    out += (c > 1 ? "," : "") + std::string(hex);
  }
  return out + "]";
}

Picture overlayClasses(const Picture& picture, std::span<const int32_t> classes) {
  const size_t n = static_cast<size_t>(picture.width * picture.height);
  if (classes.size() != n)
    throw RuntimeError("an overlay of " + std::to_string(classes.size()) + " classes on a " +
                       std::to_string(picture.width) + "x" + std::to_string(picture.height) +
                       " picture");
  Picture out{picture.width, picture.height, 3, std::vector<uint8_t>(3 * n)};
  for (size_t i = 0; i < n; ++i)
    for (size_t k = 0; k < 3; ++k) {
      const int grey =
          picture
              .pixels[i * static_cast<size_t>(picture.channels) + (picture.channels == 3 ? k : 0)];
      const int32_t c = classes[i];
      out.pixels[3 * i + k] =
          c <= 0
              ? static_cast<uint8_t>(grey)
              : static_cast<uint8_t>(
                    (grey * 2 + kColours[static_cast<size_t>(c - 1) % kColours.size()][k] * 3) / 5);
    }
  return out;
}

} // namespace hlotrain::task

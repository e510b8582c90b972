// The galleries: which records they draw, their pictures (each channel stretched over the
// record), the masks overlaid and the boxes listed; and classification's confusion matrix.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "data/Visdrone.h"
#include "support/Png.h"
#include "task/Task.h"
#include "tests/task/OneCar.h"

using namespace hlotrain;

namespace {

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A split of `n` records of the dataset's geometry (only its size matters to a gallery).
data::Dataset splitOf(int64_t n) {
  return data::Dataset(data::Geometry{1, 1, 1, {}, 1, 10},
                       std::vector<uint8_t>(static_cast<size_t>(n)),
                       std::vector<uint8_t>(static_cast<size_t>(n)));
}

// 20 MNIST records in one batch of 24 rows (4 padding): the gallery draws records 0, 2, 5, 7,
// 10, 12, 15, 17 (i·20/8), each its truth, its argmax and its picture: the inputs of a record
// are 0 … 783 (plus the record), so the picture is pixel i = round(255·i/783).
TEST(GalleryTest, ClassificationDrawsEvenlySpreadRecordsWithTruthAndPrediction) {
  const data::DatasetIO& io = data::datasetIO(data::DatasetKind::mnist);
  const data::Dataset set = splitOf(20);
  std::unique_ptr<task::Gallery> g = task::taskOf(io).gallery(io, set, {});
  std::vector<float> inputs, logits(24 * 10, 0.f);
  std::vector<int32_t> labels(24);
  std::vector<int64_t> records;
  for (int64_t r = 0; r < 24; ++r) {
    for (int i = 0; i < 784; ++i) inputs.push_back(float(i + r));
    labels[size_t(r)] = int32_t(r % 10);
    logits[size_t(r * 10 + (r * 3) % 10)] = 1.f;
    if (r < 20) records.push_back(r);
  }
  g->add(inputs, logits, labels, records);
  const std::string json = g->jsonFields();
  EXPECT_EQ(json.rfind("\"task\":\"classification\",\"samples\":[{\"record\":0,\"image\":\"", 0),
            0u)
      << json.substr(0, 200);
  EXPECT_EQ(count(json, "\"record\":"), 8u);
  std::vector<uint8_t> picture(784);
  for (int i = 0; i < 784; ++i) picture[size_t(i)] = uint8_t(std::lround(255.0 * i / 783));
  const std::string uri = pngDataUri(28, 28, 1, picture);
  EXPECT_EQ(count(json, uri), 8u); // every record's inputs stretch to the same picture
  for (int64_t r : {0, 2, 5, 7, 10, 12, 15, 17})
    EXPECT_NE(json.find("{\"record\":" + std::to_string(r) + ",\"image\":\"" + uri +
                        "\",\"truth\":" + std::to_string(r % 10) +
                        ",\"predicted\":" + std::to_string((r * 3) % 10) + "}"),
              std::string::npos)
        << r;
  EXPECT_EQ(json.find("\"record\":1,"), std::string::npos);
}

TEST(GalleryTest, ASmallSplitIsDrawnWhole) {
  const data::DatasetIO& io = data::datasetIO(data::DatasetKind::mnist);
  const data::Dataset set = splitOf(3);
  std::unique_ptr<task::Gallery> g = task::taskOf(io).gallery(io, set, {});
  const std::vector<float> inputs(3 * 784, 0.5f), logits(30, 0.f);
  const std::vector<int32_t> labels = {1, 2, 3};
  const int64_t records[] = {0, 1, 2};
  g->add(inputs, logits, labels, records);
  EXPECT_EQ(count(g->jsonFields(), "\"record\":"), 3u);
  // A flat record is black, not a division by zero.
  EXPECT_NE(g->jsonFields().find(pngDataUri(28, 28, 1, std::vector<uint8_t>(784, 0))),
            std::string::npos);
}

// BraTS at side 2: the picture is FLAIR of the centre slice (channel K), the truth and the
// prediction overlaid in the colours the gallery lists.
TEST(GalleryTest, SegmentationOverlaysTruthAndPredictionOnTheFlairSlice) {
  const data::DatasetIO& io = data::datasetIO({data::DatasetKind::brats25d, 1, 2});
  ASSERT_EQ(io.pictureChannels(), std::vector<int64_t>{1});
  const data::Dataset set = splitOf(1);
  std::unique_ptr<task::Gallery> g = task::taskOf(io).gallery(io, set, {});
  std::vector<float> inputs(12 * 4, 0.f);
  for (int p = 0; p < 4; ++p) inputs[size_t(1 * 4 + p)] = float(p); // channel 1: 0, 1, 2, 3
  std::vector<float> logits(4 * 4, 0.f);
  for (int p = 0; p < 4; ++p) logits[size_t(((3 - p) % 4) * 4 + p)] = 1.f; // predicted 3,2,1,0
  const std::vector<int32_t> labels = {0, 1, 2, 3};
  const int64_t records[] = {0};
  g->add(inputs, logits, labels, records);
  const std::string json = g->jsonFields();
  EXPECT_EQ(json.rfind("\"task\":\"segmentation\",\"colours\":[\"#2ecc40\",\"#ff4136\","
                       "\"#ffdc00\"],\"samples\":[",
                       0),
            0u)
      << json.substr(0, 200);
  const std::vector<uint8_t> grey = {0, 85, 170, 255};
  const int colours[4][3] = {{0, 0, 0}, {46, 204, 64}, {255, 65, 54}, {255, 220, 0}};
  const auto overlaid = [&](const std::vector<int>& classes) {
    std::vector<uint8_t> rgb;
    for (size_t p = 0; p < 4; ++p)
      for (int k = 0; k < 3; ++k)
        rgb.push_back(classes[p] == 0 ? grey[p]
                                      : uint8_t((grey[p] * 2 + colours[classes[p]][k] * 3) / 5));
    return pngDataUri(2, 2, 3, rgb);
  };
  EXPECT_NE(json.find("\"image\":\"" + pngDataUri(2, 2, 1, grey) + "\",\"truth\":\"" +
                      overlaid({0, 1, 2, 3}) + "\",\"predicted\":\"" + overlaid({3, 2, 1, 0}) +
                      "\"}"),
            std::string::npos)
      << json;
}

// The car the head finds (raw confidence 5) is listed with its box; the 48 cells at -5 are
// below 0.25 and left out; the truth is the record's listed box.
TEST(GalleryTest, DetectionListsTheTrueBoxesAndTheConfidentDetections) {
  const data::DatasetIO& io = data::datasetIO(data::DatasetKind::visdrone);
  const data::LabelBox car{3, 0.125f, 0.125f, 0.25f, 0.25f};
  const task::testing::OneCar record = task::testing::oneCar(car);
  const std::vector<float> inputs(3 * 224 * 224, 0.f);
  const data::Dataset set = splitOf(1);
  std::unique_ptr<task::Gallery> g = task::taskOf(io).gallery(io, set, {});
  const int64_t records[] = {0};
  g->add(inputs, record.head, record.words, records);
  const std::string json = g->jsonFields();
  EXPECT_NE(json.find("\"truth\":[[3,0.125,0.125,0.25,0.25]],\"predicted\":[[3,5,0.125,0.125,"
                      "0.25,0.25]]}]"),
            std::string::npos)
      << json.substr(json.find("\"truth\""));
}

TEST(GalleryTest, ClassificationCountsItsConfusionMatrix) {
  const data::DatasetIO& io = data::datasetIO(data::DatasetKind::mnist);
  const data::Dataset set = splitOf(3);
  std::unique_ptr<task::Evaluation> e = task::taskOf(io).evaluation(io, set, {});
  std::vector<float> logits(4 * 10, 0.f);
  logits[0 * 10 + 2] = 1; // truth 2, predicted 2
  logits[1 * 10 + 5] = 1; // truth 2, predicted 5
  logits[2 * 10 + 0] = 1; // truth 9, predicted 0
  logits[3 * 10 + 9] = 1; // padding
  const std::vector<int32_t> labels = {2, 2, 9, 9};
  const int64_t records[] = {0, 1, 2};
  e->add(logits, labels, records);
  const std::string json = task::jsonFields(e->scores());
  std::string matrix = "[";
  for (int g = 0; g < 10; ++g) {
    matrix += g ? ",[" : "[";
    for (int p = 0; p < 10; ++p)
      matrix += std::string(p ? "," : "") +
                ((g == 2 && (p == 2 || p == 5)) || (g == 9 && p == 0) ? "1" : "0");
    matrix += "]";
  }
  EXPECT_EQ(json,
            "\"accuracy\":0.333333333,\"correct\":1,\"total\":3,\"confusion\":" + matrix + "]");
}

} // namespace

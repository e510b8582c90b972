#pragma once
// Run artifacts for the report tests: a scratch directory, and metrics records of each task
// spelled exactly as train/MetricsLog.cpp and task/Task.cpp write them (tests/cli's
// ReportCommandTest produces them with MetricsLog itself and a real training run).

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/Png.h"

namespace hlotrain::report::testing {

class RunScratch : public ::testing::Test {
protected:
  std::filesystem::path dir;

  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir = std::filesystem::temp_directory_path() /
          ("hlotrain_report_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" +
           std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  // Writes `text` to `name` in the scratch directory and returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream out(dir / name, std::ios::binary);
    out << text;
    return (dir / name).string();
  }
  static std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
};

inline const char* kClassificationLog =
    R"({"type":"epoch","epoch":1,"step":468,"steps":468,"skipped":0,"loss":1.23155312,"lr":0.00100000005,"seconds":0.132774623,"images_per_s":451170.552}
{"type":"eval","epoch":1,"step":468,"accuracy":0.7733,"correct":7733,"total":10000,"seconds":0.012773592}
{"type":"epoch","epoch":2,"step":936,"steps":468,"skipped":0,"loss":0.581538527,"lr":0.000750000007,"seconds":0.132783746,"images_per_s":451139.554}
{"type":"eval","epoch":2,"step":936,"accuracy":0.816,"correct":8160,"total":10000,"seconds":0.007652824}
)";

inline const char* kSegmentationLog =
    R"({"type":"epoch","epoch":1,"step":2,"steps":2,"skipped":0,"loss":1.875,"lr":0.001,"seconds":3.5,"images_per_s":1.14285714}
{"type":"eval","epoch":1,"step":2,"dice":{"WT":0.5,"TC":0.25,"ET":null},"dice_mean":0.375,"dice_per_case":{"WT":0.4,"TC":0.2,"ET":0.1},"cases":2,"iou":[0.9,0.3,0.1,0],"miou":0.325,"confusion":[[900,50,30,20],[10,60,20,10],[5,5,10,0],[0,0,0,0]],"seconds":1.5}
{"type":"epoch","epoch":2,"step":4,"steps":2,"skipped":1,"loss":null,"lr":0.0005,"seconds":3.25,"images_per_s":1.23076923}
{"type":"eval","epoch":2,"step":4,"dice":{"WT":0.625,"TC":0.5,"ET":0.125},"dice_mean":0.416666667,"dice_per_case":null,"cases":0,"iou":[0.95,0.4,0.2,0.1],"miou":0.4125,"confusion":[[950,30,10,10],[10,70,10,10],[2,3,14,1],[0,0,1,1]],"seconds":1.25}
)";

// The classification record since it counts a confusion matrix (3 classes here).
inline const char* kClassificationConfusionLog =
    R"({"type":"epoch","epoch":1,"step":10,"steps":10,"skipped":0,"loss":0.9,"lr":0.001,"seconds":1,"images_per_s":1280}
{"type":"eval","epoch":1,"step":10,"accuracy":0.75,"correct":6,"total":8,"confusion":[[3,1,0],[0,2,0],[1,0,1]],"seconds":0.5}
)";

// A `_samples.json` as task/Gallery.cpp writes it: `n` samples of the task, each picture an 8x8
// PNG of one bright colour (segmentation's overlays green and red, so a screenshot shows them).
inline std::string samplesJson(const std::string& task, int n) {
  const auto picture = [](uint8_t r, uint8_t g, uint8_t b) {
    std::vector<uint8_t> rgb;
    for (int i = 0; i < 64; ++i) rgb.insert(rgb.end(), {r, g, b});
    return "\"" + hlotrain::pngDataUri(8, 8, 3, rgb) + "\"";
  };
  std::string out =
      "{\"type\":\"samples\",\"epoch\":2,\"step\":4,\"task\":\"" + task + "\"" +
      (task == "segmentation" ? ",\"colours\":[\"#2ecc40\",\"#ff4136\",\"#ffdc00\"]" : "") +
      ",\"samples\":[";
  for (int i = 0; i < n; ++i) {
    out += (i ? ",{" : "{") + std::string("\"record\":") + std::to_string(i * 3) +
           ",\"image\":" + picture(90, 90, 90);
    if (task == "classification")
      out += ",\"truth\":" + std::to_string(i % 3) + ",\"predicted\":" + std::to_string(i % 2);
    else if (task == "segmentation")
      out += ",\"truth\":" + picture(46, 204, 64) + ",\"predicted\":" + picture(255, 65, 54);
    else
      out += ",\"truth\":[[3,0.1,0.1,0.5,0.4]],\"predicted\":[[3,0.875,0.12,0.1,0.5,0.45],"
             "[0,0.5,0.6,0.6,0.9,0.9]]";
    out += "}";
  }
  return out + "]}\n";
}

inline const char* kDetectionLog =
    R"({"type":"epoch","epoch":1,"step":2,"steps":2,"skipped":0,"loss":61.25,"lr":0.01,"seconds":2.5,"images_per_s":1.6}
{"type":"eval","epoch":1,"step":2,"map50":0.125,"map":0.05,"ap50":[0.5,null,0,0,0,0,0,0,0,0],"detections":147,"ground_truths":12,"seconds":0.8}
)";

} // namespace hlotrain::report::testing

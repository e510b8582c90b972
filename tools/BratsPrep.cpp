#include "tools/BratsPrep.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <span>
#include <string_view>

#include "data/Brats.h"
#include "data/Random.h"
#include "support/AtomicFile.h"
#include "support/Error.h"
#include "support/Progress.h"
#include "tools/CountedFile.h"
#include "tools/Nifti.h"
#include "tools/ToolMain.h"

namespace hlotrain::tools {
namespace {

namespace fs = std::filesystem;

constexpr uint8_t kBackgroundByte = 128; // quantise(0)

const char* const kUsage =
    "usage: hlotrain-brats-prep SRC OUT [--size 240|224] [--context K] [--val-fraction 0.15]\n"
    "                           [--seed S]\n"
    "  SRC is an MSD Task01_BrainTumour folder (dataset.json, imagesTr/, labelsTr/); writes\n"
    "  OUT/train.bin, OUT/val.bin and OUT/val_cases.bin (FORMATS.md, BraTS). --context K > 0\n"
    "  stores slices z-K..z+K of each modality (2.5D); the split is by patient, seeded.\n";

struct Case {
  std::string name;
  fs::path image, label;
};

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

void checkOptions(const BratsOptions& options) {
  if (options.size != 240 && options.size != 224)
    throw ConfigError("--size must be 240 or 224, not " + std::to_string(options.size));
  if (options.context < 0 || options.context > data::kBratsMaxContext)
    throw ConfigError("--context must be in [0, " + std::to_string(data::kBratsMaxContext) +
                      "], not " + std::to_string(options.context));
  if (!(options.valFraction > 0 && options.valFraction < 1))
    throw ConfigError("--val-fraction must be in (0, 1), not " + number(options.valFraction));
}

// "BRATS_001" from ".../BRATS_001.nii.gz"; empty when the name has neither NIfTI suffix.
std::string caseName(const std::string& imagePath) {
  const std::string file = fs::path(imagePath).filename().string();
  for (const std::string_view suffix : {".nii.gz", ".nii"})
    if (file.size() > suffix.size() && file.ends_with(suffix))
      return file.substr(0, file.size() - suffix.size());
  return "";
}

// The "training" entries of SRC/dataset.json, sorted by case name.
std::vector<Case> readCases(const fs::path& src) {
  const std::string path = (src / "dataset.json").string();
  std::error_code ec;
  if (!fs::is_regular_file(path, ec))
    throw ParseError(path + ": not a regular file (expected MSD's dataset.json)");
  std::ifstream in(path);
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw ParseError(path + ": not valid JSON (" + e.what() + ")");
  }
  const auto training = doc.is_object() ? doc.find("training") : doc.end();
  if (training == doc.end() || !training->is_array())
    throw ParseError(path + ": no \"training\" list (expected an array of {\"image\", \"label\"} " +
                     "objects)");
  std::vector<Case> cases;
  std::map<std::string, size_t> entryOf;
  for (size_t i = 0; i < training->size(); ++i) {
    const nlohmann::json& entry = (*training)[i];
    auto relative = [&](const char* key) {
      const auto field = entry.is_object() ? entry.find(key) : entry.end();
      if (field == entry.end() || !field->is_string())
        throw ParseError(path + ": training entry " + std::to_string(i) + " has no \"" + key +
                         "\" path (expected a string)");
      return field->get<std::string>();
    };
    const std::string image = relative("image"), label = relative("label");
    const std::string name = caseName(image);
    if (name.empty())
      throw ParseError(path + ": training entry " + std::to_string(i) + " image \"" + image +
                       "\" is not a NIfTI file (expected a name ending in .nii.gz or .nii)");
    if (auto [it, fresh] = entryOf.emplace(name, i); !fresh)
      throw ParseError(path + ": case " + name + " appears twice (training entries " +
                       std::to_string(it->second) + " and " + std::to_string(i) + ")");
    cases.push_back({name, (src / image).lexically_normal(), (src / label).lexically_normal()});
  }
  std::sort(cases.begin(), cases.end(),
            [](const Case& a, const Case& b) { return a.name < b.name; });
  return cases;
}

// isVal[c] for case c of the sorted list: the first nVal positions of the seeded permutation.
std::vector<bool> valCases(int64_t count, double valFraction, uint64_t seed,
                           const std::string& jsonPath) {
  if (count < 2)
    throw ParseError(jsonPath + ": a split by patient needs at least 2 cases (expected at least " +
                     "2 training entries, found " + std::to_string(count) + ")");
  const int64_t nVal =
      std::clamp<int64_t>(std::llround(valFraction * static_cast<double>(count)), 1, count - 1);
  const std::vector<int64_t> order = data::shuffleOrder(count, seed);
  std::vector<bool> isVal(static_cast<size_t>(count), false);
  for (int64_t i = 0; i < nVal; ++i)
    isVal[static_cast<size_t>(order[static_cast<size_t>(i)])] = true;
  return isVal;
}

uint8_t quantise(double z) {
  // nearbyint rounds in the default mode, to nearest with ties to even.
  const double q = std::nearbyint(z * 127.0 / 5.0 + 128.0);
  return static_cast<uint8_t>(std::clamp(q, 0.0, 255.0));
}

// One modality's volume z-scored over its non-zero voxels and quantised (FORMATS.md).
void quantiseModality(std::span<const double> values, std::span<uint8_t> out) {
  double sum = 0;
  int64_t count = 0;
  for (double v : values) {
    if (v == 0) continue;
    sum += v;
    ++count;
  }
  std::fill(out.begin(), out.end(), kBackgroundByte);
  if (count == 0) return;
  const double mean = sum / static_cast<double>(count);
  double squares = 0;
  for (double v : values)
    if (v != 0) squares += (v - mean) * (v - mean);
  const double std = std::sqrt(squares / static_cast<double>(count));
  if (std == 0) return;
  for (size_t i = 0; i < values.size(); ++i)
    if (values[i] != 0) out[i] = quantise((values[i] - mean) / std);
}

// A case's volumes once read and checked: the image quantised per modality ([m][z][y][x]) and
// the label as bytes ([z][y][x]).
struct CaseVolumes {
  int64_t width = 0, height = 0, depth = 0; // X, Y, Z
  std::vector<uint8_t> image;
  std::vector<uint8_t> label;

  size_t sliceOffset(int64_t z) const { return static_cast<size_t>(z * width * height); }
  size_t voxels() const { return static_cast<size_t>(width * height * depth); }
};

CaseVolumes loadCase(const Case& c) {
  CaseVolumes volumes;
  {
    const std::string path = c.label.string();
    const NiftiVolume label = readNifti(path);
    if (label.rank() != 3)
      throw ParseError(path + ": a label volume must be 3-D (expected dims X x Y x Z, found " +
                       niftiShapeText(label.dims) + ")");
    for (size_t i = 0; i < label.values.size(); ++i) {
      const double v = label.values[i];
      if (!(v >= 0 && v < data::kBratsClasses && v == std::floor(v)))
        throw ParseError(path + ": label voxel " + niftiVoxelText(label.dims, i) +
                         " is not an MSD class (expected an integer in 0..3, found " + number(v) +
                         ")");
    }
    volumes.width = label.dims[0];
    volumes.height = label.dims[1];
    volumes.depth = label.dims[2];
    volumes.label.assign(label.values.begin(), label.values.end());
  }
  const std::string path = c.image.string();
  const NiftiVolume image = readNifti(path);
  if (image.rank() != 4 || image.dims[3] != data::kBratsModalities)
    throw ParseError(path + ": not an image of the 4 modalities FLAIR, T1w, T1gd, T2w (expected " +
                     "dims X x Y x Z x 4, found " + niftiShapeText(image.dims) + ")");
  const std::vector<int64_t> labelDims = {volumes.width, volumes.height, volumes.depth};
  if (!std::equal(labelDims.begin(), labelDims.end(), image.dims.begin()))
    throw ParseError(c.label.string() + ": the label's dims differ from its image " + path +
                     " (expected " + niftiShapeText({image.dims.begin(), image.dims.begin() + 3}) +
                     ", found " + niftiShapeText(labelDims) + ")");
  for (size_t i = 0; i < image.values.size(); ++i)
    if (!std::isfinite(image.values[i]))
      throw ParseError(path + ": voxel " + niftiVoxelText(image.dims, i) +
                       " is not finite (expected a finite intensity, found " +
                       number(image.values[i]) + ")");
  const size_t voxels = volumes.voxels();
  volumes.image.resize(voxels * data::kBratsModalities);
  for (size_t m = 0; m < data::kBratsModalities; ++m)
    quantiseModality(std::span(image.values).subspan(m * voxels, voxels),
                     std::span(volumes.image).subspan(m * voxels, voxels));
  return volumes;
}

// The kept slices (FORMATS.md: those with a tumour voxel, then every 2nd), and how many had
// tumour.
std::vector<int64_t> keptSlices(const CaseVolumes& volumes, int64_t& tumourSlices) {
  std::vector<int64_t> tumour;
  const size_t plane = static_cast<size_t>(volumes.width * volumes.height);
  for (int64_t z = 0; z < volumes.depth; ++z) {
    const auto begin = volumes.label.begin() + static_cast<ptrdiff_t>(volumes.sliceOffset(z));
    if (std::any_of(begin, begin + static_cast<ptrdiff_t>(plane), [](uint8_t v) { return v > 0; }))
      tumour.push_back(z);
  }
  tumourSlices = static_cast<int64_t>(tumour.size());
  std::vector<int64_t> kept;
  for (size_t i = 0; i < tumour.size(); i += 2) kept.push_back(tumour[i]);
  return kept;
}

// Where one axis of `dim` voxels lands among `side` stored positions: centered, cropped when
// larger (the first kept voxel is (dim - side) / 2) and padded when smaller.
struct AxisFit {
  int64_t source = 0; // first source voxel shown
  int64_t target = 0; // its stored position
  int64_t count = 0;  // voxels shown
};

AxisFit fitAxis(int64_t dim, int64_t side) {
  if (dim >= side) return {(dim - side) / 2, 0, side};
  return {0, (side - dim) / 2, dim};
}

// Copies the X x Y plane at `slice` into an S x S stored plane already filled with padding.
void placePlane(const uint8_t* slice, int64_t width, AxisFit fx, AxisFit fy, int64_t side,
                uint8_t* plane) {
  for (int64_t y = 0; y < fy.count; ++y)
    std::memcpy(plane + (fy.target + y) * side + fx.target,
                slice + (fy.source + y) * width + fx.source, static_cast<size_t>(fx.count));
}

// Writes `volumes`' record for centre slice z into `record`.
void buildRecord(const CaseVolumes& volumes, int64_t z, const BratsOptions& options,
                 std::vector<uint8_t>& record) {
  const int64_t side = options.size, context = options.context, planeBytes = side * side;
  const AxisFit fx = fitAxis(volumes.width, side), fy = fitAxis(volumes.height, side);
  const int64_t channels = data::bratsChannels(context);
  std::fill(record.begin(), record.begin() + channels * planeBytes, kBackgroundByte);
  std::fill(record.begin() + channels * planeBytes, record.end(), uint8_t{0});
  for (int64_t m = 0; m < data::kBratsModalities; ++m)
    for (int64_t d = -context; d <= context; ++d) {
      const int64_t slice = std::clamp<int64_t>(z + d, 0, volumes.depth - 1);
      const uint8_t* source = volumes.image.data() + static_cast<size_t>(m) * volumes.voxels() +
                              volumes.sliceOffset(slice);
      placePlane(source, volumes.width, fx, fy, side,
                 record.data() + (m * (2 * context + 1) + d + context) * planeBytes);
    }
  placePlane(volumes.label.data() + volumes.sliceOffset(z), volumes.width, fx, fy, side,
             record.data() + channels * planeBytes);
}

int64_t parseInteger(const std::string& option, const std::string& text) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw ConfigError(option + " takes a whole number, not '" + text + "'");
  return value;
}

uint64_t parseSeed(const std::string& text) {
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw ConfigError("--seed takes a non-negative whole number below 2^64, not '" + text + "'");
  return value;
}

double parseFraction(const std::string& text) {
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw ConfigError("--val-fraction takes a number, not '" + text + "'");
  return value;
}

} // namespace

BratsSummary prepareBrats(const std::string& srcDir, const std::string& outDir,
                          const BratsOptions& options, std::ostream& log) {
  checkOptions(options);
  const fs::path src(srcDir), out(outDir);
  const std::vector<Case> cases = readCases(src);
  const std::vector<bool> isVal = valCases(static_cast<int64_t>(cases.size()), options.valFraction,
                                           options.seed, (src / "dataset.json").string());

  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec) throw RuntimeError(out.string() + ": cannot create (" + ec.message() + ")");
  removeStaleTemporaries(out); // of a run of this tool killed while writing
  CountedFile trainFile(out / "train.bin"), valFile(out / "val.bin"),
      valCasesFile(out / "val_cases.bin");

  const int64_t channels = data::bratsChannels(options.context);
  std::vector<uint8_t> record(static_cast<size_t>((channels + 1) * options.size * options.size));
  BratsSummary summary;
  // The case lines are the plain progress; a terminal also gets the rate and the time left.
  CountProgress progress(log, "cases", "done", cases.size(), 0);
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const CaseVolumes volumes = loadCase(c);
    int64_t tumourSlices = 0;
    const std::vector<int64_t> kept = keptSlices(volumes, tumourSlices);
    const int32_t valIndex = static_cast<int32_t>(summary.valCases.size());
    const uint8_t valIndexBytes[4] = {
        static_cast<uint8_t>(valIndex), static_cast<uint8_t>(valIndex >> 8),
        static_cast<uint8_t>(valIndex >> 16), static_cast<uint8_t>(valIndex >> 24)};
    for (int64_t z : kept) {
      buildRecord(volumes, z, options, record);
      (isVal[i] ? valFile : trainFile).write(record);
      if (isVal[i]) valCasesFile.write(valIndexBytes);
    }
    const int64_t keptCount = static_cast<int64_t>(kept.size());
    (isVal[i] ? summary.valCases : summary.trainCases).push_back(c.name);
    int64_t& records = isVal[i] ? summary.valRecords : summary.trainRecords;
    records += keptCount;
    progress.clear();
    log << "[" << i + 1 << "/" << cases.size() << "] " << c.name << " "
        << (isVal[i] ? "val" : "train") << ": " << keptCount << " slices kept (of " << tumourSlices
        << " with tumour), " << records << " " << (isVal[i] ? "val" : "train") << " records so far"
        << std::endl;
    progress.advance(i + 1);
  }
  trainFile.close(summary.trainRecords);
  valFile.close(summary.valRecords);
  valCasesFile.close(summary.valRecords);
  trainFile.commit();
  valFile.commit();
  valCasesFile.commit();
  return summary;
}

int bratsPrepMain(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  static constexpr std::string_view kFlags[] = {"--size", "--context", "--val-fraction", "--seed"};
  return runTool(args, kFlags, "SRC and OUT", kUsage, out, err, [&](const ToolArgs& parsed) {
    BratsOptions options;
    for (const auto& [flag, value] : parsed.flags) {
      if (flag == "--size") options.size = parseInteger(flag, value);
      if (flag == "--context") options.context = parseInteger(flag, value);
      if (flag == "--val-fraction") options.valFraction = parseFraction(value);
      if (flag == "--seed") options.seed = parseSeed(value);
    }
    const BratsSummary s = prepareBrats(parsed.src, parsed.out, options, out);
    const fs::path dir(parsed.out);
    const int64_t channels = data::bratsChannels(options.context);
    out << "wrote " << (dir / "train.bin").string() << " (" << s.trainRecords << " records, "
        << s.trainCases.size() << " cases), " << (dir / "val.bin").string() << " (" << s.valRecords
        << " records, " << s.valCases.size() << " cases) and " << (dir / "val_cases.bin").string()
        << "; a record is " << channels << "x" << options.size << "x" << options.size
        << " image bytes + " << options.size << "x" << options.size << " mask bytes\nval cases:";
    for (size_t i = 0; i < s.valCases.size(); ++i) out << " " << i << "=" << s.valCases[i];
    out << "\n";
  });
}

} // namespace hlotrain::tools

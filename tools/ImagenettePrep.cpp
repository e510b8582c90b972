#include "tools/ImagenettePrep.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <optional>
#include <span>

#include "support/AtomicFile.h"
#include "support/Error.h"
#include "support/Progress.h"
#include "tools/CountedFile.h"
#include "tools/Jpeg.h"
#include "tools/Resize.h"
#include "tools/ToolMain.h"

namespace hlotrain::tools {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kMaxSide = 4096;
constexpr int64_t kMaxClasses = 256; // a label is one byte
constexpr int64_t kProgressEvery = 1000;

const char* const kUsage =
    "usage: hlotrain-imagenette-prep SRC_DIR OUT_DIR [--size-train 256] [--size-val 224]\n"
    "  SRC_DIR holds imagenette2-320's train/<wnid>/*.JPEG and val/<wnid>/*.JPEG;\n"
    "  writes OUT_DIR/train.bin and OUT_DIR/val.bin (images area-resampled to S x S).\n";

struct Source {
  std::string path;
  uint8_t label = 0;
};

bool isJpegName(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".jpeg" || ext == ".jpg";
}

// The sorted names of the subfolders of `dir`, each one class.
std::vector<std::string> classFolders(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw ParseError(dir.string() + ": not a directory (expected one folder per class)");
  std::vector<std::string> names;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir))
    if (entry.is_directory()) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  if (names.empty()) throw ParseError(dir.string() + ": no class folders");
  if (static_cast<int64_t>(names.size()) > kMaxClasses)
    throw ParseError(dir.string() + ": " + std::to_string(names.size()) +
                     " class folders, but a label is one byte (at most 256 classes)");
  return names;
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

// Every JPEG of `dir`'s class folders: classes in order, files sorted by name within each.
std::vector<Source> listImages(const fs::path& dir, const std::vector<std::string>& classes) {
  std::vector<Source> images;
  for (size_t label = 0; label < classes.size(); ++label) {
    std::vector<std::string> files;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir / classes[label]))
      if (entry.is_regular_file() && isJpegName(entry.path()))
        files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    for (std::string& file : files)
      images.push_back({std::move(file), static_cast<uint8_t>(label)});
  }
  if (images.size() > UINT32_MAX)
    throw ParseError(dir.string() + ": " + std::to_string(images.size()) +
                     " images do not fit the u32 record count");
  return images;
}

// One record's pixels: the image at `path` decoded and resampled to 3 planes of side x side.
void decodeResized(const std::string& path, int64_t side, std::span<uint8_t> planes) {
  std::optional<AreaResizer> resizer;
  decodeJpeg(
      path, [&](ImageSize size) { resizer.emplace(size.width, size.height, side, side, 3); },
      [&](std::span<const uint8_t> row) { resizer->addRow(row); });
  resizer->finish(planes);
}

void writeSplit(CountedFile& out, const std::vector<Source>& images, int64_t side,
                const std::string& name, std::ostream& log) {
  const size_t n = images.size();
  std::vector<uint8_t> record(static_cast<size_t>(1 + 3 * side * side));
  CountProgress progress(log, name, "images", n, kProgressEvery);
  for (size_t i = 0; i < images.size(); ++i) {
    record[0] = images[i].label;
    decodeResized(images[i].path, side, std::span(record).subspan(1));
    out.write(record);
    progress.advance(i + 1);
  }
  out.close(static_cast<int64_t>(n));
}

void checkSide(const std::string& option, int64_t side) {
  if (side < 1 || side > kMaxSide)
    throw ConfigError(option + " must be in [1, " + std::to_string(kMaxSide) + "], not " +
                      std::to_string(side));
}

int64_t parseSide(const std::string& option, const std::string& text) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw ConfigError(option + " takes a whole number, not '" + text + "'");
  checkSide(option, value);
  return value;
}

} // namespace

ImagenetteSummary prepareImagenette(const std::string& srcDir, const std::string& outDir,
                                    const ImagenetteOptions& options, std::ostream& log) {
  checkSide("--size-train", options.sizeTrain);
  checkSide("--size-val", options.sizeVal);
  const fs::path src(srcDir), out(outDir);
  ImagenetteSummary summary;
  summary.classes = classFolders(src / "train");
  std::vector<std::string> valClasses = classFolders(src / "val");
  if (valClasses != summary.classes)
    throw ParseError((src / "val").string() + ": expected the class folders of " +
                     (src / "train").string() + " (" + joined(summary.classes) + "), found (" +
                     joined(valClasses) + ")");
  std::vector<Source> train = listImages(src / "train", summary.classes);
  std::vector<Source> val = listImages(src / "val", summary.classes);

  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec) throw RuntimeError(out.string() + ": cannot create (" + ec.message() + ")");
  removeStaleTemporaries(out); // of a run of this tool killed while writing
  CountedFile trainFile(out / "train.bin"), valFile(out / "val.bin");
  writeSplit(trainFile, train, options.sizeTrain, "train", log);
  writeSplit(valFile, val, options.sizeVal, "val", log);
  trainFile.commit();
  valFile.commit();
  summary.trainRecords = static_cast<int64_t>(train.size());
  summary.valRecords = static_cast<int64_t>(val.size());
  return summary;
}

int imagenettePrepMain(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  static constexpr std::string_view kFlags[] = {"--size-train", "--size-val"};
  return runTool(
      args, kFlags, "SRC_DIR and OUT_DIR", kUsage, out, err, [&](const ToolArgs& parsed) {
        ImagenetteOptions options;
        for (const auto& [flag, value] : parsed.flags)
          (flag == "--size-train" ? options.sizeTrain : options.sizeVal) = parseSide(flag, value);
        ImagenetteSummary s = prepareImagenette(parsed.src, parsed.out, options, err);
        const fs::path dir(parsed.out);
        out << "wrote " << (dir / "train.bin").string() << " (" << s.trainRecords
            << " records of 3x" << options.sizeTrain << "x" << options.sizeTrain << ") and "
            << (dir / "val.bin").string() << " (" << s.valRecords << " records of 3x"
            << options.sizeVal << "x" << options.sizeVal << ")\nclasses:";
        for (size_t i = 0; i < s.classes.size(); ++i) out << " " << i << "=" << s.classes[i];
        out << "\n";
      });
}

} // namespace hlotrain::tools

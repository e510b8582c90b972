#include "tools/ImagenettePrep.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <span>

#include "support/Error.h"
#include "tools/Jpeg.h"
#include "tools/Resize.h"

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

std::string systemError() {
  return std::strerror(errno);
}

// A file written under a temporary name beside its target; commit() renames it into place, and
// without a commit the temporary is removed.
class PendingFile {
public:
  explicit PendingFile(fs::path target) : target_(std::move(target)), temp_(target_) {
    temp_ += ".tmp";
    file_ = std::fopen(temp_.c_str(), "wb");
    if (!file_) throw RuntimeError(temp_.string() + ": cannot create (" + systemError() + ")");
  }
  ~PendingFile() {
    if (file_) std::fclose(file_);
    std::error_code ec;
    if (!committed_) fs::remove(temp_, ec);
  }
  PendingFile(const PendingFile&) = delete;
  PendingFile& operator=(const PendingFile&) = delete;

  void write(std::span<const uint8_t> bytes) {
    if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size())
      throw RuntimeError(temp_.string() + ": write failed (" + systemError() + ")");
  }
  // Flushes the data to disk and closes the file.
  void close() {
    const bool ok = std::fflush(file_) == 0 && ::fsync(::fileno(file_)) == 0;
    const bool closed = std::fclose(file_) == 0;
    file_ = nullptr;
    if (!ok || !closed)
      throw RuntimeError(temp_.string() + ": cannot flush to disk (" + systemError() + ")");
  }
  void commit() {
    std::error_code ec;
    fs::rename(temp_, target_, ec);
    if (ec)
      throw RuntimeError(temp_.string() + ": cannot rename to " + target_.string() + " (" +
                         ec.message() + ")");
    committed_ = true;
  }

private:
  fs::path target_, temp_;
  std::FILE* file_ = nullptr;
  bool committed_ = false;
};

// One record's pixels: the image at `path` decoded and resampled to 3 planes of side x side.
void decodeResized(const std::string& path, int64_t side, std::span<uint8_t> planes) {
  std::optional<AreaResizer> resizer;
  decodeJpeg(
      path, [&](ImageSize size) { resizer.emplace(size.width, size.height, side, side, 3); },
      [&](std::span<const uint8_t> row) { resizer->addRow(row); });
  resizer->finish(planes);
}

void writeSplit(PendingFile& out, const std::vector<Source>& images, int64_t side,
                const std::string& name, std::ostream& log) {
  const uint32_t n = static_cast<uint32_t>(images.size());
  const uint8_t header[4] = {static_cast<uint8_t>(n), static_cast<uint8_t>(n >> 8),
                             static_cast<uint8_t>(n >> 16), static_cast<uint8_t>(n >> 24)};
  out.write(header);
  std::vector<uint8_t> record(static_cast<size_t>(1 + 3 * side * side));
  for (size_t i = 0; i < images.size(); ++i) {
    record[0] = images[i].label;
    decodeResized(images[i].path, side, std::span(record).subspan(1));
    out.write(record);
    if ((i + 1) % kProgressEvery == 0 || i + 1 == images.size())
      log << name << ": " << i + 1 << "/" << n << " images" << std::endl;
  }
  out.close();
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
  PendingFile trainFile(out / "train.bin"), valFile(out / "val.bin");
  writeSplit(trainFile, train, options.sizeTrain, "train", log);
  writeSplit(valFile, val, options.sizeVal, "val", log);
  trainFile.commit();
  valFile.commit();
  summary.trainRecords = static_cast<int64_t>(train.size());
  summary.valRecords = static_cast<int64_t>(val.size());
  return summary;
}

int imagenettePrepMain(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  try {
    std::vector<std::string> positional;
    ImagenetteOptions options;
    for (size_t i = 0; i < args.size(); ++i) {
      const std::string& arg = args[i];
      if (arg == "-h" || arg == "--help") {
        out << kUsage;
        return 0;
      }
      if (arg == "--size-train" || arg == "--size-val") {
        if (i + 1 == args.size()) throw ConfigError(arg + " needs a value");
        (arg == "--size-train" ? options.sizeTrain : options.sizeVal) = parseSide(arg, args[++i]);
      } else if (arg.starts_with("-")) {
        throw ConfigError("unknown option " + arg);
      } else {
        positional.push_back(arg);
      }
    }
    if (positional.size() != 2)
      throw ConfigError("expected SRC_DIR and OUT_DIR, got " + std::to_string(positional.size()) +
                        " arguments");
    ImagenetteSummary s = prepareImagenette(positional[0], positional[1], options, err);
    const fs::path dir(positional[1]);
    out << "wrote " << (dir / "train.bin").string() << " (" << s.trainRecords << " records of 3x"
        << options.sizeTrain << "x" << options.sizeTrain << ") and " << (dir / "val.bin").string()
        << " (" << s.valRecords << " records of 3x" << options.sizeVal << "x" << options.sizeVal
        << ")\nclasses:";
    for (size_t i = 0; i < s.classes.size(); ++i) out << " " << i << "=" << s.classes[i];
    out << "\n";
    return 0;
  } catch (const ConfigError& e) {
    err << "error: " << e.what() << "\n" << kUsage;
    return 2;
  } catch (const ParseError& e) {
    err << "error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    err << "error: " << e.what() << "\n";
    return 1;
  }
}

} // namespace hlotrain::tools

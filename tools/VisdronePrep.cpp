#include "tools/VisdronePrep.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <optional>
#include <span>
#include <string_view>

#include "data/Yolo.h"
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

constexpr int64_t kProgressEvery = 100;
constexpr int64_t kIgnoredRegion = 0, kOthers = 11; // the VisDrone-DET categories we drop
constexpr size_t kQuotedBytes = 32; // of a bad field, so a binary line stays one short message
constexpr size_t kFields = 8;
constexpr std::array<std::string_view, kFields> kFieldNames = {
    "left", "top", "width", "height", "score", "category", "truncation", "occlusion"};

const char* const kUsage =
    "usage: hlotrain-visdrone-prep SRC OUT [--size 224|448]\n"
    "  SRC holds VisDrone2019-DET-train/ and VisDrone2019-DET-val/ (or train/ and val/), each\n"
    "  with images/*.jpg and annotations/*.txt; writes OUT/train.bin, OUT/val.bin and\n"
    "  OUT/val.full_gt.bin (FORMATS.md, YOLOv1 detection: S x S images, a (S/32)^2 grid).\n";

struct Source {
  fs::path image, annotation;
};

struct SplitSource {
  std::string name;
  std::vector<Source> images; // sorted by file name
};

void checkSize(int64_t size) {
  if (size != 224 && size != 448)
    throw ConfigError("--size must be 224 or 448, not " + std::to_string(size));
}

fs::path requireDirectory(const fs::path& dir, const std::string& holds) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw ParseError(dir.string() + ": not a directory (expected " + holds + ")");
  return dir;
}

// The split's folder (rule 1) and its images, each with its annotation file.
SplitSource listSplit(const fs::path& src, const std::string& name) {
  const fs::path candidates[] = {src / ("VisDrone2019-DET-" + name), src / name};
  const auto folder = std::find_if(std::begin(candidates), std::end(candidates), [](auto& dir) {
    std::error_code ec;
    return fs::is_directory(dir, ec);
  });
  if (folder == std::end(candidates))
    throw ParseError(src.string() + ": no " + name + " split (expected a folder " +
                     candidates[0].filename().string() + " or " + name + ")");
  const fs::path images = requireDirectory(*folder / "images", "the split's .jpg images");
  const fs::path annotations =
      requireDirectory(*folder / "annotations", "one .txt annotation file per image");
  std::vector<fs::path> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(images))
    if (entry.is_regular_file() && entry.path().extension() == ".jpg")
      files.push_back(entry.path());
  // Byte order of the file names, whatever the locale.
  std::sort(files.begin(), files.end(), [](const fs::path& a, const fs::path& b) {
    return a.filename().string() < b.filename().string();
  });
  if (files.empty()) throw ParseError(images.string() + ": no .jpg images");
  SplitSource split{name, {}};
  for (const fs::path& image : files) {
    fs::path annotation = annotations / image.stem();
    annotation += ".txt";
    std::error_code ec;
    if (!fs::is_regular_file(annotation, ec))
      throw ParseError(image.string() + ": no annotation file (expected " + annotation.string() +
                       ")");
    split.images.push_back({image, std::move(annotation)});
  }
  return split;
}

std::string_view trimmed(std::string_view text) {
  const auto space = [](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
  };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

std::string quoted(std::string_view field) {
  if (field.size() <= kQuotedBytes) return "'" + std::string(field) + "'";
  return "'" + std::string(field.substr(0, kQuotedBytes)) + "...'";
}

// The 8 integers of a non-blank annotation line (rule 2), refused naming `where`.
std::array<int64_t, kFields> parseFields(std::string_view text, const std::string& where) {
  if (text.back() == ',') text = trimmed(text.substr(0, text.size() - 1));
  std::vector<std::string_view> fields;
  for (size_t start = 0;;) {
    const size_t comma = text.find(',', start);
    fields.push_back(trimmed(text.substr(start, comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (fields.size() != kFields)
    throw ParseError(where + "expected 8 comma-separated integers (left,top,width,height,score," +
                     "category,truncation,occlusion), found " + std::to_string(fields.size()) +
                     " fields");
  std::array<int64_t, kFields> values{};
  for (size_t i = 0; i < fields.size(); ++i) {
    const std::string_view field = fields[i];
    auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), values[i]);
    if (ec != std::errc() || end != field.data() + field.size())
      throw ParseError(where + "field " + std::to_string(i + 1) + " (" +
                       std::string(kFieldNames[i]) + ") is not an integer (found " + quoted(field) +
                       ")");
  }
  return values;
}

struct Annotations {
  std::vector<data::LabelBox> kept; // in file order
  int64_t dropped = 0;
};

// The boxes of `source`'s annotation file for its image of `size` (rules 2-4).
Annotations readAnnotations(const Source& source, ImageSize size) {
  const std::string path = source.annotation.string();
  std::ifstream in(source.annotation, std::ios::binary);
  if (!in) throw ParseError(path + ": cannot open for reading");
  Annotations result;
  int64_t lineNumber = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNumber;
    const std::string_view text = trimmed(line);
    if (text.empty()) continue;
    const std::string where = path + ":" + std::to_string(lineNumber) + ": ";
    const auto [left, top, width, height, score, category, truncation, occlusion] =
        parseFields(text, where);
    if (category < kIgnoredRegion || category > kOthers)
      throw ParseError(where + "category " + std::to_string(category) +
                       " is not a VisDrone-DET category (expected 0..11)");
    // Written as differences, so that no sum of two parsed integers can overflow.
    if (left < 0 || top < 0 || width > size.width - left || height > size.height - top)
      throw ParseError(where + "box left " + std::to_string(left) + ", top " + std::to_string(top) +
                       ", width " + std::to_string(width) + ", height " + std::to_string(height) +
                       " lies outside the " + std::to_string(size.width) + "x" +
                       std::to_string(size.height) + " image " + source.image.string());
    if (score == 0 || category == kIgnoredRegion || category == kOthers || width <= 0 ||
        height <= 0) {
      ++result.dropped;
      continue;
    }
    const double w = static_cast<double>(size.width), h = static_cast<double>(size.height);
    result.kept.push_back({static_cast<int32_t>(category - 1), static_cast<float>(left / w),
                           static_cast<float>(top / h), static_cast<float>((left + width) / w),
                           static_cast<float>((top + height) / h)});
  }
  if (in.bad()) throw RuntimeError(path + ": read failed");
  return result;
}

// The image at `path` decoded and resampled into 3 planes of side x side; returns its own size.
ImageSize decodeResized(const std::string& path, int64_t side, std::span<uint8_t> planes) {
  std::optional<AreaResizer> resizer;
  ImageSize size;
  decodeJpeg(
      path,
      [&](ImageSize s) {
        size = s;
        resizer.emplace(s.width, s.height, side, side, 3);
      },
      [&](std::span<const uint8_t> row) { resizer->addRow(row); });
  resizer->finish(planes);
  return size;
}

// Little-endian whatever the host's byte order.
void appendU32(std::vector<uint8_t>& bytes, uint32_t v) {
  for (int shift = 0; shift < 32; shift += 8) bytes.push_back(static_cast<uint8_t>(v >> shift));
}

// Writes `split`'s records to `records` and, when given, every kept box to `fullGt`.
VisdroneSplitSummary writeSplit(const SplitSource& split, int64_t side, CountedFile& records,
                                CountedFile* fullGt, std::ostream& log) {
  std::vector<uint8_t> image(static_cast<size_t>(3 * side * side)), boxes;
  VisdroneSplitSummary summary;
  const size_t n = split.images.size();
  CountProgress progress(log, split.name, "images", n, kProgressEvery);
  for (size_t i = 0; i < n; ++i) {
    const Source& source = split.images[i];
    const ImageSize size = decodeResized(source.image.string(), side, image);
    const Annotations annotations = readAnnotations(source, size);
    ++summary.images;
    summary.droppedBoxes += annotations.dropped;
    const std::vector<data::LabelBox>& kept = annotations.kept;
    if (kept.empty()) {
      ++summary.droppedImages;
    } else {
      records.write(image);
      records.write(data::encodeYoloLabel(kept, side));
      if (fullGt) {
        boxes.clear();
        appendU32(boxes, static_cast<uint32_t>(kept.size()));
        for (const data::LabelBox& box : kept) data::appendBox(boxes, box);
        fullGt->write(boxes);
      }
      ++summary.records;
      summary.keptBoxes += static_cast<int64_t>(kept.size());
      if (kept.size() > static_cast<size_t>(data::kYoloMaxBoxes)) ++summary.cappedRecords;
    }
    if (i + 1 < n) progress.advance(i + 1); // the summary below is the last count
  }
  progress.clear();
  log << split.name << ": " << n << "/" << n << " images, " << summary.records << " records, "
      << summary.droppedImages << " dropped (no box left); " << summary.keptBoxes << " boxes kept, "
      << summary.droppedBoxes << " dropped; " << summary.cappedRecords << " records over "
      << data::kYoloMaxBoxes << " boxes" << std::endl;
  return summary;
}

int64_t parseSize(const std::string& text) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw ConfigError("--size takes a whole number, not '" + text + "'");
  return value;
}

} // namespace

VisdroneSummary prepareVisdrone(const std::string& srcDir, const std::string& outDir,
                                const VisdroneOptions& options, std::ostream& log) {
  checkSize(options.size);
  const fs::path src(srcDir), out(outDir);
  const SplitSource train = listSplit(src, "train"), val = listSplit(src, "val");

  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec) throw RuntimeError(out.string() + ": cannot create (" + ec.message() + ")");
  removeStaleTemporaries(out); // of a run of this tool killed while writing
  CountedFile trainFile(out / "train.bin"), valFile(out / "val.bin"),
      fullGtFile(out / "val.full_gt.bin");
  VisdroneSummary summary;
  summary.train = writeSplit(train, options.size, trainFile, nullptr, log);
  summary.val = writeSplit(val, options.size, valFile, &fullGtFile, log);
  trainFile.close(summary.train.records);
  valFile.close(summary.val.records);
  fullGtFile.close(summary.val.records);
  trainFile.commit();
  valFile.commit();
  fullGtFile.commit();
  return summary;
}

int visdronePrepMain(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  static constexpr std::string_view kFlags[] = {"--size"};
  return runTool(args, kFlags, "SRC and OUT", kUsage, out, err, [&](const ToolArgs& parsed) {
    VisdroneOptions options;
    for (const auto& flag : parsed.flags) options.size = parseSize(flag.second); // only --size
    const VisdroneSummary s = prepareVisdrone(parsed.src, parsed.out, options, out);
    const fs::path dir(parsed.out);
    const int64_t grid = yolo::gridOf(options.size);
    out << "wrote " << (dir / "train.bin").string() << " (" << s.train.records << " records), "
        << (dir / "val.bin").string() << " (" << s.val.records << " records) and "
        << (dir / "val.full_gt.bin").string() << " (" << s.val.keptBoxes
        << " boxes); a record is 3x" << options.size << "x" << options.size << " image bytes + "
        << data::YoloLabelLayout(options.size).bytes << " label bytes (" << grid << "x" << grid
        << " grid)\n";
  });
}

} // namespace hlotrain::tools

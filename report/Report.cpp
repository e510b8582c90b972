#include "report/Report.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "program/Program.h"
#include "report/Svg.h"
#include "support/AtomicFile.h"
#include "support/Error.h"
#include "support/Format.h"
#include "support/RunFiles.h"
#include "task/Task.h"
#include "train/Checkpoint.h"

namespace hlotrain::report {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

std::optional<double> EvalRecord::scalar(std::string_view name) const {
  for (const auto& [key, value] : scalars)
    if (key == name) return value;
  return std::nullopt;
}

const NamedValues* EvalRecord::group(std::string_view name) const {
  for (const auto& [key, values] : groups)
    if (key == name) return &values;
  return nullptr;
}

const std::vector<double>* EvalRecord::list(std::string_view name) const {
  for (const auto& [key, values] : lists)
    if (key == name) return &values;
  return nullptr;
}

namespace {

// ---------------------------------------------------------------------------------------------
// The metrics log

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  throw ParseError(where + ": " + what);
}

std::string quote(std::string_view key) {
  return "\"" + std::string(key) + "\"";
}

// A number field: kMissing when absent or null.
double numberField(const Json& record, const char* key, const std::string& where) {
  auto it = record.find(key);
  if (it == record.end() || it->is_null()) return kMissing;
  if (!it->is_number())
    fail(where, "field " + quote(key) + " is " + it->type_name() + ", expected a number");
  return it->get<double>();
}

int64_t integerField(const Json& record, const char* key, const std::string& where,
                     std::string_view type) {
  auto it = record.find(key);
  if (it == record.end()) fail(where, "the " + std::string(type) + " record has no " + quote(key));
  if (!it->is_number_integer() ||
      (it->is_number_unsigned() && it->get<uint64_t>() > uint64_t(INT64_MAX)) ||
      it->get<int64_t>() < 0)
    fail(where, "field " + quote(key) + " is " + it->dump() + ", expected an integer >= 0");
  return it->get<int64_t>();
}

double memberNumber(const Json& value, const std::string& name, const std::string& where) {
  if (value.is_null()) return kMissing;
  if (!value.is_number())
    fail(where, "field " + name + " is " + value.type_name() + ", expected a number or null");
  return value.get<double>();
}

std::vector<std::vector<int64_t>> confusionField(const Json& value, const std::string& where) {
  std::vector<std::vector<int64_t>> matrix;
  if (!value.is_array()) fail(where, "field \"confusion\" is not an array of rows");
  for (const Json& row : value) {
    if (!row.is_array() || row.size() != value.size())
      fail(where, "field \"confusion\" is not a square matrix of " + std::to_string(value.size()) +
                      " rows");
    std::vector<int64_t>& counts = matrix.emplace_back();
    for (const Json& c : row) {
      if (!c.is_number_integer() || c.get<int64_t>() < 0)
        fail(where, "field \"confusion\" holds " + c.dump() + ", expected counts >= 0");
      counts.push_back(c.get<int64_t>());
    }
  }
  return matrix;
}

EvalRecord evalRecord(const Json& r, const std::string& where) {
  EvalRecord e;
  e.epoch = integerField(r, "epoch", where, "eval");
  e.step = integerField(r, "step", where, "eval");
  e.seconds = numberField(r, "seconds", where);
  for (const auto& item : r.items()) {
    const std::string& key = item.key();
    const Json& value = item.value();
    if (key == "type" || key == "epoch" || key == "step" || key == "seconds") continue;
    if (key == "confusion") {
      e.confusion = confusionField(value, where);
    } else if (value.is_null()) {
      // Task.h: an object-valued field is null when it does not apply (no cases).
      if (key != "dice_per_case") e.scalars.emplace_back(key, kMissing);
    } else if (value.is_number()) {
      e.scalars.emplace_back(key, value.get<double>());
    } else if (value.is_boolean()) {
      e.scalars.emplace_back(key, value.get<bool>() ? 1.0 : 0.0);
    } else if (value.is_object()) {
      NamedValues& group = e.groups.emplace_back(key, NamedValues{}).second;
      for (const auto& member : value.items())
        group.emplace_back(
            member.key(),
            memberNumber(member.value(), quote(key) + "." + quote(member.key()), where));
    } else if (value.is_array()) {
      std::vector<double>& list = e.lists.emplace_back(key, std::vector<double>{}).second;
      for (size_t i = 0; i < value.size(); ++i)
        list.push_back(memberNumber(value[i], quote(key) + "[" + std::to_string(i) + "]", where));
    } else {
      e.texts.emplace_back(key, value.get<std::string>());
    }
  }
  return e;
}

// nlohmann's message without its "[json.exception.…] " tag and the line it counts in our line.
std::string parseMessage(const std::string& what) {
  std::string message = what;
  if (size_t tag = message.find("] ");
      message.starts_with("[json.exception") && tag != std::string::npos)
    message.erase(0, tag + 2);
  if (size_t at = message.find("at line 1, column "); at != std::string::npos)
    message.replace(at, std::strlen("at line 1, column "), "at column ");
  return message;
}

void addEpoch(RunLog& log, EpochRecord record) {
  auto same = std::find_if(log.epochs.begin(), log.epochs.end(),
                           [&](const EpochRecord& e) { return e.epoch == record.epoch; });
  if (same == log.epochs.end()) {
    log.epochs.push_back(record);
    return;
  }
  EpochRecord& e = *same;
  const auto applied = [](const EpochRecord& r) { return double(r.steps - r.skipped); };
  const double weight = applied(e) + applied(record);
  if (std::isfinite(e.loss) && std::isfinite(record.loss) && weight > 0)
    e.loss = (e.loss * applied(e) + record.loss * applied(record)) / weight;
  else if (std::isfinite(record.loss) && !std::isfinite(e.loss))
    e.loss = record.loss;
  const double seconds = e.seconds + record.seconds;
  if (std::isfinite(seconds) && seconds > 0)
    e.imagesPerSecond =
        (e.imagesPerSecond * e.seconds + record.imagesPerSecond * record.seconds) / seconds;
  e.seconds = seconds;
  e.steps += record.steps;
  e.skipped += record.skipped;
  e.step = record.step;
  e.lr = record.lr;
  e.line = record.line;
  ++e.records;
}

} // namespace

RunLog readRunLog(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RuntimeError(path + ": cannot read the metrics log: " + std::strerror(errno));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw RuntimeError(path + ": cannot read the metrics log: I/O error");
  const std::string text = buffer.str();

  RunLog log;
  log.path = path;
  size_t lineNumber = 0;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.find('\n', begin);
    const bool terminated = end != std::string::npos;
    if (!terminated) end = text.size();
    const std::string line = text.substr(begin, end - begin);
    begin = end + 1;
    ++lineNumber;
    const std::string where = path + ":" + std::to_string(lineNumber);
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;

    Json record;
    try {
      record = Json::parse(line);
    } catch (const Json::parse_error& e) {
      if (!terminated) { // the file ends inside this line: a write cut short
        log.notes.push_back("line " + std::to_string(lineNumber) +
                            " is cut short (the file ends inside it: the process stopped while "
                            "writing it?) and was skipped");
        break;
      }
      fail(where, "malformed JSON record: " + parseMessage(e.what()));
    }
    if (!record.is_object()) fail(where, "expected a JSON object, found " + record.dump());
    auto type = record.find("type");
    if (type == record.end() || !type->is_string())
      fail(where, "the record has no \"type\" string");
    const std::string kind = type->get<std::string>();
    if (kind == "epoch") {
      EpochRecord e;
      e.epoch = integerField(record, "epoch", where, kind);
      e.step = integerField(record, "step", where, kind);
      e.steps = record.contains("steps") ? integerField(record, "steps", where, kind) : 0;
      e.skipped = record.contains("skipped") ? integerField(record, "skipped", where, kind) : 0;
      e.loss = numberField(record, "loss", where);
      e.lr = numberField(record, "lr", where);
      e.seconds = numberField(record, "seconds", where);
      e.imagesPerSecond = numberField(record, "images_per_s", where);
      e.line = lineNumber;
      addEpoch(log, e);
    } else if (kind == "eval") {
      log.evals.push_back(evalRecord(record, where));
      log.evals.back().line = lineNumber;
    } else if (kind == "run") {
      if (!log.header) try {
          log.header = train::RunHeader::fromJson(line);
        } catch (const std::exception& e) {
          fail(where, std::string("malformed run record: ") + parseMessage(e.what()));
        }
    } else if (kind == "step") {
      StepRecord s;
      s.step = integerField(record, "step", where, kind);
      s.loss = numberField(record, "loss", where);
      s.lr = numberField(record, "lr", where);
      log.steps.push_back(s);
    } else {
      auto other = std::find_if(log.otherTypes.begin(), log.otherTypes.end(),
                                [&](const auto& t) { return t.first == kind; });
      if (other == log.otherTypes.end())
        log.otherTypes.emplace_back(kind, 1);
      else
        ++other->second;
    }
  }
  if (log.epochs.empty() && log.evals.empty() && log.steps.empty() && log.otherTypes.empty())
    fail(path, "no records (an empty metrics log: has the run finished an epoch yet?)");
  std::stable_sort(log.epochs.begin(), log.epochs.end(),
                   [](const EpochRecord& a, const EpochRecord& b) { return a.epoch < b.epoch; });
  for (const EpochRecord& e : log.epochs)
    if (e.records > 1)
      log.notes.push_back("epoch " + std::to_string(e.epoch) + " has " + std::to_string(e.records) +
                          " records (cut and resumed); they are shown combined");
  for (const auto& [kind, count] : log.otherTypes)
    log.notes.push_back(std::to_string(count) + " record(s) of type \"" + kind +
                        "\", which the report does not know, were not shown");
  return log;
}

std::string runTask(const RunLog& log) {
  if (log.header) return log.header->task;
  for (const EvalRecord& e : log.evals) {
    if (e.scalar("accuracy")) return "classification";
    if (e.group("dice") || e.scalar("miou") || !e.confusion.empty()) return "segmentation";
    if (e.scalar("map50")) return "detection";
    if (e.scalar("perplexity")) return "language-model";
  }
  return "unknown";
}

// ---------------------------------------------------------------------------------------------
// The run's files

std::optional<std::pair<std::string, std::string>> splitRunFile(const std::string& name) {
  for (const std::string& suffix : runFileSuffixes())
    if (name.size() > suffix.size() && name.ends_with(suffix))
      return std::pair{name.substr(0, name.size() - suffix.size()), suffix};
  return std::nullopt;
}

namespace {

// The run a file name belongs to ("mnist_cnn" of "mnist_cnn_best_checkpoint.bin"), if any.
std::optional<std::string> runOfFile(const std::string& name) {
  if (isTemporaryName(name)) return std::nullopt; // a writer's temporary
  if (auto split = splitRunFile(name)) return split->first;
  return std::nullopt;
}

std::string fileName(const std::string& path) {
  return fs::path(path).filename().string();
}

bool isFile(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

} // namespace

std::string resolveRun(const std::string& run) {
  if (run.empty()) throw ConfigError("RUN is empty: name a run's artifacts prefix or directory");
  std::error_code ec;
  std::string prefix = run;
  if (fs::is_directory(run, ec)) {
    std::set<std::string> runs;
    for (const fs::directory_entry& entry : fs::directory_iterator(run, ec))
      if (entry.is_regular_file(ec))
        if (auto name = runOfFile(entry.path().filename().string())) runs.insert(*name);
    if (ec) throw ConfigError(run + ": cannot list the directory: " + ec.message());
    if (runs.empty())
      throw ConfigError(run +
                        ": holds no run's files (<name>_metrics.jsonl, _checkpoint.bin, ...)");
    if (runs.size() > 1) {
      std::string names;
      for (const std::string& name : runs) names += (names.empty() ? "" : ", ") + name;
      throw ConfigError(run + ": holds the files of " + std::to_string(runs.size()) + " runs (" +
                        names + "); name one as RUN, e.g. " +
                        (fs::path(run) / *runs.begin()).string());
    }
    prefix = (fs::path(run) / *runs.begin()).string();
  } else if (const std::string log = RunFiles{""}.metrics(); run.ends_with(log) && isFile(run)) {
    prefix = run.substr(0, run.size() - log.size());
  }
  if (!isFile(RunFiles{prefix}.metrics()))
    throw ConfigError("no run at '" + run + "': " + RunFiles{prefix}.metrics() +
                      " does not exist (RUN is an artifacts prefix such as "
                      ".hlotrain/mnist_cnn, or a directory holding one run's files)");
  return prefix;
}

namespace {

struct RunFile {
  std::string name;
  uintmax_t bytes = 0;
};

std::vector<RunFile> runFiles(const std::string& prefix) {
  std::vector<RunFile> files;
  const fs::path p(prefix);
  const std::string stem = p.filename().string();
  for (const std::string& suffix : runFileSuffixes()) {
    const fs::path file = p.parent_path() / (stem + suffix);
    std::error_code ec;
    if (fs::is_regular_file(file, ec))
      files.push_back({file.filename().string(), fs::file_size(file, ec)});
  }
  std::sort(files.begin(), files.end(),
            [](const RunFile& a, const RunFile& b) { return a.name < b.name; });
  return files;
}

struct TensorShape {
  std::vector<int64_t> dims;
  std::string element;
  int64_t elements() const {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    return n;
  }
  std::string text() const {
    std::string s;
    for (int64_t d : dims) s += std::to_string(d) + "x";
    return s + element;
  }
};

std::optional<TensorShape> tensorShape(std::string_view body) {
  TensorShape t;
  size_t start = 0;
  while (true) {
    size_t x = body.find('x', start);
    std::string_view part = body.substr(start, x == std::string_view::npos ? body.npos : x - start);
    if (x == std::string_view::npos || part.empty() ||
        part.find_first_not_of("0123456789") != std::string_view::npos) {
      t.element = std::string(body.substr(start));
      return t.element.empty() ? std::nullopt : std::optional(t);
    }
    if (part.size() > 12) return std::nullopt;
    t.dims.push_back(std::stoll(std::string(part)));
    start = x + 1;
  }
}

// The forward graph's signature, `@main(params…, x) -> logits` (DESIGN.md "The graphs").
struct ForwardGraph {
  std::string module;
  std::vector<TensorShape> arguments;
  std::vector<TensorShape> results;
};

std::optional<ForwardGraph> forwardGraph(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  ForwardGraph g;
  for (std::string line; std::getline(in, line);) {
    if (size_t m = line.find("module @"); m != std::string::npos && g.module.empty()) {
      size_t end = line.find_first_of(" {", m + 8);
      g.module = line.substr(m + 8, end == std::string::npos ? end : end - m - 8);
    }
    size_t at = line.find("func.func public @main(");
    if (at == std::string::npos) continue;
    size_t arrow = line.find(") -> ", at);
    if (arrow == std::string::npos) return std::nullopt;
    const auto shapes = [&](size_t from, size_t to, std::vector<TensorShape>& out) {
      for (size_t t = line.find("tensor<", from); t != std::string::npos && t < to;
           t = line.find("tensor<", t + 1)) {
        size_t close = line.find('>', t);
        if (close == std::string::npos) return false;
        auto shape = tensorShape(std::string_view(line).substr(t + 7, close - t - 7));
        if (!shape) return false;
        out.push_back(*shape);
      }
      return true;
    };
    if (!shapes(at, arrow, g.arguments) || !shapes(arrow, line.size(), g.results) ||
        g.arguments.empty())
      return std::nullopt;
    return g;
  }
  return std::nullopt;
}

// A train/ reader's error without the path it starts with (the row it goes to names the file).
std::string withoutPath(const std::string& message, const std::string& path) {
  return message.starts_with(path + ": ") ? message.substr(path.size() + 2) : message;
}

// A stored config's value as the settings table shows it: strings bare, null (a setting that is
// off) as "off".
std::string settingText(const nlohmann::ordered_json& value) {
  if (value.is_null()) return "off";
  if (value.is_string()) return value.get<std::string>();
  return value.dump();
}

// ---------------------------------------------------------------------------------------------
// The page

std::string grouped(int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return (n < 0 ? "-" : "") + out;
}

std::string percent(double fraction) {
  return std::isfinite(fraction) ? formatFixed(100 * fraction, 2) + "%" : "-";
}

std::string fixedOrDash(double v, int digits) {
  return std::isfinite(v) ? formatFixed(v, digits) : "-";
}

// A table of escaped cells; the first `leftColumns` columns align left.
std::string table(const std::vector<std::string>& header,
                  const std::vector<std::vector<std::string>>& rows, size_t leftColumns = 1) {
  std::string out = "<table><thead><tr>";
  for (size_t c = 0; c < header.size(); ++c)
    out += (c < leftColumns ? "<th class=\"l\">" : "<th>") + escapeXml(header[c]) + "</th>";
  out += "</tr></thead><tbody>";
  for (const auto& row : rows) {
    out += "<tr>";
    for (size_t c = 0; c < row.size(); ++c)
      out += (c < leftColumns ? "<td class=\"l\">" : "<td>") + escapeXml(row[c]) + "</td>";
    out += "</tr>";
  }
  return out + "</tbody></table>";
}

std::string paragraph(std::string_view text, std::string_view cls = "note") {
  return "<p class=\"" + std::string(cls) + "\">" + escapeXml(text) + "</p>";
}

// Class names where the record's shape is that of the one dataset of its task that has them:
// BraTS in MSD numbering (FORMATS.md "BraTS"), VisDrone-DET's ten classes (FORMATS.md "YOLOv1").
std::vector<std::string> classLabels(size_t n, const std::vector<std::string>& names) {
  std::vector<std::string> labels;
  for (size_t c = 0; c < n; ++c)
    labels.push_back(std::to_string(c) + (names.size() == n ? " " + names[c] : ""));
  return labels;
}

const std::vector<std::string> kBratsClasses = {"background", "edema",
                                                "non-enhancing/necrotic core", "enhancing tumour"};
const std::vector<std::string> kVisdroneClasses = {
    "pedestrian", "people",   "bicycle",         "car", "van",
    "truck",      "tricycle", "awning-tricycle", "bus", "motor"};

bool isBratsShape(const EvalRecord& e, size_t classes) {
  const NamedValues* dice = e.group("dice");
  if (!dice || dice->size() != 3 || classes != 4) return false;
  return (*dice)[0].first == "WT" && (*dice)[1].first == "TC" && (*dice)[2].first == "ET";
}

using Range = std::optional<std::pair<double, double>>;

// A chart over the epochs (or the steps).
LineChart chart(std::string title, std::string yLabel, std::vector<Series> series,
                Range yRange = std::nullopt, std::string xLabel = "epoch") {
  LineChart c;
  c.title = std::move(title);
  c.xLabel = std::move(xLabel);
  c.yLabel = std::move(yLabel);
  c.series = std::move(series);
  c.integerX = true;
  c.yRange = yRange;
  return c;
}

// One bar per class.
BarChart bars(std::string title, std::string yLabel, std::vector<std::string> labels,
              std::vector<double> values, Range yRange = std::nullopt) {
  BarChart c;
  c.title = std::move(title);
  c.xLabel = "class";
  c.yLabel = std::move(yLabel);
  c.labels = std::move(labels);
  c.values = std::move(values);
  c.yRange = yRange;
  return c;
}

// ---------------------------------------------------------------------------------------------
// The last evaluation's samples (`<prefix>_samples.json`, task/Task.h Gallery)

struct Sample {
  int64_t record = 0;
  std::string image, truthImage, predictedImage;   // PNG data URIs
  int64_t truthClass = -1, predictedClass = -1;    // classification
  std::vector<std::vector<double>> truthBoxes;     // detection: class, xmin, ymin, xmax, ymax
  std::vector<std::vector<double>> predictedBoxes; // class, confidence, xmin, ymin, xmax, ymax
};

struct Samples {
  std::string task;
  int64_t epoch = 0, step = 0;
  std::vector<std::string> colours; // segmentation: of classes 1, 2, …
  std::vector<Sample> samples;
};

// Only a PNG in base64 may go into the page (the policy lets data: images load and nothing else).
std::string pngUri(const Json& value, const char* field) {
  static constexpr std::string_view kHead = "data:image/png;base64,";
  if (!value.is_string()) throw std::invalid_argument(std::string(field) + " is not a string");
  const std::string uri = value.get<std::string>();
  if (!uri.starts_with(kHead) || uri.size() == kHead.size() ||
      uri.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=",
                            kHead.size()) != std::string::npos)
    throw std::invalid_argument(std::string(field) + " is not a PNG data URI");
  return uri;
}

std::vector<std::vector<double>> boxList(const Json& value, const char* field, size_t width) {
  if (!value.is_array()) throw std::invalid_argument(std::string(field) + " is not a list");
  std::vector<std::vector<double>> boxes;
  for (const Json& box : value) {
    if (!box.is_array() || box.size() != width)
      throw std::invalid_argument(std::string(field) + " holds " + box.dump() + ", expected " +
                                  std::to_string(width) + " numbers");
    std::vector<double> numbers;
    for (const Json& v : box) {
      if (!v.is_number()) throw std::invalid_argument(std::string(field) + " holds " + v.dump());
      numbers.push_back(v.get<double>());
    }
    boxes.push_back(std::move(numbers));
  }
  return boxes;
}

// The samples file, if there is one; a file the page cannot show is a note, not a failure.
std::optional<Samples> readSamples(const std::string& path, std::vector<std::string>& notes) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  try {
    std::ifstream in(path, std::ios::binary);
    const Json j = Json::parse(in);
    Samples s;
    s.task = j.at("task").get<std::string>();
    s.epoch = j.at("epoch").get<int64_t>();
    s.step = j.at("step").get<int64_t>();
    if (j.contains("colours"))
      for (const Json& c : j.at("colours")) {
        const std::string colour = c.get<std::string>();
        if (colour.size() != 7 || colour[0] != '#' ||
            colour.find_first_not_of("0123456789abcdef", 1) != std::string::npos)
          throw std::invalid_argument("colour " + colour + " is not #rrggbb");
        s.colours.push_back(colour);
      }
    for (const Json& e : j.at("samples")) {
      Sample sample;
      sample.record = e.at("record").get<int64_t>();
      sample.image = pngUri(e.at("image"), "image");
      if (s.task == "classification") {
        sample.truthClass = e.at("truth").get<int64_t>();
        sample.predictedClass = e.at("predicted").get<int64_t>();
      } else if (s.task == "segmentation") {
        sample.truthImage = pngUri(e.at("truth"), "truth");
        sample.predictedImage = pngUri(e.at("predicted"), "predicted");
      } else if (s.task == "detection") {
        sample.truthBoxes = boxList(e.at("truth"), "truth", 5);
        sample.predictedBoxes = boxList(e.at("predicted"), "predicted", 6);
      } else {
        throw std::invalid_argument("task \"" + s.task + "\" is none the report knows");
      }
      s.samples.push_back(std::move(sample));
    }
    return s;
  } catch (const std::exception& e) {
    notes.push_back(path + " was not shown: " + e.what());
    return std::nullopt;
  }
}

class PageBuilder {
public:
  PageBuilder(const std::string& prefix, const RunLog& log)
      : prefix_(prefix), stem_(fs::path(prefix).filename().string()), files_{prefix}, log_(log),
        task_(runTask(log)) {}

  Report build() {
    std::vector<std::string> notes = log_.notes;
    std::string body;
    body += "<h1>hlotrain report: <code>" + escapeXml(stem_) + "</code></h1>";
    body += paragraph("Run " + prefix_ + " (" + std::string(task_) + "), from " + log_.path +
                          " and the files listed at the end.",
                      "sub");
    if (!log_.header)
      notes.push_back(log_.path + " has no run record (a log from before hlotrain 0.1.0 wrote "
                                  "one): the net's facts are read from its other files, and the "
                                  "task from the eval records' fields");
    body += "<section><h2>Summary</h2>" + summarySection() + "</section>";
    body += "<section><h2>Run</h2>" + runSection() + "</section>";
    body += "<section><h2>Training</h2>" + trainingSection() + "</section>";
    body += "<section><h2>Evaluation</h2>" + evaluationSection() + "</section>";
    if (!log_.evals.empty()) body += "<section>" + lastEvaluationSection() + "</section>";
    if (std::optional<Samples> samples = readSamples(files_.samples(), notes))
      body += "<section>" + samplesSection(*samples) + "</section>";
    body += "<section><h2>Files</h2>" + filesSection() + "</section>";
    if (!notes.empty()) {
      body += "<section><h2>Notes</h2><ul>";
      for (const std::string& note : notes) body += "<li>" + escapeXml(note) + "</li>";
      body += "</ul></section>";
    }

    Report report;
    report.html = page(body);
    report.task = std::string(task_);
    report.plots = plots_;
    report.pictures = pictures_;
    report.epochs = log_.epochs.size();
    report.evals = log_.evals.size();
    report.notes = notes;
    return report;
  }

private:
  std::string page(const std::string& body) const {
    // Well-formed XML as well as HTML (void elements closed, every text escaped), so a plain XML
    // reader can check the whole page. Nothing may load: the page is whole as it is.
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>"
           "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
           "style-src 'unsafe-inline'; img-src data:\"/>"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"
           "<title>hlotrain report: " +
           escapeXml(stem_) + "</title><style>" + kStyle + "</style></head>\n<body>" + body +
           "</body></html>\n";
  }

  static constexpr const char* kStyle =
      "body{font-family:system-ui,sans-serif;color:#222;max-width:1180px;margin:20px auto;"
      "padding:0 16px;background:#fafafa}"
      "h1{font-size:22px;margin:8px 0}h2{font-size:18px;border-bottom:1px solid #ddd;"
      "padding-bottom:4px;margin-top:28px}h3{font-size:15px}"
      "code{font-family:ui-monospace,monospace}"
      "table{border-collapse:collapse;font-size:13px;margin:8px 0;background:#fff}"
      "th,td{border:1px solid #ddd;padding:3px 8px;text-align:right;vertical-align:top}"
      "th{background:#f0f0f0}.l{text-align:left}"
      ".plots{display:flex;flex-wrap:wrap;gap:12px;margin:8px 0}"
      "figure.plot{margin:0;border:1px solid #e0e0e0;background:#fff;padding:4px}"
      ".note,.sub{color:#555;font-size:13px}.unknown{color:#8a4b00;font-size:13px}"
      ".side{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}"
      "figure.sample{margin:0;border:1px solid #e0e0e0;background:#fff;padding:4px;"
      "font-size:12px}figure.sample img{image-rendering:pixelated;display:block}"
      ".boxed{position:relative}.boxed svg{position:absolute;left:0;top:0}"
      ".swatch{display:inline-block;width:12px;height:12px;margin:0 4px 0 10px;"
      "vertical-align:middle}"
      "pre.text{background:#fff;border:1px solid #e0e0e0;padding:6px;font-size:12px;"
      "white-space:pre-wrap;margin:4px 0 12px}";

  void plot(std::string& out, const std::string& svg) {
    out += "<figure class=\"plot\">" + svg + "</figure>";
    ++plots_;
  }

  std::vector<double> epochX() const {
    std::vector<double> x;
    for (const EpochRecord& e : log_.epochs) x.push_back(double(e.epoch));
    return x;
  }
  std::vector<double> evalX() const {
    std::vector<double> x;
    for (const EvalRecord& e : log_.evals) x.push_back(double(e.epoch));
    return x;
  }

  // ----- Summary: what a reader of a run looks for first

  // The rate unit of the run's task (task::Task::recordNames): "images/s" but for a language model.
  std::string rateUnit() const {
    const task::Task* task = task::taskNamed(task_);
    return std::string(task ? task->recordNames().plural : task::RecordNames{}.plural) + "/s";
  }

  // The eval records' headline field of the run's task (task::Task::headlineField).
  std::optional<std::string> headlineField() const {
    const task::Task* task = task::taskNamed(task_);
    return task ? std::optional<std::string>(task->headlineField()) : std::nullopt;
  }

  // The step loss raw and smoothed as TensorBoard smooths it (an exponential moving average of
  // weight 0.6, debiased, so its first points are not pulled towards 0), or the epoch means of a
  // log without step records.
  std::string lossChart() {
    std::string out;
    if (log_.steps.empty()) {
      std::vector<double> loss;
      for (const EpochRecord& e : log_.epochs) loss.push_back(e.loss);
      plot(out, lineChart(chart("Training loss per epoch", "mean step loss",
                                {{"loss", epochX(), loss}})));
      return out;
    }
    constexpr double kSmoothing = 0.6;
    std::vector<double> x, raw, smoothed;
    double average = 0, weight = 1;
    for (const StepRecord& s : log_.steps) {
      x.push_back(double(s.step));
      raw.push_back(s.loss);
      if (std::isfinite(s.loss)) {
        average = kSmoothing * average + (1 - kSmoothing) * s.loss;
        weight *= kSmoothing;
      }
      smoothed.push_back(weight < 1 ? average / (1 - weight) : kMissing);
    }
    plot(out, lineChart(chart("Training loss per step", "step loss",
                              {{"raw", x, raw, true}, {"smoothed (0.6)", x, smoothed}},
                              std::nullopt, "global step")));
    return out;
  }

  std::string summarySection() {
    std::vector<std::vector<std::string>> rows;
    const std::optional<std::string> field = headlineField();
    if (field && !log_.evals.empty()) {
      const task::Task* task = task::taskNamed(task_);
      const EvalRecord* best = nullptr;
      for (const EvalRecord& e : log_.evals)
        if (std::optional<double> v = e.scalar(*field);
            v && std::isfinite(*v) && (!best || task->isBetter(*v, *best->scalar(*field))))
          best = &e;
      const EvalRecord& last = log_.evals.back();
      const auto at = [](const EvalRecord& e) {
        return "epoch " + std::to_string(e.epoch) + ", step " + std::to_string(e.step);
      };
      rows.push_back(
          {"final " + *field, formatValue(last.scalar(*field).value_or(kMissing), 4), at(last)});
      if (best)
        rows.push_back({"best " + *field, formatValue(*best->scalar(*field), 4), at(*best)});
    }
    double seconds = 0, images = 0;
    for (const EpochRecord& e : log_.epochs)
      if (std::isfinite(e.seconds) && std::isfinite(e.imagesPerSecond)) {
        seconds += e.seconds;
        images += e.seconds * e.imagesPerSecond;
      }
    if (!log_.epochs.empty()) {
      rows.push_back({"training time", formatFixed(seconds, 1) + " s",
                      std::to_string(log_.epochs.size()) + " epoch record(s), to step " +
                          std::to_string(log_.epochs.back().step)});
      if (seconds > 0)
        rows.push_back({"throughput", formatFixed(images / seconds, 1) + " " + rateUnit(),
                        "over the epochs' seconds"});
    }
    std::string out = rows.empty() ? "" : table({"", "value", "when"}, rows, 1);
    if (!log_.epochs.empty() || !log_.steps.empty())
      out += "<div class=\"plots\">" + lossChart() + "</div>";
    return out;
  }

  // ----- Run

  std::string runSection() {
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"net (artifacts name)", stem_, "the prefix"});
    if (const std::optional<train::RunHeader>& h = log_.header) {
      const std::string from = fileName(log_.path) + " (its run record)";
      const auto dims = [](const std::vector<int64_t>& d) {
        std::string text;
        for (int64_t v : d) text += (text.empty() ? "" : "x") + std::to_string(v);
        return text;
      };
      std::string classes;
      for (const std::string& label : classLabels(h->classes.size(), h->classes))
        classes += (classes.empty() ? "" : ", ") + label;
      rows.push_back({"net", h->net, from});
      rows.push_back({"task", h->task, from});
      rows.push_back({"dataset",
                      h->dataset + ": " + grouped(h->trainRecords) + " train, " +
                          grouped(h->testRecords) + " test records",
                      from});
      rows.push_back({"classes", classes, from});
      rows.push_back({"parameters",
                      grouped(h->parameters) + " in " + std::to_string(h->parameterTensors) +
                          " tensors; " + std::to_string(h->batchNormLayers) + " BatchNorm layers",
                      from});
      rows.push_back({"input",
                      dims(h->input) + " per record, batch " + std::to_string(h->batch) + ", " +
                          std::to_string(h->stepsPerEpoch) + " steps per epoch",
                      from});
      rows.push_back({"output", dims(h->output) + " per record", from});
      rows.push_back({"epochs planned", std::to_string(h->epochs), from});
      rows.push_back({"lowerer", h->lowerer + ", products in " + h->precision, from});
      rows.push_back({"train step",
                      std::to_string(h->signatureArguments) + " arguments, " +
                          std::to_string(h->signatureResults) + " results (" +
                          std::to_string(h->optimizerStateTensors) + " optimizer state tensors)",
                      from});
      rows.push_back({"trained by", h->hlotrain, from});
    } else {
      rows.push_back({"task", task_, "the eval records' fields"});
      netFromFiles(rows);
    }
    return checkpointRows(rows);
  }

  // The net's facts of a log without a run record: from the forward graph's signature, or the
  // raw parameters' size.
  void netFromFiles(std::vector<std::vector<std::string>>& rows) {
    const std::string fwdPath = files_.graph(Graph::fwd);
    std::optional<ForwardGraph> fwd = forwardGraph(fwdPath);
    const std::string fwdName = fileName(fwdPath);
    if (fwd) {
      int64_t parameters = 0;
      for (size_t i = 0; i + 1 < fwd->arguments.size(); ++i)
        parameters += fwd->arguments[i].elements();
      rows.push_back(
          {"parameters",
           grouped(parameters) + " in " + std::to_string(fwd->arguments.size() - 1) + " tensors",
           fwdName + " (its arguments before the input)"});
      const TensorShape& x = fwd->arguments.back();
      rows.push_back(
          {"input", x.text() + (x.dims.empty() ? "" : " (batch " + std::to_string(x.dims[0]) + ")"),
           fwdName + " (its last argument)"});
      if (!fwd->results.empty()) rows.push_back({"output", fwd->results.front().text(), fwdName});
      if (!fwd->module.empty()) rows.push_back({"module", fwd->module, fwdName});
    } else if (isFile(files_.params())) {
      std::error_code ec;
      const uintmax_t bytes = fs::file_size(files_.params(), ec);
      rows.push_back(
          {"parameters", grouped(int64_t(bytes / 4)),
           fileName(files_.params()) + " (" + grouped(int64_t(bytes)) + " bytes of f32)"});
    } else {
      unknown_.push_back("the parameter count and input shape (no _fwd.mlir or _params.bin)");
    }
  }

  std::string checkpointRows(std::vector<std::vector<std::string>>& rows) {
    const std::string ckptPath = files_.checkpoint();
    const std::string ckptName = fileName(ckptPath);
    std::optional<train::CheckpointHeader> header;
    std::optional<nlohmann::ordered_json> settings; // the config a version 2 checkpoint stores
    if (isFile(ckptPath)) {
      try { // ParseError, RuntimeError: the file is named in the row's "from"
        header = train::readCheckpointHeader(ckptPath);
        if (header->version >= 2)
          if (std::optional<std::string> config = train::readCheckpointConfig(ckptPath))
            settings = nlohmann::ordered_json::parse(*config);
      } catch (const std::exception& e) {
        rows.push_back(
            {header ? "stored config" : "checkpoint", withoutPath(e.what(), ckptPath), ckptName});
      }
    }
    if (header) {
      const train::DataPosition& p = header->position;
      rows.push_back({"optimizer",
                      header->optimizer == program::Optimizer::adam ? "adam" : "sgd (momentum)",
                      ckptName});
      rows.push_back({"batch", std::to_string(p.batch), ckptName});
      rows.push_back({"BatchNorm layers", std::to_string(header->bnLayers), ckptName});
      rows.push_back({"last checkpoint at",
                      "global step " + std::to_string(p.step) + " (next: epoch " +
                          std::to_string(p.epoch + 1) + ", batch " + std::to_string(p.batchIndex) +
                          ")",
                      ckptName});
      rows.push_back(
          {"data order",
           "seed " + std::to_string(p.seed) + (p.shuffle ? ", shuffled" : ", not shuffled"),
           ckptName});
    } else {
      unknown_.push_back("the optimizer, batch and data order (no readable _checkpoint.bin)");
    }
    rows.push_back({"best checkpoint",
                    isFile(files_.bestCheckpoint()) ? fileName(files_.bestCheckpoint()) : "none",
                    "the files"});

    if (!log_.epochs.empty()) {
      int64_t steps = 0, skipped = 0;
      double seconds = 0;
      for (const EpochRecord& e : log_.epochs) {
        steps += e.steps;
        skipped += e.skipped;
        if (std::isfinite(e.seconds)) seconds += e.seconds;
      }
      rows.push_back(
          {"epochs logged",
           std::to_string(log_.epochs.size()) + " (epoch " +
               std::to_string(log_.epochs.front().epoch) +
               (log_.epochs.size() > 1 ? " to " + std::to_string(log_.epochs.back().epoch)
                                       : std::string()) +
               "), up to global step " + std::to_string(log_.epochs.back().step),
           "epoch records"});
      rows.push_back(
          {"steps run",
           grouped(steps) + (skipped ? ", " + grouped(skipped) + " skipped as non-finite" : ""),
           "epoch records"});
      rows.push_back({"training time", formatFixed(seconds, 1) + " s", "epoch records"});
    }
    if (!log_.evals.empty()) {
      double seconds = 0;
      for (const EvalRecord& e : log_.evals)
        if (std::isfinite(e.seconds)) seconds += e.seconds;
      rows.push_back(
          {"evaluations",
           std::to_string(log_.evals.size()) + ", " + formatFixed(seconds, 1) + " s in all",
           "eval records"});
    }
    bool iree = false;
    for (Graph g : {Graph::fwd, Graph::fwdEval, Graph::trainStep})
      iree = iree || isFile(files_.compiledGraph(g));
    if (iree)
      rows.push_back({"lowerer", "iree (compiled .vmfb present)", "the files"});
    else if (!log_.header && (!settings || !settings->contains("lowerer")))
      unknown_.push_back("the lowerer (cpu and xla leave no artifact of their own)");

    // What no file but a stored config records: known when the config has every key of it (the
    // initialisation seed has none).
    static const std::pair<const char*, std::vector<const char*>> kConfigOnly[] = {
        {"the planned number of epochs (epoch records do not carry it)", {"epochs"}},
        {"the base learning rate and its schedule (only each epoch's last-step rate is logged)",
         {"lr", "cosine", "warmup-epochs"}},
        {"the loss, weight decay, label smoothing and augmentation",
         {"loss", "weight-decay", "label-smoothing", "augment"}},
        {"the dataset and its path", {"dataset", "data"}},
        {"the initialisation seed", {}}};
    const auto stored = [&](const std::vector<const char*>& keys) {
      if (!settings || keys.empty()) return false;
      for (const char* key : keys)
        if (!settings->contains(key)) return false;
      return true;
    };
    std::vector<std::string> unrecorded;
    for (const auto& [what, keys] : kConfigOnly)
      if (!stored(keys) &&
          !(log_.header && keys.size() == 1 && std::string_view(keys[0]) == "epochs"))
        unrecorded.push_back(what);
    unknown_.insert(unknown_.begin(), unrecorded.begin(), unrecorded.end());

    std::string out = table({"what", "value", "from"}, rows, 3);
    if (settings) {
      std::vector<std::vector<std::string>> entries;
      for (const auto& [key, value] : settings->items())
        entries.push_back({key, settingText(value)});
      out += "<h3>" + escapeXml("Settings (from " + ckptName + ")") + "</h3>" +
             table({"setting", "value"}, entries, 2);
    }
    if (unknown_.empty()) return out;
    out += "<p class=\"unknown\">Not recorded in the run's files, so unknown here: ";
    for (size_t i = 0; i < unknown_.size(); ++i) out += (i ? "; " : "") + escapeXml(unknown_[i]);
    return out + ".</p>";
  }

  // ----- Training

  std::string trainingSection() {
    std::string out;
    if (log_.epochs.empty() && log_.steps.empty())
      return paragraph("The log holds no epoch records.");
    out += "<div class=\"plots\">";
    const std::vector<double> x = epochX();
    std::vector<double> loss, lr, ips;
    for (const EpochRecord& e : log_.epochs) {
      loss.push_back(e.loss);
      lr.push_back(e.lr);
      ips.push_back(e.imagesPerSecond);
    }
    if (!log_.epochs.empty()) {
      if (!log_.steps.empty()) // else the summary shows it
        plot(out,
             lineChart(chart("Training loss per epoch", "mean step loss", {{"loss", x, loss}})));
      plot(out,
           lineChart(chart("Learning rate per epoch", "rate of the last step", {{"lr", x, lr}})));
      plot(out, lineChart(chart("Throughput per epoch", rateUnit(), {{rateUnit(), x, ips}})));
    }
    out += "</div>";
    if (log_.steps.empty())
      out += paragraph("The log holds no step records (--log-every 0, or a run from before they "
                       "were logged), so only the per-epoch means are plotted.");
    std::vector<std::vector<std::string>> rows;
    for (const EpochRecord& e : log_.epochs)
      rows.push_back({std::to_string(e.epoch) + (e.records > 1 ? " (resumed)" : ""),
                      std::to_string(e.step), std::to_string(e.steps), std::to_string(e.skipped),
                      formatValue(e.loss, 6), formatValue(e.lr, 4), fixedOrDash(e.seconds, 2),
                      fixedOrDash(e.imagesPerSecond, 1)});
    if (!rows.empty())
      out += table(
          {"epoch", "global step", "steps", "skipped", "loss", "lr", "seconds", rateUnit()}, rows);
    return out;
  }

  // ----- Evaluation over the epochs

  // One series per eval record of the scalar `name` (scaled).
  Series scalarSeries(std::string name, std::string_view field, double scale = 1) const {
    Series s{std::move(name), evalX(), {}};
    for (const EvalRecord& e : log_.evals)
      s.y.push_back(e.scalar(field).value_or(kMissing) * scale);
    return s;
  }

  bool anyScalar(std::string_view field) const {
    return std::any_of(log_.evals.begin(), log_.evals.end(),
                       [&](const EvalRecord& e) { return e.scalar(field).has_value(); });
  }

  // Members of the object `field`, in first-seen order, each a series over the evals.
  std::vector<Series> groupSeries(std::string_view field, std::string_view suffix,
                                  bool dashed) const {
    std::vector<std::string> names;
    for (const EvalRecord& e : log_.evals)
      if (const NamedValues* g = e.group(field))
        for (const auto& [name, value] : *g)
          if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    std::vector<Series> series;
    for (const std::string& name : names) {
      Series s{name + std::string(suffix), evalX(), {}, dashed};
      for (const EvalRecord& e : log_.evals) {
        double v = kMissing;
        if (const NamedValues* g = e.group(field))
          for (const auto& [key, value] : *g)
            if (key == name) v = value;
        s.y.push_back(v);
      }
      series.push_back(std::move(s));
    }
    return series;
  }

  size_t listLength(std::string_view field) const {
    size_t n = 0;
    for (const EvalRecord& e : log_.evals)
      if (const std::vector<double>* l = e.list(field)) n = std::max(n, l->size());
    return n;
  }

  // The class names of the run record; for a log without one, BraTS's or VisDrone's where the
  // records look like theirs.
  std::vector<std::string> segmentationLabels(size_t classes) const {
    if (log_.header) return classLabels(classes, log_.header->classes);
    return classLabels(classes, isBratsShape(log_.evals.back(), classes)
                                    ? kBratsClasses
                                    : std::vector<std::string>{});
  }
  std::vector<std::string> detectionLabels(size_t classes) const {
    if (log_.header) return classLabels(classes, log_.header->classes);
    return classLabels(classes, classes == kVisdroneClasses.size() ? kVisdroneClasses
                                                                   : std::vector<std::string>{});
  }

  std::string evaluationSection() {
    if (log_.evals.empty()) return paragraph("The log holds no eval records.");
    std::set<std::string> shown = {"correct",       "total", "detections",
                                   "ground_truths", "cases", "positions"};
    std::string out = "<div class=\"plots\">";
    const std::pair<double, double> unit{0, 1};
    if (anyScalar("accuracy")) {
      plot(out, lineChart(chart("Accuracy", "top-1 accuracy (%)",
                                {scalarSeries("accuracy", "accuracy", 100)})));
      shown.insert("accuracy");
    }
    std::vector<Series> dice = groupSeries("dice", "", false);
    if (!dice.empty() || anyScalar("dice_mean")) {
      if (anyScalar("dice_mean")) dice.push_back(scalarSeries("mean", "dice_mean"));
      for (Series& s : groupSeries("dice_per_case", " per case", true))
        dice.push_back(std::move(s));
      plot(out, lineChart(chart("Dice per region", "Dice", dice, unit)));
      shown.insert("dice_mean");
    }
    const size_t iouClasses = listLength("iou");
    if (iouClasses > 0 || anyScalar("miou")) {
      std::vector<Series> iou;
      if (anyScalar("miou")) iou.push_back(scalarSeries("mean IoU", "miou"));
      const std::vector<std::string> labels = segmentationLabels(iouClasses);
      for (size_t c = 0; c < iouClasses; ++c) {
        Series s{"IoU " + labels[c], evalX(), {}, true};
        for (const EvalRecord& e : log_.evals) {
          const std::vector<double>* l = e.list("iou");
          s.y.push_back(l && c < l->size() ? (*l)[c] : kMissing);
        }
        iou.push_back(std::move(s));
      }
      plot(out, lineChart(chart("IoU", "IoU", iou, unit)));
      shown.insert("miou");
    }
    if (anyScalar("map50") || anyScalar("map")) {
      plot(out, lineChart(chart(
                    "Mean average precision", "mAP",
                    {scalarSeries("mAP@0.5", "map50"), scalarSeries("mAP@[.5:.95]", "map")})));
      shown.insert("map50");
      shown.insert("map");
    }
    // Whatever else the records carry: each other number and object over the epochs.
    std::vector<std::string> others;
    for (const EvalRecord& e : log_.evals)
      for (const auto& [key, value] : e.scalars)
        if (!shown.count(key) && std::find(others.begin(), others.end(), key) == others.end())
          others.push_back(key);
    for (const std::string& key : others)
      plot(out, lineChart(chart(key, key, {scalarSeries(key, key)})));
    std::vector<std::string> otherGroups;
    for (const EvalRecord& e : log_.evals)
      for (const auto& [key, values] : e.groups)
        if (key != "dice" && key != "dice_per_case" &&
            std::find(otherGroups.begin(), otherGroups.end(), key) == otherGroups.end())
          otherGroups.push_back(key);
    for (const std::string& key : otherGroups)
      plot(out, lineChart(chart(key, key, groupSeries(key, "", false))));
    out += "</div>";
    return out + evalTable() + writtenSamples();
  }

  // `text` with each C0 control but newline and tab as its Control Pictures sign (U+2400 + c):
  // seen, and valid in the page.
  static std::string visibleControls(std::string_view text) {
    std::string out;
    for (char c : text) {
      if (static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t') {
        out += c;
        continue;
      }
      out += "\xe2\x90";
      out += static_cast<char>(0x80 + c);
    }
    return out;
  }

  // A language model's text after each evaluation (EvalRecord::sample), oldest first.
  std::string writtenSamples() const {
    std::string out;
    for (const EvalRecord& e : log_.evals)
      for (const auto& [key, value] : e.texts)
        if (key == train::kEvalSampleField)
          out += paragraph("epoch " + std::to_string(e.epoch) + ", global step " +
                               std::to_string(e.step),
                           "sub") +
                 "<pre class=\"text\">" + escapeXml(visibleControls(value)) + "</pre>";
    return out.empty() ? out
                       : "<h3>What the model wrote after each evaluation</h3>" +
                             paragraph("Each evaluation's continuation of a newline, drawn as "
                                       "`hlotrain generate` draws by default: the same seed "
                                       "each time.") +
                             out;
  }

  std::string evalTable() const {
    std::vector<std::string> columns;
    const auto addColumn = [&](const std::string& c) {
      if (std::find(columns.begin(), columns.end(), c) == columns.end()) columns.push_back(c);
    };
    for (const EvalRecord& e : log_.evals) {
      for (const auto& [key, value] : e.scalars) addColumn(key);
      for (const auto& [key, values] : e.groups)
        for (const auto& [name, value] : values) addColumn(key + " " + name);
      for (const auto& [key, value] : e.texts)
        if (key != train::kEvalSampleField) addColumn(key);
    }
    std::vector<std::string> header = {"epoch", "global step"};
    header.insert(header.end(), columns.begin(), columns.end());
    header.push_back("seconds");
    std::vector<std::vector<std::string>> rows;
    for (const EvalRecord& e : log_.evals) {
      std::vector<std::string> row = {std::to_string(e.epoch), std::to_string(e.step)};
      for (const std::string& c : columns) {
        std::string cell = "";
        for (const auto& [key, value] : e.scalars)
          if (key == c) cell = formatValue(value, 6);
        for (const auto& [key, values] : e.groups)
          for (const auto& [name, value] : values)
            if (key + " " + name == c) cell = formatValue(value, 6);
        for (const auto& [key, value] : e.texts)
          if (key == c) cell = value;
        row.push_back(cell);
      }
      row.push_back(fixedOrDash(e.seconds, 2));
      rows.push_back(std::move(row));
    }
    return table(header, rows, 0);
  }

  // ----- The last evaluation

  std::string lastEvaluationSection() {
    const EvalRecord& last = log_.evals.back();
    std::string out = "<h2>Last evaluation (epoch " + std::to_string(last.epoch) +
                      ", global step " + std::to_string(last.step) + ")</h2>";
    if (std::optional<double> accuracy = last.scalar("accuracy")) {
      out += paragraph("Top-1 accuracy " + percent(*accuracy) + " (" +
                           formatValue(last.scalar("correct").value_or(kMissing), 12) + " of " +
                           formatValue(last.scalar("total").value_or(kMissing), 12) +
                           " test records).",
                       "sub");
    }
    if (!last.confusion.empty())
      out += confusionPart(last);
    else if (const std::vector<double>* iou = last.list("iou")) {
      out += "<div class=\"plots\">";
      plot(out, barChart(bars("IoU per class", "IoU", segmentationLabels(iou->size()), *iou,
                              std::pair<double, double>{0, 1})));
      out += "</div>";
    }
    if (const std::vector<double>* ap = last.list("ap50")) out += detectionPart(last, *ap);
    // Other lists: one bar chart each.
    for (const auto& [key, values] : last.lists) {
      if (key == "iou" || key == "ap50") continue;
      out += "<div class=\"plots\">";
      plot(out, barChart(bars(key, key, classLabels(values.size(), {}), values)));
      out += "</div>";
    }
    if (task_ == "classification" && last.confusion.empty())
      out += paragraph("This eval record holds no confusion matrix (hlotrain logs one for "
                       "classification since the samples and confusion of its report were added): "
                       "no per-class accuracy.",
                       "unknown");
    return out;
  }

  std::string confusionPart(const EvalRecord& last) {
    const size_t n = last.confusion.size();
    const bool perRecord = task_ == "classification";
    const std::string unit = perRecord ? "records" : "pixels";
    const std::vector<std::string> labels = perRecord ? classLabels(n, {}) : segmentationLabels(n);
    const std::vector<double>* iou = last.list("iou");
    Heatmap map;
    map.title = "Confusion matrix (row-normalised)";
    map.rowTitle = "truth";
    map.columnTitle = "predicted";
    map.rowLabels = labels;
    map.columnLabels = labels;
    std::vector<int64_t> rowSums(n, 0), columnSums(n, 0);
    for (size_t g = 0; g < n; ++g)
      for (size_t p = 0; p < n; ++p) {
        rowSums[g] += last.confusion[g][p];
        columnSums[p] += last.confusion[g][p];
      }
    for (size_t g = 0; g < n; ++g)
      for (size_t p = 0; p < n; ++p) {
        const int64_t count = last.confusion[g][p];
        const double share = rowSums[g] > 0 ? double(count) / double(rowSums[g]) : kMissing;
        map.values.push_back(share);
        map.cellText.push_back(std::isfinite(share) ? formatFixed(100 * share, 1) + "%" : "-");
        map.cellTooltip.push_back("truth " + labels[g] + ", predicted " + labels[p] + ": " +
                                  grouped(count) + " " + unit);
      }
    map.cellSize = n > 8 ? 40 : 64;
    std::string out = "<div class=\"side\"><div class=\"plots\">";
    plot(out, heatmap(map));
    out += "</div>";
    std::vector<std::vector<std::string>> rows;
    for (size_t c = 0; c < n; ++c) {
      const double recall =
          rowSums[c] > 0 ? double(last.confusion[c][c]) / double(rowSums[c]) : kMissing;
      rows.push_back({labels[c], grouped(rowSums[c]), grouped(columnSums[c]),
                      iou && c < iou->size() ? formatValue((*iou)[c], 4) : classIou(last, c),
                      std::isfinite(recall) ? percent(recall) : "-"});
    }
    out += "<div>" +
           table({"class", unit + " (truth)", unit + " (predicted)", "IoU",
                  perRecord ? "accuracy" : "recall"},
                 rows) +
           regionTable(last) + "</div></div>";
    return out;
  }

  // IoU of class c from the matrix (FORMATS.md: TP / (row + column - TP), 0 for an empty one),
  // where the record lists none (classification).
  static std::string classIou(const EvalRecord& last, size_t c) {
    int64_t row = 0, column = 0;
    for (size_t k = 0; k < last.confusion.size(); ++k) {
      row += last.confusion[c][k];
      column += last.confusion[k][c];
    }
    const int64_t tp = last.confusion[c][c], denominator = row + column - tp;
    return formatValue(denominator > 0 ? double(tp) / double(denominator) : 0.0, 4);
  }

  std::string regionTable(const EvalRecord& last) const {
    const NamedValues* dice = last.group("dice");
    if (!dice) return "";
    const NamedValues* perCase = last.group("dice_per_case");
    std::vector<std::vector<std::string>> rows;
    for (const auto& [name, value] : *dice) {
      std::string caseValue = "-";
      if (perCase)
        for (const auto& [key, v] : *perCase)
          if (key == name) caseValue = formatValue(v, 4);
      rows.push_back({name, formatValue(value, 4), caseValue});
    }
    const std::optional<double> cases = last.scalar("cases");
    return table({"region", "Dice (whole set)",
                  "Dice per case" + (cases && *cases > 0 ? " (" + formatValue(*cases, 9) + " cases)"
                                                         : std::string(" (no cases)"))},
                 rows);
  }

  std::string detectionPart(const EvalRecord& last, const std::vector<double>& ap) {
    const std::vector<std::string> labels = detectionLabels(ap.size());
    std::string out = "<div class=\"side\"><div class=\"plots\">";
    plot(out,
         barChart(bars("AP@0.5 per class", "AP@0.5", labels, ap, std::pair<double, double>{0, 1})));
    out += "</div>";
    std::vector<std::vector<std::string>> rows;
    for (size_t c = 0; c < ap.size(); ++c)
      rows.push_back(
          {labels[c], std::isfinite(ap[c]) ? formatValue(ap[c], 4) : "- (no ground truth)"});
    out += "<div>" + table({"class", "AP@0.5"}, rows);
    out += paragraph(
        "mAP@0.5 " + formatValue(last.scalar("map50").value_or(kMissing), 4) + ", mAP@[.5:.95] " +
        formatValue(last.scalar("map").value_or(kMissing), 4) + "; " +
        formatValue(last.scalar("detections").value_or(kMissing), 12) + " detections, " +
        formatValue(last.scalar("ground_truths").value_or(kMissing), 12) + " ground-truth boxes.");
    return out + "</div></div>";
  }

  // ----- Files

  // ----- Samples

  std::string samplesSection(const Samples& s) {
    std::string out = "<h2>Validation samples (epoch " + std::to_string(s.epoch) +
                      ", global step " + std::to_string(s.step) + ")</h2>";
    if (s.samples.empty()) return out + paragraph("The samples file holds no samples.");
    if (s.task == "segmentation") {
      std::string legend = "The input (FLAIR of the centre slice for BraTS), then the ground "
                           "truth and the prediction overlaid:";
      out += "<p class=\"note\">" + escapeXml(legend);
      const std::vector<std::string> names = segmentationLabels(s.colours.size() + 1);
      for (size_t c = 0; c < s.colours.size(); ++c)
        out += "<span class=\"swatch\" style=\"background:" + s.colours[c] + "\"></span>" +
               escapeXml(names[c + 1]);
      out += "</p>";
    } else if (s.task == "detection") {
      out += "<p class=\"note\">Ground-truth boxes <span class=\"swatch\" "
             "style=\"background:#2ecc40\"></span> and predicted boxes of confidence 0.25 or "
             "more <span class=\"swatch\" style=\"background:#ff4136\"></span> (label: class "
             "and confidence).</p>";
    }
    out += "<div class=\"plots\">";
    for (const Sample& sample : s.samples) {
      out += "<figure class=\"sample\">";
      if (s.task == "classification") {
        out += image(sample.image, 112);
        out += "<figcaption>record " + std::to_string(sample.record) + "<br/>truth " +
               std::to_string(sample.truthClass) + ", predicted " +
               std::to_string(sample.predictedClass) +
               (sample.truthClass == sample.predictedClass ? "" : " ✗") + "</figcaption>";
      } else if (s.task == "segmentation") {
        out += "<div class=\"side\">" + image(sample.image, 200) + image(sample.truthImage, 200) +
               image(sample.predictedImage, 200) + "</div><figcaption>record " +
               std::to_string(sample.record) + ": input, truth, prediction</figcaption>";
      } else {
        out += boxedImage(sample, 300) + "<figcaption>record " + std::to_string(sample.record) +
               ": " + std::to_string(sample.truthBoxes.size()) + " true, " +
               std::to_string(sample.predictedBoxes.size()) + " predicted</figcaption>";
      }
      out += "</figure>";
    }
    return out + "</div>";
  }

  std::string image(const std::string& uri, int size) {
    ++pictures_;
    return "<img src=\"" + uri + "\" width=\"" + std::to_string(size) + "\" height=\"" +
           std::to_string(size) + "\" alt=\"\"/>";
  }

  // The picture with its boxes drawn over it in an SVG of the same size.
  std::string boxedImage(const Sample& sample, int size) {
    const std::vector<std::string> names = detectionLabels(kVisdroneClasses.size());
    const double d = size;
    std::string svg = "<svg width=\"" + std::to_string(size) + "\" height=\"" +
                      std::to_string(size) + "\" viewBox=\"0 0 " + std::to_string(size) + " " +
                      std::to_string(size) + "\" font-size=\"10\" fill=\"none\">";
    const auto rect = [&](double x0, double y0, double x1, double y1, const char* colour,
                          const std::string& dash) {
      svg += "<rect x=\"" + formatFixed(x0 * d, 1) + "\" y=\"" + formatFixed(y0 * d, 1) +
             "\" width=\"" + formatFixed(std::max(x1 - x0, 0.0) * d, 1) + "\" height=\"" +
             formatFixed(std::max(y1 - y0, 0.0) * d, 1) + "\" stroke=\"" + colour +
             "\" stroke-width=\"1.5\"" + dash + "/>";
    };
    for (const std::vector<double>& b : sample.truthBoxes)
      rect(b[1], b[2], b[3], b[4], "#2ecc40", " stroke-dasharray=\"4 2\"");
    for (const std::vector<double>& b : sample.predictedBoxes) {
      rect(b[2], b[3], b[4], b[5], "#ff4136", "");
      const size_t c = size_t(std::clamp(b[0], 0.0, double(names.size() - 1)));
      svg += "<text x=\"" + formatFixed(b[2] * d + 1, 1) + "\" y=\"" +
             formatFixed(std::max(b[3] * d - 2, 9.0), 1) + "\" fill=\"#ff4136\">" +
             escapeXml(names[c].substr(names[c].find(' ') + 1) + " " + formatFixed(b[1], 2)) +
             "</text>";
    }
    svg += "</svg>";
    ++plots_;
    return "<div class=\"boxed\">" + image(sample.image, size) + svg + "</div>";
  }

  std::string filesSection() const {
    std::vector<std::vector<std::string>> rows;
    for (const RunFile& f : runFiles(prefix_)) rows.push_back({f.name, grouped(int64_t(f.bytes))});
    std::string out = table({"file", "bytes"}, rows);
    return out;
  }

  std::string prefix_, stem_;
  RunFiles files_;
  const RunLog& log_;
  std::string task_;
  size_t plots_ = 0, pictures_ = 0;
  std::vector<std::string> unknown_;
};

} // namespace

Report buildReport(const std::string& prefix) {
  RunLog log = readRunLog(RunFiles{prefix}.metrics());
  return PageBuilder(prefix, log).build();
}

} // namespace hlotrain::report

#pragma once
// Datasets as stored records, and the per-kind description (DatasetIO) that says how to load
// them and how a stored record becomes a model input. Adding a dataset is one new DatasetIO
// implementation in its own file plus one DatasetKind value; loaders, batches, shuffling and
// augmentation are shared.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hlotrain::data {

class MappedFile;

enum class DatasetKind {
  mnist,
  cifar10,
  imagenette,
  brats,
  brats224,
  brats25d,
  visdrone,
  text,
  tokens
};
enum class Split { train, test };

std::string_view datasetKindName(DatasetKind kind);
std::optional<DatasetKind> datasetKindFromName(std::string_view name);
std::span<const DatasetKind> allDatasetKinds();

// The longest context a language model's windows may have (--context).
constexpr int64_t kMaxTokenContext = 1 << 20;

// A dataset kind with the options some kinds take.
struct DatasetSpec {
  DatasetKind kind;
  // BraTS (2.5D): slices on each side of the centre slice in every record (FORMATS.md "BraTS
  // 2.5D"); brats25d's default is 1, the 2D kinds' 0. text and tokens: the language model's
  // context (in [1, kMaxTokenContext]; none: the net's own), which its windows then are.
  std::optional<int64_t> context;
  // The stored side of the records when not the kind's own: VisDrone 224 or 448 (--input-size);
  // BraTS and VisDrone any side through the C++ API (the CI-sized learning tests).
  std::optional<int64_t> side;
  // text: the file (--data), whose characters are the vocabulary (tokens: the folder of its two
  // token files, whose headers give it), and the window of a record:
  // the net's context (RunPlan sets it once the net is known; 0 until then).
  std::string source = {};
  int64_t window = 0;

  DatasetSpec(DatasetKind k, std::optional<int64_t> c = std::nullopt,
              std::optional<int64_t> s = std::nullopt)
      : kind(k), context(c), side(s) {}
};

// A named set of classes scored together (BraTS's whole tumour, tumour core, enhancing tumour).
struct LabelRegion {
  std::string_view name;
  std::vector<int32_t> classes;
};

// A box in coordinates normalised to its image, [0, 1] on both axes.
struct LabelBox {
  int32_t cls = 0;
  float xmin = 0, ymin = 0, xmax = 0, ymax = 0;
  bool operator==(const LabelBox&) const = default;
};

// What a record's label is: one class index, a mask plane of the image, a YOLOv1 target with its
// boxes, or the next token at every position of a window of tokens.
enum class LabelKind { classIndex, mask, boxes, nextTokens };

// Geometry of one stored record: a uint8 image, channel-major, and a label record of labelBytes
// bytes that decodes to labelShape int32 elements ({} = one class index; {H, W} = a uint8 mask
// aligned with the image, one byte per pixel, cropped and flipped with it).
// `tokens`: the record is `width` token ids (i32 LE; channels and height 1) instead of pixels, and
// records may overlap (windows of one token stream).
struct Geometry {
  int64_t channels = 0;
  int64_t height = 0;
  int64_t width = 0;
  std::vector<int64_t> labelShape;
  int64_t labelBytes = 0;
  int64_t numClasses = 0;
  bool tokens = false;

  int64_t imageBytes() const {
    return channels * height * width * static_cast<int64_t>(tokens ? sizeof(int32_t) : 1);
  }
  int64_t labelElements() const;
  bool hasMasks() const { return labelShape.size() == 2; }
  bool operator==(const Geometry&) const = default;
};

// `count` records inside storage that `owner` keeps alive (a memory-mapped file, or vectors the
// dataset owns): record i's image starts at images[i * imageStride] and its label record at
// labels[i * labelStride]. Interleaved files and separate image/label arrays are both runs.
// `mapped` is the file the spans lie in when they lie in a mapped file (`owner` keeps it alive):
// the records are then read through its guarded MappedFile::read.
struct RecordRun {
  std::shared_ptr<const void> owner;
  std::span<const uint8_t> images;
  int64_t imageStride = 0;
  std::span<const uint8_t> labels;
  int64_t labelStride = 0;
  int64_t count = 0;
  const MappedFile* mapped = nullptr;
};

// The records of one split exactly as stored, never converted: one or more runs of records
// (CIFAR-10's five train batches are five runs) indexed as one sequence. Copies share storage.
class Dataset {
public:
  // Takes the byte vectors: images and label records back to back (label records as the
  // dataset's DatasetIO decodes them; MNIST's are native int32). Throws RuntimeError unless the
  // byte counts are whole records of `geometry`, equal in number.
  Dataset(Geometry geometry, std::vector<uint8_t> images, std::vector<uint8_t> labels);
  // Throws RuntimeError unless every run's spans hold its records of `geometry`.
  Dataset(Geometry geometry, std::vector<RecordRun> runs);

  const Geometry& geometry() const { return geometry_; }
  int64_t size() const { return size_; }
  // For every record the index of the group it belongs to (BraTS: its patient case), when the
  // dataset says; metrics can then be given per group.
  const std::optional<std::vector<int32_t>>& recordGroups() const { return groups_; }
  // Throws RuntimeError unless there is one non-negative group per record.
  void setRecordGroups(std::vector<int32_t> groups);
  // For every record all its ground-truth boxes, when the dataset keeps more than its records
  // hold (VisDrone's val.full_gt.bin).
  const std::optional<std::vector<std::vector<LabelBox>>>& recordBoxes() const { return boxes_; }
  // Throws RuntimeError unless there is one list per record.
  void setRecordBoxes(std::vector<std::vector<LabelBox>> boxes);
  // The stored bytes of `record`, which must be in [0, size()), where they lie. Reading a view of
  // a mapped file is unguarded (a file truncated since it was loaded ends the process there):
  // what reads records for training or evaluation copies them out with copyImage/copyLabel.
  std::span<const uint8_t> image(int64_t record) const;
  std::span<const uint8_t> label(int64_t record) const;
  // Copies the stored image (geometry().imageBytes() bytes) or label record (labelBytes) of
  // `record`, which must be in [0, size()), into `out` of that size. Throws RuntimeError naming
  // the file when a mapped file no longer holds the record (MappedFile::read), or when `out` has
  // another size.
  void copyImage(int64_t record, std::span<uint8_t> out) const;
  void copyLabel(int64_t record, std::span<uint8_t> out) const;

private:
  // The run holding `record` and the record's index inside it.
  std::pair<const RecordRun*, int64_t> locate(int64_t record) const;
  // Copies `stored`, a view inside `run`'s storage, into `out` of its size.
  static void copyStored(const RecordRun& run, std::span<const uint8_t> stored,
                         std::span<uint8_t> out);

  Geometry geometry_;
  std::vector<RecordRun> runs_;
  std::vector<int64_t> runEnds_; // exclusive end record of each run
  int64_t size_ = 0;
  std::optional<std::vector<int32_t>> groups_;
  std::optional<std::vector<std::vector<LabelBox>>> boxes_;
};

// Shape [channels, height, width] of one row of a model input batch; for token input
// (vocabulary > 0) a row is `width` ids below the vocabulary (channels and height 1).
struct InputShape {
  int64_t channels = 0;
  int64_t height = 0;
  int64_t width = 0;
  int64_t vocabulary = 0;
  bool operator==(const InputShape&) const = default;
};

// Which train-time augmentations a dataset uses (FORMATS.md). A stored image larger than the
// input is randomly cropped when augmenting and center-cropped otherwise; a scaled crop is a
// random square of 80–100% of the side resized back to it.
struct Augmentation {
  bool randomCrop = false;
  bool horizontalFlip = false;
  bool scaledCrop = false;
};

// Where one input row was cut from its stored image: the source square (or rectangle) in stored
// pixels, resized to the input when its size differs, then mirrored when `flipped`.
struct ImageCut {
  int64_t y0 = 0, x0 = 0, height = 0, width = 0;
  bool flipped = false;
  bool isWhole(int64_t storedHeight, int64_t storedWidth) const {
    return y0 == 0 && x0 == 0 && height == storedHeight && width == storedWidth && !flipped;
  }
};

class DatasetIO {
public:
  virtual ~DatasetIO() = default;

  virtual DatasetKind kind() const = 0;
  virtual InputShape inputShape() const = 0;
  virtual int64_t numClasses() const = 0;
  // The classes' names, in label order (what a run's header and report show): the dataset's
  // own where its format fixes them, else the indices ("0".."9": MNIST and Fashion-MNIST share
  // one format).
  virtual std::vector<std::string> classNames() const;
  virtual LabelKind labelKind() const { return LabelKind::classIndex; }
  // The int32 label elements of one batch row: {} one class index, {h, w} a mask of the input's
  // height and width, {words} a YOLOv1 label record as stored (its f32 and i32 fields, as bits).
  virtual std::vector<int64_t> labelShape() const { return {}; }
  // The regions segmentation scores besides its classes (none for classification).
  virtual std::span<const LabelRegion> regions() const { return {}; }
  // The input channels that show a record as a picture (the report's samples): one, grey, or
  // three, RGB. By default the three of an RGB input, else the first.
  virtual std::vector<int64_t> pictureChannels() const;
  virtual Augmentation augmentation() const { return {}; }
  // Reads a split from `dir`; throws ParseError naming the file and what was wrong.
  virtual Dataset load(const std::string& dir, Split split) const = 0;
  // How many of a training split's records an epoch draws (its shuffled order cut there): all of
  // them, or for a text as many windows as it holds without overlap.
  virtual int64_t epochRecords(const Dataset& set) const { return set.size(); }
  // A token dataset's vocabulary as its run keeps it (`<prefix>_vocab.txt`, FAMILIES.md 6); empty
  // for others.
  virtual std::string vocabulary() const { return {}; }
  // The SentencePiece model that reads a token dataset's ids (`hlotrain tokenize` writes it beside
  // the token files; the run keeps it as `<prefix>_tokenizer.model`); empty when there is none.
  virtual std::string tokenizer() const { return {}; }
  // The input value of a stored pixel byte of `channel` (b/255 for MNIST).
  virtual float decodePixel(int64_t channel, uint8_t stored) const = 0;
  // Turns one stored class-label record into labelElements() int32 values (masks are read as
  // they are stored, one byte per pixel).
  virtual void decodeLabel(std::span<const uint8_t> stored, std::span<int32_t> out) const;
  // The label of an image cut as `cut`: labels that move with the image (boxes) follow it; by
  // default the label does not move and is decoded as stored.
  virtual void transformLabel(std::span<const uint8_t> stored, const ImageCut& cut,
                              std::span<int32_t> out) const {
    (void)cut;
    decodeLabel(stored, out);
  }
};

// The IO of a dataset with its options, alive for the whole program. Throws ConfigError naming
// the flag for an option the kind does not take (--context outside BraTS) or a value out of range.
const DatasetIO& datasetIO(const DatasetSpec& spec);
Dataset loadDataset(const DatasetSpec& spec, const std::string& dir, Split split);

} // namespace hlotrain::data

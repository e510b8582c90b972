#pragma once
// The VisDrone preprocessor: a VisDrone2019-DET folder becomes OUT/train.bin, OUT/val.bin and
// OUT/val.full_gt.bin in the FORMATS.md layout ("YOLOv1 detection (VisDrone, single grid)"; the
// record geometry and the target encoding are data/Yolo.h's). How we read each rule:
//
// 1. A split's folder is the first directory of SRC/VisDrone2019-DET-<split> and SRC/<split>
//    (train, then val). It holds images/*.jpg (the extension exactly as VisDrone writes it;
//    other files are ignored) and annotations/<stem>.txt for every image: a missing annotation
//    file is refused naming the image, an annotation without an image is ignored. Images go in
//    file-name byte order. A split without images is refused.
// 2. An annotation line is `left,top,width,height,score,category,truncation,occlusion`: 8
//    decimal integers, whitespace around a field and one trailing comma allowed, blank lines
//    skipped. Every non-blank line is checked before the drop rules, so a dropped line must be
//    well-formed too: wrong field count, a non-integer, a category outside 0..11 or a box outside
//    the JPEG's own width W and height H (left < 0, top < 0, left + width > W, top + height > H)
//    is refused naming the file and line.
// 3. Dropped: score 0, categories 0 (ignored region) and 11 (others), width <= 0 or height <= 0.
//    Category c in 1..10 is class c - 1. An image with no box left is not a record.
// 4. A box is xmin = left / W, ymin = top / H, xmax = (left + width) / W, ymax = (top + height) /
// H,
//    in double, stored as float32. The target and mask encode every kept box in file order from
//    those stored floats (data::encodeYoloTarget); the record's box list holds the first 56 and
//    val.full_gt.bin all of them.
// 5. Every image is decoded (tools/Jpeg.h), also one that ends up dropped, since its size
//    checks its boxes, and area-resampled to S x S (tools/Resize.h) as the Imagenette tool does,
//    aspect ratio not kept: R, G, B planes.
// 6. The three files are written to temporaries in OUT (created if missing) and renamed into
//    place only after both splits are complete: a failure leaves neither a partial file nor a
//    temporary. Images are streamed, one decoded image in memory at a time.

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace hlotrain::tools {

struct VisdroneOptions {
  int64_t size = 224; // S: 224 (7x7 grid) or 448 (14x14)
};

struct VisdroneSplitSummary {
  int64_t images = 0;        // .jpg files read
  int64_t records = 0;       // images with a kept box
  int64_t droppedImages = 0; // images left without a box
  int64_t keptBoxes = 0;
  int64_t droppedBoxes = 0;  // annotation lines dropped by rule 3
  int64_t cappedRecords = 0; // records with more boxes than their box list holds
};

struct VisdroneSummary {
  VisdroneSplitSummary train, val;
};

// Throws ConfigError for a size other than 224 or 448, ParseError naming the file (and line) for
// a missing or malformed source, and RuntimeError when the output cannot be written. Progress
// lines (every 100 images, and each split's totals) go to `log`.
VisdroneSummary prepareVisdrone(const std::string& srcDir, const std::string& outDir,
                                const VisdroneOptions& options, std::ostream& log);

// The `hlotrain-visdrone-prep` command line; returns the exit status (0 ok, 1 runtime error, 2 bad
// arguments or input) after printing any error to `err`.
int visdronePrepMain(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace hlotrain::tools

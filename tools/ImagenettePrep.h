#pragma once
// The Imagenette preprocessor: an imagenette2-320 folder of JPEGs (SRC/train/<wnid>/*.JPEG,
// SRC/val/<wnid>/*.JPEG) becomes OUT/train.bin and OUT/val.bin in the FORMATS.md layout (u32 n,
// then per record 1 label byte + R, G, B planes of S x S). Classes are the wnid folders of train,
// sorted; val must hold the same folders. Each image is area-resampled (tools/Resize.h) straight
// to S x S, aspect ratio not kept, as FORMATS.md says. Records go in class order, files sorted by
// name within a class; training shuffles. Both files are written to temporaries and renamed into
// place only when both are complete, so a failure leaves no partial output.

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace hlotrain::tools {

struct ImagenetteOptions {
  int64_t sizeTrain = 256;
  int64_t sizeVal = 224;
};

struct ImagenetteSummary {
  std::vector<std::string> classes; // label i is classes[i]
  int64_t trainRecords = 0;
  int64_t valRecords = 0;
};

// Throws ParseError naming the path for a missing or malformed source (no class folders,
// mismatched val folders, an undecodable JPEG), ConfigError for sizes outside [1, 4096], and
// RuntimeError when the output cannot be written. Progress lines go to `log`.
ImagenetteSummary prepareImagenette(const std::string& srcDir, const std::string& outDir,
                                    const ImagenetteOptions& options, std::ostream& log);

// The `hlotrain-imagenette-prep` command line; returns the exit status (0 ok, 1 runtime error,
// 2 bad arguments or input) after printing any error to `err`.
int imagenettePrepMain(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace hlotrain::tools

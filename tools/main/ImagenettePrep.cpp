// hlotrain-imagenette-prep SRC_DIR OUT_DIR [--size-train 256] [--size-val 224]
#include <iostream>

#include "tools/ImagenettePrep.h"

int main(int argc, char** argv) {
  return hlotrain::tools::imagenettePrepMain(std::vector<std::string>(argv + 1, argv + argc),
                                             std::cout, std::cerr);
}

// hlotrain-visdrone-prep SRC OUT [--size 224|448]
#include <iostream>

#include "tools/VisdronePrep.h"

int main(int argc, char** argv) {
  return hlotrain::tools::visdronePrepMain(std::vector<std::string>(argv + 1, argv + argc),
                                           std::cout, std::cerr);
}

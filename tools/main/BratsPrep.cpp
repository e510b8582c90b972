// hlotrain-brats-prep SRC OUT [--size 240|224] [--context K] [--val-fraction 0.15] [--seed S]
#include <iostream>

#include "tools/BratsPrep.h"

int main(int argc, char** argv) {
  return hlotrain::tools::bratsPrepMain(std::vector<std::string>(argv + 1, argv + argc), std::cout,
                                        std::cerr);
}

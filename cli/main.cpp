#include <cstdio>

int main() {
  std::puts("usage: hlotrain run FILE.mlir");
  return 2;
}

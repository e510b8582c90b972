#!/usr/bin/env bash
# Makes sure clang++ and its sanitizer and libFuzzer runtimes are here: the sanitizer build and
# the fuzzers use them. Run as root on Debian 12, it installs them (set HLOTRAIN_NO_APT=1 to
# skip that); elsewhere it says which packages are missing.
set -euo pipefail

if command -v clang++ >/dev/null && compgen -G "/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null; then
  exit 0
fi
if [[ $(id -u) == 0 && -z ${HLOTRAIN_NO_APT:-} ]] && command -v apt-get >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y clang libclang-rt-14-dev
else
  echo "needs clang++ with its sanitizer and libFuzzer runtimes (Debian: apt-get install clang libclang-rt-14-dev)" >&2
  exit 2
fi

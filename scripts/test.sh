#!/usr/bin/env bash
# Builds hlotrain and runs its whole test suite: the README's test command.
#
#   scripts/test.sh [BUILD_DIR] [CMAKE_ARGS...]
#
# HLOTRAIN_CTEST_ARGS adds arguments to ctest (CI's sanitizer stage: "-LE slow" leaves out the
# long trainings). Tests are labelled unit, train, docs and slow (CMakeLists.txt, hlotrain_tests).
#
# Run as root on Debian 12, it first installs the packages the build needs (set HLOTRAIN_NO_APT=1
# to skip that); elsewhere those packages must already be present.
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=${1:-build}
shift || true

if [[ $(id -u) == 0 && -z ${HLOTRAIN_NO_APT:-} ]] && command -v apt-get >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y cmake ninja-build g++ libdnnl-dev libxbyak-dev libgtest-dev libbenchmark-dev zlib1g-dev \
    libjpeg-dev nlohmann-json3-dev libcli11-dev libpng-dev libsentencepiece-dev python3-numpy python3-pil \
    chromium fortunes
fi

cmake -S . -B "$build_dir" -G Ninja "$@"
cmake --build "$build_dir" -j "${HLOTRAIN_JOBS:-$(nproc)}"
cd "$build_dir"
# Two test processes of two OpenMP threads each share the cores: libgomp's default spin-waiting
# would burn the slices the other threads need (bench/README.md, "OMP_WAIT_POLICY").
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
# shellcheck disable=SC2086 # HLOTRAIN_CTEST_ARGS is a list of words
ctest --output-on-failure -j2 ${HLOTRAIN_CTEST_ARGS:-}

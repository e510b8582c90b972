#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) in build-fuzz (or HLOTRAIN_FUZZ_BUILD_DIR)
# and runs each for SECONDS seconds on a copy of its seed corpus, so the repository is never
# modified.
#
#   fuzz/run.sh SECONDS [TARGET...]      (default: every target; see fuzz/README.md)
#
# Exits non-zero when any target finds a crash, a sanitizer report, a leak, a timeout or an
# out-of-memory; the reproducer is kept under <build>/findings/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:?usage: fuzz/run.sh SECONDS [TARGET...]}
shift
targets=("$@")
if ((${#targets[@]} == 0)); then
  targets=(mlir_parse npy_read npz_read idx_load cifar_load imagenette_load brats_load visdrone_load
           checkpoint_decode jpeg_decode nifti_read token_read)
fi

bash scripts/need-clang.sh

# HLOTRAIN_FUZZ_BUILD_DIR: another clang build to add the targets to (CI's sanitizer build, whose
# libraries they then share; its options, -DHLOTRAIN_SANITIZE=ON among them, stay as they are).
build=${HLOTRAIN_FUZZ_BUILD_DIR:-build-fuzz}
cmake -S . -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DHLOTRAIN_FUZZ=ON \
  -DHLOTRAIN_WERROR=OFF -DHLOTRAIN_BENCH=OFF >/dev/null
cmake --build "$build" -j "${HLOTRAIN_JOBS:-$(nproc)}" --target "${targets[@]}"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failed=()
for target in "${targets[@]}"; do
  corpus=$scratch/$target
  findings=$build/findings/$target
  cp -r "fuzz/corpus/$target" "$corpus"
  mkdir -p "$findings"
  dict=()
  [[ -f fuzz/$target.dict ]] && dict=(-dict="fuzz/$target.dict")
  echo "== $target: ${seconds}s"
  # One process (no -jobs): CI machines and shared hosts stay responsive. A single input that runs
  # past 10 s is a finding (a hang), as is one that needs more than 2 GiB.
  if ! "$build/fuzz/$target" "$corpus" "${dict[@]}" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings/" \
    >"$scratch/$target.log" 2>&1; then
    tail -n 60 "$scratch/$target.log"
    echo "== $target: FINDING (reproducer in $findings/)"
    failed+=("$target")
  else
    grep -E '^(Done|stat::number_of_executed_units)' "$scratch/$target.log" || true
  fi
done
if ((${#failed[@]} > 0)); then
  echo "fuzzing found problems in: ${failed[*]}"
  exit 1
fi
echo "fuzzing: no findings in ${targets[*]}"

#!/usr/bin/env bash
# The README's first Quick-start command: installs what is missing (as root on Debian 12), builds
# hlotrain (Release) and trains MNIST-CNN on Fashion-MNIST with the cpu lowerer on a short
# schedule, printing progress and the test accuracy.
#
#   bash scripts/quickstart.sh [EXTRA hlotrain train FLAGS...]
#
# Environment: HLOTRAIN_NO_APT=1 skips the package check; HLOTRAIN_BUILD_DIR (default
# build-release); HLOTRAIN_REUSE_BUILD=1 builds hlotrain in that directory as it is already
# configured (CI's test build) instead of configuring it for Release; HLOTRAIN_DATA (default
# /usr/share/datasets/fashion-mnist); HLOTRAIN_QUICKSTART_STEPS (default 0: the whole epoch).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ libdnnl-dev libxbyak-dev libgtest-dev libbenchmark-dev zlib1g-dev libjpeg-dev
          nlohmann-json3-dev libcli11-dev libpng-dev libsentencepiece-dev dataset-fashion-mnist)
if [[ -z ${HLOTRAIN_NO_APT:-} ]] && command -v apt-get >/dev/null; then
  missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    if [[ $(id -u) != 0 ]]; then
      echo "quickstart: missing packages: ${missing[*]} (run as root to install them)" >&2
      exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y "${missing[@]}"
  fi
fi

build_dir=${HLOTRAIN_BUILD_DIR:-build-release}
if [[ -z ${HLOTRAIN_REUSE_BUILD:-} ]]; then
  # Warnings stay warnings here: a newer or older compiler must not stop a user's first build.
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHLOTRAIN_BENCH=OFF -DHLOTRAIN_WERROR=OFF
elif [[ ! -f $build_dir/CMakeCache.txt ]]; then
  echo "quickstart: HLOTRAIN_REUSE_BUILD=1 but $build_dir is not a configured build" >&2
  exit 1
fi
cmake --build "$build_dir" --target hlotrain -j "${HLOTRAIN_JOBS:-$(nproc)}"

# The reference recipe (Adam 1e-3, batch 128, wd 1e-4) with its cosine compressed into one epoch
# (468 steps, a few minutes on two cores; HLOTRAIN_QUICKSTART_STEPS=N stops after N steps);
# evaluation always covers all 10,000 test images. libgomp's default spin-waiting halves the speed
# on a machine whose cores are shared, so threads wait passively unless the caller chose.
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
"$build_dir/hlotrain" train --net mnist-cnn --dataset mnist \
  --data "${HLOTRAIN_DATA:-/usr/share/datasets/fashion-mnist}" \
  --epochs 1 --warmup-epochs 0 --max-steps "${HLOTRAIN_QUICKSTART_STEPS:-0}" --log-every 10 \
  --tag quickstart "$@"

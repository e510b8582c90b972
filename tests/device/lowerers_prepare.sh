#!/usr/bin/env bash
# Runs HERE (Debian 12, no accelerator): prepares devcheck-lowerers/, everything
# tests/device/lowerers.sh needs on the device machine that the working tree does not carry:
#   bin/hlotrain           a release build for any x86-64-v3 CPU, stripped
#   bin/hlotrain-avx512    the same for x86-64-v4 CPUs with AVX512-BF16 (the CPU bench's: our
#                          loops vectorized as on the machines we measure on, not at AVX2)
#   lib/<soname>.xz        every shared library it loads except glibc's (libdnnl, libgomp, libz,
#                          libOpenCL, libstdc++, libgcc_s); the device unpacks only those it lacks
#   graphs.tar.xz          the three graphs of every zoo net (`hlotrain emit`), in f32 and in
#                          bf16 (`--precision bf16`; manifest entries NET@bf16)
#   fashion-mnist/         the four IDX .gz files (MNIST-CNN's one-epoch run)
#   manifest.json          nets, batches, graph paths, what the binary was built from
# and reports the size against the run tool's 64 MiB carry limit. See tests/device/README.md.
#
# usage: tests/device/lowerers_prepare.sh [--bin PATH] [--jobs N] [--data DIR]
#   --bin PATH   use this hlotrain instead of building build-device/ (a -march=native build
#                may not run on the device's CPU: the script says so)
#   --jobs N     ninja's -j (default: ninja's own)
#   --data DIR   Fashion-MNIST's IDX files (default /usr/share/datasets/fashion-mnist)
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
HERE=tests/device
DL=devcheck-lowerers
BUILD=build-device
LIMIT=$((64 * 1024 * 1024))
BIN=""
JOBS=""
DATA=/usr/share/datasets/fashion-mnist

while [ $# -gt 0 ]; do
  case "$1" in
    --bin) BIN=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --data) DATA=$2; shift 2 ;;
    *) echo "usage: $0 [--bin PATH] [--jobs N] [--data DIR]" >&2; exit 2 ;;
  esac
done

PY=${PYTHON:-python3}
command -v "$PY" >/dev/null || PY=/usr/bin/python3
for tool in xz strip ldd objdump; do
  command -v "$tool" >/dev/null || { echo "lowerers_prepare.sh: needs $tool" >&2; exit 1; }
done

exclude=$(git rev-parse --git-path info/exclude)
mkdir -p "$(dirname "$exclude")"
grep -qx "/$DL/" "$exclude" 2>/dev/null || echo "/$DL/" >>"$exclude"

# 1. The binary. CMakeLists.txt appends -march=native to CMAKE_CXX_FLAGS_RELEASE after the cache
# is read, so -DCMAKE_CXX_FLAGS_RELEASE=... cannot override it (the last -march wins). A build
# type of our own (Portable) has no CMAKE_CXX_FLAGS_PORTABLE, so only CMAKE_CXX_FLAGS applies.
# -Werror stays off: this build is for running, and others are editing the sources meanwhile.
portable_build() { # DIR MARCH_FLAGS
  echo "== building $1/hlotrain (portable: -O3 $2)"
  local t0
  t0=$(date +%s)
  nice -n 10 cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=Portable \
    "-DCMAKE_CXX_FLAGS=-O3 -DNDEBUG $2" -DHLOTRAIN_BENCH=OFF -DHLOTRAIN_WERROR=OFF >/dev/null
  nice -n 10 ninja -C "$1" ${JOBS:+-j "$JOBS"} hlotrain | tail -n 3
  echo "   built in $(($(date +%s) - t0)) s"
}
if [ -z "$BIN" ]; then
  portable_build "$BUILD" -march=x86-64-v3
  BIN=$BUILD/hlotrain
fi
portable_build "$BUILD-avx512" "-march=x86-64-v4 -mavx512bf16"
[ -x "$BIN" ] || { echo "lowerers_prepare.sh: no executable $BIN" >&2; exit 1; }
bindir=$(dirname "$BIN")
march=unknown
if [ -f "$bindir/build.ninja" ]; then
  if grep -q -- '-march=native' "$bindir/build.ninja"; then march=native; else
    march=$(grep -o -- '-march=[^ ]*' "$bindir/build.ninja" | sort -u | paste -sd' ')
  fi
fi
if [ "$march" = native ]; then
  echo "WARNING: $BIN was built with -march=native ($(grep -m1 'model name' /proc/cpuinfo |
    cut -d: -f2)); it may die with SIGILL on the device's CPU. Build without --bin." >&2
fi

rm -rf "$DL"
mkdir -p "$DL/bin" "$DL/lib" "$DL/fashion-mnist"
strip -o "$DL/bin/hlotrain" "$BIN"
strip -o "$DL/bin/hlotrain-avx512" "$BUILD-avx512/hlotrain"
chmod +x "$DL/bin/hlotrain" "$DL/bin/hlotrain-avx512"

# 2. Its shared libraries, except glibc's own (the device's glibc must be new enough: see
# glibc_needed in the manifest).
glibc_re='^(linux-vdso|ld-linux|libc\.so|libm\.so|libdl\.so|libpthread\.so|librt\.so|libutil\.so)'
libs=()
while read -r soname path; do
  [[ "$soname" =~ $glibc_re ]] && continue
  [ -f "$path" ] || continue
  xz -T0 -9 -c "$(readlink -f "$path")" >"$DL/lib/$soname.xz"
  libs+=("$soname")
done < <(ldd "$BIN" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}')
# What each file needs of glibc and libstdc++ (the newest symbol versions it references).
needs() { objdump -T "$1" 2>/dev/null | grep -o 'GLIBC\(XX\)\?_[0-9][0-9.]*' | sort -uV |
  awk -F_ '{v[$1] = $0} END {printf "%s %s", v["GLIBC"], v["GLIBCXX"]}'; }
glibc_needed="hlotrain: $(needs "$BIN")"
for l in "${libs[@]}"; do
  glibc_needed+="; $l: $(needs "$(ldd "$BIN" | awk -v l="$l" '$1 == l {print $3}')")"
done
echo "== libraries: ${libs[*]}"
echo "   symbol versions needed: $glibc_needed"

# 3. Every zoo net's graphs. Batches: 128 for the MNIST and CIFAR nets (hlotrain train's
# default), 32 for the 224x224 nets (ResNet-34's is the one bench and jax_resnet34.py time),
# 8 for the 240x240 UNet.
tsv=$(mktemp)
trap 'rm -f "$tsv"' EXIT
nets=$("$DL/bin/hlotrain" list | awk 'NR > 1 {print $1}')
for net in $nets; do
  case "$net" in
    mnist-*|cifar-*) batch=128 ;;
    unet-*) batch=8 ;;
    *) batch=32 ;;
  esac
  params=$("$DL/bin/hlotrain" list | awk -v n="$net" '$1 == n {print $2}')
  for precision in f32 bf16; do
    entry=$net
    [ "$precision" = f32 ] || entry=$net@$precision
    mapfile -t paths < <("$DL/bin/hlotrain" emit --net "$net" --out "$DL/graphs/$entry" \
      --batch "$batch" --precision "$precision")
    rel=()
    for p in "${paths[@]}"; do rel+=("${p#"$DL"/}"); done
    (IFS=$'\t'; echo "$entry"$'\t'"$batch"$'\t'"$params"$'\t'"${rel[*]}") >>"$tsv"
    printf '   %-19s batch %-4s %s\n' "$entry" "$batch" \
      "$(du -ch "${paths[@]}" | tail -n1 | cut -f1)"
  done
done
graphs_raw=$(du -sb "$DL/graphs" | cut -f1)
tar -C "$DL" -cf - graphs | xz -T0 -9 >"$DL/graphs.tar.xz"
rm -rf "$DL/graphs"

# 4. The dataset.
for f in train-images-idx3-ubyte train-labels-idx1-ubyte t10k-images-idx3-ubyte \
  t10k-labels-idx1-ubyte; do
  if [ -f "$DATA/$f.gz" ]; then cp "$DATA/$f.gz" "$DL/fashion-mnist/"
  elif [ -f "$DATA/$f" ]; then gzip -9 -c "$DATA/$f" >"$DL/fashion-mnist/$f.gz"
  else echo "lowerers_prepare.sh: no ${DATA}/${f}[.gz]" >&2; exit 1; fi
done

# 5. The manifest.
head=$(git rev-parse HEAD)
dirty=$(git status --porcelain --untracked-files=no | wc -l)
"$PY" "$HERE/lowerers_util.py" manifest "$DL/manifest.json" "$tsv" \
  "git_head=$head" "tracked_files_changed=$dirty" \
  "source_hash=$("$PY" "$HERE/lowerers_util.py" srchash .)" \
  "binary_from=$BIN" "march=$march" "glibc_needed=$glibc_needed" \
  "libraries=${libs[*]}" "graphs_uncompressed_bytes=$graphs_raw" \
  "built_on=$(grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2 | tr -d '"'), $(ldd --version | head -n1)"

# 6. Size against the carry limit.
echo "== $DL:"
(cd "$DL" && du -ab . | sort -k2 | awk '{printf "   %10d  %s\n", $1, $2}' | grep -v ' \.$')
total=$(du -sb "$DL" | cut -f1)
printf '== total %d bytes (%.1f MiB) of the 64 MiB carry limit\n' "$total" \
  "$(echo "$total / 1048576" | bc -l)"
if [ "$total" -gt "$LIMIT" ]; then
  echo "lowerers_prepare.sh: over the carry limit" >&2
  exit 1
fi
echo "carry: [\"$DL\"]"

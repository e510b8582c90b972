#!/usr/bin/env bash
# Runs HERE (no accelerator needed): emits fwd, fwd_eval and train_step of the three reference nets
# into devcheck/, writes inputs for every graph, runs our cpu lowerer on each and keeps its outputs
# for check_emitted.py (device) and indep_torch.py (here). See tests/device/README.md.
#
# usage: tests/device/prepare.sh [HLOTRAIN]   (default: the newest build-*/hlotrain)
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
HERE=tests/device
DEV=devcheck

BIN=${1:-$(ls -t build-*/hlotrain 2>/dev/null | head -1)}
[ -x "$BIN" ] || { echo "prepare.sh: no hlotrain binary (build one: ninja -C build-dev hlotrain)" >&2; exit 1; }

# A python3 with numpy (Debian's /usr/bin/python3 has it; a pyenv shim may not).
PY=${PYTHON:-}
if [ -z "$PY" ]; then
  for p in python3 /usr/bin/python3; do
    if "$p" -c 'import numpy' 2>/dev/null; then PY=$p; break; fi
  done
fi
[ -n "$PY" ] || { echo "prepare.sh: no python3 with numpy" >&2; exit 1; }

grep -qx '/devcheck/' .git/info/exclude 2>/dev/null || echo '/devcheck/' >>.git/info/exclude
rm -rf "$DEV"
mkdir -p "$DEV"

declare -A BATCH=([mnist-linear]=4 [mnist-mlp]=4 [mnist-cnn]=2)
for net in mnist-linear mnist-mlp mnist-cnn; do
  "$BIN" emit --net "$net" --out "$DEV/$net" --batch "${BATCH[$net]}" --optimizer adam \
    --weight-decay 1e-4 --label-smoothing 0.1 >/dev/null
done

"$PY" "$HERE/make_inputs.py" "$DEV"

# One `hlotrain run` per graph, inputs in argument order from the manifest.
status=0
while IFS=$'\t' read -r name mlir outdir inputs; do
  args=()
  for f in $inputs; do args+=(--input "$DEV/$f"); done
  start=$(date +%s%N)
  if "$BIN" run "$DEV/$mlir" "${args[@]}" --output "$DEV/$outdir" >"$DEV/$outdir.log" 2>&1; then
    printf '%-24s ok   %6d ms\n' "$name" $((($(date +%s%N) - start) / 1000000))
  else
    printf '%-24s FAIL (see %s)\n' "$name" "$DEV/$outdir.log"
    status=1
  fi
done < <("$PY" - "$DEV" <<'EOF'
import json, os, sys
m = json.load(open(os.path.join(sys.argv[1], "manifest.json")))
for net, rec in m["nets"].items():
    for g, gr in rec["graphs"].items():
        print("%s/%s\t%s\t%s\t%s" % (net, g, gr["mlir"], os.path.dirname(gr["ours"][0]),
                                     " ".join(gr["inputs"])))
EOF
)
du -sh "$DEV"
exit $status

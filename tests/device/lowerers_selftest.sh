#!/usr/bin/env bash
# Runs HERE: tests what of the lowerers device check can run without a GPU. Needs
# devcheck-lowerers/ (tests/device/lowerers_prepare.sh) for steps 4 to 6.
#   1. bash -n and shellcheck (when installed) on the scripts; py_compile on the helpers
#   2. lowerers_compile.py's worker pool on fake graphs: ok, compile error, hang (timeout),
#      abort (crash), missing file, and a budget that runs out
#   3. lowerers_util.py parse-diff on a made-up `hlotrain diff` output
#   4. jax_resnet34.py's parameter list against our emitted ResNet-34 train step's signature
#   5. tests/device/test_jax_resnet34_torch.py: jax_resnet34.py's net on PyTorch vs our
#      ResNet-34 train step on the cpu lowerer (skipped without torch)
#   6. a rehearsal of lowerers.sh (LOWERERS_REHEARSAL=1): xla on build-device's
#      libhlotrain_pjrt.so when it is built, else the cpu lowerer; the f32 and bf16 diffs, and
#      cpubench forced on mnist-cnn here (CPUBENCH_FORCE=1: this CPU has no AMX)
# usage: tests/device/lowerers_selftest.sh [--quick]     (--quick: skips 5 and 6)
set -uo pipefail
cd "$(git rev-parse --show-toplevel)" || exit 1
HERE=tests/device
DL=devcheck-lowerers
PY=${PYTHON:-python3}
TORCH_PY=/usr/bin/python3
quick=0
[ "${1:-}" = --quick ] && quick=1
fails=0
passes=0
ok() { echo "PASS $*"; passes=$((passes + 1)); }
bad() { echo "FAIL $*"; fails=$((fails + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1.
for f in "$HERE"/lowerers.sh "$HERE"/lowerers_prepare.sh "$HERE"/lowerers_selftest.sh; do
  if bash -n "$f"; then ok "bash -n $f"; else bad "bash -n $f"; fi
done
if command -v shellcheck >/dev/null; then
  if shellcheck "$HERE"/lowerers.sh "$HERE"/lowerers_prepare.sh "$HERE"/lowerers_selftest.sh; then
    ok shellcheck
  else bad shellcheck; fi
fi
if "$PY" -m py_compile "$HERE"/lowerers_util.py "$HERE"/lowerers_compile.py \
  "$HERE"/jax_resnet34.py "$HERE"/test_jax_resnet34_torch.py "$HERE"/official_tools.py \
  "$HERE"/check_emitted.py; then ok py_compile; else bad py_compile; fi

# 2.
mkdir -p "$tmp/fk/g"
for n in a b c d e f; do echo "module { $n }" >"$tmp/fk/g/$n.mlir"; done
echo FAKE_FAIL >"$tmp/fk/g/fail.mlir"
echo FAKE_HANG >"$tmp/fk/g/hang.mlir"
echo FAKE_CRASH >"$tmp/fk/g/crash.mlir"
cat >"$tmp/fk/m.json" <<'EOF'
{"nets": {"n1": {"graphs": {"fwd": "g/a.mlir", "fwd_eval": "g/b.mlir", "train_step": "g/fail.mlir"}},
          "n2": {"graphs": {"fwd": "g/c.mlir", "fwd_eval": "g/hang.mlir", "train_step": "g/crash.mlir"}},
          "n3": {"graphs": {"fwd": "g/d.mlir", "fwd_eval": "g/e.mlir", "train_step": "g/missing.mlir"}},
          "n4": {"graphs": {"fwd": "g/f.mlir"}}}}
EOF
"$PY" "$HERE/lowerers_compile.py" --manifest "$tmp/fk/m.json" --graphs "$tmp/fk" \
  --out "$tmp/fk/out.json" --workers 2 --graph-timeout 3 --fake >"$tmp/fk/log" 2>&1
rc=$?
if "$PY" - "$tmp/fk/out.json" "$rc" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
got = {k: v["status"] for k, v in r["graphs"].items()}
want = {"n1/fwd": "ok", "n1/fwd_eval": "ok", "n1/train_step": "error", "n2/fwd": "ok",
        "n2/fwd_eval": "timeout", "n2/train_step": "crash", "n3/fwd": "ok", "n3/fwd_eval": "ok",
        "n3/train_step": "error", "n4/fwd": "ok"}
assert got == want, got
assert "INVALID_ARGUMENT" in r["graphs"]["n1/train_step"]["error"]
assert "134" in r["graphs"]["n2/train_step"]["error"]
assert sys.argv[2] == "1"
EOF
then ok "compile pool: ok, error, timeout, crash, missing"; else bad "compile pool (see $tmp/fk/log)"; fi
"$PY" "$HERE/lowerers_compile.py" --manifest "$tmp/fk/m.json" --graphs "$tmp/fk" \
  --out "$tmp/fk/out2.json" --workers 1 --graph-timeout 60 --budget-s 2 --fake >/dev/null 2>&1
if "$PY" -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["wall_s"] < 10, r["wall_s"]
assert any(v["status"] in ("timeout", "not run") for v in r["graphs"].values())
' "$tmp/fk/out2.json"; then ok "compile pool: budget"; else bad "compile pool: budget"; fi

# 3.
cat >"$tmp/diff.log" <<'EOF'
diff mnist-cnn batch 32: cpu (cpu) vs xla (xla: plugin), relative tolerance 0.0001
train_step param' conv0.w                            max_abs 1.200e-07  max_rel 2.100e-06
train_step param' dense8.b                           max_abs 2.000e-03  max_rel 1.000e+00  EXCEEDS
train_step opt_state' 0 conv0.w                      max_abs 1.000e-08  max_rel 3.000e-05
train_step opt_state' 1 conv0.w                      max_abs 1.000e-10  max_rel 2.000e-04  EXCEEDS
train_step loss                                      max_abs 1.000e-07  max_rel 4.000e-08
fwd_eval   logits                                    max_abs 3.000e-04  max_rel inf  EXCEEDS
largest relative difference inf (logits): 3 outputs exceed the tolerance
EOF
"$PY" "$HERE/lowerers_util.py" parse-diff "$tmp/diff.log" 1 "$tmp/diff.json" >/dev/null
if "$PY" -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["status"] == "fail" and d["outputs"] == 6 and d["exceeding"] == 3, d
assert d["worst"]["output"] == "logits", d["worst"]
k = d["per_kind"]
assert k["param'"'"'"]["exceeding"] == 1 and k["v'"'"'"]["max_rel"] == 2e-4, k
' "$tmp/diff.json"; then ok parse-diff; else bad parse-diff; fi

# 4.
r34=$("$PY" "$HERE/lowerers_util.py" get "$DL/manifest.json" nets resnet-34 graphs train_step)
if [ -z "$r34" ]; then
  bad "no $DL/manifest.json: run tests/device/lowerers_prepare.sh first"
else
  "$PY" "$HERE/lowerers_util.py" extract "$DL/graphs.tar.xz" "$tmp/bundle"
  if "$PY" "$HERE/jax_resnet34.py" --check-signature "$tmp/bundle/$r34"; then
    ok "jax_resnet34.py parameters = our ResNet-34 train step's arguments"
  else bad "jax_resnet34.py signature"; fi
fi

if ((quick)); then
  echo "$passes passed, $fails failed"
  exit $((fails > 0))
fi

# 5.
if "$TORCH_PY" -c 'import torch, numpy' 2>/dev/null && [ -x "$DL/bin/hlotrain" ]; then
  if "$TORCH_PY" "$HERE/test_jax_resnet34_torch.py" "$DL/bin/hlotrain" 2; then
    ok "jax_resnet34.py's net on torch = our ResNet-34 train step on the cpu lowerer"
  else bad "test_jax_resnet34_torch.py"; fi
else
  echo "SKIP test_jax_resnet34_torch.py (no torch in $TORCH_PY, or no $DL/bin/hlotrain)"
fi

# 6.
plugin=$(ls build-device/libhlotrain_pjrt.so 2>/dev/null)
LOWERERS_REHEARSAL=1 REHEARSAL_PJRT_PLUGIN=${plugin:+$PWD/$plugin} BUDGET_S=400 \
  CPUBENCH_FORCE=1 CPUBENCH_NETS=mnist-cnn CPUBENCH_BIG=mnist-cnn \
  "$HERE/lowerers.sh" "$tmp/out" >"$tmp/rehearsal.log" 2>&1
if "$PY" -c '
import json, sys
s = json.load(open(sys.argv[1]))
st = {r["step"]: r["status"] for r in s["steps"]}
assert st.get("setup") == "ok", st
assert st.get("compile") == "ok", st
for n in ("mnist-cnn", "cifar-10-bn", "resnet-18"):
    assert st.get("diff:" + n) == "pass", st
    assert st.get("diff:" + n + "@bf16") == "pass", st
assert s["compile"]["counts"]["graphs"] == 60, s["compile"]["counts"]
for step in ("cpubench:ours", "cpubench:peer mnist-cnn"):
    assert st.get(step) == "ok", st
assert s["train"]["mnist-cnn"]["status"] == "ok" and s["train"]["mnist-cnn"]["accuracy"] > 0.3
assert s["bench"]["mnist-cnn"]["status"] == "ok", s["bench"]
assert len(s["table"]) > 30
' "$tmp/out/summary.json"; then
  ok "rehearsal of lowerers.sh (xla on ${plugin:-the cpu lowerer})"
else
  bad "rehearsal of lowerers.sh:"
  tail -n 30 "$tmp/rehearsal.log"
fi
echo "$passes passed, $fails failed"
exit $((fails > 0))

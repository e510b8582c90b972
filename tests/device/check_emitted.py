"""Checks our emitted StableHLO with the StableHLO project's own tools (in jaxlib).

usage: check_emitted.py DEVDIR OUTDIR [--eval-timeout S] [--cnn-train-timeout S] [--no-eval]
       check_emitted.py --eval-child DEVDIR NET GRAPH RESULT.npz      (internal)

DEVDIR comes from prepare.sh (emitted modules, inputs, our cpu lowerer's
outputs, manifest.json). For every emitted module this:
  1. parses it with StableHLO's parser in JAX's MLIR context
     (`jax._src.interpreters.mlir.make_ir_context()`, `ir.Module.parse`), runs
     the verifier (`operation.verify()`), and serializes it as a portable
     artifact (the VHLO legalization the official tools use for versioning);
  2. runs it on the StableHLO reference interpreter
     (`jaxlib.mlir.dialects.stablehlo.eval_module`), each module in its own
     subprocess with its own timeout (the interpreter can abort the process and
     is slow on convolutions), all in parallel, and compares every result with
     our cpu lowerer's;
  3. runs an independent JAX implementation (indep_jax.py) of every graph on
     XLA CPU in float32 from the same inputs and compares with ours.
Writes OUTDIR/summary.json and OUTDIR/check.log. Exit 0 when everything that
ran passed (eval timeouts are reported, not failures), 1 otherwise.
"""
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import traceback

os.environ.setdefault("JAX_PLATFORMS", "cpu")
import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import devcheck_common as dc  # noqa: E402
from official_tools import ir_context, parse_and_verify  # noqa: E402


def to_attr(a):
    """numpy -> DenseElementsAttr (0-d arrays as rank-0 splats)."""
    from jax._src.lib.mlir import ir
    a = np.array(a, order="C")
    if a.ndim == 0:
        if a.dtype.kind == "f":
            elt = ir.F32Type.get() if a.dtype == np.float32 else ir.F64Type.get()
            return ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get([], elt),
                                                  ir.FloatAttr.get(elt, float(a)))
        elt = ir.IntegerType.get_signless(a.dtype.itemsize * 8)
        return ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get([], elt),
                                              ir.IntegerAttr.get(elt, int(a)))
    return ir.DenseElementsAttr.get(a)


def from_attr(attr, shape, dtype):
    """DenseElementsAttr -> numpy of the given shape (splats broadcast)."""
    from jax._src.lib.mlir import ir
    try:
        got = np.array(attr)
    except Exception:
        try:
            vals = list(ir.DenseFPElementsAttr(attr))
        except Exception:
            vals = list(ir.DenseIntElementsAttr(attr))
        got = np.array(vals)
    got = got.astype(dtype)
    if got.size == 1 and int(np.prod(shape)) != 1:
        return np.full(shape, got.reshape(()), dtype)
    return got.reshape(shape)


def eval_child(devdir, net, graph, result_path):
    """Runs one module on the reference interpreter; saves its results as .npz."""
    from jaxlib.mlir.dialects import stablehlo as sh
    from jax._src.lib.mlir import ir
    gr = dc.load_manifest(devdir)["nets"][net]["graphs"][graph]
    text = open(os.path.join(devdir, gr["mlir"])).read()
    inputs = dc.load_inputs(devdir, gr)
    t0 = time.time()
    with ir_context(), ir.Location.unknown():
        module = ir.Module.parse(text)
        results = list(sh.eval_module(module, [to_attr(a) for a in inputs]))
        outs = [from_attr(r, tuple(s), np.dtype(d)) for r, (s, d) in
                zip(results, gr["result_types"])]
    np.savez(result_path, *outs)
    print("eval_module %s/%s: %d results in %.1fs" % (net, graph, len(results), time.time() - t0))


class Log:
    def __init__(self, path):
        self.fh = open(path, "w")

    def __call__(self, msg):
        print(msg, flush=True)
        self.fh.write(msg + "\n")
        self.fh.flush()


def start_evals(devdir, manifest, tmp, timeouts):
    procs = {}
    for net, rec in manifest["nets"].items():
        for g in rec["graphs"]:
            name = "%s/%s" % (net, g)
            res = os.path.join(tmp, "%s_%s.npz" % (net, g))
            logf = open(os.path.join(tmp, "%s_%s.log" % (net, g)), "w")
            p = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--eval-child",
                                  devdir, net, g, res], stdout=logf, stderr=subprocess.STDOUT)
            limit = timeouts["cnn_train"] if name == "mnist-cnn/train_step" else timeouts["eval"]
            procs[name] = {"proc": p, "res": res, "log": logf.name, "start": time.time(),
                           "limit": limit, "net": net, "graph": g}
    return procs


def finish_evals(devdir, manifest, procs, log):
    out = {}
    for name, e in procs.items():
        p = e["proc"]
        remaining = e["limit"] - (time.time() - e["start"])
        try:
            p.wait(timeout=max(remaining, 0.1))
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
            out[name] = {"status": "timeout after %ds" % e["limit"]}
            log("interp %-20s TIMEOUT after %ds (not a failure of the module)" % (name, e["limit"]))
            continue
        tail = open(e["log"]).read()[-1500:]
        if p.returncode != 0:
            out[name] = {"status": "error: exit %d" % p.returncode, "output": tail}
            log("interp %-20s ERROR exit %d: %s" % (name, p.returncode, tail.strip()[-600:]))
            continue
        rec = manifest["nets"][e["net"]]
        gr = rec["graphs"][e["graph"]]
        with np.load(e["res"]) as z:
            got = [z["arr_%d" % k] for k in range(len(z.files))]
        args = dc.split_args(e["net"], gr["arg_roles"], dc.load_inputs(devdir, gr))
        ours = dc.load_ours(devdir, gr)
        ok, rows = dc.compare_graph(rec, e["graph"], args, got, ours)
        out[name] = {"status": "match" if ok else "mismatch", "seconds":
                     round(time.time() - e["start"], 1), "outputs": rows}
        dc.log_rows(log, "interp " + name, gr, ok, rows, got, ours)
    return out


def main(argv):
    if len(argv) >= 2 and argv[1] == "--eval-child":
        eval_child(*argv[2:6])
        return 0
    args = [a for a in argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        raise SystemExit(__doc__)
    devdir, outdir = (os.path.abspath(a) for a in args)
    opts = {"eval": 150, "cnn_train": 240}
    for flag, key in (("--eval-timeout", "eval"), ("--cnn-train-timeout", "cnn_train")):
        if flag in argv:
            opts[key] = float(argv[argv.index(flag) + 1])
    os.makedirs(outdir, exist_ok=True)
    log = Log(os.path.join(outdir, "check.log"))
    manifest = dc.load_manifest(devdir)
    summary = {"env": {"python": platform.python_version()}, "verify": {}, "interp": {},
               "independent": {}}

    def save():
        with open(os.path.join(outdir, "summary.json"), "w") as fh:
            json.dump(summary, fh, indent=1)

    import jax
    import jaxlib
    from jaxlib.mlir.dialects import stablehlo as sh
    summary["env"].update({"jax": jax.__version__, "jaxlib": jaxlib.__version__,
                           "stablehlo": sh.get_current_version(), "numpy": np.__version__,
                           "backend": jax.default_backend()})
    log("env: %s" % summary["env"])

    tmp = tempfile.mkdtemp(prefix="devcheck_")
    procs = {} if "--no-eval" in argv else start_evals(devdir, manifest, tmp, opts)
    log("started %d reference-interpreter subprocesses (timeouts %s)" % (len(procs), opts))

    for net, rec in manifest["nets"].items():
        for g, gr in rec["graphs"].items():
            r = parse_and_verify(open(os.path.join(devdir, gr["mlir"])).read())
            summary["verify"][gr["mlir"]] = r
            log("verify %-40s parse %s, verify %s, portable artifact %s"
                % (gr["mlir"], r["parse"], r["verify"], r["portable_artifact"]))
    save()

    try:
        import indep_jax
        summary["independent"] = dc.independent_report(devdir, indep_jax.run_graph, log)
    except Exception:
        summary["independent"] = {"error": traceback.format_exc()[-3000:]}
        log("independent JAX implementation raised:\n" + traceback.format_exc())
    save()

    summary["interp"] = finish_evals(devdir, manifest, procs, log)
    verify_ok = all(r["parse"] == "ok" and r["verify"] == "ok"
                    for r in summary["verify"].values())
    indep_ok = "error" not in summary["independent"] and all(
        r["ok"] for r in summary["independent"].values())
    interp_ok = all(r["status"] in ("match",) or r["status"].startswith("timeout")
                    for r in summary["interp"].values())
    summary["result"] = {"parse_verify_all_ok": verify_ok, "interp_all_ok_or_timeout": interp_ok,
                         "independent_all_ok": indep_ok}
    save()
    log("RESULT %s" % summary["result"])
    return 0 if verify_ok and indep_ok and interp_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

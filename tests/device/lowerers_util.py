"""Helpers of the lowerers device check (tests/device/lowerers*.sh). Standard library only, so
that any python3 runs it, here (Debian 12) and on the device machine.

usage: lowerers_util.py srchash ROOT
       lowerers_util.py manifest OUT.json NETS.tsv KEY=VALUE...        (lowerers_prepare.sh)
       lowerers_util.py probe OUT.json                                  (device: python/jax/CUDA)
       lowerers_util.py get FILE.json KEY [KEY...]                      (one value; lists joined by :)
       lowerers_util.py kv OUT.json KEY=VALUE...                         (a flat JSON object)
       lowerers_util.py extract ARCHIVE.tar.xz DEST
       lowerers_util.py unxz FILE.xz DEST
       lowerers_util.py parse-diff LOG RC OUT.json
       lowerers_util.py parse-train LOG ARTIFACTS_DIR RC OUT.json
       lowerers_util.py parse-bench LOG RC OUT.json [EXPECTED_LOWERER]
       lowerers_util.py summary OUTDIR                                  (writes OUTDIR/summary.json)
"""
import glob
import hashlib
import json
import lzma
import os
import re
import shutil
import sys
import tarfile
import time

# What the hlotrain binary is built from: every C++ source, header and CMakeLists.txt outside
# tests/, the build folders and the device-check folders.
_SRC_SUFFIXES = (".cpp", ".h", ".hpp", ".cc")
_SKIP_TOP = ("tests", "fuzz", "bench", "docs", "scripts")


def source_hash(root):
    h = hashlib.sha256()
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        if rel == ".":
            dirnames[:] = sorted(d for d in dirnames
                                 if not (d.startswith(("build", "devcheck", ".")) or d in _SKIP_TOP))
        else:
            dirnames.sort()
        for f in filenames:
            if f.endswith(_SRC_SUFFIXES) or f == "CMakeLists.txt":
                files.append(os.path.normpath(os.path.join(rel, f)))
    for f in sorted(files):
        with open(os.path.join(root, f), "rb") as fh:
            h.update(f.encode() + b"\0" + hashlib.sha256(fh.read()).digest())
    return "%s (%d files)" % (h.hexdigest()[:16], len(files))


def write_json(path, obj):
    tmp = path + ".tmp"
    with open(tmp, "w") as fh:
        json.dump(obj, fh, indent=1, sort_keys=False)
        fh.write("\n")
    os.replace(tmp, path)


def read_json(path, default=None):
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return default


def tail(path, n=30, limit=4000):
    try:
        with open(path, errors="replace") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return ""
    return "\n".join(lines[-n:])[-limit:]


# ---------------------------------------------------------------------------------------------
# prepare side

def cmd_manifest(out, nets_tsv, *pairs):
    """NETS.tsv: net, batch, then the three emitted .mlir paths (relative to the bundle)."""
    nets = {}
    with open(nets_tsv) as fh:
        for line in fh:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 5:
                continue
            net, batch, params = parts[0], int(parts[1]), parts[2]
            graphs = {}
            for path in parts[3:]:
                for g in ("fwd_eval", "train_step", "fwd"):
                    if path.endswith("_%s.mlir" % g):
                        graphs[g] = path
                        break
            nets[net] = {"batch": batch, "parameters": int(params) if params.isdigit() else params,
                         "graphs": graphs}
    meta = {}
    for p in pairs:
        k, _, v = p.partition("=")
        meta[k] = v
    write_json(out, {"created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                     "meta": meta, "nets": nets})


# ---------------------------------------------------------------------------------------------
# device side: environment

def cmd_probe(out):
    """Python, jax, jaxlib, the CUDA PJRT plugin and the nvidia wheels' library folders."""
    env = {"python": sys.version.split()[0], "python_exe": sys.executable}
    try:
        import jax  # noqa: F401
        import jaxlib
        env["jax"] = jax.__version__
        env["jaxlib"] = getattr(jaxlib, "__version__", "?")
    except Exception as e:  # the rest still tells what is there
        env["jax_error"] = repr(e)[:500]
    plugin, errors = None, []
    for mod in ("jax_plugins.xla_cuda13", "jax_plugins.xla_cuda12"):
        try:
            import importlib
            m = importlib.import_module(mod)
            cand = os.path.join(os.path.dirname(m.__file__), "xla_cuda_plugin.so")
            if os.path.exists(cand):
                plugin = cand
                env["plugin_module"] = mod
                break
            errors.append("%s: no %s" % (mod, cand))
        except Exception as e:
            errors.append("%s: %r" % (mod, e))
    env["plugin"] = plugin
    if not plugin:
        env["plugin_error"] = "; ".join(errors)[:1000]
    lib_dirs, roots = [], []
    try:
        import nvidia
        roots = [str(p) for p in nvidia.__path__]
    except Exception as e:
        env["nvidia_error"] = repr(e)[:300]
    for root in roots:
        for d in sorted(glob.glob(os.path.join(root, "*", "lib"))):
            if os.path.isdir(d) and d not in lib_dirs:
                lib_dirs.append(d)
    env["nvidia_roots"] = roots
    env["nvidia_lib_dirs"] = lib_dirs
    # The CUDA folder XLA needs for libdevice and ptxas: jax's own choice, else the folder that
    # holds nvvm/libdevice in the wheels.
    cuda_path = None
    try:
        from jax._src import lib as jlib
        cuda_path = getattr(jlib, "cuda_path", None)
    except Exception:
        pass
    if not (cuda_path and os.path.isdir(str(cuda_path))):  # jax 0.11.2 gave the text "None"
        cuda_path = None
        for root in roots:
            hits = sorted(glob.glob(os.path.join(root, "*", "nvvm", "libdevice", "libdevice*.bc")))
            if hits:
                cuda_path = os.path.dirname(os.path.dirname(os.path.dirname(hits[0])))
                break
    env["cuda_path"] = cuda_path
    ptxas = None
    for root in ([cuda_path] if cuda_path else []) + roots:
        hits = sorted(glob.glob(os.path.join(root, "bin", "ptxas")) +
                      glob.glob(os.path.join(root, "*", "bin", "ptxas")))
        if hits:
            ptxas = hits[0]
            break
    env["ptxas_dir"] = os.path.dirname(ptxas) if ptxas else None
    write_json(out, env)
    print(json.dumps(env, indent=1))


def cmd_get(path, *keys):
    obj = read_json(path, {})
    for k in keys:
        obj = obj.get(k) if isinstance(obj, dict) else None
    if obj is None:
        print("")
    elif isinstance(obj, list):
        print(":".join(str(x) for x in obj))
    else:
        print(obj)


def cmd_kv(out, *pairs):
    write_json(out, dict(p.partition("=")[::2] for p in pairs))


def cmd_extract(archive, dest):
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(archive) as tf:
        try:
            tf.extractall(dest, filter="data")
        except TypeError:  # Python without extraction filters
            tf.extractall(dest)


def cmd_unxz(src, dest):
    with lzma.open(src) as fin, open(dest, "wb") as fout:
        shutil.copyfileobj(fin, fout)


# ---------------------------------------------------------------------------------------------
# device side: parsing each step's output

_NUM = r"([-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|inf|nan))"


def _float(s):
    try:
        return float(s)
    except ValueError:
        return None


def step_status(rc, ok_rcs=(0,)):
    rc = int(rc)
    if rc in ok_rcs:
        return "ok"
    if rc in (124, 137):
        return "timeout"
    if rc == 125:
        return "skipped"
    return "error"


def output_kind(name):
    """`param' conv0.w` -> param', `opt_state' 0 conv0.w` -> m' (1: v'), `bn_batch_mean 3` ->
    bn_batch_mean; loss and logits stay."""
    parts = name.split()
    if not parts:
        return "?"
    if parts[0] == "opt_state'" and len(parts) > 1:
        return {"0": "m'", "1": "v'"}.get(parts[1], "opt_state' " + parts[1])
    return parts[0]


def cmd_parse_diff(log, rc, out):
    """`hlotrain diff` prints `GRAPH NAME max_abs A  max_rel R[  EXCEEDS]` per output and a
    closing `largest relative difference ...` line; exit 0 within tolerance, 1 above (or a run
    failed), 2 bad flags."""
    rc = int(rc)
    rows, exceed = [], 0
    text = ""
    try:
        with open(log, errors="replace") as fh:
            text = fh.read()
    except OSError:
        pass
    header = ""
    for line in text.splitlines():
        if line.startswith("diff "):
            header = line.strip()
        m = re.match(r"^(\S+)\s+(.*?)\s+max_abs\s+" + _NUM + r"\s+max_rel\s+" + _NUM + r"(.*)$",
                     line)
        if m:
            row = {"graph": m.group(1), "output": m.group(2).strip(),
                   "max_abs": _float(m.group(3)), "max_rel": _float(m.group(4)),
                   "exceeds": "EXCEEDS" in m.group(5)}
            exceed += row["exceeds"]
            rows.append(row)
    worst = max(rows, key=lambda r: -1 if r["max_rel"] is None else r["max_rel"]) if rows else None
    per_graph, per_kind = {}, {}
    for r in rows:
        kind = output_kind(r["output"])
        k = per_kind.setdefault(kind, {"outputs": 0, "exceeding": 0, "max_rel": 0.0})
        k["outputs"] += 1
        k["exceeding"] += r["exceeds"]
        if r["max_rel"] is not None:
            k["max_rel"] = max(k["max_rel"], r["max_rel"])
        g = per_graph.setdefault(r["graph"], {"outputs": 0, "exceeding": 0, "max_rel": 0.0})
        g["outputs"] += 1
        g["exceeding"] += r["exceeds"]
        if r["max_rel"] is not None:
            g["max_rel"] = max(g["max_rel"], r["max_rel"])
    if rc == 0 and rows:
        status = "pass"
    elif rc == 1 and rows:
        status = "fail"
    elif "unknown command 'diff'" in text:
        status = "error: this hlotrain has no `diff` command"
    else:
        status = step_status(rc) if rc != 0 else "error: no diff rows in the output"
    rec = {"status": status, "rc": rc, "header": header, "outputs": len(rows),
           "exceeding": exceed, "per_graph": per_graph, "per_kind": per_kind,
           "worst": worst, "exceeding_rows": [r for r in rows if r["exceeds"]][:40]}
    if status not in ("pass",):
        rec["log_tail"] = tail(log, 25)
    write_json(out, rec)
    print("%s: %s%s" % (os.path.basename(log), status,
                        ", largest relative difference %.3e (%s %s)" % (
                            worst["max_rel"], worst["graph"], worst["output"]) if worst else ""))


def cmd_parse_train(log, artifacts, rc, out):
    """The epoch and eval records of `<artifacts>/<prefix>_metrics.jsonl`, and the final line."""
    rc = int(rc)
    rec = {"status": step_status(rc), "rc": rc}
    jsonls = sorted(glob.glob(os.path.join(artifacts, "*_metrics.jsonl")))
    epochs, evals = [], []
    for path in jsonls:
        with open(path, errors="replace") as fh:
            for line in fh:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                (epochs if r.get("type") == "epoch" else evals if r.get("type") == "eval"
                 else []).append(r)
    rec["metrics_files"] = jsonls
    if epochs:
        e = epochs[-1]
        rec.update({"epochs": len(epochs), "steps": e.get("step"), "train_loss": e.get("loss"),
                    "images_per_s": e.get("images_per_s"), "epoch_seconds": e.get("seconds")})
    if evals:
        rec["accuracy"] = evals[-1].get("accuracy")
        rec["eval_seconds"] = evals[-1].get("seconds")
    text = tail(log, 400, 1 << 20)
    m = re.findall(r"final test (.*)", text)
    if m:
        rec["final_line"] = m[-1].strip()
        if "accuracy" not in rec:
            a = re.search(r"accuracy\s+" + _NUM + "%", m[-1])
            if a:
                rec["accuracy"] = _float(a.group(1)) / 100
    lowerer = re.findall(r"lowerer[^\n]*", text[:4000])
    if lowerer:
        rec["lowerer_line"] = lowerer[0][:300]
    if rec["status"] == "ok" and "accuracy" not in rec:
        rec["status"] = "error: no accuracy in the output"
    if rec["status"] != "ok":
        rec["log_tail"] = tail(log, 25)
    write_json(out, rec)
    print("%s: %s, accuracy %s, %s images/s" % (os.path.basename(log), rec["status"],
                                                rec.get("accuracy"), rec.get("images_per_s")))


def last_json_line(path):
    try:
        with open(path, errors="replace") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        line = line.strip()
        if line.startswith("{") and line.endswith("}"):
            try:
                return json.loads(line)
            except ValueError:
                continue
    return None


def cmd_parse_bench(log, rc, out, expected_lowerer=None):
    rc = int(rc)
    rec = {"status": step_status(rc), "rc": rc}
    j = last_json_line(log)
    if j is not None:
        rec["bench"] = j
        rec["images_per_s"] = j.get("images_per_s")
        rec["lowerer"] = j.get("lowerer")
    text = tail(log, 50)
    if "unknown flag '--lowerer'" in text:
        rec["status"] = "error: this hlotrain's bench has no --lowerer"
    elif rec["status"] == "ok" and j is None:
        rec["status"] = "error: no JSON line"
    elif rec["status"] == "ok" and expected_lowerer and rec["lowerer"] != expected_lowerer:
        rec["status"] = "error: bench ran on %s, not %s" % (rec["lowerer"], expected_lowerer)
    if rec["status"] != "ok":
        rec["log_tail"] = tail(log, 25)
    write_json(out, rec)
    print("%s: %s, %s images/s (lowerer %s)" % (os.path.basename(log), rec["status"],
                                               rec.get("images_per_s"), rec.get("lowerer")))


# ---------------------------------------------------------------------------------------------
# device side: the summary

def _fmt(v, spec="%.4g"):
    if v is None:
        return "-"
    if isinstance(v, float):
        return spec % v
    return str(v)


def _tolerance(diff_header):
    """`diff mnist-cnn batch 32: ... relative tolerance 0.0001` -> 0.0001 ("?" if absent)."""
    m = re.search(r"relative tolerance (\S+)", diff_header)
    return m.group(1) if m else "?"


def _by_output(diff):
    """A parsed diff's largest relative difference per kind of output, as one table row."""
    kinds = diff.get("per_kind") or {}
    if not kinds:
        return []
    return [("", "  by output", "", ", ".join(
        "%s %.1e%s" % (k, v["max_rel"], " (%d over)" % v["exceeding"] if v["exceeding"] else "")
        for k, v in kinds.items()))]


def cmd_summary(outdir):
    parts = os.path.join(outdir, "parts")
    steps = []
    try:
        with open(os.path.join(outdir, "steps.tsv")) as fh:
            for line in fh:
                f = line.rstrip("\n").split("\t")
                if len(f) >= 4:
                    steps.append({"step": f[0], "status": f[1], "seconds": _float(f[2]),
                                  "detail": f[3]})
    except OSError:
        pass
    summary = {"env": read_json(os.path.join(outdir, "env.json"), {}),
               "setup": read_json(os.path.join(parts, "setup.json"), {}),
               "steps": steps, "compile": read_json(os.path.join(outdir, "compile.json"), {}),
               "diff": {}, "diff_no_tf32": {}, "train": {}, "bench": {}, "jax": {}}
    for path in sorted(glob.glob(os.path.join(parts, "*.json"))):
        name = os.path.basename(path)[:-5]
        kind, _, net = name.partition("_")
        key = {"diff": "diff", "diffnotf32": "diff_no_tf32", "train": "train", "bench": "bench",
               "jax": "jax"}.get(kind)
        if key:
            summary[key][net] = read_json(path, {})

    rows = []  # (check, item, status, numbers)
    for s in steps:
        if s["step"] == "setup" or s["step"].startswith("build"):
            rows.append((s["step"], "", s["status"], s["detail"]))
    env = summary["env"]
    dev = (summary["compile"].get("env") or {})
    rows.append(("machine", "", "", "python %s, jax %s, jaxlib %s, %s %s, plugin %s" % (
        env.get("python"), env.get("jax"), env.get("jaxlib"), dev.get("platform", "?"),
        dev.get("device_kind", ""), env.get("plugin"))))
    comp = summary["compile"].get("graphs", {})
    if comp:
        ok = sum(1 for r in comp.values() if r.get("status") == "ok")
        rows.append(("compile", "%d graphs" % len(comp), "%d ok, %d not" % (ok, len(comp) - ok),
                     "total %.1f s of compiling" % sum(r.get("seconds") or 0 for r in
                                                      comp.values())))
        for name, r in sorted(comp.items()):
            rows.append(("", name, r.get("status", "?"), "%s s%s" % (
                _fmt(r.get("seconds"), "%.2f"),
                ("  " + r.get("error", "")[:150].replace("\n", " ")) if r.get("status") != "ok"
                else "")))
    else:
        for s in steps:
            if s["step"] == "compile":
                rows.append(("compile", "", s["status"], s["detail"]))
    for net, r in sorted(summary["diff"].items()):
        w = r.get("worst") or {}
        rows.append(("diff cpu,xla", net, r.get("status", "?"),
                     "worst rel %s (%s %s), %s/%s outputs over %s" % (
                         _fmt(w.get("max_rel"), "%.2e"), w.get("graph", ""), w.get("output", ""),
                         r.get("exceeding", "-"), r.get("outputs", "-"),
                         _tolerance(r.get("header", "")))))
        rows.extend(_by_output(r))
    for net, r in sorted(summary["diff_no_tf32"].items()):
        w = r.get("worst") or {}
        rows.append(("diff, TF32 off", net, r.get("status", "?"),
                     "worst rel %s (%s %s) with NVIDIA_TF32_OVERRIDE=0, no Triton GEMM%s" % (
                         _fmt(w.get("max_rel"), "%.2e"), w.get("graph", ""), w.get("output", ""),
                         ", no excess precision" if "@" in net else "")))
        rows.extend(_by_output(r))
    for net, r in sorted(summary["train"].items()):
        rows.append(("train 1 epoch", net, r.get("status", "?"),
                     "accuracy %s, %s images/s, epoch %s s" % (
                         _fmt(r.get("accuracy")), _fmt(r.get("images_per_s"), "%.1f"),
                         _fmt(r.get("epoch_seconds"), "%.1f"))))
    for net, r in sorted(summary["bench"].items()):
        b = r.get("bench") or {}
        rows.append(("bench (ours, PJRT)", net, r.get("status", "?"),
                     "%s images/s, %s ms/step, compile %s s, lowerer %s" % (
                         _fmt(r.get("images_per_s"), "%.1f"), _fmt(b.get("ms_per_step"), "%.2f"),
                         _fmt(b.get("compile_s"), "%.1f"), r.get("lowerer"))))
    for net, r in sorted(summary["jax"].items()):
        j = r.get("jax") or {}
        rows.append(("jax.jit", net, r.get("status", "?"),
                     "%s images/s, %s ms/step, compile %s s" % (
                         _fmt(j.get("images_per_s"), "%.1f"), _fmt(j.get("ms_per_step"), "%.2f"),
                         _fmt(j.get("compile_s"), "%.1f"))))
        o = r.get("ours_via_jaxlib") or {}
        if o:
            rows.append(("our graph, jaxlib", net, o.get("status", "?"),
                         "%s images/s, %s ms/step, compile %s s" % (
                             _fmt(o.get("images_per_s"), "%.1f"), _fmt(o.get("ms_per_step"), "%.2f"),
                             _fmt(o.get("compile_s"), "%.1f"))))
        c = r.get("cross_check") or {}
        if c:
            rows.append(("same net?", net, c.get("status", "?"),
                         "loss ours %s / jax %s (rel %s), BN mean max rel %s" % (
                             _fmt(c.get("loss_ours"), "%.6f"), _fmt(c.get("loss_jax"), "%.6f"),
                             _fmt(c.get("loss_rel"), "%.1e"), _fmt(c.get("bn_mean_max_rel"), "%.1e"))))
    ours = (summary["bench"].get("resnet-34") or {}).get("images_per_s")
    theirs = ((summary["jax"].get("resnet-34") or {}).get("jax") or {}).get("images_per_s")
    if ours and theirs:
        summary["resnet34_ours_over_jax"] = ours / theirs
        rows.append(("ratio", "resnet-34", "", "ours / jax.jit = %.3f" % (ours / theirs)))
    for s in steps:
        if s["step"].startswith("cpubench"):
            rows.append(("cpubench", s["step"].partition(":")[2], s["status"], s["detail"]))
    for s in steps:
        if s["status"] in ("skipped", "timeout") and not s["step"].startswith(("setup",
                                                                                "cpubench")):
            rows.append(("(step)", s["step"], s["status"], s["detail"]))
    summary["table"] = [list(r) for r in rows]
    write_json(os.path.join(outdir, "summary.json"), summary)

    w0 = max([len(r[0]) for r in rows] + [5])
    w1 = max([len(r[1]) for r in rows] + [4])
    w2 = min(max([len(r[2]) for r in rows] + [6]), 40)
    print("=" * 100)
    print("%-*s  %-*s  %-*s  %s" % (w0, "check", w1, "item", w2, "status", "numbers"))
    print("-" * 100)
    for r in rows:
        print("%-*s  %-*s  %-*s  %s" % (w0, r[0], w1, r[1], w2, r[2], r[3]))
    print("=" * 100)


def main(argv):
    if len(argv) < 2:
        raise SystemExit(__doc__)
    cmd, args = argv[1], argv[2:]
    table = {"srchash": lambda root: print(source_hash(root)), "manifest": cmd_manifest,
             "probe": cmd_probe, "get": cmd_get, "kv": cmd_kv, "extract": cmd_extract, "unxz": cmd_unxz,
             "parse-diff": cmd_parse_diff, "parse-train": cmd_parse_train,
             "parse-bench": cmd_parse_bench, "summary": cmd_summary}
    if cmd not in table:
        raise SystemExit(__doc__)
    table[cmd](*args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

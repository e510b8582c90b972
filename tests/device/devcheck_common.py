"""Shared, dependency-light helpers of the device check (numpy only).

Reads the emitted `@main` signatures, names the role of every argument and
result (DESIGN.md signatures), describes the three reference nets as layer
lists (issue 3 / common notes), and compares arrays. Used by make_inputs.py,
indep_torch.py and check_emitted.py.
"""
import json
import os
import re

import numpy as np

GRAPHS = ("fwd", "fwd_eval", "train_step")
NETS = {"mnist-linear": 4, "mnist-mlp": 4, "mnist-cnn": 2}  # net -> batch
WEIGHT_DECAY = 1e-4
LABEL_SMOOTHING = 0.1
NUM_CLASSES = 10

# Layer lists written from the issue text, not from our nn/ code:
# ("convBn", out_channels) = 3x3 SAME conv without bias -> BN -> ReLU;
# ("dense", units, relu?); ("maxPool",) = 2x2 stride 2; ("flatten",).
LAYERS = {
    "mnist-linear": [("flatten",), ("dense", 10, False)],
    "mnist-mlp": [("flatten",), ("dense", 512, True), ("dense", 512, True),
                  ("dense", 10, False)],
    "mnist-cnn": [("convBn", 32), ("convBn", 32), ("maxPool",), ("convBn", 64),
                  ("convBn", 64), ("maxPool",), ("flatten",), ("dense", 512, True),
                  ("dense", 10, False)],
}

_DTYPES = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i1": np.bool_}


def sanitized(net):
    return re.sub(r"[^a-z0-9]+", "_", net.lower())


def parse_tensor_type(text):
    """'tensor<2x1x28x28xf32>' -> ((2, 1, 28, 28), np.float32)."""
    m = re.fullmatch(r"tensor<((?:\d+x)*)(\w+)>", text.strip())
    if not m:
        raise ValueError("not a ranked tensor type: %r" % text)
    dims = tuple(int(d) for d in m.group(1).split("x") if d)
    return dims, _DTYPES[m.group(2)]


def main_signature(mlir_text):
    """Argument and result types of `func.func public @main`."""
    m = re.search(r"func\.func\s+public\s+@main\((.*?)\)\s*->\s*(\(.*?\)|tensor<[^>]*>)\s*\{",
                  mlir_text, re.S)
    if not m:
        raise ValueError("no `func.func public @main` found")
    args = [parse_tensor_type(t) for t in re.findall(r"%\w+:\s*(tensor<[^>]*>)", m.group(1))]
    res_text = m.group(2).strip()
    if res_text.startswith("("):
        res_text = res_text[1:-1]
    results = [parse_tensor_type(t) for t in re.findall(r"tensor<[^>]*>", res_text)]
    return args, results


def roles(graph, nargs, nresults, nparams):
    """Role names of the arguments and results of one graph (DESIGN.md)."""
    p = ["param%d" % k for k in range(nparams)]
    if graph == "fwd":
        return p + ["x"], ["logits"]
    if graph == "fwd_eval":
        nbn = (nargs - 1 - nparams) // 2
        if nparams + 2 * nbn + 1 != nargs:
            raise ValueError("fwd_eval: %d args do not fit %d params" % (nargs, nparams))
        return (p + ["bn_mean%d" % k for k in range(nbn)] + ["bn_var%d" % k for k in range(nbn)]
                + ["x"], ["logits"])
    if 3 * nparams + 4 != nargs:
        raise ValueError("train_step: %d args do not fit Adam with %d params" % (nargs, nparams))
    nbn = (nresults - 3 * nparams - 1) // 2
    args = (p + ["m%d" % k for k in range(nparams)] + ["v%d" % k for k in range(nparams)]
            + ["x", "y", "lr", "step"])
    res = (["param%d'" % k for k in range(nparams)] + ["m%d'" % k for k in range(nparams)]
           + ["v%d'" % k for k in range(nparams)] + ["loss"]
           + ["bn_mean%d" % k for k in range(nbn)] + ["bn_var%d" % k for k in range(nbn)])
    return args, res


def param_kinds(net):
    """Kind of every parameter in spec order: 'conv', 'dense', 'bias', 'gamma', 'beta'."""
    kinds = []
    for layer in LAYERS[net]:
        if layer[0] == "convBn":
            kinds += ["conv", "gamma", "beta"]
        elif layer[0] == "dense":
            kinds += ["dense", "bias"]
    return kinds


def load_manifest(devdir):
    with open(os.path.join(devdir, "manifest.json")) as fh:
        return json.load(fh)


def zeros_path(shape):
    """Where make_inputs.py keeps an all-zero f32 input of this shape."""
    return os.path.join("zeros", "zeros_%s.npy" % ("x".join(map(str, shape)) or "scalar"))


def _load_input(devdir, rel):
    path = os.path.join(devdir, rel)
    m = re.fullmatch(r"zeros/zeros_([0-9x]+|scalar)\.npy", rel.replace(os.sep, "/"))
    if m and not os.path.exists(path):
        dims = () if m.group(1) == "scalar" else tuple(int(d) for d in m.group(1).split("x"))
        return np.zeros(dims, np.float32)
    return np.load(path)


def load_inputs(devdir, graph_rec):
    return [_load_input(devdir, f) for f in graph_rec["inputs"]]


def load_ours(devdir, graph_rec):
    return [np.load(os.path.join(devdir, f)) for f in graph_rec["ours"]]


def diff(got, want):
    """Max abs and max relative difference (relative to max |want|, floored)."""
    got = np.asarray(got, dtype=np.float64).reshape(np.shape(want))
    want = np.asarray(want, dtype=np.float64)
    if want.size == 0:
        return {"max_abs": 0.0, "max_rel": 0.0}
    d = np.abs(got - want)
    scale = max(float(np.max(np.abs(want))), 1e-30)
    return {"max_abs": float(np.max(d)), "max_rel": float(np.max(d)) / scale,
            "max_abs_want": scale, "finite": bool(np.all(np.isfinite(got)))}


def tolerance(role):
    """Absolute tolerance per output role for float32 agreement.

    Parameters move by about lr = 1e-3 in a first Adam step, so 1e-6 absolute
    is ~1e-3 of a step. m' and v' hold (scaled) gradients and their squares:
    they are compared relative to their largest element.
    """
    if role.startswith(("m", "v")) and role.endswith("'"):
        return {"rel": 1e-4}
    if role.startswith("param"):
        return {"abs": 2e-6}
    return {"rel": 1e-4}


def within(d, tol):
    if not d.get("finite", True):
        return False
    if "abs" in tol:
        return d["max_abs"] <= tol["abs"]
    return d["max_rel"] <= tol["rel"]


def split_args(net, arg_roles, inputs):
    """Group a graph's inputs by role: params, m, v, bn means/vars, x, y, lr, step."""
    by = dict(zip(arg_roles, inputs))
    n = len(param_kinds(net))
    nbn = sum(1 for r in arg_roles if r.startswith("bn_mean"))
    return {"params": [by["param%d" % k] for k in range(n)],
            "m": [by["m%d" % k] for k in range(n)] if "m0" in by else None,
            "v": [by["v%d" % k] for k in range(n)] if "v0" in by else None,
            "bn_mean": [by["bn_mean%d" % k] for k in range(nbn)],
            "bn_var": [by["bn_var%d" % k] for k in range(nbn)],
            "x": by["x"], "y": by.get("y"), "lr": by.get("lr"), "step": by.get("step")}


def compare_outputs(roles_, got, want):
    """Per-output diffs of `got` against `want` with the tolerance of each role."""
    rows, ok = [], True
    for role, g, w in zip(roles_, got, want):
        d = diff(g, w)
        tol = tolerance(role)
        d.update({"role": role, "tol": tol, "ok": within(d, tol)})
        ok = ok and d["ok"]
        rows.append(d)
    if len(got) != len(want):
        ok = False
        rows.append({"role": "count", "ok": False, "got": len(got), "want": len(want)})
    return ok, rows


ADAM_B1, ADAM_B2, ADAM_EPS = 0.9, 0.999, 1e-8
ILL_CONDITIONED = 1e-4  # |g| below this fraction of max |g|: Adam's g/(|g|+eps) amplifies noise


def adam_expected(rec, args, ours, k):
    """Parameter k after the step, from OUR m', v' (float64 numpy, FORMATS.md's Adam).

    Checks our update rule apart from our gradients: with zero state Adam's first
    step is lr*g/(|g|+eps), so where |g| is at rounding-noise level (~eps) two
    correct implementations differ by up to lr; the gradients themselves are
    compared through m' and v'.
    """
    n = len(rec["param_kinds"])
    t, lr = float(args["step"]), float(args["lr"])
    p = args["params"][k].astype(np.float64)
    m_hat = ours[n + k].astype(np.float64) / (1.0 - ADAM_B1 ** t)
    v_hat = ours[2 * n + k].astype(np.float64) / (1.0 - ADAM_B2 ** t)
    new = p - lr * m_hat / (np.sqrt(v_hat) + ADAM_EPS)
    if rec["param_kinds"][k] in ("conv", "dense"):
        new -= lr * rec["weight_decay"] * p
    return new


def gradient_of(rec, args, results, k):
    """g from a result list: m' = b1*m + (1-b1)*g."""
    n = len(rec["param_kinds"])
    return (results[n + k].astype(np.float64) - ADAM_B1 * args["m"][k]) / (1.0 - ADAM_B1)


def check_params(rec, args, got, ours, rows):
    """Refines the param' rows of a train step (see adam_expected)."""
    for k in range(len(rec["param_kinds"])):
        row = rows[k]
        d_self = diff(ours[k], adam_expected(rec, args, ours, k))
        g = gradient_of(rec, args, got, k)
        ill = np.abs(g) < ILL_CONDITIONED * max(float(np.max(np.abs(g))), 1e-30)
        delta = np.abs(got[k].astype(np.float64) - ours[k].astype(np.float64))
        bad = delta > row["tol"]["abs"]
        row.update({"self_consistent_max_abs": d_self["max_abs"],
                    "n_over_tol": int(bad.sum()), "n_over_tol_ill_conditioned": int((bad & ill).sum()),
                    "max_abs_well_conditioned": float(np.max(np.where(ill, 0.0, delta)))})
        row["ok"] = (d_self["max_abs"] <= row["tol"]["abs"] and not (bad & ~ill).any()
                     and row["finite"])


def compare_graph(rec, graph, args, got, ours):
    """(ok, rows) for one graph's results `got` against our outputs."""
    got = [np.asarray(o) for o in got]
    ok, rows = compare_outputs(rec["graphs"][graph]["result_roles"], got, ours)
    if graph == "train_step" and len(got) == len(ours):
        check_params(rec, args, got, ours, rows)
        ok = all(r["ok"] for r in rows)
    return ok, rows


def log_rows(log, name, gr, ok, rows, got, ours):
    worst = max((r for r in rows if not r["role"].startswith("param")),
                key=lambda r: r.get("max_rel", 0.0))
    log("%-26s %s worst rel (non-param) %.3g (%s); loss %s" % (
        name, "ok  " if ok else "FAIL", worst.get("max_rel", float("nan")), worst["role"],
        summarize_loss(gr, got, ours)))
    for r in rows:
        if "self_consistent_max_abs" in r and r["n_over_tol"]:
            log("    %s: %d elements differ by > %g, %d of them where |g| < %g*max|g| (Adam "
                "amplifies rounding there); max abs elsewhere %.3g; our update vs our own m',v' %.3g"
                % (r["role"], r["n_over_tol"], r["tol"]["abs"], r["n_over_tol_ill_conditioned"],
                   ILL_CONDITIONED, r["max_abs_well_conditioned"], r["self_consistent_max_abs"]))
        if not r["ok"]:
            log("    FAIL %s: max abs %.3g, max rel %.3g (max |want| %.3g), tol %s" % (
                r["role"], r.get("max_abs", float("nan")), r.get("max_rel", float("nan")),
                r.get("max_abs_want", float("nan")), r.get("tol")))


def independent_report(devdir, run_graph, log):
    """Runs an independent implementation on every graph and compares with ours.

    run_graph(net, graph, args, rec) returns the graph's results in result order,
    from the grouped inputs `args` (split_args) and the net's manifest record.
    """
    report = {}
    for net, rec in load_manifest(devdir)["nets"].items():
        for g, gr in rec["graphs"].items():
            args = split_args(net, gr["arg_roles"], load_inputs(devdir, gr))
            got = run_graph(net, g, args, rec)
            ours = load_ours(devdir, gr)
            ok, rows = compare_graph(rec, g, args, got, ours)
            report["%s/%s" % (net, g)] = {"ok": ok, "outputs": rows}
            log_rows(log, "indep %s/%s" % (net, g), gr, ok, rows, got, ours)
    return report


def summarize_loss(gr, got, want):
    if "loss" not in gr["result_roles"]:
        return "-"
    k = gr["result_roles"].index("loss")
    return "theirs %.7f ours %.7f" % (float(got[k]), float(want[k]))

"""Write the inputs of every emitted graph as .npy and a manifest (numpy only).

usage: make_inputs.py DEVDIR

DEVDIR holds <net>/<sanitized>_{fwd,fwd_eval,train_step}.mlir (from
`hlotrain emit`). For each net this writes DEVDIR/<net>/in/*.npy and a record
in DEVDIR/manifest.json naming, per graph, the .mlir, the argument roles, the
input files in argument order, the result roles and the files that
`hlotrain run --output` will write (DEVDIR/<net>/ours_<graph>/out<K>.npy).

The three graphs of a net share their parameter files. The train step's
optimizer state is all zeros with step 1 (a first step, as the acceptance
item says) for mnist-mlp and mnist-cnn; the zero tensors are stored once per
shape under DEVDIR/zeros/, which need not travel (devcheck_common.load_inputs
makes them from their names). mnist-linear gets a small random Adam state and
step 3 so that bias correction away from the first step is exercised too.
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import devcheck_common as dc  # noqa: E402

RANDOM_STATE_NETS = {"mnist-linear": 3.0}  # net -> step, with random m and v
LR = 1e-3


def init_param(rng, kind, shape):
    if kind in ("conv", "dense"):
        fan_in = int(np.prod(shape[1:])) if kind == "conv" else shape[0]
        return rng.normal(0.0, np.sqrt(2.0 / fan_in), shape)
    if kind == "gamma":
        return 1.0 + 0.1 * rng.normal(size=shape)
    return 0.05 * rng.normal(size=shape)  # bias, beta


class Writer:
    """Saves arrays under DEVDIR/<net>/in, sharing one file per zero shape."""

    def __init__(self, devdir, net):
        self.devdir = devdir
        self.rel = os.path.join(net, "in")
        os.makedirs(os.path.join(devdir, self.rel), exist_ok=True)

    def save(self, name, a):
        rel = os.path.join(self.rel, name + ".npy")
        np.save(os.path.join(self.devdir, rel), a)
        return rel

    def zeros(self, shape):
        rel = dc.zeros_path(shape)
        path = os.path.join(self.devdir, rel)
        if not os.path.exists(path):
            os.makedirs(os.path.dirname(path), exist_ok=True)
            np.save(path, np.zeros(shape, np.float32))
        return rel


def net_inputs(devdir, net, rng):
    batch = dc.NETS[net]
    w = Writer(devdir, net)
    texts = {}
    for g in dc.GRAPHS:
        with open(os.path.join(devdir, net, "%s_%s.mlir" % (dc.sanitized(net), g))) as fh:
            texts[g] = fh.read()
    sigs = {g: dc.main_signature(t) for g, t in texts.items()}
    pshapes = [s for s, _ in sigs["fwd"][0][:-1]]
    kinds = dc.param_kinds(net)
    if len(kinds) != len(pshapes):
        raise SystemExit("%s: %d params in the fwd signature, the layer list says %d"
                         % (net, len(pshapes), len(kinds)))
    files = {}
    for k, (kind, shape) in enumerate(zip(kinds, pshapes)):
        files["param%d" % k] = w.save("param%d" % k,
                                      init_param(rng, kind, shape).astype(np.float32))
    files["x"] = w.save("x", rng.uniform(0.0, 1.0, (batch, 1, 28, 28)).astype(np.float32))
    files["y"] = w.save("y", rng.integers(0, dc.NUM_CLASSES, batch).astype(np.int32))
    files["lr"] = w.save("lr", np.array(LR, np.float32))
    step = RANDOM_STATE_NETS.get(net, 1.0)
    files["step"] = w.save("step", np.array(step, np.float32))
    for k, shape in enumerate(pshapes):
        if net in RANDOM_STATE_NETS:
            files["m%d" % k] = w.save("m%d" % k, (1e-3 * rng.normal(size=shape)).astype(np.float32))
            files["v%d" % k] = w.save("v%d" % k,
                                      (1e-6 * rng.uniform(0.1, 1.0, shape)).astype(np.float32))
        else:
            files["m%d" % k] = files["v%d" % k] = w.zeros(shape)
    rec = {"batch": batch, "step": step, "lr": LR, "weight_decay": dc.WEIGHT_DECAY,
           "label_smoothing": dc.LABEL_SMOOTHING, "param_kinds": kinds, "graphs": {}}
    for g in dc.GRAPHS:
        args, results = sigs[g]
        arg_roles, res_roles = dc.roles(g, len(args), len(results), len(pshapes))
        if len(res_roles) != len(results):
            raise SystemExit("%s %s: %d results, roles say %d" % (net, g, len(results),
                                                                   len(res_roles)))
        for role, (shape, _) in zip(arg_roles, args):
            if role.startswith(("bn_mean", "bn_var")) and role not in files:
                if role.startswith("bn_mean"):
                    a = 0.1 * rng.normal(size=shape)
                else:
                    a = rng.uniform(0.5, 1.5, shape)
                files[role] = w.save(role, a.astype(np.float32))
        for role, (shape, dtype) in zip(arg_roles, args):
            a = np.load(os.path.join(devdir, files[role]))
            if a.shape != shape or a.dtype != dtype:
                raise SystemExit("%s %s %s: made %s %s, signature wants %s %s"
                                 % (net, g, role, a.shape, a.dtype, shape, dtype))
        outdir = os.path.join(net, "ours_" + g)
        rec["graphs"][g] = {
            "mlir": os.path.join(net, "%s_%s.mlir" % (dc.sanitized(net), g)),
            "arg_roles": arg_roles, "inputs": [files[r] for r in arg_roles],
            "result_roles": res_roles,
            "result_types": [[list(s), np.dtype(t).name] for s, t in results],
            "ours": [os.path.join(outdir, "out%d.npy" % k) for k in range(len(results))],
        }
    return rec


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    devdir = sys.argv[1]
    rng = np.random.default_rng(20261129)
    manifest = {"nets": {net: net_inputs(devdir, net, rng) for net in dc.NETS}}
    with open(os.path.join(devdir, "manifest.json"), "w") as fh:
        json.dump(manifest, fh, indent=1)
    for net, rec in manifest["nets"].items():
        for g, gr in rec["graphs"].items():
            print("%s %s: %d inputs, %d results" % (net, g, len(gr["inputs"]), len(gr["ours"])))


if __name__ == "__main__":
    main()

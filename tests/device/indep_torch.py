"""An independent implementation of the three graphs in PyTorch (CPU, float32).

usage: indep_torch.py DEVDIR [OUT.json]

Written from the numerics of shared/FORMATS.md and the layer lists of
devcheck_common.LAYERS, not from our MLIR: convBn = 3x3 SAME conv without bias,
BatchNorm with batch statistics (biased variance, eps 1e-5), ReLU; maxPool 2x2
stride 2; flatten in NCHW order; dense = x @ W + b ([in, out] weights); loss =
mean over the batch of softmax cross-entropy with label smoothing
(1 - ls + ls/NC on the true class, ls/NC elsewhere); Adam (b1 .9, b2 .999,
eps 1e-8, bias correction with the 1-based step t) with decoupled weight decay
w -= lr*wd*w on conv/dense weights only. Gradients come from torch.autograd.
Compares every result with our cpu lowerer's outputs in DEVDIR (prepare.sh).
This is the local stand-in for the JAX implementation in indep_jax.py.
"""
import json
import os
import sys

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import devcheck_common as dc  # noqa: E402

BN_EPS = 1e-5
B1, B2, ADAM_EPS = 0.9, 0.999, 1e-8


def forward(net, params, x, running=None):
    """Logits and the batch statistics [(mean, var)] of every BN layer."""
    it = iter(params)
    stats, h, bn = [], x, 0
    for layer in dc.LAYERS[net]:
        if layer[0] == "convBn":
            w, gamma, beta = next(it), next(it), next(it)
            h = F.conv2d(h, w, padding=1)
            if running is None:
                mean = h.mean(dim=(0, 2, 3))
                var = ((h - mean[None, :, None, None]) ** 2).mean(dim=(0, 2, 3))
            else:
                mean, var = running[0][bn], running[1][bn]
            stats.append((mean, var))
            bn += 1
            h = (h - mean[None, :, None, None]) * torch.rsqrt(var + BN_EPS)[None, :, None, None]
            h = torch.relu(h * gamma[None, :, None, None] + beta[None, :, None, None])
        elif layer[0] == "maxPool":
            h = F.max_pool2d(h, 2, 2)
        elif layer[0] == "flatten":
            h = h.reshape(h.shape[0], -1)
        else:
            w, b = next(it), next(it)
            h = h @ w + b
            if layer[2]:
                h = torch.relu(h)
    return h, stats


def loss_fn(logits, y, ls):
    nc = logits.shape[1]
    target = F.one_hot(y.long(), nc).to(logits.dtype) * (1.0 - ls) + ls / nc
    return -(target * F.log_softmax(logits, dim=1)).sum(dim=1).mean()


def train_step(net, a, rec):
    t = lambda v: torch.tensor(np.asarray(v))  # noqa: E731
    params = [t(p).requires_grad_(True) for p in a["params"]]
    logits, stats = forward(net, params, t(a["x"]))
    loss = loss_fn(logits, t(a["y"]), rec["label_smoothing"])
    grads = torch.autograd.grad(loss, params)
    lr, step, wd = float(a["lr"]), float(a["step"]), rec["weight_decay"]
    new_p, new_m, new_v = [], [], []
    with torch.no_grad():
        for kind, p, g, m, v in zip(rec["param_kinds"], params, grads, a["m"], a["v"]):
            m = B1 * t(m) + (1.0 - B1) * g
            v = B2 * t(v) + (1.0 - B2) * g * g
            m_hat = m / (1.0 - B1 ** step)
            v_hat = v / (1.0 - B2 ** step)
            upd = p - lr * m_hat / (torch.sqrt(v_hat) + ADAM_EPS)
            if kind in ("conv", "dense"):
                upd = upd - lr * wd * p
            new_p.append(upd)
            new_m.append(m)
            new_v.append(v)
    out = new_p + new_m + new_v + [loss.detach()]
    out += [s[0].detach() for s in stats] + [s[1].detach() for s in stats]
    return out


def run_graph(net, graph, a, rec):
    t = lambda v: torch.tensor(np.asarray(v))  # noqa: E731
    with torch.no_grad():
        if graph == "fwd":
            return [forward(net, [t(p) for p in a["params"]], t(a["x"]))[0].numpy()]
        if graph == "fwd_eval":
            running = ([t(m) for m in a["bn_mean"]], [t(v) for v in a["bn_var"]])
            return [forward(net, [t(p) for p in a["params"]], t(a["x"]), running)[0].numpy()]
    return [o.numpy() for o in train_step(net, a, rec)]


def main():
    if len(sys.argv) not in (2, 3):
        raise SystemExit(__doc__)
    torch.set_num_threads(2)
    report = dc.independent_report(sys.argv[1], run_graph, print)
    ok = all(r["ok"] for r in report.values())
    print("independent (torch %s): %s" % (torch.__version__, "all match" if ok else "MISMATCH"))
    if len(sys.argv) == 3:
        with open(sys.argv[2], "w") as fh:
            json.dump({"torch": torch.__version__, "ok": ok, "graphs": report}, fh, indent=1)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()

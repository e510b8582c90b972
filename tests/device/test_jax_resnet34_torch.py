"""Checks jax_resnet34.py's net here, without jax: its layer walk (forward), parameter order,
SAME padding, BatchNorm, loss and Adam run on PyTorch (CPU) through a small stand-in for the
JaxOps primitives, and one train step is compared with our emitted ResNet-34 train step run by
`hlotrain run` on the cpu lowerer, from the same parameters and batch.

usage: /usr/bin/python3 tests/device/test_jax_resnet34_torch.py HLOTRAIN [BATCH]   (default 2)

What it does not check: the JaxOps methods themselves (lax calls), which need jax. Exit 0 when
the loss and every BatchNorm batch mean and variance agree within 1e-4 (of each tensor's largest
magnitude), jax_resnet34.adam applied to our m' gives our p' (2e-6), and the gradients are
within the float32 noise of this net (see 3. in main).
"""
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jax_resnet34 as jr  # noqa: E402


class TorchOps:
    def conv(self, x, w, stride):
        k = w.shape[2]
        ph = jr.same_pads(x.shape[2], k, stride)
        pw = jr.same_pads(x.shape[3], k, stride)
        return F.conv2d(F.pad(x, (pw[0], pw[1], ph[0], ph[1])), w, stride=stride)

    def batch_norm(self, h, g, b, eps):
        mean = h.mean(dim=(0, 2, 3))
        centred = h - mean[None, :, None, None]
        var = (centred * centred).mean(dim=(0, 2, 3))
        y = centred * torch.rsqrt(var + eps)[None, :, None, None]
        return y * g[None, :, None, None] + b[None, :, None, None], mean, var

    def relu(self, h):
        return torch.relu(h)

    def max_pool(self, h, k, s):
        ph = jr.same_pads(h.shape[2], k, s)
        pw = jr.same_pads(h.shape[3], k, s)
        return F.max_pool2d(F.pad(h, (pw[0], pw[1], ph[0], ph[1]), value=-float("inf")), k, s)

    def global_avg_pool(self, h):
        return h.mean(dim=(2, 3))

    def dense(self, h, w, b):
        return h @ w + b

    def sqrt(self, v):
        return torch.sqrt(v)

    def cross_entropy(self, logits, y):
        return -torch.log_softmax(logits, dim=1).gather(1, y[:, None].long()).mean()


def torch_step(params_np, x_np, y_np):
    ops = TorchOps()
    params = [torch.tensor(p, requires_grad=True) for p in params_np]
    logits, stats = jr.forward(ops, params, torch.tensor(x_np))
    loss = ops.cross_entropy(logits, torch.tensor(y_np))
    grads = torch.autograd.grad(loss, params)
    step = torch.tensor(1.0)
    out_p, out_m, out_v = [], [], []
    with torch.no_grad():
        for (_, _, kind), p, g in zip(jr.param_specs(), params, grads):
            z = torch.zeros_like(p)
            a, b, c = jr.adam(ops, p, g, z, z, jr.LR, step, kind in ("conv", "dense"))
            out_p.append(a.numpy())
            out_m.append(b.numpy())
            out_v.append(c.numpy())
    return {"loss": float(loss), "p": out_p, "m": out_m, "v": out_v,
            "bn_mean": [s[0].detach().numpy() for s in stats],
            "bn_var": [s[1].detach().numpy() for s in stats]}


def ours_step(hlotrain, params_np, x_np, y_np, tmp):
    subprocess.run([hlotrain, "emit", "--net", "resnet-34", "--out", tmp, "--batch",
                    str(x_np.shape[0])], check=True, stdout=subprocess.DEVNULL)
    mlir = os.path.join(tmp, "resnet_34_train_step.mlir")
    problems = jr.check_signature(open(mlir).read(), x_np.shape[0])
    if problems:
        raise SystemExit("signature mismatch:\n  " + "\n  ".join(problems))
    inputs = []
    zeros = [np.zeros_like(p) for p in params_np]
    for k, a in enumerate(params_np + zeros + zeros + [x_np, y_np, np.float32(jr.LR),
                                                       np.float32(1)]):
        path = os.path.join(tmp, "in%03d.npy" % k)
        np.save(path, np.asarray(a))
        inputs += ["--input", path]
    out = os.path.join(tmp, "out")
    t0 = time.time()
    subprocess.run([hlotrain, "run", mlir, "--output", out] + inputs, check=True)
    print("hlotrain run (cpu lowerer): %.1f s" % (time.time() - t0))
    n, nbn = len(params_np), jr.bn_count()
    res = [np.load(os.path.join(out, "out%d.npy" % k)) for k in range(3 * n + 1 + 2 * nbn)]
    return {"loss": float(res[3 * n]), "p": res[:n], "m": res[n:2 * n], "v": res[2 * n:3 * n],
            "bn_mean": res[3 * n + 1:3 * n + 1 + nbn], "bn_var": res[3 * n + 1 + nbn:]}


def rel(a, b):
    scale = float(np.max(np.abs(a))) or 1.0
    return float(np.max(np.abs(np.asarray(a, np.float64) - b))) / scale


def main(argv):
    if len(argv) < 2:
        raise SystemExit(__doc__)
    hlotrain, batch = argv[1], int(argv[2]) if len(argv) > 2 else 2
    params_np, x_np, y_np = jr.init_numpy(batch)
    t0 = time.time()
    theirs = torch_step(params_np, x_np, y_np)
    exact = torch_step([p.astype(np.float64) for p in params_np], x_np.astype(np.float64), y_np)
    print("torch steps (f32, f64): %.1f s" % (time.time() - t0))
    with tempfile.TemporaryDirectory() as tmp:
        ours = ours_step(hlotrain, params_np, x_np, y_np, tmp)
    ok = True
    # 1. The forward pass: every BatchNorm's batch statistics depend on every layer before it
    #    (order, strides, padding, parameter order), so these pin the net down.
    loss_rel = abs(ours["loss"] - theirs["loss"]) / abs(theirs["loss"])
    print("loss: ours %.7f, torch %.7f (rel %.1e)" % (ours["loss"], theirs["loss"], loss_rel))
    ok &= loss_rel < 1e-4
    for key in ("bn_mean", "bn_var"):
        rels = [rel(a, b) for a, b in zip(ours[key], theirs[key])]
        k = int(np.argmax(rels))
        print("%-8s max rel %.2e (BatchNorm %d of %d)" % (key, rels[k], k, len(rels)))
        ok &= rels[k] < 1e-4
    # 2. The Adam update with weight decay (jr.adam) applied to our own m' (= 0.1 g on step 1)
    #    must give our p'.
    worst = 0.0
    for (name, _, kind), p, m1, p1 in zip(jr.param_specs(), params_np, ours["m"], ours["p"]):
        g = m1.astype(np.float64) / (1 - jr.B1)
        z = np.zeros_like(g)
        want, _, _ = jr.adam(np, p.astype(np.float64), g, z, z, jr.LR, 1.0, kind in ("conv", "dense"))
        worst = max(worst, float(np.max(np.abs(want - p1))))
    print("p' vs jax_resnet34.adam(our m'): max abs %.2e" % worst)
    ok &= worst < 2e-6
    # 3. Gradients (m' = 0.1 g, v' = 0.001 g^2) against float64 autograd. At He init these are
    #    ill-conditioned in float32: torch's own float32 gradients are ~1e-2 (of each tensor's
    #    largest element) from float64, so only gross errors (a wrong transpose or sign: O(1))
    #    are failures here.
    for key in ("m", "v"):
        r_ours = [rel(a, b) for a, b in zip(ours[key], exact[key])]
        r_f32 = [rel(a, b) for a, b in zip(theirs[key], exact[key])]
        print("%-8s vs float64: ours max %.2e median %.2e; torch float32 max %.2e median %.2e"
              % (key, max(r_ours), np.median(r_ours), max(r_f32), np.median(r_f32)))
        ok &= max(r_ours) < 0.5 and float(np.median(r_ours)) < 5e-2
    print("RESULT: %s" % ("match" if ok else "MISMATCH"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

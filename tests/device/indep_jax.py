"""An independent implementation of the three graphs in plain JAX (XLA CPU, float32).

Written from the numerics of shared/FORMATS.md and the layer lists of
devcheck_common.LAYERS, not from our MLIR: convBn = 3x3 SAME conv without bias,
BatchNorm with batch statistics (biased variance, eps 1e-5), ReLU; maxPool 2x2
stride 2; flatten in NCHW order; dense = x @ W + b ([in, out] weights); loss =
mean over the batch of softmax cross-entropy with label smoothing
(1 - ls + ls/NC on the true class, ls/NC elsewhere); Adam (b1 .9, b2 .999,
eps 1e-8, bias correction with the 1-based step t) with decoupled weight decay
w -= lr*wd*w on conv/dense weights only. Gradients come from jax.grad.
`run_graph` is called by check_emitted.py through devcheck_common.independent_report.
Set JAX_PLATFORMS=cpu before importing this module.
"""
import os
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import devcheck_common as dc  # noqa: E402

jax.config.update("jax_default_matmul_precision", "highest")

BN_EPS = 1e-5
B1, B2, ADAM_EPS = 0.9, 0.999, 1e-8
HIGHEST = lax.Precision.HIGHEST


def forward(net, params, x, running=None):
    """Logits and the batch statistics [(mean, var)] of every BN layer."""
    it = iter(params)
    stats, h, bn = [], x, 0
    for layer in dc.LAYERS[net]:
        if layer[0] == "convBn":
            w, gamma, beta = next(it), next(it), next(it)
            h = lax.conv_general_dilated(h, w, window_strides=(1, 1), padding=((1, 1), (1, 1)),
                                         dimension_numbers=("NCHW", "OIHW", "NCHW"),
                                         precision=HIGHEST)
            if running is None:
                mean = jnp.mean(h, axis=(0, 2, 3))
                var = jnp.mean((h - mean[None, :, None, None]) ** 2, axis=(0, 2, 3))
            else:
                mean, var = running[0][bn], running[1][bn]
            stats.append((mean, var))
            bn += 1
            h = (h - mean[None, :, None, None]) * lax.rsqrt(var + BN_EPS)[None, :, None, None]
            h = jax.nn.relu(h * gamma[None, :, None, None] + beta[None, :, None, None])
        elif layer[0] == "maxPool":
            h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
        elif layer[0] == "flatten":
            h = h.reshape(h.shape[0], -1)
        else:
            w, b = next(it), next(it)
            h = jnp.dot(h, w, precision=HIGHEST) + b
            if layer[2]:
                h = jax.nn.relu(h)
    return h, stats


def loss_fn(params, net, x, y, ls):
    logits, stats = forward(net, params, x)
    nc = logits.shape[1]
    target = jax.nn.one_hot(y, nc, dtype=logits.dtype) * (1.0 - ls) + ls / nc
    loss = -jnp.mean(jnp.sum(target * jax.nn.log_softmax(logits, axis=1), axis=1))
    return loss, stats


def train_step(net, a, rec):
    params = [jnp.asarray(p) for p in a["params"]]
    (loss, stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(
        params, net, jnp.asarray(a["x"]), jnp.asarray(a["y"]), rec["label_smoothing"])
    lr, step, wd = float(a["lr"]), float(a["step"]), rec["weight_decay"]
    new_p, new_m, new_v = [], [], []
    for kind, p, g, m, v in zip(rec["param_kinds"], params, grads, a["m"], a["v"]):
        m = B1 * jnp.asarray(m) + (1.0 - B1) * g
        v = B2 * jnp.asarray(v) + (1.0 - B2) * g * g
        m_hat = m / (1.0 - B1 ** step)
        v_hat = v / (1.0 - B2 ** step)
        upd = p - lr * m_hat / (jnp.sqrt(v_hat) + ADAM_EPS)
        if kind in ("conv", "dense"):
            upd = upd - lr * wd * p
        new_p.append(upd)
        new_m.append(m)
        new_v.append(v)
    out = new_p + new_m + new_v + [loss] + [s[0] for s in stats] + [s[1] for s in stats]
    return [np.asarray(o, dtype=np.float32) for o in out]


def run_graph(net, graph, a, rec):
    params = [jnp.asarray(p) for p in a["params"]]
    if graph == "fwd":
        return [np.asarray(forward(net, params, jnp.asarray(a["x"]))[0])]
    if graph == "fwd_eval":
        running = ([jnp.asarray(m) for m in a["bn_mean"]], [jnp.asarray(v) for v in a["bn_var"]])
        return [np.asarray(forward(net, params, jnp.asarray(a["x"]), running)[0])]
    return train_step(net, a, rec)

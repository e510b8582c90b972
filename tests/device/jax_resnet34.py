"""ResNet-34's train step in plain JAX (jax.jit, parameters and Adam state donated), timed the
way `hlotrain bench` times ours, for the device check (tests/device/lowerers.sh).

usage: jax_resnet34.py [--batch 32] [--warmup 3] [--steps 50] [--ours TRAIN_STEP.mlir]
                       [--json OUT.json] [--no-cross-check]
       jax_resnet34.py --check-signature TRAIN_STEP.mlir       (no jax needed)

The net, written from nn/Zoo.cpp and nn/Shapes.cpp (torchvision's ResNet-34 with 10 classes on
3x224x224, XLA SAME padding): conv 7x7/2 64 (no bias) + BN + ReLU, max pool 3x3/2 SAME, four
stages of 3, 4, 6, 3 residual blocks of 64, 128, 256, 512 channels (first block of stages 2-4
stride 2), each block conv3x3(stride)+BN+ReLU -> conv3x3+BN, plus the shortcut (a 1x1
conv(stride)+BN when the channels or the stride change), ReLU; global average pool; dense 10
([in, out] weights, bias). BatchNorm with batch statistics (biased variance, eps 1e-5).
Loss: mean softmax cross-entropy. Adam (b1 .9, b2 .999, eps 1e-8, bias correction with the
1-based step), lr 1e-3, decoupled weight decay 1e-4 (w -= lr*wd*w) on conv and dense weights
only (shared/FORMATS.md). Parameters are in our spec order (the order of our graph's
arguments), so the same arrays can be fed to both.

Timing, as cli/Bench.cpp: the step is compiled first (compile_s), W warm-up steps (the first is
first_step_s), then N timed steps, each feeding the returned parameters and Adam state back in,
uploading the step number and reading the loss back (which waits for the step); images/s =
batch / median step time. `pipelined_images_per_s` also runs N steps without waiting between
them. Precision: jax's default (on GPU, f32 convolutions and dots may use TF32), the same
default our graphs get, since they carry no precision_config.

--ours also compiles our emitted train step (same batch) with jaxlib's client and times it the
same way: this separates XLA on our graph from our PJRT client. And (unless --no-cross-check)
one step of both from the same parameters and batch is compared: loss, BatchNorm batch means,
and the Adam first moment (which is 0.1 x the gradient on step 1).
"""
import argparse
import json
import os
import re
import statistics
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))

BN_EPS = 1e-5
B1, B2, ADAM_EPS = 0.9, 0.999, 1e-8
LR, WEIGHT_DECAY = 1e-3, 1e-4
NUM_CLASSES = 10
STAGES = ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2))  # (width, blocks, first stride)


# ---------------------------------------------------------------------------------------------
# the net, independent of the array library

def same_pads(size, kernel, stride):
    """XLA's SAME: output ceil(size/stride), total padding split low = total/2, high = rest."""
    out = -(-size // stride)
    total = max((out - 1) * stride + kernel - size, 0)
    return (total // 2, total - total // 2)


def param_specs(in_channels=3, classes=NUM_CLASSES):
    """[(name, shape, kind)] in our spec order; kind: conv, dense (decayed), gamma, beta, bias."""
    specs = [("conv0.w", (64, in_channels, 7, 7), "conv"), ("bn0.gamma", (64,), "gamma"),
             ("bn0.beta", (64,), "beta")]
    channels = 64
    for s, (width, blocks, first_stride) in enumerate(STAGES):
        layer = s + 2  # layers: 0 stem convBn, 1 max pool, 2..5 stages, 6 pool, 7 dense
        for j in range(blocks):
            ic, stride = (channels, first_stride) if j == 0 else (width, 1)
            p = "res%d.%d." % (layer, j)
            specs += [(p + "conv1.w", (width, ic, 3, 3), "conv"), (p + "bn1.gamma", (width,), "gamma"),
                      (p + "bn1.beta", (width,), "beta"), (p + "conv2.w", (width, width, 3, 3), "conv"),
                      (p + "bn2.gamma", (width,), "gamma"), (p + "bn2.beta", (width,), "beta")]
            if ic != width or stride != 1:
                specs += [(p + "proj.w", (width, ic, 1, 1), "conv"),
                          (p + "projbn.gamma", (width,), "gamma"), (p + "projbn.beta", (width,), "beta")]
        channels = width
    specs += [("dense7.w", (channels, classes), "dense"), ("dense7.b", (classes,), "bias")]
    return specs


def bn_count():
    return sum(1 for _, _, k in param_specs() if k == "gamma")


def forward(ops, params, x):
    """Logits and [(batch mean, batch var)] of every BatchNorm, in spec order."""
    it = iter(params)
    stats = []

    def conv_bn(h, stride, relu):
        w, g, b = next(it), next(it), next(it)
        h, mean, var = ops.batch_norm(ops.conv(h, w, stride), g, b, BN_EPS)
        stats.append((mean, var))
        return ops.relu(h) if relu else h

    h = conv_bn(x, 2, True)
    h = ops.max_pool(h, 3, 2)
    channels = 64
    for width, blocks, first_stride in STAGES:
        for j in range(blocks):
            ic, stride = (channels, first_stride) if j == 0 else (width, 1)
            shortcut = h
            h = conv_bn(h, stride, True)
            h = conv_bn(h, 1, False)
            if ic != width or stride != 1:
                shortcut = conv_bn(shortcut, stride, False)
            h = ops.relu(h + shortcut)
        channels = width
    h = ops.global_avg_pool(h)
    w, b = next(it), next(it)
    return ops.dense(h, w, b), stats


def adam(ops, p, g, m, v, lr, step, decayed):
    m = B1 * m + (1.0 - B1) * g
    v = B2 * v + (1.0 - B2) * g * g
    m_hat = m / (1.0 - B1 ** step)
    v_hat = v / (1.0 - B2 ** step)
    new_p = p - lr * m_hat / (ops.sqrt(v_hat) + ADAM_EPS)
    if decayed:
        new_p = new_p - lr * WEIGHT_DECAY * p
    return new_p, m, v


def init_numpy(batch, seed=0, random_bn=True):
    """He-normal weights; gamma, beta random around (1, 0) so that a swapped order shows."""
    import numpy as np
    rng = np.random.default_rng(seed)
    params = []
    for _, shape, kind in param_specs():
        if kind in ("conv", "dense"):
            fan_in = shape[0] if kind == "dense" else shape[1] * shape[2] * shape[3]
            params.append((rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)).astype(np.float32))
        elif kind == "gamma":
            noise = 0.1 * rng.standard_normal(shape) if random_bn else np.zeros(shape)
            params.append((1 + noise).astype(np.float32))
        else:
            noise = 0.05 * rng.standard_normal(shape) if random_bn else np.zeros(shape)
            params.append(noise.astype(np.float32))
    x = rng.uniform(-1, 1, (batch, 3, 224, 224)).astype(np.float32)
    y = rng.integers(0, NUM_CLASSES, (batch,)).astype(np.int32)
    return params, x, y


# ---------------------------------------------------------------------------------------------
# our graph's signature (no jax)

_DT = {"f32": "float32", "i32": "int32", "f64": "float64", "i1": "bool"}


def signature(mlir_text):
    m = re.search(r"func\.func\s+public\s+@main\((.*?)\)\s*->\s*(\(.*?\)|tensor<[^>]*>)\s*\{",
                  mlir_text, re.S)
    if not m:
        raise ValueError("no `func.func public @main`")

    def types(text):
        out = []
        for t in re.findall(r"tensor<((?:\d+x)*)(\w+)>", text):
            out.append((tuple(int(d) for d in t[0].split("x") if d), _DT.get(t[1], t[1])))
        return out
    return types(m.group(1)), types(m.group(2))


def check_signature(mlir_text, batch=None):
    """Problems (strings) between our train step's signature and this file's net."""
    args, results = signature(mlir_text)
    specs = param_specs()
    n = len(specs)
    problems = []
    if len(args) != 3 * n + 4:
        problems.append("%d arguments, expected 3*%d + 4 (params, m, v, x, y, lr, step)"
                        % (len(args), n))
        return problems
    for k, (name, shape, _) in enumerate(specs):
        for role, off in (("param", 0), ("m", n), ("v", 2 * n)):
            got = args[off + k]
            if got != (tuple(shape), "float32"):
                problems.append("%s %d (%s): ours %s, here %s" % (role, k, name, got, shape))
    x, y, lr, step = args[3 * n:]
    b = x[0][0] if x[0] else None
    if x[0][1:] != (3, 224, 224) or (batch and b != batch):
        problems.append("x: ours %s" % (x,))
    if y != ((b,), "int32"):
        problems.append("y: ours %s" % (y,))
    if lr != ((), "float32") or step != ((), "float32"):
        problems.append("lr, step: ours %s %s" % (lr, step))
    nbn = bn_count()
    if len(results) != 3 * n + 1 + 2 * nbn:
        problems.append("%d results, expected 3*%d + 1 + 2*%d" % (len(results), n, nbn))
    return problems


# ---------------------------------------------------------------------------------------------
# jax

class JaxOps:
    def __init__(self):
        import jax
        import jax.numpy as jnp
        from jax import lax
        self.jax, self.jnp, self.lax = jax, jnp, lax

    def conv(self, x, w, stride):
        k = w.shape[2]
        pads = [same_pads(x.shape[2], k, stride), same_pads(x.shape[3], k, stride)]
        return self.lax.conv_general_dilated(x, w, (stride, stride), pads,
                                             dimension_numbers=("NCHW", "OIHW", "NCHW"))

    def batch_norm(self, h, g, b, eps):
        jnp = self.jnp
        mean = jnp.mean(h, axis=(0, 2, 3))
        centred = h - mean[None, :, None, None]
        var = jnp.mean(centred * centred, axis=(0, 2, 3))
        y = centred * self.lax.rsqrt(var + eps)[None, :, None, None]
        return y * g[None, :, None, None] + b[None, :, None, None], mean, var

    def relu(self, h):
        return self.jnp.maximum(h, 0)

    def max_pool(self, h, k, s):
        pads = ((0, 0), (0, 0), same_pads(h.shape[2], k, s), same_pads(h.shape[3], k, s))
        return self.lax.reduce_window(h, -self.jnp.inf, self.lax.max, (1, 1, k, k), (1, 1, s, s),
                                      pads)

    def global_avg_pool(self, h):
        return self.jnp.mean(h, axis=(2, 3))

    def dense(self, h, w, b):
        return h @ w + b

    def sqrt(self, v):
        return self.jnp.sqrt(v)

    def cross_entropy(self, logits, y):
        logp = self.jax.nn.log_softmax(logits, axis=1)
        return -self.jnp.mean(self.jnp.take_along_axis(logp, y[:, None], axis=1))


def make_train_step(ops):
    kinds = [k for _, _, k in param_specs()]
    jax = ops.jax

    def loss_fn(params, x, y):
        logits, stats = forward(ops, params, x)
        return ops.cross_entropy(logits, y), stats

    def train_step(params, m, v, x, y, lr, step):
        (loss, stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, x, y)
        new_p, new_m, new_v = [], [], []
        for kind, p, g, mm, vv in zip(kinds, params, grads, m, v):
            a, b, c = adam(ops, p, g, mm, vv, lr, step, kind in ("conv", "dense"))
            new_p.append(a)
            new_m.append(b)
            new_v.append(c)
        return new_p, new_m, new_v, loss, [s[0] for s in stats], [s[1] for s in stats]

    return jax.jit(train_step, donate_argnums=(0, 1, 2))


def time_steps(run_step, state, warmup, steps, batch):
    """run_step(state, step_number) -> (new_state, loss_array). Like cli/Bench.cpp."""
    first_loss, first_step_s, times = None, None, []
    step = 1.0
    for i in range(warmup + steps):
        t0 = time.perf_counter()
        state, loss = run_step(state, step)
        loss_value = float(loss)  # the download waits for the step
        d = time.perf_counter() - t0
        if i == 0:
            first_loss, first_step_s = loss_value, d
        if i >= warmup:
            times.append(d)
        step += 1
    t0 = time.perf_counter()
    last = None
    for _ in range(steps):  # no wait between steps
        state, last = run_step(state, step)
        step += 1
    float(last)
    pipelined = time.perf_counter() - t0
    med = statistics.median(times)
    return state, {"batch": batch, "warmup": warmup, "steps": steps,
                   "images_per_s": round(batch / med, 2), "ms_per_step": round(med * 1e3, 3),
                   "ms_per_step_min": round(min(times) * 1e3, 3),
                   "pipelined_images_per_s": round(batch * steps / pipelined, 2),
                   "first_step_s": round(first_step_s, 3), "first_loss": first_loss}


def run_jax(args, params_np, x_np, y_np, report):
    import jax
    import jax.numpy as jnp
    import numpy as np
    ops = JaxOps()
    dev = jax.devices()[0]
    report["env"] = {"jax": jax.__version__, "device": str(dev), "device_kind": dev.device_kind,
                     "platform": dev.platform,
                     "default_matmul_precision": str(getattr(jax.config,
                                                             "jax_default_matmul_precision", "?"))}
    step_fn = make_train_step(ops)

    def fresh():
        p = [jax.device_put(a, dev) for a in params_np]
        return p, [jnp.zeros_like(a) for a in p], [jnp.zeros_like(a) for a in p]

    x, y = jax.device_put(x_np, dev), jax.device_put(y_np, dev)
    lr = jnp.float32(LR)
    p, m, v = fresh()
    t0 = time.perf_counter()
    compiled = step_fn.lower(p, m, v, x, y, lr, jnp.float32(1)).compile()
    compile_s = time.perf_counter() - t0

    first = None
    if not args.no_cross_check:
        out = compiled(p, m, v, x, y, lr, jnp.float32(1))
        first = {"loss": float(out[3]), "bn_mean": [np.asarray(a) for a in out[4]],
                 "m": [np.asarray(a) for a in out[1]]}
        p, m, v = fresh()

    def run_step(state, step):
        p, m, v = state
        out = compiled(p, m, v, x, y, lr, jnp.asarray(np.float32(step)))
        return (out[0], out[1], out[2]), out[3]

    _, timing = time_steps(run_step, (p, m, v), args.warmup, args.steps, args.batch)
    timing["compile_s"] = round(compile_s, 3)
    report["jax"] = timing
    print("jax.jit resnet-34: %s" % json.dumps(timing), flush=True)
    return first


def run_ours(args, params_np, x_np, y_np, report):
    """Our emitted train step through jaxlib's client (compile_and_load, execute_sharded)."""
    import jax
    import numpy as np
    sys.path.insert(0, HERE)
    from lowerers_compile import load_executable
    with open(args.ours) as fh:
        text = fh.read()
    problems = check_signature(text, args.batch)
    report["signature"] = "ok" if not problems else problems
    if problems:
        raise RuntimeError("our graph's signature does not fit this net: %s" % problems[:5])
    dev = jax.devices()[0]
    client = dev.client
    t0 = time.perf_counter()
    exe, api = load_executable(client, [dev], text)
    compile_s = time.perf_counter() - t0
    n = len(params_np)

    def execute(arrays):
        if hasattr(exe, "execute_sharded"):
            res = exe.execute_sharded(arrays)
            return [r[0] for r in res.disassemble_into_single_device_arrays()]
        return exe.execute(arrays)  # older jaxlib

    def fresh():
        p = [jax.device_put(a, dev) for a in params_np]
        z = [jax.device_put(np.zeros_like(a), dev) for a in params_np]
        z2 = [jax.device_put(np.zeros_like(a), dev) for a in params_np]
        return p, z, z2

    x, y = jax.device_put(x_np, dev), jax.device_put(y_np, dev)
    lr = jax.device_put(np.float32(LR), dev)
    first = None
    if not args.no_cross_check:
        p, m, v = fresh()
        out = execute(p + m + v + [x, y, lr, jax.device_put(np.float32(1), dev)])
        nbn = bn_count()
        first = {"loss": float(out[3 * n]),
                 "bn_mean": [np.asarray(a) for a in out[3 * n + 1:3 * n + 1 + nbn]],
                 "m": [np.asarray(a) for a in out[n:2 * n]]}

    def run_step(state, step):
        p, m, v = state
        out = execute(list(p) + list(m) + list(v) +
                      [x, y, lr, jax.device_put(np.float32(step), dev)])
        return (out[:n], out[n:2 * n], out[2 * n:3 * n]), out[3 * n]

    _, timing = time_steps(run_step, fresh(), args.warmup, args.steps, args.batch)
    timing["compile_s"] = round(compile_s, 3)
    timing["api"] = api
    timing["status"] = "ok"
    report["ours_via_jaxlib"] = timing
    print("our train step via jaxlib: %s" % json.dumps(timing), flush=True)
    return first


def cross_check(ours, theirs):
    import numpy as np

    def rel(a, b):
        scale = float(np.max(np.abs(a))) or 1.0
        return float(np.max(np.abs(a - b))) / scale
    loss_rel = abs(ours["loss"] - theirs["loss"]) / max(abs(theirs["loss"]), 1e-30)
    bn = max(rel(a, b) for a, b in zip(ours["bn_mean"], theirs["bn_mean"]))
    mrel = [rel(a, b) for a, b in zip(ours["m"], theirs["m"])]
    # TF32 on both sides leaves ~1e-3; a different net (order, padding, stride) is off by O(1).
    ok = loss_rel < 1e-2 and bn < 5e-2
    return {"status": "agree" if ok else "DIFFER", "loss_ours": ours["loss"],
            "loss_jax": theirs["loss"], "loss_rel": loss_rel, "bn_mean_max_rel": bn,
            "m_max_rel": max(mrel), "m_median_rel": float(np.median(mrel)),
            "note": "both on XLA:GPU at default precision (TF32 possible); thresholds loss 1e-2, "
                    "BN mean 5e-2 of the largest magnitude"}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--steps", type=int, default=50)
    ap.add_argument("--ours")
    ap.add_argument("--json")
    ap.add_argument("--no-cross-check", action="store_true")
    ap.add_argument("--check-signature", metavar="MLIR")
    args = ap.parse_args()
    if args.check_signature:
        with open(args.check_signature) as fh:
            problems = check_signature(fh.read())
        print("signature: " + ("ok (%d parameters, %d BatchNorms)" % (len(param_specs()),
                                                                       bn_count())
                               if not problems else "\n  ".join(["MISMATCH"] + problems)))
        return 0 if not problems else 1

    report = {"status": "ok", "net": "resnet-34", "parameters":
              sum(_prod(s) for _, s, _ in param_specs())}

    def save():
        if args.json:
            with open(args.json, "w") as fh:
                json.dump(report, fh, indent=1)
    params_np, x_np, y_np = init_numpy(args.batch)
    theirs = ours = None
    try:
        theirs = run_jax(args, params_np, x_np, y_np, report)
    except Exception:
        report["status"] = "error"
        report["jax_error"] = traceback.format_exc()[-3000:]
        print(report["jax_error"], flush=True)
    save()
    if args.ours:
        try:
            ours = run_ours(args, params_np, x_np, y_np, report)
        except Exception:
            report["ours_via_jaxlib"] = {"status": "error", "error": traceback.format_exc()[-3000:]}
            print(report["ours_via_jaxlib"]["error"], flush=True)
        save()
    if ours and theirs:
        report["cross_check"] = cross_check(ours, theirs)
        print("cross-check: %s" % json.dumps(report["cross_check"]), flush=True)
    save()
    return 0 if report["status"] == "ok" else 1


def _prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


if __name__ == "__main__":
    sys.exit(main())

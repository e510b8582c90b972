#!/usr/bin/python3
"""First-step gradient accuracy of MNIST-CNN: hlotrain and PyTorch float32 against float64.

usage: bench/grad_accuracy.py --hlotrain PATH [--data DIR] [--first-record K] [--workdir DIR]
                              [--keep] [--threads N] [--openblas-coretype NAME] [--no-pinned]
                              [--no-mkldnn] [--per-op]

1. Runs `hlotrain train --net mnist-cnn` for exactly one SGD step (momentum 0.9, weight decay 0,
   constant lr, no shuffle, no augmentation) with HLOTRAIN_INIT_DUMP set. SGD's heavy-ball
   buffer starts at 0, so after step 1 the stored velocity is `0.9·0 + g = g`: the checkpoint's
   optimizer-state tensors are hlotrain's float32 gradients of the first step, bit for bit.
   The script checks the checkpoint header (sgd, step 1, P/L/T) and that the stored parameters
   are `w0 − lr·g` (so the velocity really is the gradient, not a decayed or clipped one).
2. Reads the dumped initial parameters (raw f32, spec order) and the first batch (training
   records 0..127 of the IDX files, pixels b/255 in float32, labels as int). `--first-record K`
   makes it records K..K+127 (both sides read IDX files written to the work dir without the
   first K records): another sample of the same comparison.
3. Builds the same net in PyTorch as a PyTorch user would (nn.Conv2d 3x3 padding 1 without bias,
   nn.BatchNorm2d eps 1e-5 in training mode (batch statistics, biased variance), ReLU,
   nn.MaxPool2d(2, 2), flatten NCHW, nn.Linear(3136, 512) + ReLU, nn.Linear(512, 10), mean
   softmax cross-entropy), once in float64 (the oracle) and once in float32, both from the same
   float32 initial parameters and inputs, and takes autograd's gradients. hlotrain's dense
   weights are [fanIn, fanOut] (y = x·W + b): nn.Linear holds W^T, and its gradient is
   transposed back before comparing.
4. For every gradient tensor prints rel = ||g − g64||₂ / ||g64||₂ for hlotrain and for torch
   float32, their ratio (hlotrain / torch), and max|g − g64| / max|g64| for both; then the worst
   ratio and one JSON line. The issue's acceptance: every ratio ≤ 1 ("every gradient tensor's
   relative error is no larger than PyTorch float32's own").
5. Branch-pinned errors (skip with --no-pinned). The float64 oracle is a discontinuous function
   of rounding: a ReLU whose pre-activation lies within float32 rounding of 0, or a max-pool
   window whose two largest values are that close, can fall the other way in float32, and one
   such flip moves an O(1) share of a gradient element (seen: ~1e-3 relative error on every
   tensor below the flip, for PyTorch and hlotrain alike). So the script also runs hlotrain's
   emitted forward graph (`hlotrain run` on _fwd.mlir, changed to return every ReLU's input)
   and PyTorch's float32 forward, counts their ReLU and max-pool decisions that differ from
   float64's, and recomputes the float64 gradients with each side's own decisions (ReLU masks
   and first-maximum pool indices) pinned: `g − g64(pinned)` is then rounding error only.
   (The forward graph is compiled apart from the train step; a pinned error that is still
   O(1e-3) means its decisions were not the train step's.)

6. `--per-op`: where the forward's rounding comes from. hlotrain's train step
   (`_train_step.mlir`) is changed to also return its forward values (each convolution's result
   through a transpose to channels-last, so its planned layout and kernel stay the step's own;
   each dot_general result, BatchNorm output and the logits) and run by `hlotrain run` on the
   step's own inputs; PyTorch's float32 forward gives the same values. Each is printed against
   float64 from the same float32 inputs (the error so far), and the dense products also against
   float64 of that side's own float32 input (the op's own error).

7. `--ablation ARM [ARM ...]`: what rounding the criterion asks for. Each arm is PyTorch
   float32 with some ops computed in float64 and rounded to float32 once, i.e. correctly rounded
   (comma-separated: conv = convolution forward, conv-data / conv-weights = its two backward
   products, dense / dense-back = the dense products forward / backward, bn = BatchNorm forward
   and backward, bias = the bias gradients' batch sums, loss = softmax cross-entropy from the
   float32 logits; `all` = every one of them). Per arm: every tensor's error against float64
   divided by PyTorch float32's (the same ratio as above), its worst and median.

PyTorch runs with OPENBLAS_CORETYPE set before torch is imported (default: Cooperlake where the
CPU has AVX512-BF16, else SkylakeX / Haswell, as bench/peer_pytorch.py) and `--threads` threads
(default 2); hlotrain with OMP_WAIT_POLICY=passive (unless already set), and whatever else the
environment holds (HLOTRAIN_WINOGRAD=0 turns off its Winograd convolutions, for instance).
`--no-mkldnn` gives a second PyTorch baseline (its convolutions through im2col + sgemm): the
baseline's own errors move by up to 2x on the last layers' tensors, and by 1000x on the earlier
ones when a ReLU flips in one baseline and not in the other (see 5).
"""
import argparse
import gzip
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile


def default_coretype():
    with open("/proc/cpuinfo") as f:
        flags = next((line.split(":")[1].split() for line in f if line.startswith("flags")), [])
    if "avx512_bf16" in flags:
        return "Cooperlake"
    return "SkylakeX" if "avx512f" in flags else "Haswell"


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hlotrain", required=True, help="the hlotrain binary")
    p.add_argument("--data", default="/usr/share/datasets/fashion-mnist",
                   help="Fashion-MNIST / MNIST IDX directory")
    p.add_argument("--first-record", type=int, default=0,
                   help="the batch is training records K..K+127 (default 0)")
    p.add_argument("--workdir", default=None, help="artifacts directory (default: a temp dir)")
    p.add_argument("--keep", action="store_true", help="keep the temp artifacts directory")
    p.add_argument("--threads", type=int, default=2, help="torch threads (default 2)")
    p.add_argument("--openblas-coretype", default=None,
                   help="OPENBLAS_CORETYPE for torch (default: the CPU's best)")
    p.add_argument("--no-mkldnn", action="store_true",
                   help="torch convolutions without oneDNN (im2col + OpenBLAS sgemm): a second "
                        "PyTorch float32 baseline, whose errors differ from the default's")
    p.add_argument("--per-op", action="store_true",
                   help="also print each forward op's error, from the train step itself")
    p.add_argument("--no-pinned", action="store_true",
                   help="skip the branch-pinned analysis (no `hlotrain run` of the forward)")
    p.add_argument("--ablation", nargs="+", default=[], metavar="ARM",
                   help="PyTorch float32 with the ops of each ARM (comma-separated from "
                        f"{','.join(EXACT_OPS)}, or all) correctly rounded: the ratios they reach")
    args = p.parse_args()
    for arm in args.ablation:
        bad = [op for op in arm.split(",") if op not in EXACT_OPS + ("all",)]
        if bad:
            p.error(f"--ablation {arm}: unknown op {bad[0]} (known: {', '.join(EXACT_OPS)}, all)")
    return args


EXACT_OPS = ("conv", "conv-data", "conv-weights", "dense", "dense-back", "bn", "bias", "loss")


ARGS = parse_args()
# OpenBLAS reads OPENBLAS_CORETYPE when it is loaded, i.e. at `import torch`: set it first.
os.environ["OPENBLAS_CORETYPE"] = ARGS.openblas_coretype or default_coretype()

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402

BATCH = 128
LR = 1e-3
# (name, shape) in hlotrain's spec order: per convBn its OIHW kernel (no conv bias), γ, β;
# dense weights [fanIn, fanOut] and biases.
CONVS = [(1, 32), (32, 32), (32, 64), (64, 64)]
SPEC = []
for i, (ic, oc) in enumerate(CONVS, 1):
    SPEC += [(f"conv{i}.w", (oc, ic, 3, 3)), (f"bn{i}.gamma", (oc,)), (f"bn{i}.beta", (oc,))]
SPEC += [("fc1.w", (3136, 512)), ("fc1.b", (512,)), ("fc2.w", (512, 10)), ("fc2.b", (10,))]
NUM_BN = len(CONVS)


# ---------------------------------------------------------------- hlotrain side

def hlotrain_env():
    env = dict(os.environ)
    env.setdefault("OMP_WAIT_POLICY", "passive")
    return env


def run_hlotrain(binary, data, workdir):
    init = os.path.join(workdir, "init_params.bin")
    arts = os.path.join(workdir, "artifacts")
    cmd = [binary, "train", "--net", "mnist-cnn", "--dataset", "mnist", "--data", data,
           "--optimizer", "sgd", "--momentum", "0.9", "--weight-decay", "0", "--lr", str(LR),
           "--no-cosine", "--epochs", "2", "--max-steps", "1", "--no-shuffle", "--no-augment",
           "--eval-every", "0", "--checkpoint-every", "0", "--log-every", "1",
           "--artifacts", arts]
    env = hlotrain_env()
    env["HLOTRAIN_INIT_DUMP"] = init
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        sys.exit(f"hlotrain failed ({r.returncode}): {' '.join(cmd)}\n{r.stdout}")
    m = re.search(r"step 1/\d+ \(global 1\): loss ([0-9.eE+-]+)", r.stdout)
    loss = float(m.group(1)) if m else None
    metrics = os.path.join(arts, "mnist_cnn_metrics.jsonl")
    if os.path.exists(metrics):  # the epoch record's loss has more digits than the log line
        for line in open(metrics):
            rec = json.loads(line)
            if rec.get("type") == "epoch" and rec.get("step") == 1:
                loss = rec["loss"]
    return cmd, init, os.path.join(arts, "mnist_cnn"), loss


def check_signature(prefix):
    """The emitted forward graph's parameter shapes must be SPEC's, in order."""
    text = open(prefix + "_fwd.mlir").read()
    sig = re.search(r"func\.func public @main\((.*?)\)\s*->", text, re.S).group(1)
    shapes = [tuple(int(d) for d in s.split("x")[:-1])
              for s in re.findall(r"tensor<([0-9x]+f32)>", sig)]
    want = [s for _, s in SPEC] + [(BATCH, 1, 28, 28)]
    if shapes != want:
        sys.exit(f"_fwd.mlir signature {shapes} is not the expected {want}")
    # conv kernels OIHW, NCHW activations, flatten of [B,64,7,7] in NCHW order, x·W (fanIn first)
    assert "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]" in text, "conv layout is not NCHW/OIHW"
    assert "tensor<128x64x7x7xf32>) -> tensor<128x3136xf32>" in text, "flatten is not NCHW"
    assert "pad = [[1, 1], [1, 1]]" in text, "conv padding is not 1"


def read_checkpoint(path):
    b = open(path, "rb").read()
    if b[:8] != b"HLOTCKPT":
        sys.exit(f"{path}: bad magic")
    version, opt, P, L, T = struct.unpack_from("<5I", b, 8)
    step, epoch, batch_index, seed, shuffle, batch = struct.unpack_from("<6q", b, 28)
    off = 76
    tensors = []
    for _ in range(T):
        (rank,) = struct.unpack_from("<I", b, off)
        off += 4
        dims = struct.unpack_from(f"<{rank}q", b, off)
        off += 8 * rank
        n = int(np.prod(dims)) if rank else 1
        tensors.append(np.frombuffer(b, "<f4", n, off).reshape(dims).copy())
        off += 4 * n
    head = dict(version=version, optimizer=opt, P=P, L=L, T=T, step=step, epoch=epoch,
                batch_index=batch_index, shuffle=shuffle, batch=batch)
    return head, tensors


def hlotrain_gradients(prefix, init_path):
    head, ts = read_checkpoint(prefix + "_checkpoint.bin")
    P = len(SPEC)
    want = dict(optimizer=1, P=P, L=NUM_BN, T=P + 2 * NUM_BN + P, step=1, shuffle=0, batch=BATCH)
    bad = {k: (head[k], v) for k, v in want.items() if head[k] != v}
    if bad:
        sys.exit(f"checkpoint header mismatch (got, want): {bad}")
    params1, vel = ts[:P], ts[P + 2 * NUM_BN:]
    raw = np.fromfile(init_path, "<f4")
    if raw.size != sum(int(np.prod(s)) for _, s in SPEC):
        sys.exit(f"{init_path}: {raw.size} floats, not the net's parameter count")
    params0, off = [], 0
    for (name, shape), p1, v in zip(SPEC, params1, vel):
        if tuple(p1.shape) != shape or tuple(v.shape) != shape:
            sys.exit(f"{name}: checkpoint shape {p1.shape}/{v.shape}, expected {shape}")
        n = int(np.prod(shape))
        p0 = raw[off:off + n].reshape(shape)
        off += n
        # step 1 of SGD: w1 = w0 − lr·(0.9·0 + g) with the f32 lr (no decay, no clipping)
        expect = p0 - np.float32(LR) * v
        err = np.max(np.abs(p1 - expect)) / max(np.max(np.abs(p0)), 1e-30)
        if err > 1e-6:
            sys.exit(f"{name}: stored params are not w0 - lr*velocity (rel {err:.2e}): "
                     "is the velocity the first gradient?")
        params0.append(p0)
    return params0, vel


def hlotrain_relu_inputs(binary, prefix, params0, x, workdir):
    """Every ReLU's input in hlotrain's forward graph: _fwd.mlir changed to return the first
    operand of each tensor-valued `stablehlo.maximum` (a ReLU: max(x, 0); the pools' maxima are
    scalar ops inside their reduce_window bodies), run by `hlotrain run` on the same inputs."""
    text = open(prefix + "_fwd.mlir").read()
    relus = re.findall(r"= stablehlo\.maximum (%\w+), %\w+ : (tensor<[0-9x]+xf32>)", text)
    ret = re.search(r"\n(\s*)return (%\w+) : (tensor<[0-9x]+xf32>)", text)
    head = re.search(r"\) -> (tensor<[0-9x]+xf32>) \{", text)
    if len(relus) != 5 or not ret or not head:
        sys.exit(f"{prefix}_fwd.mlir: expected 5 ReLUs and one result, found {len(relus)}")
    vals = [v for v, _ in relus] + [ret.group(2)]
    types = ", ".join([t for _, t in relus] + [ret.group(3)])
    text = text[:ret.start()] + f"\n{ret.group(1)}return {', '.join(vals)} : {types}" + \
        text[ret.end():]
    text = text.replace(head.group(0), f") -> ({types}) {{", 1)
    inputs = [np.ascontiguousarray(a, dtype=np.float32) for a in list(params0) + [x]]
    taps = run_module(binary, text, inputs, workdir, "fwd_relu_inputs")
    return taps[:5], taps[5]


def run_module(binary, text, inputs, workdir, name):
    """`hlotrain run` of the module `text` on `inputs` (numpy arrays); its results."""
    mlir = os.path.join(workdir, name + ".mlir")
    open(mlir, "w").write(text)
    cmd = [binary, "run", mlir]
    for i, a in enumerate(inputs):
        path = os.path.join(workdir, f"{name}_in{i:02d}.npy")
        np.save(path, np.asarray(a))
        cmd += ["--input", path]
    out = os.path.join(workdir, name + "_out")
    cmd += ["--output", out]
    r = subprocess.run(cmd, env=hlotrain_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if r.returncode != 0:
        sys.exit(f"hlotrain run failed ({r.returncode}): {' '.join(cmd)}\n{r.stdout}")
    count = len([f for f in os.listdir(out) if f.endswith(".npy")])
    return [np.load(os.path.join(out, f"out{i}.npy")) for i in range(count)]


def train_step_forward(binary, prefix, params0, x, y, workdir):
    """The train step's forward values (see 6.): conv1..4, fc1 and fc2 products, bn1..4 outputs
    and the logits, NCHW, from the step's first run (SGD: velocities 0, step 0)."""
    text = open(prefix + "_train_step.mlir").read()
    logits = re.search(r"(%\d+) = stablehlo\.add %\d+, %\d+ : tensor<128x10xf32>", text)
    forward = text[:logits.start()]
    convs = re.findall(r"(%\d+) = stablehlo\.convolution[^\n]*-> (tensor<[0-9x]+xf32>)", forward)
    dots = re.findall(r"(%\d+) = stablehlo\.dot_general[^\n]*-> (tensor<[0-9x]+xf32>)", forward)
    bns = re.findall(r"= stablehlo\.maximum (%\d+), %\w+ : (tensor<[0-9x]+xf32>)", forward)[:4]
    if len(convs) != 4 or len(dots) != 2 or len(bns) != 4:
        sys.exit(f"{prefix}_train_step.mlir: expected 4 convolutions, 2 dot_generals and 4 "
                 f"BatchNorm ReLUs before the logits, found {len(convs)}, {len(dots)}, {len(bns)}")
    taps, lines = [], []
    for j, (value, t) in enumerate(convs):
        n, c, h, w = (int(d) for d in t[7:-5].split("x"))
        nhwc = f"tensor<{n}x{h}x{w}x{c}xf32>"
        lines.append(f"    %tap{j} = stablehlo.transpose {value}, dims = [0, 2, 3, 1] : "
                     f"({t}) -> {nhwc}\n")
        taps.append((f"%tap{j}", nhwc))
    taps += dots + bns + [(logits.group(1), "tensor<128x10xf32>")]
    ret = re.search(r"\n(\s*)return ([^\n]*) : ([^\n]*)\n", text)
    values = ", ".join(v for v, _ in taps)
    types = ", ".join(t for _, t in taps)
    text = (text[:ret.start()] + "\n" + "".join(lines) +
            f"{ret.group(1)}return {ret.group(2)}, {values} : {ret.group(3)}, {types}\n" +
            text[ret.end():])
    text = re.sub(r"\) -> \((tensor[^{]*)\) \{", lambda m: f") -> ({m.group(1)}, {types}) {{",
                  text, count=1)
    inputs = list(params0) + [np.zeros_like(p) for p in params0] + \
        [x, y.astype(np.int32), np.float32(LR), np.float32(0)]
    out = run_module(binary, text, inputs, workdir, "train_step_taps")[-len(taps):]
    return [o.transpose(0, 3, 1, 2) for o in out[:4]] + out[4:]


def conv3x3(h, w):
    return F.conv2d(h, w, padding=1)


def batch_norm(h, gamma, beta):
    return F.batch_norm(h, None, None, gamma, beta, training=True, eps=1e-5)


def mnist_cnn(ps, h, conv=conv3x3, bn=batch_norm, relu=lambda k, t: F.relu(t),
              pool=lambda j, t: F.max_pool2d(t, 2, 2), dense=torch.matmul, bias=torch.add,
              tap=lambda kind, t: t):
    """The logits of build_model's net from spec-order parameters `ps`, each op replaceable:
    relu(k, t) is ReLU k (relu1..4, then fc1's), pool(j, t) max-pool j, and tap(kind, t) sees
    every "product" (conv1..4, then fc1 and fc2 before their bias) and "bn" output."""
    for i in range(4):
        h = relu(i, tap("bn", bn(tap("product", conv(h, ps[3 * i])), ps[3 * i + 1], ps[3 * i + 2])))
        if i in (1, 3):
            h = pool(i // 2, h)
    h = relu(4, bias(tap("product", dense(h.reshape(h.shape[0], -1), ps[12])), ps[13]))
    return bias(tap("product", dense(h, ps[14])), ps[15])


def torch_forward_values(params0, x, dtype):
    """conv1..4, fc1 and fc2 products, bn1..4 outputs and the logits, as train_step_forward."""
    taps = {"product": [], "bn": []}
    def tap(kind, t):
        taps[kind].append(t)
        return t
    logits = mnist_cnn([torch.from_numpy(p).to(dtype) for p in params0],
                       torch.from_numpy(x).to(dtype), tap=tap)
    return [v.detach().numpy().copy() for v in taps["product"] + taps["bn"] + [logits]]


def print_per_op(hl, t32, t64, params0):
    names = ["conv1", "conv2", "conv3", "conv4", "fc1 x·W", "fc2 x·W", "bn1", "bn2", "bn3", "bn4",
             "logits"]
    print("forward values of the train step against float64 (||v - v64|| / ||v64||):")
    print(f"{'value':<9} {'hlotrain':>10} {'torch f32':>10}")
    for name, a, b, c in zip(names, hl, t32, t64):
        print(f"{name:<9} {rel_errors(a, c)[0]:10.3e} {rel_errors(b, c)[0]:10.3e}")
    # The dense products' own rounding: each side's float32 input, multiplied in float64.
    def own(side, k):
        if k == 4:  # fc1 reads pool2(relu(bn4))
            a = F.max_pool2d(torch.from_numpy(np.maximum(side[9], 0).astype(np.float64)), 2, 2)
            a = a.numpy().reshape(a.shape[0], -1)
            return rel_errors(side[4], a @ params0[12].astype(np.float64))[0]
        a = np.maximum(side[4].astype(np.float64) + params0[13], 0)  # relu(fc1 + b), in float64
        return rel_errors(side[5], a @ params0[14].astype(np.float64))[0]
    print(f"own rounding of fc1 x·W: hlotrain {own(hl, 4):.3e}, torch f32 {own(t32, 4):.3e}")


# ---------------------------------------------------------------- data

def read_idx(path):
    for p in (path, path + ".gz"):
        if os.path.exists(p):
            raw = open(p, "rb").read()
            if raw[:2] == b"\x1f\x8b":
                raw = gzip.decompress(raw)
            return raw
    sys.exit(f"missing {path}[.gz]")


def without_first_records(data, k, workdir):
    """A copy of the IDX directory whose training files start at record k."""
    out = os.path.join(workdir, "data")
    os.makedirs(out, exist_ok=True)
    img = read_idx(os.path.join(data, "train-images-idx3-ubyte"))
    lab = read_idx(os.path.join(data, "train-labels-idx1-ubyte"))
    n = struct.unpack_from(">I", img, 4)[0]
    if k < 0 or k + BATCH > n:
        sys.exit(f"--first-record {k}: the training set has {n} records")
    with open(os.path.join(out, "train-images-idx3-ubyte"), "wb") as f:
        f.write(img[:4] + struct.pack(">I", n - k) + img[8:16] + img[16 + k * 784:])
    with open(os.path.join(out, "train-labels-idx1-ubyte"), "wb") as f:
        f.write(lab[:4] + struct.pack(">I", n - k) + lab[8 + k:])
    for name in ("t10k-images-idx3-ubyte", "t10k-labels-idx1-ubyte"):
        with open(os.path.join(out, name), "wb") as f:
            f.write(read_idx(os.path.join(data, name)))
    return out


def first_batch(data):
    img = read_idx(os.path.join(data, "train-images-idx3-ubyte"))
    lab = read_idx(os.path.join(data, "train-labels-idx1-ubyte"))
    magic, n, rows, cols = struct.unpack_from(">4I", img, 0)
    assert magic == 2051 and (rows, cols) == (28, 28), "bad image IDX header"
    assert struct.unpack_from(">2I", lab, 0)[0] == 2049, "bad label IDX header"
    x = np.frombuffer(img, np.uint8, BATCH * 784, 16).astype(np.float32) / np.float32(255.0)
    y = np.frombuffer(lab, np.uint8, BATCH, 8).astype(np.int64)
    return x.reshape(BATCH, 1, 28, 28), y


# ---------------------------------------------------------------- PyTorch side

def build_model():
    layers = []
    for ic, oc in CONVS[:2]:
        layers += [nn.Conv2d(ic, oc, 3, padding=1, bias=False), nn.BatchNorm2d(oc, eps=1e-5),
                   nn.ReLU()]
    layers.append(nn.MaxPool2d(2, 2))
    for ic, oc in CONVS[2:]:
        layers += [nn.Conv2d(ic, oc, 3, padding=1, bias=False), nn.BatchNorm2d(oc, eps=1e-5),
                   nn.ReLU()]
    layers += [nn.MaxPool2d(2, 2), nn.Flatten(), nn.Linear(3136, 512), nn.ReLU(),
               nn.Linear(512, 10)]
    return nn.Sequential(*layers)


def torch_params_in_spec_order(model):
    convs = [m for m in model if isinstance(m, nn.Conv2d)]
    bns = [m for m in model if isinstance(m, nn.BatchNorm2d)]
    fcs = [m for m in model if isinstance(m, nn.Linear)]
    out = []
    for c, b in zip(convs, bns):
        out += [(c.weight, False), (b.weight, False), (b.bias, False)]
    for f in fcs:
        out += [(f.weight, True), (f.bias, False)]  # True: stored transposed vs hlotrain
    return out


def torch_gradients(params0, x, y, dtype, taps=None):
    """Loss and gradients in spec order; `taps`, a list, receives every ReLU's input."""
    model = build_model().to(dtype).train()
    if taps is not None:
        for m in model:
            if isinstance(m, nn.ReLU):
                m.register_forward_hook(
                    lambda mod, inp, out: taps.append(inp[0].detach().numpy().copy()))
    plist = torch_params_in_spec_order(model)
    with torch.no_grad():
        for (t, transposed), p0 in zip(plist, params0):
            src = torch.from_numpy(p0.T.copy() if transposed else p0.copy()).to(dtype)
            assert t.shape == src.shape
            t.copy_(src)
    xt = torch.from_numpy(x).to(dtype)
    loss = F.cross_entropy(model(xt), torch.from_numpy(y))
    model.zero_grad(set_to_none=True)
    loss.backward()
    grads = [(t.grad.T if transposed else t.grad).detach().to(torch.float64).numpy().copy()
             for t, transposed in plist]
    return float(loss), grads


def decisions(relu_inputs):
    """ReLU masks (input > 0) and the max pools' first-maximum indices, from float32 values."""
    masks = [torch.from_numpy(np.asarray(t, np.float32) > 0) for t in relu_inputs]
    pools = []
    for j in (1, 3):  # the pools follow the 2nd and 4th convBn
        a = torch.from_numpy(np.maximum(np.asarray(relu_inputs[j], np.float32), 0))
        pools.append(F.max_pool2d(a, 2, 2, return_indices=True)[1])
    return masks, pools


def pinned_gradients(params0, x, y, masks, pools):
    """float64 gradients of the net with the ReLU masks and pool indices held fixed."""
    def gather(j, h):
        n, c, hh, ww = h.shape
        idx = pools[j].reshape(n, c, -1)
        return torch.gather(h.reshape(n, c, hh * ww), 2, idx).reshape(n, c, hh // 2, ww // 2)
    ps = [torch.from_numpy(p).double().requires_grad_(True) for p in params0]
    logits = mnist_cnn(ps, torch.from_numpy(x).double(), relu=lambda k, t: t * masks[k].double(),
                       pool=gather)
    loss = F.cross_entropy(logits, torch.from_numpy(y))
    return [g.numpy() for g in torch.autograd.grad(loss, ps)]


def exactly_rounded_gradients(params0, x, y, arm):
    """PyTorch float32 gradients with the ops of `arm` computed in float64 and rounded once."""
    exact = set(EXACT_OPS) if "all" in arm else set(arm)
    f32, f64 = torch.float32, torch.float64

    def rounded(fn, *args):  # fn in float64 on float32 arguments, rounded to float32
        return fn(*[a.to(f64) for a in args]).to(f32)

    class Conv(torch.autograd.Function):
        @staticmethod
        def forward(ctx, h, w):
            ctx.save_for_backward(h, w)
            return rounded(conv3x3, h, w) if "conv" in exact else conv3x3(h, w)

        @staticmethod
        def backward(ctx, g):
            def transposes(*args):
                with torch.enable_grad():
                    h, w = (a.detach().requires_grad_() for a in args[:2])
                    return torch.autograd.grad(conv3x3(h, w), (h, w), args[2])
            gh, gw = transposes(*ctx.saved_tensors, g)
            if {"conv-data", "conv-weights"} & exact:
                eh, ew = transposes(*(t.to(f64) for t in ctx.saved_tensors), g.to(f64))
                gh = eh.to(f32) if "conv-data" in exact else gh
                gw = ew.to(f32) if "conv-weights" in exact else gw
            return gh, gw

    class Dense(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a, b):
            ctx.save_for_backward(a, b)
            return rounded(torch.matmul, a, b) if "dense" in exact else a @ b

        @staticmethod
        def backward(ctx, g):
            a, b = ctx.saved_tensors
            if "dense-back" in exact:
                return rounded(lambda g, b: g @ b.T, g, b), rounded(lambda a, g: a.T @ g, a, g)
            return g @ b.T, a.T @ g

    class Bias(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a, b):
            return a + b

        @staticmethod
        def backward(ctx, g):
            return g, g.to(f64).sum(0).to(f32)

    class BatchNorm(torch.autograd.Function):
        @staticmethod
        def forward(ctx, *args):
            ctx.save_for_backward(*args)
            return rounded(batch_norm, *args)

        @staticmethod
        def backward(ctx, g):
            with torch.enable_grad():
                args = [t.detach().to(f64).requires_grad_() for t in ctx.saved_tensors]
                grads = torch.autograd.grad(batch_norm(*args), args, g.to(f64))
                return tuple(d.to(f32) for d in grads)

    ps = [torch.from_numpy(p).to(f32).requires_grad_(True) for p in params0]
    logits = mnist_cnn(ps, torch.from_numpy(x), conv=Conv.apply,
                       bn=BatchNorm.apply if "bn" in exact else batch_norm, dense=Dense.apply,
                       bias=Bias.apply if "bias" in exact else torch.add)
    loss = F.cross_entropy(logits.to(f64) if "loss" in exact else logits, torch.from_numpy(y))
    return [g.to(f64).numpy() for g in torch.autograd.grad(loss, ps)]


def print_ablation(params0, x, y, g32, g64):
    print("correctly rounded ops in PyTorch float32: each tensor's error / torch f32's")
    print(f"{'arm':<40} {'worst':>7} {'median':>7}  tensors over 1")
    t32 = [rel_errors(g, r)[0] for g, r in zip(g32, g64)]
    arms = []
    for arm in ARGS.ablation:
        g = exactly_rounded_gradients(params0, x, y, arm.split(","))
        ratios = [rel_errors(a, r)[0] / t if t > 0 else float("inf")
                  for a, r, t in zip(g, g64, t32)]
        over = [name for (name, _), q in zip(SPEC, ratios) if q > 1]
        print(f"{arm:<40} {max(ratios):7.3f} {float(np.median(ratios)):7.3f}  {over or 'none'}")
        arms.append(dict(arm=arm, worst=max(ratios), median=float(np.median(ratios)),
                         ratios=dict(zip((n for n, _ in SPEC), ratios))))
    return arms


def flips(side, ref):
    """How many ReLU decisions (per ReLU) and pool choices (per pool) differ from ref's."""
    return ([int((a != b).sum()) for a, b in zip(side[0], ref[0])],
            [int((a != b).sum()) for a, b in zip(side[1], ref[1])])


# ---------------------------------------------------------------- comparison

def rel_errors(g, ref):
    g = g.astype(np.float64)
    nref = np.linalg.norm(ref.ravel())
    mref = np.max(np.abs(ref))
    rel = np.linalg.norm((g - ref).ravel()) / nref if nref > 0 else float("inf")
    mx = np.max(np.abs(g - ref)) / mref if mref > 0 else float("inf")
    return float(rel), float(mx)


def main():
    torch.set_num_threads(ARGS.threads)
    if ARGS.no_mkldnn:
        torch.backends.mkldnn.enabled = False
    workdir = ARGS.workdir or tempfile.mkdtemp(prefix="grad_accuracy.")
    os.makedirs(workdir, exist_ok=True)
    try:
        data = ARGS.data
        if ARGS.first_record:
            data = without_first_records(data, ARGS.first_record, workdir)
        cmd, init, prefix, hl_loss = run_hlotrain(os.path.abspath(ARGS.hlotrain), data, workdir)
        check_signature(prefix)
        params0, hl_grads = hlotrain_gradients(prefix, init)
        x, y = first_batch(data)
        hl_relu = None
        if ARGS.per_op:
            hl_values = train_step_forward(os.path.abspath(ARGS.hlotrain), prefix, params0, x, y,
                                           workdir)
        if not ARGS.no_pinned:
            hl_relu, _ = hlotrain_relu_inputs(os.path.abspath(ARGS.hlotrain), prefix, params0, x,
                                              workdir)
    finally:
        if ARGS.workdir is None and not ARGS.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    t64, t32 = [], []
    loss64, g64 = torch_gradients(params0, x, y, torch.float64, t64)
    loss32, g32 = torch_gradients(params0, x, y, torch.float32, t32)
    pinned = not ARGS.no_pinned
    if pinned:
        d64, d32, dhl = decisions(t64), decisions(t32), decisions(hl_relu)
        flips_t32, flips_hl = flips(d32, d64), flips(dhl, d64)
        gp_hl = pinned_gradients(params0, x, y, *dhl)
        gp_t32 = pinned_gradients(params0, x, y, *d32)

    print(f"hlotrain: {ARGS.hlotrain}")
    print(f"command: {' '.join(cmd)}")
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads, "
          f"OPENBLAS_CORETYPE={os.environ['OPENBLAS_CORETYPE']}, "
          f"mkldnn {'off' if ARGS.no_mkldnn else 'on'}; hlotrain env: OMP_WAIT_POLICY="
          f"{hlotrain_env()['OMP_WAIT_POLICY']}"
          + "".join(f", {k}={v}" for k, v in sorted(os.environ.items())
                    if k.startswith("HLOTRAIN_")))
    print(f"first-step loss: float64 {loss64:.10f}, hlotrain {hl_loss}, torch f32 {loss32:.10f}")
    if pinned:
        print(f"ReLU decisions (relu1..4, fc1) / pool choices (pool1, pool2) that differ from "
              f"float64's: hlotrain {flips_hl[0]} / {flips_hl[1]}, "
              f"torch f32 {flips_t32[0]} / {flips_t32[1]}")
    hdr = (f"{'tensor':<11} {'shape':<15} {'|g64|':>9} {'hlotrain rel':>12} {'torch32 rel':>12} "
           f"{'ratio':>8}   {'hl max':>9} {'t32 max':>9}")
    if pinned:
        hdr += f"   {'hl pinned':>9} {'t32 pinned':>10} {'ratio':>7}"
    print(hdr)
    print("-" * len(hdr))
    rows = []
    def quotient(a, b):
        return a / b if b > 0 else (1.0 if a == 0 else float("inf"))

    for k, ((name, shape), gh, gt, gr) in enumerate(zip(SPEC, hl_grads, g32, g64)):
        hr, hm = rel_errors(gh, gr)
        tr, tm = rel_errors(gt, gr)
        ratio = quotient(hr, tr)
        rows.append(dict(name=name, shape=list(shape), norm64=float(np.linalg.norm(gr)),
                         hlotrain_rel=hr, torch32_rel=tr, ratio=ratio,
                         hlotrain_maxrel=hm, torch32_maxrel=tm))
        line = (f"{name:<11} {'x'.join(map(str, shape)):<15} {rows[-1]['norm64']:9.3e} "
                f"{hr:12.3e} {tr:12.3e} {ratio:8.3f}   {hm:9.2e} {tm:9.2e}")
        if pinned:
            hp, tp = rel_errors(gh, gp_hl[k])[0], rel_errors(gt, gp_t32[k])[0]
            rows[-1].update(hlotrain_pinned_rel=hp, torch32_pinned_rel=tp,
                            pinned_ratio=quotient(hp, tp))
            line += f"   {hp:9.2e} {tp:10.2e} {rows[-1]['pinned_ratio']:7.3f}"
        print(line)
    worst = max(rows, key=lambda r: r["ratio"])
    ok = all(r["ratio"] <= 1.0 for r in rows)
    print(f"worst ratio {worst['ratio']:.3f} ({worst['name']}: hlotrain {worst['hlotrain_rel']:.3e}"
          f" vs torch f32 {worst['torch32_rel']:.3e}); tensors over 1: "
          f"{[r['name'] for r in rows if r['ratio'] > 1.0] or 'none'} -> "
          f"{'PASS' if ok else 'FAIL'}")
    if ARGS.per_op:
        print_per_op(hl_values, torch_forward_values(params0, x, torch.float32),
                     torch_forward_values(params0, x, torch.float64), params0)
    extra = {}
    if ARGS.ablation:
        extra["ablation"] = print_ablation(params0, x, y, g32, g64)
    if pinned:
        pw = max(rows, key=lambda r: r["pinned_ratio"])
        print(f"worst pinned ratio {pw['pinned_ratio']:.3f} ({pw['name']}: hlotrain "
              f"{pw['hlotrain_pinned_rel']:.3e} vs torch f32 {pw['torch32_pinned_rel']:.3e}); "
              f"tensors over 1: {[r['name'] for r in rows if r['pinned_ratio'] > 1.0] or 'none'}")
        extra.update(worst_pinned_ratio=pw["pinned_ratio"], worst_pinned_tensor=pw["name"],
                     relu_flips_hlotrain=flips_hl[0], pool_changes_hlotrain=flips_hl[1],
                     relu_flips_torch32=flips_t32[0], pool_changes_torch32=flips_t32[1])
    print(json.dumps(dict(bench="grad_accuracy", net="mnist-cnn", hlotrain=ARGS.hlotrain,
                          loss64=loss64, loss_hlotrain=hl_loss, loss_torch32=loss32,
                          threads=torch.get_num_threads(),
                          openblas_coretype=os.environ["OPENBLAS_CORETYPE"],
                          mkldnn=not ARGS.no_mkldnn, first_record=ARGS.first_record,
                          hlotrain_env={k: v for k, v in os.environ.items()
                                        if k.startswith("HLOTRAIN_")},
                          worst_ratio=worst["ratio"], worst_tensor=worst["name"], ok=ok,
                          **extra, tensors=rows)))


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Side-by-side train-step and eval throughput: PyTorch 1.13 vs `hlotrain bench`.

usage: bench/peer_pytorch.py [--hlotrain PATH] [--nets a,b,...] [--rounds R] [--steps N]
                             [--channels-last] [--no-foreach] [--conv-time] [--bf16]

For every net (default: every net of the issues that `hlotrain list` shows) the same
architecture is built in PyTorch (conv without bias + BatchNorm (eps 1e-5, batch statistics) +
ReLU/ReLU6, XLA-style SAME padding: o = ceil(i/s), total padding split low = total/2,
high = rest, applied with F.pad before the conv/pool when low != high; residual, bottleneck
and inverted-residual blocks as in nn/Zoo; the UNet's downs, ups (F.interpolate bilinear x2,
align_corners=False, then torch.cat([upsampled, skip])) and 1x1 head as in nn/Zoo; the YOLOv1
detector's ResNet-34 trunk with its conv3x3 512->256 + ReLU and conv1x1 256->30 head, trained on
FORMATS.md's masked YOLOv1 loss (sqrt-wh boxes) against random targets; Adam lr 1e-3
with decoupled weight decay 1e-4 on conv/dense weights only (torch.optim.AdamW with two
parameter groups), softmax cross-entropy (per pixel, mean over B·H·W, for the UNet)).
Each measurement runs in its own process (so peak RSS is per side and per net), on synthetic
input, 2 threads, `--steps` timed steps after one warm-up step; PyTorch and hlotrain alternate
for `--rounds` rounds and the table shows the medians over rounds, the ratio hlotrain/pytorch,
and the peak RSS of each side. The parameter count of every PyTorch model is checked against
`hlotrain list`, so both sides train the same architecture. `peak t/h` is the train step's
fraction of this machine's fp32 matmul peak for each side: the graph's convolution and matmul
FLOPs (as `hlotrain bench` counts them) at each side's rate, against the peak measured in that
round's hlotrain run (median over rounds).

Both sides run with the same OMP_WAIT_POLICY (default passive): with libgomp's default
spin-waiting, every OpenMP barrier on this shared 2-core machine burns the time slice the other
thread needs, and both PyTorch and hlotrain run 2-3x slower.
Both sides also run with the same GLIBC_TUNABLES (--glibc-tunables, default MALLOC_TUNABLES
below): PyTorch allocates every activation and gradient afresh each step, and glibc serves
those large blocks with mmap and returns them with munmap, so each step faults its tensors'
pages in again; where faults are slow that decides PyTorch's step (bench/torch_page_faults.py,
figures in bench/README.md, "GLIBC_TUNABLES"). The tunables keep freed memory in the heap (no
mmap, no trim) on transparent huge pages, as a PyTorch user who measures would (or link
jemalloc/tcmalloc, which this image does not have); hlotrain plans its buffers once, so they
change little there.
Debian's torch uses OpenBLAS-OpenMP (libopenblas0-openmp) for matmuls and oneDNN (mkldnn) for
convolutions. The image sets OPENBLAS_CORETYPE=Haswell, which halves OpenBLAS's matmuls on these
AVX-512 machines; the PyTorch workers run with its AVX-512 kernels instead (--openblas-coretype,
default Cooperlake where the CPU has AVX512-BF16, else SkylakeX), so the peer is at its best.

--conv-time (f32 table; ignored with --bf16): after its timed steps each PyTorch worker profiles
`--steps` more (torch.profiler) for the time in its convolutions, and hlotrain runs with
HLOTRAIN_PROFILE=1 for its oneDNN convolutions' time; a second table shows both, what
hlotrain's step outside its convolutions may take for a ratio of 2, and `bound`, PyTorch's step
over hlotrain's convolutions: the ratio hlotrain would reach if nothing but its convolutions
took time. Profiling costs both sides a little time, so take the throughput ratios from runs
without it.

--bf16 (issue 15 item 6): mixed precision side by side with both f32 steps. Every round runs
four processes in turn: `hlotrain bench` (f32), PyTorch f32, `hlotrain bench --precision bf16`,
PyTorch with its forward and loss under `torch.autocast("cpu", dtype=torch.bfloat16)` (backward
outside it as usual, the same AdamW step on f32 parameters); each also times its eval forward
first (`--eval`; PyTorch's in eval mode under inference_mode, the bf16 one under the same
autocast). The table shows, per net, the median ms per step of the four, the ratios (speed-ups,
>1 means the first is faster) hlotrain bf16 over hlotrain f32, hlotrain bf16 over PyTorch bf16
and hlotrain f32 over PyTorch f32, each the median over rounds of that round's ratio, with the
spread (min-max) over rounds; a second table the same for the evals; then hlotrain's cpu_isa and
bf16 matmul peak / implementation.
"""
import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import time

# Freed memory stays in the heap (never mmap'd, never trimmed), on transparent huge pages: see
# the docstring.
MALLOC_TUNABLES = ("glibc.malloc.hugetlb=1:glibc.malloc.mmap_max=0:"
                   "glibc.malloc.trim_threshold=68719476736")

# net: (batch, input C, H, W) as the issues measure them.
NETS = {
    "mnist-cnn": (128, 1, 28, 28),
    "cifar-10-bn": (128, 3, 32, 32),
    "resnet-18": (32, 3, 224, 224),
    "resnet-34": (32, 3, 224, 224),
    "resnet-50": (16, 3, 224, 224),
    "mobilenetv2": (32, 3, 224, 224),
    "unet-brats": (4, 4, 240, 240),
    "r34-yolov1": (16, 3, 224, 224),
    "vit-tiny": (32, 3, 224, 224),
    "convnext-tiny": (32, 3, 224, 224),
    "efficientnet-b0": (32, 3, 224, 224),
    "efficientnet-v2-s": (16, 3, 224, 224),
    "mobilenetv3-large": (32, 3, 224, 224),
    "mobilenetv4-conv-s": (32, 3, 224, 224),
    # Language models (issue 37): (batch, vocabulary, context, 0): token ids [B, T].
    "gpt-nano": (32, 65, 64, 0),
    "gpt-tiny": (32, 65, 128, 0),
}
# The GPTs' sizes (FAMILIES.md 3): width, heads, MLP, blocks.
GPTS = {"gpt-nano": (64, 2, 256, 4), "gpt-tiny": (128, 4, 512, 6)}
# The zoo nets that are torchvision's own models at 10 classes (issue 36; FAMILIES.md 3).
TORCHVISION = {"convnext-tiny": "convnext_tiny", "efficientnet-b0": "efficientnet_b0",
               "efficientnet-v2-s": "efficientnet_v2_s", "mobilenetv3-large": "mobilenet_v3_large"}
# Label smoothing of a net's recipe, which `hlotrain bench` builds its step with.
SMOOTHING = {"vit-tiny": 0.1, "convnext-tiny": 0.1, "efficientnet-b0": 0.1,
             "mobilenetv3-large": 0.1}
# Classes per net (the UNet's per pixel).
CLASSES = {"unet-brats": 4}

def build(net):
    """The PyTorch model of `net` (imports torch lazily: the driver process never does)."""
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    def same(i, k, s):
        o = -(-i // s)
        total = max((o - 1) * s + k - i, 0)
        return total // 2, total - total // 2

    class SameConv(nn.Module):
        """Conv without bias, XLA SAME padding (symmetric padding goes into the conv)."""

        def __init__(self, ic, oc, k, s=1, groups=1):
            super().__init__()
            self.k, self.s = k, s
            self.conv = nn.Conv2d(ic, oc, k, s, bias=False, groups=groups)

        def forward(self, x):
            lo, hi = same(x.shape[2], self.k, self.s)
            lo2, hi2 = same(x.shape[3], self.k, self.s)
            if lo == hi and lo2 == hi2:
                self.conv.padding = (lo, lo2)
                return self.conv(x)
            self.conv.padding = (0, 0)
            return self.conv(F.pad(x, (lo2, hi2, lo, hi)))

    class MaxPoolSame(nn.Module):
        def __init__(self, k, s):
            super().__init__()
            self.k, self.s = k, s

        def forward(self, x):
            lo, hi = same(x.shape[2], self.k, self.s)
            lo2, hi2 = same(x.shape[3], self.k, self.s)
            if (lo, hi, lo2, hi2) != (0, 0, 0, 0):
                x = F.pad(x, (lo2, hi2, lo, hi), value=float("-inf"))
            return F.max_pool2d(x, self.k, self.s)

    def conv_bn(ic, oc, k, s=1, act="relu", groups=1):
        layers = [SameConv(ic, oc, k, s, groups), nn.BatchNorm2d(oc, eps=1e-5)]
        if act == "relu":
            layers.append(nn.ReLU(inplace=True))
        elif act == "relu6":
            layers.append(nn.ReLU6(inplace=True))
        return nn.Sequential(*layers)

    class Residual(nn.Module):
        def __init__(self, ic, oc, s, bottleneck):
            super().__init__()
            if bottleneck:
                mid = oc // 4
                self.body = nn.Sequential(conv_bn(ic, mid, 1), conv_bn(mid, mid, 3, s),
                                          conv_bn(mid, oc, 1, act=None))
            else:
                self.body = nn.Sequential(conv_bn(ic, oc, 3, s), conv_bn(oc, oc, 3, act=None))
            self.skip = conv_bn(ic, oc, 1, s, act=None) if (ic != oc or s != 1) else None

        def forward(self, x):
            y = self.body(x)
            return F.relu(y + (x if self.skip is None else self.skip(x)))

    class Inverted(nn.Module):
        def __init__(self, ic, oc, t, s):
            super().__init__()
            hid = ic * t
            layers = [conv_bn(ic, hid, 1, act="relu6")] if t != 1 else []
            layers += [conv_bn(hid, hid, 3, s, act="relu6", groups=hid),
                       conv_bn(hid, oc, 1, act=None)]
            self.body = nn.Sequential(*layers)
            self.residual = s == 1 and ic == oc

        def forward(self, x):
            y = self.body(x)
            return x + y if self.residual else y

    class Head(nn.Module):
        def forward(self, x):
            return x.mean(dim=(2, 3))

    if net in ("mnist-cnn", "cifar-10-bn"):
        c = 1 if net == "mnist-cnn" else 3
        side = 7 if net == "mnist-cnn" else 8
        dense = [nn.Linear(64 * side * side, 512), nn.ReLU(inplace=True)]
        if net == "cifar-10-bn":
            dense += [nn.Linear(512, 512), nn.ReLU(inplace=True)]
        return nn.Sequential(conv_bn(c, 32, 3), conv_bn(32, 32, 3), nn.MaxPool2d(2, 2),
                             conv_bn(32, 64, 3), conv_bn(64, 64, 3), nn.MaxPool2d(2, 2),
                             nn.Flatten(), *dense, nn.Linear(512, 10))
    if net == "r34-yolov1":
        layers, ch = [conv_bn(3, 64, 7, 2), MaxPoolSame(3, 2)], 64
        for stage, n in enumerate([3, 4, 6, 3]):
            width = 64 << stage
            for i in range(n):
                layers.append(Residual(ch, width, (1 if stage == 0 else 2) if i == 0 else 1, False))
                ch = width
        return nn.Sequential(*layers, nn.Conv2d(512, 256, 3, padding=1), nn.ReLU(inplace=True),
                             nn.Conv2d(256, 30, 1))
    if net.startswith("resnet-"):
        depth = int(net.split("-")[1])
        bottleneck = depth == 50
        depths = [2, 2, 2, 2] if depth == 18 else [3, 4, 6, 3]
        base = 256 if bottleneck else 64
        layers, ch = [conv_bn(3, 64, 7, 2), MaxPoolSame(3, 2)], 64
        for stage, n in enumerate(depths):
            width = base << stage
            for i in range(n):
                layers.append(Residual(ch, width, (1 if stage == 0 else 2) if i == 0 else 1,
                                       bottleneck))
                ch = width
        return nn.Sequential(*layers, Head(), nn.Linear(ch, 10))
    if net == "unet-brats":
        class Down(nn.Module):
            def __init__(self, ic, oc):
                super().__init__()
                self.body = nn.Sequential(conv_bn(ic, oc, 3), conv_bn(oc, oc, 3))

            def forward(self, x):
                skip = self.body(x)
                return F.max_pool2d(skip, 2, 2), skip

        class Up(nn.Module):
            def __init__(self, ic, oc):
                super().__init__()
                self.body = nn.Sequential(conv_bn(ic + oc, oc, 3), conv_bn(oc, oc, 3))

            def forward(self, x, skip):
                x = F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False)
                return self.body(torch.cat([x, skip], 1))

        class UNet(nn.Module):
            def __init__(self):
                super().__init__()
                self.downs = nn.ModuleList([Down(4, 32), Down(32, 64), Down(64, 128),
                                            Down(128, 256)])
                self.middle = nn.Sequential(conv_bn(256, 512, 3), conv_bn(512, 512, 3))
                self.ups = nn.ModuleList([Up(512, 256), Up(256, 128), Up(128, 64), Up(64, 32)])
                self.head = nn.Conv2d(32, 4, 1)

            def forward(self, x):
                skips = []
                for down in self.downs:
                    x, skip = down(x)
                    skips.append(skip)
                x = self.middle(x)
                for up in self.ups:
                    x = up(x, skips.pop())
                return self.head(x)

        return UNet()
    if net == "mobilenetv2":
        layers, ch = [conv_bn(3, 32, 3, 2, act="relu6")], 32
        for t, c, n, s in [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2),
                           (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]:
            for i in range(n):
                layers.append(Inverted(ch, c, t, s if i == 0 else 1))
                ch = c
        return nn.Sequential(*layers, conv_bn(ch, 1280, 1, act="relu6"), Head(),
                             nn.Linear(1280, 10))
    if net == "vit-tiny":
        # torchvision's own ViT at ViT-Tiny's sizes: exact GELU and layer-norm eps 1e-6, as the
        # zoo's; Q, K, V packed into one in_proj (the same products and parameter count).
        import torchvision
        return torchvision.models.VisionTransformer(
            image_size=224, patch_size=16, num_layers=12, num_heads=3, hidden_dim=192,
            mlp_dim=768, num_classes=10)
    if net == "mobilenetv4-conv-s":
        return mobilenetv4_conv_s(Head)
    if net in TORCHVISION:
        import torchvision
        return getattr(torchvision.models, TORCHVISION[net])(num_classes=10)
    if net in GPTS:
        return gpt(NETS[net][1], NETS[net][2], *GPTS[net])
    raise SystemExit(f"peer_pytorch: no PyTorch model for {net}")


def mobilenetv4_conv_s(head):
    """The zoo's mobilenetv4-conv-s (FAMILIES.md 3, the reference system's universal inverted
    bottlenecks; torchvision has no MobileNetV4) in torch.nn layers: torchvision's padding
    (k - 1) / 2 at every stride, BN eps 1e-5, ReLU; a block adds its input iff its stride is 1 and
    its width unchanged. `head` is the global average pool."""
    import torch.nn as nn

    def conv_bn(ic, oc, k, s=1, relu=True, groups=1):
        layers = [nn.Conv2d(ic, oc, k, s, (k - 1) // 2, groups=groups, bias=False),
                  nn.BatchNorm2d(oc, eps=1e-5)]
        return nn.Sequential(*layers, nn.ReLU(inplace=True)) if relu else nn.Sequential(*layers)

    class Block(nn.Module):
        def __init__(self, layers, residual):
            super().__init__()
            self.body, self.residual = nn.Sequential(*layers), residual

        def forward(self, x):
            y = self.body(x)
            return x + y if self.residual else y

    def fused(ic, e, k, s, oc):  # FusedMBConv with ReLU
        return Block([conv_bn(ic, ic * e, k, s), conv_bn(ic * e, oc, 1, relu=False)],
                     s == 1 and ic == oc)

    def uib(ic, oc, e, s, a, b):  # a, b: start and middle depthwise kernels (0: absent)
        wide = ic * e
        layers = [conv_bn(ic, ic, a, 1 if b else s, relu=False, groups=ic)] if a else []
        layers.append(conv_bn(ic, wide, 1))
        if b:
            layers.append(conv_bn(wide, wide, b, s, groups=wide))
        layers.append(conv_bn(wide, oc, 1, relu=False))
        return Block(layers, s == 1 and ic == oc)

    layers, ch = [conv_bn(3, 32, 3, 2), fused(32, 4, 3, 2, 48)], 48
    for oc, e, s, a, b in [(80, 4, 2, 3, 5), (80, 2, 1, 3, 3), (160, 6, 2, 0, 3),
                           (160, 4, 1, 3, 3), (160, 4, 1, 3, 5), (160, 4, 1, 5, 0),
                           (160, 4, 1, 0, 3), (160, 4, 1, 3, 0), (160, 4, 1, 0, 0),
                           (160, 4, 1, 3, 3), (256, 6, 2, 5, 5), (256, 4, 1, 5, 5),
                           (256, 4, 1, 0, 3), (256, 4, 1, 3, 0)]:
        layers.append(uib(ch, oc, e, s, a, b))
        ch = oc
    return nn.Sequential(*layers, conv_bn(ch, 1280, 1), head(), nn.Linear(1280, 10))


def gpt(vocabulary, context, width, heads, mlp, blocks):
    """The zoo's GPT in torch.nn layers: token embedding plus a learned position table, pre-norm
    causal blocks with separate biased Q, K, V, O (softmax over scores scaled by 1/sqrt(dh), the
    future masked with -inf), tanh GELU, layer-norm eps 1e-5, a final layer norm and an untied
    biased head: logits [B, T, V]. Init as FAMILIES.md 2.6 (tables N(0, 0.02), weights
    N(0, 2/fan_in), biases 0)."""
    import math
    import torch
    from torch import nn
    import torch.nn.functional as F

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1 = nn.LayerNorm(width, eps=1e-5)
            self.q, self.k, self.v, self.o = (nn.Linear(width, width) for _ in range(4))
            self.ln2 = nn.LayerNorm(width, eps=1e-5)
            self.fc1, self.fc2 = nn.Linear(width, mlp), nn.Linear(mlp, width)
            self.register_buffer("hidden", torch.ones(context, context).triu(1).bool(),
                                 persistent=False)

        def forward(self, x):
            b, t, d = x.shape
            h = self.ln1(x)
            split = lambda z: z.view(b, t, heads, d // heads).transpose(1, 2)
            q, k, v = split(self.q(h)), split(self.k(h)), split(self.v(h))
            scores = (q @ k.transpose(-1, -2)) * (1.0 / math.sqrt(d // heads))
            p = scores.masked_fill(self.hidden[:t, :t], float("-inf")).softmax(-1)
            x = x + self.o((p @ v).transpose(1, 2).reshape(b, t, d))
            return x + self.fc2(F.gelu(self.fc1(self.ln2(x)), approximate="tanh"))

    class Gpt(nn.Module):
        def __init__(self):
            super().__init__()
            self.tok = nn.Embedding(vocabulary, width)
            self.pos = nn.Parameter(torch.zeros(context, width))
            self.blocks = nn.Sequential(*(Block() for _ in range(blocks)))
            self.ln = nn.LayerNorm(width, eps=1e-5)
            self.head = nn.Linear(width, vocabulary)
            for name, p in self.named_parameters():
                if name in ("tok.weight", "pos"):
                    nn.init.normal_(p, 0.0, 0.02)
                elif p.dim() == 2:
                    nn.init.normal_(p, 0.0, math.sqrt(2.0 / p.shape[1]))
                elif name.endswith("bias"):
                    nn.init.zeros_(p)

        def forward(self, ids):
            return self.head(self.ln(self.blocks(self.tok(ids) + self.pos)))

    return Gpt()


def yolo_loss(out, target, mask, gamma=2.0):
    """FORMATS.md's masked YOLOv1 loss as r34-yolov1's recipe trains it (`hlotrain list`): the
    size channels hold sqrt(w), sqrt(h) (--box-param sqrt), focal objectness (sigmoid-BCE weighted
    by a detached (1 - p_t)^gamma); lambda_coord 5, lambda_noobj 0.5, sum / B."""
    import torch
    import torch.nn.functional as F
    xy = (out[:, 0] - target[:, 0]) ** 2 + (out[:, 1] - target[:, 1]) ** 2
    wh = sum((out[:, c] - torch.sqrt(target[:, c])) ** 2 for c in (2, 3))
    conf = out[:, 4]
    p = torch.sigmoid(conf)
    pt = mask * p + (1 - mask) * (1 - p)
    weight = ((1 - pt).clamp(min=1e-30) ** gamma).detach()
    bce = F.binary_cross_entropy_with_logits(conf, mask, reduction="none")
    obj = weight * bce + 0.5 * out[:, 9] ** 2
    ce = -(target[:, 10:] * F.log_softmax(out[:, 10:], 1)).sum(1)
    return (5.0 * mask * (xy + wh) + obj + mask * ce).sum() / out.shape[0]


def onednn_kernels(step):
    """The oneDNN primitives and implementations one more `step` runs: {primitive: [impl]}
    (oneDNN's verbose lines, caught from fd 1 after the timed steps, so they cost no time)."""
    import ctypes
    import tempfile
    import torch
    libc = ctypes.CDLL(None)
    sys.stdout.flush()
    saved = os.dup(1)
    with tempfile.TemporaryFile(mode="w+") as f:
        os.dup2(f.fileno(), 1)
        try:
            with torch.backends.mkldnn.verbose(torch.backends.mkldnn.VERBOSE_ON):
                step()
        finally:
            libc.fflush(None)
            os.dup2(saved, 1)
            os.close(saved)
        f.seek(0)
        kernels = {}
        for line in f:
            # oneDNN 2.x (PyTorch 1.13): dnnl_verbose,exec,cpu,PRIMITIVE,IMPL,PROP,...;
            # 3.x adds fields before exec (onednn_verbose,v1,primitive,exec,cpu,...).
            parts = line.split(",")
            if not parts[0].endswith("_verbose") or "exec" not in parts[:4]:
                continue
            at = parts.index("exec")
            if len(parts) > at + 4:
                prim, impl, prop = parts[at + 2], parts[at + 3], parts[at + 4]
                kernels.setdefault(prim, set()).add(impl if prim == "reorder" else f"{impl} {prop}")
    return {k: sorted(v) for k, v in sorted(kernels.items())}


def blas_library():
    """The BLAS this PyTorch was built with (BLAS_INFO of its build configuration): generic for
    Debian's 1.13 (the system libblas.so.3: OpenBLAS-OpenMP in this image), mkl for PyPI's."""
    import re
    import torch
    found = re.search(r"BLAS_INFO=(\w+)", torch.__config__.show())
    return found.group(1) if found else "unknown"


def conv_share(step, steps):
    """Of `steps` more steps under torch.profiler: (ms per step, ms of it in convolutions).
    Convolutions are the ops named *conv* (aten::mkldnn_convolution, aten::convolution_backward
    and their fallbacks), by self time on the calling thread, which is the op's wall time: its
    OpenMP workers run while it waits."""
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        start = time.perf_counter()
        for _ in range(steps):
            step()
        total = time.perf_counter() - start
    conv_us = sum(e.self_cpu_time_total for e in prof.key_averages() if "conv" in e.key)
    return total * 1e3 / steps, conv_us * 1e-3 / steps


def worker(net, batch, steps, channels_last, foreach, bf16=False, kernels=False,
           conv_time=False):
    """Measures one net in this process; prints one JSON line. With `bf16`: the train step only,
    its forward and loss under CPU autocast bf16; with `kernels` also the oneDNN kernels of one
    more step, with `conv_time` conv_share() of `steps` more (both after the timed ones)."""
    import contextlib
    import torch
    import torch.nn.functional as F

    torch.set_num_threads(2)
    torch.manual_seed(0)
    _, c, h, w = NETS[net]
    model = build(net)
    if bf16:
        # PyTorch 1.13 has no BFloat16 CPU backward for hardtanh (ReLU6: "hardshrink_backward_cpu"
        # not implemented for 'BFloat16'); clamp(0, 6) is the same function with a generic one.
        class ReLU6(torch.nn.Module):
            def forward(self, v):
                return v.clamp(0.0, 6.0)

        for module in list(model.modules()):
            for name, child in module.named_children():
                if isinstance(child, torch.nn.ReLU6):
                    setattr(module, name, ReLU6())
            # PyTorch 1.13's CPU autocast leaves layer_norm out of its lists, so ConvNeXt's norms
            # (after a bf16 convolution, unlike the ViT's, which read the f32 residual stream)
            # refuse a bf16 input with f32 weights; later versions run layer_norm in f32 under
            # autocast, which this does.
            if isinstance(module, torch.nn.LayerNorm):
                module.forward = (lambda norm: lambda v: norm(v.float()))(module.forward)
    fmt = torch.channels_last if channels_last else torch.contiguous_format
    model = model.to(memory_format=fmt)
    lm = net in GPTS
    if lm:  # c: the vocabulary, h: the context
        x = torch.randint(0, c, (batch, h))
        y = torch.randint(0, c, (batch, h))
    else:
        x = torch.rand(batch, c, h, w).mul_(2).sub_(1).contiguous(memory_format=fmt)
    classes = CLASSES.get(net, 10)
    if not lm:
        y = torch.randint(0, classes, (batch, h, w) if net in CLASSES else (batch,))
    detector = net == "r34-yolov1"
    if detector:
        grid = h // 32
        target = torch.rand(batch, 30, grid, grid)
        mask = (torch.rand(batch, grid, grid) < 0.5).float()
    # Matrices decay; the ViT's class token and position table and ConvNeXt's layer scales
    # ([C, 1, 1]) do not (FAMILIES.md 2.6).
    def decays(name, p):
        return (p.dim() > 1 and name not in ("class_token", "encoder.pos_embedding", "pos")
                and not name.endswith("layer_scale"))
    decay = [p for n, p in model.named_parameters() if decays(n, p)]
    rest = [p for n, p in model.named_parameters() if not decays(n, p)]
    # hlotrain bench builds the step with the net's recipe (label smoothing among it).
    smoothing = SMOOTHING.get(net, 0.0)
    # hlotrain bench builds a net's step with its recipe: the detector's is Adam 7e-4 without
    # weight decay, gradients clipped at norm 4 (`hlotrain list`); the others, Adam 1e-3, wd 1e-4.
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 0.0 if detector else 1e-4},
                             {"params": rest, "weight_decay": 0.0}],
                            lr=7e-4 if detector else 1e-3, betas=(0.9, 0.999), eps=1e-8,
                            foreach=foreach)

    def timed(fn):
        fn()  # warm-up
        times = []
        for _ in range(steps):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    def autocast():
        if bf16:
            return torch.autocast("cpu", dtype=torch.bfloat16)
        return contextlib.nullcontext()

    model.eval()
    with torch.inference_mode(), autocast():
        eval_s = timed(lambda: model(x))
    eval_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    model.train()
    losses = []

    def train_step():
        opt.zero_grad(set_to_none=True)
        with autocast():
            out = model(x)
            if detector:
                loss = yolo_loss(out, target, mask)
            elif lm:
                loss = F.cross_entropy(out.reshape(-1, out.shape[-1]), y.reshape(-1))
            else:
                loss = F.cross_entropy(out, y, label_smoothing=smoothing)
        loss.backward()
        if detector:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 4.0)
        opt.step()
        losses.append(loss.item())

    train_s = timed(train_step)
    # Before the extra steps below: the profiler's records would count as the step's memory.
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(json.dumps({
        "net": net, "batch": batch, "params": sum(p.numel() for p in model.parameters()),
        "bf16": bf16, "torch": torch.__version__, "blas": blas_library(),
        **({"onednn": onednn_kernels(train_step)} if kernels else {}),
        **(dict(zip(("profiled_ms_per_step", "conv_ms_per_step"), conv_share(train_step, steps)))
           if conv_time else {}),
        "images_per_s": batch / train_s, "ms_per_step": train_s * 1e3,
        "eval_images_per_s": batch / eval_s, "eval_ms_per_step": eval_s * 1e3,
        "first_loss": losses[0], "eval_peak_rss_mb": eval_rss,
        "peak_rss_mb": peak_rss}))


def default_coretype():
    """OpenBLAS's best kernels for this CPU: Cooperlake with AVX512-BF16, SkylakeX with AVX-512."""
    with open("/proc/cpuinfo") as f:
        flags = next((line.split(":")[1].split() for line in f if line.startswith("flags")), [])
    if "avx512_bf16" in flags:
        return "Cooperlake"
    return "SkylakeX" if "avx512f" in flags else "Haswell"


def cpu_name():
    with open("/proc/cpuinfo") as f:
        return next((line.split(":")[1].strip() for line in f if line.startswith("model name")),
                    "unknown CPU")


def run_json(cmd, env=None, profiled=False):
    """The last JSON line `cmd` prints; with `profiled` (an `hlotrain bench` run under
    HLOTRAIN_PROFILE=1) also profiled_conv_time() of what it printed to stderr."""
    done = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        sys.stderr.write(done.stderr[-4000:])
        raise SystemExit(f"peer_pytorch: {' '.join(cmd)} exited with {done.returncode}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    if profiled:
        result.update(profiled_conv_time(done.stderr))
    return result


def profiled_conv_time(stderr):
    """From `hlotrain bench`'s HLOTRAIN_PROFILE report: the train step's ms per run and the ms of
    it in oneDNN convolutions. Each executable prints a block (`--eval` adds the eval forward's);
    the train step's is the costliest. Its totals by kind come before the costliest kernels."""
    blocks = []
    for line in stderr.splitlines():
        head = re.match(r"HLOTRAIN_PROFILE: ([\d.]+) ms per run", line)
        if head:
            blocks.append([float(head.group(1)), 0.0])
        kind = re.match(r"\s+([\d.]+) ms\s+[\d.]+%\s+onednn conv", line)
        if kind and blocks:
            blocks[-1][1] += float(kind.group(1))
    step_ms, conv_ms = max(blocks)
    return {"profiled_ms_per_step": step_ms, "conv_ms_per_step": conv_ms}


def hlotrain_params(hlotrain):
    """Parameter counts per net from `hlotrain list`'s table (its first block of lines; the
    recipes follow after a blank line)."""
    out = subprocess.run([hlotrain, "list"], check=True, capture_output=True, text=True).stdout
    table = out.split("\n\n")[0].splitlines()[1:]
    return {line.split()[0]: int(line.split()[1]) for line in table if line.strip()}


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--hlotrain", default=os.path.join(here, "..", "build-perf", "hlotrain"))
    parser.add_argument("--nets", default=",".join(NETS))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--channels-last", action="store_true",
                        help="PyTorch activations in channels-last memory format")
    parser.add_argument("--no-foreach", action="store_true",
                        help="PyTorch's per-parameter optimizer loop instead of foreach")
    parser.add_argument("--omp-wait-policy", default="passive",
                        help="OMP_WAIT_POLICY for both sides (default passive; 'unset' leaves "
                             "the environment alone)")
    parser.add_argument("--glibc-tunables", default=MALLOC_TUNABLES,
                        help="GLIBC_TUNABLES for both sides (default: %(default)s; 'unset' "
                             "leaves the environment alone)")
    parser.add_argument("--openblas-coretype", default=default_coretype(),
                        help="OPENBLAS_CORETYPE of the PyTorch workers (default: %(default)s, "
                             "OpenBLAS's AVX-512 kernels on this CPU)")
    parser.add_argument("--bf16", action="store_true",
                        help="also hlotrain --precision bf16 and PyTorch under CPU autocast "
                             "bf16: four train steps per round, a table of ms and ratios")
    parser.add_argument("--conv-time", action="store_true",
                        help="f32 table: also each side's time in convolutions (profiled, after "
                             "PyTorch's timed steps) and the ratio they bound")
    parser.add_argument("--context", type=int,
                        help="the language models' context T on both sides (default: each "
                             "net's own; hlotrain bench --context)")
    parser.add_argument("--record-kernels", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--worker", nargs=3, metavar=("NET", "BATCH", "STEPS"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.context:
        for net in GPTS:
            batch, vocabulary, _, extra = NETS[net]
            NETS[net] = (batch, vocabulary, args.context, extra)
    if args.worker:
        worker(args.worker[0], int(args.worker[1]), int(args.worker[2]), args.channels_last,
               not args.no_foreach, args.bf16, args.record_kernels, args.conv_time)
        return

    if args.omp_wait_policy != "unset":
        os.environ["OMP_WAIT_POLICY"] = args.omp_wait_policy
    if args.glibc_tunables != "unset":
        os.environ["GLIBC_TUNABLES"] = args.glibc_tunables
    known = hlotrain_params(args.hlotrain)
    nets = [n for n in args.nets.split(",") if n in known]
    skipped = [n for n in args.nets.split(",") if n not in known]
    torch_env = dict(os.environ, OPENBLAS_CORETYPE=args.openblas_coretype)
    print(f"{cpu_name()}, {os.cpu_count()} cores; load average at start: {os.getloadavg()}; "
          f"OMP_WAIT_POLICY={os.environ.get('OMP_WAIT_POLICY', '(unset)')}; "
          f"GLIBC_TUNABLES={os.environ.get('GLIBC_TUNABLES', '(unset)')}; PyTorch "
          f"OPENBLAS_CORETYPE={args.openblas_coretype}", flush=True)
    if skipped:
        print(f"not in `hlotrain list`, skipped: {', '.join(skipped)}")
    if args.bf16:
        return bf16_main(args, nets, known, torch_env)
    rows, conv_rows = [], []
    for net in nets:
        batch = NETS[net][0]
        torch_runs, ours = [], []
        flags = (["--channels-last"] if args.channels_last else []) + \
                (["--no-foreach"] if args.no_foreach else []) + \
                (["--conv-time"] if args.conv_time else [])
        sized = ["--context", str(args.context)] if args.context and net in GPTS else []
        for r in range(args.rounds):
            torch_runs.append(run_json([sys.executable, os.path.abspath(__file__), *flags,
                                        *sized, "--worker", net, str(batch), str(args.steps)],
                                       torch_env))
            ours.append(run_json([args.hlotrain, "bench", "--net", net, "--batch", str(batch),
                                  "--steps", str(args.steps), "--eval", *sized],
                                 dict(os.environ, HLOTRAIN_PROFILE="1") if args.conv_time
                                 else None, profiled=args.conv_time))
            print(f"  {net} round {r + 1}: pytorch {torch_runs[-1]['images_per_s']:.1f} img/s, "
                  f"hlotrain {ours[-1]['images_per_s']:.1f} img/s (load "
                  f"{os.getloadavg()[0]:.1f})", flush=True)
        if torch_runs[0]["params"] != known[net] and not sized:
            print(f"WARNING {net}: PyTorch has {torch_runs[0]['params']} parameters, hlotrain "
                  f"{known[net]}")

        def med(runs, key):
            return statistics.median(run[key] for run in runs)

        paired = statistics.median(o["images_per_s"] / t["images_per_s"]
                                   for o, t in zip(ours, torch_runs))
        # PyTorch's step on the same yardstick: the graph's FLOPs per image at PyTorch's rate,
        # against the matmul peak measured in the same round's hlotrain run.
        torch_fraction = statistics.median(
            o["gflop_per_step"] / batch * t["images_per_s"] / o["matmul_peak_gflops"]
            for o, t in zip(ours, torch_runs))
        if args.conv_time:
            conv_rows.append((net, *(med(runs, key) for runs in (torch_runs, ours)
                                     for key in ("profiled_ms_per_step", "conv_ms_per_step"))))
        rows.append((net, batch, paired, med(torch_runs, "images_per_s"),
                     med(ours, "images_per_s"),
                     med(torch_runs, "eval_images_per_s"), med(ours, "eval_images_per_s"),
                     max(run["peak_rss_mb"] for run in torch_runs),
                     max(run["peak_rss_mb"] for run in ours), torch_fraction,
                     med(ours, "peak_fraction"),
                     med(torch_runs, "first_loss"), med(ours, "first_loss")))
    print(f"load average at end: {os.getloadavg()}")
    print(f"\nmedians of {args.rounds} alternating rounds, {args.steps} steps each "
          f"(images/s; RSS in MB){' [pytorch channels-last]' if args.channels_last else ''}")
    print("ratio: of the medians; paired: median over rounds of that round's ratio (the two "
          "runs of a round are adjacent in time, so load drift cancels)")
    head = ("net", "batch", "torch", "hlotrain", "ratio", "paired", "torch eval", "hlo eval",
            "ratio", "torch RSS", "hlo RSS", "peak t/h", "loss t/h")
    print("%-12s %5s %8s %9s %6s %6s %10s %9s %6s %9s %8s %9s  %s" % head)
    for (net, batch, paired, t, h, te, he, trss, hrss, tfrac, frac, tl, hl) in rows:
        print("%-12s %5d %8.1f %9.1f %6.2f %6.2f %10.1f %9.1f %6.2f %9d %8d %3.0f%%/%2.0f%%  "
              "%.3f/%.3f" % (net, batch, t, h, h / t, paired, te, he, he / te, trss, hrss,
                             100 * tfrac, 100 * frac, tl, hl))
    if args.conv_time:
        print("\nconvolutions (PyTorch: torch.profiler; hlotrain: HLOTRAIN_PROFILE=1; ms per "
              "profiled step, medians over rounds). rest: the step less its convolutions; "
              "rest at 2x: what hlotrain's rest may take for a step at half PyTorch's; bound: "
              "PyTorch's step over hlotrain's convolutions, the ratio if hlotrain's rest took "
              "no time")
        print("%-12s %8s %10s %8s %8s %8s %10s %6s" % (
            "net", "torch ms", "torch conv", "hlo ms", "hlo conv", "hlo rest", "rest at 2x",
            "bound"))
        for net, t_ms, t_conv, h_ms, h_conv in conv_rows:
            print("%-12s %8.1f %10.1f %8.1f %8.1f %8.1f %10.1f %6.2f" % (
                net, t_ms, t_conv, h_ms, h_conv, h_ms - h_conv, t_ms / 2 - h_conv,
                t_ms / h_conv))


def bf16_main(args, nets, known, torch_env):
    """--bf16: hlotrain f32, PyTorch f32, hlotrain bf16, PyTorch autocast bf16, per round."""
    flags = (["--channels-last"] if args.channels_last else []) + \
            (["--no-foreach"] if args.no_foreach else [])
    rows, eval_rows = [], []
    for net in nets:
        batch = NETS[net][0]
        runs = {"h32": [], "t32": [], "h16": [], "t16": []}
        for r in range(args.rounds):
            for key in ("h32", "t32", "h16", "t16"):
                if key[0] == "h":
                    cmd = [args.hlotrain, "bench", "--net", net, "--batch", str(batch),
                           "--steps", str(args.steps), "--eval"]
                    if key == "h16":
                        cmd += ["--precision", "bf16"]
                    runs[key].append(run_json(cmd))
                else:
                    cmd = [sys.executable, os.path.abspath(__file__), *flags,
                           *(["--bf16"] if key == "t16" else []), "--record-kernels",
                           "--worker", net, str(batch), str(args.steps)]
                    runs[key].append(run_json(cmd, torch_env))
            print(f"  {net} round {r + 1}: ms/step hlotrain f32 {runs['h32'][-1]['ms_per_step']:.1f}"
                  f", pytorch f32 {runs['t32'][-1]['ms_per_step']:.1f}, hlotrain bf16 "
                  f"{runs['h16'][-1]['ms_per_step']:.1f}, pytorch bf16 "
                  f"{runs['t16'][-1]['ms_per_step']:.1f} (load {os.getloadavg()[0]:.1f})",
                  flush=True)
        for key in ("t32", "t16"):
            if runs[key][0]["params"] != known[net]:
                print(f"WARNING {net}: PyTorch has {runs[key][0]['params']} parameters, "
                      f"hlotrain {known[net]}")

        def ms(key, field="ms_per_step"):
            return statistics.median(run[field] for run in runs[key])

        def ratio(slow, fast, field="ms_per_step"):
            """Speed-up of `fast` over `slow`: median and spread of the per-round ratios."""
            per_round = [s[field] / f[field] for s, f in zip(runs[slow], runs[fast])]
            return statistics.median(per_round), min(per_round), max(per_round)

        def compared(field):
            return (ms("h32", field), ms("h16", field), ms("t32", field), ms("t16", field),
                    ratio("h32", "h16", field), ratio("t16", "h16", field),
                    ratio("t32", "h32", field))

        h16 = runs["h16"][0]
        eval_rows.append((net, batch, *compared("eval_ms_per_step")))
        rows.append((net, batch, *compared("ms_per_step"),
                     [min(run["ms_per_step"] for run in runs[k]) for k in runs],
                     [max(run["ms_per_step"] for run in runs[k]) for k in runs],
                     h16.get("cpu_isa"), h16.get("matmul_bf16_impl"),
                     statistics.median(run.get("matmul_peak_bf16_gflops") or 0.0
                                       for run in runs["h16"]),
                     statistics.median(run["matmul_peak_gflops"] for run in runs["h32"]),
                     runs["t16"][0].get("torch"), runs["t16"][0].get("blas"),
                     runs["t32"][0].get("onednn"),
                     runs["t16"][0].get("onednn")))
    print(f"load average at end: {os.getloadavg()}")
    print(f"\nmedians of {args.rounds} rounds (hlotrain f32, pytorch f32, hlotrain bf16, pytorch "
          f"bf16 in turn), {args.steps} train steps each (ms/step; min-max over rounds below)"
          f"{' [pytorch channels-last]' if args.channels_last else ''}")
    print("ratios are speed-ups (>1: the first named is faster), median over rounds of that "
          "round's ratio, [min-max]")
    head = ("net", "batch", "hlo f32", "hlo bf16", "pt f32", "pt bf16", "hlo16/hlo32",
            "hlo16/pt16", "hlo32/pt32")

    def fmt(r):
        return "%.2f [%.2f-%.2f]" % r

    def table(rows):
        print("%-12s %5s %8s %8s %8s %8s  %-17s %-17s %-17s" % head)
        for row in rows:
            net, batch, h32, h16, t32, t16, r1, r2, r3 = row[:9]
            print("%-12s %5d %8.1f %8.1f %8.1f %8.1f  %-17s %-17s %-17s"
                  % (net, batch, h32, h16, t32, t16, fmt(r1), fmt(r2), fmt(r3)))

    table(rows)
    print("\nevals, the same runs (ms per forward of the batch: hlotrain bench --eval; PyTorch's "
          "in eval mode under inference_mode, the bf16 one under the same autocast)")
    table(eval_rows)
    print("\nspread (ms/step, min-max over rounds) and kernels")
    for row in rows:
        net, lo, hi, isa, impl, peak16, peak32, tver, tblas, k32, k16 = (row[0], *row[9:])
        spread = ", ".join(f"{name} {a:.1f}-{b:.1f}" for name, a, b in
                           zip(("hlo f32", "pt f32", "hlo bf16", "pt bf16"), lo, hi))
        print(f"{net:<12} {spread}")
        print(f"{'':<12} hlotrain cpu_isa {isa}, matmul peak f32 {peak32:.0f} GFLOP/s, bf16 "
              f"{peak16:.0f} GFLOP/s ({impl})")
        for name, kernels in (("f32", k32), ("bf16", k16)):
            listed = "; ".join(f"{prim}: {', '.join(impls)}" for prim, impls in kernels.items()
                               if prim != "reorder")
            blas = "" if "matmul" in kernels else f"; matmuls {tblas} BLAS" + (
                f", OPENBLAS_CORETYPE={torch_env.get('OPENBLAS_CORETYPE')}" if tblas != "mkl"
                else "")
            print(f"{'':<12} PyTorch {tver} {name}: oneDNN {listed or 'none'}{blas}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""ViT-Tiny's bf16 matmul shapes (batch 32) alone in a loop through PyTorch's oneDNN, the lhs as
the weight gradients read it (a transposed view) and contiguous: what the products reach outside
a train step, against what `HLOTRAIN_PROFILE=all hlotrain bench --net vit-tiny --precision bf16`
shows inside one (bench/README.md, "Stop 56").
Usage: OPENBLAS_CORETYPE=Cooperlake OMP_WAIT_POLICY=passive python3 bench/torch_matmul_shapes.py"""
import time

import torch

torch.set_num_threads(2)


def seconds(f, n=30):
    f()
    f()
    start = time.perf_counter()
    for _ in range(n):
        f()
    return (time.perf_counter() - start) / n


for m, n, k in [(192, 192, 6304), (768, 192, 6304), (6304, 192, 192), (6304, 768, 192),
                (6304, 192, 768)]:
    a = torch.randn(k, m).bfloat16()
    b = torch.randn(k, n).bfloat16()
    contiguous = a.t().contiguous()
    view_ms = seconds(lambda: torch.mm(a.t(), b)) * 1e3
    dense_ms = seconds(lambda: torch.mm(contiguous, b)) * 1e3
    flop = 2 * m * n * k
    print(f"{m}x{n} k={k}: lhs transposed view {view_ms:.2f} ms {flop / view_ms / 1e6:.0f} GFLOP/s"
          f" | lhs contiguous {dense_ms:.2f} ms {flop / dense_ms / 1e6:.0f} GFLOP/s")

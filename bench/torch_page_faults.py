#!/usr/bin/python3
"""What glibc's large-block mmap costs PyTorch: one convolution with and without the peer's tunables.

usage: bench/torch_page_faults.py [--size HW] [--steps N] [--runs R]

PyTorch allocates each step's tensors afresh; with glibc's defaults blocks that large are
mmap'd and munmap'd, so every step faults their pages in again. This times a 3x3 64->64
convolution (batch 32, HW x HW, NCHW, no bias), forward and both backwards, with 2 threads,
in a fresh process per measurement, alternating glibc's defaults with peer_pytorch.py's
MALLOC_TUNABLES (`--runs` times each), and prints GFLOP/s (3 products of 2 flops per
multiply-add) and each process's minor page faults per step.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peer_pytorch import MALLOC_TUNABLES, default_coretype  # noqa: E402


def worker(size, steps):
    import torch
    torch.set_num_threads(2)
    x = torch.randn(32, 64, size, size, requires_grad=True)
    conv = torch.nn.Conv2d(64, 64, 3, padding=1, bias=False)
    for _ in range(2):
        conv(x).sum().backward()
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    start = time.perf_counter()
    for _ in range(steps):
        conv(x).sum().backward()
    seconds = (time.perf_counter() - start) / steps
    faults = (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults) / steps
    flops = 3 * 2 * 32 * size * size * 64 * 64 * 9
    print(json.dumps({"ms": seconds * 1e3, "gflops": flops / seconds / 1e9,
                      "faults_per_step": faults}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=112)
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.size, args.steps)
    base = dict(os.environ, OPENBLAS_CORETYPE=default_coretype(),
                OMP_WAIT_POLICY=os.environ.get("OMP_WAIT_POLICY", "passive"))
    base.pop("GLIBC_TUNABLES", None)
    for _ in range(args.runs):
        for name, env in (("glibc defaults", base),
                          ("MALLOC_TUNABLES", dict(base, GLIBC_TUNABLES=MALLOC_TUNABLES))):
            out = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker",
                                  "--size", str(args.size), "--steps", str(args.steps)],
                                 env=env, check=True, capture_output=True, text=True).stdout
            r = json.loads(out.strip().splitlines()[-1])
            print(f"{name:16s} {r['ms']:8.1f} ms {r['gflops']:6.0f} GFLOP/s "
                  f"{r['faults_per_step']:8.0f} minor faults per step", flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A net's train step as a fraction of this machine's fp32 matmul peak, with and without Winograd.

usage: python3 bench/peak_fraction.py [--hlotrain PATH] [--net resnet-34] [--batch 32]
                                      [--steps 3] [--runs 5]

Runs `hlotrain bench --net NET --batch B --steps N --paired-peak` RUNS times with the default
convolution kernels and RUNS times with HLOTRAIN_WINOGRAD=0 (direct kernels only), alternating,
each in its own process with OMP_WAIT_POLICY=passive, and prints every run and the medians of:
ms per step; `peak_fraction` (the graph's FLOPs at the median step time over the best sgemm
sample of the whole run); `paired_peak_fraction` (the median over steps of each step's rate over
the better sgemm sample taken right before or after it). FLOPs are those of direct convolution
either way (`cpu::contractionFlops`): with Winograd the figure is an effective rate, not the
arithmetic the CPU did.
"""
import argparse
import json
import os
import statistics
import subprocess


def run(hlotrain, args, winograd):
    env = dict(os.environ, OMP_WAIT_POLICY="passive", HLOTRAIN_WINOGRAD="1" if winograd else "0")
    out = subprocess.run([hlotrain, "bench", "--net", args.net, "--batch", str(args.batch),
                          "--steps", str(args.steps), "--paired-peak"],
                         env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hlotrain", default="build-perf/hlotrain")
    parser.add_argument("--net", default="resnet-34")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    results = {True: [], False: []}
    print(f"{'kernels':<10} {'ms/step':>8} {'peak GFLOP/s':>12} {'GFLOP/s':>8} "
          f"{'of best peak':>12} {'paired':>7}", flush=True)
    for _ in range(args.runs):
        for winograd in (True, False):
            r = run(args.hlotrain, args, winograd)
            results[winograd].append(r)
            print(f"{'Winograd' if winograd else 'direct':<10} {r['ms_per_step']:8.0f} "
                  f"{r['matmul_peak_gflops']:12.1f} {r['gflops']:8.1f} "
                  f"{100 * r['peak_fraction']:11.1f}% {100 * r['paired_peak_fraction']:6.1f}%",
                  flush=True)
    for winograd in (True, False):
        rs = results[winograd]
        med = lambda key: statistics.median(r[key] for r in rs)
        print(f"median {'Winograd' if winograd else 'direct'}: {med('ms_per_step'):.0f} ms/step, "
              f"{100 * med('peak_fraction'):.1f}% of the best peak sample, "
              f"{100 * med('paired_peak_fraction'):.1f}% paired ({len(rs)} runs)")


if __name__ == "__main__":
    main()

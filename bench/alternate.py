#!/usr/bin/env python3
"""`hlotrain bench` alternated between builds and precisions, for before/after comparisons.

usage: python3 bench/alternate.py --build NAME=PATH [--build NAME=PATH ...]
                                  --nets NET[:BATCH],... [--precisions f32,bf16]
                                  [--steps 3] [--rounds 2] [--profile] [--eval]

Each round runs, per net, every (build, precision) once in turn, each in its own process with
OMP_WAIT_POLICY=passive (`hlotrain bench --net NET --batch BATCH --steps STEPS --precision P`;
BATCH defaults to 32), so that adjacent runs share the machine's state: on the 2-core machines
these notes come from, a binary's step time moves by 10% between minutes, more than many a change.
It prints one line per run, ms per step, and with --profile (HLOTRAIN_PROFILE=1) also the
milliseconds per step of the fused loops, reduces and row kernels together and of the oneDNN
kernels, so that a change to the former can be read against the latter's drift; then the median
ms per step of each (net, build, precision) over the rounds. With --eval every figure is the eval
forward's (`hlotrain bench --eval`: its ms per batch and its kernels), not the train step's.
"""
import argparse
import json
import os
import re
import statistics
import subprocess

# A kind's total in HLOTRAIN_PROFILE's summary: "  462.98 ms   9.1%  fused loop (740)".
KIND = re.compile(r"^\s+([\d.]+) ms\s+[\d.]+%\s+(.+) \(\d+\)$")


def bench(path, net, batch, steps, precision, profile, evaluate):
    env = dict(os.environ, OMP_WAIT_POLICY="passive")
    if profile:
        env["HLOTRAIN_PROFILE"] = "1"
    done = subprocess.run([path, "bench", "--net", net, "--batch", str(batch), "--steps",
                           str(steps), "--precision", precision, *(["--eval"] if evaluate else [])],
                          env=env, check=True, capture_output=True, text=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    loops = onednn = 0.0
    blocks = 0
    for line in done.stderr.splitlines():
        # With --eval the eval forward's report comes first, then the train step's.
        blocks += line.startswith("HLOTRAIN_PROFILE:")
        if evaluate and blocks > 1:
            break
        kind = KIND.match(line)
        if not kind:
            continue
        ms, name = float(kind.group(1)), kind.group(2)
        if name.startswith(("fused", "row")):
            loops += ms
        elif name.startswith("onednn"):
            onednn += ms
    return result["eval_ms_per_step" if evaluate else "ms_per_step"], loops, onednn


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", action="append", required=True, metavar="NAME=PATH")
    parser.add_argument("--nets", required=True)
    parser.add_argument("--precisions", default="f32")
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--eval", action="store_true")
    args = parser.parse_args()
    builds = [b.split("=", 1) for b in args.build]
    nets = [(n.split(":")[0], int(n.split(":")[1]) if ":" in n else 32)
            for n in args.nets.split(",")]
    times = {}
    for r in range(1, args.rounds + 1):
        for net, batch in nets:
            for name, path in builds:
                for precision in args.precisions.split(","):
                    ms, loops, onednn = bench(path, net, batch, args.steps, precision,
                                              args.profile, args.eval)
                    times.setdefault((net, name, precision), []).append(ms)
                    extra = (f"  loops+reduces+rows {loops:8.1f}  onednn {onednn:8.1f}"
                             if args.profile else "")
                    what = "ms/eval" if args.eval else "ms/step"
                    print(f"round {r}  {net:<20} {name:<10} {precision:<5} {ms:9.1f} {what}{extra}",
                          flush=True)
    print(f"\nmedian {'ms per eval forward' if args.eval else 'ms/step'} over rounds")
    for (net, name, precision), values in times.items():
        print(f"{net:<20} {name:<10} {precision:<5} {statistics.median(values):9.1f}")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Seconds from `hlotrain train` start to its first finished train step.

usage: bench/startup.py [--hlotrain PATH] [--net resnet-50] [--batch 16] [--runs 2]

Writes a small synthetic Imagenette directory (train.bin / val.bin as the README's "Dataset files"
describes, random pixels, `batch` records each) to a temporary directory, runs
`hlotrain train --max-steps 1 --log-every 1` on it `runs` times and prints, per run, when the
header line ("graphs ready in ...") and the first step's loss line appeared, and the startup
time: the first step's line minus that step's own duration (the epoch line's seconds). Issue 4
asks for startup under 3 s (emit + print + parse + plan + step, less the step).
"""
import argparse
import os
import re
import struct
import subprocess
import tempfile
import time


def write_imagenette(directory, records):
    for name, side in (("train.bin", 256), ("val.bin", 224)):
        with open(os.path.join(directory, name), "wb") as f:
            f.write(struct.pack("<I", records))
            for i in range(records):
                f.write(bytes([i % 10]))
                f.write(os.urandom(3 * side * side))


def one_run(hlotrain, net, batch, data, artifacts):
    env = dict(os.environ, OMP_WAIT_POLICY=os.environ.get("OMP_WAIT_POLICY", "passive"))
    cmd = [hlotrain, "train", "--net", net, "--dataset", "imagenette", "--data", data,
           "--batch", str(batch), "--epochs", "2", "--max-steps", "1", "--log-every", "1",
           "--eval-every", "0", "--artifacts", artifacts]
    start = time.time()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env)
    header = step = step_seconds = None
    for line in proc.stdout:
        now = time.time() - start
        if header is None and "graphs ready" in line:
            header = now
        if step is None and "(global 1)" in line:
            step = now
        m = re.search(r"done: .*?, ([0-9.]+) s,", line)
        if m and step_seconds is None:
            step_seconds = float(m.group(1))
    if proc.wait() != 0 or step is None or step_seconds is None:
        raise SystemExit(f"startup: {' '.join(cmd)} failed")
    return header, step, step_seconds


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--hlotrain", default=os.path.join(here, "..", "build-perf", "hlotrain"))
    parser.add_argument("--net", default="resnet-50")
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "data")
        os.mkdir(data)
        write_imagenette(data, args.batch)
        for run in range(args.runs):
            header, step, seconds = one_run(args.hlotrain, args.net, args.batch, data,
                                            os.path.join(tmp, f"artifacts{run}"))
            print(f"{args.net} batch {args.batch} run {run + 1}: header at {header:.2f} s, first "
                  f"step done at {step:.2f} s, the step took {seconds:.2f} s: startup "
                  f"{step - seconds:.2f} s (load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()

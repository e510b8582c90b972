#!/usr/bin/env python3
"""Where a train step's time goes, by kind of kernel, from the per-kernel profile of the cpu lowerer.

usage: HLOTRAIN_PROFILE=all hlotrain bench --net NAME ... 2> profile.txt
       python3 bench/profile_breakdown.py [--by-shape] [--match TEXT] profile.txt

Reads every kernel line that HLOTRAIN_PROFILE=all prints ("  12.34 ms  #56 <description>") and
sums the milliseconds per run by group: convolutions by kernel size and stride (with their
GFLOP/s: 2 * N * O * I/G * KH * KW * Ho * Wo per convolution, padding taps included, so a little
above `hlotrain bench`'s count for padded ones), fused loops and reduces, and the rest by the
first words of their description. --by-shape groups convolutions by form (forward, backward-data,
backward-weights) and source shape too, with the mean time of one. --match TEXT counts only the
kernels whose description contains TEXT ("clamp": the exact GELU's loops, forward and backward).
With HLOTRAIN_PROFILE=1 only the 40 costliest kernels are listed, and the sums would be biased to
the slow instances of each shape.
"""
import collections
import re
import sys

KERNEL = re.compile(r"\s+([\d.]+) ms\s+#\d+ (.*)")
CONV = re.compile(r"onednn conv (\S+) src (\d+x\d+x\d+x\d+) weights (\d+)x(\d+)x(\d+)x(\d+) "
                  r"dst (\d+)x\d+x(\d+)x(\d+) stride (\d+)x(\d+)")


def group(description, by_shape):
    """(group name, GFLOP of the kernel or 0)."""
    conv = CONV.match(description)
    if conv:
        form, src = conv.group(1), conv.group(2)
        out, per_group, kh, kw, n, ho, wo, sh, sw = map(int, conv.groups()[2:])
        gflop = 2.0 * n * out * per_group * kh * kw * ho * wo / 1e9
        name = f"convolution {kh}x{kw} stride {sh}x{sw}"
        return (f"{name} {form} src {src}" if by_shape else name), gflop
    if description.startswith("fused"):
        return "fused loops and reduces", 0.0
    words = []
    for word in description.split()[:3]:
        if any(c.isdigit() or c in "[(" for c in word):
            break
        words.append(word)
    return " ".join(words), 0.0


def main():
    args = sys.argv[1:]
    by_shape = "--by-shape" in args
    args = [a for a in args if a != "--by-shape"]
    match = ""
    if "--match" in args:
        at = args.index("--match")
        if at + 1 >= len(args):
            sys.exit(__doc__)
        match = args[at + 1]
        del args[at:at + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    ms = collections.Counter()
    count = collections.Counter()
    gflop = collections.Counter()
    with open(args[0]) as f:
        for line in f:
            kernel = KERNEL.match(line)
            if not kernel or match not in kernel.group(2):
                continue
            name, flops = group(kernel.group(2), by_shape)
            ms[name] += float(kernel.group(1))
            count[name] += 1
            gflop[name] += flops
    total = sum(ms.values())
    if total == 0:
        sys.exit(f"{args[0]}: no kernel lines" +
                 (f" containing {match!r}" if match else " (run with HLOTRAIN_PROFILE=all)"))
    width = 80 if by_shape else 42
    print(f"{'group':<{width}} {'ms/run':>9} {'share':>6} {'kernels':>7} {'ms each':>8}  GFLOP/s")
    for name, t in ms.most_common():
        rate = f"{gflop[name] / t * 1e3:8.0f}" if gflop[name] else ""
        print(f"{name:<{width}} {t:9.1f} {100 * t / total:5.1f}% {count[name]:7d} "
              f"{t / count[name]:8.2f}  {rate}".rstrip())
    print(f"{'total':<{width}} {total:9.1f}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Where a train step's time goes, by kind of kernel, from the per-kernel profile of the cpu lowerer.

usage: HLOTRAIN_PROFILE=all hlotrain bench --net NAME ... 2> profile.txt
       python3 bench/profile_breakdown.py profile.txt

Reads every kernel line that HLOTRAIN_PROFILE=all prints ("  12.34 ms  #56 <description>") and
sums the milliseconds per run by group: convolutions by kernel size and stride (with their
GFLOP/s: 2 * N * O * I/G * KH * KW * Ho * Wo per convolution, padding taps included, so a little
above `hlotrain bench`'s count for padded ones), fused loops and reduces, and the rest by the
first words of their description. With HLOTRAIN_PROFILE=1 only the 40 costliest kernels are listed, and the
sums would be biased to the slow instances of each shape.
"""
import collections
import re
import sys

KERNEL = re.compile(r"\s+([\d.]+) ms\s+#\d+ (.*)")
CONV = re.compile(r"onednn conv \S+ src \d+x(\d+)x\d+x\d+ weights (\d+)x(\d+)x(\d+)x(\d+) "
                  r"dst (\d+)x\d+x(\d+)x(\d+) stride (\d+)x(\d+)")


def group(description):
    """(group name, GFLOP of the kernel or 0)."""
    conv = CONV.match(description)
    if conv:
        _, out, per_group, kh, kw, n, ho, wo, sh, sw = map(int, conv.groups())
        gflop = 2.0 * n * out * per_group * kh * kw * ho * wo / 1e9
        return f"convolution {kh}x{kw} stride {sh}x{sw}", gflop
    if description.startswith("fused"):
        return "fused loops and reduces", 0.0
    words = []
    for word in description.split()[:3]:
        if any(c.isdigit() or c in "[(" for c in word):
            break
        words.append(word)
    return " ".join(words), 0.0


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    ms = collections.Counter()
    count = collections.Counter()
    gflop = collections.Counter()
    with open(sys.argv[1]) as f:
        for line in f:
            kernel = KERNEL.match(line)
            if not kernel:
                continue
            name, flops = group(kernel.group(2))
            ms[name] += float(kernel.group(1))
            count[name] += 1
            gflop[name] += flops
    total = sum(ms.values())
    if total == 0:
        sys.exit(f"{sys.argv[1]}: no kernel lines (run with HLOTRAIN_PROFILE=all)")
    print(f"{'group':<42} {'ms/run':>9} {'share':>6} {'kernels':>7}  GFLOP/s")
    for name, t in ms.most_common():
        rate = f"{gflop[name] / t * 1e3:8.0f}" if gflop[name] else ""
        print(f"{name:<42} {t:9.1f} {100 * t / total:5.1f}% {count[name]:7d}  {rate}")
    print(f"{'total':<42} {total:9.1f}")


if __name__ == "__main__":
    main()

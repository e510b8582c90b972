#!/usr/bin/env python3
"""A detection set of coloured shapes on noise, written in the YOLOv1 record of FORMATS.md
("YOLOv1 detection"): what `hlotrain train --net r34-yolov1 --dataset visdrone` learns from when no
VisDrone is at hand. Written from FORMATS.md alone, apart from the test suite's generator
(tests/data/YoloFiles.h): other sizes (0.08-0.35 of the side), five shapes (square, disc, ring,
diamond, cross), each a class of its own colour, one to three per image in distinct cells.

    bench/shapes_detection.py OUT [--side 224] [--train 256] [--val 64] [--seed 5]

writes OUT/train.bin, OUT/val.bin and OUT/val.full_gt.bin (bench/README.md, "Issue 39").
Needs numpy.
"""
import argparse
import os
import struct

import numpy as np

COLOURS = [(230, 30, 30), (30, 200, 50), (40, 60, 240), (240, 220, 30), (200, 40, 220)]
MAX_BOXES = 56


def image(rng, side, grid):
    """One image (uint8 [3, side, side]) and its boxes (class, xmin, ymin, xmax, ymax)."""
    img = rng.integers(80, 160, size=(3, side, side)).astype(np.uint8)
    yy, xx = np.mgrid[0:side, 0:side]
    px, py = (xx + 0.5) / side, (yy + 0.5) / side
    boxes, used = [], set()
    for _ in range(int(rng.integers(1, 4))):
        for _try in range(20):
            w, h = rng.uniform(0.08, 0.35, size=2)
            cx, cy = rng.uniform(w / 2, 1 - w / 2), rng.uniform(h / 2, 1 - h / 2)
            cell = (min(int(cy * grid), grid - 1), min(int(cx * grid), grid - 1))
            if cell not in used:
                break
        used.add(cell)
        c = int(rng.integers(0, len(COLOURS)))
        u, v = 2 * (px - cx) / w, 2 * (py - cy) / h
        inside = (np.abs(u) <= 1) & (np.abs(v) <= 1)
        if c == 1:
            inside &= u * u + v * v <= 1
        elif c == 2:
            inside &= (u * u + v * v <= 1) & (u * u + v * v >= 0.4)
        elif c == 3:
            inside &= np.abs(u) + np.abs(v) <= 1
        elif c == 4:
            inside &= (np.abs(u) < 0.35) | (np.abs(v) < 0.35)
        for ch in range(3):
            img[ch][inside] = COLOURS[c][ch]
        boxes.append((c, cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    return img, boxes


def label(boxes, grid):
    """The label part of a record: target f32 [30, G, G], mask f32 [G, G], the boxes."""
    target = np.zeros((30, grid, grid), np.float32)
    mask = np.zeros((grid, grid), np.float32)
    for c, x0, y0, x1, y1 in boxes:
        cx, cy, w, h = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0
        i, j = min(int(np.floor(cy * grid)), grid - 1), min(int(np.floor(cx * grid)), grid - 1)
        target[:, i, j] = 0
        target[0:5, i, j] = (cx * grid - j, cy * grid - i, w, h, 1)
        target[10 + c, i, j] = 1
        mask[i, j] = 1
    out = target.tobytes() + mask.tobytes() + struct.pack("<i", min(len(boxes), MAX_BOXES))
    for k in range(MAX_BOXES):
        out += struct.pack("<iffff", *boxes[k]) if k < len(boxes) else struct.pack("<iffff", 0, 0, 0, 0, 0)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--side", type=int, default=224, choices=(224, 448))
    ap.add_argument("--train", type=int, default=256)
    ap.add_argument("--val", type=int, default=64)
    ap.add_argument("--seed", type=int, default=5)
    a = ap.parse_args()
    rng, grid = np.random.default_rng(a.seed), a.side // 32
    os.makedirs(a.out, exist_ok=True)
    for split, n in (("train", a.train), ("val", a.val)):
        records = [image(rng, a.side, grid) for _ in range(n)]
        with open(os.path.join(a.out, split + ".bin"), "wb") as f:
            f.write(struct.pack("<I", n))
            for img, boxes in records:
                f.write(img.tobytes())
                f.write(label(boxes, grid))
        if split == "val":
            with open(os.path.join(a.out, "val.full_gt.bin"), "wb") as f:
                f.write(struct.pack("<I", n))
                for _, boxes in records:
                    f.write(struct.pack("<i", len(boxes)))
                    for b in boxes:
                        f.write(struct.pack("<iffff", *b))


if __name__ == "__main__":
    main()

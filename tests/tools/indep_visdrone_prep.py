#!/usr/bin/env python3
"""Independent cross-check of hlotrain-visdrone-prep.

Written only from the specification (FORMATS.md "YOLOv1 detection (VisDrone, single grid)", the
rules in tools/VisdronePrep.h's header comment and the resize rule in tools/Resize.h's), not from
the tool's sources: it writes small VisDrone2019-DET folders (JPEGs written with PIL at sizes other
than S, non-square, colour and grayscale; annotation files with realistic and dropped lines), runs
the tool at --size 224 and 448, and compares OUT/train.bin, OUT/val.bin and OUT/val.full_gt.bin
with a numpy implementation of the spec. Then it checks that malformed inputs are refused (exit 2,
one stderr line naming the file and, for annotations, the line; no files left in OUT).

    indep_visdrone_prep.py PREP_BINARY

Only numpy, PIL and the standard library. Exits non-zero on the first mismatch.

What is compared, and how exactly:
  * header counts and file sizes;
  * every record's label part byte for byte: target f32 [30,G,G], mask f32 [G,G], i32 count
    (<= 56), 56 raw boxes (i32 class, f32 xmin, ymin, xmax, ymax; unused slots all zero). Box
    corners are left/W etc. in double, rounded to float32; the target is encoded from those stored
    float32 corners (centre, cell floor(c*G) clamped to 0..G-1, offsets, w, h, conf 1, class slot
    10+class; a later box in the same cell replaces the earlier one's whole cell). The spec does
    not say in which precision the encoding arithmetic runs, so two readings are accepted: all
    float32, or double from the float32 corners rounded once at the end; the tool must follow
    one of them for every record, and the run says which (and how many records tell them apart);
  * val.full_gt.bin byte for byte (every kept box, uncapped);
  * the image bytes against an area resampling (box filter, overlap weights, exact rational
    weights here, rounded to the nearest level) of PIL's decoding of the same JPEG: R, G, B
    planes; two JPEG decoders may differ by a level, so per image max |diff| <= 2 levels and
    mean <= 0.5 (the run prints both).
"""

import math
import os
import re
import struct
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image

MAX_BOXES = 56
TRAIN_DIR = "VisDrone2019-DET-train"
VAL_DIR = "VisDrone2019-DET-val"
OUT_FILES = ("train.bin", "val.bin", "val.full_gt.bin")

PIX_MAX_TOL = 2
PIX_MEAN_TOL = 0.5


class Mismatch(Exception):
    pass


# ----------------------------------------------------------------------------------------------
# Synthetic VisDrone folders

class Img:
    """One image and its annotation file. `lines` are the annotation file's lines as written
    (strings, so whitespace, trailing commas and blank lines are exercised); `boxes` are the parsed
    8-tuples of the non-blank lines."""

    def __init__(self, stem, W, H, lines, gray=False, subsampling=2, quality=88, crlf=False):
        self.stem, self.W, self.H, self.lines = stem, W, H, lines
        self.gray, self.subsampling, self.quality, self.crlf = gray, subsampling, quality, crlf

    def boxes(self):
        out = []
        for l in self.lines:
            s = l.strip()
            if not s:
                continue
            if s.endswith(","):
                s = s[:-1]
            out.append(tuple(int(f) for f in s.split(",")))
        return out


def ann_line(left, top, w, h, score, cat, trunc=0, occl=0, style=0):
    f = [left, top, w, h, score, cat, trunc, occl]
    if style == 1:                       # trailing comma, as some VisDrone files have
        return ",".join(map(str, f)) + ","
    if style == 2:                       # whitespace around fields
        return " " + " , ".join(map(str, f)) + " "
    return ",".join(map(str, f))


def make_pixels(rng, W, H, gray):
    """Smooth gradients, blocks and noise: realistic enough for JPEG, with sharp edges."""
    y = np.linspace(0.0, 1.0, H)[:, None]
    x = np.linspace(0.0, 1.0, W)[None, :]
    chans = []
    for c in range(1 if gray else 3):
        a, b, ph = rng.uniform(1, 6), rng.uniform(1, 6), rng.uniform(0, 6.28)
        v = 128 + 70 * np.sin(a * 6.28 * x + ph) * np.cos(b * 6.28 * y) + 40 * (x - y)
        chans.append(v)
    arr = np.stack(chans, -1)
    for _ in range(12):                  # a few flat rectangles ("vehicles")
        x0, y0 = int(rng.integers(0, W)), int(rng.integers(0, H))
        x1, y1 = min(W, x0 + int(rng.integers(3, max(4, W // 5)))), \
            min(H, y0 + int(rng.integers(3, max(4, H // 5))))
        arr[y0:y1, x0:x1, :] = rng.uniform(0, 255, size=arr.shape[2])
    arr += rng.normal(0, 6, size=arr.shape)
    arr = np.clip(np.rint(arr), 0, 255).astype(np.uint8)
    return arr[..., 0] if gray else arr


def write_image(rng, folder, img):
    os.makedirs(os.path.join(folder, "images"), exist_ok=True)
    os.makedirs(os.path.join(folder, "annotations"), exist_ok=True)
    pix = make_pixels(rng, img.W, img.H, img.gray)
    im = Image.fromarray(pix, "L" if img.gray else "RGB")
    kw = {"quality": img.quality}
    if not img.gray:
        kw["subsampling"] = img.subsampling
    im.save(os.path.join(folder, "images", img.stem + ".jpg"), "JPEG", **kw)
    nl = "\r\n" if img.crlf else "\n"
    with open(os.path.join(folder, "annotations", img.stem + ".txt"), "w", newline="") as f:
        f.write(nl.join(img.lines) + nl)


def write_split(rng, folder, images, extras=True):
    for img in images:
        write_image(rng, folder, img)
    if extras:
        # ignored: a non-.jpg file among the images, an annotation without an image
        with open(os.path.join(folder, "images", "Thumbs.db"), "wb") as f:
            f.write(b"\0garbage\0")
        with open(os.path.join(folder, "annotations", "9999999_orphan.txt"), "w") as f:
            f.write("1,1,5,5,1,4,0,0\n")


def random_box_lines(rng, W, H, n, kept=True):
    lines = []
    for k in range(n):
        w = int(rng.integers(1, max(2, W // 8)))
        h = int(rng.integers(1, max(2, H // 8)))
        left = int(rng.integers(0, W - w + 1))
        top = int(rng.integers(0, H - h + 1))
        cat = int(rng.integers(1, 11))
        lines.append(ann_line(left, top, w, h, 1, cat, int(rng.integers(0, 3)),
                              int(rng.integers(0, 3)), style=k % 3))
    return lines


def dropped_lines(W, H):
    """Lines every rule of which drops them (all well-formed and inside the image)."""
    return [
        ann_line(0, 0, W // 3, H // 4, 0, 0),              # ignored region: score 0, category 0
        ann_line(W // 5, H // 6, 10, 12, 1, 11, 1, 2),     # others
        ann_line(W // 4, H // 3, 9, 9, 0, 4),              # score 0 of a car
        ann_line(W // 2, H // 2, 0, 17, 1, 4),             # zero width
        ann_line(W // 2, H // 3, 8, 0, 1, 1),              # zero height
        ann_line(W - 1, H - 1, 0, 0, 1, 10),               # empty, in the corner
    ]


def build_main_dataset(rng):
    train, val = [], []

    # 1. 640x360, shrink; a cluster of boxes with centres in one cell (at G=7 and G=14), of
    #    different classes, so the later box replaces the earlier; a dropped line in that cell
    #    after them must not touch it; boxes touching the right and bottom edges.
    W, H = 640, 360
    lines = [
        ann_line(200, 100, 40, 30, 1, 4),                  # car, centre (220,115)
        ann_line(205, 104, 30, 22, 1, 1, style=1),         # pedestrian, centre (220,115)
        ann_line(210, 108, 22, 16, 1, 6, style=2),         # truck, centre (221,116): wins
        ann_line(212, 110, 18, 12, 0, 9),                  # score 0: dropped, must not win
        ann_line(214, 111, 14, 10, 1, 11),                 # others: dropped
        ann_line(W - 50, 10, 50, 40, 1, 5),                # touches the right edge
        ann_line(30, H - 25, 60, 25, 1, 10),               # touches the bottom edge
        ann_line(W - 7, H - 9, 7, 9, 1, 3),                # bottom-right corner, xmax=ymax=1
        ann_line(0, 0, 1, 1, 1, 2),                        # top-left pixel
        "",                                                # a blank line is skipped
    ] + dropped_lines(W, H) + random_box_lines(rng, W, H, 14)
    train.append(Img("0000001_00000_d_0000001", W, H, lines, subsampling=2))

    # 2. 300x500 portrait, grayscale (replicated to R, G, B)
    W, H = 300, 500
    train.append(Img("0000001_00123_d_0000002", W, H,
                     random_box_lines(rng, W, H, 9) + dropped_lines(W, H) +
                     [ann_line(W - 20, H - 30, 20, 30, 1, 7)], gray=True))

    # 3. 150x100: smaller than S, so enlarged; CRLF lines; boxes touching the edges
    W, H = 150, 100
    train.append(Img("0000002_00005_d_0000010", W, H,
                     [ann_line(120, 60, 30, 40, 1, 8), ann_line(0, 70, 150, 30, 1, 9),
                      ann_line(10, 10, 20, 20, 0, 0)] + random_box_lines(rng, W, H, 4),
                     subsampling=0, crlf=True))

    # 4. every box dropped: decoded, then not a record
    W, H = 410, 230
    train.append(Img("0000002_00100_d_0000011", W, H, dropped_lines(W, H)))

    # 5. 997x563 (odd sizes), 4:4:4, a second same-cell pair where the earlier box is larger
    W, H = 997, 563
    train.append(Img("0000003_01000_d_0000200", W, H,
                     random_box_lines(rng, W, H, 20) +
                     [ann_line(500, 300, 80, 60, 1, 9), ann_line(520, 310, 40, 40, 1, 2)] +
                     dropped_lines(W, H), subsampling=0, quality=95))

    # 6. a name that sorts between the others by byte order ('_' < 'a', upper < lower)
    W, H = 260, 190
    train.append(Img("0000002_00005_D_0000010", W, H, random_box_lines(rng, W, H, 3)))

    # val 1: dense, 80 kept boxes plus dropped lines, so the 56 cap and val.full_gt.bin matter
    W, H = 960, 540
    dense = random_box_lines(rng, W, H, 40) + dropped_lines(W, H) + \
        random_box_lines(rng, W, H, 40) + [ann_line(W - 30, H - 30, 30, 30, 1, 4)]
    val.append(Img("0000069_00001_d_0000001", W, H, dense, subsampling=1))

    # val 2: 200x333 (enlarged horizontally at 224, vertically shrunk)
    W, H = 200, 333
    val.append(Img("0000069_00002_d_0000002", W, H,
                   random_box_lines(rng, W, H, 5) + [ann_line(0, H - 1, W, 1, 1, 1)]))

    # val 3: all dropped
    W, H = 333, 200
    val.append(Img("0000069_00003_d_0000003", W, H, dropped_lines(W, H)))

    # val 4: 57 kept boxes exactly one over the cap; one more after a cap-filling 56th
    W, H = 480, 270
    val.append(Img("0000070_00001_d_0000001", W, H, random_box_lines(rng, W, H, 57)))
    return train, val


# ----------------------------------------------------------------------------------------------
# Reference implementation of the spec

def kept_boxes(img):
    """-> [(class, xmin, ymin, xmax, ymax)] with the corners as float32 (np.float32)."""
    out = []
    for (left, top, w, h, score, cat, _t, _o) in img.boxes():
        if score == 0 or cat == 0 or cat == 11 or w <= 0 or h <= 0:
            continue
        out.append((cat - 1, np.float32(left / img.W), np.float32(top / img.H),
                    np.float32((left + w) / img.W), np.float32((top + h) / img.H)))
    return out


REPLACED = [0]   # boxes that replaced an earlier box of another class in their cell


def encode_target(boxes, G, variant):
    T = np.zeros((30, G, G), np.float32)
    M = np.zeros((G, G), np.float32)
    f32 = np.float32
    for (cls, x0, y0, x1, y1) in boxes:
        if variant == "float32":
            cx = f32((x0 + x1) * f32(0.5))
            cy = f32((y0 + y1) * f32(0.5))
            w, h = f32(x1 - x0), f32(y1 - y0)
            gx, gy = f32(cx * f32(G)), f32(cy * f32(G))
            j = min(max(int(math.floor(gx)), 0), G - 1)
            i = min(max(int(math.floor(gy)), 0), G - 1)
            ox, oy = f32(gx - f32(j)), f32(gy - f32(i))
        else:  # "double": from the float32 corners, in double, rounded once
            X0, Y0, X1, Y1 = float(x0), float(y0), float(x1), float(y1)
            cx, cy = (X0 + X1) / 2.0, (Y0 + Y1) / 2.0
            w, h = f32(X1 - X0), f32(Y1 - Y0)
            j = min(max(int(math.floor(cx * G)), 0), G - 1)
            i = min(max(int(math.floor(cy * G)), 0), G - 1)
            ox, oy = f32(cx * G - j), f32(cy * G - i)
        if M[i, j] and T[10 + cls, i, j] == 0.0:
            REPLACED[0] += 1
        T[:, i, j] = 0.0                 # a later box replaces the cell
        T[0, i, j], T[1, i, j], T[2, i, j], T[3, i, j], T[4, i, j] = ox, oy, w, h, 1.0
        T[10 + cls, i, j] = 1.0
        M[i, j] = 1.0
    return T, M


def box_bytes(b):
    return struct.pack("<i4f", b[0], float(b[1]), float(b[2]), float(b[3]), float(b[4]))


def label_bytes(boxes, G, variant):
    T, M = encode_target(boxes, G, variant)
    n = min(len(boxes), MAX_BOXES)
    raw = b"".join(box_bytes(b) for b in boxes[:n]) + b"\0" * (20 * (MAX_BOXES - n))
    return T.tobytes() + M.tobytes() + struct.pack("<i", n) + raw


def label_size(G):
    return 30 * G * G * 4 + G * G * 4 + 4 + MAX_BOXES * 20


def area_matrix(src, dst):
    """[dst, src] weights: destination pixel d covers [d*src/dst, (d+1)*src/dst) of the source;
    each source pixel weighs by its overlap, normalised by the covered length (exact, in units
    of 1/dst)."""
    d = np.arange(dst)[:, None]
    s = np.arange(src)[None, :]
    lo = np.maximum(d * src, s * dst)
    hi = np.minimum((d + 1) * src, (s + 1) * dst)
    return np.maximum(hi - lo, 0).astype(np.float64) / src


def expected_planes(path, S):
    with Image.open(path) as im:
        rgb = np.asarray(im.convert("RGB"), dtype=np.float64)   # [H, W, 3]
    H, W, _ = rgb.shape
    Wy, Wx = area_matrix(H, S), area_matrix(W, S)
    planes = np.stack([Wy @ rgb[:, :, c] @ Wx.T for c in range(3)])
    return planes   # unrounded [3, S, S]


def expected_split(images):
    """Records in file-name byte order: [(img, kept boxes)] for images with a kept box."""
    recs = []
    for img in sorted(images, key=lambda m: m.stem.encode()):
        kb = kept_boxes(img)
        if kb:
            recs.append((img, kb))
    return recs


# ----------------------------------------------------------------------------------------------
# Comparison

def describe_label_diff(got, exp, G):
    """The first differing field of a label part, as text."""
    nt, nm = 30 * G * G, G * G
    gt = np.frombuffer(got, np.float32, nt, 0).reshape(30, G, G)
    et = np.frombuffer(exp, np.float32, nt, 0).reshape(30, G, G)
    d = np.argwhere(gt.view(np.uint32) != et.view(np.uint32))
    if len(d):
        c, i, j = (int(a) for a in d[0])
        return "target[ch %d, row %d, col %d]: tool %r, expected %r (%d target values differ)" % (
            c, i, j, float(gt[c, i, j]), float(et[c, i, j]), len(d))
    gm = np.frombuffer(got, np.float32, nm, 4 * nt).reshape(G, G)
    em = np.frombuffer(exp, np.float32, nm, 4 * nt).reshape(G, G)
    d = np.argwhere(gm.view(np.uint32) != em.view(np.uint32))
    if len(d):
        i, j = (int(a) for a in d[0])
        return "mask[%d, %d]: tool %r, expected %r" % (i, j, float(gm[i, j]), float(em[i, j]))
    off = 4 * (nt + nm)
    (gn,), (en,) = struct.unpack_from("<i", got, off), struct.unpack_from("<i", exp, off)
    if gn != en:
        return "numBoxes: tool %d, expected %d" % (gn, en)
    for k in range(MAX_BOXES):
        g = struct.unpack_from("<i4f", got, off + 4 + 20 * k)
        e = struct.unpack_from("<i4f", exp, off + 4 + 20 * k)
        if got[off + 4 + 20 * k:off + 24 + 20 * k] != exp[off + 4 + 20 * k:off + 24 + 20 * k]:
            names = ("class", "xmin", "ymin", "xmax", "ymax")
            f = next(t for t in range(5) if struct.pack("<i4f", *g)[4 * t:4 * t + 4] !=
                     struct.pack("<i4f", *e)[4 * t:4 * t + 4])
            return "box %d %s: tool %r, expected %r (tool box %r, expected %r)" % (
                k, names[f], g[f], e[f], g, e)
    return "(no field differs?)"


def compare_bin(path, recs, folder, S, stats):
    G = S // 32
    img_size = 3 * S * S
    rec_size = img_size + label_size(G)
    fname = os.path.basename(path)
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 4:
        raise Mismatch("%s: %d bytes, no u32 header" % (fname, len(data)))
    (n,) = struct.unpack_from("<I", data, 0)
    if n != len(recs):
        raise Mismatch("%s: record count %d, expected %d (%s)" % (
            fname, n, len(recs), [r[0].stem for r in recs]))
    if len(data) != 4 + n * rec_size:
        raise Mismatch("%s: %d bytes, expected %d (4 + %d x %d)" % (
            fname, len(data), 4 + n * rec_size, n, rec_size))
    for ri, (img, kb) in enumerate(recs):
        off = 4 + ri * rec_size
        where = "%s: record %d (%s.jpg, %dx%d, %d kept boxes)" % (
            fname, ri, img.stem, img.W, img.H, len(kb))
        # -- label part, byte for byte, under either reading of the arithmetic precision
        got = data[off + img_size:off + rec_size]
        exp = {v: label_bytes(kb, G, v) for v in ("float32", "double")}
        if exp["float32"] != exp["double"]:
            stats["discriminating"] += 1
        matched = [v for v in ("float32", "double") if got == exp[v]]
        if not matched:
            def words_differing(v):
                a = np.frombuffer(got, np.uint32) if len(got) % 4 == 0 else None
                return int((a != np.frombuffer(exp[v], np.uint32)).sum()) if a is not None else 0
            v = min(("float32", "double"), key=words_differing)
            raise Mismatch("%s: %s (reading: %s arithmetic)" % (
                where, describe_label_diff(got, exp[v], G), v))
        stats["variants"].append(set(matched))
        # -- image part, against PIL + area resampling
        planes = np.frombuffer(data, np.uint8, img_size, off).reshape(3, S, S)
        ref = expected_planes(os.path.join(folder, "images", img.stem + ".jpg"), S)
        ref_q = np.clip(np.floor(ref + 0.5), 0, 255)
        diff = np.abs(planes.astype(np.float64) - ref_q)
        dmax, dmean = int(diff.max()), float(diff.mean())
        stats["pix_max"] = max(stats["pix_max"], dmax)
        stats["pix_sum"] += float(diff.sum())
        stats["pix_n"] += diff.size
        stats["exact"] += int((diff == 0).sum())
        if dmax > PIX_MAX_TOL or dmean > PIX_MEAN_TOL:
            c, y, x = (int(a) for a in np.unravel_index(int(diff.argmax()), diff.shape))
            raise Mismatch("%s: image differs from PIL + area resampling: max |diff| %d, mean "
                           "%.3f (worst at plane %d, row %d, col %d: tool %d, reference %.3f)" % (
                               where, dmax, dmean, c, y, x, planes[c, y, x], ref[c, y, x]))
    return n


def compare_full_gt(path, recs):
    exp = struct.pack("<I", len(recs)) + b"".join(
        struct.pack("<i", len(kb)) + b"".join(box_bytes(b) for b in kb) for _img, kb in recs)
    with open(path, "rb") as f:
        got = f.read()
    if got == exp:
        return
    # walk both to name the first difference
    if len(got) < 4 or got[:4] != exp[:4]:
        raise Mismatch("val.full_gt.bin: header %r, expected n=%d" % (got[:4], len(recs)))
    off = 4
    for ri, (img, kb) in enumerate(recs):
        if off + 4 > len(got):
            raise Mismatch("val.full_gt.bin: ends in record %d (%s)" % (ri, img.stem))
        (nb,) = struct.unpack_from("<i", got, off)
        if nb != len(kb):
            raise Mismatch("val.full_gt.bin: record %d (%s): nb %d, expected %d" % (
                ri, img.stem, nb, len(kb)))
        off += 4
        for k, b in enumerate(kb):
            g = got[off:off + 20]
            if g != box_bytes(b):
                raise Mismatch("val.full_gt.bin: record %d (%s) box %d: tool %r, expected %r" % (
                    ri, img.stem, k, struct.unpack("<i4f", g) if len(g) == 20 else g,
                    struct.unpack("<i4f", box_bytes(b))))
            off += 20
    raise Mismatch("val.full_gt.bin: %d bytes, expected %d" % (len(got), len(exp)))


def run_tool(prep, src, out, args):
    return subprocess.run([prep, src, out] + args, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=120)


def check_run(prep, tmp, src, train, val, S):
    out = os.path.join(tmp, "out_%d" % S)
    t = time.time()
    p = run_tool(prep, src, out, ["--size", str(S)])
    tool_s = time.time() - t
    if p.returncode != 0:
        raise Mismatch("[size %d] tool exited %d: %s" % (
            S, p.returncode, p.stderr.decode(errors="replace").strip()))
    present = sorted(os.listdir(out))
    if present != sorted(OUT_FILES):
        raise Mismatch("[size %d] OUT holds %s, expected exactly %s" % (S, present, OUT_FILES))
    tr, va = expected_split(train), expected_split(val)
    REPLACED[0] = 0
    stats = {"discriminating": 0, "variants": [], "pix_max": 0, "pix_sum": 0.0, "pix_n": 0,
             "exact": 0}
    try:
        ntr = compare_bin(os.path.join(out, "train.bin"), tr,
                          os.path.join(src, TRAIN_DIR), S, stats)
        nva = compare_bin(os.path.join(out, "val.bin"), va, os.path.join(src, VAL_DIR), S, stats)
        compare_full_gt(os.path.join(out, "val.full_gt.bin"), va)
    except Mismatch as e:
        raise Mismatch("[size %d] %s" % (S, e))
    common = set.intersection(*stats["variants"])
    if not common:
        raise Mismatch("[size %d] the target arithmetic is float32 in some records and double in "
                       "others: %s" % (S, [sorted(v) for v in stats["variants"]]))
    # coverage guards: the data must exercise the cap, the drop of whole images, replacement
    capped = sum(1 for _i, kb in va if len(kb) > MAX_BOXES)
    replaced = REPLACED[0] // 2   # each record is encoded under both readings
    if capped < 2 or len(tr) == len(train) or len(va) == len(val) or replaced == 0:
        raise Mismatch("[size %d] test data miss the cap, dropped images or replacement" % S)
    variant = ("float32 or double (no record tells them apart)" if len(common) == 2
               else "%s (%d of %d records tell the readings apart)" % (
                   common.pop(), stats["discriminating"], ntr + nva))
    mean = stats["pix_sum"] / stats["pix_n"]
    print("ok   size %d (G=%d): train %d records of %d images, val %d of %d (%d capped at 56), "
          "labels byte-exact (%d same-cell replacements by another class), target arithmetic "
          "%s; full_gt byte-exact; pixels vs PIL+area: max |diff| %d, mean %.4f, %.2f%% equal "
          "to the rounded reference; tool %.1f s" % (
              S, S // 32, ntr, len(train), nva, len(val), capped, replaced, variant,
              stats["pix_max"], mean, 100.0 * stats["exact"] / stats["pix_n"], tool_s))
    return stats


# ----------------------------------------------------------------------------------------------
# Refusals

def small_dataset():
    def img(stem, W, H, n_extra):
        lines = [ann_line(1, 1, 5, 5, 1, 4), ann_line(3, 2, 7, 6, 1, 1, style=1),
                 ann_line(0, 0, W, H, 0, 0), ann_line(W - 4, H - 4, 4, 4, 1, 9)]
        lines += [ann_line(2 + k, 3 + k, 6, 4, 1, 1 + k % 10) for k in range(n_extra)]
        return Img(stem, W, H, lines)
    train = [img("0000001_00000_d_0000001", 64, 48, 3), img("0000001_00000_d_0000002", 50, 70, 2)]
    val = [img("0000002_00000_d_0000001", 80, 40, 4), img("0000002_00000_d_0000002", 40, 60, 5)]
    return train, val


def replace_line(folder, stem, lineno, text):
    p = os.path.join(folder, "annotations", stem + ".txt")
    with open(p) as f:
        lines = f.read().split("\n")
    lines[lineno - 1] = text
    with open(p, "w") as f:
        f.write("\n".join(lines))
    return stem + ".txt"


def mut_seven_fields(src):
    return replace_line(os.path.join(src, VAL_DIR), "0000002_00000_d_0000002", 6,
                        "10,10,5,5,1,4,0"), 6


def mut_non_number(src):
    return replace_line(os.path.join(src, TRAIN_DIR), "0000001_00000_d_0000002", 3,
                        "12,7a,5,5,1,4,0,0"), 3


def mut_outside(src):          # left + width = W + 1 (W = 80)
    return replace_line(os.path.join(src, VAL_DIR), "0000002_00000_d_0000001", 5,
                        "70,10,11,5,1,4,0,0"), 5


def mut_outside_dropped(src):  # checked before the drop rules: an ignored region below the image
    return replace_line(os.path.join(src, TRAIN_DIR), "0000001_00000_d_0000001", 4,
                        "0,0,64,49,0,0,0,0"), 4


def mut_corrupt_jpeg(src):
    p = os.path.join(src, VAL_DIR, "images", "0000002_00000_d_0000002.jpg")
    with open(p, "rb") as f:
        data = bytearray(f.read())
    for k in range(2, 60):    # keep SOI, garble the markers after it
        data[k] = (data[k] * 37 + 11) & 0xFF
    with open(p, "wb") as f:
        f.write(bytes(data))
    try:                      # make sure it is corrupt for PIL too
        with Image.open(p) as im:
            im.load()
        raise Mismatch("[refuse corrupt_jpeg] the garbled JPEG still decodes with PIL")
    except Mismatch:
        raise
    except Exception:
        pass
    return "0000002_00000_d_0000002.jpg", None


def mut_missing_annotation(src):
    os.remove(os.path.join(src, VAL_DIR, "annotations", "0000002_00000_d_0000001.txt"))
    return "0000002_00000_d_0000001", None   # the header says: refused naming the image


def check_refusal(prep, tmp, rng, label, mutate, args=("--size", "224"), usage=False):
    """A refused input: exit 2, exactly one stderr line naming `name` (and the line), nothing
    in OUT. With usage=True (a bad argument) the error line may be followed by the usage text and
    must name the option instead."""
    src = os.path.join(tmp, "bad_" + label)
    train, val = small_dataset()
    write_split(rng, os.path.join(src, TRAIN_DIR), train, extras=False)
    write_split(rng, os.path.join(src, VAL_DIR), val, extras=False)
    name, lineno = mutate(src) if mutate else (None, None)
    out = os.path.join(tmp, "out_bad_" + label)
    p = run_tool(prep, src, out, list(args))
    err = p.stderr.decode(errors="replace")
    lines = [l for l in err.split("\n") if l.strip()]
    problems = []
    if p.returncode != 2:
        problems.append("exit code %d, expected 2" % p.returncode)
    if usage:
        if not lines or args[0] not in lines[0]:
            problems.append("first stderr line does not name %s: %r" % (args[0], err))
    elif len(lines) != 1:
        problems.append("stderr has %d lines, expected 1: %r" % (len(lines), err))
    if name is not None and name not in err:
        problems.append("stderr does not name %s: %r" % (name, err))
    if lineno is not None and not re.search(r"(line\s*%d\b|:%d\b)" % (lineno, lineno), err):
        problems.append("stderr does not name line %d: %r" % (lineno, err))
    left = sorted(os.listdir(out)) if os.path.isdir(out) else []
    if left:
        problems.append("files left in OUT: %s" % left)
    if problems:
        raise Mismatch("[refuse %s] %s" % (label, "; ".join(problems)))
    print("ok   refuse %-19s exit 2, OUT %s, stderr: %s" % (
        label, "empty" if os.path.isdir(out) else "not created",
        lines[0].strip() if lines else ""))


# ----------------------------------------------------------------------------------------------

def main():
    args = sys.argv[1:]
    if len(args) != 1:
        print("usage: indep_visdrone_prep.py PREP_BINARY", file=sys.stderr)
        return 64
    prep = os.path.abspath(args[0])
    t0 = time.time()
    rng = np.random.default_rng(20240612)
    with tempfile.TemporaryDirectory(prefix="indep_visdrone_") as tmp:
        src = os.path.join(tmp, "src")
        train, val = build_main_dataset(rng)
        write_split(rng, os.path.join(src, TRAIN_DIR), train)
        write_split(rng, os.path.join(src, VAL_DIR), val)
        try:
            for S in (224, 448):
                check_run(prep, tmp, src, train, val, S)
            for label, mut in (("seven_fields", mut_seven_fields),
                               ("non_number", mut_non_number),
                               ("box_outside", mut_outside),
                               ("dropped_box_outside", mut_outside_dropped),
                               ("corrupt_jpeg", mut_corrupt_jpeg),
                               ("missing_annotation", mut_missing_annotation)):
                check_refusal(prep, tmp, rng, label, mut)
            check_refusal(prep, tmp, rng, "size_300", None, ("--size", "300"), usage=True)
        except Mismatch as e:
            print("FAIL " + str(e))
            return 1
    print("all independent VisDrone prep checks passed in %.1f s" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Independent cross-check of hlotrain-brats-prep.

Written only from the specification (README "Preparing BraTS" / FORMATS.md), not from the
tool's sources: it writes small MSD Task01_BrainTumour folders with its own NIfTI-1 writer, runs
the tool, and compares every byte of OUT/train.bin, OUT/val.bin and OUT/val_cases.bin with a
numpy implementation of the spec. Then it checks that malformed inputs are refused (exit 2, one
stderr line naming the file, no output files).

    indep_brats_prep.py PREP_BINARY

Only numpy and the standard library. Exits non-zero on the first mismatch.

The reference follows the spec literally: a voxel's value is raw*scl_slope + scl_inter in float64
(as nibabel's get_fdata gives it) and every later step is float64; the tool's bytes may differ
only at rounding ties. A refusal must leave exactly one line on stderr, naming the file.
"""

import gzip
import json
import math
import os
import re
import struct
import subprocess
import sys
import tempfile
import time

import numpy as np

# ----------------------------------------------------------------------------------------------
# NIfTI-1 writer (single file .nii.gz, little-endian, 348-byte header + 4 extension bytes)

DT_UINT8, DT_INT16, DT_FLOAT32, DT_FLOAT64 = 2, 4, 16, 64
_DTYPES = {DT_UINT8: ("<u1", 8), DT_INT16: ("<i2", 16), DT_FLOAT32: ("<f4", 32),
           DT_FLOAT64: ("<f8", 64)}


def nifti_bytes(arr, datatype, slope=0.0, inter=0.0):
    """arr indexed [x, y, z(, t)]; stored x fastest, then y, z, t."""
    np_dtype, bitpix = _DTYPES[datatype]
    hdr = bytearray(348)
    struct.pack_into("<i", hdr, 0, 348)                       # sizeof_hdr
    dims = [arr.ndim] + list(arr.shape) + [1] * (7 - arr.ndim)
    struct.pack_into("<8h", hdr, 40, *dims)                   # dim[8]
    struct.pack_into("<h", hdr, 70, datatype)                 # datatype
    struct.pack_into("<h", hdr, 72, bitpix)                   # bitpix
    struct.pack_into("<8f", hdr, 76, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0)  # pixdim[8]
    struct.pack_into("<f", hdr, 108, 352.0)                   # vox_offset
    struct.pack_into("<f", hdr, 112, slope)                   # scl_slope
    struct.pack_into("<f", hdr, 116, inter)                   # scl_inter
    struct.pack_into("<B", hdr, 123, 10)                      # xyzt_units: mm, s
    hdr[344:348] = b"n+1\0"                                   # magic
    data = np.asarray(arr).astype(np_dtype).ravel(order="F").tobytes()
    return bytes(hdr) + b"\0\0\0\0" + data


def write_nifti_gz(path, arr, datatype, slope=0.0, inter=0.0):
    with open(path, "wb") as f:
        f.write(gzip.compress(nifti_bytes(arr, datatype, slope, inter), compresslevel=1))


# ----------------------------------------------------------------------------------------------
# Synthetic cases



class Case:
    def __init__(self, name, raw, dtype, slope, inter, label):
        self.name, self.raw, self.dtype, self.slope, self.inter, self.label = (
            name, raw, dtype, slope, inter, label)

    def values(self):
        """Voxel values (float64) per the spec: raw*slope+inter when slope finite and non-zero."""
        v = self.raw.astype(np.float64)
        s = float(np.float32(self.slope))
        if math.isfinite(s) and s != 0.0:
            v = v * s + float(np.float32(self.inter))
        return v


def make_case(rng, name, X, Y, Z, dtype=DT_FLOAT32, slope=0.0, inter=0.0, zero_modality=None,
              label_slices=None, single_voxel_slice=None):
    xs = (np.arange(X) - (X - 1) / 2.0)[:, None, None]
    ys = (np.arange(Y) - (Y - 1) / 2.0)[None, :, None]
    zs = (np.arange(Z) - (Z - 1) / 2.0)[None, None, :]
    brain = (xs / (0.42 * X)) ** 2 + (ys / (0.45 * Y)) ** 2 + (zs / (0.75 * Z + 0.5)) ** 2 <= 1.0
    img = np.zeros((X, Y, Z, 4), np.float64)
    for m in range(4):
        base = 300.0 + 150.0 * m
        vol = rng.normal(base, 0.08 * base, size=(X, Y, Z))
        vol = np.maximum(vol, 1.0)
        vol[~brain] = 0.0
        # a few extreme voxels inside the brain: quantised values clip at 0 and at 255
        bi = np.argwhere(brain)
        pick = bi[rng.choice(len(bi), size=12, replace=False)]
        for k, (a, b, c) in enumerate(pick):
            vol[a, b, c] = 0.5 if k % 2 == 0 else base * 9.0
        img[..., m] = vol
    if zero_modality is not None:
        img[..., zero_modality] = 0.0

    if dtype == DT_INT16:
        # stored raw ints; value = raw*slope + inter (background raw 0 -> value `inter`)
        raw = np.rint(img / slope).astype(np.int16) if slope else np.rint(img).astype(np.int16)
    elif dtype == DT_FLOAT32:
        raw = img.astype(np.float32)
    else:
        raw = img.astype(np.float64)

    # labels: nested blobs (2 outer, 1 middle, 3 inner) on the chosen slices
    label = np.zeros((X, Y, Z), np.uint8)
    cx, cy = X * 0.55, Y * 0.45
    gx = np.arange(X)[:, None]
    gy = np.arange(Y)[None, :]
    for z in (label_slices or []):
        r = 6.0 + 3.0 * ((z * 7) % 5)
        d2 = (gx - cx) ** 2 + (gy - cy) ** 2
        pl = np.zeros((X, Y), np.uint8)
        pl[d2 <= r * r] = 2
        pl[d2 <= (0.6 * r) ** 2] = 1
        pl[d2 <= (0.3 * r) ** 2] = 3
        label[:, :, z] = pl
    if single_voxel_slice is not None:
        label[X - 1, 0, single_voxel_slice] = 3   # a lone corner voxel still selects the slice
    return Case(name, raw, dtype, slope, inter, label)


def write_folder(root, cases, shuffle_json=True):
    os.makedirs(os.path.join(root, "imagesTr"), exist_ok=True)
    os.makedirs(os.path.join(root, "labelsTr"), exist_ok=True)
    entries = []
    for c in cases:
        write_nifti_gz(os.path.join(root, "imagesTr", c.name + ".nii.gz"), c.raw, c.dtype,
                       c.slope, c.inter)
        write_nifti_gz(os.path.join(root, "labelsTr", c.name + ".nii.gz"), c.label, DT_UINT8)
        entries.append({"image": "./imagesTr/%s.nii.gz" % c.name,
                        "label": "./labelsTr/%s.nii.gz" % c.name})
    if shuffle_json:
        entries = entries[::-1]  # the tool must sort, not trust the json order
    ds = {"name": "BRATS", "description": "synthetic", "tensorImageSize": "4D",
          "modality": {"0": "FLAIR", "1": "T1w", "2": "t1gd", "3": "T2w"},
          "labels": {"0": "background", "1": "edema", "2": "non-enhancing tumor",
                     "3": "enhancing tumour"},
          "numTraining": len(cases), "numTest": 1, "training": entries,
          "test": ["./imagesTs/BRATS_999.nii.gz"]}
    with open(os.path.join(root, "dataset.json"), "w") as f:
        json.dump(ds, f, indent=1)


# ----------------------------------------------------------------------------------------------
# Reference implementation of the spec

def shuffle_order(n, seed):
    order = list(range(n))
    M = (1 << 64) - 1
    s = (seed + 1) & M
    for i in range(n - 1, 0, -1):
        s ^= (s << 13) & M
        s ^= s >> 7
        s ^= (s << 17) & M
        j = s % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def llround_pos(x):
    f = math.floor(x)
    return int(f) + (1 if x - f >= 0.5 else 0)


def quantise_case(case):
    """-> (q uint8 [X,Y,Z,4], unrounded float64 [X,Y,Z,4])."""
    v = case.values()
    u = np.full(v.shape, 128.0)
    for m in range(4):
        vm = v[..., m]
        nz = vm != 0
        cnt = int(nz.sum())
        if cnt == 0:
            continue
        vals = vm[nz]
        mean = vals.sum() / cnt
        std = math.sqrt(((vals - mean) ** 2).sum() / cnt)
        if std == 0.0:
            continue
        z = np.where(nz, (vm - mean) / std, 0.0)
        u[..., m] = (z * 127.0) / 5.0 + 128.0
    q = np.clip(np.rint(u), 0, 255).astype(np.uint8)
    return q, u


def place(dim, S):
    """-> (src start, dst start, length)."""
    if dim >= S:
        return (dim - S) // 2, 0, S
    return 0, (S - dim) // 2, dim


def expected_records(case, S, K):
    """-> list of (z, img uint8 [C,S,S], unrounded float64 [C,S,S], mask uint8 [S,S])."""
    q, u = quantise_case(case)
    X, Y, Z = case.label.shape
    sel = [z for z in range(Z) if (case.label[:, :, z] > 0).any()][::2]
    sx, dx, lx = place(X, S)
    sy, dy, ly = place(Y, S)
    C = 4 * (2 * K + 1)
    recs = []
    for z in sel:
        img = np.full((C, S, S), 128, np.uint8)
        unr = np.full((C, S, S), 128.0)
        for m in range(4):
            for d in range(-K, K + 1):
                zz = min(max(z + d, 0), Z - 1)
                ch = m * (2 * K + 1) + d + K
                img[ch, dy:dy + ly, dx:dx + lx] = q[sx:sx + lx, sy:sy + ly, zz, m].T
                unr[ch, dy:dy + ly, dx:dx + lx] = u[sx:sx + lx, sy:sy + ly, zz, m].T
        mask = np.zeros((S, S), np.uint8)
        mask[dy:dy + ly, dx:dx + lx] = case.label[sx:sx + lx, sy:sy + ly, z].T
        recs.append((case.name, z, img, unr, mask))
    return recs


def expected_outputs(cases, S, K, val_fraction, seed):
    cases = sorted(cases, key=lambda c: c.name.encode())
    n = len(cases)
    n_val = min(max(llround_pos(val_fraction * n), 1), n - 1)
    perm = shuffle_order(n, seed)
    val_idx = set(perm[:n_val])
    train = [c for i, c in enumerate(cases) if i not in val_idx]
    val = [c for i, c in enumerate(cases) if i in val_idx]
    train_recs = [r for c in train for r in expected_records(c, S, K)]
    val_recs, val_case_ids = [], []
    for ci, c in enumerate(val):
        rs = expected_records(c, S, K)
        val_recs += rs
        val_case_ids += [ci] * len(rs)
    return train_recs, val_recs, val_case_ids, [c.name for c in train], [c.name for c in val]


# ----------------------------------------------------------------------------------------------
# Comparison

class Mismatch(Exception):
    pass


def compare_bin(path, recs, S, K):
    C = 4 * (2 * K + 1)
    rec_size = C * S * S + S * S
    with open(path, "rb") as f:
        data = f.read()
    fname = os.path.basename(path)
    if len(data) < 4:
        raise Mismatch("%s: %d bytes, no u32 header" % (fname, len(data)))
    (n,) = struct.unpack_from("<I", data, 0)
    if n != len(recs):
        raise Mismatch("%s: record count %d, expected %d (%s)" % (
            fname, n, len(recs), [(r[0], r[1]) for r in recs]))
    if len(data) != 4 + n * rec_size:
        raise Mismatch("%s: %d bytes, expected %d (4 + %d x %d)" % (
            fname, len(data), 4 + n * rec_size, n, rec_size))
    ties = 0
    for ri, (name, z, img, unr, mask) in enumerate(recs):
        off = 4 + ri * rec_size
        got_img = np.frombuffer(data, np.uint8, C * S * S, off).reshape(C, S, S)
        got_mask = np.frombuffer(data, np.uint8, S * S, off + C * S * S).reshape(S, S)
        diff = got_img != img
        if diff.any():
            d = np.abs(got_img.astype(np.int16) - img.astype(np.int16))
            frac = unr - np.floor(unr)
            tie = (np.abs(frac - 0.5) < 1e-6) & (d == 1)
            bad = diff & ~tie
            ties += int((diff & tie).sum())
            if bad.any():
                ch, row, col = (int(a) for a in np.argwhere(bad)[0])
                raise Mismatch(
                    "%s: record %d (case %s, slice z=%d), channel %d, row %d, col %d: tool %d, "
                    "expected %d (unrounded %.9f); %d bad bytes in this record" % (
                        fname, ri, name, z, ch, row, col, got_img[ch, row, col],
                        img[ch, row, col], unr[ch, row, col], int(bad.sum())))
        if (got_mask != mask).any():
            row, col = (int(a) for a in np.argwhere(got_mask != mask)[0])
            raise Mismatch("%s: record %d (case %s, slice z=%d), mask, row %d, col %d: tool %d, "
                           "expected %d" % (fname, ri, name, z, row, col, got_mask[row, col],
                                            mask[row, col]))
    return n, ties


def compare_val_cases(path, ids):
    with open(path, "rb") as f:
        data = f.read()
    if len(data) != 4 + 4 * len(ids):
        raise Mismatch("val_cases.bin: %d bytes, expected %d" % (len(data), 4 + 4 * len(ids)))
    (n,) = struct.unpack_from("<I", data, 0)
    got = list(struct.unpack_from("<%di" % len(ids), data, 4))
    if n != len(ids):
        raise Mismatch("val_cases.bin: count %d, expected %d" % (n, len(ids)))
    for i, (g, e) in enumerate(zip(got, ids)):
        if g != e:
            raise Mismatch("val_cases.bin: record %d: tool %d, expected %d" % (i, g, e))


def run_tool(prep, src, out, args):
    return subprocess.run([prep, src, out] + args, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=120)


def check_run(prep, tmp, label, cases, src, args, S, K, val_fraction, seed):
    out = os.path.join(tmp, "out_" + label)
    p = run_tool(prep, src, out, args)
    if p.returncode != 0:
        raise Mismatch("[%s] tool exited %d: %s" % (label, p.returncode,
                                                  p.stderr.decode(errors="replace").strip()))
    tr, va, ids, trn, van = expected_outputs(cases, S, K, val_fraction, seed)
    try:
        ntr, ttr = compare_bin(os.path.join(out, "train.bin"), tr, S, K)
        nva, tva = compare_bin(os.path.join(out, "val.bin"), va, S, K)
        compare_val_cases(os.path.join(out, "val_cases.bin"), ids)
    except Mismatch as e:
        raise Mismatch("[%s %s] %s" % (label, " ".join(args) or "(defaults)", e))
    # coverage guard: the synthetic data must exercise clipping at both ends
    clip0 = sum(int((r[2] == 0).sum()) for r in tr + va)
    clip255 = sum(int((r[2] == 255).sum()) for r in tr + va)
    if clip0 == 0 or clip255 == 0:
        raise Mismatch("[%s] test data do not clip (bytes 0: %d, bytes 255: %d)" % (
            label, clip0, clip255))
    print("ok   %-22s %s: train %d records (%s), val %d records (%s), %d/%d bytes at 0/255, "
          "%d tie bytes" % (label, " ".join(args) or "(defaults)", ntr, ",".join(trn), nva,
                            ",".join(van), clip0, clip255, ttr + tva))


# ----------------------------------------------------------------------------------------------
# Refusals

OUT_FILES = ("train.bin", "val.bin", "val_cases.bin")


def check_refusal(prep, tmp, label, rng, mutate):
    src = os.path.join(tmp, "bad_" + label)
    good = [make_case(rng, "BRATS_%03d" % i, 30 + i, 28, 6, label_slices=[2, 3])
            for i in (1, 2, 3)]
    write_folder(src, good)
    bad_rel = mutate(src, rng)   # e.g. "labelsTr/BRATS_002.nii.gz"
    out = os.path.join(tmp, "out_bad_" + label)
    p = run_tool(prep, src, out, ["--size", "224"])
    err = p.stderr.decode(errors="replace")
    lines = [l for l in err.split("\n") if l.strip()]
    problems = []
    if p.returncode != 2:
        problems.append("exit code %d, expected 2" % p.returncode)
    if len(lines) != 1:
        problems.append("stderr has %d lines, expected 1: %r" % (len(lines), err))
    base = os.path.basename(bad_rel)
    if base not in err:
        problems.append("stderr does not name %s: %r" % (bad_rel, err))
    names_dir = bad_rel in err
    present = [f for f in OUT_FILES if os.path.exists(os.path.join(out, f))]
    if present:
        problems.append("output files present: %s" % present)
    if problems:
        raise Mismatch("[refuse %s] %s" % (label, "; ".join(problems)))
    print("ok   refuse %-15s exit 2, stderr: %s%s" % (
        label, lines[0].strip(), "" if names_dir else "  (note: directory not named)"))


def mut_label_size(src, rng):
    lab = np.zeros((32, 27, 6), np.uint8)
    lab[10:20, 10:20, 2] = 1
    write_nifti_gz(os.path.join(src, "labelsTr", "BRATS_002.nii.gz"), lab, DT_UINT8)
    return "labelsTr/BRATS_002.nii.gz"


def mut_image_3d(src, rng):
    c = make_case(rng, "BRATS_002", 32, 28, 6, label_slices=[2, 3])
    write_nifti_gz(os.path.join(src, "imagesTr", "BRATS_002.nii.gz"),
                   c.raw[..., 0].astype(np.float32), DT_FLOAT32)
    return "imagesTr/BRATS_002.nii.gz"


def mut_label_value(src, rng):
    c = make_case(rng, "BRATS_003", 33, 28, 6, label_slices=[2, 3])
    lab = c.label.copy()
    lab[5, 6, 4] = 7
    write_nifti_gz(os.path.join(src, "labelsTr", "BRATS_003.nii.gz"), lab, DT_UINT8)
    return "labelsTr/BRATS_003.nii.gz"


def mut_truncated(src, rng):
    p = os.path.join(src, "imagesTr", "BRATS_002.nii.gz")
    with open(p, "rb") as f:
        data = f.read()
    with open(p, "wb") as f:
        f.write(data[:len(data) * 3 // 5])
    return "imagesTr/BRATS_002.nii.gz"


def mut_corrupt(src, rng):
    p = os.path.join(src, "labelsTr", "BRATS_001.nii.gz")
    with open(p, "rb") as f:
        data = bytearray(f.read())
    # garble the deflate stream in the middle (and so the CRC-32 no longer matches)
    for k in range(len(data) // 3, len(data) // 3 + 16):
        data[k] ^= 0x5A
    with open(p, "wb") as f:
        f.write(bytes(data))
    return "labelsTr/BRATS_001.nii.gz"


# ----------------------------------------------------------------------------------------------

def main():
    args = sys.argv[1:]
    if len(args) != 1:
        print("usage: indep_brats_prep.py PREP_BINARY", file=sys.stderr)
        return 64
    prep = os.path.abspath(args[0])
    t0 = time.time()
    rng = np.random.default_rng(20240611)
    with tempfile.TemporaryDirectory(prefix="indep_brats_") as tmp:
        # -- 240-ish cases (default size 240)
        big = [
            make_case(rng, "BRATS_004", 240, 240, 9, label_slices=[1, 2, 3, 5, 6, 8]),
            make_case(rng, "BRATS_012", 244, 236, 7, dtype=DT_INT16, slope=0.5, inter=3.0,
                      label_slices=[0, 1, 2, 3, 4], single_voxel_slice=6),
            make_case(rng, "BRATS_001", 243, 239, 5, zero_modality=2,
                      label_slices=[0, 2, 4]),
            make_case(rng, "Brats_x07", 241, 237, 6, dtype=DT_FLOAT64,
                      label_slices=[3, 4, 5]),
        ]
        # -- cases for --size 224
        small = [
            make_case(rng, "BRATS_101", 232, 230, 8, label_slices=[2, 3, 4, 5]),
            make_case(rng, "BRATS_013", 250, 226, 10, label_slices=[0, 3, 4, 7, 9]),
            make_case(rng, "BRATS_110", 200, 210, 12, label_slices=[5, 6, 7, 8, 9, 10, 11]),
            make_case(rng, "BRATS_0099", 211, 225, 6, label_slices=[1, 2],
                      single_voxel_slice=4),
        ]
        src_big = os.path.join(tmp, "big")
        src_small = os.path.join(tmp, "small")
        src_all = os.path.join(tmp, "all")
        write_folder(src_big, big)
        write_folder(src_small, small)
        write_folder(src_all, big + small)
        try:
            check_run(prep, tmp, "default_240", big, src_big, [], 240, 0, 0.15, 0)
            check_run(prep, tmp, "size224", small, src_small, ["--size", "224"], 224, 0, 0.15, 0)
            check_run(prep, tmp, "size224_seed5_vf0.5", small, src_small,
                      ["--size", "224", "--seed", "5", "--val-fraction", "0.5"], 224, 0, 0.5, 5)
            check_run(prep, tmp, "ctx2_seed3_vf0.3", big + small, src_all,
                      ["--context", "2", "--seed", "3", "--val-fraction", "0.3"], 240, 2, 0.3, 3)
            check_run(prep, tmp, "ctx1_224_seed7", big + small, src_all,
                      ["--size", "224", "--context", "1", "--seed", "7"], 224, 1, 0.15, 7)
            for label, mut in (("label_size", mut_label_size), ("image_3d", mut_image_3d),
                               ("label_value_7", mut_label_value),
                               ("truncated_gzip", mut_truncated), ("corrupt_gzip", mut_corrupt)):
                check_refusal(prep, tmp, label, rng, mut)
        except Mismatch as e:
            print("FAIL " + str(e))
            return 1
    print("all independent BraTS prep checks passed in %.1f s" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())

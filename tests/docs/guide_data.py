"""Tiny datasets in the exact on-disk form users download, for docs/GUIDE.md's commands.

Each function writes what the guide's download step leaves behind (an archive, or for
Fashion-MNIST the Debian package's folder), with a handful of records so that the guide's real
training commands finish in seconds:

  fashion_mnist(dir)          {train,t10k}-{images-idx3,labels-idx1}-ubyte.gz, as
                              dataset-fashion-mnist installs them (the first records of the real
                              package when it is installed, else synthetic ones)
  cifar10_archive(path)       cifar-10-binary.tar.gz: cifar-10-batches-bin/data_batch_{1..5}.bin,
                              test_batch.bin, batches.meta.txt, readme.html
  imagenette_archive(path)    imagenette2-320.tgz: imagenette2-320/{train,val}/<wnid>/*.JPEG and
                              noisy_imagenette.csv (one image grey, as some real ones are)
  msd_brats_archive(path)     Task01_BrainTumour.tar: dataset.json, imagesTr/ (4-D NIfTI-1 .nii.gz,
                              FLAIR, T1w, T1gd, T2w), labelsTr/ (3-D), imagesTs/, a macOS ._ file
  visdrone_zips(dir)          VisDrone2019-DET-{train,val}.zip: <split>/images/*.jpg and
                              <split>/annotations/*.txt (8 integers a line, ignored regions,
                              category 11 and score-0 lines included)

numpy, PIL and the standard library only (no nibabel: the NIfTI writer is the one of
tests/tools/indep_brats_prep.py).
"""

import gzip
import io
import json
import os
import struct
import tarfile
import zipfile

import numpy as np
from PIL import Image

FASHION_MNIST = "/usr/share/datasets/fashion-mnist"


# ------------------------------------------------------------------------------------------------
# Fashion-MNIST (IDX, gzip)

def _read_idx_gz(path):
    with gzip.open(path, "rb") as f:
        data = f.read()
    magic = struct.unpack(">i", data[:4])[0]
    dims = magic & 0xFF
    shape = struct.unpack(">" + "i" * dims, data[4:4 + 4 * dims])
    return np.frombuffer(data, np.uint8, offset=4 + 4 * dims).reshape(shape)


def _write_idx_gz(path, arr):
    magic = 0x800 | arr.ndim  # unsigned byte
    header = struct.pack(">i", magic) + struct.pack(">" + "i" * arr.ndim, *arr.shape)
    with gzip.open(path, "wb", compresslevel=6) as f:
        f.write(header + np.ascontiguousarray(arr, np.uint8).tobytes())


def fashion_mnist(dst, n_train=256, n_test=128, seed=1):
    os.makedirs(dst, exist_ok=True)
    rng = np.random.default_rng(seed)
    for split, n in (("train", n_train), ("t10k", n_test)):
        images_path = os.path.join(FASHION_MNIST, split + "-images-idx3-ubyte.gz")
        labels_path = os.path.join(FASHION_MNIST, split + "-labels-idx1-ubyte.gz")
        if os.path.exists(images_path) and os.path.exists(labels_path):
            images = _read_idx_gz(images_path)[:n]
            labels = _read_idx_gz(labels_path)[:n]
        else:  # a class-dependent blob, learnable
            labels = (np.arange(n) % 10).astype(np.uint8)
            rng.shuffle(labels)
            yy, xx = np.mgrid[0:28, 0:28]
            images = np.zeros((n, 28, 28), np.uint8)
            for i, c in enumerate(labels):
                cy, cx = 6 + 2 * (c % 5), 6 + 4 * (c // 5)
                blob = np.exp(-((yy - cy) ** 2 + (xx - cx) ** 2) / 18.0)
                images[i] = np.clip(blob * 230 + rng.normal(0, 12, (28, 28)), 0, 255)
        _write_idx_gz(os.path.join(dst, split + "-images-idx3-ubyte.gz"), images)
        _write_idx_gz(os.path.join(dst, split + "-labels-idx1-ubyte.gz"), labels)


# ------------------------------------------------------------------------------------------------
# Archives

def _add_bytes(tar, name, data):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o644
    info.mtime = 1_600_000_000
    tar.addfile(info, io.BytesIO(data))


def _add_dir(tar, name):
    info = tarfile.TarInfo(name)
    info.type = tarfile.DIRTYPE
    info.mode = 0o755
    info.mtime = 1_600_000_000
    tar.addfile(info)


def _jpeg_bytes(pixels, quality=90):
    out = io.BytesIO()
    mode = "L" if pixels.ndim == 2 else "RGB"
    Image.fromarray(pixels, mode).save(out, "JPEG", quality=quality)
    return out.getvalue()


def _picture(rng, width, height, tint, grey=False):
    """Smooth gradients with a few flat rectangles and noise; `tint` shifts the colours."""
    y = np.linspace(0.0, 1.0, height)[:, None]
    x = np.linspace(0.0, 1.0, width)[None, :]
    planes = []
    for c in range(3):
        a, b = rng.uniform(1, 4, size=2)
        planes.append(128 + 60 * np.sin(a * 6.28 * x + tint + c) * np.cos(b * 6.28 * y)
                      + 30 * (x - y) + 20 * np.cos(tint * (c + 1)))
    arr = np.stack(planes, -1)
    for _ in range(6):
        x0, y0 = int(rng.integers(0, width - 8)), int(rng.integers(0, height - 8))
        arr[y0:y0 + int(rng.integers(4, 24)), x0:x0 + int(rng.integers(4, 24))] = \
            rng.uniform(0, 255, 3)
    arr = np.clip(arr + rng.normal(0, 5, arr.shape), 0, 255).astype(np.uint8)
    return arr.mean(axis=2).astype(np.uint8) if grey else arr


def cifar10_archive(path, per_batch=32, n_test=64, seed=2):
    """The binary version: records of 1 label byte + 1024 R, 1024 G, 1024 B bytes."""
    rng = np.random.default_rng(seed)

    def batch(n):
        labels = rng.integers(0, 10, n).astype(np.uint8)
        images = rng.integers(0, 256, (n, 3, 32, 32)).astype(np.uint8)
        images[:, 0] = np.clip(images[:, 0] // 2 + labels[:, None, None] * 12, 0, 255)
        return np.concatenate([labels[:, None], images.reshape(n, -1)], axis=1).tobytes()

    names = "airplane automobile bird cat deer dog frog horse ship truck".split()
    with tarfile.open(path, "w:gz") as tar:
        _add_dir(tar, "cifar-10-batches-bin")
        _add_bytes(tar, "cifar-10-batches-bin/batches.meta.txt",
                   ("\n".join(names) + "\n\n").encode())
        for i in range(1, 6):
            _add_bytes(tar, "cifar-10-batches-bin/data_batch_%d.bin" % i, batch(per_batch))
        _add_bytes(tar, "cifar-10-batches-bin/test_batch.bin", batch(n_test))
        _add_bytes(tar, "cifar-10-batches-bin/readme.html", b"<html>synthetic</html>\n")


IMAGENETTE_WNIDS = ["n01440764", "n02102040", "n02979186", "n03000684", "n03028079",
                    "n03394916", "n03417042", "n03425413", "n03445777", "n03888605"]


def imagenette_archive(path, n_train=2, n_val=1, seed=3):
    """imagenette2-320: JPEGs whose shorter side is 320, of varying aspect."""
    rng = np.random.default_rng(seed)
    root = "imagenette2-320"
    csv = ["path,noisy_labels_0,noisy_labels_1,noisy_labels_5,noisy_labels_25,"
           "noisy_labels_50,is_valid"]
    with tarfile.open(path, "w:gz") as tar:
        _add_dir(tar, root)
        for split, n in (("train", n_train), ("val", n_val)):
            _add_dir(tar, "%s/%s" % (root, split))
            for k, wnid in enumerate(IMAGENETTE_WNIDS):
                _add_dir(tar, "%s/%s/%s" % (root, split, wnid))
                for i in range(n):
                    w, h = [(426, 320), (320, 480), (480, 320)][(k + i) % 3]
                    grey = split == "train" and k == 3 and i == 0
                    name = "%s/%s/%s_%d.JPEG" % (split, wnid, wnid[1:], 100 + 7 * i + k)
                    _add_bytes(tar, "%s/%s" % (root, name),
                               _jpeg_bytes(_picture(rng, w, h, 0.6 * k, grey)))
                    csv.append(",".join([name] + [wnid] * 5 + [str(split == "val")]))
        _add_bytes(tar, root + "/noisy_imagenette.csv", ("\n".join(csv) + "\n").encode())


# ------------------------------------------------------------------------------------------------
# MSD Task01_BrainTumour (NIfTI-1, gzip)

def _nifti_gz(arr, datatype, bitpix, dtype):
    """arr indexed [x, y, z(, t)], stored x fastest; 348-byte header + 4 extension bytes."""
    hdr = bytearray(348)
    struct.pack_into("<i", hdr, 0, 348)
    dims = [arr.ndim] + list(arr.shape) + [1] * (7 - arr.ndim)
    struct.pack_into("<8h", hdr, 40, *dims)
    struct.pack_into("<h", hdr, 70, datatype)
    struct.pack_into("<h", hdr, 72, bitpix)
    struct.pack_into("<8f", hdr, 76, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0)
    struct.pack_into("<f", hdr, 108, 352.0)
    struct.pack_into("<B", hdr, 123, 10)
    hdr[344:348] = b"n+1\0"
    data = np.asarray(arr).astype(dtype).ravel(order="F").tobytes()
    return gzip.compress(bytes(hdr) + b"\0\0\0\0" + data, compresslevel=1)


def _brats_case(rng, X, Y, Z, tumour_slices):
    xs = (np.arange(X) - (X - 1) / 2.0)[:, None, None]
    ys = (np.arange(Y) - (Y - 1) / 2.0)[None, :, None]
    zs = (np.arange(Z) - (Z - 1) / 2.0)[None, None, :]
    brain = (xs / (0.42 * X)) ** 2 + (ys / (0.45 * Y)) ** 2 + (zs / (0.75 * Z + 0.5)) ** 2 <= 1
    image = np.zeros((X, Y, Z, 4), np.float32)
    label = np.zeros((X, Y, Z), np.uint8)
    gx, gy = np.arange(X)[:, None], np.arange(Y)[None, :]
    cx, cy = X * rng.uniform(0.4, 0.6), Y * rng.uniform(0.4, 0.6)
    for z in tumour_slices:
        d2 = (gx - cx) ** 2 + (gy - cy) ** 2
        r = rng.uniform(6, 12)
        plane = np.zeros((X, Y), np.uint8)
        plane[d2 <= r * r] = 1  # edema around a core around an enhancing centre
        plane[d2 <= (0.6 * r) ** 2] = 2
        plane[d2 <= (0.3 * r) ** 2] = 3
        label[:, :, z] = plane
    for m in range(4):
        base = 300.0 + 150.0 * m
        vol = np.maximum(rng.normal(base, 0.08 * base, (X, Y, Z)), 1.0)
        vol += 120.0 * (label == (m % 3) + 1)  # each modality shows a region brighter
        vol[~brain] = 0.0
        image[..., m] = vol
    return image, label


def msd_brats_archive(path, n_cases=5, side=96, depth=12, seed=4):
    """Cases BRATS_001... of side x side x depth voxels (real ones: 240 x 240 x 155), float32
    images and uint8 labels in MSD numbering (1 edema, 2 non-enhancing core, 3 enhancing)."""
    rng = np.random.default_rng(seed)
    root = "Task01_BrainTumour"
    entries = []
    with tarfile.open(path, "w") as tar:
        for d in ("", "/imagesTr", "/labelsTr", "/imagesTs"):
            _add_dir(tar, root + d)
        for i in range(1, n_cases + 1):
            name = "BRATS_%03d.nii.gz" % i
            image, label = _brats_case(rng, side, side, depth, range(4, 8))
            _add_bytes(tar, "%s/imagesTr/%s" % (root, name), _nifti_gz(image, 16, 32, "<f4"))
            _add_bytes(tar, "%s/labelsTr/%s" % (root, name), _nifti_gz(label, 2, 8, "<u1"))
            entries.append({"image": "./imagesTr/" + name, "label": "./labelsTr/" + name})
        test_image, _ = _brats_case(rng, side, side, depth, [])
        _add_bytes(tar, root + "/imagesTs/BRATS_485.nii.gz", _nifti_gz(test_image, 16, 32, "<f4"))
        _add_bytes(tar, root + "/imagesTr/._BRATS_001.nii.gz", b"\0\x05\x16\x07macOS resource")
        meta = {"name": "BRATS", "description": "Gliomas segmentation tumour and oedema in on "
                "brain images", "tensorImageSize": "4D",
                "modality": {"0": "FLAIR", "1": "T1w", "2": "t1gd", "3": "T2w"},
                "labels": {"0": "background", "1": "edema", "2": "non-enhancing tumor",
                           "3": "enhancing tumour"},
                "numTraining": n_cases, "numTest": 1, "training": entries,
                "test": ["./imagesTs/BRATS_485.nii.gz"]}
        _add_bytes(tar, root + "/dataset.json", json.dumps(meta, indent=4).encode())


# ------------------------------------------------------------------------------------------------
# VisDrone2019-DET

def _visdrone_split(rng, zf, folder, n_images, first_id):
    zf.writestr(folder + "/", b"")
    zf.writestr(folder + "/images/", b"")
    zf.writestr(folder + "/annotations/", b"")
    for i in range(n_images):
        stem = "%07d_%05d_d_%07d" % (first_id + i, 100 + i, 1 + i)
        W, H = (320, 180) if i % 2 == 0 else (288, 216)
        pixels = _picture(rng, W, H, 0.3 * i)
        lines = []
        for _ in range(int(rng.integers(4, 14))):
            w, h = int(rng.integers(6, 60)), int(rng.integers(6, 50))
            left, top = int(rng.integers(0, W - w)), int(rng.integers(0, H - h))
            cat = int(rng.integers(1, 11))
            pixels[top:top + h, left:left + w] = (25 * cat, 255 - 20 * cat, 90)
            lines.append("%d,%d,%d,%d,1,%d,%d,%d" % (left, top, w, h, cat,
                                                     int(rng.integers(0, 2)),
                                                     int(rng.integers(0, 3))))
        lines.append("0,0,%d,%d,0,0,0,0" % (W // 4, H // 4))  # an ignored region
        lines.append("%d,%d,12,9,0,11,0,0" % (W // 2, H // 2))  # "others"
        zf.writestr("%s/images/%s.jpg" % (folder, stem), _jpeg_bytes(pixels, 88))
        zf.writestr("%s/annotations/%s.txt" % (folder, stem), "\n".join(lines) + "\n")


def visdrone_zips(dst, n_train=16, n_val=4, seed=5):
    rng = np.random.default_rng(seed)
    for split, n, first in (("train", n_train, 1), ("val", n_val, 500)):
        name = "VisDrone2019-DET-" + split
        with zipfile.ZipFile(os.path.join(dst, name + ".zip"), "w", zipfile.ZIP_STORED) as zf:
            _visdrone_split(rng, zf, name, n, first)


def all_downloads(downloads, fashion_dir):
    """Everything the guide's skipped download commands would have fetched."""
    os.makedirs(downloads, exist_ok=True)
    fashion_mnist(fashion_dir)
    cifar10_archive(os.path.join(downloads, "cifar-10-binary.tar.gz"))
    imagenette_archive(os.path.join(downloads, "imagenette2-320.tgz"))
    msd_brats_archive(os.path.join(downloads, "Task01_BrainTumour.tar"))
    visdrone_zips(downloads)

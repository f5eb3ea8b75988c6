#!/usr/bin/env python3
"""Writes Fashion-MNIST (Debian package dataset-fashion-mnist) as libsvm text, the form most users
have: one line per image, `label j:x ...` with 1-based pixel indices, x = pixel / 255, zeros left out.

usage: fashion-mnist-to-libsvm.py OUT_DIR [IDX_DIR]
writes OUT_DIR/fashion-mnist-train.svm and OUT_DIR/fashion-mnist-test.svm
"""
import gzip
import os
import struct
import sys


def read_idx(path):
    with gzip.open(path, "rb") as f:
        data = f.read()
    magic = struct.unpack(">I", data[:4])[0]
    dims = magic & 0xFF
    shape = struct.unpack(">" + "I" * dims, data[4:4 + 4 * dims])
    return shape, data[4 + 4 * dims:]


def write(images, labels, out):
    (n, rows, cols), pixels = read_idx(images)
    (m,), classes = read_idx(labels)
    if n != m:
        sys.exit(f"{images} has {n} images, {labels} {m} labels")
    d = rows * cols
    with open(out, "w") as f:
        for i in range(n):
            row = pixels[i * d:(i + 1) * d]
            feats = " ".join(f"{j + 1}:{v / 255:.6g}" for j, v in enumerate(row) if v)
            f.write(f"{classes[i]} {feats}\n")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    src = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/datasets/fashion-mnist"
    os.makedirs(out, exist_ok=True)
    for part, prefix in (("train", "train"), ("test", "t10k")):
        write(os.path.join(src, f"{prefix}-images-idx3-ubyte.gz"), os.path.join(src, f"{prefix}-labels-idx1-ubyte.gz"),
              os.path.join(out, f"fashion-mnist-{part}.svm"))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes a seeded, overlapping 5-class set in libsvm format: 20 features, each class a unit
Gaussian around its own mean (means drawn once, N(0, 1.2^2) per coordinate), 5% of the labels
replaced by a random class. Usage: calibration-data.py OUT_DIR (writes gen5-train.svm, 4000
rows, and gen5-test.svm, 2000 rows)."""
import random
import sys

K, D, NOISE = 5, 20, 0.05
rnd = random.Random(20261202)
means = [[rnd.gauss(0, 1.2) for _ in range(D)] for _ in range(K)]


def write(path, n):
    with open(path, "w") as f:
        for _ in range(n):
            c = rnd.randrange(K)
            x = [m + rnd.gauss(0, 1) for m in means[c]]
            label = rnd.randrange(K) if rnd.random() < NOISE else c
            f.write(str(label + 1) + " " + " ".join("%d:%.4f" % (j + 1, v) for j, v in enumerate(x)) + "\n")


out = sys.argv[1]
write(out + "/gen5-train.svm", 4000)
write(out + "/gen5-test.svm", 2000)
